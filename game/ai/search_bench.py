"""CPU time per search decision: ``python -m game.ai.search_bench --game scopa --players 2``.

Plays ``--deals`` seeded deals with the search seat in seat 0 and the rule seat elsewhere, times
every search decision (decisions with a single legal move, or left to the rule seat, are not
counted) and prints the mean, median, 90th percentile and maximum, and the mean number of worlds
searched.  Times are the CPU time of this thread (``time.thread_time``), like the seat's own
budget, so a busy machine reports the same figures as an idle one.  The budget defaults are
meant to decide within about 0.3 to 1 s on the project machine; this is the command that says
whether they do.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from game.engine import GAMES, new_game

from . import make_seat
from .search import DeterminizedSearch

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.search_bench", description=__doc__)
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    seat = make_seat("search", args.game)
    if not isinstance(seat, DeterminizedSearch):
        parser.error(f"{args.game} has no determinized search seat")
    rules = make_seat("rules", args.game)
    rng = random.Random(args.seed)
    times: list[float] = []
    worlds: list[int] = []
    for k in range(args.deals):
        state = new_game(args.game, players=args.players, seed=args.seed + k)
        mark = len(state.events)
        while state.current_player is not None:
            p = state.current_player
            legal = state.legal_moves()
            view = state.view(p)
            if state.controller(p) == 0:
                seat.last_worlds = 0
                t = time.thread_time()
                move = seat.choose(view, legal, rng)
                if seat.last_worlds:
                    times.append(time.thread_time() - t)
                    worlds.append(seat.last_worlds)
            else:
                move = rules.choose(view, legal, rng)
            state.play(move)
            if any(e.kind == "deal_scored" for e in state.events[mark:]):
                break
    if not times:
        print("no search decisions were made")
        return 0
    times.sort()
    n = len(times)
    print(
        f"{args.game}, {args.players} players, {args.deals} deals: {n} search decisions, "
        f"budget: {seat.budget.worlds} worlds, {seat.budget.cpu_seconds} s of CPU"
    )
    print(
        f"CPU time per decision: mean {sum(times) / n:.3f} s, median {times[n // 2]:.3f} s, "
        f"90% {times[min(n - 1, int(n * 0.9))]:.3f} s, max {times[-1]:.3f} s; "
        f"worlds per decision: mean {sum(worlds) / n:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
