"""UI figures: start-up to the first frame, frame costs of a deal, and the cost of waiting.

``python -m game.tools.bench --ui`` (or ``python -m game.tools.ui_bench``) prints, in whatever SDL
video driver is set (it says which; the dummy driver when there is no display):

- start-up: fresh ``python -m game --frames 1`` processes (the title), each reporting the CPU
  time of the whole process (all threads, user + system) and the moment of its first frame
  (``TAVOLO_REPORT_FIRST_FRAME``).  Compiled bytecode is used as an installed app would: where
  writing it is turned off, it goes to a temporary folder and the first, compiling launch is
  not counted.  Each launch gets empty temporary user folders;
- frames, at 1280×720 and 1920×1080: while AI seats play one deal at normal speed in real time
  (60 Hz), from the deal to the summary, the CPU time of the main thread (``thread_time``) and
  the wall time of each frame's work (events, update, draw, present; not the sleep between
  frames), p50 / p95 / p99 / max, and the CPU over the whole deal as a share of one core: the
  main thread's, and all threads' (AI seats thinking, pictures loading, SDL presenting).
  ``--game`` and ``--players`` choose the deal (default: 4-player Capodama);
- idle: the CPU of the whole process, as a share of one core, over ``--idle`` seconds while the
  table waits for the human to play, and how many frames drew anything.

Each figure comes from a fresh process.  Beside each, the same measurement of the *reference*
loop, the one before the app drew only what changed: every frame drawn whole, never sleeping,
presented through SDL's default framebuffer (an OpenGL texture where SDL picks one).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.catalog import first

SIZES = ((1280, 720), (1920, 1080))


# -- in the measured process ------------------------------------------------------------------
def _app(size: tuple[int, int], reference: bool, **kw: Any) -> Any:
    from game.ui.runner import App
    from game.ui.settings import Settings

    app = App(Settings(speed="normal"), size=size, fullscreen=False, persist=False, **kw)
    app.redraw_all = reference
    app.scenes.push(app.title_scene())
    return app


def _table(app: Any, game: str, players: int, seats: list[str], seed: int = 21) -> Any:
    from game.engine import new_game
    from game.ui.savegame import MatchSetup
    from game.ui.scenes.table import TableScene

    state = new_game(game, players=players, seed=seed)
    table = TableScene(app, state, MatchSetup(game, players, seats, "human" not in seats))
    app.push(table)
    return table


def measure_deal(size: tuple[int, int], game: str, players: int, reference: bool) -> dict:
    """Frame costs while AI seats play one deal in real time, dealing to summary."""
    import pygame

    from game.ui.scenes.summary import SummaryScene

    app = _app(size, reference)
    _table(app, game, players, ["rules"] * players)
    app.frame_times = []
    start, cpu, process = time.perf_counter(), time.thread_time(), time.process_time()
    while app.step():
        if isinstance(app.scenes.top, SummaryScene) or app.frame > 60 * 300:
            break
    wall = time.perf_counter() - start
    out = {
        "driver": pygame.display.get_driver(),
        "frames": app.frame_times,
        "drawn": app.drawn_frames,
        "seconds": wall,
        "cpu": time.thread_time() - cpu,
        "process": time.process_time() - process,
    }
    app.shutdown()
    return out


def measure_idle(size: tuple[int, int], seconds: float, reference: bool) -> dict:
    """Process CPU while the table waits for the human (reached fast-forward, then real time)."""
    import pygame

    app = _app(size, reference, fixed_dt=1 / 60, fps=0)
    table = _table(app, first().name, 4, ["human", "rules", "rules", "rules"])
    for _ in range(60 * 600):
        app.step()
        if table.model.synced and table.model.prompt.kind and not table.model.busy():
            break
    for _ in range(60 * 10):  # the glow's breath and the card pictures still to prepare
        app.step()
    app.fixed_dt, app.fps = None, 60
    steps, drawn = app.frame, app.drawn_frames
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        app.step()
    wall, busy = time.perf_counter() - start, time.process_time() - cpu
    out = {
        "driver": pygame.display.get_driver(),
        "share": busy / wall,
        "steps": app.frame - steps,
        "drawn": app.drawn_frames - drawn,
        "seconds": wall,
        "waiting": table.model.prompt.kind,
    }
    app.shutdown()
    return out


# -- the report ---------------------------------------------------------------------------------
def _env(reference: bool = False) -> dict[str, str]:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy")
    if not any(env.get(v) for v in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")):
        env["SDL_VIDEODRIVER"] = "dummy"  # no display: pygame's software renderer alone
    if reference:
        env["SDL_FRAMEBUFFER_ACCELERATION"] = "1"  # SDL's own choice before the app's hint
    return env


def _child(args: list[str], reference: bool) -> dict:
    """Run one measurement in a fresh process; its JSON answer."""
    cmd = [sys.executable, "-m", "game.tools.ui_bench", "--child", *args]
    if reference:
        cmd.append("--reference")
    out = subprocess.run(
        cmd, env=_env(reference), capture_output=True, text=True, timeout=900, check=True
    )
    answer: dict = json.loads(out.stdout.strip().splitlines()[-1])
    return answer


def startup(runs: int) -> tuple[list[float], list[float], str]:
    """CPU and wall seconds to the first frame of ``runs`` launches, and how bytecode was had."""
    with tempfile.TemporaryDirectory(prefix="tavolo-bench-") as tmp:
        env = _env()
        env["TAVOLO_REPORT_FIRST_FRAME"] = "1"
        for var, sub in (("HOME", "home"), ("XDG_CONFIG_HOME", "c"), ("XDG_DATA_HOME", "d")):
            env[var] = str(Path(tmp) / sub)
        env["XDG_STATE_HOME"] = str(Path(tmp) / "s")
        note = "compiled bytecode"
        if env.pop("PYTHONDONTWRITEBYTECODE", None) or sys.dont_write_bytecode:
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
            note = "bytecode compiled once into a temporary folder, that launch not counted"
            runs += 1
        cpus: list[float] = []
        walls: list[float] = []
        for _ in range(runs):
            t0 = time.time()
            out = subprocess.run(
                [sys.executable, "-m", "game", "--frames", "1"],
                env=env, capture_output=True, text=True, timeout=120, check=True,
            )  # fmt: skip
            for line in out.stdout.splitlines():
                parts = line.split()
                if parts[:1] == ["first-frame"] and len(parts) >= 4:
                    walls.append(float(parts[1]) - t0)
                    cpus.append(float(parts[3]))
        if note != "compiled bytecode":
            cpus, walls = cpus[1:], walls[1:]
    return cpus, walls, note


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _spread(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"p50 {percentile(ms, 0.5):.2f} / p95 {percentile(ms, 0.95):.2f} / "
        f"p99 {percentile(ms, 0.99):.2f} / max {max(ms):.1f} ms"
    )


def _deal_lines(size: tuple[int, int], game: str, players: int) -> list[str]:
    lines = []
    for reference in (False, True):
        r = _child(["deal", f"{size[0]}x{size[1]}", game, str(players)], reference)
        walls = [w for w, _ in r["frames"]]
        cpus = [c for _, c in r["frames"]]
        who = "reference" if reference else "this loop"
        lines.append(
            f"  {who:<9} {len(cpus)} frames ({r['drawn']} drawn) in {r['seconds']:.1f} s, "
            f"UI thread {100 * r['cpu'] / r['seconds']:.1f}% of a core, all threads "
            f"{100 * r['process'] / r['seconds']:.1f}%\n"
            f"            frame CPU  {_spread(cpus)}\n"
            f"            frame wall {_spread(walls)}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench --ui", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="launches for the start-up figure")
    parser.add_argument("--idle", type=float, default=4.0, help="seconds of waiting measured")
    parser.add_argument("--game", default=first().name, help=f"the game dealt ({first().name})")
    parser.add_argument("--players", type=int, help="players (4 where allowed)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)  # one measurement, here
    parser.add_argument("--reference", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _run_child(args.child, args.reference)
    from game.engine import GAMES

    if args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}: {', '.join(sorted(GAMES))}")
    allowed = GAMES[args.game].players
    players = args.players or (4 if 4 in allowed else allowed[0])
    if players not in allowed:
        parser.error(f"{args.game} is played by {', '.join(map(str, allowed))} players")
    driver = _child(["driver"], False)["driver"]
    print(f"Tavolo UI bench ({time.strftime('%Y-%m-%d')}), SDL video driver: {driver}")
    cpus, walls, note = startup(args.runs)
    print(
        f"start-up to the first frame, {len(cpus)} launches ({note}): CPU median "
        f"{statistics.median(cpus):.3f} s, best {min(cpus):.3f} s; wall median "
        f"{statistics.median(walls):.3f} s (target CPU <= 0.5 s)"
    )
    for size in SIZES:
        print(f"{size[0]}x{size[1]}, a {players}-player {args.game} deal (target p99 CPU <= 8 ms):")
        for line in _deal_lines(size, args.game, players):
            print(line)
    for size in SIZES[:1]:
        print(f"idle at the human's turn, {size[0]}x{size[1]}, {args.idle:g} s (target <= 2%):")
        for reference in (False, True):
            r = _child(["idle", f"{size[0]}x{size[1]}", str(args.idle)], reference)
            who = "reference" if reference else "this loop"
            print(
                f"  {who:<9} {100 * r['share']:.2f}% of a core, {r['steps']} frames, "
                f"{r['drawn']} drawn"
            )
    return 0


def _run_child(spec: list[str], reference: bool) -> int:
    kind, rest = spec[0], spec[1:]
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if kind == "driver":
        import pygame

        pygame.display.init()
        pygame.display.set_mode((64, 64))
        print(json.dumps({"driver": pygame.display.get_driver()}))
        return 0
    w, h = (int(v) for v in rest[0].split("x"))
    if kind == "deal":
        print(json.dumps(measure_deal((w, h), rest[1], int(rest[2]), reference)))
    else:
        print(json.dumps(measure_idle((w, h), float(rest[1]), reference)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
