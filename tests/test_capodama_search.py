"""The Capodama search seat: its guessed worlds agree with the view, and it plays legally."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.capodama_search import CapodamaSearchSeat, _voids, sample_world
from game.engine import new_game
from game.engine.capodama import CapodamaState, deck_for


def position(players: int, seed: int) -> CapodamaState:
    s: CapodamaState = new_game("capodama", players=players, seed=seed)  # type: ignore[assignment]
    rng = random.Random(seed)
    tricks = seed % (16 if players <= 2 else 8)
    while s.phase != "play" or len(s.view(0).tricks) < tricks:
        s.play(rng.choice(s.legal_moves()))
    return s


@settings(max_examples=120)
@given(players=st.sampled_from([1, 2, 3, 4, 5, 6]), seed=st.integers(0, 10**6))
def test_sampled_worlds_fit_what_the_seat_knows(players: int, seed: int) -> None:
    s = position(players, seed)
    me = s.current_player
    view = s.view(me)
    hidden, aside = sample_world(view, random.Random(seed))
    assert set(hidden) == {o for o in range(s.seats) if o not in view.hands}
    for seat, cards in hidden.items():
        assert len(cards) == view.hand_sizes[seat]
    assert len(aside) == view.set_aside
    shown = {c for h in view.hands.values() for c in h}
    played = {c for _, t, _, _ in view.tricks for _, c in t} | {c for _, c in view.trick}
    guessed = [c for cards in hidden.values() for c in cards] + aside
    assert sorted([*guessed, *shown, *played]) == sorted(deck_for(players))
    voids = _voids(view)
    for seat, cards in hidden.items():
        # the true hand fits the voids, so a fitting guess exists and must have been found
        assert not any(c.suit in voids[seat] for c in cards)
        assert not any(c.suit in voids[seat] for c in s.hand(seat))
    world = CapodamaState.from_view(view, hidden, aside)
    assert world.view(me) == view


def test_a_passed_card_is_placed_with_its_receiver() -> None:
    s: CapodamaState = new_game("capodama", players=4, seed=4)  # type: ignore[assignment]
    rng = random.Random(4)
    while s.phase != "play":
        s.play(rng.choice(s.legal_moves()))
    view = s.view(1)
    for k in range(20):
        hidden, _ = sample_world(view, random.Random(k))
        assert view.passed[0] in hidden[2]


def test_search_seat_plays_legal_moves_in_every_variant() -> None:
    seat = CapodamaSearchSeat(samples=3)
    assert isinstance(make_seat("search", "capodama"), CapodamaSearchSeat)
    rng = random.Random(1)
    for players in (1, 2, 3, 4, 5, 6):
        s = new_game("capodama", players=players, seed=players)
        for _ in range(12):
            legal = s.legal_moves()
            move = seat.choose(s.view(s.current_player), legal, rng)
            assert move in legal
            s.play(move)
