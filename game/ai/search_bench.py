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
import hashlib
import random
import sys
import time

from game.engine import GAMES, new_game

from . import make_seat, seat_kinds
from .search import DeterminizedSearch

__all__ = ["main"]


def measure(game: str, players: int, deals: int, seed: int) -> tuple[list[float], list[int], str]:
    """The CPU time and worlds of every search decision of seat 0 over ``deals`` seeded deals
    (the rule seat elsewhere), and a digest of every move chosen: two runs that print the same
    digest played the very same moves."""
    seat = make_seat("search", game)
    assert isinstance(seat, DeterminizedSearch)
    rules = make_seat("rules", game)
    rng = random.Random(seed)
    times: list[float] = []
    worlds: list[int] = []
    digest = hashlib.sha256()
    for k in range(deals):
        state = new_game(game, players=players, seed=seed + k)
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
                digest.update(move.text.encode())
            else:
                move = rules.choose(view, legal, rng)
            state.play(move)
            if any(e.kind == "deal_scored" for e in state.events[mark:]):
                break
    return times, worlds, digest.hexdigest()[:12]


def _row(game: str, players: int, times: list[float], worlds: list[int], digest: str) -> str:
    times = sorted(times)
    n = len(times)
    if not n:
        return f"| {game} | {players} | 0 | | | | | | {digest} |"

    def at(q: float) -> float:
        return times[min(n - 1, int(n * q))]

    return (
        f"| {game} | {players} | {n} | {at(0.5):.3f} | {at(0.9):.3f} | {at(0.99):.3f} | "
        f"{times[-1]:.3f} | {sum(worlds) / n:.1f} | {digest} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.search_bench", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    cases = [
        (game, players)
        for game in sorted(GAMES)
        for players in GAMES[game].players
        if (args.game in (None, game))
        and (args.players in (None, players))
        and "search" in seat_kinds(game, players)
    ]
    if not cases:
        parser.error("no search seat plays that game and player count")
    print(f"search decisions of seat 0, {args.deals} deals each, CPU time of the searching thread")
    print(
        "| game | players | decisions | median s | 90% s | 99% s | max s | worlds | moves digest |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game, players in cases:
        seat = make_seat("search", game)
        if not isinstance(seat, DeterminizedSearch):
            continue
        print(_row(game, players, *measure(game, players, args.deals, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
