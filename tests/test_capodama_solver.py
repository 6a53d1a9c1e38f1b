"""The solitaire solver: its reachable totals are exactly what play can reach."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.capodama_solver import _position, reachable, winning_moves
from game.engine import new_game
from game.engine.capodama import CapodamaState


def open_position(seed: int, extra: int) -> CapodamaState:
    """A solitaire deal played at random past trick 8 (all cards face up), ``extra`` moves on."""
    s = new_game("capodama", players=1, seed=seed)
    assert isinstance(s, CapodamaState)
    rng = random.Random(seed)
    while s.view(0).set_aside or s.phase != "play":
        s.play(rng.choice(s.legal_moves()))
    for _ in range(extra):
        s.play(rng.choice(s.legal_moves()))
    return s


def reachable_now(s: CapodamaState) -> set[int]:
    h0, h1, leader, led, doubled, trumps, won = _position(s.view(0))
    bits = reachable(h0, h1, leader, led, doubled, trumps) << won
    return {p for p in range(151) if bits >> p & 1}


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), extra=st.integers(0, 9))
def test_random_play_ends_on_a_reachable_total(seed: int, extra: int) -> None:
    s = open_position(seed, extra)
    totals = reachable_now(s)
    rng = random.Random(seed + 1)
    while not s.is_over:
        s.play(rng.choice(s.legal_moves()))
    points = next(e for e in s.events if e.kind == "deal_scored").data.points
    assert points in totals


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6))
def test_the_solver_wins_exactly_the_winnable_deals(seed: int) -> None:
    s = open_position(seed, 0)
    window = set(range(80, 86))  # the solitaire is won with 80 to 85 points
    assert s.view(0).window == (80, 85)
    winnable = bool(reachable_now(s) & window)
    seat = make_seat("solver", "capodama")
    rng = random.Random(seed)
    while not s.is_over:
        view = s.view(s.current_player)
        legal = s.legal_moves()
        good = winning_moves(view, legal)
        assert (len(good) > 0) == bool(reachable_now(s) & window)
        move = seat.choose(view, legal, rng)
        assert move in legal
        s.play(move)
    assert s.scores == [1 if winnable else 0]
