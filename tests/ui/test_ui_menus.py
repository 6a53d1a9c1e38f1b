"""The menus: Pause (resume, new game, restart, rules, settings, quit), questions before what
throws a match away or leaves it, the title's Continue, the settings, opaque overlays, and the
solitaire's end in one panel."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest
from ui_harness import (
    click,
    click_button,
    drive_to_play,
    human_turn,
    key,
    make_app,
    run_until,
    sprite_center,
    start_game,
    table_scene,
    user_dirs,
)

from game import skins
from game.engine import Dealt, MatchOver, load_record, new_game
from game.ui.savegame import MatchSetup, load_slot, save_path, when
from game.ui.scenes import summary
from game.ui.scenes.common import PANEL
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.keys import KeysScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import HOLDS, load_settings


def pause(app) -> PauseScene:
    key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseScene)
    return menu


def play_cards(app, table, n: int) -> None:
    """The human plays ``n`` cards (the AI seats in between), deciding anything else first."""
    for _ in range(n):
        table = drive_to_play(app)
        sp = next(
            sp
            for sp in table.model.table.hands[table.model.viewer]
            if sp.card in table.model.legal_cards()
        )
        click(app, sprite_center(table, sp))


def deal_no(state) -> int:
    return max(e.data.deal_no for e in state.events if isinstance(e.data, Dealt))


def test_pause_offers_every_way_on(app):
    start_game(app, "scopa", 2)
    menu = pause(app)
    tags = [b.tag for b in menu.buttons]
    assert tags == ["resume", "new", "restart", "rules", "settings", "keys", "title"]
    click_button(app, menu, "rules")
    assert isinstance(app.scenes.top, RulesScene) and app.scenes.top.game == "scopa"
    key(app, pygame.K_ESCAPE)
    click_button(app, menu, "keys")  # the list of keys, where a newcomer looks for it
    assert isinstance(app.scenes.top, KeysScene)
    key(app, pygame.K_ESCAPE)
    click_button(app, menu, "resume")
    assert isinstance(app.scenes.top, TableScene)


def test_restart_asks_then_deals_a_new_match_from_deal_one_with_the_same_seats(app):
    seats = ["human", "random", "rules", "random"]
    old = start_game(app, "capodama", 4, seed=5, seats=seats)
    play_cards(app, old, 2)
    moves = len(old.model.state.history)
    click_button(app, pause(app), "restart")
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and "lost" in ask.question
    click_button(app, ask, "no")  # Keep playing
    assert isinstance(app.scenes.top, PauseScene) and table_scene(app) is old
    assert len(old.model.state.history) == moves
    click_button(app, app.scenes.top, "restart")
    click_button(app, app.scenes.top, "yes")
    table = table_scene(app)
    assert table is not old and [type(s) for s in app.scenes.stack] == [TitleScene, TableScene]
    st = table.model.state
    assert (st.name, st.players, table.model.setup.seats) == ("capodama", 4, seats)
    assert st.history == [] and deal_no(st) == 1 and not any(st.scores)
    saved, _ = load_slot("capodama")
    assert saved is not None and saved.state.history == [] and saved.setup.seats == seats


def test_quit_to_title_asks_and_the_match_stays_saved_for_continue(app):
    table = start_game(app, "scopa", 2, seed=4, seats=["human", "rules"])
    play_cards(app, table, 1)
    key(app, pygame.K_ESCAPE)  # a card may still be flying: the save has it all the same
    menu = app.scenes.top
    if not isinstance(menu, PauseScene):
        menu = pause(app)
    history = list(table.model.state.history)
    click_button(app, menu, "title")
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and "stays saved" in ask.question
    click_button(app, ask, "no")
    assert app.scenes.top is menu and table_scene(app) is table
    click_button(app, menu, "title")
    click_button(app, app.scenes.top, "yes")
    title = app.scenes.top
    assert isinstance(title, TitleScene) and table_scene(app) is None
    saved, _ = load_slot("scopa")
    assert saved is not None and saved.state.history == history
    resume = title.button("continue")
    sides = "–".join(str(s) for s in saved.state.scores)
    expected = f"Scopa, 2 players, deal {deal_no(saved.state)}, {sides}"
    assert resume.label == f"{expected} · {when(saved.saved_at)}"
    click(app, resume.rect.center)
    again = table_scene(app)
    assert again is not None and again.model.state.history == history


def test_a_finished_or_watched_match_leaves_without_a_question(app):
    start_game(app, "cattura", 2, seats=["rules", "rules"])  # autoplay: nothing is kept
    click_button(app, pause(app), "title")
    assert isinstance(app.scenes.top, TitleScene)


def test_settings_hold_and_forced_last_card_are_offered_and_saved(app):
    app.persist = True
    click_button(app, app.scenes.top, "settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    assert settings.deck_sel not in settings.selectors  # decks are per game: no table, no row
    words = []
    for _ in HOLDS:
        words.append(settings.hold_sel.fmt(settings.hold_sel.value))
        click(app, settings.hold_sel.right.rect.center)
    assert sorted(words) == sorted(["0.8 s", "1.5 s", "3 s", "Until I click"])
    while settings.hold_sel.fmt(settings.hold_sel.value) != "Until I click":
        click(app, settings.hold_sel.right.rect.center)
    assert app.settings.hold == "click"
    assert settings.last_sel.fmt(app.settings.auto_last) == "Automatically"
    click(app, settings.last_sel.right.rect.center)
    assert app.settings.auto_last is False
    assert settings.last_sel.fmt(False) == "I play it"
    saved = load_settings()[0]
    assert saved.hold == "click" and saved.auto_last is False


def test_the_cards_row_over_a_table_sets_that_games_deck(app):
    start_game(app, "tressette", 4)
    click_button(app, pause(app), "settings")
    settings = app.scenes.top
    assert settings.deck_sel in settings.selectors and "Tressette" in settings.deck_sel.label
    shown = app.settings.deck
    click(app, settings.deck_sel.right.rect.center)
    other = app.settings.deck
    assert other != shown and app.settings.decks == {"tressette": other}
    # the row offers every deck that holds Tressette's forty cards, regional ones included
    assert settings.deck_sel.choices == list(skins.DECKS)


def test_the_cards_row_offers_only_the_decks_that_hold_the_games_cards(app):
    start_game(app, "capodama", 6)  # 48 cards: no Italian-suited deck holds them
    click_button(app, pause(app), "settings")
    settings = app.scenes.top
    assert settings.deck_sel.choices == ["french"]


def _over_cards(app, scene, table) -> list[tuple[int, int]]:
    """Points of ``scene``'s panel margin (no text, no button there) that lie over a card."""
    s = scene.scale
    r = scene.rect
    cards = [table.model.sprite_rect(sp) for sp in table.model.table.sprites]
    points = []
    for x in list(range(r.x + 6, r.x + round(16 * s))) + list(
        range(r.right - round(16 * s), r.right - 6)
    ):
        for y in range(r.y + round(24 * s), r.bottom - round(24 * s), 3):
            if any(c.collidepoint(x, y) for c in cards):
                points.append((x, y))
    return points


