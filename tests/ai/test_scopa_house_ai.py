"""The AI under Scopa's house rules: the rule seat scores moves by what the rules in force
make of them (the engine says which sweeps are scope, which values sweep, what the king of
coins is worth), and the coach and the review's judge work with every option on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import make_seat
from game.ai.coach import Coach
from game.ai.scopa_rules import ScopaRulesSeat
from game.engine import GAMES, ITALIAN, new_game
from game.review.match import review_decision

HOUSE = ("re_bello", "napola", "asso_piglia_tutto", "asso_scopa", "quindici", "fewest_cards")
ALL_ON = dict.fromkeys(HOUSE, True)


def _position(hand: list[str], table: list[str], **options: Any) -> Any:
    """A 2-player deal with seat 0 to play ``hand`` on ``table``; the rest deck and piles."""
    shown = set(hand) | set(table)
    rest = [str(c) for c in ITALIAN.cards if str(c) not in shown]
    deal = {
        "dealer": 1,
        "hands": [hand, rest[: len(hand)]],
        "table": table,
        "deck": rest[len(hand) : len(hand) + 12],
        "captured": [[], rest[len(hand) + 12 :]],
        "last_capturer": None,
    }
    return new_game("scopa", players=2, seed=7, deal=deal, **options)


def _score(state: Any, text: str) -> float:
    move = next(m for m in state.legal_moves() if m.text == text)
    return ScopaRulesSeat().score(state.view(0), move)


def test_the_aces_whole_table_take_scores_a_scopa_only_where_it_is_one() -> None:
    hand, table = ["1C", "7S", "4D"], ["5S", "2B"]
    plain = _score(_position(hand, table, asso_piglia_tutto=True), "1C x 2B 5S")
    scopa = _score(_position(hand, table, asso_piglia_tutto=True, asso_scopa=True), "1C x 2B 5S")
    assert scopa - plain == 1.0


def test_the_king_of_coins_is_worth_a_point_more_under_re_bello() -> None:
    hand, table = ["RC", "4D", "2S"], ["RD", "3B"]
    plain = _score(_position(hand, table), "RC x RD")
    house = _score(_position(hand, table, re_bello=True), "RC x RD")
    assert house - plain == 1.0


def test_a_placement_leaving_a_fifteen_sweep_is_riskier_under_quindici() -> None:
    hand, table = ["2C", "4D", "6S"], ["RS"]  # 2C leaves 12 on the table: a 3 takes it under 15
    plain = _score(_position(hand, table), "2C")
    assert _score(_position(hand, table, quindici=True), "2C") < plain


def test_the_coach_and_the_review_work_with_every_house_rule_on() -> None:
    options = GAMES["scopa"].check_options(2, ALL_ON)
    state = new_game("scopa", players=2, seed=5, **options)
    rng = random.Random(5)
    coach = Coach("scopa")
    mine = []
    for _ in range(8):
        seat = state.current_player
        legal = state.legal_moves()
        if seat == 0:
            hint = coach.advise(state.view(0), legal, random.Random(1))
            assert hint.move in legal
            mine.append(len(state.history))
        state.play(legal[rng.randrange(len(legal))])
    record = state.record()
    assert record["options"]["quindici"] is True
    for index in mine[:2]:
        decision = review_decision(record, index, 0, 0.1)
        assert decision.best and decision.move


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_the_ai_plays_legal_moves_under_every_house_rule(level: str) -> None:
    state = new_game("scopa", players=2, seed=3, **ALL_ON)
    seat = make_seat(level, "scopa")
    rng = random.Random(3)
    for _ in range(6):  # the first hand of 3 (a strong seat thinks a while)
        s = state.current_player
        assert s is not None
        move = seat.choose(state.view(s), state.legal_moves(), rng)
        assert move in state.legal_moves()
        state.play(move)
