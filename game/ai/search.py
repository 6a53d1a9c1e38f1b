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

The :class:`Budget` counts iterations (rollouts) and worlds, with a cap on the CPU time of the
thread that searches (``time.thread_time``) as a safety net, checked after each world.  Never
wall time: a seeded seat whose count ends first plays the same move on a busy machine as on an
idle one.  Given an iteration budget the search spends it by successive halving: all moves
still in are tried in the same fresh worlds, the worse half dropped after each round, so the
budget goes to the moves that could be best; and it can keep the rule seat's move unless the
best finalist beats it significantly in the same worlds (a paired test), so a few unlucky
worlds do not talk it out of a sound habit.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from game.engine import BaseView, DealScored, GameState, Move

from .base import Seat
from .endgame import Endgame, TooDeep, solve
from .evaluation import EvaluationSpec, LinearEvaluation
from .ismcts import tree_search
from .search_worlds import WorldSampler

if TYPE_CHECKING:  # tuning data, read here, held in the catalogue
    from game.catalog import Tree

__all__ = [
    "Budget",
    "DealResult",
    "DeterminizedSearch",
    "Evaluation",
    "Policy",
    "paired_advantage",
    "play_out",
    "rule_policy",
]

ViewT = TypeVar("ViewT", bound=BaseView)
StateT = TypeVar("StateT", bound=GameState[BaseView])

#: A rollout longer than this many moves stops where it is (no game here comes near it; it
#: only guards against a rollout policy that could loop, such as endless suit swaps).
MAX_ROLLOUT_MOVES = 2000

#: The rollout's move for ``state.current_player``, from the legal ``moves``.
Policy = Callable[[StateT, Sequence[Move], random.Random], Move]
#: How good a rollout ended for the searching seat (``view``'s): higher is better.  The first
#: argument is the deal's :class:`~game.engine.DealScored` payload, or None for a rollout cut off at
#: :data:`MAX_ROLLOUT_MOVES` (then judge from the state, or call it even).
Evaluation = Callable[[DealScored | None, StateT, ViewT], float]


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may cost.

    ``rollouts`` is the iteration budget: the most rollouts (a world times a move tried in it)
    one decision plays; ``worlds`` the most worlds it samples.  Without ``rollouts`` every legal
    move is tried in every one of ``worlds`` worlds, in a single round (the search as it first
    was).  With it the moves are whittled down by successive halving: each round shares what is
    left of the budget over the moves still in, tries them all in the same fresh worlds, and
    drops the worse half.  ``cpu_seconds`` of the searching thread's own CPU time is only a
    safety net, checked after each world (so at least one is searched): a budget that ends by
    its count decides the same move on a busy or slow machine as on an idle one.

    ``keep_rules_z``: when given, the rule seat's own move stays in every round, and search
    plays another move only if its mean advantage over the rule move, world by world in the
    same worlds, is larger than ``keep_rules_z`` standard errors (a one-sided paired test).
    """

    worlds: int
    cpu_seconds: float
    rollouts: int | None = None
    keep_rules_z: float | None = None

    def iterations(self, moves: int) -> int:
        """The rollouts a decision among ``moves`` legal moves may play."""
        full = self.worlds * moves
        return full if self.rollouts is None else min(self.rollouts, full)

    def rounds(self, moves: int) -> int:
        """Rounds of halving: one without an iteration budget, else until two moves are left."""
        return 1 if self.rollouts is None else max(1, math.ceil(math.log2(moves)))


def paired_advantage(mine: Sequence[float], other: Sequence[float]) -> tuple[float, float]:
    """The mean of ``mine[i] - other[i]`` and its standard error (0 for fewer than two pairs)."""
    diffs = [a - b for a, b in zip(mine, other, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def rule_policy(seat: Seat) -> Policy[GameState[BaseView]]:
    """The rollout policy of ``seat`` choosing from the player's own view, as at the table."""

    def policy(state: GameState[BaseView], moves: Sequence[Move], rng: random.Random) -> Move:
        player = state.current_player
        assert player is not None  # a rollout stops when the match is over
        return seat.choose(state.view(player), moves, rng)

    return policy


