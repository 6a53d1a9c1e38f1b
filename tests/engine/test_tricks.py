"""What the trick games share (game/engine/tricks.py): Tressette's and Briscola's views keep
their fields in the order records, saves and the online protocol read them, their events keep
their class names, and a trick won says its points in each game's own unit.

Positions are given in card notation; the points expected come from the rules pages (Briscola:
ace 11, 3 10; Tressette in thirds: ace 3, 3 and 2 one each), not from the engine's tables.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.engine import new_game
from game.engine.briscola import BriscolaView
from game.engine.briscola_events import TrickWon as BriscolaTrick
from game.engine.tressette_events import TrickWon as TressetteTrick
from game.engine.tressette_view import TressetteView
from game.engine.tricks import SideTrick, TrickDealt, TrickPlayed
from game.net.protocol import encode_event
from game.net.remote import decode_event

#: The fields every trick view starts with, in this order (the base view's, then the trick's).
SHARED = [
    "game",
    "players",
    "seat",
    "dealer",
    "current_player",
    "hand",
    "hand_sizes",
    "scores",
    "side",
    "sides",
    "deal_no",
    "phase",
    "leader",
    "trick_no",
    "trick",
    "tricks",
]
OWN = {
    BriscolaView: "trump trump_to stock points deals_won deals_to_win last_deal_points "
    "set_aside winners",
    TressetteView: "raw_points declared declarations shown buongioco totals deals_won "
    "last_deal_points target deals_to_win last_trick_whole last_trick_raw winners",
}


@pytest.mark.parametrize("view", [BriscolaView, TressetteView])
def test_the_views_keep_their_fields_in_order(view: type) -> None:
    assert [f.name for f in dataclasses.fields(view)] == SHARED + OWN[view].split()


def test_a_briscola_trick_says_its_card_points() -> None:
    # seat 0 leads the ace of coins, seat 1 takes it with a trump 2: 11 points to seat 1
    hands = [["1D", "4C", "5C"], ["2S", "6C", "7C"]]
    s = new_game("briscola", 2, deal={"dealer": 1, "hands": hands, "trump": "4S"})
    s.play("1D")
    s.play("2S")
    won = next(e for e in s.events if isinstance(e.data, SideTrick))
    assert isinstance(won.data, BriscolaTrick) and won.seat == 1
    assert (won.data.points, won.data.worth, won.data.side, won.data.trick_no) == (11, 11, 1, 1)


def test_a_tressette_trick_says_its_raw_points() -> None:
    # whole suits, dealer 0: seat 3 holds coins and leads; ace, 2 and 3 of one suit are 5 thirds
    suits = [" ".join(r + x for r in "1234567FCR") for x in "BSCD"]
    s = new_game("tressette", 4, deal={"dealer": 0, "hands": suits})
    for card in ("3D", "1C", "2S", "4B"):
        s.play(card)
    won = next(e for e in s.events if isinstance(e.data, SideTrick))
    assert isinstance(won.data, TressetteTrick) and won.seat == 3
    assert (won.data.raw, won.data.worth, won.data.side) == (5, 5, 1)


@pytest.mark.parametrize(("game", "players"), [("briscola", 2), ("briscola", 4), ("tressette", 3)])
def test_the_online_table_reads_each_event_under_its_own_class(game: str, players: int) -> None:
    """A deal's events cross the protocol by their class names (Dealt, Played, TrickWon...):
    each comes back as the game's own class, equal to the one logged."""
    s = new_game(game, players, seed=5)
    while not s.between_deals:
        s.play(s.legal_moves()[0])
    kinds = set()
    for e in s.events_for(0):
        back = decode_event(game, encode_event(e))
        assert type(back.data) is type(e.data) and back.data == e.data
        assert type(e.data).__module__.startswith(f"game.engine.{game}")
        kinds.add(type(e.data).__bases__[0])
    assert {TrickDealt, TrickPlayed, SideTrick} <= kinds
