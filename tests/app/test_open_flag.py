"""``tavolo --open FILE``: a match file opens straight into the replay; a damaged file, one of a
newer version and one of a game this version does not know are each refused in one line on
the console, the app going on at its title, never a traceback."""

from __future__ import annotations

import json
import random

import pytest
from refused_files import REFUSED, refused_file
from test_cli import run

from game.app import build_parser, check_args
from game.engine import new_game
from game.ui.savegame import SAVE_FORMAT

#: the app with a stand-in replay scene that says which match it was given, then quits
REPLAY = """
import sys
import game.app
from game.ui import routes
from game.ui.scene import Scene

real = routes.scene_class

class Replay(Scene):
    def __init__(self, app, match, path):
        super().__init__(app)
        print("replay", match.state.name, len(match.state.history), match.setup.seats, path)

routes.scene_class = lambda name: Replay if name == "replay" else real(name)
raise SystemExit(game.app.main(sys.argv[1:]))
"""


def test_a_match_file_opens_in_the_replay(tmp_path):
    state = new_game("cattura", players=3, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    match = tmp_path / "tavolo-cattura-3p.json"
    seats = ["human", "easy", "strong"]
    match.write_text(json.dumps({"format": SAVE_FORMAT, "record": state.record(), "seats": seats}))
    done = run(tmp_path, "--open", str(match), "--frames", "2", code=REPLAY)
    assert done.returncode == 0, done.stderr
    said = f"replay cattura {len(state.history)} {seats} {match}"  # its file keeps a review
    assert done.stdout.splitlines()[-1] == said
    assert done.stderr == ""


@pytest.mark.parametrize("kind", REFUSED)
def test_a_file_that_cannot_be_opened_is_one_line_and_the_title(tmp_path, kind):
    bad, why = refused_file(tmp_path, kind)
    done = run(tmp_path, "--open", str(bad), "--frames", "2", code=REPLAY)
    assert done.returncode == 0, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"tavolo: The match file {bad} cannot be opened: ") and why in line
    assert "replay" not in done.stdout


@pytest.mark.parametrize("other", [["--game", "scopa"], ["--seed", "3"], ["--autoplay"]])
def test_open_takes_no_flags_of_a_new_match(other, capsys):
    parser = build_parser()
    args = parser.parse_args(["--open", "match.json", *other])
    with pytest.raises(SystemExit) as stop:
        check_args(parser, args)
    assert stop.value.code == 2
    assert "--open replays a match already played" in capsys.readouterr().err


def test_an_exported_match_opens_in_the_real_replay(tmp_path):
    """With the app's own replay scene: the window opens on it, nothing is said."""
    state = new_game("scopa", players=2, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        if state.between_deals:
            state.deal_next()
        else:
            state.play(rng.choice(state.legal_moves()))
    match = tmp_path / "tavolo-scopa-2p.json"
    data = {"format": SAVE_FORMAT, "record": state.record(), "seats": ["human", "normal"]}
    match.write_text(json.dumps(data))
    shot = tmp_path / "replay.png"
    done = run(tmp_path, "--open", str(match), "--frames", "3", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "cannot be opened" not in done.stderr
    assert shot.stat().st_size > 1000