@pytest.mark.parametrize("overlay", ["pause", "settings", "rules"])
def test_overlays_are_opaque_over_the_cards(app, overlay):
    table = start_game(app, "capodama", 4, seed=3)
    table = drive_to_play(app)
    menu = pause(app)
    if overlay != "pause":
        click_button(app, menu, overlay)
    scene = app.scenes.top
    app.step()
    points = _over_cards(app, scene, table)
    assert len(points) > 20, "the panel's margin must lie over some cards for this test"
    colors = {tuple(app.screen.get_at(p))[:3] for p in points}
    assert colors == {PANEL}  # the cards underneath do not show through


def test_the_solitaires_end_is_one_panel(app, monkeypatch):
    state = new_game("capodama", players=1, seed=42)
    while len(state.legal_moves()) > 1 or len(state.history) < 10:
        state.play(state.legal_moves()[0])
    record = state.record()
    last = load_record(record)
    table = TableScene(app, last, MatchSetup("capodama", 1, ["human"]), resumed=True)
    app.push(table)
    drawn: list[str] = []
    real = summary.dialog
    monkeypatch.setattr(summary, "dialog", lambda *a: drawn.append(a[2]) or real(*a))
    while not last.is_over:
        assert run_until(app, lambda: human_turn(table) or last.is_over, 2000)
        if last.is_over:
            break
        sp = next(
            sp
            for sp in table.model.table.hands[last.current_player]
            if sp.card in table.model.legal_cards()
        )
        click(app, sprite_center(table, sp))
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 2000)
    result = app.scenes.top
    assert drawn == []  # no deal summary before it
    over = next(e.data for e in last.events if isinstance(e.data, MatchOver))
    view = last.view(0)
    assert result.won == bool(over.winners)
    assert result.title == ("You won the solitaire!" if result.won else "Solitaire lost")
    assert str(view.points_won[0]) in result.lines[0]
    assert all(str(edge) in result.lines[0] for edge in view.window)
    assert str(last.seed) in result.lines[-1]
    if not result.won:  # the coach says which move lost it (game.ai.capodama_verdict.lost_at)
        assert "reach" in result.lines[1]
    back = [] if result.won else ["take_back"]  # a lost deal offers to take moves back
    assert [b.tag for b in result.buttons] == [*back, "retry", "new_deal", "title", "history"]
    assert all(result.rect.contains(b.rect) for b in result.buttons)  # all in the panel
    assert app.screen.get_rect().contains(result.rect)
    assert not save_path("capodama-1").exists()  # a finished deal is not offered to continue


def _label_box(app, b) -> tuple[int, int]:
    """The width and height of a button's label as drawn in the window (its ink pixels)."""
    surface = pygame.Surface(app.screen.get_size())
    b.draw(surface)
    ink = [
        (x, y)
        for x in range(b.rect.x, b.rect.right)
        for y in range(b.rect.y, b.rect.bottom)
        if min(surface.get_at((x, y))[:3]) > 200  # the light label on a dark button
    ]
    xs, ys = [p[0] for p in ink], [p[1] for p in ink]
    return max(xs) - min(xs), max(ys) - min(ys)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_buttons_have_one_text_size_across_scenes(tmp_path, monkeypatch, size):
    user_dirs(tmp_path, monkeypatch)
    app = make_app(size=size)
    title = app.scenes.top
    start_game(app, "scopa", 2)
    menu = pause(app)
    for tag in ("rules", "settings"):  # the same words on differently sized buttons
        assert title.button(tag).rect.size != button_of(menu, tag).rect.size
        assert _label_box(app, title.button(tag)) == _label_box(app, button_of(menu, tag))
    app.shutdown()


def button_of(scene, tag: str):
    return next(b for b in scene.buttons if b.tag == tag)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_title_menu_ends_above_the_keys_line(tmp_path, monkeypatch, size):
    """Every button of the title, Play online and Quit included, stands whole above the keys
    line at the foot of the page (at 1024×600 Quit was drawn under it)."""
    user_dirs(tmp_path, monkeypatch)
    app = make_app(size=size)
    try:
        title = app.scenes.top
        rects = [b.rect for b in title.buttons]
        assert len(rects) >= 7
        assert max(r.bottom for r in rects) < title.hint_top(size[1])
        assert all(a.bottom <= b.top for a, b in pairwise(rects))
        assert min(r.height for r in rects) >= 30
    finally:
        app.shutdown()
