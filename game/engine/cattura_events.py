"""The typed data of Cattura's events, one dataclass per kind (``Event.data``: the class is the
kind).

Kinds, in the order a match logs them: :class:`Dealt` (the cards seen only by their receiver),
:class:`Turned` (the first battlefield card) or, for a mid-deal position built from an explicit
deal, :class:`Position`; then per turn :class:`Sent` and :class:`Drew` (seen by the drawer
only), :class:`Captured` or :class:`Passed`; :class:`FinalRound` when a hand empties; at the
end :class:`CatturaScored` and :class:`CatturaOver`.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import base
from .base import DealScored, MatchOver, Payload
from .cards import Card, mask_of
from .cattura_cards import ScoreBreakdown, score_breakdown

__all__ = [
    "Captured",
    "CatturaOver",
    "CatturaScored",
    "Dealt",
    "Drew",
    "FinalRound",
    "Passed",
    "Position",
    "Sent",
    "Turned",
]


@dataclass(frozen=True, slots=True)
class Dealt(base.Dealt):
    """The hands were dealt: ``to`` is the seat of each card, ``deck`` the draw deck's size.

    ``position``: the cards are the hands of a mid-deal position (a "position" event follows
    with the rest of the table) rather than a deal one card at a time.
    """

    deck: int
    position: bool = False


@dataclass(frozen=True, slots=True)
class Turned(Payload):
    """The deck's top card was turned to start the battlefield; ``deck`` cards remain."""

    deck: int


@dataclass(frozen=True, slots=True)
class Position(Payload):
    """A mid-deal table (the event's cards are the battlefield, bottom to top)."""

    captured: tuple[tuple[Card, ...], ...]
    deck: int
    turn: int
    final_turns: int


@dataclass(frozen=True, slots=True)
class Sent(Payload):
    """The seat put its card on the battlefield, ``onto`` the former top card."""

    onto: Card


@dataclass(frozen=True, slots=True)
class Drew(Payload):
    """The seat drew the deck's top card after sending; ``deck`` cards remain."""

    deck: int


@dataclass(frozen=True, slots=True)
class Captured(Payload):
    """The seat captured ``target`` with ``used`` (put on the battlefield in order, last on top).

    ``from_captured`` tells, per used card, whether it came from the seat's own captured cards
    (else its hand); ``captured`` and ``score`` are the seat's count and score after it.
    """

    target: Card
    used: tuple[Card, ...]
    from_captured: tuple[bool, ...]
    captured: int
    score: int


@dataclass(frozen=True, slots=True)
class Passed(Payload):
    """The seat had an empty hand and no capture, so it passed."""


@dataclass(frozen=True, slots=True)
class FinalRound(Payload):
    """The seat emptied its hand: ``seats`` take one last turn each, in that order."""

    turns: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CatturaScored(DealScored):
    """The match (one deal) is scored.

    ``reason``: "four captured", "final round" or "repetition" (the same position a third
    time); ``captured`` every seat's captured cards and :attr:`breakdown` how each score is
    made; ``winners`` every seat with the best score (a tie is a shared win: each of them has
    ``results[seat].won``).
    """

    reason: str
    captured: tuple[tuple[Card, ...], ...]
    winners: tuple[int, ...]

    @property
    def breakdown(self) -> tuple[ScoreBreakdown, ...]:
        """How each seat's score is made, worked out from its captured cards when asked: the
        summary asks, while the search's rollouts score thousands of deals nobody reads."""
        return tuple(score_breakdown(mask_of(pile)) for pile in self.captured)


@dataclass(frozen=True, slots=True)
class CatturaOver(MatchOver):
    """The match is over, for ``reason`` (as in :class:`CatturaScored`)."""

    reason: str
