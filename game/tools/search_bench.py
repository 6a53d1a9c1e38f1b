"""CPU time per search decision: ``python -m game.tools.search_bench --level normal --game scopa``.

Plays ``--deals`` seeded deals with a search seat of ``--level`` (``normal``, ``strong``, or the
catalogue's plain ``search`` seat) in seat 0 and the rule seat elsewhere, times every search
decision (decisions with a single legal move, or left to the rule seat, are not counted) and
prints the median, 90th and 99th percentiles and maximum, the mean numbers of worlds and
rollouts searched, and a digest of every move chosen (two runs with the same digest played the
very same moves).  Times are the CPU time of this thread (``time.thread_time``), like the
seat's own cap, so a busy machine reports the same figures as an idle one.  The levels are
meant to decide within about 0.3 s (normal) and 1 s (strong) median on the project machine;
this is the command that says whether they do.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from dataclasses import dataclass, field

from game.ai import make_seat, seat_kinds
from game.ai.levels import NoisySeat
from game.ai.search import DeterminizedSearch
from game.engine import GAMES, new_game

__all__ = ["Measured", "main", "measure"]


@dataclass
class Measured:
    """Every search decision of one bench case: its CPU time, worlds and rollouts, and a
    digest of every move seat 0 chose."""

    times: list[float] = field(default_factory=list)
    worlds: list[int] = field(default_factory=list)
    rollouts: list[int] = field(default_factory=list)
    digest: str = ""


def measure(game: str, players: int, deals: int, seed: int, level: str = "normal") -> Measured:
    """Seat 0 a search seat of ``level`` (the rule seat elsewhere) over ``deals`` seeded deals."""
    seat = make_seat(level, game)
    search = seat.seat if isinstance(seat, NoisySeat) else seat  # a normal that slips
    assert isinstance(search, DeterminizedSearch)
    rules = make_seat("rules", game)
    rng = random.Random(seed)
    out = Measured()
    digest = hashlib.sha256()
    for k in range(deals):
        state = new_game(game, players=players, seed=seed + k)
        while state.current_player is not None:  # the first deal, up to its scoring
            p = state.current_player
            legal = state.legal_moves()
            view = state.view(p)
            if state.controller(p) == 0:
                search.last_worlds = 0
                t = time.thread_time()
                move = seat.choose(view, legal, rng)
                if search.last_worlds:
                    out.times.append(time.thread_time() - t)
                    out.worlds.append(search.last_worlds)
                    out.rollouts.append(search.last_rollouts)
                digest.update(move.text.encode())
            else:
                move = rules.choose(view, legal, rng)
            state.play(move)
    out.digest = digest.hexdigest()[:12]
    return out


def _row(game: str, players: int, m: Measured) -> str:
    times = sorted(m.times)
    n = len(times)
    if not n:
        return f"| {game} | {players} | 0 | | | | | | | {m.digest} |"

    def at(q: float) -> float:
        return times[min(n - 1, int(n * q))]

    return (
        f"| {game} | {players} | {n} | {at(0.5):.3f} | {at(0.9):.3f} | {at(0.99):.3f} | "
        f"{times[-1]:.3f} | {sum(m.worlds) / n:.1f} | {sum(m.rollouts) / n:.0f} | {m.digest} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.search_bench", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--level",
        choices=["normal", "strong", "search", "steady", "flat", "tree"],
        help="seat 0's kind (default: normal, then strong)",
    )
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
    for level in [args.level] if args.level else ["normal", "strong"]:
        print(
            f"{level} search decisions of seat 0, {args.deals} deals each from seed "
            f"{args.seed}, CPU time of the searching thread"
        )
        print(
            "| game | players | decisions | median s | 90% s | 99% s | max s | worlds | rollouts "
            "| moves digest |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        for game, players in cases:
            m = measure(game, players, args.deals, args.seed, level)
            print(_row(game, players, m), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
