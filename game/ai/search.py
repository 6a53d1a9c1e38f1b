"""Determinized Monte Carlo search: the one search core behind every game's search seat.

A seat that cannot see the other hands (nor the deck's order) can still look ahead: it guesses
what is hidden many times, in ways that agree with everything its view tells it (a "world",
drawn by the game's :class:`~game.ai.search_worlds.WorldSampler`), and in each world plays
every legal move followed by a rollout to the end of the deal.  The move with the best mean
result wins.  Every candidate is tried in the same worlds ("common random numbers"), so the
comparison between moves is fair even with a few dozen worlds: the luck of the deal cancels out
of the differences.

The parts are plugged in, not inherited: the sampler; the rollout policy (by default the game's
rule seat choosing from ``state.view(player)``, so a rollout player sees no more than a real
one); the evaluation (by default :class:`DealResult`: the deal won first, the side's points
second, read from the deal's :class:`~game.engine.DealScored` payload, so no rule is restated
here); the decisions left to the rule seat without search; and the :class:`Budget`.

The budget counts worlds, with a cap on the CPU time of the thread that searches
(``time.thread_time``), checked after each world.  Never wall time: a seeded seat given a world
budget plays the same move on a busy machine as on an idle one, and the cap only guards slow
machines against long thinks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from game.engine import DealScored, GameState, Move

from .base import Seat
from .search_worlds import SeatView, WorldSampler

__all__ = [
    "Budget",
    "DealResult",
    "DeterminizedSearch",
    "Evaluation",
    "Policy",
    "rule_policy",
]

ViewT = TypeVar("ViewT", bound=SeatView)
StateT = TypeVar("StateT", bound=GameState)

#: A rollout longer than this many moves stops where it is (no game here comes near it; it
#: only guards against a rollout policy that could loop, such as endless suit swaps).
MAX_ROLLOUT_MOVES = 2000

#: The rollout's move for ``state.current_player``, from the legal ``moves``.
Policy = Callable[[StateT, Sequence[Move], random.Random], Move]
#: How good a rollout ended for the searching seat (``view``'s): higher is better.  The first
#: argument is the payload of the deal's "deal_scored" event, or None for a rollout cut off at
#: :data:`MAX_ROLLOUT_MOVES` (then judge from the state, or call it even).
Evaluation = Callable[[DealScored | None, StateT, ViewT], float]


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may cost: ``worlds`` sampled at most, and ``cpu_seconds`` of the
    searching thread's own CPU time, checked after each world (so at least one is searched)."""

    worlds: int
    cpu_seconds: float


def rule_policy(seat: Seat) -> Policy[GameState]:
    """The rollout policy of ``seat`` choosing from the player's own view, as at the table."""

    def policy(state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        player = state.current_player
        assert player is not None  # a rollout stops when the match is over
        return seat.choose(state.view(player), moves, rng)

    return policy


@dataclass(frozen=True, slots=True)
class DealResult:
    """The default evaluation: 1 for a deal the seat's side won, plus its points times
    ``scale`` (small enough that points only order moves that win, or lose, alike)."""

    scale: float

    def __call__(self, scored: DealScored | None, state: GameState, view: SeatView) -> float:
        if scored is None:
            return 0.0
        mine = scored.results[view.seat]
        return (1.0 if mine.won else 0.0) + mine.points * self.scale


class DeterminizedSearch(Generic[ViewT, StateT]):
    """Determinized search over worlds from ``sampler``, within ``budget``.

    ``rules`` is the game's rule seat: the rollout policy unless ``policy`` is given, and the
    seat that takes the decisions ``defer(view, legal_moves)`` marks as needing no search
    (announcements it handles well).  ``evaluate`` judges each rollout (default
    :class:`DealResult` with ``points_scale``).  ``choose`` answers a lone legal move at once.
    After a search ``last_worlds`` and ``last_cpu`` say what it cost (for benches and tests).
    """

    name = "search"

    def __init__(
        self,
        sampler: WorldSampler[ViewT, StateT],
        rules: Seat,
        budget: Budget,
        *,
        points_scale: float = 0.0,
        evaluate: Evaluation[StateT, ViewT] | None = None,
        policy: Policy[StateT] | None = None,
        defer: Callable[[ViewT, Sequence[Move]], bool] | None = None,
    ) -> None:
        self.sampler = sampler
        self.rules = rules
        self.budget = budget
        self.evaluate: Evaluation[StateT, ViewT] = evaluate or DealResult(points_scale)
        self.policy: Policy[StateT] = policy or rule_policy(rules)
        self.defer = defer
        self.last_worlds = 0
        self.last_cpu = 0.0

    def choose(self, view: ViewT, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        if self.defer is not None and self.defer(view, legal_moves):
            return self.rules.choose(view, legal_moves, rng)
        totals = self.search(view, legal_moves, rng)
        best = max(range(len(legal_moves)), key=lambda k: totals[k])
        return legal_moves[best]

    def search(self, view: ViewT, legal_moves: Sequence[Move], rng: random.Random) -> list[float]:
        """The summed results of each legal move over the same sampled worlds."""
        totals = [0.0] * len(legal_moves)
        draw = self.sampler.prepare(view)
        start = time.thread_time()
        worlds = 0
        while worlds < self.budget.worlds:
            world = draw(rng)
            mark = world._deals_scored
            for k, move in enumerate(legal_moves):
                trial = world.clone()
                trial.play(move)
                totals[k] += self.rollout(trial, mark, view, rng)
            worlds += 1
            if time.thread_time() - start >= self.budget.cpu_seconds:
                break
        self.last_worlds = worlds
        self.last_cpu = time.thread_time() - start
        return totals

    def rollout(self, state: StateT, mark: int, view: ViewT, rng: random.Random) -> float:
        """Play ``state`` on with the policy until the deal is scored: ``mark`` is the count
        of scored deals before the searched move.  Watching that count (and reading the last
        payload) never deals the match's next deal, which the engine deals only when read."""
        for _ in range(MAX_ROLLOUT_MOVES):
            if state._deals_scored != mark or state.current_player is None:
                break
            state.play(self.policy(state, state.legal_moves(), rng))
        scored = state._last_scored if state._deals_scored != mark else None
        return self.evaluate(scored, state, view)
