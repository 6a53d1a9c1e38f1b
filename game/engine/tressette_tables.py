"""Tressette's card tables and pure rule functions: trick order, raw points, Buongioco, rounding.

Kept apart from the state class so the AI seats and the tests can use the same tables without a
state.  Everything works on Italian card indices (``card.index``: suit * 10 + rank, ranks
``1 2 3 4 5 6 7 F C R``, suits ``D C S B``) and on int bitmasks of them.

Rule decisions (assets/rules/tressette.txt):

- Order within a suit, high to low: 3 2 1 R C F 7 6 5 4 (the seed's trailing "2" is a typo).
- Raw points are counted in thirds of a point: Ace 3; 3, 2, Re, Cavallo, Fante 1; 7 to 4 nothing;
  the last trick 1, so a deal always holds 33 raw.  A side's score is its raw divided by 3
  rounded to the nearest integer (thirds never tie at one half).  The house rule
  ``last_trick_whole`` makes the last trick 3 raw (a whole point, 35 raw in all) and drops the
  fractions instead, so two sides still share exactly 11.
- Buongioco combinations: three of Aces, of 2s or of 3s score 3; all four of such a rank 4 (not
  3 + 4); a Napoli (1, 2 and 3 of one suit) 3; all of them add up and a card may serve in several.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import ITALIAN, Card, cards_of
from .tricks import SUIT, SUIT_MASK, side_of, sides_of, suit_then_strength
from .tricks import deck_indices as _deck_indices
from .tricks import deck_mask as _deck_mask

__all__ = [
    "COMBO_RANKS",
    "DEALS_TO_WIN",
    "DECLARE_TRICKS",
    "FOUR_BATONS",
    "HAND_SIZE",
    "NAPOLI_MASK",
    "RANK_MASK",
    "RAW",
    "STRENGTH",
    "SUIT",
    "SUIT_MASK",
    "TARGET",
    "THIRDS",
    "Combo",
    "buongioco_combos",
    "deal_points",
    "deck_indices",
    "deck_mask",
    "hand_order",
    "has_buongioco",
    "raw_of",
    "side_of",
    "sides_of",
    "trick_winner",
    "whole_and_thirds",
]

#: Strength within a suit per card index; higher wins.  Order low to high: 4 5 6 7 F C R 1 2 3.
_LOW_TO_HIGH = ("4", "5", "6", "7", "F", "C", "R", "1", "2", "3")
STRENGTH = [_LOW_TO_HIGH.index(ITALIAN.ranks[i % 10]) for i in range(40)]
#: Raw points (thirds of a point) per card index.
RAW = [
    {"1": 3, "2": 1, "3": 1, "F": 1, "C": 1, "R": 1}.get(ITALIAN.ranks[i % 10], 0)
    for i in range(40)
]
#: Masks of the four cards of rank index r (0 = Ace, 1 = 2, 2 = 3).
RANK_MASK = [sum(1 << (10 * s + r) for s in range(4)) for r in range(10)]
#: Ace, 2 and 3 of suit s.
NAPOLI_MASK = [0b111 << (10 * s) for s in range(4)]
#: The rank indices whose three or four of a kind make a Buongioco: Ace, 2, 3.
COMBO_RANKS = (0, 1, 2)
FOUR_BATONS = ITALIAN.card("4", "B").index
#: Cards per hand by player count (10 of 40 in 4, 13 of 39 in 3).
HAND_SIZE = {3: 13, 4: 10}
#: Match end (the rules): the first side with 31 cumulative points or 3 won deals.
TARGET = 31
DEALS_TO_WIN = 3
#: Buongioco may be declared in the first this many tricks of a deal (the rules: trick 1 or 2).
DECLARE_TRICKS = 2
#: Raw points per point: the cards count in thirds of a point.
THIRDS = 3


@dataclass(frozen=True, slots=True)
class Combo:
    """One Buongioco combination: its cards and points, and what it is made of.

    ``suit`` is the suit letter of a Napoli (Ace, 2 and 3 of that suit); otherwise the combination
    is three or four cards of one rank (the rank of its cards).  The UI names it from these parts
    in the deck on screen; :attr:`name` is the English name for logs and tests.
    """

    cards: tuple[Card, ...]
    points: int
    suit: str | None = None

    @property
    def mask(self) -> int:
        m = 0
        for c in self.cards:
            m |= c.bit
        return m

    @property
    def name(self) -> str:
        """'three aces', 'four 3s', 'Napoli of cups'."""
        if self.suit is not None:
            return f"Napoli of {ITALIAN.suit_name(self.suit)}"
        count = "four" if len(self.cards) == 4 else "three"
        return f"{count} {ITALIAN.rank_name(self.cards[0].rank)}s"


def deck_indices(players: int) -> list[int]:
    """The card indices of the ``players``-player deck: 40 cards, or 39 without 4B in 3."""
    return _deck_indices(players, FOUR_BATONS)


def deck_mask(players: int) -> int:
    """The ``players``-player deck as a mask of card indices."""
    return _deck_mask(players, FOUR_BATONS)


#: Where a card goes in a hand as a player holds it: by suit, strongest first.
hand_order = suit_then_strength(STRENGTH)


def raw_of(mask: int) -> int:
    """Raw points (thirds) of the cards in ``mask``, without the last-trick point."""
    total = 0
    while mask:
        low = mask & -mask
        total += RAW[low.bit_length() - 1]
        mask ^= low
    return total


def trick_winner(cards: Sequence[Card | int]) -> int:
    """Position in ``cards`` (play order) of the winner: the strongest card of the led suit."""
    idx = [int(c) & 63 for c in cards]
    led = SUIT[idx[0]]
    best = 0
    for k in range(1, len(idx)):
        if SUIT[idx[k]] == led and STRENGTH[idx[k]] > STRENGTH[idx[best]]:
            best = k
    return best


def buongioco_combos(mask: int) -> tuple[Combo, ...]:
    """The Buongioco combinations held in ``mask``, ranks (Ace, 2, 3) first, then Napoli by suit.

    Four of a rank counts once at 4 (not also as three); a card may serve in a rank combination
    and in a Napoli at the same time.
    """
    out: list[Combo] = []
    for r in COMBO_RANKS:
        held = mask & RANK_MASK[r]
        n = held.bit_count()
        if n >= 3:
            out.append(Combo(tuple(cards_of(held, ITALIAN)), n))  # three score 3, four 4
    for s, suit in enumerate(ITALIAN.suits):
        if mask & NAPOLI_MASK[s] == NAPOLI_MASK[s]:
            out.append(Combo(tuple(cards_of(NAPOLI_MASK[s], ITALIAN)), 3, suit))
    return tuple(out)


#: The masks of the ranks that combine (aces, 2s, 3s), for :func:`has_buongioco`'s loop.
_COMBO_RANK_MASKS = tuple(RANK_MASK[r] for r in COMBO_RANKS)
#: The ace of each suit: where a Napoli (1, 2 and 3 of a suit, see ``NAPOLI_MASK``) starts.
_SUIT_ACES = sum(1 << (10 * s) for s in range(4))


def has_buongioco(mask: int) -> bool:
    """Whether ``mask`` holds any Buongioco combination (cheaper than listing them; plain
    loops, as every move of trick 1 and 2 asks)."""
    for held in _COMBO_RANK_MASKS:
        if (mask & held).bit_count() >= 3:
            return True
    # a Napoli: the ace of a suit (bit 10s) whose 2 and 3 (bits 10s+1, 10s+2) are held too
    return bool(mask & mask >> 1 & mask >> 2 & _SUIT_ACES)


def deal_points(raw: int, last_trick_whole: bool = False) -> int:
    """A side's rounded deal score from its raw points (thirds), before Buongioco.

    Default: nearest integer (raw 20 -> 6.67 -> 7, raw 13 -> 4.33 -> 4; thirds never fall on a
    half).  House rule ``last_trick_whole``: the raw already holds the last trick as 3 and the
    fraction is dropped.
    """
    return raw // THIRDS if last_trick_whole else (raw + 1) // THIRDS


def whole_and_thirds(raw: int) -> tuple[int, int]:
    """Raw points as the whole points and the thirds left over: 20 -> (6, 2), 3 -> (1, 0)."""
    return divmod(raw, THIRDS)
