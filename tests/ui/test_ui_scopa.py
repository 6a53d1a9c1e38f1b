"""Scopa at the table, driven by posted events: setup, placing and capturing by clicks, the
choice between captures (by table card and by the chooser), deck switch, autoplay."""

from __future__ import annotations

import pygame
import pytest
from ui_harness import (
    autoplay_to_summary,
    click,
    deck_switch_mid_deal,
    human_turn,
    key,
    make_app,
    run_until,
    sprite_center,
    start_from_setup,
    start_game,
    user_dirs,
)


def hand_sprite(table, text):
    return next(sp for sp in table.model.table.hands[table.model.viewer] if str(sp.card) == text)


def center_sprite(table, text):
    return next(sp for sp in table.model.table.center if str(sp.card) == text)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_start_from_setup_and_play_a_card_by_clicking(app, players):
    table = start_from_setup(app, "scopa", players)
    assert run_until(app, lambda: human_turn(table), 6000)
    assert table.model.prompt.kind == "play"
    assert len(table.model.table.center) == len(table.model.state.view(table.model.viewer).table)
    # a card with one legal move is played by one click
    for sp in table.model.table.hands[table.model.viewer]:
        moves = [m for m in table.model.prompt.legal if m.cards[0] == sp.card]
        if len(moves) == 1:
            click(app, sprite_center(table, sp))
            assert table.model.state.history[-1] == moves[0].text
            return
    pytest.skip("every card had a choice of captures")


# Seat 0 plays first (the dealer is seat 1): 7B may take 1D + 6S or 3S + 4S, 2D takes nothing;
# with the table 5C 5D 1D 6S instead, 5S may take 5C or 5D
DEAL = {
    "dealer": 1,
    "hands": ["5S 7B 2D", "2C 2B FB"],
    "table": "1D 6S 3S 4S",
}


def test_choose_between_two_captures_by_clicking_a_table_card(app):
    table = start_game(app, "scopa", 2, deal=dict(DEAL, table="5C 5D 1D 6S"))
    assert run_until(app, lambda: human_turn(table))
    click(app, sprite_center(table, hand_sprite(table, "5S")))
    assert not table.model.state.history  # two captures: the table asks which
    assert table.model.gui.picking is not None and table.model.prompt.chooser is not None
    assert len(table.model.prompt.chooser.rects) == 2
    assert table.model.gui.clickable(center_sprite(table, "5D"))
    assert not table.model.gui.clickable(center_sprite(table, "1D"))
    click(app, sprite_center(table, center_sprite(table, "5D")))
    assert table.model.state.history == ["5S x 5D"]


def test_choose_a_capture_from_the_chooser_or_cancel(app):
    table = start_game(app, "scopa", 2, deal=DEAL)
    assert run_until(app, lambda: human_turn(table))
    click(app, sprite_center(table, hand_sprite(table, "7B")))
    assert table.model.prompt.chooser is not None and len(table.model.prompt.chooser.rects) == 2
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3))
    app.step()
    assert (
        table.model.prompt.chooser is None and table.model.gui.picking is None
    )  # right click cancels
    click(app, sprite_center(table, hand_sprite(table, "7B")))
    rect, move = table.model.prompt.chooser.rects[1]
    click(app, rect.center)
    assert table.model.state.history == [move.text] and move.text.startswith("7B x ")


def test_placing_a_card_and_the_capture_animation(app):
    table = start_game(app, "scopa", 2, deal=DEAL)
    assert run_until(app, lambda: human_turn(table))
    click(app, sprite_center(table, hand_sprite(table, "2D")))  # nothing adds up to 2
    assert table.model.state.history == ["2D"]
    assert run_until(app, lambda: any(str(sp.card) == "2D" for sp in table.model.table.center), 200)
    assert run_until(app, lambda: human_turn(table), 2000)
    taken = [c for m in table.model.state.history[1:] for c in m.split(" x ")[1:]]
    assert all(str(sp.card) not in " ".join(taken) for sp in table.model.table.center)


def test_deck_switch_mid_deal(app):
    """D goes through the French, Neapolitan, Piacentine, Siciliane and Trevigiane cards in
    Scopa, each remembered for Scopa as the player's choice."""
    table = start_game(app, "scopa", 4, seed=2)
    deck_switch_mid_deal(app, table)
    key(app, pygame.K_d)
    assert app.settings.decks["scopa"] == app.settings.deck == table.model.deck


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_autoplay_reaches_the_deal_summary(app, players):
    table = autoplay_to_summary(app, "scopa", players)
    summary = app.scenes.top
    coins = {"italian": "Coins", "french": "Diamonds"}[table.model.deck]  # the suit as drawn
    assert summary.head[1:4] == ["Cards", coins, f"7 of {coins.lower()}"]
    ended = table.model.state.view(0)  # between deals: the deal as it ended
    assert len(summary.rows) == len(ended.sides)
    assert (
        sum(len(p) for p in table.model.table.piles.values())
        + sum(len(f) for f in table.model.table.flags.values())
        == sum(ended.captured_counts)
        == 40  # the end of a deal: every card taken, the table's last ones included
    )
    # the side panel under the summary counts what the summary counts, the last move included
    assert sum(table.model.panel.cards) == 40
    assert table.model.panel.deal_no == summary.data.deal_no


