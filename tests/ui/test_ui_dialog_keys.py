"""Every menu and dialog by keys alone (no mouse event reaches the app): Cattura played to its
match's end by keys and its result driven by Tab, the arrows, Enter and the number keys; the
title, New game, the rules, the statistics, Settings, the pause menu, a question, the list of
keys, the deal summary and the error page, each moved over and answered with keys, its focus
drawn where the keys act."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_ui_keyboard import at_summary, keyboard_turn
from ui_harness import (
    autoplay_to_summary,
    human_turn,
    key,
    run_until,
    start_game,
    table_scene,
)

from game.ui.focus import FOCUS
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.keys import KeysScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene


@pytest.fixture
def app(keys_app):
    """An app that fails the test if any mouse event reaches it."""
    return keys_app


def focused(scene) -> str:
    """The tag (or the label) of what the scene's focus rests on."""
    item = scene.keys.current()
    return getattr(item, "tag", "") or item.label


def ring_drawn(app, scene) -> bool:
    """The focus ring is on screen: the focus colour just outside the focused item's edge."""
    app.step()
    rect = scene.keys.current().rect
    return tuple(app.screen.get_at((rect.x - 4, rect.centery)))[:3] == FOCUS


def test_cattura_3p_to_the_end_by_keys_then_the_result_by_keys(app):
    table = start_game(app, "cattura", 3, seed=5)
    for _ in range(200):
        assert run_until(app, lambda: at_summary(app) or human_turn(table), 8000)
        if isinstance(app.scenes.top, ResultScene):
            break
        if isinstance(app.scenes.top, SummaryScene):
            key(app, pygame.K_RETURN)
        else:
            keyboard_turn(app, table)
    result = app.scenes.top
    assert isinstance(result, ResultScene) and table.model.state.is_over
    # reached by keys, the dialog shows at once where Enter goes: Play again, ringed
    assert result.keys.shown and focused(result) == "again"
    assert ring_drawn(app, result)
    assert [b.tag for b in result.keys.buttons()] == ["again", "title", "history"]
    key(app, pygame.K_TAB)
    assert focused(result) == "title" and ring_drawn(app, result)
    key(app, pygame.K_RIGHT)
    assert focused(result) == "history"
    key(app, pygame.K_RIGHT)  # round again
    assert focused(result) == "again"
    key(app, pygame.K_LEFT)
    assert focused(result) == "history"
    key(app, pygame.K_LEFT)
    assert focused(result) == "title"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(result) == "again"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    assert focused(result) == "again"
    key(app, pygame.K_RETURN)  # Play again: a new match of the same table
    again = table_scene(app)
    assert app.scenes.top is again and again is not table
    assert again.model.state.name == "cattura" and again.model.state.players == 3
    assert not again.model.state.history


def autoplay_to_result(app) -> ResultScene:
    """A Cattura match of AI seats (one deal is the whole match) to its result, by keys."""
    autoplay_to_summary(app, "cattura", 3, seed=4)
    key(app, pygame.K_RETURN)  # the deal's summary
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 300)
    return app.scenes.top


def test_the_results_number_keys_and_space(app):
    autoplay_to_result(app)
    key(app, pygame.K_2)  # the second button: Title
    assert isinstance(app.scenes.top, TitleScene)
    autoplay_to_result(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)  # Space presses the focused button as Enter does
    assert isinstance(app.scenes.top, TitleScene)


