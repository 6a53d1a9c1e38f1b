"""The solitaire played to its end by clicks, with undo, restart and the win/lose screen; its
start from the title, its hands named by their places, its panel's verdict at the deal's end,
and Take back from a lost deal's result."""

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

from game.ai.capodama_verdict import lost_at
from game.engine import DealScored, load_record, new_game
from game.ui.savegame import MatchSetup
from game.ui.scenes.result import ResultScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.solitaire import SolitaireScene
from game.ui.scenes.table import TableScene


def test_solitaire_deal_to_the_end_with_undo(app):
    state = new_game("capodama", players=1, seed=42)
    table = TableScene(app, state, MatchSetup("capodama", 1, ["human"]))
    app.push(table)
    assert run_until(app, lambda: human_turn(table))
    # both hands face up, the opponent's at the top
    assert all(sp.face_up for s in (0, 1) for sp in table.model.table.hands[s])
    assert table.model.table.layout.spot(1).side == "top"
    click(app, table.model.prompt.buttons[0].rect.center)  # the doubled suit
    assert table.model.state.history[0].startswith("double")
    undone = False
    plays = 0
    while not table.model.state.is_over:
        assert run_until(app, lambda: human_turn(table) or table.model.state.is_over, 2000)
        if table.model.state.is_over:
            break
        current = table.model.state.current_player
        legal = table.model.legal_cards()
        sp = next(sp for sp in table.model.table.hands[current] if sp.card in legal)
        before = table.model.state.record()
        click(app, sprite_center(table, sp))
        assert table.model.state.history[-1] == str(sp.card)
        plays += 1
        if plays == 5 and not undone:
            assert run_until(app, lambda: human_turn(table), 2000)
            key(app, pygame.K_u)
            undone = True
            assert table.model.state.record() == before
            assert table.model.state == load_record(before)
            # the card is back in its hand, face up
            hand = [s.card for s in table.model.table.hands[current]]
            assert sp.card in hand
            plays -= 1
    assert undone
    assert plays == 32
    assert len(table.model.state.view(0).tricks) == 16
    assert run_until(
        app, lambda: isinstance(app.scenes.top, ResultScene) or table.summary_open, 2000
    )
    if table.summary_open:
        click_button(app, app.scenes.top, "continue")
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 600)
    result = app.scenes.top
    pts = table.model.state.view(0).points_won[0]
    assert result.won == (80 <= pts <= 85)
    assert str(pts) in result.lines[0]
    click_button(app, result, "retry")
    again = table_scene(app)
    assert again is not table and again.model.state.seed == 42 and not again.model.state.history


def test_solitaire_restart_new_deal_and_undo_deal(app):
    state = new_game("capodama", players=1, seed=7)
    table = TableScene(app, state, MatchSetup("capodama", 1, ["human"]))
    app.push(table)
    assert run_until(app, lambda: human_turn(table))
    click(app, table.model.prompt.buttons[0].rect.center)
    for _ in range(3):
        assert run_until(app, lambda: human_turn(table))
        sp = next(
            sp
            for sp in table.model.table.hands[table.model.state.current_player]
            if sp.card in table.model.legal_cards()
        )
        click(app, sprite_center(table, sp))
    assert len(table.model.state.history) == 4
    assert run_until(app, lambda: human_turn(table))
    click_button(app, table, "undo_deal")
    assert table.model.state.history == []
    assert len(table.model.table.hands[0]) == 8 and len(table.model.table.hands[1]) == 8
    key(app, pygame.K_n)
    assert table.model.state.seed != 7
    seed = table.model.state.seed
    assert run_until(app, lambda: human_turn(table))
    click(app, table.model.prompt.buttons[0].rect.center)
    key(app, pygame.K_r)
    assert table.model.state.seed == seed and table.model.state.history == []


def test_solitaire_panel_and_summary_take_the_window_from_the_engine(app):
    state = new_game("capodama", players=1, seed=42)
    table = TableScene(app, state, MatchSetup("capodama", 1, ["human"]))
    names = [table.model.short_name(s) for s in range(state.seats)]
    items = table.model.gui.hud_items(table.model.panel, names, table.model.deck)
    assert ("gauge", 0, (80, 85), 150) in items  # the view's window and the deal's total
    assert not any(item[0] == "rows" for item in items)  # no match score in the solitaire
    while not state.is_over:
        state.play(state.legal_moves()[0])
    scored = next(e.data for e in state.events if isinstance(e.data, DealScored))
    lines = table.model.gui.summary_lines(scored, names, 1)
    assert lines == [
        f"The capo took {scored.points} of 150 points (the window is 80 to 85).",
        "Won!" if 80 <= scored.points <= 85 else "Lost.",
    ]


def test_the_titles_solitaire_shows_winnable_deals_only_and_names_the_hands(app, drawn):
    """Title → Solitaire: the start shows "Winnable deals only" (Right switches it, and the
    setting follows), Enter deals.  At the table both hands are named by their places (South,
    the capo, and North: no "opponent"), the prompt says which hand plays, a trick says which
    hand won it, and the gauge says the points of the deal's total and what wins."""
    click_button(app, app.scenes.top, "solitaire")
    start = app.scenes.top
    assert isinstance(start, SolitaireScene)
    app.step()
    assert "Winnable deals only" in drawn
    on = app.settings.solitaire_winnable_only
    key(app, pygame.K_RIGHT)
    assert app.settings.solitaire_winnable_only is not on
    key(app, pygame.K_LEFT)
    assert app.settings.solitaire_winnable_only is on
    key(app, pygame.K_RETURN)
    table = table_scene(app)
    assert table is not None and table.model.solitaire
    assert run_until(app, lambda: human_turn(table))
    assert table.painter.plate_words() == [("South", ""), ("North", "")]
    key(app, pygame.K_1)  # the first doubled suit
    assert run_until(app, lambda: human_turn(table))
    assert table.painter.band_message() == "Play a card for South"
    view = table.model.state.view(0)
    lo, hi = view.window
    said = " ".join(drawn)  # the panel wraps a long line
    assert f"0 of {view.total} points" in drawn
    assert f"Win with {lo} to {hi} points: any other total loses." in said
    while table.model.moment.held is None:
        assert run_until(app, lambda: human_turn(table) or table.model.moment.held is not None)
        if table.model.moment.held is None:
            hand = table.model.table.hands[table.model.state.current_player]
            sp = next(sp for sp in hand if sp.card in table.model.legal_cards())
            click(app, sprite_center(table, sp))
    assert table.model.moment.held[0] in ("Won by South", "Won by North")
    assert not any("Opponent" in t or "Your hand" in t for t in drawn)


