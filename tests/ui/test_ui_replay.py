"""The replay: a finished match kept in the history, opened on the table in replay mode and
stepped through by keys and the slider, and a review drawn on it.

The match is a real record (seeded play to the end, kept by ``savegame.keep_in_history`` as
the table keeps one) and read back as History reads it (``savegame.read_match``); every test
posts real key and mouse events to the app.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from ui_harness import click, key, run_until

from game.engine import GameState, new_game
from game.sim import play_deal, random_chooser
from game.ui import savegame
from game.ui.replay.scene import ReplayScene
from game.ui.scenes.summary import SummaryScene


def finished(game: str, players: int, seed: int = 3, **options: Any) -> GameState:
    """A whole match played to its end by seeded random seats."""
    state = new_game(game, players=players, seed=seed, **options)
    choose = random_chooser(random.Random(seed))
    while not state.is_over:
        if state.between_deals:
            state.deal_next()
        play_deal(state, choose)
    return state


def kept(state: GameState, seats: list[str]) -> savegame.SavedMatch:
    """The match as History reads it back from the file the table keeps it in."""
    setup = savegame.MatchSetup(state.name, state.players, seats)
    assert savegame.keep_in_history(state, setup) is None
    (path,) = savegame.history()
    return savegame.read_match(path)


def open_replay(app: Any, saved: savegame.SavedMatch, **kw: Any) -> ReplayScene:
    scene = app.open("replay", match=saved, **kw)
    assert isinstance(scene, ReplayScene)
    assert run_until(app, lambda: scene.model.synced and not scene.model.loading)
    return scene


def settle(app: Any, scene: ReplayScene) -> None:
    """Run the show to its end, closing each deal's summary on the way (Enter)."""
    for _ in range(50):
        assert run_until(
            app, lambda: isinstance(app.scenes.top, SummaryScene) or scene.model.synced
        )
        if not isinstance(app.scenes.top, SummaryScene):
            return
        key(app, pygame.K_RETURN)


@pytest.fixture
def tressette(app: Any) -> tuple[GameState, ReplayScene]:
    state = finished("tressette", 4)
    return state, open_replay(app, kept(state, ["human", "rules", "rules", "rules"]))


def test_right_to_the_end_reaches_the_saved_scores(app, tressette) -> None:
    state, scene = tressette
    summaries = 0
    while scene.pos < scene.track.end:
        key(app, pygame.K_RIGHT)
        for _ in range(50):
            assert run_until(
                app, lambda: isinstance(app.scenes.top, SummaryScene) or scene.model.synced
            )
            if not isinstance(app.scenes.top, SummaryScene):
                break
            summaries += 1
            key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.model.state == state
    assert scene.model.state.scores == state.scores
    assert summaries == scene.track.deals
