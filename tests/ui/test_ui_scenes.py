"""The real scenes driven by posted pygame events: menus, every variant, clicks, refusals."""

from __future__ import annotations

import pygame
import pytest
from ui_harness import (
    click,
    click_button,
    decide_non_play,
    drive_to_play,
    human_turn,
    key,
    quick_seats,
    run_until,
    sprite_center,
    table_scene,
)

from game.engine import DealScored
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene


def test_menus_title_setup_settings_rules(app):
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    tags = [b.tag for b in title.buttons]
    assert tags == [
        "new", "solitaire", "rules", "statistics", "history", "settings", "online", "quit"
    ]  # fmt: skip
    click_button(app, title, "statistics")
    from game.ui.scenes.stats import StatsScene

    assert isinstance(app.scenes.top, StatsScene)
    key(app, pygame.K_ESCAPE, frames=2)
    assert app.scenes.top is title
    click_button(app, title, "rules")
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    assert any("ace of hearts" in line[0] for line in rules.lines)
    key(app, pygame.K_PAGEDOWN, frames=20)
    assert rules.scroll > 0
    click_button(app, rules, "close")
    assert app.scenes.top is title
    click_button(app, title, "settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    click(app, settings.speed_sel.right.rect.center)
    assert app.settings.speed == "instant"  # fast -> instant
    click_button(app, settings, "done")
    click_button(app, title, "new")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    click_button(app, setup, "back")
    assert app.scenes.top is title


def _setup_players(app, n):
    setup = app.scenes.top
    for _ in range(8):
        if setup.players == n:
            break
        click(app, setup.players_sel.right.rect.center)
    assert setup.players == n
    return setup


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_start_each_variant_from_setup(app, players):
    click_button(app, app.scenes.top, "new")
    setup = _setup_players(app, players)
    assert len(setup.seat_sels) == players
    quick_seats(setup)  # frames are not think time: a searching seat under load outlasts them
    click(app, setup.start.rect.center)
    table = table_scene(app)
    assert isinstance(table, TableScene)
    assert table.model.state.players == players
    assert run_until(app, lambda: human_turn(table) or table.model.state.is_over, 4000)
    assert table.model.prompt.kind in ("double", "pass", "play", "trump")


def _start(app, players=4, seed=11, seats=None):
    from game.engine import new_game
    from game.ui.savegame import MatchSetup

    seats = seats or ["human"] + ["rules"] * (players - 1)
    state = new_game("capodama", players=players, seed=seed)
    table = TableScene(app, state, MatchSetup("capodama", players, seats))
    app.push(table)
    return table


def test_play_a_card_by_clicking_it(app):
    _start(app, 4, seed=3)
    table = drive_to_play(app)
    legal = table.model.legal_cards()
    sp = next(sp for sp in table.model.table.hands[table.model.viewer] if sp.card in legal)
    before = len(table.model.state.history)
    click(app, sprite_center(table, sp))
    assert table.model.state.history[before] == str(sp.card)
    assert sp.zone == "trick"


def test_illegal_card_is_refused_with_the_reason(app):
    for seed in range(1, 60):
        app.scenes.reset(app.title_scene())
        _start(app, 4, seed=seed)
        table = drive_to_play(app)
        hand = table.model.table.hands[table.model.viewer]
        bad = [sp for sp in hand if sp.card not in table.model.legal_cards()]
        if bad:
            break
    else:
        pytest.fail("no seed gave an illegal card")
    record = table.model.state.record()
    click(app, sprite_center(table, bad[0]))
    assert table.model.state.record() == record
    assert any(t.startswith("You must follow") for t in app.toasts.texts), app.toasts.texts


# Capodama position A (tests/engine/test_capodama.py): seat 0 is capo, seat 3 sits at its right.
CAPODAMA_A = [
    "AH 9S 10D 8C 9C 10C JC AC",
    "AS 10S KS KH JH 8D 9D QC",
    "7S JS QS 8S 7H 9H AD 7D",
    "QH 10H 8H JD KD QD KC 7C",
]


def _capodama_a(app, moves, human):
    from game.engine import new_game
    from game.ui.savegame import MatchSetup

    state = new_game("capodama", players=4, deal={"dealer": 3, "hands": CAPODAMA_A})
    for m in moves:
        state.play(m)
    kinds = ["rules"] * 4
    kinds[human] = "human"
    return state, TableScene(app, state, MatchSetup("capodama", 4, kinds))


def test_capodama_refusals_are_said_from_their_codes_in_the_deck_on_screen(app):
    from game.engine import parse_card
    from game.engine.capodama import pass_move

    state, table = _capodama_a(app, ["double D", "pass 8C", "pass 8D", "pass 8S"], 3)
    refused = state.why_illegal(pass_move([parse_card("QH", "french")]))
    assert refused.code == "capo_cannot_receive"
    assert table.model.refusal(refused) == (
        "The capo can never receive the queen of hearts: pass another card"
    )
    assert table.model.gui.move_words(pass_move([parse_card("8H", "french")])) == (
        "passing the 8 of hearts"
    )
    state.play("pass 8H")
    state.play("9S")
    app.settings.deck = "italian"
    assert table.model.refusal(state.why_illegal(state.parse_move("QC"))) == (
        "You must follow swords or play a trump: the Cavallo of batons is neither"
    )


def test_capodama_pass_of_the_dama_to_the_capo_is_refused_by_a_click(app):
    state, table = _capodama_a(app, ["double D", "pass 8C", "pass 8D", "pass 8S"], 3)
    app.push(table)
    assert run_until(app, lambda: human_turn(table) and table.model.prompt.kind == "pass", 3000)
    qh = next(sp for sp in table.model.table.hands[3] if str(sp.card) == "QH")
    click(app, sprite_center(table, qh))
    assert "The capo can never receive the queen of hearts: pass another card" in (app.toasts.texts)
    assert table.model.prompt.selected == [] and len(state.history) == 4
    h8 = next(sp for sp in table.model.table.hands[3] if str(sp.card) == "8H")
    click(app, sprite_center(table, h8))
    click_button(app, table, "confirm")
    assert state.history[-1] == "pass 8H"


def test_capodama_summary_says_the_deal_from_its_result(app):
    state, table = _capodama_a(app, [], 0)
    while not any(isinstance(e.data, DealScored) for e in state.events):
        state.play(state.legal_moves()[0])
    scored = next(e.data for e in state.events if isinstance(e.data, DealScored))
    summary = SummaryScene(app, table.model, scored)
    assert summary.lines[0] == "Capo side: You with East."  # AH and QH after the exchange
    assert summary.lines[1] == f"They took {scored.points} of 150 points (needed 82)."
    outcome = "The capo side wins" if scored.points >= 82 else "The opponents win"
    assert summary.lines[2].startswith(outcome + " the deal")
    gains = [r.awards for r in scored.results]
    assert [gain for _, _, gain in summary.scores] == [g > 0 for g in gains]


def test_deck_switch_mid_deal_redraws_cards(app):
    table = _start(app, 4, seed=5)
    app.step()
    app.step()
    assert not table.model.queue.idle  # still dealing
    key(app, pygame.K_d)
    assert app.settings.deck == "italian"
    face_up = [sp for sp in table.model.table.sprites if sp.face_up and sp.card is not None]
    run_until(app, lambda: any(sp.face_up for sp in table.model.table.sprites), 200)
    face_up = [sp for sp in table.model.table.sprites if sp.face_up and sp.card is not None]
    assert face_up
    for sp in face_up:
        folder, _stem = table.model.table.sprite_key(sp, table.model.face_key, table.model.back_key)
        assert folder == "italian"
    for deck in ("piacentine", "siciliane", "trevigiane", "french"):  # D goes round every deck
        key(app, pygame.K_d)
        assert app.settings.deck == deck


def test_deck_switch_refused_for_six_players(app):
    _start(app, 6, seed=2)
    key(app, pygame.K_d)
    assert app.settings.deck == "french"
    assert any("Neapolitan" in t for t in app.toasts.texts)


def test_human_decides_double_pass_and_trump(app):
    # 3 players: the capo names a 4th trump; find a seed where the human is the capo
    from game.engine import new_game

    seed = next(
        s for s in range(1, 200) if new_game("capodama", players=3, seed=s).view(0).capo == 0
    )
    table = _start(app, 3, seed=seed)
    assert run_until(app, lambda: human_turn(table))
    assert table.model.prompt.kind == "double"
    b = table.model.prompt.buttons[1]
    click(app, b.rect.center)
    assert table.model.state.history[-1] == b.tag
    assert run_until(app, lambda: human_turn(table))
    assert table.model.prompt.kind == "trump"
    rect, move = table.model.prompt.trump_rects[2]
    click(app, rect.center)
    assert table.model.state.history[-1] == move.text
    # 6 players: one card left, one right
    app.scenes.reset(app.title_scene())
    table = _start(app, 6, seed=4)
    assert run_until(app, lambda: human_turn(table) and table.model.prompt.kind == "pass", 4000)
    decide_non_play(app, table)
    assert any(h.startswith("pass ") and len(h.split()) == 3 for h in table.model.state.history)


def test_autoplay_summary_then_next_deal(app):
    table = _start(app, 4, seed=9, seats=["rules"] * 4)
    app.settings.speed = "instant"
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 3000)
    summary = app.scenes.top
    assert summary.lines
    click_button(app, summary, "continue")
    assert app.scenes.top is table
    assert run_until(app, lambda: table.model.panel.deal_no == 2 and table.model.synced, 600)


def test_last_trick_can_be_viewed(app):
    table = _start(app, 4, seed=3, seats=["rules"] * 4)
    assert run_until(app, lambda: bool(table.model.moment.shown_last), 3000)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode=""))
    app.step()
    assert table.model.moment.show_last
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_l, mod=0, unicode=""))
    app.step()
    assert not table.model.moment.show_last


def test_resize_and_fullscreen_keep_the_table(app):
    table = _start(app, 5, seed=1)
    run_until(app, lambda: human_turn(table), 3000)
    app.screen = pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    app.resized((1600, 900))
    app.step()
    assert table.model.table.layout.size == (1600, 900)
    hand = table.model.table.hands[table.model.viewer]
    xs = [sp.x for sp in hand]
    assert xs == sorted(xs) and all(0 < x < 1600 for x in xs)
