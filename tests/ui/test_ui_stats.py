"""Statistics at the table and on screen, driven by posted pygame events.

A human plays (by clicks) whole solitaire deals and a Cattura match against the rules seat: the
figures in stats.json follow the engine's deal results, each deal counted once; autoplay counts
nothing.  The Statistics scene opens and closes at 1024x600, a reset asks first (Cancel keeps
every figure), and damaged or newer files are handled without a crash or a lost file.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_harness import (
    autoplay_to_summary,
    click,
    click_button,
    decide_non_play,
    human_turn,
    key,
    make_app,
    run_until,
    sprite_center,
    start_game,
    table_scene,
    user_dirs,
)

from game.engine import DealScored, MatchOver
from game.ui import stats, storage
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.summary import SummaryScene


def _file() -> Path:
    return stats.stats_path()


def _figures(game: str, players: int) -> stats.Figures:
    book = stats.load()
    assert book.stats is not None, book.notice
    return book.stats.of(game, players)


def _human_move(app: Any, table: Any) -> None:
    """One decision of the human by clicks: a lit card, or the first row of a chooser."""
    if table.model.prompt.kind != "play":
        decide_non_play(app, table)
    elif table.model.prompt.trump_rects:
        click(app, table.model.prompt.trump_rects[0][0].center)
    else:
        legal = table.model.legal_cards()
        sp = next(
            sp
            for sp in sorted(table.model.table.sprites, key=lambda sp: -sp.z)
            if sp.card in legal and table.model.gui.clickable(sp)
        )
        click(app, sprite_center(table, sp))


def _play_match(app: Any) -> tuple[list[DealScored], MatchOver]:
    """Play the table's match to its result by clicks; the deals' and the match's payloads."""
    table = table_scene(app)
    scored: list[DealScored] = []
    for _ in range(400):
        top = app.scenes.top
        if isinstance(top, ResultScene):
            events = table_scene(app).model.state.events
            over = next(e for e in reversed(events) if isinstance(e.data, MatchOver))
            return scored, over.data
        if isinstance(top, SummaryScene):
            scored.append(top.data)
            key(app, pygame.K_RETURN)
        elif table is not None and human_turn(table):
            _human_move(app, table)
        run_until(app, lambda: _waiting(app), 3000)
        table = table_scene(app)
    raise AssertionError("the match never ended")


def _waiting(app: Any) -> bool:
    top = app.scenes.top
    if isinstance(top, SummaryScene | ResultScene):
        return True
    table = table_scene(app)
    return table is not None and top is table and human_turn(table)


def test_solitaire_deals_are_counted_once_each(tmp_path: Path, monkeypatch: Any) -> None:
    user_dirs(tmp_path, monkeypatch)
    app = make_app(speed="instant")
    start_game(app, "capodama", 1, seed=3, seats=["human"])
    deals, over = _play_match(app)
    assert len(deals) == 1
    first = deals[0].results[0]
    assert first.won  # deal no. 3 played card by card from the left is won
    f = _figures("capodama", 1)
    assert (f.deals, f.deals_won, f.matches, f.matches_won) == (1, first.won, 1, bool(over.winners))
    assert f.best_points == f.worst_points == first.points
    assert f.seeds_won == [3]
    assert (f.streak, f.best_streak) == (1, 1)
    assert [m.mine for m in f.last] == [first.points]
    moves = table_scene(app).model.state.history

    # Restart deal and the same clicks: the same deal with the same moves is not counted again
    # (as when Continue after a crash replays the moves the save did not hold yet)
    click_button(app, app.scenes.top, "retry")
    again, _ = _play_match(app)
    assert table_scene(app).model.state.history == moves
    assert again == deals
    assert _figures("capodama", 1) == f

    # a new deal is another deal
    click_button(app, app.scenes.top, "new_deal")
    second, over2 = _play_match(app)
    g = _figures("capodama", 1)
    assert g.seeds_won == [3] + (
        [table_scene(app).model.state.seed] if second[0].results[0].won else []
    )
    results = [first, second[0].results[0]]
    assert (g.deals, g.deals_won) == (2, sum(r.won for r in results))
    assert g.best_points == max(r.points for r in results)
    assert g.worst_points == min(r.points for r in results)
    wins = [bool(over.winners), bool(over2.winners)]
    assert (g.matches, g.matches_won) == (2, sum(wins))
    assert (g.streak, g.best_streak) == _streaks(wins)


def _streaks(wins: list[bool]) -> tuple[int, int]:
    """The current and the best run of wins."""
    runs = "".join("w" if w else " " for w in wins).split(" ")
    return len(runs[-1]), max(len(r) for r in runs)


