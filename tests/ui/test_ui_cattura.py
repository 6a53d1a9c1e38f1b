"""Cattura at the table, driven by posted events: setup, sending by click, a capture with one of
the player's own captured cards, the chooser, deck switch, autoplay to the result."""

from __future__ import annotations

import pytest
from ui_harness import (
    autoplay_to_summary,
    click,
    deck_switch_mid_deal,
    human_turn,
    make_app,
    run_until,
    sprite_center,
    start_from_setup,
    start_game,
    user_dirs,
)

from game.engine import DealScored
from game.engine.cards import FRENCH
from game.engine.cattura import REPETITIONS
from game.engine.cattura_cards import CARDS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_from_setup_and_send_a_card_by_clicking(app, players):
    table = start_from_setup(app, "cattura", players)
    assert run_until(app, lambda: human_turn(table), 6000)
    sends = {m.cards[0]: m for m in table.model.prompt.legal if m.kind == "send"}
    sp = next(sp for sp in table.model.table.hands[table.model.viewer] if sp.card in sends)
    click(app, sprite_center(table, sp))
    assert table.model.state.history[-1] == sends[sp.card].text
    assert run_until(app, lambda: table.model.table.center[-1].card == sp.card, 200)


def _position(hand0: str, captured0: list[str], top: str) -> dict:
    hand1 = ["2C", "3C", "4C", "5C"]
    used = hand0.split() + captured0 + [top] + hand1
    deck = [str(FRENCH.by_index(c)) for c in CARDS if str(FRENCH.by_index(c)) not in used]
    return {
        "dealer": 1,
        "hands": [hand0.split(), hand1],
        "captured": [captured0, []],
        "battlefield": [top],
        "deck": deck,
        "turn": 0,
    }


def test_take_with_an_own_captured_card(app):
    table = start_game(app, "cattura", 2, deal=_position("AH 8C 8D 7S 7H", ["6S"], "6D"))
    assert run_until(app, lambda: human_turn(table))
    assert [str(sp.card) for sp in table.model.table.front[0]] == ["6S"]
    assert table.model.prompt.chooser is not None and len(table.model.prompt.chooser.rects) == 1
    own = table.model.table.front[0][0]
    assert table.model.gui.clickable(own)
    click(app, sprite_center(table, own))
    assert table.model.state.history == ["take 6D with 6S*"]
    assert run_until(
        app, lambda: [str(sp.card) for sp in table.model.table.front[0]] == ["6D"], 200
    )
    assert str(table.model.table.center[-1].card) == "6S"


def test_captures_from_the_chooser_and_by_an_equal_card(app):
    # top 8D: 3H + 5S, or 2S + 6H, or 8C alone; a click on 5S would send it
    deal = _position("3H 5S 2S 6H 8C", [], "8D")
    table = start_game(app, "cattura", 2, deal=deal)
    assert run_until(app, lambda: human_turn(table))
    rows = {m.text: rect for rect, m in table.model.prompt.chooser.rects}
    assert set(rows) == {"take 8D with 3H 5S", "take 8D with 2S 6H", "take 8D with 8C"}
    click(app, rows["take 8D with 3H 5S"].center)
    assert table.model.state.history == ["take 8D with 3H 5S"]
    # the same position: the 8 of clubs can only capture, so one click captures with it
    app.scenes.reset(app.title_scene())
    table = start_game(app, "cattura", 2, deal=deal)
    assert run_until(app, lambda: human_turn(table))
    eight = next(sp for sp in table.model.table.hands[0] if str(sp.card) == "8C")
    click(app, sprite_center(table, eight))
    assert table.model.state.history == ["take 8D with 8C"]


def test_deck_switch_mid_deal(app):
    deck_switch_mid_deal(app, start_game(app, "cattura", 3, seed=2))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_autoplay_reaches_the_result(app, players):
    from game.ui.scenes.result import ResultScene

    autoplay_to_summary(app, "cattura", players)
    summary = app.scenes.top
    assert summary.head[-1] == "Score" and len(summary.rows) == players
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 600)


def test_deck_flag_is_for_the_session_and_the_suit_words_follow(tmp_path, monkeypatch):
    from game.ui.settings import load_settings

    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    app.persist = True
    app.use_deck_for_session("italian")
    assert app.settings.deck == "italian"
    app.save_settings()
    assert load_settings()[0].deck == "french"  # the saved choice is kept
    app.set_deck("french")
    app.set_deck("italian")  # the player's own choice is saved
    assert load_settings()[0].deck == "italian"
    # a refusal names the cards in the deck on screen, from the engine's parts
    table = start_game(app, "cattura", 2, deal=_position("5H AS 2S 3S 4S", [], "5D"))
    assert run_until(app, lambda: human_turn(table))
    refusal = table.model.state.why_illegal(table.model.state.parse_move("send 5H"))
    assert refusal.code == "same_value"
    said = table.model.refusal(refusal)
    assert (
        said
        == "The 5 of coins has the value of the 5 of cups: send another card, or capture with it"
    )
    app.shutdown()


