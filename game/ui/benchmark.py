"""UI figures: start-up time to the first frame, and frame times of an autoplayed deal.

``python -m game.bench --ui`` (or ``python -m game.ui.benchmark``) prints:

- launch to first frame: a fresh ``python -m game --frames 1`` process, timed from just before
  it is started to the moment its first frame is on screen (the app reports that moment when
  ``TAVOLO_REPORT_FIRST_FRAME`` is set);
- for 1280×720 and 1920×1080: the work time of every frame (events, update, draw, flip; not the
  wait for the next 60 Hz tick) while AI seats play one deal at normal speed, with all
  animations, from the deal to the summary; median and 99th percentile.  ``--game`` and
  ``--players`` choose the deal (default: 4-player Capodama).

Without a display it uses SDL's dummy video driver, i.e. pygame's software renderer.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def startup_time(runs: int = 3) -> float:
    """Best of ``runs`` launches: seconds from process start to its first frame."""
    env = dict(os.environ, TAVOLO_REPORT_FIRST_FRAME="1", SDL_AUDIODRIVER="dummy")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    best = float("inf")
    for _ in range(runs):
        t0 = time.time()
        out = subprocess.run(
            [sys.executable, "-m", "game", "--frames", "1"],
            env=env, capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        for line in out.stdout.splitlines():
            if line.startswith("first-frame "):
                best = min(best, float(line.split()[1]) - t0)
    return best


def frame_times(
    size: tuple[int, int], seed: int = 21, players: int = 4, game: str = "capodama"
) -> list[float]:
    """Frame work times (s) while AI seats play one deal, dealing to summary, at normal speed."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.engine import new_game

    from .runner import App
    from .savegame import MatchSetup
    from .scenes.summary import SummaryScene
    from .scenes.table import TableScene
    from .settings import Settings

    app = App(Settings(speed="normal"), size=size, fullscreen=False, persist=False)
    app.scenes.push(app.title_scene())
    state = new_game(game, players=players, seed=seed)
    table = TableScene(app, state, MatchSetup(game, players, ["rules"] * players, True))
    app.push(table)
    app.frame_times = []
    while app.step():
        if isinstance(app.scenes.top, SummaryScene) or app.frame > 60 * 120:
            break
    times = app.frame_times
    app.shutdown()
    return times


def _frame_times_fresh(size: tuple[int, int], game: str, players: int) -> list[float]:
    """Frame times measured in a fresh process, so no size benefits from another's caches."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    out = subprocess.run(
        [
            sys.executable, "-m", "game.ui.benchmark", "--size", f"{size[0]}x{size[1]}",
            "--game", game, "--players", str(players),
        ],
        env=env, capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    return [float(v) for v in out.stdout.split()[-100000:] if v.replace(".", "", 1).isdigit()]


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench --ui", description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="launches for the start-up time")
    parser.add_argument("--size", help=argparse.SUPPRESS)  # one size, in this process
    parser.add_argument("--game", default="capodama", help="the game to play (capodama)")
    parser.add_argument("--players", type=int, help="players (4 where allowed)")
    args = parser.parse_args(argv)
    from game.engine import GAMES

    if args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}: {', '.join(sorted(GAMES))}")
    allowed = GAMES[args.game].players
    players = args.players or (4 if 4 in allowed else allowed[0])
    if players not in allowed:
        parser.error(f"{args.game} is played by {', '.join(map(str, allowed))} players")
    if args.size:
        w, h = (int(v) for v in args.size.split("x"))
        times = frame_times((w, h), players=players, game=args.game)
        print(" ".join(f"{t:.6f}" for t in times))
        return 0
    driver = os.environ.get("SDL_VIDEODRIVER") or ("x11" if os.environ.get("DISPLAY") else "dummy")
    print(f"Tavolo UI bench ({time.strftime('%Y-%m-%d')}, SDL video driver: {driver})")
    first = startup_time(args.runs)
    print(f"launch to first frame: {first:.3f} s (best of {args.runs}; target < 0.5 s)")
    for size in ((1280, 720), (1920, 1080)):
        times = _frame_times_fresh(size, args.game, players)
        med = statistics.median(times) * 1000
        worst = p99(times) * 1000
        print(
            f"{size[0]}x{size[1]}: {len(times)} frames of a {players}-player {args.game} deal: "
            f"median {med:.2f} ms, p99 {worst:.2f} ms, max {max(times) * 1000:.1f} ms "
            "(target p99 < 8 ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
