"""Briscola (the rules): positions in card notation, bad input, and properties over random deals.

Expected values come from this file's own tables written from the rules (the order
1 3 R C F 7 6 5 4 2, the card points), never from the engine's tables.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import ITALIAN, IllegalMove, RecordError, load_record, new_game
from game.engine.base import Event, MatchOver
from game.engine.briscola import BriscolaState
from game.engine.briscola_events import BriscolaScored, Dealt, Drew, TrickWon
from game.tools.soak_checks import check_cards, check_hidden, check_refusal, check_replay

ORDER_HIGH_TO_LOW = ["1", "3", "R", "C", "F", "7", "6", "5", "4", "2"]
POINTS_BY_RANK = {"1": 11, "3": 10, "R": 4, "C": 3, "F": 2}
ALL = [str(c) for c in ITALIAN.cards]


def worth(cards: Any) -> int:
    return sum(POINTS_BY_RANK.get(str(c)[:-1], 0) for c in cards)


def game(players: int = 2, seed: int = 1, **deal: Any) -> BriscolaState:
    state = new_game("briscola", players, seed=seed, deal=deal or None)
    assert isinstance(state, BriscolaState)
    return state


def play(state: BriscolaState, *cards: str) -> list[Event]:
    start = len(state.events)
    for c in cards:
        state.play(c)
    return state.events[start:]


def tricks(events: list[Event]) -> list[tuple[int | None, TrickWon]]:
    return [(e.seat, e.data) for e in events if isinstance(e.data, TrickWon)]


# -- the deck and the deal ---------------------------------------------------------------------
def test_the_table_of_points_adds_up_to_120_and_the_order_is_the_rules() -> None:
    assert worth(ALL) == 120
    s = game(2, hands=[["1D", "4D", "5D"], ["3D", "RD", "2D"]], trump="7S", dealer=1)
    # seat 0 (right of dealer 1) leads: ace over 3 in the led suit
    assert tricks(play(s, "4D", "2D"))[0][0] == 0


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("3D", "1D", 1),  # the ace is the highest of a suit
        ("2D", "4D", 1),  # the 2 the lowest
        ("RD", "CD", 0),  # Re over Cavallo
        ("FD", "7D", 0),  # Fante over 7
        ("1D", "2S", 1),  # the lowest trump beats the highest card of the suit led
        ("4S", "1D", 0),  # a trump led beats any other suit
        ("5C", "1D", 0),  # an off-suit card loses, the ace as much as any
        ("4S", "5S", 1),  # trumps between them by rank
    ],
)
def test_who_takes_the_trick(lead: str, follow: str, winner: int) -> None:
    rest = {lead, follow}
    hand0 = [lead, *[c for c in ("6B", "7B") if c not in rest]]
    hand1 = [follow, *[c for c in ("6C", "7C") if c not in rest]]
    s = game(2, hands=[hand0, hand1], trump="RS", dealer=1)
    (seat, won), *_ = tricks(play(s, lead, follow))
    assert seat == winner
    assert won.points == worth([lead, follow])


def test_no_obligation_to_follow_suit() -> None:
    s = game(2, hands=[["1D", "4D", "5D"], ["3D", "4C", "5B"]], trump="7S", dealer=1)
    s.play("4D")
    assert {m.text for m in s.legal_moves()} == {"3D", "4C", "5B"}


def test_the_winner_draws_first_and_the_trump_card_is_drawn_last() -> None:
    stock = [c for c in ALL if c not in ("1D", "4D", "5D", "3D", "4C", "5B", "7S")]
    s = game(2, hands=[["1D", "4D", "5D"], ["3D", "4C", "5B"]], trump="7S", dealer=1, stock=stock)
    events = play(s, "5D", "3D")  # seat 1 wins with the 3
    drew = next(e for e in events if isinstance(e.data, Drew))
    assert drew.data.to == (1, 0) and [str(c) for c in drew.cards] == stock[:2]
    assert s.current_player == 1  # the winner leads
    while len(s.stock) > 2:
        s.play(s.legal_moves()[0])
        s.play(s.legal_moves()[0])
    assert [str(c) for c in s.stock] == [stock[-1], "7S"]
    winner = s.current_player
    start = len(s.events)
    s.play(s.legal_moves()[0])
    s.play(s.legal_moves()[0])
    events = s.events[start:]
    drew = next(e for e in events if isinstance(e.data, Drew))
    assert str(drew.cards[-1]) == "7S" and drew.data.left == 0
    loser = drew.data.to[1]
    assert "7S" in map(str, s.hand(loser)) and s.view(loser).trump_to == loser
    assert winner is not None


def test_a_drawn_card_is_seen_by_its_drawer_only_but_the_turned_trump_by_everyone() -> None:
    s = game(2, seed=3)
    for _ in range(200):
        if len(s.stock) == 2:
            break
        s.play(s.legal_moves()[0])
    s.play(s.legal_moves()[0])
    s.play(s.legal_moves()[0])
    drew = next(e for e in reversed(s.events) if isinstance(e.data, Drew))
    winner, other = drew.data.to  # the winner draws the last face-down card, the other the trump
    assert drew.cards[1] == s.trump
    assert drew.for_seat(winner).cards == (drew.cards[0], drew.cards[1])
    assert drew.for_seat(other).cards == (None, drew.cards[1])
    assert drew.for_seat(None).cards == (None, drew.cards[1])  # a spectator sees the trump too


def test_three_players_set_the_2_of_coins_aside() -> None:
    s = game(3, seed=4)
    dealt = [c for seat in range(3) for c in s.hand(seat)] + list(s.stock)
    assert len(dealt) == 39 and "2D" not in map(str, dealt)
    assert s.view(0).set_aside is not None and str(s.view(0).set_aside) == "2D"
    with pytest.raises(IllegalMove) as refused:
        s.play("2D")
    assert refused.value.code == "card_removed"
    with pytest.raises(RecordError, match="2D"):
        game(3, hands=[["2D", "4D", "5D"], ["3D", "4C", "5B"], ["1B", "RB", "CB"]], trump="7S")


def test_a_card_not_held_is_refused_and_changes_nothing() -> None:
    s = game(2, hands=[["1D", "4D", "5D"], ["3D", "4C", "5B"]], trump="7S", dealer=1)
    before = s.clone()
    with pytest.raises(IllegalMove) as refused:
        s.play("3D")
    assert refused.value.code == "not_in_hand" and str(refused.value.parts["card"]) == "3D"
    assert s == before


def test_four_players_pool_points_by_sides_opposite() -> None:
    hands = [["1D", "4B", "5B"], ["3D", "4C", "5C"], ["RD", "6B", "7B"], ["2D", "6C", "7C"]]
    s = game(4, hands=hands, trump="7S", dealer=1)  # seat 0 leads, then 3, 2, 1
    (seat, won), *_ = tricks(play(s, "1D", "2D", "RD", "3D"))
    assert seat == 0 and won.side == 0 and won.points == 11 + 4 + 10
    assert s.view(2).points == (25, 0)


# -- the deal's result -------------------------------------------------------------------------
def _play_out(s: BriscolaState, rng: random.Random) -> BriscolaScored:
    while not s.between_deals and not s.is_over:
        s.play(rng.choice(s.legal_moves()))
    data = s.last_scored
    assert isinstance(data, BriscolaScored)
    return data


def _scored_with(players: int, points: tuple[int, ...]) -> BriscolaScored:
    """A deal of ``players`` whose card points end as ``points`` per side (seeds searched)."""
    for seed in range(20000):
        s = game(players, seed=seed)
        data = _play_out(s, random.Random(seed))
        if data.points == points:
            return data
    raise AssertionError(f"no deal ends {points}")


def test_60_each_is_a_draw_and_nobody_wins_the_deal() -> None:
    data = _scored_with(2, (60, 60))
    assert data.winner_side is None and not any(r.won for r in data.results)
    assert data.deals_won == (0, 0)


def test_61_wins_the_deal() -> None:
    for seed in range(2000):
        data = _play_out(game(2, seed=seed), random.Random(seed))
        if 61 in data.points:
            k = data.points.index(61)
            assert data.winner_side == k and data.results[k].won and data.results[k].awards == 1
            assert not data.results[1 - k].won
            return
    raise AssertionError("no deal ended 61-59")


def test_three_players_tie_at_the_top_wins_nobody_but_a_unique_best_wins() -> None:
    for seed in range(3000):
        data = _play_out(game(3, seed=seed), random.Random(seed))
        top = max(data.points)
        if data.points.count(top) == 2:
            assert data.winner_side is None and not any(r.won for r in data.results)
            break
    else:
        raise AssertionError("no 3-player deal tied at the top")
    data = _play_out(game(3, seed=1), random.Random(1))
    best = max(range(3), key=lambda k: data.points[k])
    if data.points.count(data.points[best]) == 1:
        assert data.winner_side == best


def test_the_match_goes_to_the_first_to_the_deals_chosen() -> None:
    s = new_game("briscola", 2, seed=9, deals_to_win=1)
    assert isinstance(s, BriscolaState)
    rng = random.Random(9)
    while not s.is_over:
        if s.between_deals:
            assert s.last_scored is not None and s.last_scored.winner_side is None  # a draw
            s.deal_next()
            continue
        s.play(rng.choice(s.legal_moves()))
    over = s.events[-1].data
    assert isinstance(over, MatchOver) and len(over.winners) == 1
    assert max(s.deals_won) == 1
    with pytest.raises(RecordError, match="already over"):
        game(2, hands=[["1D", "4D", "5D"], ["3D", "4C", "5B"]], trump="7S", deals_won=[2, 0])


# -- properties over random deals --------------------------------------------------------------
def _hidden_in_events(s: BriscolaState, seat: int) -> None:
    """No card seen by ``seat`` in the events is one it could not see."""
    for e in s.events_for(seat):
        if isinstance(e.data, Dealt | Drew) and e.seen_by is not None:
            for c, who in zip(e.cards, e.seen_by, strict=True):
                assert c is None or seat in who


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.sampled_from([2, 3, 4]))
def test_random_matches_keep_every_rule(seed: int, players: int) -> None:
    rng = random.Random(seed)
    s = new_game("briscola", players, seed=seed)
    assert isinstance(s, BriscolaState)
    deals = 0
    while not s.is_over:
        if s.between_deals:
            s.deal_next()
            continue
        dealt = Counter(
            [*(c for p in range(players) for c in s.hand(p)), *s.stock, *s.won_cards(0)]
        )
        if not s.view(0).tricks and not s.view(0).trick:
            assert sum(dealt.values()) == (39 if players == 3 else 40)
        check_cards(s)
        seat = s.current_player
        assert seat is not None
        view = s.view(seat)
        legal = s.legal_moves()
        assert {m.cards[0] for m in legal} == set(view.hand)  # any card may be played
        check_hidden(s, rng.randrange(players), rng)
        check_refusal(s, "9Z")
        s.play(rng.choice(legal))
        if s.deals_scored > deals:
            deals = s.deals_scored
            data = s.last_scored
            assert isinstance(data, BriscolaScored) and sum(data.points) == 120
    for seat in range(players):
        _hidden_in_events(s, seat)
    check_replay(s)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.sampled_from([2, 3, 4]))
def test_a_view_rebuilds_to_itself(seed: int, players: int) -> None:
    rng = random.Random(seed)
    s = game(players, seed=seed)
    for _ in range(rng.randrange(3 * 13)):
        if s.between_deals or s.is_over:
            break
        s.play(rng.choice(s.legal_moves()))
    if s.between_deals or s.is_over:
        return
    v = s.view(s.current_player or 0)
    hidden = {p: list(s.hand(p)) for p in range(players) if p != v.seat}
    pile = list(s.stock[: v.face_down])
    assert BriscolaState.from_view(v, hidden, pile, seed).view(v.seat) == v
    if v.trump_to is not None and v.trump_to != v.seat and v.trump in hidden[v.trump_to]:
        other = next(p for p in hidden if p != v.trump_to) if players > 2 else None
        if other is not None and hidden[other]:
            a, b = hidden[v.trump_to], hidden[other]
            i = a.index(v.trump)
            a[i], b[0] = b[0], a[i]
            with pytest.raises(ValueError, match="drew"):
                BriscolaState.from_view(v, hidden, pile, seed)


def test_thousands_of_random_deals_conserve_cards_and_points() -> None:
    """Cheap checks over many deals of each player count: 40 (or 39) cards, 120 points."""
    for players in (2, 3, 4):
        for seed in range(700):
            s = game(players, seed=seed)
            assert len(set(c for p in range(players) for c in s.hand(p)) | set(s.stock)) == (
                39 if players == 3 else 40
            )
            data = _play_out(s, random.Random(seed))
            assert sum(data.points) == 120
            taken = [c for p in range(players) for c in s.won_cards(p)]
            assert len(taken) == len(set(taken)) == (39 if players == 3 else 40)
            assert worth(taken) == 120


def test_records_replay() -> None:
    s = game(3, seed=2)
    _play_out(s, random.Random(2))
    assert load_record(s.record()) == s
