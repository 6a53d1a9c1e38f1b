"""The coach at the table, driven by real events: the Hint button and key in every game, the
hint computed from the player's view only, a second press or a move calling it off, and the
solitaire's verdict in the panel and on the lost result."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_harness import (
    button,
    click,
    click_button,
    drive_to_play,
    human_turn,
    key,
    run_until,
    sprite_center,
    start_game,
)

from game import i18n
from game.ai import coach as coach_module
from game.ai.capodama_solver import is_open, reachable
from game.ai.capodama_verdict import first_half
from game.ai.coach import Hint, Reason
from game.engine import GameState
from game.engine.capodama_cards import card_points
from game.ui.hint_words import hint_reason
from game.ui.scenes.result import ResultScene

GAMES = [("capodama", 4), ("scopa", 2), ("tressette", 4), ("cattura", 2), ("capodama", 1)]


def _answer(app, table):
    """Wait for the coach's answer (it thinks in the worker pool), then take it in."""
    pending = table.model.hints.pending
    if pending is not None:  # else it was quick, and taken in by the frame of the key
        pending.result(timeout=120)
    app.step()
    return table.model.hints.current()


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_hint_button_rings_a_legal_move_and_says_why(app, game, players):
    table = start_game(app, game, players, seed=4)
    drive_to_play(app)
    assert button(table, "hint").enabled
    click_button(app, table, "hint")
    assert table.painter.band_message().startswith("Hint")  # thinking, while frames keep coming
    hint = _answer(app, table)
    assert hint is not None
    assert hint.move in table.model.prompt.legal
    gui = table.model.gui
    said = hint_reason(
        hint,
        gui.card_short,
        lambda c: gui.suit_label(c.suit, table.model.deck),
        table.model.hints.move_words,
    )
    assert hint.reasons and said in table.painter.band_message()
    rings = table.model.hints.marked()
    hand = table.model.table.hands[table.model.state.current_player]
    mine = [sp for sp in hand if sp.card in hint.move.cards]
    assert mine and all(table.model.sprite_rect(sp) in rings for sp in mine)
    app.step()  # drawn without fault
    # playing a card clears the hint
    moves = len(table.model.state.history)
    click(app, sprite_center(table, mine[0]))
    if table.model.prompt.chooser is not None:  # a capture to choose: take the first
        click(app, table.model.prompt.chooser.rects[0][0].center)
    assert len(table.model.state.history) > moves
    assert table.model.hints.current() is None
    assert not table.painter.band_message().startswith("Hint")


@pytest.mark.parametrize(("game", "players"), GAMES[:4])
def test_the_h_key_asks_for_a_hint(app, game, players):
    table = start_game(app, game, players, seed=7)
    drive_to_play(app)
    key(app, pygame.K_h)
    hint = _answer(app, table)
    assert hint is not None and hint.move in table.model.prompt.legal
    key(app, pygame.K_h)  # H again hides it
    assert table.model.hints.current() is None


def test_asking_for_a_hint_leaves_the_ai_seats_random_numbers_alone(app):
    """The AI seats' moves are drawn from the table's generator; a hint must not draw from
    it, or asking one would change how the opponents play the rest of the match."""
    table = start_game(app, "tressette", 4, seed=7)
    drive_to_play(app)
    before = table.model.ai.rng.getstate()
    key(app, pygame.K_h)
    assert _answer(app, table) is not None
    assert table.model.ai.rng.getstate() == before


def test_a_hint_for_the_doubled_suit_rings_its_button(app):
    table = start_game(app, "capodama", 1, seed=2)
    assert run_until(app, lambda: human_turn(table))
    assert table.model.prompt.kind == "double"
    suits = [b.tag for b in table.model.prompt.buttons]
    assert suits[-1] == "hint"  # last: the number keys still pick the suits
    key(app, pygame.K_h)
    hint = _answer(app, table)
    assert hint is not None and hint.move.kind == "double"
    assert table.model.hints.marked() == [button(table, hint.move.text).rect]
    # the bid's reason is read from the hand: the points the player holds in the suit doubled
    assert hint.reasons[0].code == "doubles_suit"
    held = sum(
        card_points(c, None) for c in table.model.state.view(0).hand if c.suit == hint.move.arg
    )
    assert hint.reasons[0].parts["points"] == held
    assert "doubles" in table.painter.band_message()
    key(app, pygame.K_1)  # 1 is still the first suit, never the Hint button
    assert table.model.state.history and table.model.state.history[0] == suits[0]


