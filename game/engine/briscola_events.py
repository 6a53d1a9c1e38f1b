"""The typed data of Briscola's events, one dataclass per kind (the class is the kind), for the
UI and the tests.

Kinds: :class:`Dealt` (the hands, and the trump card turned), :class:`Drew` (the cards drawn
after a trick), :class:`Played`, :class:`TrickWon`, :class:`BriscolaScored` and
:class:`~game.engine.base.MatchOver`.  Per-side tuples follow ``sides`` (side of seat s:
``s % 2`` in 4 players, ``s`` in 2 and 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import DealScored, Payload
from .cards import Card
from .tricks import SideTrick, TrickDealt, TrickPlayed

__all__ = ["BriscolaScored", "Dealt", "Drew", "Played", "TrickWon"]


@dataclass(frozen=True, slots=True)
class Dealt(TrickDealt):
    """A deal was dealt: the event's cards go one by one to the seats in ``to`` (each seen by
    its receiver only); then ``trump`` is turned face up under the stock of ``stock`` cards
    (the trump card counted)."""

    trump: Card
    stock: int


@dataclass(frozen=True, slots=True)
class Drew(Payload):
    """After a trick, each seat of ``to`` drew the event's card of the same place from the
    stock, the trick's winner first; ``left`` cards remain (the trump card counted).  Each
    card is seen by its drawer only, but the trump card, which lay face up."""

    to: tuple[int, ...]
    left: int


@dataclass(frozen=True, slots=True)
class Played(TrickPlayed):
    """The event's seat played the event's card into trick ``trick_no``."""


@dataclass(frozen=True, slots=True)
class TrickWon(SideTrick):
    """The event's seat won a trick (see :class:`.tricks.SideTrick`) and its card ``points``."""

    points: int

    @property
    def worth(self) -> int:
        return self.points


@dataclass(frozen=True, slots=True)
class BriscolaScored(DealScored):
    """A deal scored: each side's card points, the side that won the deal (None: a draw, or a
    tie at the top of three) and the deals each side has won in the match.

    ``results[seat]`` says the same per seat: ``won``, its side's card ``points`` and
    ``awards`` (1 for a deal won: the match counts won deals).
    """

    sides: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    winner_side: int | None
    deals_won: tuple[int, ...]
    deals_to_win: int
