"""Cattura's 32 cards as tables, and its scoring.

Cattura plays the French cards A(1) to 8 of the four suits.  Cards keep their French deck index
(``suit * 13 + rank``) so hands and capture piles are int bitmasks like every other game of the
engine; the tables below give each index its face value (A = 1 ... 8 = 8) and its suit.

Scoring (the rules): the face values of the captured cards, plus per suit 2 cards +2, 3 cards +3,
4 cards +5, plus +4 for exactly 4 cards of 4 different suits.  DECISION (the rules): the suit
bonuses add up over the suits, so two pairs give 2 + 2.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import FRENCH, Card, ordered_cards

__all__ = [
    "CARDS",
    "DECK_MASK",
    "FOUR_SUITS_BONUS",
    "HAND_SIZE",
    "REPETITIONS",
    "SUIT_BONUS",
    "SUIT_MASK",
    "VALUE",
    "VALUE_MASK",
    "WIN_CAPTURES",
    "ScoreBreakdown",
    "card",
    "score_breakdown",
    "score_cards",
    "score_mask",
    "sorted_cards",
]

#: Cards dealt to each hand, and the captured cards that end the match at once.
HAND_SIZE = 5
WIN_CAPTURES = 4
#: The times one position may come about before the match ends there (DECISION, see
#: :mod:`.cattura`: suit swaps could otherwise go back and forth for ever).
REPETITIONS = 3

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


#: the order a player fans Cattura cards in: by value, then suit
_FAN_KEY = [VALUE[i] * 64 + i for i in range(52)]


#: Cards of a mask by value then suit, the way a player fans them (each mask's tuple kept).
sorted_cards = ordered_cards(_CARD, _FAN_KEY.__getitem__, "cattura cards")


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """A score split into its parts, for the deal summary.

    ``suit_bonus`` lists ``(suit letter, bonus)`` for each suit that earns one, in deck order.
    """

    faces: int
    suit_bonus: tuple[tuple[str, int], ...]
    four_suits: int

    @property
    def suits_total(self) -> int:
        """The suit bonuses added up."""
        return sum(b for _s, b in self.suit_bonus)

    @property
    def total(self) -> int:
        return self.faces + self.suits_total + self.four_suits


#: per suit: the 13-bit offset of its cards in a mask, whose low 8 bits are its A to 8
_SHIFTS = (0, 13, 26, 39)
#: per 8-bit suit pattern (bit r: the card of value r + 1): its cards' face values summed, and
#: the same plus the suit bonus of that many cards (for the patterns of at most 4 cards, the
#: most a pile holds: a pattern of more fails as loudly as ``SUIT_BONUS`` would)
_FACES8 = [sum(r + 1 for r in range(8) if b >> r & 1) for b in range(256)]
_SUIT_SCORE8 = {
    b: _FACES8[b] + SUIT_BONUS[b.bit_count()] for b in range(256) if b.bit_count() < len(SUIT_BONUS)
}


def _faces(mask: int) -> int:
    return sum(_FACES8[mask >> shift & 255] for shift in _SHIFTS)


def _four_suits(mask: int, suits: int) -> int:
    return FOUR_SUITS_BONUS if suits == 4 and mask.bit_count() == 4 else 0


def score_mask(mask: int) -> int:
    """The score of a set of captured cards given as a bitmask of card indices."""
    total = suits = 0
    for shift in _SHIFTS:  # a plain loop over table lookups: the rule seat scores every move
        b = mask >> shift & 255
        if b:
            suits += 1
            total += _SUIT_SCORE8[b]
    return total + _four_suits(mask, suits)


def score_cards(cards: Iterable[Card | int]) -> int:
    """The score of captured ``cards`` (Cards or indices)."""
    mask = 0
    for c in cards:
        mask |= 1 << (int(c) & 63)
    return score_mask(mask)


def score_breakdown(mask: int) -> ScoreBreakdown:
    """The parts of :func:`score_mask`: faces, per-suit bonuses, the four-suit bonus."""
    bonus = []
    present = 0
    for s, shift in enumerate(_SHIFTS):
        n = (mask >> shift & 255).bit_count()
        if n:
            present += 1
            if SUIT_BONUS[n]:
                bonus.append((FRENCH.suits[s], SUIT_BONUS[n]))
    return ScoreBreakdown(_faces(mask), tuple(bonus), _four_suits(mask, present))
