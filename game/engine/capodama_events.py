"""The typed data of Capodama's events, one frozen dataclass per kind: the class is the kind.

A deal logs :class:`Dealt` (with :class:`Capo`), then the announcements (:class:`Doubled`,
:class:`FourthTrump`), the exchange (:class:`PassChosen` per seat, :class:`Passed` per card,
:class:`Exchanged`), the play (:class:`~game.engine.base.Played`, :class:`Partner`,
:class:`TrickTaken`) and :class:`CapodamaScored`.  Kinds whose seat and cards say everything
have no fields.  The UI and the AI read these fields, never a dictionary.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import base
from .base import DealScored, Payload

__all__ = [
    "Capo",
    "CapodamaScored",
    "Dealt",
    "Doubled",
    "Exchanged",
    "FourthTrump",
    "Partner",
    "PassChosen",
    "Passed",
    "TrickTaken",
]


@dataclass(frozen=True, slots=True)
class Dealt(base.Dealt):
    """Cards dealt one by one: ``to`` is each card's receiver; ``half`` 2 is the set-aside half
    of the 1- and 2-player game (the same deal goes on)."""

    half: int

    @property
    def starts_deal(self) -> bool:
        return self.half == 1


@dataclass(frozen=True, slots=True)
class Capo(Payload):
    """The event's seat holds the event's card, AH: it is the capo of this deal."""


@dataclass(frozen=True, slots=True)
class Doubled(Payload):
    """The capo named the doubled suit (a suit letter: D, C or S)."""

    suit: str


@dataclass(frozen=True, slots=True)
class FourthTrump(Payload):
    """The capo named the event's card the 4th trump (3 players)."""


@dataclass(frozen=True, slots=True)
class PassChosen(Payload):
    """The event's seat has chosen the cards it passes (which ones stays secret)."""


@dataclass(frozen=True, slots=True)
class Passed(Payload):
    """One card of the exchange went from the event's seat to seat ``to``."""

    to: int


@dataclass(frozen=True, slots=True)
class Exchanged(Payload):
    """Every pass is made; the capo (the event's seat) leads the play."""


@dataclass(frozen=True, slots=True)
class Partner(Payload):
    """The event's seat played the event's card (QH, or KH with six): the capo's partner."""


@dataclass(frozen=True, slots=True)
class TrickTaken(base.Trick):
    """The event's seat won the trick (its cards, in play order) and its card ``points``."""

    points: int


@dataclass(frozen=True, slots=True)
class CapodamaScored(DealScored):
    """A Capodama deal scored, as the rules judge it.

    Per seat (``results``): won = its side won the deal (solitaire: the capo's points fell in
    the window; both hands alike), points = its side's card points, awards = its match points.
    For the summary: ``capo``, the settled capo side ``team``, its card ``points`` of ``total``,
    what it needed (``threshold``; the solitaire's ``window`` instead), whether it won
    (``capo_won``), took everything (``grand_slam``) or nothing (``shutout``), and each seat's
    own card points (``points_by_seat``).
    """

    capo: int
    team: tuple[int, ...]
    points: int
    total: int
    threshold: int
    window: tuple[int, int] | None
    capo_won: bool
    grand_slam: bool
    shutout: bool
    points_by_seat: tuple[int, ...]