def test_refusals_and_moves_in_the_players_words(app):
    deal = _position("3H 5S 2S 6H 8C", ["6D"], "8D")
    table = start_game(app, "cattura", 2, deal=deal)
    assert run_until(app, lambda: human_turn(table))
    gui, state = table.model.gui, table.model.state
    swapped = state.parse_move("take 8D with 2S 6D*")
    assert gui.move_words(swapped) == (
        "taking the 8 of diamonds with the 2 of spades and the 6 of diamonds (from your captures)"
    )
    assert gui.move_words(state.parse_move("send 5S")) == "sending the 5 of spades"
    refusal = state.why_illegal(state.parse_move("take 8D with 5S 3H"))
    assert table.model.refusal(refusal) == (
        "The larger card goes on top: taking the 8 of diamonds with the 3 of hearts and the 5 of "
        "spades"
    )
    refusal = state.why_illegal(state.parse_move("take 8D with 2S 5S"))
    assert table.model.refusal(refusal) == (
        "The 2 of spades and the 5 of spades make 7, but the 8 of diamonds is worth 8"
    )
    refusal = state.why_illegal(state.parse_move("pass"))
    said = table.model.refusal(refusal)
    assert said.startswith("You may pass only with an empty hand and no capture: try sending ")
    for code in (refusal.code, "not_held", "not_top", "bad_mark", "wrong_sum"):
        assert code in gui.REFUSALS


def _last_turn(captured1: list[str]) -> dict:
    """Seat 0 captures 5S with its last card; seat 1 then sends AD and the match ends."""
    used = ["5C", "AD", "2D", "5S", *captured1]
    deck = [str(FRENCH.by_index(c)) for c in CARDS if str(FRENCH.by_index(c)) not in used]
    return {
        "dealer": 1,
        "hands": [["5C"], ["AD", "2D"]],
        "captured": [[], captured1],
        "battlefield": ["5S"],
        "deck": deck,
        "turn": 0,
    }


@pytest.mark.parametrize(("captured1", "won"), [(["3H", "2S"], [True, True]), ([], [True, False])])
def test_the_win_chime_follows_the_engines_result_per_seat(captured1, won):
    """5 against 5 is a shared win (both hear the chime); 5 against 0, only seat 0 does."""
    from game.engine import new_game
    from game.ui.games.cattura import CatturaUI

    s = new_game("cattura", players=2, deal=_last_turn(captured1))
    s.play("take 5S with 5C")
    s.play("send AD")
    scored = next(e.data for e in s.events if isinstance(e.data, DealScored))
    assert [CatturaUI().deal_won(scored, seat) for seat in (0, 1)] == won


def test_a_click_that_brings_a_position_back_a_third_time_ends_the_game(app):
    """The swap loop two search seats once fell into: the human's click on its own captured
    7 makes the third repetition, and the summary says why the game ended."""
    from game.engine import new_game
    from game.ui.savegame import MatchSetup
    from game.ui.scenes.summary import SummaryScene
    from game.ui.scenes.table import TableScene

    used = ["AS", "2S", "AD", "2D", "7S", "7C", "8H", "7H"]
    under = [str(FRENCH.by_index(c)) for c in CARDS if str(FRENCH.by_index(c)) not in used]
    deal = {
        "dealer": 1,
        "hands": [["AS", "2S"], ["AD", "2D"]],
        "captured": [["7C", "8H"], ["7H"]],
        "battlefield": [*under, "7S"],
        "deck": [],
        "turn": 0,
    }
    state = new_game("cattura", players=2, seed=1, deal=deal)
    cycle = ["take 7S with 7C*", "take 7C with 7H*", "take 7H with 7S*"] * 4
    for move in cycle:  # every position after a swap, twice
        state.play(move)
    table = TableScene(app, state, MatchSetup("cattura", 2, ["human", "rules"]))
    app.push(table)
    assert run_until(app, lambda: human_turn(table))
    own = next(sp for sp in table.model.table.front[0] if str(sp.card) == "7C")
    click(app, sprite_center(table, own))
    assert table.model.state.history[-1] == "take 7S with 7C*"
    assert table.model.state.is_over and table.model.state.end_reason == "repetition"
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 3000)
    lines = app.scenes.top.lines
    ended = f"The game ends: the same position came up {REPETITIONS} times."
    assert lines[:2] == [ended, "You win!"]
    # the side panel under the summary shows the last position: the 7 taken, not the 7 used
    assert [str(c) for c in table.model.panel.captured[0]] == ["7S", "8H"]
