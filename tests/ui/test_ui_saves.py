"""Matches kept per game: the title's list, the question before replacing one, the history, and
saves that fail or cannot be read told to the player, never written over, never a crash."""

from __future__ import annotations

import errno
import json
import os
import random
import time

import pygame
import pytest
from ui_harness import (
    click,
    click_button,
    human_turn,
    key,
    make_app,
    quick_seats,
    run_until,
    table_scene,
    user_dirs,
)

from game.engine import new_game
from game.ui import storage
from game.ui.runner import App
from game.ui.savegame import (
    ONLINE,
    MatchSetup,
    history,
    history_dir,
    keep_in_history,
    legacy_path,
    load_slot,
    read_match,
    save_match,
    save_path,
    slot_of,
)
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.title import TitleScene


@pytest.fixture
def told(tmp_path, monkeypatch):
    """Temporary user folders, and every toast and notice the app shows, in order (the toasts
    on screen are only the last few)."""
    user_dirs(tmp_path, monkeypatch)
    texts: list[str] = []
    toast, notice = App.toast, App.notice

    def told_toast(self, text, kind="info", ttl=3.0):
        texts.append(text)
        toast(self, text, kind, ttl)

    def told_notice(self, text):
        texts.append(text)
        notice(self, text)

    monkeypatch.setattr(App, "toast", told_toast)
    monkeypatch.setattr(App, "notice", told_notice)
    return texts


def played(game: str, players: int, moves: int, seed: int = 3):
    """A match of ``game`` with ``moves`` random legal moves made."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_moves()))
    return state


def saved(game: str, players: int, moves: int = 6, seed: int = 3):
    state = played(game, players, moves, seed)
    seats = ["human"] + ["rules"] * (players - 1)
    assert save_match(state, MatchSetup(game, players, seats)) is None
    return state


def setup_for(app: App, game: str, players: int) -> SetupScene:
    """Title → New game, the game and player count chosen (not started)."""
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    while setup.game != game:
        click(app, setup.game_sel.right.rect.center)
    while setup.players != players:
        click(app, setup.players_sel.right.rect.center)
    quick_seats(setup)
    return setup


def to_title(app: App) -> TitleScene:
    app.scenes.reset(app.title_scene())
    app.step()
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    return title


def play_until_saved(app: App, game: str, players: int):
    setup = setup_for(app, game, players)
    click(app, setup.start.rect.center)
    table = table_scene(app)
    assert table is not None and table.model.state.name == game
    assert run_until(app, lambda: human_turn(table), 3000)
    return table


def play_three_cards(app: App):
    """A Scopa match from the table: three cards played by clicks, then the human's turn."""
    from ui_harness import sprite_center, start_game

    table = start_game(app, "scopa", 2, seed=5)
    for _ in range(3):
        assert run_until(app, lambda: human_turn(table), 3000)
        sp = next(s for s in table.model.table.hands[0] if s.card in table.model.legal_cards())
        click(app, sprite_center(table, sp))
    assert run_until(app, lambda: human_turn(table), 3000)
    return table


def test_a_new_match_of_another_game_keeps_the_first(told):
    app = make_app(speed="instant")
    scopa = play_until_saved(app, "scopa", 2)
    scopa_moves = scopa.model.state.history
    to_title(app)
    play_until_saved(app, "tressette", 4)
    title = to_title(app)
    games = {m.state.name: m.state.history for m in title.matches}
    assert set(games) == {"scopa", "tressette"}
    assert games["scopa"] == scopa_moves
    app.shutdown()


def test_the_same_game_asks_first_and_keep_it_keeps_the_match(told):
    before = saved("scopa", 2, moves=9)
    app = make_app(speed="instant")
    setup = setup_for(app, "scopa", 2)
    click(app, setup.start.rect.center)
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene)
    assert ask.question.startswith("Replace your Scopa match (2 players, deal 1, ")
    click_button(app, ask, "no")  # Keep it
    assert app.scenes.top is setup and table_scene(app) is None
    kept = json.loads(save_path("scopa").read_text())
    assert kept["record"]["moves"] == before.history
    click(app, setup.start.rect.center)
    click_button(app, app.scenes.top, "yes")  # Replace
    table = table_scene(app)
    assert table is not None and len(table.model.state.history) < len(before.history)
    app.shutdown()


