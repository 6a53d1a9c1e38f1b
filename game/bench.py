"""Speed figures: ``python -m game.bench`` prints random-play deals/s and moves/s per variant.

Every figure comes from a fresh match per deal played with uniformly random legal moves on one
core (this process), so it measures the engine's hot path: move generation and application.
``--ui`` measures the table instead (start-up to first frame, frame times).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from game.engine import GAMES, new_game
from game.sim import play_deal, random_chooser

__all__ = ["bench_engine", "main"]


def bench_engine(game: str, players: int, seconds: float) -> tuple[float, float, int]:
    """(deals per second, moves per second, deals played) for random play of one variant."""
    rng = random.Random(12345)
    choose = random_chooser(rng)
    warm_until = time.perf_counter() + min(0.5, seconds / 4)
    while time.perf_counter() < warm_until:  # fill caches and settle the CPU first
        play_deal(new_game(game, players=players, seed=-1), choose)
    deals = moves = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        state = new_game(game, players=players, seed=deals)
        moves += play_deal(state, choose)
        deals += 1
        now = time.perf_counter()
        if now >= end:
            break
    elapsed = now - start
    return deals / elapsed, moves / elapsed, deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per variant")
    parser.add_argument("--ui", action="store_true", help="measure the table's frame times")
    args = parser.parse_args(argv)
    if args.ui:
        from game.ui.benchmark import main as ui_main

        return ui_main(
            (["--game", args.game] if args.game else [])
            + (["--players", str(args.players)] if args.players else [])
        )
    print(f"random play, one core, {args.seconds:g} s per variant ({time.strftime('%Y-%m-%d')})")
    print(f"{'game':<10} {'players':>7} {'deals/s':>10} {'moves/s':>10}")
    for name in sorted(GAMES):
        if args.game and name != args.game:
            continue
        for players in GAMES[name].players:
            if args.players and players != args.players:
                continue
            dps, mps, _ = bench_engine(name, players, args.seconds)
            print(f"{name:<10} {players:>7} {dps:>10,.0f} {mps:>10,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
