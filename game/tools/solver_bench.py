"""CPU time of the solitaire's exact solver: ``python -m game.tools.solver_bench --deals 1000``.

For each seeded deal the first half is played with random legal moves up to the second half,
where every card is face up; then the question the game asks there, "can the window still be
reached, and with which move", is timed from a cold start (no position remembered) for the
reference solver (:mod:`.capodama_solver_ref`, the one before) and the fast one
(:mod:`.capodama_solver`), in the same run, and their answers compared.  It prints the median,
95th percentile and worst CPU time (``time.process_time``) of each and the ratio between them,
then the live verdict's cost: the question asked again after every move of the second half
(played at random), as the table will, with what earlier moves taught kept.  A disagreement
between the two solvers is reported and makes the exit status 1.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai import capodama_solver as fast
from game.ai import capodama_solver_ref as ref
from game.engine import new_game
from game.engine.capodama import INFO, CapodamaState

__all__ = ["Figures", "main", "measure", "second_half"]


@dataclass(frozen=True)
class Figures:
    """CPU seconds per deal, old and new, per question after a move, and disagreements."""

    before: list[float]
    after: list[float]
    per_move: list[float]
    disagreements: list[int]


def second_half(seed: int) -> CapodamaState:
    """Solitaire deal ``seed``, its first half played at random: every card now face up."""
    state = new_game(INFO.name, players=1, seed=seed)
    assert isinstance(state, CapodamaState)
    rng = random.Random(seed)
    while not fast.is_open(state):
        state.play(rng.choice(state.legal_moves()))
    return state


def _time_old(state: CapodamaState) -> tuple[float, list[str]]:
    ref.clear_cache()
    view, legal = state.view(0), state.legal_moves()
    start = time.process_time()
    good = ref.winning_moves(view, legal)
    return time.process_time() - start, [m.text for m in good]


def _time_new(state: CapodamaState) -> tuple[float, bool, str | None]:
    fast.clear_cache()
    view, legal = state.view(0), state.legal_moves()
    start = time.process_time()
    ok = fast.reachable(view)
    move = fast.best_move(view, legal)
    return time.process_time() - start, ok, move.text if move else None


def _live(state: CapodamaState, rng: random.Random) -> list[float]:
    """CPU time of the verdict and best move after each move of the rest, played at random."""
    times = []
    while not state.is_over:
        view, legal = state.view(0), state.legal_moves()
        start = time.process_time()
        fast.reachable(view)
        fast.best_move(view, legal)
        times.append(time.process_time() - start)
        state.play(rng.choice(legal))
    return times


def measure(deals: int, seed: int = 1) -> Figures:
    """Solve the second half of ``deals`` seeded deals with both solvers."""
    before: list[float] = []
    after: list[float] = []
    per_move: list[float] = []
    wrong: list[int] = []
    for k in range(seed, seed + deals):
        state = second_half(k)
        t_old, good = _time_old(state)
        t_new, ok, move = _time_new(state)
        if ok != bool(good) or (move is not None and move not in good) or (ok and move is None):
            wrong.append(k)
        before.append(t_old)
        after.append(t_new)
        per_move += _live(state, random.Random(k))
    return Figures(before, after, per_move, wrong)


def _row(name: str, times: Sequence[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[max(0, -(-95 * len(ordered) // 100) - 1)]
    return (
        f"{name:<22} {statistics.median(ordered) * 1000:>9.2f} {p95 * 1000:>9.2f}"
        f" {ordered[-1] * 1000:>9.2f} {sum(ordered):>9.2f}"
    )


def report(figures: Figures) -> str:
    """The figures as the table ``main`` prints."""
    b, a = figures.before, figures.after
    lines = [
        f"solitaire solver, second half, {len(b)} deals, CPU ms ({time.strftime('%Y-%m-%d')})",
        f"{'':<22} {'median':>9} {'p95':>9} {'worst':>9} {'total s':>9}",
        _row("before (reference)", b),
        _row("after", a),
        f"ratio before/after: median {statistics.median(b) / statistics.median(a):.0f}x, "
        f"total {sum(b) / sum(a):.0f}x",
        _row("after each move (warm)", figures.per_move),
        f"disagreements: {len(figures.disagreements)}"
        + (f" (seeds {figures.disagreements[:10]})" if figures.disagreements else ""),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.solver_bench", description=__doc__)
    parser.add_argument("--deals", type=int, default=1000, help="deals to solve (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    figures = measure(args.deals, args.seed)
    print(report(figures))
    return 1 if figures.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
