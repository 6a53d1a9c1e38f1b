"""A card dragged from the hand onto the table is played, as a click plays it; an illegal one is
refused in the same words and goes back to the hand, as does one let go anywhere else; a Scopa
card that could take different cards asks which.  Driven by posted mouse events: a press, the
moves with the button held, the release."""

from __future__ import annotations

import pygame
from test_ui_keyboard import SCOPA_DEAL
from test_ui_tressette import DEAL, a_card_that_cannot_follow
from ui_harness import click, human_turn, run_until, sprite_center, start_game


def press(app, pos) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    app.step()


def move_to(app, start, end, steps: int = 6) -> tuple[int, int]:
    """The pointer goes from ``start`` to ``end`` with the button held, a frame per step."""
    pos = (round(start[0]), round(start[1]))
    for i in range(1, steps + 1):
        to = (round(start[0] + (end[0] - start[0]) * i / steps),
              round(start[1] + (end[1] - start[1]) * i / steps))  # fmt: skip
        rel = (to[0] - pos[0], to[1] - pos[1])
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=rel, buttons=(1, 0, 0))
        )
        app.step()
        pos = to
    return pos


def release(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def drag(app, table, sp, end) -> None:
    start = sprite_center(table, sp)
    press(app, start)
    release(app, move_to(app, start, end))


def in_its_place(table, sp) -> bool:
    """Back in the hand, laid where the hand's layout puts it."""
    hand = table.model.table.hands[sp.owner]
    if sp not in hand or sp.moving:
        return False
    slot = table.model.table.slots(hand)[hand.index(sp)]
    return (round(sp.x), round(sp.y)) == tuple(round(v) for v in slot.pos)


def test_a_card_dragged_onto_the_table_is_played(app):
    table = start_game(app, "tressette", 4, deal=DEAL)
    assert run_until(app, lambda: human_turn(table))
    sp = next(sp for sp in table.model.table.hands[0] if sp.card in table.model.legal_cards())
    start, was = sprite_center(table, sp), (sp.x, sp.y)
    drop = table.model.table.layout.drop_rect()
    press(app, start)
    assert not table.model.state.history  # a press alone plays nothing: it may become a drag
    end = move_to(app, start, drop.center)
    assert not table.model.state.history and sp.zone == "hand"
    moved = (sp.x - was[0], sp.y - was[1])  # the card follows the pointer
    assert abs(moved[0] - (end[0] - start[0])) <= 1 and abs(moved[1] - (end[1] - start[1])) <= 1
    release(app, end)
    assert table.model.state.history == [str(sp.card)]
    assert run_until(app, lambda: sp.zone == "trick" and not sp.moving, 120)


def test_a_card_let_go_off_the_table_goes_back_to_the_hand(app):
    table = start_game(app, "tressette", 4, deal=DEAL)
    assert run_until(app, lambda: human_turn(table))
    sp = next(sp for sp in table.model.table.hands[0] if sp.card in table.model.legal_cards())
    band = table.model.table.layout.band
    drag(app, table, sp, (band.x + 10, band.centery))  # over the band: not the table
    assert not table.model.state.history
    assert run_until(app, lambda: in_its_place(table, sp), 60)
    assert human_turn(table)  # and it may still be played, by a click
    click(app, sprite_center(table, sp))
    assert table.model.state.history == [str(sp.card)]


def test_an_illegal_card_dragged_is_refused_as_a_click_and_goes_back(app):
    table, bad = a_card_that_cannot_follow(app)
    record = table.model.state.record()
    click(app, sprite_center(table, bad))
    said = app.toasts.texts[-1]
    assert said.startswith("You must follow")
    app.toasts.items.clear()
    drag(app, table, bad, table.model.table.layout.drop_rect().center)
    assert table.model.state.record() == record
    assert app.toasts.texts == [said]  # the same words as for the click
    assert run_until(app, lambda: in_its_place(table, bad), 60)


def test_a_scopa_card_with_two_captures_dragged_asks_which(app):
    table = start_game(app, "scopa", 2, deal=SCOPA_DEAL)
    assert run_until(app, lambda: human_turn(table))
    seven = next(sp for sp in table.model.table.hands[0] if str(sp.card) == "7B")
    drag(app, table, seven, table.model.table.layout.drop_rect().center)
    assert not table.model.state.history
    assert (
        table.model.prompt.chooser is not None and len(table.model.prompt.chooser.rects) == 2
    )  # as a click asks
    assert table.model.prompt.selected == [seven.card]
    assert run_until(app, lambda: in_its_place(table, seven), 60)
    rect, move = table.model.prompt.chooser.rects[1]
    click(app, rect.center)
    assert table.model.state.history == [move.text]