def test_new_game_offers_no_match_target_for_one_player(app):
    """The solitaire's deal stands alone: New game with 1 player has no "Match to" row."""
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    while setup.game != "capodama":
        click(app, setup.game_sel.right.rect.center)
    rows = {setup.players: [sel.label for sel in setup.left]}
    while setup.players != 1:
        click(app, setup.players_sel.right.rect.center)
        rows[setup.players] = [sel.label for sel in setup.left]
    assert "Match to" not in rows[1] and "Winnable deals only" in rows[1]
    assert all("Match to" in labels for n, labels in rows.items() if n != 1)


def _resume_near_the_end(app, seed: int, left: int) -> tuple[TableScene, list[str]]:
    """Deal no. ``seed`` played with the first legal card each time: its whole line, and a
    table resumed ``left`` moves before its end."""
    state = new_game("capodama", players=1, seed=seed)
    while not state.is_over:
        state.play(state.legal_moves()[0])
    moves = list(state.history)
    record = state.record()
    record["moves"] = moves[:-left]
    table = TableScene(app, load_record(record), MatchSetup("capodama", 1, ["human"]), resumed=True)
    app.push(table)
    return table, moves


def _click_moves(app, table: TableScene, moves: list[str]) -> None:
    for text in moves:
        assert run_until(app, lambda: human_turn(table))
        hand = table.model.table.hands[table.model.state.current_player]
        sp = next(sp for sp in hand if str(sp.card) == text)
        click(app, sprite_center(table, sp))


def test_the_verdict_after_a_won_deal_says_it_was_won(app):
    """Deal no. 10 played with the first legal card lands in the window: once it is scored the
    panel's verdict says the window was reached, not that it is still reachable."""
    table, moves = _resume_near_the_end(app, 10, 3)
    _click_moves(app, table, moves[-3:])
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 2000)
    assert app.scenes.top.won
    window = "{}–{}".format(*table.model.state.view(0).window)
    assert table.model.gui.verdict == f"{window} reached: the deal is won"
    items = table.model.gui.hud_items(table.model.panel, table.model.names, table.model.deck)
    assert ("small", f"{window} reached: the deal is won", "gold") in items


def test_take_back_from_a_lost_deal_returns_before_the_losing_move(app, drawn):
    """Deal no. 1 played with the first legal card is lost at a move of its second half: the
    result says so and offers Take back; U there returns to the table with the moves undone
    down to before that move, and U at the table goes on undoing one move at a time."""
    table, moves = _resume_near_the_end(app, 1, 3)
    _click_moves(app, table, moves[-3:])
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 2000)
    result = app.scenes.top
    lost = lost_at(table.model.state)
    assert not result.won and lost is not None and lost.move is not None
    assert result.buttons[0].tag == "take_back"
    app.step()
    assert "Take back (U) returns to the table before that move." in drawn
    key(app, pygame.K_u)
    assert app.scenes.top is table and table_scene(app) is table
    assert table.model.state.history == moves[: lost.move]
    assert not table.model.state.is_over
    assert run_until(app, lambda: human_turn(table))
    player = table.model.state.current_player
    assert lost.card in {
        sp.card for sp in table.model.table.hands[player]
    }  # to be played otherwise
    key(app, pygame.K_u)
    assert table.model.state.history == moves[: lost.move - 1]


def test_a_won_deal_offers_no_take_back(app):
    table, moves = _resume_near_the_end(app, 10, 2)
    _click_moves(app, table, moves[-2:])
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 2000)
    assert "take_back" not in [b.tag for b in app.scenes.top.buttons]
    key(app, pygame.K_u)
    assert isinstance(app.scenes.top, ResultScene) and table.model.state.is_over


def test_the_title_offers_the_solitaire_its_catalogue_entry_describes(app, drawn, monkeypatch):
    """The title asks the catalogue: the Solitaire button opens the start of the game whose
    entry has a solitaire, in that entry's words and player count, and is not offered when no
    game is played alone."""
    import dataclasses

    from game import catalog
    from game.ui.scenes import title

    entry = catalog.CATALOG["capodama"]
    assert entry.solitaire is not None
    alone = dataclasses.replace(entry.solitaire, about="Alone at the table: {low} to {high}.")
    monkeypatch.setitem(catalog.CATALOG, "capodama", dataclasses.replace(entry, solitaire=alone))
    click_button(app, app.scenes.top, "solitaire")
    app.step()
    lo, hi = entry.info.windows[1]
    assert f"Alone at the table: {lo} to {hi}." in " ".join(drawn)
    key(app, pygame.K_RETURN)
    table = table_scene(app)
    assert table is not None and table.model.state.players == alone.players == 1
    assert table.model.state.name == "capodama"

    monkeypatch.setattr(title, "solitaires", lambda: [])
    fresh = title.TitleScene(app)
    assert "solitaire" not in [b.tag for b in fresh.buttons]
