"""Scopa deal points: most cards, most coins, the settebello, primiera, and the scope.

The rules: each of the four "deck points" goes only to a *unique* best side (a tie gives it to
nobody); every scopa adds one more.  Primiera is the sum over the four suits of the best card a
side captured in each suit, on the scale 7 21, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, F/C/R 10.
The seed's reading: a suit a side did not capture adds 0.  The house rule
(``primiera_all_suits``): a side missing a suit cannot win the primiera at all, and the point
goes to the unique best among the sides that have all four suits (nobody if none has).

Everything here works on int bitmasks of Italian card indices (suit * 10 + rank), so scoring a
deal is a handful of table look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "COINS_MASK",
    "PRIMIERA_POINTS",
    "SETTEBELLO",
    "SUIT_MASKS",
    "Awards",
    "DealFigures",
    "HouseAward",
    "HouseFigures",
    "deal_points",
    "primiera",
    "settebello_side",
    "unique_best",
]

#: Primiera value by rank symbol.
PRIMIERA_POINTS = {
    "7": 21,
    "6": 18,
    "1": 16,
    "5": 15,
    "4": 14,
    "3": 13,
    "2": 12,
    "F": 10,
    "C": 10,
    "R": 10,
}
_RANKS = ("1", "2", "3", "4", "5", "6", "7", "F", "C", "R")
_PRIM_BY_RANK = tuple(PRIMIERA_POINTS[r] for r in _RANKS)

SUIT_MASKS = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
COINS_MASK = SUIT_MASKS[0]
SETTEBELLO = 6  # index of 7D: coins are suit 0, the 7 is rank index 6

#: Best primiera value among the cards of one suit, by the suit's 10-bit rank mask (0 if none).
_BEST = [0] * 1024
for _m in range(1, 1024):
    _BEST[_m] = max(_PRIM_BY_RANK[r] for r in range(10) if _m >> r & 1)


def primiera(mask: int) -> tuple[int, bool]:
    """The primiera of a pile (a bitmask) and whether it holds all four suits."""
    best = _BEST
    d, c, s, b = (
        best[mask & 1023],
        best[mask >> 10 & 1023],
        best[mask >> 20 & 1023],
        best[mask >> 30 & 1023],
    )
    return d + c + s + b, bool(d and c and s and b)


def unique_best(values: Sequence[int], eligible: Sequence[bool] | None = None) -> int | None:
    """The index of the single highest value, or None on a tie (or when nobody is eligible)."""
    best = None
    top = -1
    tied = False
    for i, v in enumerate(values):
        if eligible is not None and not eligible[i]:
            continue
        if v > top:
            top, best, tied = v, i, False
        elif v == top:
            tied = True
    return None if tied else best


@dataclass(frozen=True, slots=True)
class Awards:
    """The side that won each deck point: None for a tie (or, for the primiera under the house
    rule, when no side may win it)."""

    cards: int | None
    coins: int | None
    settebello: int | None
    primiera: int | None

    def sides(self) -> tuple[int | None, ...]:
        return (self.cards, self.coins, self.settebello, self.primiera)


@dataclass(frozen=True, slots=True)
class DealFigures:
    """A deal's figures, one value per side: what was taken, the awards and the deal points.

    ``primiera`` is each side's primiera value and ``primiera_complete`` whether its pile holds
    all four suits; ``points`` are the deal points (one per award won, plus one per scopa).
    """

    cards: tuple[int, ...]
    coins: tuple[int, ...]
    primiera: tuple[int, ...]
    primiera_complete: tuple[bool, ...]
    scope: tuple[int, ...]
    awards: Awards
    points: tuple[int, ...]

    @property
    def house(self) -> tuple[HouseAward, ...]:
        """The house-rule awards (see :class:`HouseFigures`): none without house scoring."""
        return ()


@dataclass(frozen=True, slots=True)
class HouseAward:
    """A house rule's award in a deal: the rule (its option's name, "re_bello" or "napola"),
    the side that won it (None: nobody) and the deal points it gave that side."""

    rule: str
    side: int | None
    points: int


@dataclass(frozen=True, slots=True)
class HouseFigures(DealFigures):
    """A deal's figures under house scoring rules: ``awarded`` lists one award per such rule
    in force, each a line of its own (its points are in ``points``).  A subclass, so a deal
    scored without house rules keeps the figures (and the records) it always had."""

    awarded: tuple[HouseAward, ...]

    @property
    def house(self) -> tuple[HouseAward, ...]:
        return self.awarded


def settebello_side(captured: Sequence[int]) -> int | None:
    """The side whose pile holds the settebello (7D), or None."""
    return next((i for i, m in enumerate(captured) if m >> SETTEBELLO & 1), None)


def deal_points(
    captured: Sequence[int],
    scope: Sequence[int],
    all_suits: bool,
    house: Sequence[HouseAward] = (),
) -> DealFigures:
    """Score one deal from the sides' captured piles (bitmasks) and scope counts, plus the
    ``house`` rules' awards (see :func:`.scopa_house.house_awards`)."""
    cards = tuple([m.bit_count() for m in captured])
    coins = tuple([(m & COINS_MASK).bit_count() for m in captured])
    prim = [primiera(m) for m in captured]
    prim_values = tuple([p for p, _ in prim])
    complete = tuple([c for _, c in prim])
    awards = Awards(
        cards=unique_best(cards),
        coins=unique_best(coins),
        settebello=settebello_side(captured),
        primiera=unique_best(prim_values, complete if all_suits else None),
    )
    points = list(scope)
    for side in awards.sides():
        if side is not None:
            points[side] += 1
    if not house:
        return DealFigures(cards, coins, prim_values, complete, tuple(scope), awards, tuple(points))
    for award in house:
        if award.side is not None:
            points[award.side] += award.points
    return HouseFigures(
        cards, coins, prim_values, complete, tuple(scope), awards, tuple(points), tuple(house)
    )