@dataclass(frozen=True, slots=True)
class DealResult:
    """The default evaluation: 1 for a deal the seat's side won, plus its points times
    ``scale`` (small enough that points only order moves that win, or lose, alike)."""

    scale: float

    def __call__(
        self, scored: DealScored | None, state: GameState[BaseView], view: BaseView
    ) -> float:
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
    After a search ``last_worlds``, ``last_rollouts`` and ``last_cpu`` say what it cost (for
    benches and tests), ``last_finalists`` which moves were tried in every world and
    ``last_values`` every result per move, world by world (after a tree search, each move's
    visits).
    """

    name = "search"
    #: How this game's end of a deal is solved exactly (see :mod:`.endgame`), if it can be;
    #: a seat solves it only when :attr:`solve_endgame` is set (the strong level).
    ENDGAME: ClassVar[Endgame | None] = None
    #: The game's learned evaluation of a deal half played (:mod:`.evaluation`), where it
    #: has one: the tree search may cut its playouts short with it.
    EVALUATION: ClassVar[EvaluationSpec | None] = None

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
        self.last_rollouts = 0
        self.last_cpu = 0.0
        self.last_finalists: list[int] = []
        self.last_values: list[list[float]] = []
        self.solve_endgame = False
        #: Weigh the worlds by how well the rule seat explains the others' plays
        #: (:mod:`.play_model`), where the game can replay its deal; no level sets it (tried:
        #: docs/EXPERIMENTS.md).
        self.infer_play = False
        #: One tree of decisions over the worlds (:mod:`.ismcts`) by player count, searched
        #: instead of judging each legal move by flat rollouts where the count is listed.
        self.tree: Mapping[int, Tree] = {}

    def choose(self, view: ViewT, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        if self.defer is not None and self.defer(view, legal_moves):
            return self.rules.choose(view, legal_moves, rng)
        return legal_moves[self._decide(view, legal_moves, rng)]

    def search(self, view: ViewT, legal_moves: Sequence[Move], rng: random.Random) -> list[float]:
        """The mean result of each legal move over the worlds it was tried in (a move dropped
        in an early round of halving was tried in fewer; :attr:`last_finalists` says which
        moves were tried in every world)."""
        return self._search(view, legal_moves, rng, None)

    def _decide(self, view: ViewT, legal_moves: Sequence[Move], rng: random.Random) -> int:
        """The index of the move to play: where the seat searches a tree at this player count
        (:attr:`tree`; the exact endgame first where it solves one), the tree's most visited;
        else the finalist with the best mean, unless the budget keeps the rule seat's move and
        the finalist's paired advantage over it is not significant."""
        tree = self.tree.get(view.players)
        if tree is not None and self._endgame_now(view) is None:
            visits = tree_search(self, view, legal_moves, rng, tree)
            return max(range(len(legal_moves)), key=lambda k: visits[k])
        z = self.budget.keep_rules_z
        keep = None
        if z is not None:
            keep = legal_moves.index(self.rules.choose(view, legal_moves, rng))
        means = self._search(view, legal_moves, rng, keep)
        best = max(self.last_finalists, key=lambda k: means[k])
        if keep is None or best == keep or z is None:
            return best
        gain, error = paired_advantage(self.last_values[best], self.last_values[keep])
        return best if gain > z * error else keep

    def _search(
        self, view: ViewT, legal_moves: Sequence[Move], rng: random.Random, keep: int | None
    ) -> list[float]:
        """Successive halving over the moves (one round when the budget counts only worlds),
        every move still in tried in the same worlds; ``keep`` is never dropped.  Near the
        end of a deal a seat that solves it (:attr:`solve_endgame`) does so instead."""
        endgame = self._endgame_now(view)
        if endgame is not None:
            return self._solve(view, legal_moves, rng, endgame)
        budget = self.budget
        n = len(legal_moves)
        values: list[list[float]] = [[] for _ in range(n)]
        alive = list(range(n))
        total = budget.iterations(n)
        rounds = budget.rounds(n)
        draw = self.draw_worlds(view)
        start = time.thread_time()
        worlds = spent = 0
        for r in range(rounds):
            batch = min((total - spent) // (len(alive) * (rounds - r)), budget.worlds - worlds)
            if batch < 1 and worlds:
                break
            for _ in range(max(1, batch)):
                world = draw(rng)
                world.mute()  # the rollouts read only the deal's result
                mark = world.deals_scored
                for k in alive:
                    trial = world.clone()
                    trial.play(legal_moves[k])
                    values[k].append(self.rollout(trial, mark, view, rng))
                worlds += 1
                spent += len(alive)
                if time.thread_time() - start >= budget.cpu_seconds:
                    break
            else:
                if r < rounds - 1:
                    alive = _halve(alive, values, keep)
                continue
            break  # the CPU cap: stop where it is
        return self._searched(values, alive, worlds, spent, start)

    def _endgame_now(self, view: ViewT) -> Endgame | None:
        """The game's endgame where this seat solves one (:attr:`solve_endgame`) and ``view``
        is near enough the end of the deal for it, else None."""
        endgame = self.ENDGAME
        if self.solve_endgame and endgame is not None and endgame.near(view):
            return endgame
        return None

    def _solve(
        self, view: ViewT, legal_moves: Sequence[Move], rng: random.Random, endgame: Endgame
    ) -> list[float]:
        """Every move in each of ``endgame.worlds`` worlds, the rest of the deal solved exactly
        (a rollout where a solve would visit more than its share of positions)."""
        values: list[list[float]] = [[] for _ in legal_moves]
        friends = frozenset(endgame.friends(view))
        cap = endgame.solve_cap(len(legal_moves))
        draw = self.draw_worlds(view)
        start = time.thread_time()
        worlds = 0
        while worlds < endgame.worlds:
            world = draw(rng)
            world.mute()
            mark = world.deals_scored

            def value(state: GameState[BaseView], mark: int = mark) -> float:
                scored = state.last_scored if state.deals_scored != mark else None
                return self.evaluate(scored, state, view)  # type: ignore[arg-type]

            for k, move in enumerate(legal_moves):
                trial = world.clone()
                trial.play(move)
                try:
                    values[k].append(solve(trial, friends, value, cap))
                except TooDeep:
                    values[k].append(self.rollout(trial, mark, view, rng))
            worlds += 1
            if time.thread_time() - start >= self.budget.cpu_seconds:
                break
        n = len(legal_moves)
        return self._searched(values, list(range(n)), worlds, worlds * n, start)

    def _searched(
        self, values: list[list[float]], alive: list[int], worlds: int, tried: int, start: float
    ) -> list[float]:
        """Keep what a search cost and found (the ``last_*`` attributes, ``start`` its thread
        time when it began) and return each move's mean over the worlds it was tried in."""
        self.last_worlds = worlds
        self.last_rollouts = tried
        self.last_cpu = time.thread_time() - start
        self.last_finalists = alive
        self.last_values = values
        return [sum(v) / len(v) if v else -math.inf for v in values]

    def unseen(self, world: StateT, seat: int) -> bool:
        """Whether the decision ``world`` is at is one ``seat`` never sees made (its tree
        leaves it to the rollout policy); none by default."""
        return False

    def secret(self, world: StateT, player: int) -> Hashable:
        """What ``player`` knows of ``world`` that changes how it plays and that the searching
        seat does not (its tree keeps that player's record of each move apart per secret, so it
        is not modelled as playing alike whatever it holds); None by default."""
        return None

    def draw_worlds(self, view: ViewT) -> Callable[[random.Random], StateT]:
        """The world drawer of one decision: the rule seat models the others where the seat
        reads their plays (:attr:`infer_play`)."""
        return self.sampler.prepare(view, self.rules if self.infer_play else None)

    def rollout(self, state: StateT, mark: int, view: ViewT, rng: random.Random) -> float:
        """Play ``state`` on with the policy until the deal is scored: ``mark`` is the count
        of scored deals before the searched move.  The rollout stops where the deal ends and
        never pays for the next deal's shuffle: it never takes the step that deals it."""
        return self.evaluate(play_out(state, mark, self.policy, rng), state, view)

    def play_on(
        self,
        world: StateT,
        mark: int,
        views: Sequence[ViewT],
        rng: random.Random,
        model: LinearEvaluation | None,
        cut: int = 0,
    ) -> list[float]:
        """Every seat's result (``views[s]`` is seat ``s``'s, read by :attr:`evaluate`) of
        playing ``world`` on with the rollout policy: to the end of the deal, or, with a learned
        ``model``, only until ``cut`` more tricks are taken, the model judging the rest."""
        spec = self.EVALUATION if model is not None else None
        if spec is None:
            scored = play_out(world, mark, self.policy, rng)
        else:
            stop = spec.progress(world) + cut

            def far_enough(state: StateT) -> bool:
                return spec.progress(state) >= stop

            scored = play_out(world, mark, self.policy, rng, until=far_enough)
            if scored is None and far_enough(world):
                assert model is not None
                return model.values(spec, world)
        return [self.evaluate(scored, world, v) for v in views]


def play_out(
    state: StateT,
    mark: int,
    policy: Policy[StateT],
    rng: random.Random,
    until: Callable[[StateT], bool] | None = None,
) -> DealScored | None:
    """Play ``state`` on with ``policy`` until the deal is scored (``mark``: the count of
    scored deals before), or until ``until(state)`` holds after a move; the deal's payload,
    or None for a rollout stopped before (by ``until`` or at :data:`MAX_ROLLOUT_MOVES`)."""
    for _ in range(MAX_ROLLOUT_MOVES):
        legal = state.legal_sequence()
        if not legal:  # nobody is to move: the deal is scored (or the match was over)
            break
        state.play(policy(state, legal, rng))
        if until is not None and until(state):
            break
    return state.last_scored if state.deals_scored != mark else None


def _halve(alive: list[int], values: list[list[float]], keep: int | None) -> list[int]:
    """The better half of ``alive`` by mean over the same worlds (ties to the earlier move),
    with ``keep`` added if it fell out; in move order."""
    ranked = sorted(alive, key=lambda k: -sum(values[k]))
    kept = set(ranked[: (len(alive) + 1) // 2])
    if keep is not None:
        kept.add(keep)
    return sorted(kept)
