"""What a move does in sampled worlds, as the engine tells it: the readings the coach's reasons
share.

A world is a full state that agrees with the player's view (the search's sampler guesses the
hidden cards).  The coach plays a move in copies of a few worlds and reads what the engine
logs: the events the move causes, the trick it is part of once the others have played to it
(the rule seats, as in the search's rollouts), the replies open to the next player, and the
deal's result when it is played on to its end.  Every move is tried in the same worlds with
the same random numbers, so two moves' figures differ by what the moves do, not by luck.

A :class:`Reason` is what the coach concludes: a code and its figures, worded by the table; a
:class:`CoachGame` is what one game's reasons are made by, named by its catalogue entry.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import BaseView, Event, GameState, Move, Payload, Trick

from .search import MAX_ROLLOUT_MOVES, Policy, play_out

__all__ = [
    "CoachGame",
    "Outcome",
    "Planner",
    "Reader",
    "Reason",
    "WindowCoach",
    "after",
    "deal_outcomes",
    "reply_counts",
    "trick_end",
]


@dataclass(frozen=True)
class Reason:
    """What a move does or is for, by ``code`` ("wins_trick", "makes_scopa"...), with its
    figures; ``move`` is the move a comparison names (the next best move), if any."""

    code: str
    parts: dict[str, int] = field(default_factory=dict)
    move: Move | None = None


#: A game's reading of the events its move caused: the reason, or None when they say nothing.
Reader = Callable[[Any, Move, list[Event]], Reason | None]
#: What a move is for, judged against the player's other moves in the sampled worlds (world
#: ``k`` played on with the random numbers of ``seeds[k]``, the others by ``policy``).
Planner = Callable[
    [
        Any,
        Sequence[Move],
        Move,
        Sequence[GameState[BaseView]],
        Policy[GameState[BaseView]],
        Sequence[float],
    ],
    list[Reason],
]


def _by_sides(view: BaseView) -> bool:
    return len(view.sides[view.side]) > 1  # a side of one: every seat for itself


@dataclass(frozen=True)
class WindowCoach:
    """A solitaire won by landing in a points window (``view.window``): what the coach asks
    instead of its usual reasons."""

    #: whether the view is the open second half, every card face up (the exact solver's)
    is_open: Callable[[Any], bool]
    #: a legal move after which the window is still reachable, or None when none is
    best_move: Callable[[Any, Sequence[Move]], Move | None]
    #: per move, in how many of ``count`` worlds sampled from the view the window stays
    #: within reach (the first half)
    reach: Callable[[Any, random.Random, int, Sequence[Move]], list[int]]


@dataclass(frozen=True)
class CoachGame:
    """The coach's reason makers for one game, named by the game's catalogue entry."""

    #: what the move's own events say (a trick won, a scopa...)
    said: Reader
    #: what the move is for beyond that (the card kept back, the scopa left to nobody...)
    plan: Planner
    #: whether the player's deal is won with partners ("your side") or alone ("you"), as the
    #: view tells: by default its sides
    partners: Callable[[Any], bool] = _by_sides
    #: the game's solitaire, where it is won by landing in a points window: the coach reads
    #: the exact solver in its open second half and the window's reach before
    window: WindowCoach | None = None


def after(state: GameState[BaseView], move: Move) -> tuple[GameState[BaseView], list[Event]]:
    """A copy of ``state`` after ``move``, and the events the move caused."""
    copy = state.clone()
    mark = len(copy.events)
    copy.play(move)
    return copy, copy.events[mark:]


def trick_end(
    state: GameState[BaseView], move: Move, policy: Policy[GameState[BaseView]], rng: random.Random
) -> tuple[Event | None, int]:
    """The :class:`~game.engine.Trick` event of the trick ``move`` plays to, once the others
    have played to it by ``policy`` (None when the deal ends first), and how many of their
    cards that took (0: the move itself completed the trick)."""
    copy = state.clone()
    mark = len(copy.events)
    copy.play(move)
    for played in range(MAX_ROLLOUT_MOVES):
        ended = next((e for e in copy.events[mark:] if isinstance(e.data, Trick)), None)
        if ended is not None or copy.current_player is None:
            return ended, played
        mark = len(copy.events)
        copy.play(policy(copy, copy.legal_sequence(), rng))
    return None, MAX_ROLLOUT_MOVES


def reply_counts(
    worlds: Sequence[GameState[BaseView]], moves: Sequence[Move], seat: int, kind: type[Payload]
) -> list[int]:
    """Per move of ``seat``: in how many of ``worlds`` the next player can answer it with a
    move that logs an event carrying a ``kind`` payload for itself (a scopa, a capture)."""
    return [sum(_reply_can(w, m, seat, kind) for w in worlds) for m in moves]


def _reply_can(state: GameState[BaseView], move: Move, seat: int, kind: type[Payload]) -> bool:
    after_move, _ = after(state, move)
    nxt = after_move.current_player
    if nxt is None or nxt == seat:
        return False
    return any(
        any(isinstance(e.data, kind) and e.seat == nxt for e in after(after_move, reply)[1])
        for reply in after_move.legal_moves()
    )


@dataclass(frozen=True)
class Outcome:
    """One move played on to the deal's end in each world: the deals its seat's side won, the
    deals played, and its side's points summed over them (the game's own unit)."""

    won: int
    played: int
    points: int


def deal_outcomes(
    worlds: Sequence[GameState[BaseView]],
    moves: Sequence[Move],
    seat: int,
    policy: Policy[GameState[BaseView]],
    seeds: Sequence[float],
) -> list[Outcome]:
    """Each move played in every world and the deal played on by ``policy``, world ``k`` with
    the random numbers of ``seeds[k]`` whatever the move (common random numbers)."""
    out = []
    for move in moves:
        won = played = points = 0
        for world, seed in zip(worlds, seeds, strict=True):
            trial = world.clone()
            trial.mute()  # only the deal's result is read
            mark = trial.deals_scored
            trial.play(move)
            scored = play_out(trial, mark, policy, random.Random(seed))
            if scored is not None:
                mine = scored.results[seat]
                played += 1
                won += mine.won
                points += mine.points
        out.append(Outcome(won, played, points))
    return out
