"""The typed data of Tressette's events, one dataclass per kind (the class is the kind), for the
UI and the tests.

Kinds: :class:`Dealt`, :class:`Declared`, :class:`Played`, :class:`TrickWon`,
:class:`TressetteScored` and :class:`~game.engine.base.MatchOver`.  Per-side tuples follow
``sides`` (side of seat s: ``s % 2`` in 4 players, ``s`` in 3); raw points are thirds of a
point.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import base
from .base import DealScored, Payload
from .cards import Card
from .tressette_tables import Combo

__all__ = ["Dealt", "Declared", "Played", "TressetteScored", "TrickWon"]


@dataclass(frozen=True, slots=True)
class Dealt(base.Dealt):
    """A deal was dealt: the event's cards go one by one to the seats in ``to``."""

    dealer: int
    leader: int


@dataclass(frozen=True, slots=True)
class Declared(Payload):
    """The event's seat declared Buongioco: its combinations, their points, in which trick."""

    combos: tuple[Combo, ...]
    points: int
    side: int
    trick_no: int


@dataclass(frozen=True, slots=True)
class Played(base.Played):
    """The event's seat played the event's card into trick ``trick_no``."""

    trick_no: int


@dataclass(frozen=True, slots=True)
class TrickWon(base.Trick):
    """The event's seat won a trick: who played (in order), the winning card, its raw points."""

    seats: tuple[int, ...]
    winning_card: Card
    raw: int
    side: int
    trick_no: int
    last: bool


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
