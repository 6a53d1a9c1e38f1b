"""Tressette's card tables and pure rule functions: trick order, raw points, Buongioco, rounding.

Kept apart from the state class so the AI seats and the tests can use the same tables without a
state.  Everything works on Italian card indices (``card.index``: suit * 10 + rank, ranks
``1 2 3 4 5 6 7 F C R``, suits ``D C S B``) and on int bitmasks of them.

Rule decisions (RULES.md, "Tressette"):

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

from .cards import ITALIAN, Card

__all__ = [
    "COMBO_RANKS",
    "FOUR_BATONS",
    "NAPOLI_MASK",
    "RANK_MASK",
    "RAW",
    "STRENGTH",
    "SUIT",
    "SUIT_MASK",
    "buongioco_combos",
    "deal_points",
    "deck_indices",
    "raw_of",
    "trick_winner",
]

#: Strength within a suit per card index; higher wins.  Order low to high: 4 5 6 7 F C R 1 2 3.
_LOW_TO_HIGH = ("4", "5", "6", "7", "F", "C", "R", "1", "2", "3")
STRENGTH = [_LOW_TO_HIGH.index(ITALIAN.ranks[i % 10]) for i in range(40)]
#: Raw points (thirds of a point) per card index.
RAW = [
    {"1": 3, "2": 1, "3": 1, "F": 1, "C": 1, "R": 1}.get(ITALIAN.ranks[i % 10], 0)
    for i in range(40)
]
SUIT = [i // 10 for i in range(40)]
SUIT_MASK = [((1 << 10) - 1) << (10 * s) for s in range(4)]
#: Masks of the four cards of rank index r (0 = Ace, 1 = 2, 2 = 3).
RANK_MASK = [sum(1 << (10 * s + r) for s in range(4)) for r in range(10)]
#: Ace, 2 and 3 of suit s.
NAPOLI_MASK = [0b111 << (10 * s) for s in range(4)]
#: The rank indices whose three or four of a kind make a Buongioco: Ace, 2, 3.
COMBO_RANKS = (0, 1, 2)
FOUR_BATONS = ITALIAN.card("4", "B").index

_RANK_WORDS = {0: "aces", 1: "2s", 2: "3s"}


def deck_indices(players: int) -> list[int]:
    """The card indices of the ``players``-player deck: 40 cards, or 39 without 4B in 3."""
    return [i for i in range(40) if not (players == 3 and i == FOUR_BATONS)]


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


def buongioco_combos(mask: int) -> tuple[tuple[str, int, int], ...]:
    """The Buongioco combinations held in ``mask``: (name, cards mask, points) each.

    Four of a rank counts once at 4 (not also as three); a card may serve in a rank combination
    and in a Napoli at the same time.
    """
    out: list[tuple[str, int, int]] = []
    for r in COMBO_RANKS:
        held = mask & RANK_MASK[r]
        n = held.bit_count()
        if n == 4:
            out.append((f"four {_RANK_WORDS[r]}", held, 4))
        elif n == 3:
            out.append((f"three {_RANK_WORDS[r]}", held, 3))
    for s in range(4):
        if mask & NAPOLI_MASK[s] == NAPOLI_MASK[s]:
            out.append((f"Napoli of {ITALIAN.suit_names[s]}", NAPOLI_MASK[s], 3))
    return tuple(out)


def deal_points(raw: int, last_trick_whole: bool = False) -> int:
    """A side's rounded deal score from its raw points (thirds), before Buongioco.

    Default: nearest integer (raw 20 -> 6.67 -> 7, raw 13 -> 4.33 -> 4; thirds never fall on a
    half).  House rule ``last_trick_whole``: the raw already holds the last trick as 3 and the
    fraction is dropped.
    """
    return raw // 3 if last_trick_whole else (raw + 1) // 3
