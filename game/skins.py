"""The one place that maps a game's native card to its picture in any deck.

Each game plays one native deck (the rules): French or Italian suits.  Every other deck is a
display skin, a fixed one-to-one mapping, so the player may switch decks mid-deal and no rule
changes.  The UI asks :func:`face_image` for every card it shows and :func:`can_show` before
offering a deck.  The native deck and the cards a game deals come from the engine's registry,
and the rank each card is shown as in the other suits from the game's catalogue entry
(``other_ranks``), so nothing here restates a rule or names a game: a deck can show a game when
every card it deals has a picture in that deck.  The Italian-suited decks (the Neapolitan,
Tavolo's "italian", and the regional Piacentine, Siciliane and Trevigiane) draw the same forty
cards under the same names, so each shows exactly the games the others do (:data:`SUITS_OF`).
This is display knowledge, not drawing code: the running app imports it, while ``game.tools.art``
(Pillow) stays a build-time tool.
"""

from __future__ import annotations

from game.catalog import CATALOG
from game.engine import GAMES
from game.engine.cards import FRENCH, ITALIAN, Card, Deck, parse_card

__all__ = [
    "BACKS",
    "DECKS",
    "FOUR_COLOUR",
    "NATIVE_DECK",
    "REGIONAL",
    "SUITS_OF",
    "can_show",
    "card_label",
    "face_image",
    "native_card",
    "next_deck",
    "shown_folder",
    "suits_of",
]

REGIONAL = ("piacentine", "siciliane", "trevigiane")
"""The regional Italian-suited decks, drawn in their regions' manner (game/tools/art/regional)."""
DECKS = ("french", "italian", *REGIONAL)
"""Every deck a game may be shown in, in the order D cycles through them."""
SUITS_OF = {"french": "french", "italian": "italian", **dict.fromkeys(REGIONAL, "italian")}
"""The engine deck whose cards each deck draws: its suits, ranks and names."""
BACKS = ("red", "blue")
"""Card back designs in assets/cards/backs/, the first being the default."""
FOUR_COLOUR = {"french": "french4"}
"""The folder of a deck's four-colour pictures (spades black, hearts red, diamonds blue, clubs
green), shown instead of its own when the player asks for four colours.  Italian cards have no
such folder: their four suits already differ in shape and colour."""

NATIVE_DECK = {name: info.deck.name for name, info in GAMES.items()}
"""Each game's own deck, as the engine registers it."""

# French suit -> Italian suit, for the games played with French cards.
_FR_TO_IT_SUIT = {"H": "D", "D": "C", "C": "B", "S": "S"}
# Italian suit -> French suit, for the games played with Italian cards.
_IT_TO_FR_SUIT = {"D": "D", "C": "H", "S": "S", "B": "C"}

_DECK_OBJ: dict[str, Deck] = {"french": FRENCH, "italian": ITALIAN}


def _native(game: str) -> str:
    try:
        return NATIVE_DECK[game.lower()]
    except KeyError:
        known = ", ".join(sorted(NATIVE_DECK))
        raise ValueError(f"unknown game {game!r}: the games are {known}") from None


def _deck(deck: str) -> str:
    d = deck.lower()
    if d not in DECKS:
        raise ValueError(f"unknown deck {deck!r}: the decks are {', '.join(map(repr, DECKS))}")
    return d


def suits_of(deck: str) -> Deck:
    """The engine deck ``deck`` draws (FRENCH or ITALIAN): its suit and rank names."""
    return _DECK_OBJ[SUITS_OF[_deck(deck)]]


def native_card(game: str, card: Card | str) -> Card:
    """``card`` as a card of ``game``'s native deck (text is parsed in that deck's notation)."""
    return parse_card(card if isinstance(card, str) else str(card), _native(game))


def face_image(game: str, card: Card | str, deck: str) -> tuple[str, str]:
    """``(deck_folder, image_stem)`` of the picture of ``game``'s ``card`` in ``deck``.

    The file is ``assets/cards/<deck_folder>/<image_stem>.png``.  A ``ValueError`` says why when
    the card has no picture in that deck (6-player Capodama's 4s and 3s in Italian cards).
    """
    game, deck = game.lower(), _deck(deck)
    native = _native(game)
    c = native_card(game, card)
    if SUITS_OF[deck] == native:
        return deck, str(c)
    ranks = CATALOG[game].other_ranks
    if c.rank not in ranks:
        raise ValueError(
            f"{c} of {game} has no picture in {deck} cards: "
            f"{game} in {SUITS_OF[deck]}-suited cards uses only {' '.join(ranks)}"
        )
    suits = _FR_TO_IT_SUIT if native == "french" else _IT_TO_FR_SUIT
    return deck, ranks[c.rank] + suits[c.suit]


def shown_folder(folder: str, four_colour: bool) -> str:
    """The folder a picture of ``folder`` is drawn from: its four-colour twin if asked and the
    deck has one (the same file names, only the suits' inks differ)."""
    return FOUR_COLOUR.get(folder, folder) if four_colour else folder


def can_show(game: str, players: int, deck: str) -> str | None:
    """None if every card of this game and player count can be shown in ``deck``, else why not."""
    game, deck = game.lower(), _deck(deck)
    _native(game)
    info = GAMES[game]
    cards = info.cards_for(players)
    missing = [c for c in cards if not _has_face(game, c, deck)]
    if missing:
        return (
            f"{players}-player {info.title} needs {len(cards)} cards and cannot be shown "
            f"in {deck.capitalize()} cards"
        )
    return None


def next_deck(game: str | None, players: int, deck: str) -> str:
    """The deck after ``deck`` in :data:`DECKS` (round to the first) that can show ``game`` with
    ``players`` players: D's next deck (any next one where no game is on the table)."""
    current = DECKS.index(_deck(deck))
    for step in range(1, len(DECKS) + 1):
        candidate = DECKS[(current + step) % len(DECKS)]
        if game is None or can_show(game, players, candidate) is None:
            return candidate
    return deck


def _has_face(game: str, card: Card, deck: str) -> bool:
    try:
        face_image(game, card, deck)
    except ValueError:
        return False
    return True


def card_label(game: str, card: Card | str, deck: str) -> str:
    """Plain words for the card as displayed: 'Cavallo of coins', 'queen of hearts'.

    A game shown in the other deck names a number card by the number printed on its picture:
    Capodama's ace of hearts is the 1 of coins in Italian cards (A→1), so no French "ace"
    shows beside an Italian picture.  A game in its own deck keeps the deck's words (Scopa's
    ace of coins, as Tressette's "three aces" say it).
    """
    folder, stem = face_image(game, card, deck)
    d = suits_of(folder)
    shown = parse_card(stem, d.name)
    if d.name != _native(game) and shown.rank.isdigit():
        return f"{shown.rank} of {d.suit_name(shown.suit)}"
    return d.describe(shown)
