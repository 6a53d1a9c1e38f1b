"""The review asked for in the replay: R runs the judge in a worker thread with its progress on
screen, shows the review when done and keeps it in the match's file, so that opening the match
again shows it at once; R while the judge runs stops it, and nothing is shown or kept."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from ai.test_review_match import _last_hand_record
from ui_harness import click_button, key, run_until

from game.engine import new_game
from game.review.match import JUDGE, decisions_of
from game.ui.replay.scene import ReplayScene
from game.ui.routes import open_match_file


def write(path: Path, record: dict) -> Path:
    data = {"format": "tavolo-save/1", "record": record, "seats": ["human", "easy"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def match_file(tmp_path: Path) -> Path:
    """A history file of a 2-player Scopa last hand (solved by the judge, so cheap to review)."""
    return write(tmp_path / "match.json", _last_hand_record())


@pytest.fixture
def long_file(tmp_path: Path) -> Path:
    """A 2-player Scopa deal's first moves: each of the seat's decisions searched, not solved."""
    state = new_game("scopa", players=2, seed=4)
    for _ in range(6):
        state.play(state.legal_moves()[0])
    return write(tmp_path / "long.json", state.record())


def opened(app, path: Path) -> ReplayScene:
    assert open_match_file(app, path)
    app.step()
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    return scene


def test_r_reviews_the_seat_shown_and_the_file_keeps_the_review(
    app, match_file, monkeypatch
) -> None:
    replay = opened(app, match_file)
    assert replay.review.review is None and replay.model.viewer == 0
    shown: list[tuple[int, int]] = []
    real = replay.review.show_progress
    monkeypatch.setattr(
        replay.review, "show_progress", lambda d, t: (shown.append((d, t)), real(d, t))
    )
    key(app, pygame.K_r)
    assert run_until(app, lambda: replay.run is None, frames=20000)
    assert shown and shown[0] == (0, 0)  # the bar showed from the start
    review = replay.review.review
    assert review is not None and review.seat == 0
    assert replay.review.progress is None
    record = json.loads(match_file.read_text(encoding="utf-8"))["record"]
    assert [d.index for d in review.decisions] == decisions_of(record, 0)
    kept = json.loads(match_file.read_text(encoding="utf-8"))["reviews"]["0"]
    assert kept["judge"] == JUDGE and kept == review.to_json()
    # opened again: the kept review, at once, and no judge at work
    replay.leave_replay()
    again = opened(app, match_file)
    assert again.run is None and again.review.review is not None
    assert again.review.review.to_json() == kept


def test_r_again_stops_the_judge_and_nothing_is_kept(app, long_file) -> None:
    replay = opened(app, long_file)
    key(app, pygame.K_r)
    assert replay.run is not None  # a searched decision takes a while
    run = replay.run
    key(app, pygame.K_r)  # stopped before its next decision
    assert run.future.result(timeout=300) is None  # (a bound: the judge stops long before)
    assert run_until(app, lambda: replay.run is None)
    assert replay.review.review is None and replay.review.progress is None
    assert "Review stopped." in app.toasts.texts
    assert "reviews" not in json.loads(long_file.read_text(encoding="utf-8"))


def test_the_review_button_and_a_damaged_kept_review(app, match_file) -> None:
    data = json.loads(match_file.read_text(encoding="utf-8"))
    data["reviews"] = {"0": {"judge": JUDGE, "seat": "zero"}}  # edited by hand: made again
    match_file.write_text(json.dumps(data), encoding="utf-8")
    replay = opened(app, match_file)
    assert replay.review.review is None
    click_button(app, replay, "review")
    assert run_until(app, lambda: replay.run is None, frames=20000)
    assert replay.review.review is not None


def test_a_review_that_cannot_be_kept_is_shown_and_the_player_told(app, match_file) -> None:
    replay = opened(app, match_file)
    match_file.unlink()
    match_file.mkdir()  # a folder where the match's file was: nothing can be written there
    key(app, pygame.K_r)
    assert run_until(app, lambda: replay.run is None, frames=20000)
    assert replay.review.review is not None
    said = [t for t in app.toasts.texts if t.startswith("The review could not be kept in")]
    assert said and str(match_file.parent) in said[0]
