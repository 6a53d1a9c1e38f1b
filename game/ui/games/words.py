"""Cards and suits in plain words, named as they are drawn in the deck on screen.

The engine names cards in its notation ("9S", "CC"); a player looks at pictures.  These helpers
say a card or a suit the way the chosen deck shows it ("the 9 of spades", "the Cavallo of
cups", "diamonds" for Italian coins shown in French cards), through the skins.  Refusals and
banners are built from the engine's reason codes and typed parts with them; no engine sentence
is ever parsed.
"""

from __future__ import annotations

from collections.abc import Sequence

from game import skins
from game.engine.cards import FRENCH, ITALIAN, Card, Deck

_DECKS: dict[str, Deck] = {"french": FRENCH, "italian": ITALIAN}


def suit_ace(game: str, suit: str) -> Card:
    """The ace of ``game``'s native suit: its picture stands for the suit (buttons, the HUD)."""
    d = _DECKS[skins.NATIVE_DECK[game]]
    return d.card(d.ranks[0], suit)


def suit_label(game: str, suit: str, deck: str) -> str:
    """The display name of ``game``'s native suit letter in ``deck`` (via the skin of its ace)."""
    ace = suit_ace(game, suit)
    try:
        folder, stem = skins.face_image(game, ace, deck)
    except ValueError:
        folder, stem = ace.deck.name, str(ace)
    return _DECKS[folder].suit_name(stem[-1])


def card_words(game: str, card: Card | str, deck: str) -> str:
    """'9 of spades', 'Cavallo of coins': a card as drawn in ``deck`` (its code if it has none)."""
    try:
        return skins.card_label(game, card, deck)
    except ValueError:
        return str(card)


def join_words(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
