"""The review's judge: every legal move of one decision valued from the deciding seat's view.

The judge is the strong level's search (:func:`game.ai.levels.make_level`) turned from
choosing to measuring: the same sampler draws worlds that agree with what the seat saw (never
the true hands), the same rule seats play each world on to the end of the deal, and where the
strong seat solves the end of a deal exactly (:mod:`game.ai.endgame`) the judge does too.  What
differs is the budget and what is kept:

- every legal move is played in every world (no halving), ``Judging.rollouts`` shared evenly
  by the moves, at least :data:`MIN_WORLDS` worlds: each move's mean is known alike, and the
  difference between two moves is measured in the same worlds with the same random numbers
  for the rollouts (common random numbers), so the luck of the deal cancels out of it;
- each rollout gives two figures read from the deal's :class:`~game.engine.DealScored`: the
  deal points margin of the seat's side over the best other side (``MoveValue.points``, so a
  point handed to an opponent counts as one not taken) and whether the side won the deal
  (``MoveValue.win``, its mean the chance to win);
- in a solitaire won by landing in a points window (Capodama's), both figures are the win, and
  once every card is face up the exact solver answers, as the coach asks it (the first half is
  played on by the rule seat up to the open second half, then solved).

``exact`` is the move's value where nothing is hidden any more and a solver gives it: the end
of a 2-player deal solved, the solitaire's open second half.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.ai.coach import reasons_of
from game.ai.coach_worlds import WindowCoach
from game.ai.endgame import TooDeep, solve
from game.ai.levels import make_level
from game.ai.search import DeterminizedSearch, paired_advantage, play_out
from game.catalog import CATALOG, Judging
from game.engine import BaseView, DealScored, GameState, Move

from .model import MoveValue

__all__ = ["MIN_WORLDS", "Judged", "chooser", "judge", "judging_of"]

#: The fewest worlds a searched decision samples, however many moves share the budget.
MIN_WORLDS = 24

State = GameState[BaseView]


@dataclass(frozen=True)
class Judged:
    """The values of one decision's legal moves (in the order given) and, per move, its
    points world by world (the same worlds for every move), from which the judge's
    uncertainty about a difference between two moves is measured."""

    values: tuple[MoveValue, ...]
    samples: tuple[tuple[float, ...], ...]

    def error(self, a: int, b: int) -> float:
        """The standard error of the points difference between moves ``a`` and ``b``."""
        return paired_advantage(self.samples[a], self.samples[b])[1]


def chooser(state: State) -> int:
    """The seat whose choice the move to come is: the seat to move, but in a solitaire the
    one player, who chooses for every hand (seat 0, whose view shows them all)."""
    seat = state.current_player
    assert seat is not None, "nobody is to move"
    return 0 if state.players == 1 else seat


def judging_of(state: State) -> Judging:
    """How decisions of ``state``'s game are judged (its solitaire's own where it has one)."""
    entry = CATALOG[state.info.name]
    if state.players == 1 and entry.solitaire is not None and entry.solitaire.judging:
        return entry.solitaire.judging
    if entry.judging is None:
        raise ValueError(f"{entry.title} has no review")
    return entry.judging


@cache
def _search(game: str) -> DeterminizedSearch[Any, Any]:
    """The strong level's search of ``game``: its sampler, rule seats and endgame."""
    seat = make_level("strong", game)
    assert isinstance(seat, DeterminizedSearch)
    return seat


def judge(
    state: State, legal: Sequence[Move], rng: random.Random, rollouts: int | None = None
) -> Judged | None:
    """The value of each of ``legal`` for the seat to move in ``state``, judged from its view
    with ``rollouts`` (by default the game's ``Judging.rollouts``); None where the game cannot
    draw worlds of this moment (an announcement it leaves to the rule seat)."""
    budget = judging_of(state).rollouts if rollouts is None else rollouts
    view = state.view(chooser(state))
    search = _search(state.info.name)
    window = reasons_of(state.info.name).window
    if window is not None and state.players == 1:
        return _solitaire(window, state, view, search, legal, rng, budget)
    endgame = search.ENDGAME
    if endgame is not None and endgame.near(view):
        solved = _solved(state, view, search, legal, rng, frozenset(endgame.friends(view)))
        if solved is not None:
            return solved
    try:
        draw = search.sampler.prepare(view)
    except ValueError:
        return None
    policy, figure = search.policy, _margin(view)

    def rollout(trial: State, mark: int, numbers: random.Random) -> tuple[float, float]:
        return figure(play_out(trial, mark, policy, numbers))

    return _sampled(draw, legal, budget, rng, rollout)


#: A finished rollout's figures for the judged seat, (points, won), from the deal's payload
#: (None for a rollout cut off).
Figure = Callable[[DealScored | None], tuple[float, float]]
#: A move's world played on to the figures: the state after the move, the count of scored
#: deals before it, the rollout's random numbers.
Rollout = Callable[[State, int, random.Random], tuple[float, float]]


