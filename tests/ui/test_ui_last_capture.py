"""The last capture of Scopa and Cattura, looked at again as the trick games' last trick: held
L and a click on a capture pile (Cattura: on a player's captured cards) show who took, with which
card, and which cards, from the engine's capture event; the panel's button says what it shows."""

from __future__ import annotations

import pygame
from test_ui_cattura import _position
from ui_harness import (
    button,
    click,
    click_button,
    human_turn,
    run_until,
    sprite_center,
    start_game,
)

from game.engine.scopa_events import Captured


def hold_l(app) -> None:
    """Press L (and keep it down): the last capture shows while it is held."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
    app.step()


def let_go_l(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_l, mod=0, unicode="l"))
    app.step()


def settled(table) -> bool:
    return not table.model.busy() and not table.model.table.moving


# Seat 0 leads: its 7 of batons takes the 7 of coins; North then can take nothing (4, 6, ace
# against 5, 3 and the Re), so the human's capture stays the last one.
SCOPA = {"dealer": 1, "hands": ["7B 2D 1C", "4C 6S 1B"], "table": "7D 5S 3C RC"}


def test_scopa_last_capture_by_l_and_by_a_click_on_the_pile(app):
    table = start_game(app, "scopa", 2, deal=SCOPA)
    assert run_until(app, lambda: human_turn(table))
    assert button(table, "last").label == "Last capture (L)"
    hold_l(app)
    assert not table.model.moment.show_last  # nothing captured yet: nothing to show
    let_go_l(app)
    click_button(app, table, "last")
    assert "Nothing has been captured" in app.toasts.texts[-1]
    seven = next(sp for sp in table.model.table.hands[0] if str(sp.card) == "7B")
    click(app, sprite_center(table, seven))
    assert table.model.state.history == ["7B x 7D"]
    assert run_until(app, lambda: human_turn(table) and len(table.model.state.history) == 2)
    assert not table.model.state.history[1].count("x")  # North placed a card: no capture
    hold_l(app)
    assert table.model.moment.show_last
    look = table.model.gui.last_look()
    assert "taken by you with" in look.title
    assert [(str(c), said) for c, said in look.cards] == [("7B", "played"), ("7D", "taken")]
    app.step()  # drawn over the table
    let_go_l(app)
    assert not table.model.moment.show_last
    # a click on the pile the capture went to shows it too, until the next click
    pile = table.model.table.layout.pile_rect(table.model.gui.keeper(0))
    click(app, pile.center)
    assert table.model.moment.show_last and table.model.moment.show_last_timer > 0
    click(app, pile.center)
    assert not table.model.moment.show_last


def test_scopa_an_opponents_capture_is_named_with_its_cards(app):
    # North's every card takes something: its capture is the last one when the human plays
    deal = {"dealer": 1, "hands": ["2D 2C 4B", "5C 1B 3C"], "table": "5S 1C 3S RC"}
    table = start_game(app, "scopa", 2, deal=deal)
    assert run_until(app, lambda: human_turn(table))
    two = next(sp for sp in table.model.table.hands[0] if str(sp.card) == "2D")  # takes nothing
    click(app, sprite_center(table, two))
    assert run_until(app, lambda: human_turn(table) and len(table.model.state.history) == 2)
    captured = [e for e in table.model.state.events if isinstance(e.data, Captured)][-1]
    assert captured.seat == 1
    hold_l(app)
    look = table.model.gui.last_look()
    assert look.title.startswith("Last capture — taken by North with")
    assert [c for c, _said in look.cards] == [captured.data.card, *captured.cards]


def test_cattura_last_capture_by_l_and_by_a_click_on_the_captured_cards(app):
    table = start_game(app, "cattura", 2, deal=_position("3H 5S 2S 6H 8C", [], "8D"))
    assert run_until(app, lambda: human_turn(table))
    assert button(table, "last").label == "Last capture (L)"
    eight = next(sp for sp in table.model.table.hands[0] if str(sp.card) == "8C")
    click(app, sprite_center(table, eight))
    assert table.model.state.history == ["take 8D with 8C"]
    assert run_until(app, lambda: [str(sp.card) for sp in table.model.table.front[0]] == ["8D"])
    assert run_until(app, lambda: settled(table))
    hold_l(app)
    assert table.model.moment.show_last
    look = table.model.gui.last_look()
    assert look.title == "Last capture — taken by you with 8♣"
    assert [(str(c), said) for c, said in look.cards] == [("8D", "taken"), ("8C", "played")]
    let_go_l(app)
    assert not table.model.moment.show_last
    front = table.model.table.front[0][0]
    assert not table.model.gui.clickable(front) or not table.model.prompt.kind
    click(app, (front.x, front.y))
    assert table.model.moment.show_last and table.model.moment.show_last_timer > 0
