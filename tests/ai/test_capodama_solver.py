"""The solitaire solver answers what play can really reach: checked on positions written in
card notation and against every way a late position can be played out (the engine's own)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.capodama_solver import best_move, is_open, reachable, winning_moves
from game.engine import Card, DealScored, new_game, parse_cards
from game.engine.capodama import CapodamaState
from game.engine.capodama_cards import card_points, deck_for


def open_position(seed: int, extra: int = 0) -> CapodamaState:
    """A solitaire deal played at random into its second half (all cards face up), ``extra``
    moves on."""
    s = new_game("capodama", players=1, seed=seed)
    assert isinstance(s, CapodamaState)
    rng = random.Random(seed)
    while not is_open(s):
        s.play(rng.choice(s.legal_moves()))
    for _ in range(extra):
        s.play(rng.choice(s.legal_moves()))
    return s


def written(
    capo: str, other: str, capo_points: int, *, leader: int = 0, led: str = "", doubled: str = "D"
) -> CapodamaState:
    """A second-half position written in card notation: the hands, the capo's points so far,
    who leads and the card led, if any (the other side holds the rest of the points).  The
    deck's other cards are in the tricks played before, two by two, as in a real view."""
    base = open_position(1).view(0)
    hands = {0: tuple(parse_cards(capo)), 1: tuple(parse_cards(other))}
    trick = tuple((leader, c) for c in parse_cards(led))
    left = (*hands[0], *hands[1], *(c for _, c in trick))
    out = sum(card_points(c, doubled) for c in left)
    gone = [c for c in deck_for(1) if c not in left]
    pairs = zip(gone[::2], gone[1::2], strict=True)
    view = replace(
        base,
        hands=hands,
        hand=hands[0],
        hand_sizes=(len(hands[0]), len(hands[1])),
        leader=leader,
        trick=trick,
        tricks=tuple((0, ((0, a), (1, b)), 0, 0) for a, b in pairs),
        doubled=doubled,
        points_won=(capo_points, base.total - capo_points - out),
    )
    return CapodamaState.from_view(view, {})


def final_points(s: CapodamaState) -> set[int]:
    """Every capo total some way of playing the rest ends on (the engine plays and scores)."""
    if s.is_over:
        return {next(e for e in reversed(s.events) if isinstance(e.data, DealScored)).data.points}
    totals: set[int] = set()
    for move in s.legal_moves():
        after = s.clone()
        after.play(move)
        totals |= final_points(after)
    return totals


def window_of(s: CapodamaState) -> range:
    window = s.view(0).window
    assert window is not None
    lo, hi = window
    return range(lo, hi + 1)


def names(moves: list) -> list[str]:
    return sorted(m.text for m in moves)


def lo_hi(s: CapodamaState) -> tuple[int, int]:
    w = window_of(s)
    return w.start, w.stop - 1


# -- positions in card notation ---------------------------------------------------------------
def test_the_reply_that_takes_the_ace_is_the_one_move_when_the_capo_needs_its_points() -> None:
    ace_and_king = card_points(parse_cards("AS")[0], "D") + card_points(parse_cards("KS")[0], "D")
    lo, _ = lo_hi(written("AS 8S", "9D", 0, leader=1, led="KS"))
    needs = written("AS 8S", "9D", lo - ace_and_king, leader=1, led="KS")
    view = needs.view(0)
    assert reachable(view)
    assert names(winning_moves(view, needs.legal_moves())) == ["AS"]
    assert str(best_move(view, needs.legal_moves())) == "AS"
    full = written("AS 8S", "9D", lo, leader=1, led="KS")  # already in: take nothing more
    assert names(winning_moves(full.view(0), full.legal_moves())) == ["8S"]
    assert str(best_move(full.view(0), full.legal_moves())) == "8S"


def test_equal_cards_are_told_apart_by_a_card_between_them() -> None:
    """10S and 8S are worth the same, but only the ten beats the other hand's 9S and keeps
    the lead to cash the 8S against KD (the other hand then has no spade left)."""
    king = card_points(parse_cards("KD")[0], "C")
    lo, _ = lo_hi(written("10S 8S", "9S KD", 0, doubled="C"))
    s = written("10S 8S", "9S KD", lo - king, doubled="C")
    assert reachable(s)
    assert names(winning_moves(s.view(0), s.legal_moves())) == ["10S"]
    assert final_points(s) == {lo - king, lo}