def test_cattura_matches_count_deals_results_and_streaks(tmp_path: Path, monkeypatch: Any) -> None:
    user_dirs(tmp_path, monkeypatch)
    app = make_app(speed="instant")
    mine, wins = [], []
    for seed in (4, 5, 6, 2):  # won, won, lost, and a tie (which Cattura counts as shared win)
        app.scenes.reset(app.title_scene())
        start_game(app, "cattura", 2, seed=seed, seats=["human", "rules"])
        deals, over = _play_match(app)
        mine += [d.results[0] for d in deals]
        wins.append(0 in over.winners)
        scores = table_scene(app).model.state.scores
        last = _figures("cattura", 2).last[-1]
        rivals = [s for seat, s in enumerate(scores) if (seat in over.winners) != wins[-1]]
        assert (last.won, last.mine, last.other) == (wins[-1], scores[0], max(rivals, default=None))
    assert wins == [True, True, False, True]
    f = _figures("cattura", 2)
    assert (f.deals, f.deals_won, f.points) == (
        len(mine),
        sum(r.won for r in mine),
        sum(r.points for r in mine),
    )
    assert (f.matches, f.matches_won) == (4, 3)
    assert (f.streak, f.best_streak) == _streaks(wins) == (1, 2)
    assert f.last[-1].other is None  # a tie: nobody beat the player


def test_autoplay_with_no_human_seat_counts_nothing(tmp_path: Path, monkeypatch: Any) -> None:
    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    autoplay_to_summary(app, "scopa", 2)
    assert not _file().exists()


def _book_with_scopa() -> dict[str, Any]:
    book = stats.Stats()
    book.add_match("m1", "scopa", 2, stats.MatchMark(True, 11, 7, "2026-11-22"))
    book.add_match("m2", "scopa", 2, stats.MatchMark(False, 9, 11, "2026-11-23"))
    assert stats.save(book) is None
    return json.loads(_file().read_text(encoding="utf-8"))


def _open_stats(app: Any) -> StatsScene:
    app.push(StatsScene(app))
    app.step()
    scene = app.scenes.top
    assert isinstance(scene, StatsScene)
    return scene


def _show(app: Any, scene: StatsScene, game: str) -> None:
    for _ in range(len(scene.game_sel.choices)):
        if scene.game == game:
            return
        click(app, scene.game_sel.right.rect.center)
    assert scene.game == game


def test_the_scene_opens_and_closes_at_1024x600(tmp_path: Path, monkeypatch: Any) -> None:
    user_dirs(tmp_path, monkeypatch)
    _book_with_scopa()
    app = make_app(size=(1024, 600))
    title = app.scenes.top
    scene = _open_stats(app)
    assert scene.rect.w <= 1024 and scene.rect.h <= 600
    assert app.screen.get_rect().contains(scene.rect)
    for b in scene.buttons:
        assert scene.rect.contains(b.rect)
    _show(app, scene, "scopa")
    assert scene.players == 2  # the first player count with figures
    assert scene.figures is not None and scene.figures.matches == 2
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is title
    scene = _open_stats(app)
    click_button(app, scene, "close")
    assert app.scenes.top is title


def test_a_reset_asks_first_and_cancel_keeps_the_figures(tmp_path: Path, monkeypatch: Any) -> None:
    user_dirs(tmp_path, monkeypatch)
    saved = _book_with_scopa()
    app = make_app(size=(1024, 600))
    scene = _open_stats(app)
    _show(app, scene, "scopa")
    click_button(app, scene, "reset")
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene)
    click_button(app, confirm, "no")
    assert app.scenes.top is scene
    assert json.loads(_file().read_text(encoding="utf-8")) == saved
    assert _figures("scopa", 2).matches == 2

    click_button(app, scene, "reset")
    key(app, pygame.K_ESCAPE)  # Esc is Cancel too
    assert app.scenes.top is scene and _figures("scopa", 2).matches == 2

    click_button(app, scene, "reset")
    click_button(app, app.scenes.top, "yes")
    assert app.scenes.top is scene
    assert _figures("scopa", 2) == stats.Figures()
    assert scene.figures == stats.Figures()


