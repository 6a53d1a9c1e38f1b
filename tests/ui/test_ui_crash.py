"""A crash page that always appears: even when the install is broken under the running app (its
modules can no longer be imported) or the page's own fonts fail, the player sees the page and
the log's path, and no second traceback reaches the console."""

from __future__ import annotations

import builtins
import sys
from typing import Any

import pygame
import pytest
from ui_harness import click_button, make_app, start_game, user_dirs

from game.ui import theme
from game.ui.logsetup import log_path, setup_logging
from game.ui.scenes.error import ErrorScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    setup_logging()
    a = make_app()
    yield a
    a.shutdown()


def break_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files replaced under the running app: no module of the game can be imported any more,
    and the error page's own module is gone from the import cache."""
    real_import = builtins.__import__

    def refuse(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level=0):
        package = (globals or {}).get("__package__") or ""
        if name.startswith("game") or (level and package.startswith("game")):
            raise ImportError(f"{name}: the install was replaced")
        return real_import(name, globals, locals, fromlist, level)

    monkeypatch.setitem(sys.modules, "game.ui.scenes.error", None)
    monkeypatch.setattr(builtins, "__import__", refuse)


def broken_table(app: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    table = start_game(app, "capodama", 4, seed=1)
    app.step()

    def fails(dt: float) -> None:
        raise KeyError("a broken table")

    monkeypatch.setattr(table, "update", fails)
    return table


def shown_page(app: Any) -> ErrorScene:
    page = app.scenes.top
    assert isinstance(page, ErrorScene)
    assert str(log_path()) in page.text and "KeyError" in page.text
    assert app.running
    return page


def test_a_crash_in_a_broken_install_still_shows_the_page(app, monkeypatch, capfd):
    table = broken_table(app, monkeypatch)

    def leave_fails() -> None:
        raise RuntimeError("cannot even close")

    monkeypatch.setattr(table, "leave", leave_fails)
    break_install(monkeypatch)
    app.step()
    shown_page(app)
    for _ in range(3):
        app.step()
    assert app.running and app.drawn_frames
    err = capfd.readouterr().err
    assert "Traceback" not in err
    log = log_path().read_text(encoding="utf-8")
    assert "a broken table" in log and "cannot even close" in log


def test_the_page_draws_itself_plainly_when_its_fonts_fail(app, monkeypatch, capfd):
    broken_table(app, monkeypatch)
    app.step()
    page = shown_page(app)

    def no_font(size: int, bold: bool = False) -> pygame.font.Font:
        raise pygame.error("the font file is damaged")

    monkeypatch.setattr(theme, "font", no_font)
    monkeypatch.setattr(theme, "_TEXT_CACHE", {})
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0,)))
    app.step()
    assert page.plain and app.scenes.top is page and app.running
    # the words are on screen: the page is not a blank fill
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, 1280, 4) for y in range(0, 200, 4)}
    assert len(colours) > 2
    assert "Traceback" not in capfd.readouterr().err


def test_back_to_title_in_a_broken_install_stays_on_the_page(app, monkeypatch, capfd):
    broken_table(app, monkeypatch)
    app.step()
    page = shown_page(app)

    def no_title() -> Any:
        raise ImportError("game.ui.scenes.title: the install was replaced")

    monkeypatch.setattr(app, "title_scene", no_title)
    click_button(app, page, "title")
    app.step()
    assert app.scenes.top is page and app.running
    assert "title cannot be shown" in page.text and not page.buttons[0].enabled
    assert "Traceback" not in capfd.readouterr().err
    click_button(app, page, "quit")
    assert not app.running