def test_the_title_setup_rules_statistics_and_settings_by_keys(app):
    title = app.scenes.top
    assert isinstance(title, TitleScene) and not title.keys.shown  # no key used yet
    key(app, pygame.K_DOWN)  # the first key only shows the focus, on New game
    assert title.keys.shown and focused(title) == "new"
    assert ring_drawn(app, title)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_TAB)
    assert focused(title) == "rules"
    key(app, pygame.K_UP)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(title) == "new"
    key(app, pygame.K_RETURN)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    # the rows: it starts on the game's, Left/Right change it, Down goes on to the players'
    assert setup.keys.current() is setup.game_sel and ring_drawn(app, setup)
    game = setup.game
    key(app, pygame.K_RIGHT)
    assert setup.game != game
    key(app, pygame.K_LEFT)
    assert setup.game == game
    key(app, pygame.K_DOWN)
    assert setup.keys.current() is setup.players_sel
    players = setup.players
    key(app, pygame.K_SPACE)  # Space steps a row too
    assert setup.players != players
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is title
    # the number keys press the title's buttons: 3 Rules, 4 Statistics, 6 Settings
    assert [b.tag for b in title.keys.buttons()][2:6] == [
        "rules", "statistics", "history", "settings"
    ]  # fmt: skip
    key(app, pygame.K_3)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and focused(rules) == "close"
    key(app, pygame.K_TAB)  # round to the first tab, then the next
    key(app, pygame.K_RIGHT)
    assert focused(rules) == "tab scopa"
    key(app, pygame.K_RETURN)
    assert rules.game == "scopa"
    key(app, pygame.K_DOWN)  # Down still scrolls the page
    assert rules.target > 0 and focused(rules) == "tab scopa"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_4)
    stats = app.scenes.top
    assert isinstance(stats, StatsScene) and stats.keys.current() is stats.game_sel
    game = stats.game
    key(app, pygame.K_RIGHT)
    assert stats.game != game
    key(app, pygame.K_TAB)
    assert stats.keys.current() is stats.players_sel
    key(app, pygame.K_TAB)
    assert focused(stats) == "reset"
    key(app, pygame.K_TAB)
    assert focused(stats) == "close"
    key(app, pygame.K_RETURN)
    assert app.scenes.top is title
    key(app, pygame.K_6)
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene) and settings.keys.current() is settings.lang_sel
    key(app, pygame.K_DOWN)
    assert settings.keys.current() is settings.speed_sel
    speed = app.settings.speed
    key(app, pygame.K_RIGHT)
    assert app.settings.speed != speed
    key(app, pygame.K_RETURN)  # Enter on a row: Done
    assert app.scenes.top is title
    key(app, pygame.K_F1)  # the keys the title says F1 lists
    assert isinstance(app.scenes.top, KeysScene)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is title


def test_the_pause_menu_a_question_and_the_keys_list_by_keys(app):
    table = start_game(app, "scopa", 2, seed=2)
    assert run_until(app, lambda: human_turn(table))
    keyboard_turn(app, table)  # a move played: leaving now asks first
    assert run_until(app, lambda: human_turn(table))
    key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseScene) and focused(menu) == "resume"
    assert ring_drawn(app, menu)
    tags = [b.tag for b in menu.keys.buttons()]
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert focused(menu) == "keys"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, KeysScene)
    key(app, pygame.K_SPACE)
    assert app.scenes.top is menu
    key(app, pygame.K_1 + tags.index("title"))  # Quit to title, by its number
    question = app.scenes.top
    assert isinstance(question, ConfirmScene) and focused(question) == "no"
    key(app, pygame.K_RIGHT)
    assert focused(question) == "yes" and ring_drawn(app, question)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # Keep playing
    assert app.scenes.top is menu
    key(app, pygame.K_1 + tags.index("title"))
    key(app, pygame.K_2)  # the question's second button: Quit to title
    assert isinstance(app.scenes.top, TitleScene)


def test_the_deal_summary_and_the_error_page_by_keys(app):
    autoplay_to_summary(app, "scopa", 2, seed=3)
    summary = app.scenes.top
    assert isinstance(summary, SummaryScene)
    assert focused(summary) == "continue"
    key(app, pygame.K_TAB)  # one button: the focus stays on it
    assert focused(summary) == "continue" and ring_drawn(app, summary)
    key(app, pygame.K_1)
    assert app.scenes.top is not summary and isinstance(app.scenes.top, TableScene)
    app.scenes.push(ErrorScene(app, "RuntimeError: boom", Path("tavolo.log")))
    page = app.scenes.top
    assert focused(page) == "title"
    key(app, pygame.K_TAB)
    assert focused(page) == "quit"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TitleScene)
    app.scenes.push(ErrorScene(app, "RuntimeError: boom", Path("tavolo.log")))
    key(app, pygame.K_ESCAPE)  # Esc backs out to the title too
    assert isinstance(app.scenes.top, TitleScene)