def test_a_newer_file_is_untouched_and_shown_unavailable(tmp_path: Path, monkeypatch: Any) -> None:
    user_dirs(tmp_path, monkeypatch)
    newer = '{"format": "tavolo-stats/9", "figures": {}}'
    _file().parent.mkdir(parents=True, exist_ok=True)
    _file().write_text(newer, encoding="utf-8")
    app = make_app(size=(1024, 600))
    scene = _open_stats(app)
    assert scene.figures is None
    assert not scene.reset_button.enabled
    assert any("newer version" in t.text for t in app.toasts.items)
    key(app, pygame.K_ESCAPE)
    start_game(app, "capodama", 1, seed=3, seats=["human"])
    _play_match(app)
    assert _file().read_text(encoding="utf-8") == newer


def test_a_damaged_file_is_set_aside_once(tmp_path: Path, monkeypatch: Any) -> None:
    user_dirs(tmp_path, monkeypatch)
    _file().parent.mkdir(parents=True, exist_ok=True)
    _file().write_text("{ damaged", encoding="utf-8")
    app = make_app(size=(1024, 600))
    title = app.scenes.top
    scene = _open_stats(app)
    assert scene.figures == stats.Figures()
    told = [t.text for t in app.toasts.items if "damaged" in t.text]
    assert len(told) == 1
    aside = list(_file().parent.glob("stats.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{ damaged"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is title
    _open_stats(app)  # opened again: nothing more to set aside or tell
    assert len(list(_file().parent.glob("stats.json.damaged-*"))) == 1
    assert sum("damaged" in t.text for t in app.toasts.items) == 1


def test_a_failed_write_is_told_once_and_play_goes_on(tmp_path: Path, monkeypatch: Any) -> None:
    user_dirs(tmp_path, monkeypatch)
    real = storage.write_json_atomic

    def full_disk(path: Path, value: Any) -> None:
        if path.name == "stats.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, value)

    monkeypatch.setattr(storage, "write_json_atomic", full_disk)
    app = make_app(speed="instant")
    told: list[str] = []
    show = app.notice
    monkeypatch.setattr(app, "notice", lambda text: (told.append(text), show(text)))
    for seed in (3, 4):  # two deals and two matches: four writes, all refused
        start_game(app, "capodama", 1, seed=seed, seats=["human"])
        _play_match(app)
    failed = [t for t in told if "statistics could not be saved" in t]
    assert failed == [
        f"The statistics could not be saved in {_file().parent} (No space left on device); "
        "play goes on."
    ]
    assert not _file().exists()


def test_a_figure_out_of_range_is_damage_and_the_page_shows(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A valid-looking file whose points run to 400 digits: set aside, told, the page shown."""
    user_dirs(tmp_path, monkeypatch)
    raw = _book_with_scopa()
    raw["figures"]["scopa/2"].update(deals=3, points=int("9" * 400))
    huge = json.dumps(raw)
    _file().write_text(huge, encoding="utf-8")
    app = make_app(size=(1024, 600))
    scene = _open_stats(app)
    _show(app, scene, "scopa")
    app.step()
    assert app.scenes.top is scene and scene.figures == stats.Figures()
    [aside] = _file().parent.glob("stats.json.damaged-*")
    assert aside.read_text(encoding="utf-8") == huge
    assert [t for t in app.toasts.texts if f"kept as {aside.name}" in t]


@pytest.mark.parametrize(
    ("lang", "best", "worst"),
    [
        ("en", "83 (in 80–85)", "62 (18 under 80)"),
        ("it", "83 (entro 80–85)", "62 (18 sotto 80)"),
        ("fr", "83 (entre 80 et 85)", "62 (18 en dessous de 80)"),
    ],
)
def test_the_solitaires_best_and_worst_points_follow_the_window(
    tmp_path: Path, monkeypatch: Any, drawn: list[str], lang: str, best: str, worst: str
) -> None:
    """A lost 101, a won 83 and a lost 62: the page calls the won 83 the best and the 62, the
    farthest from the window, the worst, in every language."""
    from game import i18n
    from game.engine import SeatResult

    user_dirs(tmp_path, monkeypatch)
    book = stats.Stats()
    for seed, (won, points) in enumerate([(False, 101), (True, 83), (False, 62)]):
        book.add_deal(f"s{seed}", "capodama", 1, SeatResult(won, points, 0), seed)
    assert stats.save(book) is None
    app = make_app(size=(1024, 600))
    try:
        app.set_language(lang)
        click_button(app, app.scenes.top, "statistics")
        page = app.scenes.top
        assert isinstance(page, StatsScene) and (page.game, page.players) == ("capodama", 1)
        app.step()
        assert best in drawn and worst in drawn
        assert not any(t.startswith("101") for t in drawn)
    finally:
        app.shutdown()
        i18n.set_language("en")
