"""Scopone (the rules): its deals in card notation, the end of a deal, the match targets, a
house rule on a Scopone position, and properties over thousands of random deals.

Capture rules and scoring are Scopa's (tests/engine/test_scopa.py, test_scopa_house.py); what
is tested here is what Scopone changes or must keep: the dealing (10 cards each *scientifico*,
9 and 4 on the table *classico*, the kings redeal), no stock, partners opposite, the last play
that is no scopa, the leftovers, the targets 11 to 31.  Expected values come from this file's
own reading of the rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import ITALIAN, GameState, IllegalMove, RecordError, load_record, new_game
from game.engine.scopa_events import (
    Captured,
    Dealt,
    Leftovers,
    Redeal,
    ScopaScored,
    Sweep,
    TableDealt,
)
from game.engine.scopa_house import HOUSE_OPTIONS
from game.engine.scopone import ScoponeState, ScoponeView
from game.tools.scopone_soak import CHECKS
from game.tools.soak_checks import check_cards, check_hidden, check_refusal, check_replay

ALL = [str(c) for c in ITALIAN.cards]
KINGS = ["RD", "RC", "RS", "RB"]


def game(seed: int = 1, deal: dict[str, Any] | None = None, **options: Any) -> ScoponeState:
    state = new_game("scopone", 4, seed=seed, deal=deal, **options)
    assert isinstance(state, ScoponeState)
    return state


def position(
    hands: Sequence[Sequence[str]],
    table: Sequence[str],
    *,
    dealer: int = 0,
    piles: Sequence[Sequence[str]] = ((), ()),
    rest_to: int = 0,
    **more: Any,
) -> dict[str, Any]:
    """An explicit deal: every card not named lies in side ``rest_to``'s pile already."""
    named = {c for h in hands for c in h} | set(table) | {c for p in piles for c in p}
    captured = [list(p) for p in piles]
    captured[rest_to] += [c for c in ALL if c not in named]
    return {
        "hands": [list(h) for h in hands],
        "table": list(table),
        "dealer": dealer,
        "captured": captured,
        **more,
    }