def test_the_queen_of_hearts_is_a_trump_and_beats_the_jack() -> None:
    jack_and_queen = card_points(parse_cards("JH")[0], "D") + card_points(parse_cards("QH")[0], "D")
    lo, _ = lo_hi(written("QH 8H", "9S", 0, leader=1, led="JH"))
    s = written("QH 8H", "9S", lo - jack_and_queen, leader=1, led="JH")
    assert names(winning_moves(s.view(0), s.legal_moves())) == ["QH"]


def test_a_deal_is_lost_when_every_order_brings_the_ace_to_the_capo() -> None:
    ace_trick = card_points(parse_cards("AS")[0], "D") + card_points(parse_cards("KS")[0], "D")
    _, hi = lo_hi(written("AS 8D", "KS 9D", 0))
    lost = written("AS 8D", "KS 9D", hi - ace_trick + 1)
    assert not reachable(lost)
    assert best_move(lost.view(0), lost.legal_moves()) is None
    assert winning_moves(lost.view(0), lost.legal_moves()) == []
    assert final_points(lost) == {hi + 1}  # the engine agrees: one total, just past the window
    won = written("AS 8D", "KS 9D", hi - ace_trick)
    assert reachable(won) and names(winning_moves(won.view(0), won.legal_moves())) == [
        "8D",
        "AS",
    ]


def test_the_doubled_suit_counts_twice() -> None:
    king: Card = parse_cards("KD")[0]
    plain, doubled = card_points(king, "C"), card_points(king, "D")
    assert doubled == 2 * plain
    lo, _ = lo_hi(written("KD", "8D", 0))
    assert reachable(written("KD", "8D", lo - doubled, doubled="D"))
    assert not reachable(written("KD", "8D", lo - doubled, doubled="C"))


def test_the_solver_refuses_a_position_with_cards_still_hidden() -> None:
    s = new_game("capodama", players=1, seed=3)
    assert isinstance(s, CapodamaState)
    assert not is_open(s)
    with pytest.raises(ValueError, match="face up"):
        reachable(s)


# -- against every way of playing out ---------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), extra=st.integers(8, 11))
def test_late_positions_agree_with_playing_out_every_line(seed: int, extra: int) -> None:
    """Four tricks or fewer left: the engine plays every line; the solver must agree on the
    verdict and on every move."""
    s = open_position(seed, extra)
    window = window_of(s)
    view = s.view(0)
    assert reachable(view) == any(p in window for p in final_points(s))
    good = names(winning_moves(view, s.legal_moves()))
    expected = []
    for move in s.legal_moves():
        after = s.clone()
        after.play(move)
        if any(p in window for p in final_points(after)):
            expected.append(move.text)
    assert good == sorted(expected)
    best = best_move(view, s.legal_moves())
    assert (best is None) == (not expected) and (best is None or best.text in expected)


# -- the live verdict and the seat ------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_verdict_is_lost_by_exactly_the_moves_outside_the_winning_ones(seed: int) -> None:
    """Issue 13's verdict: after each move the window is reachable iff the move was one of
    the winning moves, and once lost it stays lost."""
    s = open_position(seed)
    rng = random.Random(seed)
    was = reachable(s)
    while not s.is_over:
        good = winning_moves(s.view(0), s.legal_moves())
        assert bool(good) == was
        move = rng.choice(s.legal_moves())
        s.play(move)
        now = s.scores == [1] if s.is_over else reachable(s)
        assert now == (move in good)
        was = now


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_solver_seat_wins_exactly_the_winnable_deals(seed: int) -> None:
    s = open_position(seed)
    winnable = reachable(s)
    seat = make_seat("solver", "capodama")
    rng = random.Random(seed)
    while not s.is_over:
        view = s.view(s.current_player or 0)
        legal = s.legal_moves()
        move = seat.choose(view, legal, rng)
        assert move in legal
        s.play(move)
        if winnable and not s.is_over:
            assert reachable(s)  # the seat never lets a won deal go
    assert s.scores == [1 if winnable else 0]
