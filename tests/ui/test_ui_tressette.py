"""Tressette at the table, driven by posted events: setup, clicks, Buongioco, refusals, autoplay."""

from __future__ import annotations

import pytest
from ui_harness import (
    autoplay_to_summary,
    click,
    click_button,
    deck_switch_mid_deal,
    drive_to_play,
    human_turn,
    run_until,
    sprite_center,
    start_from_setup,
    start_game,
)

from game.engine import DealScored, IllegalMove, new_game
from game.ui.games.tressette import thirds


@pytest.mark.parametrize("players", [3, 4])
def test_start_from_setup_and_play_a_card_by_clicking(app, players):
    table = start_from_setup(app, "tressette", players)
    table = drive_to_play(app)
    legal = table.model.legal_cards()
    sp = next(sp for sp in table.model.table.hands[table.model.viewer] if sp.card in legal)
    before = len(table.model.state.history)
    click(app, sprite_center(table, sp))
    assert table.model.state.history[before] == str(sp.card)
    assert sp.zone == "trick"


# Seat 0 leads (the dealer is seat 1: the player at his right leads) holding three aces and
# a Napoli of coins: Buongioco is legal.
DEAL = {
    "dealer": 1,
    "hands": [
        "1D 2D 3D 1C 1S 4D 5D 6D 7D FD",
        "CD RD 2C 3C 4C 5C 6C 7C FC CC",
        "RC 1B 2B 3B 4B 5B 6B 7B FB CB",
        "RB 2S 3S 4S 5S 6S 7S FS CS RS",
    ],
}


def test_declare_buongioco_shows_it_to_everyone(app):
    table = start_game(app, "tressette", 4, deal=DEAL)
    assert run_until(app, lambda: human_turn(table))
    assert table.model.prompt.kind == "play"
    click_button(app, table, "buongioco")
    assert table.model.state.history[-1] == "buongioco"
    assert run_until(app, lambda: table.model.moment.banner is not None, 60)
    assert table.model.moment.banner[0] == "Buongioco!"
    assert "three aces" in table.model.moment.banner[1] and "Napoli" in table.model.moment.banner[1]
    assert run_until(app, lambda: human_turn(table))
    assert table.model.gui.badges(0) and table.model.panel.buongioco[0] == 6
    assert not any(b.tag == "buongioco" for b in table.model.prompt.buttons)  # once per deal


def a_card_that_cannot_follow(app):
    """The table and a card of the human's it may not play: seat 3 leads (right of the dealer,
    seat 0), and the human plays legal cards by click until one of his does not follow."""
    deal = dict(DEAL, dealer=0)
    table = start_game(app, "tressette", 4, deal=deal, seats=["human", "rules", "rules", "rules"])
    for _ in range(40):
        table = drive_to_play(app)
        bad = [sp for sp in table.model.table.hands[0] if sp.card not in table.model.legal_cards()]
        if bad:
            return table, bad[0]
        sp = next(sp for sp in table.model.table.hands[0] if sp.card in table.model.legal_cards())
        click(app, sprite_center(table, sp))
    pytest.fail("the human never had a card it could not play")


def test_a_card_that_does_not_follow_is_refused_in_words(app):
    table, bad = a_card_that_cannot_follow(app)
    record = table.model.state.record()
    click(app, sprite_center(table, bad))
    assert table.model.state.record() == record
    said = [t for t in app.toasts.texts if t.startswith("You must follow")]
    assert said, app.toasts.texts
    assert " the " in said[-1] and str(bad.card) not in said[-1].split()


def test_buongioco_banner_names_the_suit_of_the_deck_on_screen(app):
    app.settings.deck = "french"  # coins are drawn as diamonds
    table = start_game(app, "tressette", 4, deal=DEAL)
    assert run_until(app, lambda: human_turn(table))
    click_button(app, table, "buongioco")
    assert run_until(app, lambda: table.model.moment.banner is not None, 60)
    assert "three aces (3) and Napoli of diamonds (3) — 6" in table.model.moment.banner[1]
    panel = [
        item[1]
        for item in table.model.gui.hud_items(table.model.panel, table.model.names, "french")
    ]
    assert "You: three aces (3) and Napoli of diamonds (3)" in panel


def _refusal(state, move):
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    return err.value


