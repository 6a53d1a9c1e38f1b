"""The table view's piles: the generic operations and the show's moves built from them.

No window is needed: a table view only computes where sprites go; time is stepped by hand.
"""

from __future__ import annotations

import pygame
import pytest

from game.engine import parse_card, parse_cards
from game.ui.anim import CardSprite
from game.ui.cards import CardImages
from game.ui.piles import Pile, Slot
from game.ui.tableview import TableView


@pytest.fixture(autouse=True)
def _fonts() -> None:
    """A table view measures its labels in the real fonts: pygame's font module must be up
    (run alone, no earlier test of the session has started it)."""
    pygame.font.init()


def _view(seats: int = 4, center: str = "") -> TableView:
    tv = TableView(
        CardImages(),
        seats,
        0,
        solitaire=False,
        hand_key=int,
        size=(1280, 720),
        hand_max=8,
        center=center,
    )
    tv.speed = 0.0  # every flight lands at once
    return tv


def _land(tv: TableView) -> None:
    tv.update(0.0)
    tv.settle()


def test_deal_fills_the_hands_face_up_only_for_the_viewer() -> None:
    tv = _view()
    cards = [*parse_cards("AH KH"), None, None]
    tv.deal(cards, [0, 0, 1, 1], dealer=3, left_after=30)
    _land(tv)
    assert [sp.card for sp in tv.hands[0]] == parse_cards("AH KH")
    assert all(sp.face_up and sp.zone == "hand" and sp.owner == 0 for sp in tv.hands[0])
    assert [sp.face_up for sp in tv.hands[1]] == [False, False]
    assert tv.deck_count == 30
    slots = tv.slots(tv.hands[0])
    assert [(sp.x, sp.y) for sp in tv.hands[0]] == [s.pos for s in slots]


def test_play_and_sweep_move_the_trick_to_the_winners_pile_face_down() -> None:
    tv = _view()
    tv.rebuild({0: parse_cards("7S QD"), 1: [None, None]}, (), {}, 0, dealer=0)
    tv.play(0, parse_card("QD"))
    tv.play(1, parse_card("KD"))  # a hidden card takes its face when played
    _land(tv)
    assert [(s, sp.card) for s, sp in tv.trick] == [
        (0, parse_card("QD")),
        (1, parse_card("KD")),
    ]
    assert [sp.card for sp in tv.hands[0]] == [parse_card("7S")]
    assert len(tv.hands[1]) == 1
    tv.sweep(1)
    _land(tv)
    assert tv.trick == []
    assert len(tv.piles[1]) == 2
    assert all(not sp.face_up and sp.zone == "pile" for sp in tv.piles[1])


def test_sweep_center_keeps_the_scopa_card_face_up_beside_the_pile() -> None:
    tv = _view(2, center="grid")
    tv.rebuild({0: parse_cards("5S"), 1: [None]}, (), {}, 30, dealer=1, center=parse_cards("5C 2H"))
    tv.to_center(0, parse_card("5S"))
    tv.sweep_center(parse_cards("5C 5S"), 0, flag=parse_card("5S"))
    _land(tv)
    assert [sp.card for sp in tv.center] == [parse_card("2H")]
    assert [sp.card for sp in tv.flags[0]] == [parse_card("5S")]
    assert tv.flags[0][0].face_up
    assert [sp.card for sp in tv.piles[0]] == [parse_card("5C")]
    assert not tv.piles[0][0].face_up


def test_a_seats_pile_stays_the_tables_when_a_list_is_assigned() -> None:
    tv = _view()
    pile = tv.front[2]
    sp = CardSprite(parse_card("9C"), (0, 0), 10, True, "front", 2)
    tv.front[2] = [sp]
    assert tv.front[2] is pile and list(pile) == [sp]
    assert sp in tv.sprites
    tv.place_front(2, 0.0)
    assert (sp.x, sp.y) == tv.slots(pile)[0].pos


def test_a_new_kind_of_pile_needs_only_its_layout() -> None:
    tv = _view()
    foundation = tv.add_pile(
        Pile(
            "foundation",
            lambda pile, n: [Slot((100.0, 50.0 + k), 40, 700 + k, True) for k in range(n)],
        )
    )
    tv.rebuild({0: parse_cards("AS")}, (), {}, 0, dealer=0)
    tv.send(tv.take(tv.hands[0], parse_card("AS")), foundation, 0.0)
    _land(tv)
    assert [sp.card for sp in foundation] == [parse_card("AS")]
    assert (foundation[0].x, foundation[0].y, foundation[0].z) == (100.0, 50.0, 700)
    assert foundation[0] in tv.sprites and not tv.hands[0]