def test_the_band_names_the_compared_move_and_whose_deal_as_the_table_does(app):
    """A hint that falls back to the comparison: the next best move is named in the deck on
    screen (a card by its corner, "8♠"), never in the engine's notation, and the deal is the
    player's side's."""
    table = start_game(app, "capodama", 4, seed=4)
    drive_to_play(app)
    legal = [m for m in table.model.prompt.legal if m.cards]
    move, other = legal[0], legal[-1]
    parts = {"won": 7, "n": 10, "next": 4, "side": 1}
    desk = table.model.hints
    desk.hint = Hint(move, (Reason("won_sampled", parts, other),))
    desk._shown = desk._stamp()
    app.step()
    band = table.painter.band_message()
    corner = table.model.gui.card_short(other.cards[0])
    assert corner != other.text  # the deck's own signs, not the notation
    assert band.endswith(
        f"your side wins 7 of 10 sampled deals, 4 after the next best move, {corner}"
    )
    assert band.startswith(f"Hint: {table.model.gui.card_short(move.cards[0])} — ")


def test_a_hint_too_long_for_a_narrow_band_leaves_the_move_to_its_rings(tmp_path, monkeypatch):
    """At 1024×600 the three suit buttons leave the band little room: the comparison is kept
    and the move's words, which the ringed button shows, are left out."""
    from ui_harness import make_app, user_dirs

    user_dirs(tmp_path, monkeypatch)
    app = make_app(size=(1024, 600))
    try:
        table = start_game(app, "capodama", 4, seed=9)
        assert run_until(app, lambda: human_turn(table))
        assert table.model.prompt.kind == "double"
        legal = list(table.model.prompt.legal)
        parts = {"won": 7, "n": 10, "next": 4, "side": 1}
        desk = table.model.hints
        desk.hint = Hint(legal[2], (Reason("won_sampled", parts, legal[0]),))
        desk._shown = desk._stamp()
        app.step()
        first = button(table, legal[0].text).label  # the compared bid, as its button says it
        assert table.painter.band_message() == (
            f"Hint: your side wins 7 of 10 sampled deals, 4 after the next best move, {first}"
        )
        assert desk.marked() == [button(table, legal[2].text).rect]
        i18n.set_language("it")  # longer words: the word "Hint" goes too
        app.step()
        first = button(table, legal[0].text).label
        assert table.painter.band_message() == (
            f"la tua squadra vince 7 smazzate simulate su 10, 4 con l'alternativa migliore, {first}"
        )
    finally:
        i18n.set_language("en")
        app.shutdown()


def test_a_second_press_calls_the_hint_off(app):
    table = start_game(app, "scopa", 2, seed=5)
    drive_to_play(app)
    key(app, pygame.K_h)
    asked = table.model.hints.pending
    key(app, pygame.K_h)
    assert table.model.hints.pending is None and table.model.hints.current() is None
    if asked is not None and not asked.cancelled():
        asked.result(timeout=120)
    app.step()
    assert table.model.hints.current() is None  # the late answer is ignored


def test_a_move_played_meanwhile_makes_the_hint_stale(app):
    table = start_game(app, "scopa", 2, seed=5)
    drive_to_play(app)
    key(app, pygame.K_h)
    asked = table.model.hints.pending
    sp = next(
        sp
        for sp in table.model.table.hands[table.model.viewer]
        if sp.card in table.model.legal_cards()
    )
    click(app, sprite_center(table, sp))
    if table.model.prompt.chooser is not None:  # a capture to choose: take the first
        click(app, table.model.prompt.chooser.rects[0][0].center)
    assert table.model.state.history
    if asked is not None and not asked.cancelled():
        asked.result(timeout=120)
    for _ in range(5):
        app.step()
    assert table.model.hints.current() is None


def test_the_hint_sees_only_the_players_view(app, monkeypatch):
    """The coach is handed the view of the seat to play, never the state."""
    seen = []
    advise = coach_module.Coach.advise

    def spy(self, view, legal, rng):
        seen.append(view)
        return advise(self, view, legal, rng)

    monkeypatch.setattr(coach_module.Coach, "advise", spy)
    table = start_game(app, "tressette", 4, seed=3)
    drive_to_play(app)
    key(app, pygame.K_h)
    assert _answer(app, table) is not None
    assert len(seen) == 1
    assert not isinstance(seen[0], GameState)
    assert seen[0] == table.model.state.view(table.model.viewer)
    assert not hasattr(seen[0], "hands") or set(seen[0].hands) == {table.model.viewer}