def test_refusals_in_words_from_reason_codes(app):
    """Each refusal is said from its code and parts, cards and suits as the deck shows them."""
    table = start_game(app, "tressette", 4, deal=DEAL)
    gui, names = table.model.gui, table.model.names
    app.settings.deck = "italian"
    s = new_game("tressette", players=4, deal=DEAL)  # seat 0 leads, then 3, 2, 1
    s.play("buongioco")
    said = gui.refusal_text(_refusal(s, "buongioco"), names, 0)
    assert said == "You have already declared Buongioco in this deal"
    assert gui.refusal_text(_refusal(s, "RD"), names, 0) == "You do not hold the Re of coins"
    s.play("4D")
    said = gui.refusal_text(_refusal(s, "buongioco"), names, 3)  # RB 2S 3S...: nothing
    assert said == "You hold no Buongioco combination"
    s.play("2S")
    s.play("1B")
    app.settings.deck = "french"  # seat 1 holds CD and RD: it must follow coins (diamonds)
    said = gui.refusal_text(_refusal(s, "2C"), names, 1)
    assert said == (
        "You must follow diamonds: the 2 of hearts is not diamonds and you hold "
        "the king of diamonds and the queen of diamonds"
    )
    # whole suits, dealer 0: seat 3 leads coins; in trick 3 the Buongioco window has closed
    suits = [" ".join(r + x for r in "1234567FCR") for x in "BSCD"]
    s = new_game("tressette", players=4, deal={"dealer": 0, "hands": suits})
    for move in ["4D", "4C", "4S", "4B", "5D", "5C", "5S", "5B"]:
        s.play(move)
    said = gui.refusal_text(_refusal(s, "buongioco"), names, 3)
    assert said == ("Buongioco may be declared only up to trick 2, before playing: this is trick 3")


def test_deck_switch_mid_deal(app):
    deck_switch_mid_deal(app, start_game(app, "tressette", 4, seed=2))


@pytest.mark.parametrize("players", [3, 4])
def test_autoplay_reaches_the_deal_summary(app, players):
    table = autoplay_to_summary(app, "tressette", players)
    summary = app.scenes.top
    assert summary.rows and summary.head[1] == "Taken"
    assert len(summary.rows) == (2 if players == 4 else 3)
    # the panel under it: the deal's last trick, and every raw point of the deal taken
    ended = table.model.state.view(0)  # between deals: the deal as it ended
    assert table.model.panel.trick_no == len(ended.tricks) == table.model.gui.hand_max
    assert table.model.panel.raw == list(ended.raw_points)
    assert sum(table.model.panel.raw) == sum(summary.data.raw)


@pytest.mark.parametrize("players, most", [(3, 13), (4, 10)])
def test_hands_sized_from_the_engine_deal(app, players, most):
    table = start_game(app, "tressette", players, seed=2)
    assert table.model.gui.hand_max == most


def test_points_read_as_thirds():
    assert [thirds(r) for r in (0, 1, 2, 3, 20, 13)] == ["0", "⅓", "⅔", "1", "6 ⅔", "4 ⅓"]


def test_the_summary_says_you_win_when_the_human_alone_wins_the_deal(app):
    """Three players each play alone: the human's deal win reads "You win the deal." (not
    "You wins"), another seat's "West wins the deal."."""
    from game.engine.tressette_events import TressetteScored
    from game.ui.savegame import MatchSetup
    from game.ui.scenes.table import TableScene

    said = {}
    for seed in range(40):
        state = new_game("tressette", players=3, seed=seed)
        table = TableScene(app, state, MatchSetup("tressette", 3, ["human", "rules", "rules"]))
        names = [table.model.short_name(s) for s in range(3)]
        mark = state.deals_scored
        while state.deals_scored == mark:
            state.play(state.legal_moves()[0])
        scored = next(e.data for e in state.events if isinstance(e.data, DealScored))
        assert isinstance(scored, TressetteScored)
        if scored.winner_side is not None:
            winner = scored.sides[scored.winner_side][0]
            said[winner == 0] = table.model.gui.summary_lines(scored, names, 3)[-1]
        if len(said) == 2:
            break
    assert said[True] == "You win the deal."
    assert said[False].endswith(" wins the deal.") and not said[False].startswith("You")
