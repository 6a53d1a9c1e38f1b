"""Scopa's house rules (RULES.md, "Scopa house rules"): each option on a position where it
changes the outcome, the combinations RULES.md decides, and random deals under random option
sets.  Expected values come from this file's reading of the rules (a brute-force oracle over
the table's subsets), never from the engine's tables."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GAMES, IllegalMove, load_record
from game.engine.scopa import ScopaState, sweepers
from game.engine.scopa_scoring import HouseAward
from tests.engine.test_scopa import (
    as_oracle,
    endgame,
    my_deal_points,
    position,
    scored,
    texts,
    value,
)

COINS = [rank + "D" for rank in "1234567FCR"]
HOUSE = ("re_bello", "napola", "asso_piglia_tutto", "asso_scopa", "quindici", "fewest_cards")


def moves_of(state: ScopaState, card: str) -> set[str]:
    return {m.text for m in state.legal_moves() if str(m.cards[0]) == card}


# -- the options ------------------------------------------------------------------------------
def test_every_house_rule_is_an_option_off_by_default() -> None:
    options = GAMES["scopa"].options
    for key in HOUSE:
        assert options[key].default is False and options[key].choices == (False, True)
    assert GAMES["scopa"].check_options(2, {})["quindici"] is False


# -- re bello ---------------------------------------------------------------------------------
def test_re_bello_gives_the_side_holding_the_king_of_coins_a_point() -> None:
    plain = scored(endgame(2, {1: ["RD"]}))
    house = scored(endgame(2, {1: ["RD"]}, re_bello=True))
    assert plain.figures.house == ()
    assert house.figures.house == (HouseAward("re_bello", 1, 1),)
    assert house.figures.points == (plain.figures.points[0], plain.figures.points[1] + 1)


def test_re_bello_counts_the_king_of_coins_taken_with_the_leftovers() -> None:
    # seat 0 captured last: the leftovers, RD among them, go to its side
    state = position(2, [["4C"], ["RS"]], ["RD", "4S"], deck=0, rest_to=1, re_bello=True)
    state.play("4C x 4S")
    state.play("RS x RD")  # equal value: RS must take RD
    assert scored(state).figures.house == (HouseAward("re_bello", 1, 1),)


# -- napola -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("coins", "points"),
    [
        (["1D", "2D", "3D"], 3),
        (["1D", "2D", "3D", "4D", "6D"], 4),
        (["1D", "2D", "3D", "4D", "5D", "6D", "7D", "FD", "CD"], 9),
        (["1D", "2D", "3D", "4D", "5D", "6D", "7D", "FD", "CD", "RD"], 10),
    ],
)
def test_napola_scores_three_plus_the_unbroken_run(coins: list[str], points: int) -> None:
    plain = scored(endgame(2, {1: coins}))
    house = scored(endgame(2, {1: coins}, napola=True))
    assert house.figures.house == (HouseAward("napola", 1, points),)
    assert house.figures.points[1] == plain.figures.points[1] + points


def test_no_napola_without_the_ace_two_and_three_of_coins() -> None:
    house = scored(endgame(2, {1: ["1D", "2D", "4D", "5D", "6D"]}, napola=True, re_bello=True))
    # side 0 holds 3D and RD: re bello but no napola for it (no 1D)
    assert house.figures.house == (HouseAward("re_bello", 0, 1), HouseAward("napola", None, 0))


# -- asso piglia tutto --------------------------------------------------------------------------
def test_an_ace_takes_the_whole_table_holding_no_ace_and_it_is_not_a_scopa() -> None:
    table = ["5S", "7B", "RD"]
    assert moves_of(position(2, [["1C", "2S"], ["4S", "6C"]], table, deck=6), "1C") == {"1C"}
    state = position(2, [["1C", "2S"], ["4S", "6C"]], table, deck=6, asso_piglia_tutto=True)
    assert moves_of(state, "1C") == {"1C x 5S 7B RD"}
    state.play("1C x 5S 7B RD")
    assert state.table() == () and state._scope == [0, 0]


def test_the_whole_table_take_counts_as_a_scopa_under_the_further_option() -> None:
    state = position(
        2,
        [["1C", "2S"], ["4S", "6C"]],
        ["5S", "7B"],
        deck=6,
        asso_piglia_tutto=True,
        asso_scopa=True,
    )
    state.play("1C x 5S 7B")
    assert state._scope == [1, 0]


def test_an_ace_facing_an_ace_takes_one_ace_and_that_last_card_is_a_scopa() -> None:
    state = position(2, [["1C", "2S"], ["4S", "6C"]], ["1D", "4B"], deck=6, asso_piglia_tutto=True)
    assert moves_of(state, "1C") == {"1C x 1D"}
    state = position(2, [["1C", "2S"], ["4S", "6C"]], ["1D"], deck=6, asso_piglia_tutto=True)
    state.play("1C x 1D")
    assert state._scope == [1, 0]


def test_an_ace_on_an_empty_table_is_placed() -> None:
    state = position(2, [["1C", "2S"], ["4S", "6C"]], [], deck=6, asso_piglia_tutto=True)
    assert moves_of(state, "1C") == {"1C"}


# -- scopa a quindici ---------------------------------------------------------------------------
def test_quindici_is_an_extra_choice_even_facing_an_equal_card() -> None:
    table = ["3S", "5C", "6B", "7B"]
    assert moves_of(position(2, [["7S"], ["RS"]], table, deck=6), "7S") == {"7S x 7B"}
    state = position(2, [["7S"], ["RS"]], table, deck=6, quindici=True)
    assert moves_of(state, "7S") == {"7S x 7B", "7S x 3S 5C"}


def test_quindici_takes_a_single_card_and_sweeps() -> None:
    state = position(2, [["5S", "2B"], ["RS", "6C"]], ["RD"], deck=6, quindici=True)
    assert moves_of(state, "5S") == {"5S x RD"}
    state.play("5S x RD")
    assert state._scope == [1, 0]


def test_with_asso_piglia_tutto_the_ace_has_no_fifteen_capture() -> None:
    table = ["2B", "4S", "RD"]
    alone = position(2, [["1C"], ["RS"]], table, deck=6, quindici=True)
    assert moves_of(alone, "1C") == {"1C x 4S RD"}
    both = position(2, [["1C"], ["RS"]], table, deck=6, quindici=True, asso_piglia_tutto=True)
    assert moves_of(both, "1C") == {"1C x 2B 4S RD"}


# -- fewest cards -------------------------------------------------------------------------------
def test_fewest_cards_keeps_only_the_shortest_sums() -> None:
    table = ["1D", "2C", "3S", "4B"]
    plain = position(2, [["7S"], ["RS"]], table, deck=6)
    assert moves_of(plain, "7S") == {"7S x 3S 4B", "7S x 1D 2C 4B"}
    state = position(2, [["7S"], ["RS"]], table, deck=6, fewest_cards=True)
    assert moves_of(state, "7S") == {"7S x 3S 4B"}


def test_fewest_cards_filters_ordinary_sums_and_fifteen_captures_apart() -> None:
    table = ["1D", "2C", "3S", "4B", "5S", "FB"]
    state = position(2, [["7S"], ["RS"]], table, deck=6, fewest_cards=True, quindici=True)
    # sums to 7: {3,4} {2,5} (not {1,2,4}); to 8 with the 7: {F} (not {3,5} {1,3,4} {1,2,5})
    assert moves_of(state, "7S") == {"7S x 3S 4B", "7S x 2C 5S", "7S x FB"}


def test_fewest_cards_keeps_the_equal_value_precedence() -> None:
    state = position(2, [["4D"], ["RS"]], ["1D", "3S", "4C"], deck=6, fewest_cards=True)
    assert moves_of(state, "4D") == {"4D x 4C"}


def test_a_capture_the_house_rules_forbid_is_refused_saying_what_the_card_may_do() -> None:
    state = position(2, [["7S"], ["RS"]], ["1D", "2C", "3S", "4B"], deck=6, fewest_cards=True)
    with pytest.raises(IllegalMove) as info:
        state.play("7S x 1D 2C 4B")
    assert info.value.code == "house_capture" and "7S x 3S 4B" in str(info.value)


# -- the oracle, records, views ---------------------------------------------------------------
def house_oracle(hand: Iterable[str], table: Sequence[str], rules: dict[str, bool]) -> set[Any]:
    """Every legal move under ``rules`` by brute force over the table's subsets."""

    def subsets(total: int, least: int) -> list[frozenset[str]]:
        found = [
            frozenset(combo)
            for k in range(least, len(table) + 1)
            for combo in itertools.combinations(table, k)
            if sum(value(t) for t in combo) == total
        ]
        if rules["fewest_cards"] and found:
            short = min(len(s) for s in found)
            found = [s for s in found if len(s) == short]
        return found

    out: set[Any] = set()
    for card in hand:
        v = value(card)
        aces = [t for t in table if value(t) == 1]
        if rules["asso_piglia_tutto"] and v == 1 and table and not aces:
            out.add((card, frozenset(table)))
            continue
        same = [frozenset([t]) for t in table if value(t) == v]
        takes = same or subsets(v, 2)
        if rules["quindici"]:
            takes = takes + subsets(15 - v, 1)
        out |= {(card, s) for s in takes} if takes else {card}
    return out


