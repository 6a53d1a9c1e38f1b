"""Build Tavolo's standalone executable and print its size and start-up time.

    python build/make_exe.py              # dist/tavolo: one file to hand to a player
    python build/make_exe.py --onedir     # dist/tavolo-onedir/: a folder, starts faster

The build itself is ``build/tavolo.spec``; this script runs PyInstaller on it with the work
folder kept under ``build/work`` (ignored by git), then measures what the issue asks for: the
size a player downloads and the time from launch to the first frame.  The timing runs the
built program headless (SDL's dummy video and audio drivers) with ``--frames 1``.  When the app
reports the moment of its first frame (``TAVOLO_REPORT_FIRST_FRAME=1`` makes it print
``first-frame <epoch seconds>``, as ``game.tools.ui_bench`` uses), the figure is launch to that
moment; otherwise it is the whole run, launch to exit, an upper bound.  Either way it covers
unpacking, Python start-up, the imports, the window and the first drawn frame.  Each timed run
gets an empty temporary HOME and working folder, so measuring never touches the builder's own
settings.

The functions are also used by ``tests/app/test_exe.py``, which builds into a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "tavolo.spec"
SIZE_TARGET_MB = 30.0
START_TARGET_S = 1.0


def build(
    *, onedir: bool = False, distpath: Path | None = None, workpath: Path | None = None
) -> Path:
    """Run PyInstaller on the spec and return the path of the built executable."""
    distpath = (distpath or ROOT / "dist").resolve()
    workpath = (workpath or ROOT / "build" / "work").resolve()
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(SPEC),
        "--noconfirm",
        "--log-level=WARN",
        f"--distpath={distpath}",
        f"--workpath={workpath / ('onedir' if onedir else 'onefile')}",
    ]
    if onedir:
        cmd += ["--", "--onedir"]
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")  # pygame's hello during analysis
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    exe = distpath / "tavolo-onedir" / "tavolo" if onedir else distpath / "tavolo"
    if sys.platform == "win32":
        exe = exe.with_suffix(".exe")
    if not exe.is_file():
        raise SystemExit(f"PyInstaller finished but {exe} is missing")
    return exe


def size_bytes(path: Path) -> int:
    """The size a player gets: the file, or the whole folder for a one-folder build."""
    if path.is_file():
        return path.stat().st_size
    # PyInstaller links some libraries into place: count each file once, not via its links
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def headless_env(home: Path, path_dirs: str) -> dict[str, str]:
    """A fresh environment for one run: a temporary HOME and user folders, no Python around.

    Built from nothing rather than copied from ``os.environ`` so the frozen app cannot lean on
    the builder's virtualenv, PYTHONPATH or settings.
    """
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "PATH": path_dirs,
        "LANG": "C.UTF-8",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    if sys.platform == "win32":  # Windows needs these to start any program
        for key in ("SYSTEMROOT", "WINDIR", "TEMP", "TMP"):
            if key in os.environ:
                env[key] = os.environ[key]
    return env


def time_launches(exe: Path, runs: int) -> tuple[list[float], bool]:
    """Seconds from launch to first frame of ``exe --frames 1``, for each of ``runs`` launches.

    The second value says whether the app reported its first frame (True) or the figures are
    launch-to-exit (False).
    """
    times, reported = [], True
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="tavolo-time-") as tmp:
            home, cwd = Path(tmp) / "home", Path(tmp) / "run"
            home.mkdir()
            cwd.mkdir()
            env = headless_env(home, os.defpath)
            env["TAVOLO_REPORT_FIRST_FRAME"] = "1"
            t0 = time.time()
            start = time.perf_counter()
            proc = subprocess.run(
                [str(exe), "--frames", "1"], cwd=cwd, env=env, capture_output=True, text=True
            )
            whole = time.perf_counter() - start
            if proc.returncode != 0:
                raise SystemExit(
                    f"{exe} --frames 1 exited {proc.returncode}:\n{proc.stderr.strip()}"
                )
            first = [ln.split()[1] for ln in proc.stdout.splitlines() if ln.startswith("first-")]
            if first:
                times.append(float(first[0]) - t0)
            else:
                times.append(whole)
                reported = False
    return times, reported


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--onedir", action="store_true", help="one-folder build (starts faster)")
    p.add_argument("--runs", type=int, default=7, help="timed launches (default 7)")
    p.add_argument("--no-build", action="store_true", help="only measure the existing build")
    p.add_argument("--distpath", type=Path, default=ROOT / "dist", help="output folder")
    args = p.parse_args(argv)

    if shutil.which("pyinstaller") is None:
        try:
            import PyInstaller  # noqa: F401
        except ImportError:
            print("PyInstaller is missing: pip install -e '.[build]'", file=sys.stderr)
            return 2

    if args.no_build:
        exe = args.distpath / ("tavolo-onedir/tavolo" if args.onedir else "tavolo")
    else:
        started = time.perf_counter()
        exe = build(onedir=args.onedir, distpath=args.distpath)
        print(f"built {exe} in {time.perf_counter() - started:.0f} s")

    shipped = exe.parent if args.onedir else exe
    mb = size_bytes(shipped) / 1e6
    if args.onedir:  # the size target is for the one file a player downloads
        print(f"size: {mb:.1f} MB (folder, uncompressed; the one-file build is the download)")
    else:
        verdict = "within" if mb < SIZE_TARGET_MB else "OVER"
        print(f"size: {mb:.1f} MB (one file), {verdict} the {SIZE_TARGET_MB:.0f} MB target")

    if args.runs > 0:
        times, reported = time_launches(exe, args.runs + 1)
        times = times[1:]  # the first launch only warms the disk cache
        median = statistics.median(times)
        verdict = "within" if median < START_TARGET_S else "OVER"
        what = "launch to first frame" if reported else "launch to first frame and exit"
        print(
            f"{what}, {len(times)} runs after one warm-up: "
            f"median {median:.2f} s, min {min(times):.2f} s, max {max(times):.2f} s, "
            f"{verdict} the {START_TARGET_S:.0f} s target"
        )
        if hasattr(os, "getloadavg"):
            load = os.getloadavg()[0]
            print(f"(load average while measuring: {load:.1f} on {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
