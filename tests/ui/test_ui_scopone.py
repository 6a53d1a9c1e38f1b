"""Scopone at the table, driven by posted events: setup with its rows, a deal played by clicks
and keys to its summary, the 10-card hand clear at 1024×600, the classico table, the deck
switch mid-deal and the house awards in the summary."""

from __future__ import annotations

import pygame
import pytest
from test_ui_keyboard import choose_by_number, focus_on, hand_card
from test_ui_setup import choose, open_setup
from ui_harness import (
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

from game.engine.scopone_deal import CLASSICO_HAND, HAND_SIZE, TABLE_CARDS
from game.ui.cards import index_rect
from game.ui.option_words import option_label
from game.ui.scenes.result import ResultScene
from game.ui.scenes.summary import SummaryScene


def ended(app) -> bool:
    return isinstance(app.scenes.top, SummaryScene | ResultScene)


def test_start_from_setup_and_play_a_card_by_clicking(app):
    table = start_from_setup(app, "scopone", 4)
    assert run_until(app, lambda: human_turn(table), 6000)
    hand = table.model.table.hands[table.model.viewer]
    assert len(hand) == HAND_SIZE  # nobody deals again: the whole hand from the start
    for sp in hand:
        moves = [m for m in table.model.prompt.legal if m.cards[0] == sp.card]
        if len(moves) == 1:
            click(app, sprite_center(table, sp))
            assert table.model.state.history[-1] == moves[0].text
            return
    pytest.skip("every card had a choice of captures")


def test_the_new_game_dialog_offers_the_dealing_and_every_scopa_row_at_1024x600(
    tmp_path, monkeypatch
):
    user_dirs(tmp_path, monkeypatch)
    app = make_app(size=(1024, 600))
    setup = open_setup(app)
    choose(app, setup.game_sel, "scopone")
    rows = {sel.label: sel for sel in setup.option_sels}
    assert set(rows) == {option_label(k) for k in setup.options}
    assert rows[option_label("dealing")].value == "scientifico"
    inside = setup.rect.inflate(-8, -8)
    assert all(inside.contains(sel.rect) for sel in setup.selectors)
    choose(app, rows[option_label("dealing")], "classico")
    choose(app, rows[option_label("target")], 16)
    click(app, setup.start.rect.center)
    table = app.scenes.top
    assert table.model.state.options["dealing"] == "classico"
    assert table.model.state.options["target"] == 16
    app.shutdown()


def test_a_deal_played_by_clicks_and_keys_to_its_summary(app):
    """The human plays every other card by a click and the others by Right and Enter (a
    choice of captures by its number), to the deal's summary, which shows the engine's points."""
    table = start_game(app, "scopone", 4, seed=4, seats=["human", "rules", "rules", "rules"])
    model = table.model
    by_keys = False
    for _ in range(HAND_SIZE):
        assert run_until(app, lambda: human_turn(table) or ended(app), 8000)
        if ended(app):
            break
        before = len(model.state.history)
        if by_keys:
            tg = focus_on(app, table, hand_card(table))
            key(app, pygame.K_RETURN)
            card = tg.sprite.card
        else:
            sp = model.table.hands[0][0]
            click(app, sprite_center(table, sp))
            card = sp.card
        if len(model.state.history) == before:  # several captures: the chooser asks which
            assert model.prompt.chooser is not None
            choose_by_number(app, table)
        assert model.state.history[before].split()[0] == str(card)
        by_keys = not by_keys
    assert run_until(app, lambda: ended(app), 8000)
    data = model.state.last_scored
    assert data is not None and sum(data.figures.cards) == 40
    assert len(model.state.hand(0)) == 0


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_ten_cards_in_a_hand_lie_clear(app, size):
    """Each hand of 10 lies inside its place and the window, and every card of the player's
    own hand shows its corner index (the next card covers only its right part)."""
    table = start_game(app, "scopone", 4, seed=2)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resized(size)
    assert run_until(app, lambda: human_turn(table), 6000)
    lay = table.model.table.layout
    window = pygame.Rect((0, 0), size)
    for seat in range(4):
        hand = table.model.table.hands[seat]
        assert len(hand) == HAND_SIZE - (seat != 0 and len(table.model.state.hand(seat)) < 10)
        place = lay.hand_rect(seat)  # to a pixel: both round
        for sp in hand:
            card = table.model.sprite_rect(sp)
            assert window.contains(card) and place.inflate(2, 2).contains(card), (seat, size)
    own = [table.model.sprite_rect(sp) for sp in table.model.table.hands[table.model.viewer]]
    assert len(own) == HAND_SIZE
    for k, card in enumerate(own):
        assert not any(index_rect(card).colliderect(other) for other in own[k + 1 :]), k


def test_classico_deals_nine_each_and_four_face_up_on_the_table(app):
    table = start_game(app, "scopone", 4, seed=3, dealing="classico")
    assert run_until(app, lambda: human_turn(table), 6000)
    assert len(table.model.table.hands[table.model.viewer]) == CLASSICO_HAND
    center = table.model.table.center
    assert len(center) == len(table.model.state.table()) <= TABLE_CARDS
    assert all(sp.face_up for sp in center)
    # the panel names the way of dealing under "Rules in force", not the match's target
    said = [item[1] for item in table.painter._rules_items()]
    assert said[1:] == [f"{option_label('dealing')}: Classico"]


def test_the_default_way_of_dealing_and_the_target_are_not_listed_as_rules_in_force(app):
    table = start_game(app, "scopone", 4, seed=3, target=21)
    assert run_until(app, lambda: human_turn(table), 6000)
    assert table.painter._rules_items() == []


def test_deck_switch_mid_deal(app):
    deck_switch_mid_deal(app, start_game(app, "scopone", 4, seed=2))


def test_the_deal_summary_words_each_house_award_on_its_own_line(app):
    app.settings.speed = "instant"
    start_game(app, "scopone", 4, seed=3, seats=["rules"] * 4, re_bello=True, napola=True)
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 6000)
    summary = app.scenes.top
    assert [a.rule for a in summary.data.figures.house] == ["re_bello", "napola"]
    said = summary.lines[2:]
    assert len(said) == 2 and said[0].startswith("Re bello: ") and said[1].startswith("Napola: ")


def test_the_panel_counts_no_deck_scopone_has_none(app):
    """Scopa's panel says how many cards the deck still holds; Scopone's deals them all at once,
    so its panel leaves that line out and keeps the rest."""
    table = start_game(app, "scopone", 4, seed=2)
    assert run_until(app, lambda: human_turn(table), 6000)
    said = [
        str(item[1])
        for item in table.model.gui.hud_items(table.model.panel, table.model.names, "italian")
    ]
    assert "Scopone" in said and not any("left in the deck" in s for s in said)
    scopa = start_game(app, "scopa", 4, seed=2)
    assert run_until(app, lambda: human_turn(scopa), 6000)
    said = [
        str(item[1])
        for item in scopa.model.gui.hud_items(scopa.model.panel, scopa.model.names, "italian")
    ]
    assert any("left in the deck" in s for s in said)