def texts(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def scored(state: GameState[Any]) -> ScopaScored:
    data = state.last_scored
    assert isinstance(data, ScopaScored)
    return data


# -- the deals ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_scientifico_deals_ten_cards_each_one_at_a_time_and_none_on_the_table(seed: int) -> None:
    s = game(seed)
    v = s.view(0)
    assert isinstance(v, ScoponeView) and v.dealing == "scientifico"
    assert v.hand_sizes == (10, 10, 10, 10) and v.table == () and v.deck_count == 0
    assert s.deck_cards() == ()
    assert sorted(texts(c for p in range(4) for c in s.hand(p))) == sorted(ALL)
    dealt = [e for e in s.events if isinstance(e.data, Dealt)]
    assert len(dealt) == 1 and not any(isinstance(e.data, TableDealt) for e in s.events)
    right = (s.dealer - 1) % 4
    assert dealt[0].data.to[:5] == (right, (right - 1) % 4, (right - 2) % 4, (right - 3) % 4, right)
    assert len(dealt[0].cards) == 40
    assert s.current_player == right  # the player right of the dealer starts
    assert v.sides == ((0, 2), (1, 3))  # partners opposite


@pytest.mark.parametrize("seed", range(6))
def test_classico_deals_nine_each_and_four_on_the_table(seed: int) -> None:
    s = game(seed, dealing="classico")
    v = s.view(1)
    assert v.dealing == "classico"
    assert v.hand_sizes == (9, 9, 9, 9) and len(v.table) == 4 and v.deck_count == 0
    assert sum(c in KINGS for c in texts(v.table)) < 3
    assert sorted(texts([*v.table, *(c for p in range(4) for c in s.hand(p))])) == sorted(ALL)


def test_an_explicit_deal_is_read_as_written() -> None:
    hands = [ALL[k:40:4] for k in range(4)]
    s = game(deal={"hands": hands, "table": [], "dealer": 2})
    assert [set(texts(s.hand(p))) for p in range(4)] == [set(h) for h in hands]
    assert s.current_player == 1 and s.dealer == 2


def test_three_kings_on_a_classico_table_and_the_same_dealer_deals_again() -> None:
    table = ["RD", "RC", "RS", "5B"]
    rest = [c for c in ALL if c not in table]
    deal = {"hands": [rest[k::4] for k in range(4)], "table": table, "dealer": 3}
    s = game(5, deal, dealing="classico")
    redeal = [e for e in s.events if isinstance(e.data, Redeal)]
    assert len(redeal) == 1 and redeal[0].data.kings == 3 and redeal[0].seat == 3
    assert s.dealer == 3 and s.deal_no == 1
    v = s.view(0)
    assert v.hand_sizes == (9, 9, 9, 9) and len(v.table) == 4
    assert sum(c in KINGS for c in texts(v.table)) < 3


def test_two_kings_on_a_classico_table_stay() -> None:
    table = ["RD", "RC", "5S", "5B"]
    rest = [c for c in ALL if c not in table]
    s = game(5, {"hands": [rest[k::4] for k in range(4)], "table": table}, dealing="classico")
    assert not any(isinstance(e.data, Redeal) for e in s.events)
    assert set(texts(s.table())) == set(table) and s.view(0).hand_sizes == (9, 9, 9, 9)


@pytest.mark.parametrize(
    ("deal", "options", "message"),
    [
        ({"hands": [ALL[:11]] * 4, "table": []}, {}, "1 to 10"),
        ({"hands": [ALL[:11], ALL[11:22], ALL[22:31], ALL[31:]], "table": []}, {}, "same number"),
        ({"hands": [ALL[k::4] for k in range(4)], "table": []}, {"dealing": "classico"}, "1 to 9"),
        ({"hands": [ALL[k:36:4] for k in range(4)], "table": []}, {}, "leaves out"),
        ({"hands": [ALL[k:36:4] for k in range(4)], "table": [], "deck": ALL[36:]}, {}, "deck"),
        ({"hands": [ALL[k:40:4] for k in range(4)], "table": ["1D"]}, {}, "twice"),
    ],
)
def test_a_wrong_explicit_deal_is_refused_saying_why(
    deal: dict[str, Any], options: dict[str, Any], message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        game(deal=deal, **options)


def test_the_option_values_are_checked() -> None:
    with pytest.raises(ValueError, match="dealing"):
        game(dealing="napoletano")
    with pytest.raises(ValueError, match="target"):
        game(target=15)
    with pytest.raises(ValueError, match="4 players"):
        new_game("scopone", 2)


# -- the end of a deal -------------------------------------------------------------------------
#: dealer 0: seats 3, 2, 1, 0 play the last round.  3 sweeps the 5C (a scopa), 2 and 1 place
#: 6B and 2D, and 0's last card takes them.
LAST_ROUND = [["FB"], ["2D"], ["6B"], ["5B"]]


def test_a_sweep_counts_but_the_very_last_play_is_no_scopa() -> None:
    s = game(deal=position(LAST_ROUND, ["5C"]))
    start = len(s.events)
    for card in ("5B", "6B", "2D", "FB"):
        (move,) = [m for m in s.legal_moves() if str(m.cards[0]) == card]
        s.play(move)
    events = s.events[start:]
    sweeps = [(e.seat, e.data) for e in events if isinstance(e.data, Sweep)]
    assert sweeps == [(3, Sweep(1, 1))]
    last = [e for e in events if isinstance(e.data, Captured)][-1]
    assert last.seat == 0 and not last.data.scopa and set(texts(last.cards)) == {"6B", "2D"}
    assert scored(s).figures.scope == (0, 1)


def test_the_cards_left_on_the_table_go_to_the_last_capturer() -> None:
    s = game(deal=position([["RB"], ["2D"], ["6B"], ["5B"]], ["5C"]))
    for card in ("5B", "6B", "2D", "RB"):
        (move,) = [m for m in s.legal_moves() if str(m.cards[0]) == card]
        s.play(move)
    (left,) = [e for e in s.events if isinstance(e.data, Leftovers)]
    assert left.data.side == 1 and left.seat == 3
    assert set(texts(left.cards)) == {"6B", "2D", "RB"}
    assert set(texts(s.captured_cards(1))) == {"5B", "5C", "6B", "2D", "RB"}
    assert scored(s).figures.cards == (35, 5)


def _last_round(scores: Sequence[int], **options: Any) -> ScoponeState:
    """The last round above from ``scores``: side 0 takes cards, coins, settebello and
    primiera (4 points), side 1 one scopa; with ``rd_to_1`` the Re of coins is side 1's."""
    rd_to_1 = options.pop("rd_to_1", False)
    piles = ((), ("RD",)) if rd_to_1 else ((), ())
    s = game(deal=position(LAST_ROUND, ["5C"], piles=piles, scores=list(scores)), **options)
    for card in ("5B", "6B", "2D", "FB"):
        s.play(next(m for m in s.legal_moves() if str(m.cards[0]) == card))
    return s


@pytest.mark.parametrize(
    ("target", "before", "over"),
    [
        (11, (7, 9), True),  # 11 to 10: reached and ahead
        (16, (7, 9), False),
        (16, (12, 5), True),
        (11, (10, 13), False),  # 14 all: nobody strictly ahead, another deal
        (21, (17, 0), True),
        (31, (17, 0), False),
        (31, (27, 20), True),
        (31, (27, 30), False),  # 31 all: another deal
    ],
)
def test_the_match_target_is_reached_strictly_ahead(
    target: int, before: tuple[int, int], over: bool
) -> None:
    s = _last_round(before, target=target)
    assert scored(s).figures.points == (4, 1)
    assert s.side_scores == [before[0] + 4, before[1] + 1]
    assert s.is_over is over
    assert s.between_deals is not over
    if over:
        assert s.view(0).winners == (0, 2)


def test_re_bello_turns_a_won_match_into_another_deal() -> None:
    """Side 1 holds the Re of coins: with re bello its point ties the match at 11."""
    plain = _last_round((7, 9), rd_to_1=True)
    assert scored(plain).figures.points == (4, 1) and plain.is_over
    house = _last_round((7, 9), rd_to_1=True, re_bello=True)
    assert scored(house).figures.points == (4, 2) and house.side_scores == [11, 11]
    assert not house.is_over and house.between_deals


def test_asso_piglia_tutto_takes_the_whole_table_in_scopone() -> None:
    deal = position([["2B"], ["2S"], ["2C"], ["1B"]], ["5C", "3S"])
    plain = game(deal=deal)
    assert texts(m.text for m in plain.legal_moves()) == ["1B"]  # nothing adds up to 1
    house = game(deal=deal, asso_piglia_tutto=True)
    (take,) = house.legal_moves()
    assert set(texts(take.cards[1:])) == {"5C", "3S"}
    house.play(take)
    assert house.view(0).scope == (0, 0)  # the ace's take is no scopa without asso_scopa
    with pytest.raises(IllegalMove):
        game(deal=deal, asso_piglia_tutto=True).play("1B")


def test_the_house_rules_are_scopas_options() -> None:
    options = new_game("scopone", 4, seed=1).options
    for key, spec in HOUSE_OPTIONS.items():
        assert options[key] is spec.default is False
    assert options["dealing"] == "scientifico" and options["target"] == 11


# -- properties over random deals --------------------------------------------------------------
def _points_from_awards(data: ScopaScored) -> tuple[int, ...]:
    f = data.figures
    points = list(f.scope)
    for side in (f.awards.cards, f.awards.coins, f.awards.settebello, f.awards.primiera):
        if side is not None:
            points[side] += 1
    for award in f.house:
        if award.side is not None:
            points[award.side] += award.points
    return tuple(points)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    dealing=st.sampled_from(["scientifico", "classico"]),
    house=st.sets(st.sampled_from(sorted(HOUSE_OPTIONS))),
)
def test_random_deals_keep_every_rule(seed: int, dealing: str, house: set[str]) -> None:
    rng = random.Random(seed)
    s = game(seed, dealing=dealing, **{k: True for k in house})
    while s.deals_scored == 0:
        check_cards(s)
        legal = s.legal_moves()
        check_hidden(s, rng.randrange(4), rng)
        check_refusal(s, "9Z")
        move = rng.choice(legal)
        assert move in legal
        s.play(move)
    data = scored(s)
    assert sum(data.figures.cards) == 40 and CHECKS.total(data) is None
    assert data.figures.points == _points_from_awards(data)
    check_replay(s)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), dealing=st.sampled_from(["scientifico", "classico"]))
