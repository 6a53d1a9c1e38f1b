"""History: the finished matches newest first, in words; opened, deleted (after a question) and
exported by keys and clicks; a match file typed into Open file; the files refused and why; the
last 200 kept."""

from __future__ import annotations

import json
import os
import random
import time
from functools import cache
from pathlib import Path

import pygame
import pytest
from refused_files import REFUSED, refused_file
from ui_harness import (
    autoplay_to_summary,
    click,
    click_button,
    key,
    make_app,
    run_until,
    start_game,
    user_dirs,
)

from game.engine import GameState, MatchOver, new_game
from game.ui import matchfiles, storage
from game.ui.savegame import (
    HISTORY_KEEP,
    SAVE_FORMAT,
    MatchSetup,
    history,
    history_dir,
    keep_in_history,
    read_match,
)
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.history import HistoryScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import apply_look


@cache
def finished(game: str, players: int, seed: int) -> GameState:
    """A match of ``game`` played to its end by seeded random moves."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        if state.between_deals:
            state.deal_next()
        else:
            state.play(rng.choice(state.legal_moves()))
    return state


def keep(
    game: str,
    players: int,
    seats: list[str],
    day: int,
    seed: int = 1,
    names: list[str | None] | None = None,
) -> Path:
    """A finished match in the history as the app keeps it, dated November ``day``, 2026."""
    state = finished(game, players, seed)
    slot = f"{game}-1" if players == 1 else game
    path = history_dir() / f"202611{day:02d}-1400{seed % 60:02d}-{slot}.json"
    data = {"format": SAVE_FORMAT, "record": state.record(), "seats": seats}
    if names is not None:
        data["names"] = names
    storage.write_json_new([path], data, compact=True)
    stamp = time.mktime(time.strptime(path.name[:15], "%Y%m%d-%H%M%S"))
    os.utime(path, (stamp, stamp))
    return path


def spy_replays(app, monkeypatch) -> list[object]:
    """The matches the app is asked to replay (``app.open("replay", match=...)``): the replay
    is its own scene, tested with it; any other scene opens as usual."""
    asked: list[object] = []
    real = app.open

    def spy(name, *args, **kw):
        if name == "replay":
            asked.append(kw["match"])
            return None
        return real(name, *args, **kw)

    monkeypatch.setattr(app, "open", spy)
    return asked


@pytest.fixture
def replays(app, monkeypatch) -> list[object]:
    return spy_replays(app, monkeypatch)


def open_history(app) -> HistoryScene:
    click_button(app, app.scenes.top, "history")
    scene = app.scenes.top
    assert isinstance(scene, HistoryScene)
    return scene


def test_the_list_is_newest_first_with_game_seats_result_and_date(app):
    old = keep("tressette", 4, ["human", "strong", "normal", "easy"], day=3)
    online = keep("scopa", 2, ["human", "online"], day=20, names=["Me", "Anna"])
    solitaire = keep("capodama", 1, ["human"], day=12)
    history_scene = open_history(app)
    lst = history_scene.list
    assert lst.paths == [online, solitaire, old]
    first = lst.entry(0)
    assert first.headline == "Scopa, 2 players"
    assert first.seats.startswith("You ") and "Anna " in first.seats  # the online name
    assert first.when == "20 Nov 14:00"
    st = finished("scopa", 2, 1)
    won = next(e.data for e in st.events if isinstance(e.data, MatchOver)).winners
    assert first.outcome == ("You won" if 0 in won else "Won by Anna")
    assert first.won == (0 in won)
    tressette = lst.entry(2)
    assert tressette.headline == "Tressette, 4 players"
    # the sides, each with its seats' levels and its score
    assert tressette.seats.startswith("You and North (normal) ")
    assert "West (strong) and East (easy) " in tressette.seats
    sol = lst.entry(1)
    assert sol.headline == "Capodama solitaire, deal no. 1"
    assert sol.outcome in ("Won", "Lost") and "the window is" in sol.seats


def test_the_words_and_dates_are_the_players_language(app):
    keep("tressette", 4, ["human", "strong", "normal", "easy"], day=3)
    app.set_language("it")
    entry = open_history(app).list.entry(0)
    assert entry.headline == "Tressette, 4 giocatori"
    assert entry.seats.startswith("Tu e Nord (normale) ")
    assert entry.when == "3 nov 14:00"


def test_open_by_keys_asks_the_replay_for_the_selected_match(keys_app, monkeypatch):
    app = keys_app
    asked = spy_replays(app, monkeypatch)
    newer = keep("cattura", 3, ["human", "rules", "normal"], day=9, seed=4)
    older = keep("scopa", 2, ["human", "strong"], day=8, seed=2)
    app.scenes.top.enter()  # the title reads the folder afresh
    key(app, pygame.K_5)  # the title's fifth button: History
    scene = app.scenes.top
    assert isinstance(scene, HistoryScene) and scene.list.paths == [newer, older]
    assert scene.keys.current() is scene.open_button  # Enter opens the selected match
    key(app, pygame.K_DOWN)
    assert scene.list.selected == 1
    key(app, pygame.K_RETURN)
    [saved] = asked
    assert saved.state.record() == read_match(older).state.record()
    assert saved.setup.seats == ["human", "strong"]
    # the ring moves over the buttons as in every dialog, Enter presses the focused one
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert scene.keys.current() is scene.delete_button
    key(app, pygame.K_LEFT)
    assert scene.keys.current() is scene.export_button
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)


def test_many_matches_scroll_by_keys_wheel_and_clicks(app):
    paths = [
        keep("cattura", 3, ["human", "rules", "rules"], day=1 + k % 28, seed=k) for k in range(40)
    ]
    scene = open_history(app)
    lst = scene.list
    assert len(lst.paths) == 40 and set(lst.paths) == set(paths)
    shown = lst.shown
    assert 3 <= shown < 40
    key(app, pygame.K_END)
    assert lst.selected == 39 and lst.top == 40 - shown  # the last line in view, at the foot
    key(app, pygame.K_PAGEUP)
    assert lst.selected == 39 - (shown - 1) and lst.top == lst.selected
    key(app, pygame.K_HOME)
    assert lst.selected == 0 and lst.top == 0
    key(app, pygame.K_PAGEDOWN)
    assert lst.selected == shown - 1 and lst.top == 0
    key(app, pygame.K_UP)
    assert lst.selected == shown - 2
    # the wheel scrolls the view, not the selection
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    app.step()
    assert lst.top == 3 and lst.selected == shown - 2
    # a click selects the line under it
    row = lst.rect.y + lst.row_h * 2 + lst.row_h // 2
    click(app, (lst.rect.centerx, row))
    assert lst.selected == 3 + 2
    # a click on the scroll bar's track below its thumb goes a page on
    track, _thumb = scene._bar()
    click(app, (track.centerx, lst.rect.bottom - 2))
    assert lst.top == 3 + shown


def test_delete_asks_first_then_the_file_is_gone_and_the_list_follows(app):
    a = keep("scopa", 2, ["human", "normal"], day=5, seed=1)
    b = keep("scopa", 2, ["human", "normal"], day=6, seed=2)
    c = keep("scopa", 2, ["human", "normal"], day=7, seed=3)
    scene = open_history(app)
    key(app, pygame.K_DOWN)  # b
    click_button(app, scene, "delete")
    question = app.scenes.top
    assert isinstance(question, ConfirmScene)
    assert "6 Nov" in question.question and "Scopa, 2 players" in question.question
    key(app, pygame.K_ESCAPE)  # the safe answer: nothing deleted
    assert app.scenes.top is scene and b.exists()
    key(app, pygame.K_DELETE)  # the Delete key asks too
    question = app.scenes.top
    assert isinstance(question, ConfirmScene)
    click_button(app, question, "yes")
    assert app.scenes.top is scene
    assert not b.exists() and a.exists() and c.exists()
    assert scene.list.paths == [c, a] and scene.list.selected == 1  # the next older one


def test_export_writes_a_file_that_reads_back_as_the_same_match(app, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    documents = tmp_path / "home" / "Documents"
    documents.mkdir(parents=True)
    kept = keep("scopa", 2, ["human", "online"], day=11, names=["Me", "Anna"])
    scene = open_history(app)
    click_button(app, scene, "export")
    [sent] = (documents / "Tavolo").iterdir()
    assert sent.name == "tavolo-scopa-2p-2026-11-11-1400.json"
    assert any(sent.name in t and str(sent.parent) in t for t in app.toasts.texts)
    mine, theirs = read_match(kept), read_match(sent)
    assert theirs.state.record() == mine.state.record()
    assert theirs.setup.seats == mine.setup.seats and theirs.names == ("Me", "Anna")
    assert theirs.saved_at == mine.saved_at  # it keeps the day it was played
    assert json.loads(sent.read_text()) == json.loads(kept.read_text())
    click_button(app, scene, "export")  # again: a second file, the first kept
    assert sorted(p.name for p in (documents / "Tavolo").iterdir()) == [
        "tavolo-scopa-2p-2026-11-11-1400-2.json",
        sent.name,
    ]


def test_without_a_documents_folder_exports_go_to_the_data_folder(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert matchfiles.export_dir() == storage.data_dir() / "exports"


def test_open_file_takes_a_typed_path(keys_app, monkeypatch):
    app = keys_app
    asked = spy_replays(app, monkeypatch)
    kept = keep("cattura", 3, ["human", "easy", "easy"], day=2, seed=5)
    sent = matchfiles.export(kept, kept.parent.parent / "sent")
    kept.unlink()
    key(app, pygame.K_5)
    scene = app.scenes.top
    assert isinstance(scene, HistoryScene) and not scene.list.paths
    assert scene.keys.current() is scene.field  # nothing listed: the field first
    # its number (1: Open, Export and Delete wait for a match) starts typing, and the text
    # the key sends is not typed
    assert scene.keys.buttons()[0] is scene.field
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="1"))
    app.step()
    assert scene.field.editing and scene.field.text == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=f"'{sent}'"))
    app.step()
    key(app, pygame.K_RETURN)  # Enter in the field opens the file
    [saved] = asked
    assert saved.state.record() == finished("cattura", 3, 5).record()
    assert not scene.field.editing and app.scenes.top is scene


def test_paths_as_players_paste_them():
    assert matchfiles.path_of("  '/tmp/a b.json' ") == Path("/tmp/a b.json")
    assert matchfiles.path_of("file:///tmp/a%20b.json") == Path("/tmp/a b.json")
    assert matchfiles.path_of("~/m.json") == Path.home() / "m.json"
    assert matchfiles.path_of("  ") is None


@pytest.mark.parametrize("kind", REFUSED)
def test_a_file_that_cannot_be_opened_is_refused_with_why(app, replays, tmp_path, kind):
    bad, why = refused_file(tmp_path, kind)
    scene = open_history(app)
    scene.field.text = str(bad)
    click_button(app, scene, "open file")
    assert replays == [] and app.scenes.top is scene
    [said] = [t for t in app.toasts.texts if "cannot be opened" in t]
    assert said.startswith(f"The match file {bad} cannot be opened: ") and why in said


def test_a_damaged_file_in_the_history_is_listed_and_not_opened(app, replays):
    good = keep("scopa", 2, ["human", "normal"], day=4)
    bad = history_dir() / "20261130-120000-scopa.json"
    bad.write_text("{not json", encoding="utf-8")
    scene = open_history(app)
    assert scene.list.paths == [bad, good]
    entry = scene.list.entry(0)
    assert entry.match is None and entry.outcome == "Cannot be opened"
    click_button(app, scene, "open")
    assert replays == [] and any("cannot be opened" in t for t in app.toasts.texts)
    click_button(app, scene, "export")
    assert any("cannot be exported" in t for t in app.toasts.texts)
    key(app, pygame.K_DOWN)
    click_button(app, scene, "open")
    assert [m.state.record() for m in replays] == [read_match(good).state.record()]


def test_the_history_keeps_the_last_200(app):
    assert HISTORY_KEEP == 200
    old = [
        history_dir() / f"2025{1 + k // 28:02d}{1 + k % 28:02d}-120000-scopa.json"
        for k in range(HISTORY_KEEP + 3)
    ]
    history_dir().mkdir(parents=True)
    for path in old:
        path.write_text("{}", encoding="utf-8")
    keep_in_history(finished("scopa", 2, 1), MatchSetup("scopa", 2, ["human", "normal"]))
    kept = history()
    assert len(kept) == HISTORY_KEEP
    assert kept[:-1] == old[4:]  # the four oldest went
    assert read_match(kept[-1]).state.record() == finished("scopa", 2, 1).record()


def test_a_kept_match_is_compact(app):
    """One line, no indentation: a long 6-player Capodama match stays a few kilobytes."""
    state = finished("capodama", 6, 1)
    keep_in_history(state, MatchSetup("capodama", 6, ["human"] + ["normal"] * 5))
    [kept] = history()
    text = kept.read_text(encoding="utf-8")
    assert text.count("\n") == 1 and ": " not in text and len(text) < 8_000
    assert read_match(kept).state.record() == state.record()


def test_history_is_on_the_result_of_a_match(app):
    autoplay_to_summary(app, "cattura", 3, seed=4)
    key(app, pygame.K_RETURN)  # the deal's summary
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 300)
    result = app.scenes.top
    click_button(app, result, "history")
    assert isinstance(app.scenes.top, HistoryScene)
    key(app, pygame.K_ESCAPE)  # Close comes back to the result
    assert app.scenes.top is result


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
@pytest.mark.parametrize("text", ["normal", "large"])
def test_the_scene_fits_the_window(tmp_path, monkeypatch, size, text):
    user_dirs(tmp_path, monkeypatch)
    for k in range(12):
        keep("capodama", 6, ["human", "normal", "strong", "easy", "normal", "rules"], day=k + 1)
    app = make_app(size=size)
    try:
        app.settings.text_size = text
        apply_look(app.settings)
        scene = open_history(app)
        window = app.screen.get_rect()
        assert window.contains(scene.rect)
        items = [scene.list.rect, *(b.rect for b in scene.buttons)]
        assert all(scene.rect.contains(r) for r in items)
        for i, a in enumerate(items):
            assert not any(a.colliderect(b) for b in items[i + 1 :]), a
        assert scene.list.shown >= 4
        assert scene.list.rect.h >= scene.list.shown * scene.list.row_h
    finally:
        app.shutdown()


def test_a_lost_solitaires_five_buttons_stay_in_a_small_window(tmp_path, monkeypatch):
    """Take back, Restart deal, New deal, Title and History side by side at 1024×600, in
    Italian's longer words: the panel is moved back into the window rather than cut at its
    left edge."""
    user_dirs(tmp_path, monkeypatch)
    app = make_app(size=(1024, 600))
    try:
        app.set_language("it")
        app.settings.speed = "instant"
        start_game(app, "capodama", 1, seed=5, seats=["random"])
        assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 20000)
        result = app.scenes.top
        assert result.buttons[0].tag == "take_back" and len(result.buttons) == 5
        assert app.screen.get_rect().inflate(-24, -24).contains(result.rect)
        assert all(result.rect.contains(b.rect) for b in result.buttons)
    finally:
        app.shutdown()


def test_a_file_dropped_on_the_window_opens_and_an_empty_field_is_said(app, replays, tmp_path):
    kept = keep("scopa", 2, ["human", "easy"], day=14)
    sent = matchfiles.export(kept, tmp_path / "sent")
    scene = open_history(app)
    click_button(app, scene, "open file")  # nothing typed yet
    assert replays == [] and "Type or paste the path of a match file." in app.toasts.texts
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(sent)))
    app.step()
    assert [m.state.record() for m in replays] == [read_match(kept).state.record()]


def test_open_puts_the_replay_of_the_selected_match_on_top_and_esc_comes_back(app):
    from game.ui.replay.scene import ReplayScene

    keep("scopa", 2, ["human", "normal"], day=16, seed=3)
    older = keep("cattura", 3, ["human", "easy", "normal"], day=15, seed=6)
    scene = open_history(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Open has the focus
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    assert replay.track.end == len(read_match(older).state.history)
    assert replay.model.state.name == "cattura"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene and scene.list.selected == 1