# -- the solitaire's verdict --------------------------------------------------------------------
def _play_solver_move(app, table):
    """Play, by a click, the card the coach would play (the exact solver once open)."""
    key(app, pygame.K_h)
    hint = _answer(app, table)
    assert hint is not None
    sp = next(sp for sp in table.model.table.sprites if sp.card == hint.move.cards[0])
    click(app, sprite_center(table, sp))


def _verdict_shown(app, table):
    desk = table.verdicts
    if desk.pending is not None:
        desk.pending[1].result(timeout=120)
    app.step()
    return table.model.gui.verdict


def test_the_verdict_follows_the_solver_in_the_second_half(app):
    table = start_game(app, "capodama", 1, seed=11)
    assert run_until(app, lambda: human_turn(table))
    click_button(app, table, table.model.prompt.buttons[0].tag)  # a doubled suit
    while not is_open(table.model.state):
        assert run_until(app, lambda: human_turn(table))
        _play_solver_move(app, table)
        assert run_until(app, lambda: human_turn(table) or table.model.state.is_over)
        assert "sampled" in _verdict_shown(app, table) or is_open(table.model.state)
    lo, hi = table.model.state.view(0).window
    window = f"{lo}–{hi}"
    for _ in range(6):  # a few moves of the second half: the panel says what the solver says
        assert run_until(app, lambda: human_turn(table))
        said = _verdict_shown(app, table)
        assert said.startswith(window)
        assert ("no longer" not in said) == reachable(table.model.state)
        legal = table.model.legal_cards()
        sp = next(sp for sp in table.model.table.sprites if sp.card in legal and sp.zone == "hand")
        click(app, sprite_center(table, sp))


def test_a_lost_solitaire_says_which_move_lost_it(app):
    app.settings.speed = "instant"
    table = start_game(app, "capodama", 1, seed=5)
    # play the first legal card every time, whatever it costs: the deal is lost (seed 5)
    for _ in range(200):
        if isinstance(app.scenes.top, ResultScene):
            break
        if human_turn(table):
            if table.model.prompt.kind == "double":
                click_button(app, table, table.model.prompt.buttons[0].tag)
            else:
                cards = table.model.legal_cards()
                sp = next(
                    sp
                    for sp in table.model.table.hands[table.model.state.current_player]
                    if sp.card in cards
                )
                click(app, sprite_center(table, sp))
        else:
            app.step()
            top = app.scenes.top
            if top is not table and hasattr(top, "close"):
                top.close()
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 3000)
    result = app.scenes.top
    assert not result.won
    said = " ".join(result.lines)
    assert "could no longer be reached" in said or "already out of reach" in said
    app.step()


# -- winnable deals only --------------------------------------------------------------------------
def test_winnable_deals_only_is_offered_remembered_and_deals_winnable_deals(app):
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    while setup.players != 1:
        click(app, setup.players_sel.left.rect.center)
    sel = setup.winnable_sel
    assert sel is not None and sel in setup.left and sel.value is False
    click(app, sel.right.rect.center)
    assert sel.value is True and app.settings.solitaire_winnable_only
    click(app, setup.start.rect.center)
    table = app.scenes.top
    state = table.model.state.clone()
    first_half(state, random.Random(state.seed))
    assert is_open(state) and reachable(state)
    # N deals another winnable deal
    key(app, pygame.K_n)
    again = table.model.state.clone()
    assert again.seed != state.seed
    first_half(again, random.Random(again.seed))
    assert reachable(again)
    # remembered: a new setup shows it on
    from game.ui.scenes.setup import SetupScene

    fresh = SetupScene(app)
    fresh._set_players(1)
    assert fresh.winnable_sel is not None and fresh.winnable_sel.value is True
    assert app.settings.to_json()["solitaire_winnable_only"] is True


def test_the_titles_solitaire_button_deals_winnable_deals_when_asked(app, monkeypatch):
    from game.engine import new_game

    def winnable(seed: int) -> bool:
        state = new_game("capodama", players=1, seed=seed)
        first_half(state, random.Random(seed))
        return reachable(state)

    lost = next(s for s in range(1, 200) if not winnable(s))  # the "random" seed drawn
    monkeypatch.setattr(random.SystemRandom, "randrange", lambda self, *a: lost)
    app.settings.solitaire_winnable_only = True
    click_button(app, app.scenes.top, "solitaire")
    click_button(app, app.scenes.top, "deal")
    state = app.scenes.top.model.state
    assert state.seed != lost and winnable(state.seed)
