"""The command line as a player runs it: every invalid value exits 2 with the usage, a screenshot
that cannot be written exits 1, and no path shows a traceback on the console."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, *args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` (or ``python -c CODE ARGS``) headless, with its own user folders."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    head = ["-c", code] if code else ["-m", "game"]
    return subprocess.run(
        [sys.executable, *head, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )


@pytest.mark.parametrize(
    "args, words",
    [
        (["--players", "0"], "at least 1 player"),
        (["--players", "-3"], "at least 1 player"),
        (["--players", "two"], "number of players"),
        (["--game", ""], "unknown game ''"),
        (["--players", "1", "--seats", ""], "no seat kind ''"),
        (["--game", "scopa", "--seats", ","], "no seat kind ''"),
        (["--game", "scopa", "--players", "2", "--seats", "human,solver"], "no seat kind 'solver'"),
        (["--players", "4", "--seats", "human,solver,rules,rules"], "no seat kind 'solver'"),
    ],
)
def test_every_invalid_value_exits_2_with_the_usage(tmp_path, args, words):
    done = run(tmp_path, *args, "--frames", "1")
    assert done.returncode == 2, done.stderr
    assert "usage: tavolo" in done.stderr and words in done.stderr
    assert "Traceback" not in done.stderr


def test_the_solver_seat_is_offered_for_the_solitaire(tmp_path):
    from game.app import build_parser, check_args

    parser = build_parser()
    args = parser.parse_args(["--players", "1", "--seats", "solver"])
    check_args(parser, args)
    assert args.game == "capodama" and args.seat_list == ["solver"]


def test_the_help_names_every_game_of_the_catalogue(monkeypatch):
    """A game added to the catalogue is named in ``--help`` with the others: the description
    is read from the catalogue, not written out."""
    import dataclasses

    from game.app import build_parser
    from game.catalog import CATALOG
    from game.engine import GAMES

    monkeypatch.setitem(GAMES, "newer", dataclasses.replace(GAMES["cattura"], title="Newer"))
    monkeypatch.setitem(CATALOG, "newer", dataclasses.replace(CATALOG["cattura"], name="newer"))
    said = build_parser().description or ""
    assert all(t in said for t in ("Newer", "Scopa", "Tressette", "Cattura"))
    assert "Capodama (and its solitaire)" in said


@pytest.mark.parametrize("game", ["capodama", "scopa", "tressette", "cattura"])
def test_the_levels_are_seat_kinds_and_normal_is_the_default_ai(game):
    from game.app import build_parser, check_args

    parser = build_parser()
    args = parser.parse_args(
        ["--game", game, "--players", "4", "--seats", "human,normal,strong,easy"]
    )
    check_args(parser, args)
    assert args.seat_list == ["human", "normal", "strong", "easy"]
    args = parser.parse_args(["--game", game, "--players", "4"])
    check_args(parser, args)
    assert args.seat_list == ["human", "normal", "normal", "normal"]
    args = parser.parse_args(
        ["--game", game, "--players", "4", "--seats", "human,rules,search,random"]
    )
    check_args(parser, args)  # the tools' kinds stay available
    assert args.seat_list == ["human", "rules", "search", "random"]


def test_a_screenshot_that_cannot_be_written_exits_1(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the screenshot's folder should be", encoding="utf-8")
    shot = blocker / "shot.png"
    done = run(tmp_path, "--autoplay", "--players", "2", "--frames", "2", "--screenshot", str(shot))
    assert done.returncode == 1
    assert f"could not write the screenshot {shot}" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_screenshot_written_exits_0(tmp_path):
    shot = tmp_path / "shot.png"
    done = run(tmp_path, "--autoplay", "--players", "2", "--frames", "2", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert shot.stat().st_size > 1000


CRASH = """
import sys
import game.app

def boom(args):
    raise RuntimeError("the table broke")

