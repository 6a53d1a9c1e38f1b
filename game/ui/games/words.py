"""Cards and suits in plain words, named as they are drawn in the deck on screen, in the
player's language.

The engine names cards in its notation ("9S", "CC"); a player looks at pictures.  These helpers
say a card or a suit the way the chosen deck shows it ("the 9 of spades", "the Cavallo of
cups", "diamonds" for Italian coins shown in French cards), through the skins, and in the
player's language: "il fante di spade", "le valet de pique".  Each rank has its words with and
without the article ("the ace" / "ace": Italian and French choose the article by the word,
"l'asso", "il 7"), and each suit its words alone and after "of" ("of swords": French elides,
"d'épées"), so no grammar is pieced together here.  Refusals and banners are built from the
engine's reason codes and typed parts with them; no engine sentence is ever parsed.

Game words keep their Italian names in every language: the Italian figures Fante, Cavallo and
Re (a translator keeps them, with the language's article).
"""

from __future__ import annotations

from collections.abc import Sequence

from game import skins
from game.engine import GAMES
from game.engine.cards import FRENCH, ITALIAN, Card, Deck, parse_card
from game.i18n import N_, _

_DECKS: dict[str, Deck] = {"french": FRENCH, "italian": ITALIAN}
"""The engine decks a game is written in, by name."""

#: a rank alone, by the deck's English rank name (digits are said as digits)
_RANK: dict[str, str] = {
    "ace": N_("ace"),
    "jack": N_("jack"),
    "queen": N_("queen"),
    "king": N_("king"),
    "Fante": N_("Fante"),
    "Cavallo": N_("Cavallo"),
    "Re": N_("Re"),
}
#: a rank with its definite article ("the ace": "l'asso", "l'as")
_RANK_THE: dict[str, str] = {
    "ace": N_("the ace"),
    "1": N_("the 1"),
    "2": N_("the 2"),
    "3": N_("the 3"),
    "4": N_("the 4"),
    "5": N_("the 5"),
    "6": N_("the 6"),
    "7": N_("the 7"),
    "8": N_("the 8"),
    "9": N_("the 9"),
    "10": N_("the 10"),
    "jack": N_("the jack"),
    "queen": N_("the queen"),
    "king": N_("the king"),
    "Fante": N_("the Fante"),
    "Cavallo": N_("the Cavallo"),
    "Re": N_("the Re"),
}
#: several cards of a rank ("three aces": "tre assi")
_RANKS: dict[str, str] = {
    "ace": N_("aces"),
    "1": N_("1s"),
    "2": N_("2s"),
    "3": N_("3s"),
    "4": N_("4s"),
    "5": N_("5s"),
    "6": N_("6s"),
    "7": N_("7s"),
    "8": N_("8s"),
    "9": N_("9s"),
    "10": N_("10s"),
    "jack": N_("jacks"),
    "queen": N_("queens"),
    "king": N_("kings"),
    "Fante": N_("Fanti"),
    "Cavallo": N_("Cavalli"),
    "Re": N_("Re"),  # the same word in the plural
}
#: the deck's English suit names (the engine's), in the order of the message tables below
_SUIT_NAMES = (*FRENCH.suit_names, *ITALIAN.suit_names)
#: a suit named alone ("must follow hearts"), by the deck's English suit name
_SUIT: dict[str, str] = dict(
    zip(
        _SUIT_NAMES,
        (
            N_("spades"),
            N_("hearts"),
            N_("diamonds"),
            N_("clubs"),
            N_("coins"),
            N_("cups"),
            N_("swords"),
            N_("batons"),
        ),
        strict=True,
    )
)
#: a suit after a card's rank ("the 7 of swords": "il 7 di spade", "le 7 d'épées")
_OF_SUIT: dict[str, str] = dict(
    zip(
        _SUIT_NAMES,
        (
            N_("of spades"),
            N_("of hearts"),
            N_("of diamonds"),
            N_("of clubs"),
            N_("of coins"),
            N_("of cups"),
            N_("of swords"),
            N_("of batons"),
        ),
        strict=True,
    )
)


#: a seat kind as a name plate and a seat name say it ("West · rules")
KIND_WORDS: dict[str, str] = {
    "human": N_("human"),
    "rules": N_("rules"),
    "random": N_("random"),
    "search": N_("search"),
    "solver": N_("solver"),
    "easy": N_("easy"),
    "normal": N_("normal"),
    "strong": N_("strong"),
}


