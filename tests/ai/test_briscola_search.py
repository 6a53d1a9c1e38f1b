"""Briscola's seats: the rule seat's habits on positions in card notation, the search seat's
worlds (the drawn trump card stays with its drawer), and the exact endgame of 2 players once the
stock is empty (nothing is hidden then: the strong seat's solve is the true deal's)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from ai.test_endgame import leaf_value, minimax, near_end
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.briscola_rules import BriscolaRulesSeat
from game.ai.briscola_search import SAMPLER, BriscolaSearchSeat, hidden_cards
from game.ai.levels import NoisySeat
from game.engine import new_game
from game.engine.briscola import BriscolaState


def position(players: int, hands: list[list[str]], trump: str, *played: str) -> BriscolaState:
    deal = {"hands": hands, "trump": trump, "dealer": 1}
    state = new_game("briscola", players, seed=1, deal=deal)
    assert isinstance(state, BriscolaState)
    for card in played:
        state.play(card)
    return state


def rule_move(state: BriscolaState) -> str:
    seat = state.current_player
    assert seat is not None
    return BriscolaRulesSeat().choose(state.view(seat), state.legal_moves(), random.Random(0)).text


def test_the_rule_seat_takes_points_cheaply_and_keeps_its_trumps() -> None:
    # a 3 of coins led: the ace of coins takes it (21 points) without a trump
    s = position(2, [["3D", "4B", "5B"], ["1D", "2S", "6C"]], "7S", "3D")
    assert rule_move(s) == "1D"
    # a blank card led, nothing worth a trump: throw the blank card, keep the trump
    s = position(2, [["4D", "4B", "5B"], ["1C", "2S", "6C"]], "7S", "4D")
    assert rule_move(s) == "6C"
    # a 3 led and only a trump wins: the lowest trump takes it
    s = position(2, [["3D", "4B", "5B"], ["1S", "2S", "6C"]], "7S", "3D")
    assert rule_move(s) == "2S"


def test_the_rule_seat_leads_a_blank_card_and_loads_its_partners_trick() -> None:
    s = position(2, [["1D", "4B", "2S"], ["3D", "5C", "6C"]], "7S")
    assert rule_move(s) == "4B"
    # 4 players, play 0, 3, 2, 1: the partner (seat 3) holds the trick with a trump; seat 1
    # plays last and loads it with its ace
    hands = [["4D", "4B", "5B"], ["1C", "6C", "6B"], ["5C", "7B", "5D"], ["2S", "7C", "6D"]]
    s = position(4, hands, "7S", "4D", "2S", "5C")
    assert s.current_player == 1 and rule_move(s) == "1C"


def test_the_worlds_keep_the_drawn_trump_with_its_drawer() -> None:
    rng = random.Random(4)
    for seed in range(200):
        s = new_game("briscola", 3, seed=seed)
        while s.current_player is not None:
            v = s.view(s.current_player)
            if v.trump_to is not None and v.trump_to != v.seat and v.trump in s.hand(v.trump_to):
                hidden = hidden_cards(v)
                assert hidden.fixed == {v.trump_to: (v.trump,)}
                draw = SAMPLER.prepare(v)
                for _ in range(10):
                    world = draw(rng)
                    assert v.trump in world.hand(v.trump_to)
                    assert world.view(v.seat) == v
                return
            s.play(rng.choice(s.legal_moves()))
    raise AssertionError("no position with a drawn trump card in another hand")


def test_the_endgame_is_near_once_the_stock_is_empty_in_2_players_only() -> None:
    assert BriscolaSearchSeat.ENDGAME is not None
    near = BriscolaSearchSeat.ENDGAME.near
    for players in (2, 3, 4):
        s = new_game("briscola", players, seed=7)
        rng = random.Random(7)
        while s.current_player is not None:
            v = s.view(s.current_player)
            assert near(v) == (players == 2 and v.stock == 0)
            s.play(rng.choice(s.legal_moves()))


@given(seed=st.integers(0, 10**6))
@settings(max_examples=6, deadline=None)
def test_strong_plays_a_best_move_once_the_stock_is_empty(seed: int) -> None:
    state, seat = near_end("briscola", 2, seed)
    player = state.current_player
    assert player is not None
    view = state.view(player)
    assert view.stock == 0
    mark = state.deals_scored
    value = leaf_value(seat, view, mark)
    exact = {}
    for move in state.legal_moves():
        child = state.clone()
        child.play(move)
        exact[move.text] = minimax(child, mark, frozenset((player,)), value)
    chosen = seat.choose(view, state.legal_moves(), random.Random(seed))
    assert exact[chosen.text] == pytest.approx(max(exact.values()))
    # it solved: one world (the true deal), every move judged in it
    assert seat.last_worlds == 1 and all(len(v) == 1 for v in seat.last_values)


def test_only_strong_solves_and_every_level_plays_a_legal_move() -> None:
    strong: Any = make_seat("strong", "briscola")
    normal: Any = make_seat("normal", "briscola")
    assert isinstance(normal, NoisySeat)  # normal slips in Briscola (its catalogue entry)
    assert strong.solve_endgame and not normal.seat.solve_endgame
    for players in (2, 3, 4):
        s = new_game("briscola", players, seed=players)
        v = s.view(s.current_player or 0)
        for level in ("easy", "normal", "strong"):
            assert make_seat(level, "briscola").choose(v, s.legal_moves(), random.Random(1)) in (
                s.legal_moves()
            )