def test_a_view_rebuilds_to_itself_from_the_other_hands(seed: int, dealing: str) -> None:
    rng = random.Random(seed)
    s = game(seed, dealing=dealing)
    for _ in range(rng.randrange(36 if dealing == "classico" else 40)):
        s.play(rng.choice(s.legal_moves()))
    seat = s.current_player
    assert seat is not None
    v = s.view(seat)
    hidden = {p: list(s.hand(p)) for p in range(4) if p != seat}
    rebuilt = ScoponeState.from_view(v, hidden, (), seed)
    assert rebuilt.view(seat) == v
    assert rebuilt.legal_moves() == s.legal_moves()
    with pytest.raises(ValueError, match="no deck"):
        ScoponeState.from_view(v, hidden, [v.hand[0]], seed)


@settings(max_examples=2000, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), dealing=st.sampled_from(["scientifico", "classico"]))
def test_thousands_of_random_deals_deal_40_cards_and_score_awards_plus_scope(
    seed: int, dealing: str
) -> None:
    """Cheap checks over many deals: the 40 cards dealt, all taken by the sides once the deal
    ends, and every side's deal points its awards plus its scope."""
    s = game(seed, dealing=dealing)
    assert sum(len(s.hand(p)) for p in range(4)) + len(s.table()) == 40
    rng = random.Random(seed)
    while s.deals_scored == 0:
        s.play(rng.choice(s.legal_moves()))
    taken = [*s.captured_cards(0), *s.captured_cards(1)]
    assert len(set(taken)) == len(taken) == 40
    data = scored(s)
    assert data.figures.points == _points_from_awards(data)


def test_a_whole_match_replays_from_its_record() -> None:
    s = game(3, target=16, dealing="classico", napola=True)
    rng = random.Random(3)
    while not s.is_over:
        if s.between_deals:
            s.deal_next()
        else:
            s.play(rng.choice(s.legal_moves()))
    assert max(s.side_scores) >= 16 and s.deals_scored >= 2
    again = load_record(s.record())
    assert again == s and again.options["dealing"] == "classico"