game.app._run = boom
raise SystemExit(game.app.main(sys.argv[1:]))
"""


def test_an_unexpected_error_shows_the_message_and_the_log_path_only(tmp_path):
    done = run(tmp_path, "--frames", "1", code=CRASH)
    assert done.returncode == 1
    log_file = tmp_path / "state" / "tavolo" / "log" / "tavolo.log"
    assert done.stderr.strip() == (
        f"Tavolo stopped on an unexpected error; the details are in {log_file}."
    )
    logged = log_file.read_text(encoding="utf-8")
    assert "Traceback" in logged and "the table broke" in logged


def test_stale_temporary_files_are_swept_at_start(tmp_path):
    folders = [tmp_path / "config" / "tavolo", tmp_path / "data" / "tavolo" / "history"]
    stale = []
    for folder in folders:
        folder.mkdir(parents=True)
        path = folder / "match.json.k1ll3d.tmp"
        path.write_text('{"half', encoding="utf-8")
        os.utime(path, (1_000_000_000, 1_000_000_000))
        stale.append(path)
    done = run(tmp_path, "--frames", "1")
    assert done.returncode == 0, done.stderr
    assert not any(p.exists() for p in stale)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifos_named_like_our_files_do_not_hang_start_up(tmp_path):
    for path in (
        tmp_path / "config" / "tavolo" / "settings.json",
        tmp_path / "state" / "tavolo" / "log" / "tavolo.log",
    ):
        path.parent.mkdir(parents=True)
        os.mkfifo(path)
    done = run(tmp_path, "--frames", "1")  # the timeout fails the test instead of hanging it
    assert done.returncode == 0, done.stderr
    assert "cannot write a log file" in done.stderr and "Traceback" not in done.stderr


def _as_a_player() -> list[str]:
    """The command prefix that runs a process without root's power over file permissions
    (nothing for a normal user); skips the test where root cannot shed it."""
    if os.name != "posix":
        pytest.skip("needs POSIX file permissions")
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("root reads any folder, and setpriv is not here to drop that")
    return [setpriv, "--inh-caps=-all", "--bounding-set=-all", "--"]


def test_a_data_folder_without_permission_is_said_once_and_play_goes_on(tmp_path):
    folder = tmp_path / "data" / "tavolo"
    folder.mkdir(parents=True)
    folder.chmod(0)
    try:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        for var, sub in (("CONFIG", "config"), ("DATA", "data"), ("STATE", "state")):
            env[f"XDG_{var}_HOME"] = str(tmp_path / sub)
        done = subprocess.run(
            [*_as_a_player(), sys.executable, "-m", "game", "--game", "scopa", "--players", "2",
             "--seats", "rules,rules", "--speed", "instant", "--frames", "150"],
            capture_output=True, text=True, timeout=120, cwd=ROOT, env=env,
        )  # fmt: skip
    finally:
        folder.chmod(0o700)
    assert done.returncode == 0, done.stderr
    assert "unexpected error" not in done.stderr and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines[0] == f"tavolo: the data folder {folder} cannot be used: Permission denied"
    assert sum("could not save the match" in line for line in lines) == 1, lines


def _refused(capsys, *args: str) -> str:
    from game.app import build_parser, check_args

    parser = build_parser()
    with pytest.raises(SystemExit) as stop:
        check_args(parser, parser.parse_args(list(args)))
    assert stop.value.code == 2
    return capsys.readouterr().err.splitlines()[-1]


def test_a_long_value_is_quoted_short_in_the_error(capsys):
    huge = "9" * 5000
    for args in (
        ["--seed", huge],
        ["--seed", "9" * 400],
        ["--players", "x" * 400],
        ["--game", "y" * 400],
        ["--players", "2", "--seats", "human," + "z" * 400],
    ):
        said = _refused(capsys, *args)
        assert len(said) < 200, said
    assert _refused(capsys, "--seed", huge).endswith(
        f"expected a deal number, not '{'9' * 17}...{'9' * 18}'"
    )
    assert _refused(capsys, "--seed", "9" * 19).endswith(
        f"expected a deal number up to {'9' * 18}, not {'9' * 19}"
    )


def test_names_are_trimmed_like_the_seats():
    from game.app import build_parser, check_args

    parser = build_parser()
    args = parser.parse_args(["--game", " Scopa ", "--deck", "Italian ", "--speed", " fast"])
    check_args(parser, args)
    assert (args.game, args.deck, args.speed, args.seat_list) == (
        "scopa", "italian", "fast", ["human", "normal", "normal", "normal"],
    )  # fmt: skip