def test_a_new_solitaire_asks_before_replacing_the_saved_one(told):
    saved("capodama", 1, moves=5)
    app = make_app(speed="instant")
    click_button(app, app.scenes.top, "solitaire")
    click_button(app, app.scenes.top, "deal")  # the solitaire's start: its row, then Start
    assert isinstance(app.scenes.top, ConfirmScene)
    click_button(app, app.scenes.top, "no")
    assert isinstance(app.scenes.top, TitleScene) and table_scene(app) is None
    assert len(json.loads(save_path("capodama-1").read_text())["record"]["moves"]) == 5
    app.shutdown()


def test_the_title_lists_each_match_and_each_resumes(told):
    scopa = saved("scopa", 2, moves=7)
    tressette = saved("tressette", 4, moves=5)
    app = make_app(speed="instant")
    title = app.scenes.top
    labels = [b.label for b in title.match_buttons]
    assert len(labels) == 2 and labels[0].startswith("Tressette, 4 players, deal 1")
    assert labels[1].startswith("Scopa, 2 players, deal 1, ") and "today" in labels[1]
    assert title.buttons[0].tag == "continue"
    for tag, state in (("continue", tressette), ("continue scopa", scopa)):
        click_button(app, to_title(app), tag)
        table = table_scene(app)
        assert table is not None and table.model.state.history == state.history
    app.shutdown()


def test_five_matches_fit_the_title_at_1024x600(told):
    for game, players in (("capodama", 4), ("capodama", 1), ("scopa", 2), ("cattura", 2)):
        saved(game, players)
    saved("tressette", 3)
    app = make_app(size=(1024, 600))
    title = app.scenes.top
    shown = title.buttons
    assert len(title.match_buttons) == 5 and all(b in shown for b in title.match_buttons)
    window = app.screen.get_rect()
    for i, b in enumerate(shown):
        assert window.contains(b.rect)
        assert not any(b.rect.colliderect(o.rect) for o in shown[i + 1 :])
    app.shutdown()


def test_a_read_only_data_folder_is_told_once_and_the_game_goes_on(told, monkeypatch):
    tries = []

    def read_only(path, value):
        tries.append(path)
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr(storage, "write_json_atomic", read_only)
    app = make_app(speed="instant")
    table = play_three_cards(app)
    assert len(tries) >= 3 and len(table.model.state.history) >= 3  # the game went on
    warned = [t for t in told if t.startswith("Could not save the match in ")]
    folder = storage.data_dir()
    assert warned == [
        f"Could not save the match in {folder}: read-only file system. Your game goes on; "
        "it will be saved when this is fixed."
    ]
    key(app, pygame.K_ESCAPE, frames=2)  # the menu says leaving now loses the match
    assert "(read-only file system): leaving now loses them" in app.scenes.top.warning
    app.crash(RuntimeError("boom"))
    page = app.scenes.top
    assert isinstance(page, ErrorScene)
    assert "could not be saved" in page.text and "was saved after" not in page.text
    app.shutdown()


def test_the_error_page_says_the_match_was_saved_only_when_it_was(told):
    from ui_harness import start_game

    app = make_app(speed="instant")
    app.crash(RuntimeError("on the title"))
    assert "saved" not in app.scenes.top.text  # no match was played: no word about one
    app.scenes.reset(app.title_scene())
    table = start_game(app, "scopa", 2, seed=5)
    assert run_until(app, lambda: human_turn(table), 3000)
    app.crash(RuntimeError("at the table"))
    assert "Your match was saved after the last move" in app.scenes.top.text
    app.shutdown()


