"""Cattura's 32 cards as tables, and its scoring.

Cattura plays the French cards A(1) to 8 of the four suits.  Cards keep their French deck index
(``suit * 13 + rank``) so hands and capture piles are int bitmasks like every other game of the
engine; the tables below give each index its face value (A = 1 ... 8 = 8) and its suit.

Scoring (RULES.md): the face values of the captured cards, plus per suit 2 cards +2, 3 cards +3,
4 cards +5, plus +4 for exactly 4 cards of 4 different suits.  DECISION (RULES.md): the suit
bonuses add up over the suits, so two pairs give 2 + 2.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import FRENCH, Card

__all__ = [
    "CARDS",
    "DECK_MASK",
    "SUIT_BONUS",
    "SUIT_MASK",
    "VALUE",
    "VALUE_MASK",
    "card",
    "score_breakdown",
    "score_cards",
    "score_mask",
]

#: The 32 card indices of the Cattura deck, in deck order (spades, hearts, diamonds, clubs).
CARDS: tuple[int, ...] = tuple(s * 13 + r for s in range(4) for r in range(8))
DECK_MASK = sum(1 << i for i in CARDS)

#: Face value per French card index (0 for the ranks Cattura does not use).
VALUE = [0] * 52
for _i in CARDS:
    VALUE[_i] = _i % 13 + 1

#: The cards of each value 1..8 (index 0 unused).
VALUE_MASK = [0] * 9
for _i in CARDS:
    VALUE_MASK[VALUE[_i]] |= 1 << _i

#: The Cattura cards of each suit index (S, H, D, C).
SUIT_MASK = [sum(1 << (s * 13 + r) for r in range(8)) for s in range(4)]

#: Bonus for holding n captured cards of one suit.
SUIT_BONUS = (0, 0, 2, 3, 5)
FOUR_SUITS_BONUS = 4

_CARD = [FRENCH.by_index(i) for i in range(52)]


def card(index: int) -> Card:
    """The Card of a French deck index."""
    return _CARD[index]


def score_mask(mask: int) -> int:
    """The score of a set of captured cards given as a bitmask of card indices."""
    total = 0
    suits = 0
    m = mask
    while m:
        low = m & -m
        total += VALUE[low.bit_length() - 1]
        m ^= low
    for s in range(4):
        n = (mask & SUIT_MASK[s]).bit_count()
        if n:
            suits += 1
            total += SUIT_BONUS[n]
    if suits == 4 and mask.bit_count() == 4:
        total += FOUR_SUITS_BONUS
    return total


def score_cards(cards: Iterable[Card | int]) -> int:
    """The score of captured ``cards`` (Cards or indices)."""
    mask = 0
    for c in cards:
        mask |= 1 << (int(c) & 63)
    return score_mask(mask)


def score_breakdown(mask: int) -> dict[str, int | dict[str, int]]:
    """A score split into its parts, for the deal summary: faces, per-suit bonus, four suits."""
    faces = 0
    m = mask
    while m:
        low = m & -m
        faces += VALUE[low.bit_length() - 1]
        m ^= low
    suits = {}
    present = 0
    for s in range(4):
        n = (mask & SUIT_MASK[s]).bit_count()
        present += n > 0
        if SUIT_BONUS[n]:
            suits[FRENCH.suits[s]] = SUIT_BONUS[n]
    four = FOUR_SUITS_BONUS if present == 4 and mask.bit_count() == 4 else 0
    return {
        "faces": faces,
        "suit_bonus": suits,
        "four_suits": four,
        "total": faces + sum(suits.values()) + four,
    }
