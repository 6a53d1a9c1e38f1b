"""Briscola's card tables and pure rule functions: card points, order in a suit, who takes a
trick, the sides, the deck of each player count and the deal's result.

Everything works on Italian card indices (``card.index``: suit * 10 + rank, ranks
``1 2 3 4 5 6 7 F C R``, suits ``D C S B``) and on int bitmasks of them, so the AI seats and
the tests share the engine's tables without a state (assets/rules/briscola.txt):

- Card points: Ace 11, 3 10, Re 4, Cavallo 3, Fante 2, the others nothing: 120 in the deck.
- Order in a suit, high to low: 1 3 R C F 7 6 5 4 2.
- A trick goes to the highest trump played, else to the highest card of the suit led.
- Three players play 39 cards: the 2 of coins is set aside (the rules' DECISION).
- Two players or two sides: 61 or more wins the deal, 60 each is a draw; three players: the
  unique highest total wins it (a tie at the top: nobody).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ITALIAN
from .tricks import SUIT, SUIT_MASK, side_of, sides_of, suit_then_strength
from .tricks import deck_indices as _deck_indices
from .tricks import deck_mask as _deck_mask

__all__ = [
    "DEAL_POINTS",
    "HAND_SIZE",
    "POINTS",
    "SET_ASIDE",
    "STRENGTH",
    "SUIT",
    "SUIT_MASK",
    "WIN_POINTS",
    "deal_winner",
    "deck_indices",
    "deck_mask",
    "hand_order",
    "side_of",
    "sides_of",
    "trick_winner",
]

#: Cards in a hand: three dealt, and one drawn after each trick while the stock lasts.
HAND_SIZE = 3
#: The card points of a whole deck: every deal shares them.
DEAL_POINTS = 120
#: The card points that win a deal of two players or two sides (more than half).
WIN_POINTS = 61

#: Order within a suit, low to high.
_LOW_TO_HIGH = ("2", "4", "5", "6", "7", "F", "C", "R", "3", "1")
#: Strength within a suit per card index; higher wins.
STRENGTH = [_LOW_TO_HIGH.index(ITALIAN.ranks[i % 10]) for i in range(40)]
#: Card points per card index.
POINTS = [
    {"1": 11, "3": 10, "R": 4, "C": 3, "F": 2}.get(ITALIAN.ranks[i % 10], 0) for i in range(40)
]
#: The card left out of the deck in three players: the 2 of coins.
SET_ASIDE = ITALIAN.card("2", "D").index


def deck_indices(players: int) -> list[int]:
    """The card indices a match of ``players`` deals: 40, or 39 without the 2 of coins in 3."""
    return _deck_indices(players, SET_ASIDE)


def deck_mask(players: int) -> int:
    """The ``players``-player deck as a mask of card indices."""
    return _deck_mask(players, SET_ASIDE)


def trick_winner(cards: Sequence[int], trump_suit: int) -> int:
    """The position in ``cards`` (card indices in play order) of the card that takes the trick:
    the highest trump, else the highest card of the suit led."""
    led = SUIT[cards[0]]
    best, best_key = 0, -1
    for k, c in enumerate(cards):
        suit = SUIT[c]
        if suit == trump_suit:
            key = 20 + STRENGTH[c]
        elif suit == led:
            key = STRENGTH[c]
        else:
            continue
        if key > best_key:
            best, best_key = k, key
    return best


def deal_winner(points: Sequence[int]) -> int | None:
    """The side that wins a deal with these card ``points`` per side, or None (a draw, or a
    tie at the top of three): two sides need :data:`WIN_POINTS`; three, the unique best."""
    if len(points) == 2:
        return next((k for k, p in enumerate(points) if p >= WIN_POINTS), None)
    top = max(points)
    best = [k for k, p in enumerate(points) if p == top]
    return best[0] if len(best) == 1 else None


#: How a hand is sorted: by suit, strongest first.
hand_order = suit_then_strength(STRENGTH)
