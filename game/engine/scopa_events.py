"""What Scopa's events carry: one typed payload per kind of event in the log.

The UI animates from these and the search seats score rollouts from :class:`ScopaScored`, so
each payload says what happened in the engine's own terms (seats, sides, cards) and nobody above
the engine re-derives it.  Sides are numbered as in :func:`game.engine.scopa.sides_for`.
Payloads are immutable; :data:`CAPTURED` holds every possible ``captured`` payload, built once,
so the hot path of a random deal allocates none.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import base
from .base import DealScored, MatchOver, Payload
from .cards import Card
from .scopa_moves import CARD
from .scopa_scoring import DealFigures

__all__ = [
    "CAPTURED",
    "Captured",
    "Dealt",
    "Leftovers",
    "Redeal",
    "ScopaOver",
    "ScopaScored",
    "Sweep",
    "TableDealt",
]


@dataclass(frozen=True, slots=True)
class Dealt(base.Dealt):
    """``dealt``: a hand of 3 to everyone; the event's k-th card goes to seat ``to[k]``.

    ``deck_left`` counts the cards still face down once these are dealt (at a deal's first
    hand it still includes the four table cards about to be dealt).
    """

    hand_no: int
    deck_left: int


@dataclass(frozen=True, slots=True)
class TableDealt(Payload):
    """``table_dealt``: the four cards face up on the table at the start of a deal."""

    deal_no: int


@dataclass(frozen=True, slots=True)
class Redeal(Payload):
    """``redeal``: ``kings`` Re (3 or 4) on the first table; the same dealer deals again."""

    kings: int
    deal_no: int


@dataclass(frozen=True, slots=True)
class Captured(Payload):
    """``captured``: the event's cards were taken by ``card`` for ``side``; ``scopa`` when the
    capture swept the table and counts as a scopa."""

    card: Card
    side: int
    scopa: bool


#: Every ``captured`` payload, by ``card index * 6 + side * 2 + scopa`` (at most three sides).
CAPTURED: tuple[Captured, ...] = tuple(
    Captured(CARD[i], side, scopa)
    for i in range(40)
    for side in range(3)
    for scopa in (False, True)
)


@dataclass(frozen=True, slots=True)
class Sweep(Payload):
    """``scopa``: ``side`` swept the table; ``count`` is its scope in this deal so far."""

    side: int
    count: int


@dataclass(frozen=True, slots=True)
class Leftovers(Payload):
    """``leftovers``: the cards left on the table at the end go to ``side``, the side of the
    last capture (None: nobody captured in the whole deal, so they count for no side)."""

    side: int | None


@dataclass(frozen=True, slots=True)
class ScopaScored(DealScored):
    """``deal_scored``: the per-seat results and match scores of :class:`DealScored`, plus the
    deal's figures per side.

    A seat's result is its side's: ``won`` when its side has the most deal points alone (a tie
    at the top wins for nobody), ``points`` and ``awards`` both the side's deal points (they are
    the match points gained).  ``side_scores`` are the match scores per side after the deal;
    ``settebello_seat`` is the seat that captured the 7 of coins (None if it came with the
    leftovers or nobody took it).
    """

    dealer: int
    sides: tuple[tuple[int, ...], ...]
    side_scores: tuple[int, ...]
    figures: DealFigures
    settebello_seat: int | None


@dataclass(frozen=True, slots=True)
class ScopaOver(MatchOver):
    """``match_over``: ``side`` won, by reaching the target ("target") or by "cappotto"."""

    side: int
    reason: str