def _margin(view: Any) -> Figure:
    """The deal points margin of ``view``'s side over the best other side, and its win."""
    seat = view.seat

    def figure(scored: DealScored | None) -> tuple[float, float]:
        if scored is None:
            return 0.0, 0.0
        mine = scored.results[seat]
        friends = _friends(scored, view)
        others = [r.points for s, r in enumerate(scored.results) if s not in friends]
        return float(mine.points - max(others, default=0)), float(mine.won)

    return figure


def _friends(scored: DealScored, view: Any) -> tuple[int, ...]:
    """The seats of the judged seat's side in the scored deal: its view's side, or where the
    deal's payload names the team that played it (Capodama's capo side, settled by play),
    that team or the rest."""
    team = getattr(scored, "team", None)
    if team is None:
        return tuple(view.sides[view.side])
    if view.seat in team:
        return tuple(team)
    return tuple(s for s in range(len(scored.results)) if s not in team)


def _sampled(
    draw: Callable[[random.Random], State],
    legal: Sequence[Move],
    rollouts: int,
    rng: random.Random,
    rollout: Rollout,
) -> Judged:
    """Every move in the same worlds, each world's rollouts on the same random numbers."""
    n = len(legal)
    worlds = max(MIN_WORLDS, rollouts // n)
    points: list[list[float]] = [[] for _ in legal]
    wins: list[list[float]] = [[] for _ in legal]
    for _ in range(worlds):
        world = draw(rng)
        world.mute()  # the rollouts read only the deal's result
        mark = world.deals_scored
        seed = rng.random()
        for k, move in enumerate(legal):
            trial = world.clone()
            trial.play(move)
            p, w = rollout(trial, mark, random.Random(seed))
            points[k].append(p)
            wins[k].append(w)
    values = tuple(MoveValue(m.text, _mean(points[k]), _mean(wins[k])) for k, m in enumerate(legal))
    return Judged(values, tuple(tuple(p) for p in points))


def _solved(
    state: State,
    view: Any,
    search: DeterminizedSearch[Any, Any],
    legal: Sequence[Move],
    rng: random.Random,
    friends: frozenset[int],
) -> Judged | None:
    """The end of a deal where the view hides nothing: every move solved exactly in the one
    world the view allows (the side maximising its margin, then its win); None where a solve
    would visit too many positions (the rollouts judge it then)."""
    world = search.sampler.prepare(view)(rng)
    world.mute()
    mark = world.deals_scored
    figure = _margin(view)

    def value(node: State) -> float:
        scored = node.last_scored if node.deals_scored != mark else None
        p, w = figure(scored)
        return p + w / 2  # margins are whole points: the half point is the win, read back below

    values = []
    for move in legal:
        trial = world.clone()
        trial.play(move)
        try:
            v = solve(trial, friends, value, SOLVE_NODES)
        except TooDeep:
            return None
        p = float(math.floor(v))
        values.append(MoveValue(move.text, p, 1.0 if v > p else 0.0, exact=p))
    return Judged(tuple(values), tuple((v.points,) for v in values))


#: The positions one exact solve of the judge may visit (the review is not played against a
#: clock, so well above the strong seat's share).
SOLVE_NODES = 200_000


def _solitaire(
    window: WindowCoach,
    state: State,
    view: Any,
    search: DeterminizedSearch[Any, Any],
    legal: Sequence[Move],
    rng: random.Random,
    rollouts: int,
) -> Judged | None:
    """A solitaire won by landing in a points window (the coach's :class:`WindowCoach` of the
    game's exact solver): the figure is the win.  Face up, the solver says it of every move;
    before, worlds are sampled and each played on by the rule seat to the open second half,
    where the solver says it."""
    if window.is_open(view):
        values = []
        for move in legal:
            trial = state.clone()
            trial.mute()
            trial.play(move)
            won = float(_won_now(window, trial))
            values.append(MoveValue(move.text, won, won, exact=won))
        return Judged(tuple(values), tuple((v.points,) for v in values))
    try:
        draw = search.sampler.prepare(view)
    except ValueError:
        return None
    policy = search.policy

    def finish(trial: State, mark: int, rollout: random.Random) -> tuple[float, float]:
        while trial.deals_scored == mark and not window.is_open(trial.view(0)):
            moves = trial.legal_sequence()
            if not moves:
                break
            trial.play(policy(trial, moves, rollout))
        won = float(_won_now(window, trial))
        return won, won

    return _sampled(draw, legal, rollouts, rng, finish)


def _won_now(window: WindowCoach, state: State) -> bool:
    """Whether the solitaire deal of ``state`` is won: as scored, or (every card face up)
    whether a move still keeps the window within reach."""
    if state.current_player is None:
        scored = state.last_scored
        return scored is not None and scored.results[0].won
    return window.best_move(state.view(0), state.legal_moves()) is not None


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0