def test_damaged_newer_and_badly_seated_saves_are_set_aside_or_left_told_once(told):
    folder = storage.data_dir()
    folder.mkdir(parents=True)
    save_path("scopa").write_text("{not json", encoding="utf-8")
    newer = json.dumps({"format": "tavolo-save/2", "anything": [1, 2, 3]})
    save_path("tressette").write_text(newer, encoding="utf-8")
    record = played("cattura", 2, 4).record()
    for slot, seats in (("cattura", "hr"), ("capodama", ["human", "wizard"])):
        if slot == "capodama":
            record = played("capodama", 2, 4).record()
        data = {"format": "tavolo-save/1", "record": record, "seats": seats}
        save_path(slot).write_text(json.dumps(data), encoding="utf-8")
    app = make_app(speed="instant")
    title = app.scenes.top
    assert isinstance(title, TitleScene) and title.matches == []
    for slot in ("scopa", "cattura", "capodama"):
        assert not save_path(slot).exists()
        assert len(list(folder.glob(f"match-{slot}.json.damaged-*"))) == 1
    assert save_path("tressette").read_text(encoding="utf-8") == newer  # untouched
    assert len(told) == 4 and sum("newer version" in t for t in told) == 1
    title.enter()  # the title again: nothing new to tell
    app.step()
    assert len(told) == 4
    table = play_until_saved(app, "tressette", 4)  # no question: the newer file is not offered
    assert table.model.state.name == "tressette"
    assert [p.read_text() for p in folder.glob("match-tressette.json.newer-*")] == [newer]
    assert not isinstance(app.scenes.top, ErrorScene)
    app.shutdown()


def test_the_previous_versions_single_save_moves_into_its_slot(told):
    state = played("scopa", 2, 8)
    old = {"format": "tavolo-save/1", "record": state.record(), "seats": ["human", "rules"]}
    legacy_path().parent.mkdir(parents=True)
    legacy_path().write_text(json.dumps(old), encoding="utf-8")
    app = make_app(speed="instant")
    assert not legacy_path().exists() and save_path("scopa").is_file()
    click_button(app, app.scenes.top, "continue")
    table = table_scene(app)
    assert table is not None and table.model.state.history == state.history
    app.shutdown()


def test_a_finished_match_moves_to_the_history(told):
    from ui_harness import start_game

    app = make_app(speed="instant")
    table = start_game(app, "cattura", 2, seed=2, seats=["rules", "rules"])
    table.model.setup.autoplay = False  # saved like a player's match
    assert run_until(app, lambda: save_path("cattura").is_file(), 3000)
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene | ResultScene), 6000)
    if isinstance(app.scenes.top, SummaryScene):
        click_button(app, app.scenes.top, "continue")
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 600)
    assert not save_path("cattura").exists()
    [kept] = history()
    assert kept.name.endswith("-cattura.json")
    assert json.loads(kept.read_text())["record"]["moves"] == table.model.state.history
    app.shutdown()


