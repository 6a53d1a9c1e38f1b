"""Idle costs nothing: a still table draws nothing and the app sleeps; an animating table redraws
only what changed, and what it shows is exactly what a whole redraw would show."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest
from ui_harness import key, make_app, start_game, user_dirs

from game.ui import runner
from game.ui import worker as worker_module
from game.ui.damage import MAX_AREAS, merge_areas
from game.ui.scene import WAKEUP
from game.ui.table.damage import GLOW_FOR
from game.ui.worker import AIWorker

SIZE = (1280, 720)


@pytest.fixture
def app(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    a = make_app(speed="normal", size=SIZE)
    a.fixed_dt = 1 / 60
    yield a
    a.shutdown()


class Presents:
    """Counts the frames presented whole (flip) and in parts (update), with the areas."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.flips = 0
        self.updates: list[list[pygame.Rect]] = []
        monkeypatch.setattr(pygame.display, "flip", self._flip)
        monkeypatch.setattr(pygame.display, "update", self._update)

    def _flip(self) -> None:
        self.flips += 1

    def _update(self, rects: Any = None) -> None:
        self.updates.append([pygame.Rect(r) for r in rects])

    @property
    def count(self) -> int:
        return self.flips + len(self.updates)


def waiting_table(app: runner.App) -> Any:
    """A 4-player table whose human (seat 0) is asked to decide, once the app says it rests."""
    table = start_game(app, "capodama", 4, seed=3)
    for _ in range(20000):
        app.step()
        if table.model.synced and table.model.prompt.kind and not table.model.busy() and app.idle:
            return table
    raise AssertionError("the table never came to rest at the human's decision")


def test_a_waiting_table_draws_nothing_and_the_app_sleeps(app, monkeypatch):
    table = waiting_table(app)
    presents = Presents(monkeypatch)
    idle = app.idle_frames
    for _ in range(120):
        app.step()
    assert presents.count == 0
    assert app.idle_frames - idle == 120
    assert table.wake_in() is None  # only the player can change it now
    assert table.changed() == []


def test_input_redraws_everything_once_then_rest(app, monkeypatch):
    waiting_table(app)
    presents = Presents(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0,)))
    app.step()
    assert presents.flips == 1
    for _ in range(30):
        app.step()
    assert presents.count == 1


def test_a_toast_redraws_while_shown_and_once_more_to_go(app, monkeypatch):
    waiting_table(app)
    presents = Presents(monkeypatch)
    app.toast("hello", ttl=0.2)
    for _ in range(60):
        app.step()
    shown = round(0.2 * 60)
    assert presents.flips in (shown, shown + 1, shown + 2)  # the last one erases it
    assert not presents.updates
    assert app.idle


def test_the_glow_breathes_as_a_turn_begins_then_holds_still(app):
    table = waiting_table(app)
    damage = table.damage
    assert damage.glow() == 1.0  # it rested: the breath is over
    table.model.synced_at = -2  # a new decision: the turn begins again
    seen = set()
    for _ in range(round(GLOW_FOR * 60)):
        seen.add(round(damage.glow(), 3))
        assert table.wake_in() == 0.0
        table.model.time += 1 / 60
    assert min(seen) < 0.7 and max(seen) == 1.0
    table.model.time += 1 / 60
    assert damage.glow() == 1.0


def test_an_idle_app_waits_for_input_or_a_worker(app, monkeypatch):
    waiting_table(app)
    app.fps = 60
    waits: list[float] = []
    monkeypatch.setattr(app, "_idle_wait", waits.append)
    app.step()
    assert len(waits) == 1 and 0 < waits[0] <= runner.MAX_REST
    # the wait itself: it looks for input every POLL and returns at once on a worker's news
    calls: list[float | None] = []
    real_wait = WAKEUP.wait

    def spy(timeout: float | None = None) -> bool:
        calls.append(timeout)
        return real_wait(0)

    monkeypatch.setattr(WAKEUP, "wait", spy)
    WAKEUP.set()
    runner.App._idle_wait(app, 30.0)
    assert calls == [runner.POLL] and not WAKEUP.is_set()
    calls.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    runner.App._idle_wait(app, 30.0)
    assert calls == []  # input was waiting: no sleep at all
    pygame.event.get()


