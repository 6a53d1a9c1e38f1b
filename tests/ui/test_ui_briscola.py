"""Briscola at the table, driven by posted events: setup, a deal played by clicks to its
summary, the trump card under the stock until it is drawn, refusals in words, autoplay."""

from __future__ import annotations

import pytest
from ui_harness import (
    autoplay_to_summary,
    click,
    deck_switch_mid_deal,
    drive_to_play,
    human_turn,
    run_until,
    sprite_center,
    start_from_setup,
    start_game,
)

from game.engine import IllegalMove, new_game
from game.ui.scenes.result import ResultScene
from game.ui.scenes.summary import SummaryScene


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_from_setup_and_play_a_card_by_clicking(app, players):
    start_from_setup(app, "briscola", players)
    table = drive_to_play(app)
    sp = table.model.table.hands[table.model.viewer][0]
    before = len(table.model.state.history)
    click(app, sprite_center(table, sp))
    assert table.model.state.history[before] == str(sp.card)
    assert sp.zone == "trick"


def test_a_2_player_deal_played_by_clicks_to_its_summary(app):
    """Every card the human plays is a click on its hand; the trump card lies face up under the
    stock until the last draw takes it into a hand; the summary counts the deal's 120 points."""
    table = start_game(app, "briscola", 2, seed=5, seats=["human", "rules"])
    model = table.model
    assert run_until(app, lambda: human_turn(table))
    turned = model.gui.turned
    assert [sp.card for sp in turned] == [model.state.trump] and turned[0].face_up
    assert len(model.gui.stock) == model.state.view(0).face_down and not model.table.deck_count
    assert all(not sp.face_up for sp in model.gui.stock)
    for _ in range(40):
        if isinstance(app.scenes.top, SummaryScene | ResultScene):
            break
        table = drive_to_play(app)
        hand = model.table.hands[0]
        assert len(hand) == len(model.state.hand(0))
        click(app, sprite_center(table, hand[0]))
        run_until(
            app,
            lambda t=table: human_turn(t) or isinstance(app.scenes.top, SummaryScene | ResultScene),
        )
        if model.queue.idle:
            assert len(model.gui.stock) == model.state.view(0).face_down
            if model.state.view(0).trump_to is not None:
                assert not turned  # drawn: it left the stock for a hand
    assert isinstance(app.scenes.top, SummaryScene | ResultScene)
    data = model.state.last_scored
    assert data is not None and sum(data.points) == 120
    if isinstance(app.scenes.top, SummaryScene):
        assert [row[1] for row in app.scenes.top.rows] == [str(p) for p in data.points]
    assert model.panel.points == list(data.points)


def test_refusals_in_words_from_reason_codes(app):
    table = start_game(app, "briscola", 3, seed=2)
    gui, names = table.model.gui, table.model.names
    app.settings.deck = "italian"
    s = new_game("briscola", players=3, seed=2)
    seat = s.current_player
    other = next(c for p in range(3) if p != seat for c in s.hand(p))
    with pytest.raises(IllegalMove) as err:
        s.play(str(other))
    said = gui.refusal_text(err.value, names, seat)
    assert said.startswith("You do not hold the ")
    with pytest.raises(IllegalMove) as err:
        s.play("2D")
    assert gui.refusal_text(err.value, names, seat) == (
        "The 2 of coins is left out of the deck in this game"
    )


def test_deck_switch_mid_deal(app):
    deck_switch_mid_deal(app, start_game(app, "briscola", 2, seed=2))


@pytest.mark.parametrize("players", [2, 4])
def test_autoplay_reaches_the_deal_summary(app, players):
    table = autoplay_to_summary(app, "briscola", players)
    summary = app.scenes.top
    assert summary.rows and summary.head[1] == "Points"
    assert len(summary.rows) == 2
    ended = table.model.state.view(0)
    assert table.model.panel.points == list(ended.points)
    assert sum(table.model.panel.points) == 120
