"""The typed data of Briscola's events, one dataclass per kind (the class is the kind), for the
UI and the tests.

Kinds: :class:`Dealt` (the hands, and the trump card turned), :class:`Drew` (the cards drawn
after a trick), :class:`Played`, :class:`TrickWon`, :class:`BriscolaScored` and
:class:`~game.engine.base.MatchOver`.  Per-side tuples follow ``sides`` (side of seat s:
``s % 2`` in 4 players, ``s`` in 2 and 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import base
from .base import DealScored, Payload
from .cards import Card

__all__ = ["BriscolaScored", "Dealt", "Drew", "Played", "TrickWon"]


@dataclass(frozen=True, slots=True)
class Dealt(base.Dealt):
    """A deal was dealt: the event's cards go one by one to the seats in ``to`` (each seen by
    its receiver only); then ``trump`` is turned face up under the stock of ``stock`` cards
    (the trump card counted)."""

    dealer: int
    leader: int
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
class Played(base.Played):
    """The event's seat played the event's card into trick ``trick_no``."""

    trick_no: int


@dataclass(frozen=True, slots=True)
class TrickWon(base.Trick):
    """The event's seat won a trick: who played (in order), the winning card, its card points."""

    seats: tuple[int, ...]
    winning_card: Card
    points: int
    side: int
    trick_no: int
    last: bool


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