def _say(table: dict[str, str], word: str) -> str:
    message = table.get(word)
    return _(message) if message is not None else word


def suit_ace(game: str, suit: str) -> Card:
    """The ace of ``game``'s native suit: its picture stands for the suit (buttons, the HUD)."""
    d = _DECKS[skins.NATIVE_DECK[game]]
    return d.card(d.ranks[0], suit)


def _suit_english(game: str, suit: str, deck: str) -> str:
    """The deck's English name of ``game``'s native suit letter as drawn in ``deck``."""
    ace = suit_ace(game, suit)
    try:
        folder, stem = skins.face_image(game, ace, deck)
    except ValueError:
        folder, stem = ace.deck.name, str(ace)
    return skins.suits_of(folder).suit_name(stem[-1])


def suit_label(game: str, suit: str, deck: str) -> str:
    """The display name of ``game``'s native suit letter in ``deck`` ("coppe", "cœur")."""
    return _say(_SUIT, _suit_english(game, suit, deck))


def _shown(game: str, card: Card | str, deck: str) -> tuple[str, str] | None:
    """(English rank name, English suit name) of the card as drawn in ``deck``: a game shown in
    the other deck names a number card by the number printed on its picture (Capodama's ace of
    hearts is the 1 of coins in Italian cards), as :func:`game.skins.card_label` does."""
    try:
        folder, stem = skins.face_image(game, card, deck)
    except ValueError:
        return None
    d = skins.suits_of(folder)
    shown = parse_card(stem, d.name)
    native = skins.NATIVE_DECK[game]
    rank = shown.rank if d.name != native and shown.rank.isdigit() else d.rank_name(shown.rank)
    return rank, d.suit_name(shown.suit)


def card_words(game: str, card: Card | str, deck: str) -> str:
    """'9 of spades', 'Cavallo of coins', 'fante di spade': a card as drawn in ``deck``,
    without an article (its code if it has no picture there)."""
    shown = _shown(game, card, deck)
    if shown is None:
        return str(card)
    rank, suit = shown
    return _("{rank} {of_suit}").format(rank=_say(_RANK, rank), of_suit=_say(_OF_SUIT, suit))


def card_the(game: str, card: Card | str, deck: str) -> str:
    """'the 9 of spades', 'il fante di spade', 'l'as de cœur': the card with its article."""
    shown = _shown(game, card, deck)
    if shown is None:
        return str(card)
    rank, suit = shown
    return _("{the_rank} {of_suit}").format(
        the_rank=_say(_RANK_THE, rank), of_suit=_say(_OF_SUIT, suit)
    )


def rank_plural(game: str, card: Card, deck: str) -> str:
    """Several cards of ``card``'s rank, as drawn in ``deck`` ('aces', 'Fanti', 'assi')."""
    shown = _shown(game, card, deck)
    return _say(_RANKS, shown[0]) if shown is not None else str(card)


def join_words(items: Sequence[str]) -> str:
    """'a, b and c' in the player's language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def either_words(items: Sequence[str]) -> str:
    """'a or b' in the player's language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case (a sentence that starts with a part)."""
    return text[:1].upper() + text[1:]


#: each deck as a sentence names it (the regional decks keep their Italian names in English)
_DECK_NAME: dict[str, str] = {
    "french": N_("French cards"),
    "italian": N_("Neapolitan cards"),
    "piacentine": N_("Piacentine cards"),
    "siciliane": N_("Siciliane cards"),
    "trevigiane": N_("Trevigiane cards"),
}


def deck_name(deck: str) -> str:
    """'French cards', 'carte napoletane': a deck as a sentence names it."""
    return _say(_DECK_NAME, deck)


def deck_title(deck: str) -> str:
    """'French cards', 'Carte italiane': a deck as a menu or a message names it."""
    return capitalized(deck_name(deck))


def deck_refusal(game: str, players: int, deck: str) -> str | None:
    """None if ``deck`` can show every card of ``game`` with ``players`` players, else why not,
    in the player's language (the skins say whether; the engine counts the cards)."""
    if skins.can_show(game, players, deck) is None:
        return None
    count = len(GAMES[game].cards_for(players))
    return _("{players}-player {game} needs {count} cards and cannot be shown in {deck}").format(
        players=players, game=_(GAMES[game].title), count=count, deck=deck_name(deck)
    )
