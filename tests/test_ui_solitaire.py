"""The solitaire played to its end by clicks, with undo, restart and the win/lose screen."""

from __future__ import annotations

import pygame
from ui_harness import (
    click,
    click_button,
    human_turn,
    key,
    run_until,
    sprite_center,
    table_scene,
)

from game.engine import load_record, new_game
from game.ui.savegame import MatchSetup
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene


def test_solitaire_deal_to_the_end_with_undo(app):
    state = new_game("capodama", players=1, seed=42)
    table = TableScene(app, state, MatchSetup("capodama", 1, ["human"]))
    app.push(table)
    assert run_until(app, lambda: human_turn(table))
    # both hands face up, the opponent's at the top
    assert all(sp.face_up for s in (0, 1) for sp in table.table.hands[s])
    assert table.table.layout.spot(1).side == "top"
    click(app, table.buttons[0].rect.center)  # the doubled suit
    assert table.state.history[0].startswith("double")
    undone = False
    plays = 0
    while not table.state.is_over:
        assert run_until(app, lambda: human_turn(table) or table.state.is_over, 2000)
        if table.state.is_over:
            break
        current = table.state.current_player
        legal = table.legal_cards()
        sp = next(sp for sp in table.table.hands[current] if sp.card in legal)
        before = table.state.record()
        click(app, sprite_center(table, sp))
        assert table.state.history[-1] == str(sp.card)
        plays += 1
        if plays == 5 and not undone:
            assert run_until(app, lambda: human_turn(table), 2000)
            key(app, pygame.K_u)
            undone = True
            assert table.state.record() == before
            assert table.state == load_record(before)
            # the card is back in its hand, face up
            hand = [s.card for s in table.table.hands[current]]
            assert sp.card in hand
            plays -= 1
    assert undone
    assert plays == 32
    assert len(table.state.view(0).tricks) == 16
    assert run_until(
        app, lambda: isinstance(app.scenes.top, ResultScene) or table.summary_open, 2000
    )
    if table.summary_open:
        click_button(app, app.scenes.top, "continue")
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 600)
    result = app.scenes.top
    pts = table.state.view(0).points_won[0]
    assert result.won == (80 <= pts <= 85)
    assert str(pts) in result.lines[0]
    click_button(app, result, "retry")
    again = table_scene(app)
    assert again is not table and again.state.seed == 42 and not again.state.history


def test_solitaire_restart_new_deal_and_undo_deal(app):
    state = new_game("capodama", players=1, seed=7)
    table = TableScene(app, state, MatchSetup("capodama", 1, ["human"]))
    app.push(table)
    assert run_until(app, lambda: human_turn(table))
    click(app, table.buttons[0].rect.center)
    for _ in range(3):
        assert run_until(app, lambda: human_turn(table))
        sp = next(
            sp
            for sp in table.table.hands[table.state.current_player]
            if sp.card in table.legal_cards()
        )
        click(app, sprite_center(table, sp))
    assert len(table.state.history) == 4
    assert run_until(app, lambda: human_turn(table))
    click_button(app, table, "undo_deal")
    assert table.state.history == []
    assert len(table.table.hands[0]) == 8 and len(table.table.hands[1]) == 8
    key(app, pygame.K_n)
    assert table.state.seed != 7
    seed = table.state.seed
    assert run_until(app, lambda: human_turn(table))
    click(app, table.buttons[0].rect.center)
    key(app, pygame.K_r)
    assert table.state.seed == seed and table.state.history == []


def test_solitaire_panel_and_summary_take_the_window_from_the_engine(app):
    state = new_game("capodama", players=1, seed=42)
    table = TableScene(app, state, MatchSetup("capodama", 1, ["human"]))
    names = [table.short_name(s) for s in range(state.seats)]
    items = table.gui.hud_items(table.model, names, table.deck)
    assert ("gauge", 0, (80, 85), 150) in items  # the view's window and the deal's total
    assert not any(item[0] == "rows" for item in items)  # no match score in the solitaire
    while not state.is_over:
        state.play(state.legal_moves()[0])
    scored = next(e.data for e in state.events if e.kind == "deal_scored")
    lines = table.gui.summary_lines(scored, names, 1)
    assert lines == [
        f"The capo took {scored.points} of 150 points (the window is 80 to 85).",
        "Won!" if 80 <= scored.points <= 85 else "Lost.",
    ]
