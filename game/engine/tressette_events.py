"""The typed data of Tressette's events, one dataclass per kind (the class is the kind), for the
UI and the tests.

Kinds: :class:`Dealt`, :class:`Declared`, :class:`Played`, :class:`TrickWon`,
:class:`TressetteScored` and :class:`~game.engine.base.MatchOver`.  Per-side tuples follow
``sides`` (side of seat s: ``s % 2`` in 4 players, ``s`` in 3); raw points are thirds of a
point.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import DealScored, Payload
from .tressette_tables import Combo
from .tricks import SideTrick, TrickDealt, TrickPlayed

__all__ = ["Dealt", "Declared", "Played", "TressetteScored", "TrickWon"]


@dataclass(frozen=True, slots=True)
class Dealt(TrickDealt):
    """A deal was dealt: the event's cards go one by one to the seats in ``to``."""


@dataclass(frozen=True, slots=True)
class Declared(Payload):
    """The event's seat declared Buongioco: its combinations, their points, in which trick."""

    combos: tuple[Combo, ...]
    points: int
    side: int
    trick_no: int


@dataclass(frozen=True, slots=True)
class Played(TrickPlayed):
    """The event's seat played the event's card into trick ``trick_no``."""


@dataclass(frozen=True, slots=True)
class TrickWon(SideTrick):
    """The event's seat won a trick (see :class:`.tricks.SideTrick`) and its cards' ``raw``
    points (thirds)."""

    raw: int

    @property
    def worth(self) -> int:
        return self.raw


@dataclass(frozen=True, slots=True)
class TressetteScored(DealScored):
    """A deal scored, per side: raw taken (last trick included), rounded, Buongioco, deal points.

    ``winner_side`` is the side with the unique best deal score (None on a tie: nobody wins the
    deal); ``results[seat].won`` says the same per seat, and ``points`` and ``awards`` are the
    seat's side's deal points (all of them go to the match score).
    """

    sides: tuple[tuple[int, ...], ...]
    raw: tuple[int, ...]
    last_trick: int
    last_trick_raw: int
    rounded: tuple[int, ...]
    buongioco: tuple[int, ...]
    points: tuple[int, ...]
    winner_side: int | None
    totals: tuple[int, ...]
    deals_won: tuple[int, ...]