def test_an_ai_answer_wakes_the_app(monkeypatch):
    class Seat:
        def __init__(self) -> None:
            self.go = threading.Event()

        def choose(self, view: Any, legal: list, rng: Any) -> Any:
            self.go.wait(10)
            return legal[0]

    import random

    wakeup = threading.Event()  # this test's own: earlier apps' late answers stay out of it
    monkeypatch.setattr(worker_module, "WAKEUP", wakeup)
    seat, worker = Seat(), AIWorker()
    thought = worker.think(seat, None, ["a", "b"], random.Random(1), 0.5, "x")
    assert not wakeup.is_set()
    assert 0 < thought.wake_in() <= 15.0  # no answer yet: until the timeout at most
    seat.go.set()
    assert wakeup.wait(10)
    assert thought.wake_in() == pytest.approx(0.5)  # the answer is in: the thinking pause
    worker.close()


def test_moving_cards_are_redrawn_where_they_were_and_where_they_are(app, monkeypatch):
    table = start_game(app, "capodama", 4, seed=3, seats=["rules"] * 4)
    presents = Presents(monkeypatch)
    checked = 0
    for _ in range(3000):
        before = {id(sp): table.model.sprite_rect(sp) for sp in table.model.table.sprites}
        app.step()
        if not presents.updates:
            continue
        areas = presents.updates.pop()
        for sp in table.model.table.sprites:
            was, now = before.get(id(sp)), table.model.sprite_rect(sp)
            if was is not None and was != now:
                assert any(a.contains(now) for a in areas), (now, areas)
                assert any(a.contains(was) for a in areas), (was, areas)
                checked += 1
        if checked > 200:
            break
    assert checked > 200


@pytest.mark.parametrize("game, players", [("capodama", 4), ("scopa", 2), ("cattura", 2)])
def test_partial_frames_show_what_a_whole_redraw_shows(app, monkeypatch, game, players):
    """Every frame presented in parts leaves the window exactly as drawing it whole would."""
    start_game(app, game, players, seed=5, seats=["rules"] * players)
    presents = Presents(monkeypatch)
    whole = pygame.Surface(SIZE).convert()
    partial = 0
    for _ in range(900):
        app.step()
        if not presents.updates:
            continue
        presents.updates.clear()
        partial += 1
        app.scenes.draw(whole)
        assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(whole, "RGB")
    assert partial > 100


def test_a_deck_switch_redraws_every_card(app, monkeypatch):
    table = waiting_table(app)
    presents = Presents(monkeypatch)
    key(app, pygame.K_d)
    assert presents.flips == 1
    assert table.changed() == []  # and the next frame has nothing left to redraw


def test_areas_merge_overlaps_and_give_way_to_a_whole_redraw():
    bounds = pygame.Rect(0, 0, 1000, 1000)
    a, b, c = pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(500, 500, 5, 5)
    assert merge_areas([a, b, c], bounds) == [pygame.Rect(0, 0, 15, 15), c]
    assert merge_areas([pygame.Rect(-20, -20, 30, 30)], bounds) == [pygame.Rect(0, 0, 10, 10)]
    assert merge_areas([pygame.Rect(2000, 0, 5, 5)], bounds) == []
    many = [pygame.Rect(i * 50, 0, 10, 10) for i in range(MAX_AREAS + 1)]
    assert merge_areas(many, bounds) == [pygame.Rect(0, 0, MAX_AREAS * 50 + 10, 10)]
    assert merge_areas([pygame.Rect(0, 0, 900, 900)], bounds) is None


def test_the_title_rests_once_its_pictures_are_ready(app, monkeypatch):
    for _ in range(20000):
        app.step()
        if app.idle:
            break
    assert app.idle and app.scenes.top.__class__.__name__ == "TitleScene"
    presents = Presents(monkeypatch)
    for _ in range(60):
        app.step()
    assert presents.count == 0


def test_a_run_of_n_frames_sleeps_a_frame_at_most(app, monkeypatch):
    """``--frames N`` stays a measure of time: an idle frame sleeps one frame's time at most."""
    waiting_table(app)
    app.fps = 60
    waits: list[float] = []
    monkeypatch.setattr(app, "_idle_wait", waits.append)
    app.run(frames=app.frame + 10)
    assert len(waits) == 10 and max(waits) <= 1 / 60
