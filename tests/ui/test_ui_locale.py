"""Numbers, dates and times the language's way (Babel's formatting through game/i18n.py), the
Settings rows fitted to their words in every language and window size, the hold row named for
the game's own plays, and the name plates read the same way on every seat.

Each UI test drives the real scenes with posted input and reads what the scenes draw
(``theme.text`` is the one place that renders text).
"""

from __future__ import annotations

import datetime
import os
import re
from typing import Any

import pygame
import pytest
from ui_harness import (
    click,
    click_button,
    human_turn,
    key,
    make_app,
    run_until,
    start_game,
    user_dirs,
)

from game import i18n
from game.engine import new_game
from game.ui import stats, theme
from game.ui.savegame import MatchSetup, save_match, save_path
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import HOLDS
from game.ui.stats import MatchMark

#: window sizes from the smallest the table lays out well to 4K
SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080), (3840, 2160)]


@pytest.fixture
def folders(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    yield
    i18n.set_language("en")


def _in(app: Any, lang: str) -> None:
    """Settings → Language, clicked round to ``lang``, back at the title."""
    click_button(app, app.scenes.top, "settings")
    settings = app.scenes.top
    while settings.lang_sel.value != lang:
        click(app, settings.lang_sel.right.rect.center)
        settings = app.scenes.top
    click_button(app, settings, "done")
    assert i18n.language() == lang


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["0.8 s", "1.5 s", "3 s"]),
        ("it", ["0,8 s", "1,5 s", "3 s"]),
        ("fr", ["0,8 s", "1,5 s", "3 s"]),
    ],
)
def test_the_trick_time_is_written_the_languages_way(folders, drawn, lang, words) -> None:
    app = make_app(size=(1024, 600))
    _in(app, lang)
    click_button(app, app.scenes.top, "settings")
    settings = app.scenes.top
    shown = []
    for _ in HOLDS:
        drawn.clear()
        app.step()
        shown.append(settings.hold_sel.fmt(settings.hold_sel.value))
        assert shown[-1] in drawn
        click(app, settings.hold_sel.right.rect.center)
    assert sorted(w for w in shown if w[0].isdigit()) == sorted(words)
    app.shutdown()


@pytest.mark.parametrize(
    ("lang", "when"),
    [("en", "5 Mar 2025 09:07"), ("it", "5 mar 2025 09:07"), ("fr", "5 mars 2025 09:07")],
)
def test_the_titles_continue_line_dates_its_save_the_languages_way(folders, lang, when) -> None:
    state = new_game("scopa", players=2, seed=3)
    state.play(state.legal_moves()[0])
    assert save_match(state, MatchSetup("scopa", 2, ["human", "rules"])) is None
    stamp = datetime.datetime(2025, 3, 5, 9, 7).timestamp()
    os.utime(save_path("scopa"), (stamp, stamp))
    app = make_app(size=(1024, 600))
    _in(app, lang)  # the title reads the saves again as it comes back
    label = app.scenes.top.match_buttons[0].label
    assert label.endswith(f" · {when}"), label
    app.shutdown()


@pytest.mark.parametrize(
    ("lang", "dates", "rate"),
    [
        ("en", "23 Nov 2026 to 27 Nov 2026", "(50%)"),
        ("it", "23 nov 2026 al 27 nov 2026", "(50%)"),
        ("fr", "23 nov. 2026 au 27 nov. 2026", "(50\u00a0%)"),
    ],
)
def test_statistics_write_dates_rates_and_decimals_the_languages_way(
    folders, drawn, lang, dates, rate
) -> None:
    book = stats.Stats()
    for i, (won, day) in enumerate([(True, "2026-11-23"), (False, "2026-11-27")]):
        book.add_match(f"m{i}", "scopa", 2, MatchMark(won, 11 - i, 7, day))
    book.add_deal("d1", "scopa", 2, new_result(True, 3), 1)
    book.add_deal("d2", "scopa", 2, new_result(False, 2), 1)
    book.add_deal("d3", "scopa", 2, new_result(False, 2), 1)
    assert stats.save(book) is None
    app = make_app(size=(1024, 600))
    _in(app, lang)
    click_button(app, app.scenes.top, "statistics")
    page = app.scenes.top
    while page.game != "scopa":
        click(app, page.game_sel.right.rect.center)
    drawn.clear()
    app.step()
    assert any(dates in t for t in drawn), [t for t in drawn if "2026" in t]
    assert any(t.endswith(rate) for t in drawn)  # matches won: 1 of 2
    per_deal = i18n.number(7 / 3, 1)
    assert per_deal == ("2.3" if lang == "en" else "2,3") and per_deal in drawn
    app.shutdown()


def new_result(won: bool, points: int) -> Any:
    from game.engine import SeatResult

    return SeatResult(won, points, int(won))


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_settings_row_fits_beside_its_arrows(folders, lang) -> None:
    """Over a table (its Cards row too), at every size from 1024×600 to 4K: each row's label
    and each of its values are drawn at the page's full text size, the label ending before the
    left arrow with air between, each value between its arrows."""
    from test_ui_window import resize_window

    app = make_app(size=(1024, 600))
    _in(app, lang)
    start_game(app, "capodama", 4)
    key(app, pygame.K_ESCAPE)
    click_button(app, app.scenes.top, "settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene) and settings.deck_sel in settings.selectors
    for size in SIZES:
        resize_window(app, size)
        full = settings.text_size
        for sel in settings.selectors:
            width = theme.font(full).size(sel.label)[0]
            assert sel.label_size(full) == full, (size, sel.label)
            assert sel.rect.x + width + sel.rect.h // 4 <= sel.left.rect.x, (size, sel.label)
            for choice in sel.choices:
                words = sel.fmt(choice)
                assert theme.font(full, True).size(words)[0] <= sel._value_rect.w - 4, words
        assert settings.rect.right <= size[0] and settings.rect.x >= 0
    app.shutdown()


@pytest.mark.parametrize(
    ("game", "label"),
    [(None, "Trick or capture stays"), ("capodama", "Trick stays"), ("scopa", "Capture stays")],
)
def test_the_hold_row_says_trick_or_capture_as_the_game_does(app, game, label) -> None:
    if game is None:
        click_button(app, app.scenes.top, "settings")
    else:
        start_game(app, game, 2 if game == "scopa" else 4)
        key(app, pygame.K_ESCAPE)
        click_button(app, app.scenes.top, "settings")
    assert app.scenes.top.hold_sel.label == label


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize(("game", "players"), [("capodama", 5), ("capodama", 6), ("scopa", 4)])
def test_the_plates_read_the_same_way_on_every_seat(app, drawn, size, game, players) -> None:
    """Each AI seat's plate carries its level, or none does; the score is drawn apart from the
    name (never "West 1" beside "East · normal 0")."""
    from test_ui_window import resize_window

    resize_window(app, size)
    seats = ["human"] + ["easy"] * (players - 1)
    table = start_game(app, game, players, seed=5, seats=seats)
    assert run_until(app, lambda: human_turn(table), 4000)
    plates = table.painter.plate_words()
    ai = [name for seat, (name, _s) in enumerate(plates) if seat != table.model.viewer]
    assert all(" · " in n for n in ai) or not any(" · " in n for n in ai), ai
    for name, score in plates:
        assert score == "0" and not re.search(r"\d", name)
    drawn.clear()
    table.painter._plates.clear()
    table.painter._draw_plates(app.screen, table.damage.glow)
    for name, score in plates:
        assert name in drawn and score in drawn  # each on its own: the score in its chip
