"""The app around the table: command line, settings, saves, AI failures, crashes, autoplay."""

from __future__ import annotations

import json
import threading

import pygame
import pytest
from ui_harness import click, click_button, key, make_app, run_until, table_scene, user_dirs

from game.app import main
from game.engine import new_game
from game.ui.savegame import MatchSetup
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene
from game.ui.settings import Settings, load_settings, settings_path


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    return tmp_path


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--game", "poker"], "unknown game"),
        (["--players", "7"], "not 7"),
        (["--players", "3", "--seats", "human,rules"], "names 2 seats"),
        (["--players", "2", "--seats", "human,wizard"], "no seat kind 'wizard'"),
        (["--players", "6", "--deck", "italian"], "Italian"),
        (["--size", "big"], "size must look like"),
        (["--frobnicate"], "unrecognized arguments"),
    ],
)
def test_bad_flags_exit_2_with_a_message(argv, words, capsys, dirs):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "usage: tavolo" in err and words in err
    assert "Traceback" not in err


def test_cli_autoplay_runs_and_saves_a_screenshot(dirs):
    shot = dirs / "shot.png"
    code = main(
        [
            "--autoplay",
            "--players",
            "3",
            "--seed",
            "4",
            "--speed",
            "fast",
            "--frames",
            "90",
            "--screenshot",
            str(shot),
            "--size",
            "1024x640",
        ]
    )
    assert code == 0
    assert shot.is_file() and shot.stat().st_size > 10_000


def test_corrupt_settings_give_defaults_and_a_message(dirs):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    settings, msg = load_settings()
    assert settings == Settings()
    assert msg and "could not be read" in msg
    path.write_text(json.dumps({"deck": "klingon", "speed": "fast"}), encoding="utf-8")
    settings, msg = load_settings()
    assert settings.speed == "fast" and settings.deck == "french"
    assert msg and "deck" in msg
    path.write_text("[1, 2", encoding="utf-8")
    assert main(["--frames", "3"]) == 0  # starts, shows the message, no crash


def test_settings_are_saved_atomically(dirs):
    app = make_app()
    app.set_deck("italian")
    data = json.loads(settings_path().read_text())
    assert data["deck"] == "italian"
    assert not list(settings_path().parent.glob("*.tmp"))
    app.shutdown()


class Boom:
    name = "boom"

    def choose(self, view, legal, rng):
        raise RuntimeError("the seat broke")


class Hanging:
    """A seat that never answers until the test lets it go: slower than any timeout."""

    name = "hanging"

    def __init__(self):
        self.release = threading.Event()

    def choose(self, view, legal, rng):
        self.release.wait()
        return legal[0]


@pytest.mark.parametrize("seat", [Boom(), Hanging()])
def test_failing_ai_seat_falls_back_to_a_legal_move(dirs, seat):
    app = make_app(speed="instant")
    state = new_game("capodama", players=3, seed=5)
    table = TableScene(app, state, MatchSetup("capodama", 3, ["rules"] * 3, autoplay=True))
    table.model.ai.worker.timeout = table.model.ai.worker.backstop = 0.2
    for p in table.model.ai.seats:
        table.model.ai.seats[p] = seat
    app.push(table)
    assert run_until(app, lambda: len(table.model.state.history) >= 3, 50000)
    assert any("a legal move was played" in t for t in app.toasts.texts)
    if isinstance(seat, Hanging):
        seat.release.set()
    app.shutdown()


def test_a_crash_in_a_scene_shows_the_error_page_and_logs(dirs, monkeypatch):
    from game.ui.logsetup import setup_logging

    setup_logging()
    app = make_app()
    state = new_game("capodama", players=4, seed=1)
    table = TableScene(app, state, MatchSetup("capodama", 4, ["human", "rules", "rules", "rules"]))
    app.push(table)
    app.step()

    def broken(surface):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(table, "draw", broken)
    # a still table is not drawn again: a mouse move (input redraws everything) makes it
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step()
    assert isinstance(app.scenes.top, ErrorScene)
    assert app.crashed and "ZeroDivisionError" in app.crashed
    click_button(app, app.scenes.top, "title")
    app.step()
    assert app.scenes.top.__class__.__name__ == "TitleScene"
    app.shutdown()


def test_the_match_is_saved_and_continue_resumes_it(dirs):
    app = make_app(speed="instant")
    state = new_game("capodama", players=4, seed=8)
    table = TableScene(app, state, MatchSetup("capodama", 4, ["human", "rules", "rules", "rules"]))
    app.push(table)
    assert run_until(app, lambda: table.model.synced and table.model.prompt.kind != "", 2000)
    history = table.model.state.history
    app.scenes.reset(app.title_scene())
    app.step()
    title = app.scenes.top
    assert title.buttons[0].tag == "continue"
    click_button(app, title, "continue")
    resumed = table_scene(app)
    assert resumed is not table and resumed.model.state.history == history
    assert sum(len(h) for h in resumed.model.table.hands.values()) == 32 - sum(
        len(t[1]) for t in resumed.model.state.view(0).tricks
    ) - len(resumed.model.state.view(0).trick)
    app.shutdown()


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_autoplay_reaches_the_deal_summary(dirs, players):
    app = make_app(speed="instant")
    state = new_game("capodama", players=players, seed=players * 13)
    kinds = ["rules"] * players
    table = TableScene(app, state, MatchSetup("capodama", players, kinds, autoplay=True))
    app.push(table)
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 4000)
    assert table.model.state.view(0).points_won  # the engine scored the deal
    app.shutdown()


def test_a_click_moves_the_keyboard_focus_to_what_it_clicked(app):
    """After a click, Tab goes on from the clicked row, not from where the focus last was."""
    app.open("setup")
    app.step()
    setup = app.scenes.top
    players = setup.players
    click(app, setup.players_sel.right.rect.center)
    assert setup.players != players  # the click itself did its work
    key(app, pygame.K_TAB)  # the first key after the mouse shows the focus: on the clicked row
    assert setup.keys.current() is setup.players_sel
    key(app, pygame.K_TAB)
    live = setup.keys.live()
    assert live.index(setup.keys.current()) == live.index(setup.players_sel) + 1