def finished(game: str, seed: int):
    """A match of ``game`` for two played to its end by random legal moves."""
    state = played(game, 2, 0, seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    return state


def test_two_matches_of_one_slot_finished_at_once_are_both_kept(told, monkeypatch):
    """A local Cattura match and one played online finishing in the same millisecond (the
    clock held still) are both kept, in the order they finished, after a match an older
    version kept under a name without milliseconds."""
    older = history_dir() / "20261101-120000-cattura.json"
    older.parent.mkdir(parents=True)
    record = finished("cattura", 1).record()
    older.write_text(
        json.dumps({"format": "tavolo-save/1", "record": record, "seats": ["human", "rules"]})
    )
    local, online = finished("cattura", 2), finished("cattura", 3)
    names = ["Anna", "Ben"]
    with monkeypatch.context() as still:
        still.setattr(time, "time", lambda: 1_795_000_000.25)
        assert keep_in_history(local, MatchSetup("cattura", 2, ["human", "normal"])) is None
        assert keep_in_history(online, MatchSetup("cattura", 2, ["human", ONLINE]), names) is None
    kept = history()
    assert kept[0] == older and len(kept) == 3
    assert [read_match(k).state.history for k in kept[1:]] == [local.history, online.history]
    assert json.loads(kept[2].read_text())["names"] == names


@pytest.mark.parametrize("seats", ["hr", ["human", "hr"], ["human"], None])
def test_a_save_with_bad_seats_never_reaches_the_error_page(told, seats):
    record = played("cattura", 2, 3).record()
    save_path("cattura").parent.mkdir(parents=True)
    data = {"format": "tavolo-save/1", "record": record, "seats": seats}
    save_path("cattura").write_text(json.dumps(data), encoding="utf-8")
    legacy_path().write_text(json.dumps(data), encoding="utf-8")  # as the previous version left it
    app = make_app(speed="instant")
    title = app.scenes.top
    if any(b.tag == "continue" for b in title.buttons):
        click_button(app, title, "continue")
    app.step()
    assert not isinstance(app.scenes.top, ErrorScene) and table_scene(app) is None
    assert any("cannot be resumed" in t and "match-cattura.json" in t for t in told)
    app.shutdown()


def test_a_finished_match_left_by_the_previous_version_goes_to_the_history(told):
    scopa = saved("scopa", 2, moves=4)
    done = played("cattura", 2, 0)
    rng = random.Random(1)
    while not done.is_over:
        done.play(rng.choice(done.legal_moves()))
    old = {"format": "tavolo-save/1", "record": done.record(), "seats": ["human", "rules"]}
    legacy_path().write_text(json.dumps(old), encoding="utf-8")
    saved("cattura", 2, moves=3)
    app = make_app()
    games = {m.state.name: m.state.history for m in app.scenes.top.matches}
    assert games["scopa"] == scopa.history and len(games["cattura"]) == 3  # both kept
    [kept] = history()
    assert json.loads(kept.read_text())["record"]["moves"] == done.history
    assert not legacy_path().exists()
    app.shutdown()


def test_starting_from_the_command_line_asks_before_replacing_a_saved_match(told, tmp_path):
    """``tavolo --game scopa`` over a saved Scopa match asks first; leaving keeps the match."""
    import subprocess
    import sys

    state = saved("scopa", 2)
    before = save_path("scopa").read_bytes()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    shot = tmp_path / "shot.png"
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--game", "scopa", "--players", "2", "--seed", "9",
         "--frames", "300", "--speed", "instant", "--screenshot", str(shot)],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert save_path("scopa").read_bytes() == before, "the saved match was replaced unasked"
    assert state.history  # the kept match had moves to lose


def test_six_damaged_files_at_start_are_six_notices_each_drawn(tmp_path, monkeypatch):
    """Damaged settings and five damaged saves: every notice is drawn in turn (a few at a
    time, the rest waiting), while the player moves about the title."""
    from game.ui.settings import load_settings, settings_path
    from game.ui.widgets import Toasts

    user_dirs(tmp_path, monkeypatch)
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text("{not json", encoding="utf-8")
    storage.data_dir().mkdir(parents=True)
    slots = ["capodama", "capodama-1", "scopa", "tressette", "cattura"]
    for slot in slots:
        save_path(slot).write_text("[1, 2", encoding="utf-8")
    drawn: list[str] = []
    render = Toasts._render

    def seen(self, t, width, size):
        if t.text not in drawn:
            drawn.append(t.text)
        return render(self, t, width, size)

    monkeypatch.setattr(Toasts, "_render", seen)
    settings, notice = load_settings()  # as the app starts (game/app.py)
    app = App(settings, size=(1280, 720), fixed_dt=1 / 30, fps=0)
    assert notice is not None
    app.notice(notice)
    app.scenes.push(app.title_scene())
    for _ in range(60 * 30):  # a minute at the title, the player tabbing through the menu
        if len(drawn) == 6 and not app.toasts.waiting:
            break
        key(app, pygame.K_DOWN if app.frame % 20 == 0 else pygame.K_UNKNOWN)
    assert drawn[0] == notice
    for slot in slots:
        assert sum(f"match-{slot}.json cannot be resumed" in t for t in drawn) == 1, slot
    assert len(drawn) == 6 and app.toasts.waiting == []
    app.shutdown()