def random_rules(rng: random.Random) -> dict[str, bool]:
    return {key: rng.random() < 0.5 for key in HOUSE}


def check_house_deal(players: int, seed: int) -> None:
    """One whole deal under random house rules: legal moves as the oracle says, cards kept,
    scope as the rules count them, deal points equal to the awards listed."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    state = ScopaState(players, GAMES["scopa"].check_options(players, rules), seed)
    scope = [0] * len(state.sides)
    while state.current_player is not None:
        seat = state.current_player
        table = texts(state.table())
        hand = texts(state.hand(seat))
        moves = state.legal_moves()
        assert as_oracle(moves) == house_oracle(hand, table, rules)
        held = sum(len(state.hand(s)) for s in range(players)) + len(state.deck_cards())
        piles = sum(len(state.captured_cards(k)) for k in range(len(state.sides)))
        assert held + len(table) + piles == 40
        move = moves[rng.randrange(len(moves))]
        last = held == 1
        swept = len(move.cards) - 1 == len(table) > 0
        ace_take = (
            rules["asso_piglia_tutto"]
            and value(str(move.cards[0])) == 1
            and not any(value(t) == 1 for t in table)
        )
        if swept and not last and (rules["asso_scopa"] or not ace_take):
            scope[seat % len(state.sides)] += 1
        state.play(move)
    data = scored(state)
    piles_now = [texts(state.captured_cards(k)) for k in range(len(state.sides))]
    assert sum(len(p) for p in piles_now) + len(state.unclaimed_cards()) == 40
    assert list(data.figures.scope) == scope
    _, _, _, _, points = my_deal_points(piles_now, scope, False)
    if rules["re_bello"]:
        side = next((k for k, p in enumerate(piles_now) if "RD" in p), None)
        if side is not None:
            points[side] += 1
    if rules["napola"]:
        for k, pile in enumerate(piles_now):
            run = next(n for n in range(11) if n == 10 or COINS[n] not in pile)
            if run >= 3:
                points[k] += run
    assert list(data.figures.points) == points
    awards = [a.points for a in data.figures.house if a.side is not None]
    assert sum(data.figures.points) == sum(scope) + sum(
        1 for s in data.figures.awards.sides() if s is not None
    ) + sum(awards)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_deals_under_random_house_rules(players: int, seed: int) -> None:
    check_house_deal(players, seed)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_a_record_and_a_view_keep_the_house_rules(seed: int) -> None:
    """A saved match under house rules loads as it was, and a search seat's rebuilt position
    plays by the same rules (its legal moves, the view it shows)."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    state = ScopaState(2, GAMES["scopa"].check_options(2, rules), seed)
    for _ in range(rng.randrange(1, 30)):
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
        if state.current_player is None:
            break
    assert load_record(state.record()) == state
    seat = state.current_player
    if seat is None:
        return
    view = state.view(seat)
    assert view.rules.as_options() == rules
    hidden = {s: state.hand(s) for s in range(2) if s != seat}
    rebuilt = ScopaState.from_view(view, hidden, state.deck_cards())
    assert rebuilt.view(seat) == view and rebuilt.options == state.options
    assert rebuilt.legal_moves() == state.legal_moves()


def test_sweepers_follow_the_house_rules() -> None:
    from game.engine import ITALIAN, parse_cards
    from game.engine.scopa_house import HouseRules

    table, cards = parse_cards("5S 7B", ITALIAN), parse_cards("1C 3D", ITALIAN)
    assert sweepers(table, cards) == []
    assert texts(sweepers(table, cards, HouseRules(asso_piglia_tutto=True))) == ["1C"]
    assert texts(sweepers(table, cards, HouseRules(quindici=True))) == ["3D"]