# Seat 0 to play: 5S must take 5C, 7B takes 1D + 6S, 2D takes nothing
EXAMPLE = {
    "dealer": 1,
    "hands": ["2D 5S 7B", "1C 2C 3C"],
    "table": "1D 5C 6S",
    "captured": ["RD", ""],
}


def refusal(table, move):
    from game.engine import IllegalMove

    with pytest.raises(IllegalMove) as info:
        table.model.state.clone().play(move)
    return table.model.gui.refusal_text(info.value, table.model.names, table.model.viewer)


@pytest.mark.parametrize(
    ("deck", "move", "said"),
    [
        (
            "italian",
            "5S",
            "The 5 of swords can capture, so it may not be placed on the table: play the 5 of "
            "swords to take the 5 of cups",
        ),
        (
            "french",
            "5S",
            "The 5 of spades can capture, so it may not be placed on the table: play the 5 of "
            "spades to take the 5 of hearts",
        ),
        (
            "french",
            "7B x 1D 5C",
            "The ace of diamonds and the 5 of hearts add up to 6, not 7: play the 7 of clubs to "
            "take the ace of diamonds and the 6 of spades",
        ),
        ("italian", "3B", "You cannot play the 3 of batons: it is not in the hand"),
        (
            "italian",
            "5S x 1D 5C",
            "A card of the same value as the 5 of swords is on the table (the 5 of cups): it must "
            "take exactly one such card, never a sum: play the 5 of swords to take the 5 of cups",
        ),
    ],
)
def test_refusals_are_said_from_the_reason_code_in_the_deck_on_screen(app, deck, move, said):
    app.settings.deck = deck
    table = start_game(app, "scopa", 2, deal=EXAMPLE)
    assert table.model.deck == deck
    assert refusal(table, move) == said


def test_the_panel_counts_come_from_the_engine(app):
    # seat 0 takes 7D with 7B: the panel shows a coin and the 7 of coins for seat 0's side
    deal = {"dealer": 1, "hands": ["7B 2D 3D", "1C 2C 3C"], "table": "7D 5C 6S 4B"}
    table = start_game(app, "scopa", 2, deal=deal)
    assert run_until(app, lambda: human_turn(table))
    click(app, sprite_center(table, hand_sprite(table, "7B")))
    assert table.model.state.history == ["7B x 7D"]
    assert run_until(app, lambda: human_turn(table), 2000)
    model = table.model.gui.new_model(table.model.state.view(0), 0)
    assert model.coins == (1, 0) and model.settebello == 0 and model.cards == (2, 0)
    texts = [
        str(item[1]) for item in table.model.gui.hud_items(model, table.model.names, "italian")
    ]
    assert "2 cards · coins: 1" in texts and any(t.startswith("The 7 of coins: You") for t in texts)


def test_rules_from_the_title_have_a_tab_per_game(app):
    from ui_harness import click_button

    click_button(app, app.scenes.top, "rules")
    rules = app.scenes.top
    click_button(app, rules, "tab scopa")
    assert rules.title.startswith("Scopa")
    assert any("settebello" in line[0] for line in rules.lines)
    click_button(app, rules, "tab cattura")
    assert any("battlefield" in line[0] for line in rules.lines)


@pytest.mark.parametrize("game", ["scopa", "tressette", "cattura"])
def test_continue_resumes_the_match_laid_out_from_the_view(tmp_path, monkeypatch, game):
    from ui_harness import click_button, table_scene

    user_dirs(tmp_path, monkeypatch)
    app = make_app(speed="instant")
    table = start_game(app, game, 4 if game != "cattura" else 3, seed=4)
    table.model.setup.autoplay = False
    for _ in range(3):
        assert run_until(app, lambda: human_turn(table), 3000)
        sp = next(s for s in table.model.table.hands[0] if s.card in table.model.legal_cards())
        click(app, sprite_center(table, sp))
    assert run_until(app, lambda: human_turn(table), 3000)
    history = table.model.state.history
    app.scenes.reset(app.title_scene())
    app.step()
    click_button(app, app.scenes.top, "continue")
    resumed = table_scene(app)
    assert resumed is not table and resumed.model.state.history == history
    view = resumed.model.state.view(0)
    assert sorted(map(str, (s.card for s in resumed.model.table.hands[0]))) == sorted(
        map(str, view.hand)
    )
    middle = getattr(view, "table", None) or getattr(view, "battlefield", None) or ()
    assert len(resumed.model.table.center) == len(middle)
    assert run_until(app, lambda: human_turn(resumed), 3000)
    app.shutdown()


def test_the_deal_summary_words_each_house_award_on_its_own_line(app):
    """Re bello and napola in force: the summary says who won each, as the engine's scoring
    payload lists them (nothing recounted at the table)."""
    from game.ui.scenes.summary import SummaryScene

    app.settings.speed = "instant"
    table = start_game(app, "scopa", 2, seed=3, seats=["rules"] * 2, re_bello=True, napola=True)
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 6000)
    summary = app.scenes.top
    rules = [a.rule for a in summary.data.figures.house]
    assert rules == ["re_bello", "napola"]
    said = summary.lines[2:]
    assert len(said) == 2 and said[0].startswith("Re bello: ") and said[1].startswith("Napola: ")
    for line, award in zip(said, summary.data.figures.house, strict=True):
        if award.side is None:
            assert line.endswith(": nobody.")
        else:
            assert line.endswith(f"(+{award.points}).")
            assert table.model.gui.side_name(award.side, summary.names) in line
