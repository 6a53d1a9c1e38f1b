"""Any window size: a tiny window shows a notice instead of failing, and the scenes come back as
soon as it grows; the scaled card pictures stay bounded however often the window changes size."""

from __future__ import annotations

import pygame
import pytest
from ui_harness import click_button, key, start_game, table_scene, user_dirs

from game.ui import theme
from game.ui.cards import MAX_WIDTHS, CardImages, card_images
from game.ui.runner import SCREEN_SHARE, App
from game.ui.scene import MIN_WINDOW
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings

TINY = [(100, 720), (200, 150)]
BIG = (1280, 720)
JUST_ABOVE = (MIN_WINDOW[0] + 1, MIN_WINDOW[1] + 1)
PLAYERS = {"capodama": 4, "scopa": 2, "tressette": 4, "cattura": 2}


def resize_window(app, size: tuple[int, int], frames: int = 3) -> None:
    """What a window manager does: the window's surface changes size, then SDL posts the event."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    for _ in range(frames):
        app.step()


def assert_survives_tiny_windows(app, scene) -> None:
    """At each tiny size: no error page, the same scene, the notice drawn; back at 1280×720 the
    scene lays out and draws again."""
    for size in TINY:
        resize_window(app, size)
        assert app.crashed is None, app.crashed
        assert app.scenes.top is scene
        assert app.screen.get_size() == size
        notice = app.scenes.notice
        assert notice is not None and "too small" in notice
        assert f"{MIN_WINDOW[0]}×{MIN_WINDOW[1]}" in notice
    resize_window(app, BIG)
    assert app.crashed is None, app.crashed
    assert app.scenes.top is scene and app.scenes.notice is None


def test_title_survives_a_tiny_window(app):
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    assert_survives_tiny_windows(app, title)
    assert all(b.rect.w > 0 and b.rect.h > 0 for b in title.buttons)


def test_setup_survives_a_tiny_window(app):
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    assert_survives_tiny_windows(app, setup)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_table_survives_a_tiny_window(app, game):
    table = start_game(app, game, PLAYERS[game])
    for _ in range(20):
        app.step()
    assert_survives_tiny_windows(app, table)
    assert table.model.table.layout.size == BIG
    for _ in range(20):  # the match goes on, drawn at the new size
        app.step()
    assert app.crashed is None, app.crashed


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_table_lays_out_just_above_the_minimum(app, game):
    table = start_game(app, game, PLAYERS[game])
    resize_window(app, JUST_ABOVE, frames=30)
    assert app.crashed is None, app.crashed
    assert app.scenes.notice is None
    lay = table.model.table.layout
    assert lay.size == JUST_ABOVE
    assert min(lay.sizes) > 0 and lay.center_box.w > 0 and lay.center_box.h > 0
    assert all(sp.w > 0 for sp in table.model.table.sprites)
    assert all(
        b.rect.w > 0 and b.rect.h > 0
        for b in table.model.prompt.buttons + table.model.prompt.panel_buttons
    )


def test_title_and_setup_lay_out_just_above_the_minimum(app):
    resize_window(app, JUST_ABOVE)
    assert all(b.rect.w > 0 and b.rect.h > 0 for b in app.scenes.top.buttons)
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and app.crashed is None
    assert all(b.rect.w > 0 and b.rect.h > 0 for b in setup.buttons)


def test_a_scene_opened_while_the_window_is_tiny_is_laid_out_at_the_minimum(app):
    resize_window(app, (200, 150))
    table = start_game(app, "scopa", 2)
    for _ in range(5):
        app.step()
    assert app.crashed is None, app.crashed
    assert table.model.table.layout.size == MIN_WINDOW
    resize_window(app, BIG)
    assert table_scene(app).model.table.layout.size == BIG and app.crashed is None


def test_a_look_changed_by_keys_in_a_tiny_window_keeps_the_notice(app):
    """Keys still reach Settings in a window too small to draw in: a text size changed there
    lays the scenes out again at the minimum without taking the window for the minimum (it did,
    and the table under Settings was drawn into the tiny window: the side panel's felt copy
    failed on every frame, found by the monkey)."""
    table = start_game(app, "scopa", 2)
    key(app, pygame.K_ESCAPE)
    click_button(app, app.scenes.top, "settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    resize_window(app, (300, 200))
    while settings.keys.current() is not settings.text_sel:
        key(app, pygame.K_DOWN)
    size = app.settings.text_size
    key(app, pygame.K_RIGHT)
    assert app.settings.text_size != size
    for _ in range(3):
        app.step()
    assert app.crashed is None, app.crashed
    assert app.scenes.too_small and app.scenes.notice is not None
    assert table.model.table.layout.size == MIN_WINDOW
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    resize_window(app, BIG)
    assert app.crashed is None and app.scenes.top is table and app.scenes.notice is None


def test_card_pictures_stay_bounded_over_sixty_window_sizes(app):
    table = start_game(app, "capodama", 4)
    images = card_images()
    widths = set()
    for k in range(60):
        resize_window(app, (900 + 17 * k, 560 + 9 * k), frames=2)
        widths.update(table.model.table.layout.sizes)
        assert app.crashed is None, app.crashed
    assert len(widths) > MAX_WIDTHS  # the sizes really changed more often than the cache keeps
    size = images.cache_size()
    assert size.widths <= MAX_WIDTHS
    keys = len(table.wanted)
    assert size.count <= MAX_WIDTHS * keys
    assert size.bytes > 0


def test_the_cache_drops_the_least_recently_used_width():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    images = CardImages()
    key = images.back_key("blue")
    for w in range(10, 10 + MAX_WIDTHS):
        images.get(key, w)
    images.get(key, 10)  # used again: now the most recent
    images.get(key, 200)  # one width too many: 11, the least recently used, goes
    assert images.is_ready(key, 10) and images.is_ready(key, 200)
    assert not images.is_ready(key, 11)
    size = images.cache_size()
    assert size.count == MAX_WIDTHS and size.widths == MAX_WIDTHS
    w, h = images.get(key, 200).get_size()
    assert size.bytes >= w * h * 4


def test_zero_and_negative_widths_draw_a_one_pixel_card():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    images = CardImages()
    key = images.back_key("blue")
    for w in (0, -5):
        assert images.get(key, w).get_width() == 1
        assert images.shadow(w).get_width() > 0
        assert images.veil(w).get_width() == 1
        assert images.ring(w, (255, 255, 255), "x").get_width() > 0
    images.want([key], [-40, 0])
    assert images.warm(1.0) == 0


def test_f11_back_from_fullscreen_restores_the_window_size(app, monkeypatch):
    """Back from fullscreen, X11 keeps the window at the screen's size the first time another
    size is asked for (SDL presenting through shared memory): the fake display below does the
    same, and F11 still brings the window back to the size it left."""
    real = pygame.display.set_mode
    full: list[tuple[int, int]] = []

    def x11_set_mode(size=(0, 0), flags=0, *args, **kwargs):
        if flags & pygame.FULLSCREEN:
            surface = real(size, flags, *args, **kwargs)
            full[:] = [surface.get_size()]
            return surface
        kept = full.pop() if full else size
        return real(kept, flags, *args, **kwargs)

    resize_window(app, (900, 560))
    monkeypatch.setattr(pygame.display, "set_mode", x11_set_mode)
    key(app, pygame.K_F11)
    assert app.fullscreen and app.screen.get_size() != (900, 560)
    key(app, pygame.K_F11)
    # the window system then says the window changed size, as it does
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=560))
    app.step()
    assert not app.fullscreen
    assert app.screen.get_size() == (900, 560) and app.size == (900, 560)
    assert app.settings.window == (900, 560)  # what the next start opens at
    assert app.scenes.top.scale == pytest.approx(theme.ui_scale((900, 560)))


def test_the_first_window_fits_a_small_screen(tmp_path, monkeypatch):
    """A 1280×720 window (the default, or one remembered on a larger screen) on a 1024×600
    netbook ran off its screen: the window opened at start fits the screen, leaving room for
    the desktop's panels; a size asked for on the command line is kept, and a headless driver
    has no screen to fit."""
    user_dirs(tmp_path, monkeypatch)
    settings = Settings()
    assert settings.window == (1280, 720)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    fitted = App(settings, fixed_dt=1 / 30, fps=0, persist=False)
    assert fitted.windowed_size == (round(1024 * SCREEN_SHARE), round(600 * SCREEN_SHARE))
    assert fitted.screen.get_size() == fitted.windowed_size
    fitted.shutdown()
    asked = App(Settings(), size=(1280, 720), fixed_dt=1 / 30, fps=0, persist=False)
    assert asked.windowed_size == (1280, 720)
    asked.shutdown()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    big = App(Settings(), fixed_dt=1 / 30, fps=0, persist=False)
    assert big.windowed_size == (1280, 720)  # a screen large enough changes nothing
    big.shutdown()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    headless = App(Settings(), fixed_dt=1 / 30, fps=0, persist=False)
    assert headless.windowed_size == (1280, 720)
    headless.shutdown()
