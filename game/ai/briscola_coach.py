"""The coach's reasons in Briscola: a trick taken by the move (by the player or its partner,
with its card points), and what the card is for against the others of the hand, the trick
played out in the sampled worlds (:func:`.coach_tricks.trick_plan`): the cheap card given, the
trick taken often, the card kept back (a trump, an ace) for later."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import Event, Move
from game.engine.briscola import BriscolaView
from game.engine.briscola_cards import POINTS, STRENGTH
from game.engine.briscola_events import TrickWon

from .coach import Reason
from .coach_tricks import TrickGame, trick_plan
from .coach_worlds import CoachGame

__all__ = ["COACH"]

TRICKS = TrickGame(
    lambda view: frozenset(view.sides[view.side]),
    lambda view, c: POINTS[c.index],
    lambda c: STRENGTH[c.index],
    False,
    voids=False,  # no suit need be followed: a suit emptied changes nothing to say
)


def said(view: BriscolaView, move: Move, events: list[Event]) -> Reason | None:
    """A trick completed by the move and taken by the player or its partner."""
    for e in events:
        match e.data:
            case TrickWon() as won:
                points = {"points": won.points}
                if e.seat == view.seat:
                    return Reason("wins_last_trick" if won.last else "wins_trick", points)
                if won.side == view.side:
                    return Reason("partner_wins_trick", points)
    return None


def plan(
    view: BriscolaView,
    moves: Sequence[Move],
    move: Move,
    worlds: Sequence[Any],
    policy: Any,
    seeds: Sequence[float],
) -> list[Reason]:
    return trick_plan(TRICKS, view, moves, move, worlds, policy, seeds)


COACH = CoachGame(said, plan)