@pytest.mark.parametrize("kind", ["a file in its place", "no permission"])
def test_an_unusable_data_folder_is_told_once_and_play_goes_on(told, kind):
    """Tavolo starts, says once that nothing can be kept there and why, and plays on."""
    folder = storage.data_dir()
    folder.parent.mkdir(parents=True)
    if kind == "no permission":
        if os.name != "posix" or os.geteuid() == 0:
            pytest.skip("root reads a folder without permission; test_cli runs this as root")
        folder.mkdir()
        folder.chmod(0)
        reason = "permission denied"
    else:
        folder.write_text("a file where the data folder should be", encoding="utf-8")
        reason = "a file stands where a folder should be"
    try:
        app = make_app(speed="instant")
        said = (
            f"Your matches and statistics cannot be kept in {folder}: {reason}. You can play, "
            "but nothing is saved until this is fixed."
        )
        assert told == [said] and said in app.toasts.texts
        table = play_three_cards(app)
        assert len(table.model.state.history) >= 3 and told == [said]  # played on, said once
        to_title(app)
        assert told == [said]
        assert not isinstance(app.scenes.top, ErrorScene)
        app.shutdown()
    finally:
        if folder.is_dir():
            folder.chmod(0o700)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_slot_holding_a_fifo_a_folder_or_another_games_match_is_told_and_set_aside(told):
    folder = storage.data_dir()
    folder.mkdir(parents=True)
    os.mkfifo(save_path("scopa"))
    (save_path("tressette") / "inside").mkdir(parents=True)
    scopa = played("scopa", 2, 5)
    data = {"format": "tavolo-save/1", "record": scopa.record(), "seats": ["human", "rules"]}
    save_path("cattura").write_text(json.dumps(data), encoding="utf-8")
    alone = played("capodama", 1, 3)
    data = {"format": "tavolo-save/1", "record": alone.record(), "seats": ["human"]}
    save_path("capodama").write_text(json.dumps(data), encoding="utf-8")
    app = make_app(speed="instant")  # the FIFO is never opened: start-up does not hang
    assert app.scenes.top.matches == []
    for slot, why in (
        ("scopa", "it is a FIFO, device or socket, not a regular file"),
        ("tressette", "it is a folder, not a regular file"),
        ("cattura", "it holds a Scopa match, which belongs in match-scopa.json"),
        ("capodama", "it holds a Capodama solitaire match, which belongs in match-capodama-1.json"),
    ):
        assert [t for t in told if f"match-{slot}.json cannot be resumed ({why})" in t], slot
        assert not os.path.lexists(save_path(slot))
        assert len(list(folder.glob(f"match-{slot}.json.damaged-*"))) == 1
    assert len(told) == 4
    table = play_until_saved(app, "tressette", 4)  # its slot is free again: saved there
    assert (
        json.loads(save_path("tressette").read_text())["record"]["moves"]
        == table.model.state.history
    )
    app.shutdown()


def test_a_saved_scopa_match_with_house_rules_resumes_under_them(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    house = {"re_bello": True, "quindici": True, "asso_piglia_tutto": True}
    state = new_game("scopa", players=2, seed=3, **house)
    rng = random.Random(3)
    for _ in range(9):
        state.play(rng.choice(state.legal_moves()))
    assert save_match(state, MatchSetup("scopa", 2, ["human", "rules"])) is None
    resumed, notes = load_slot(slot_of("scopa", 2))
    assert resumed is not None and not notes
    assert resumed.state == state and resumed.state.legal_moves() == state.legal_moves()
    assert all(resumed.state.options[k] for k in house)
