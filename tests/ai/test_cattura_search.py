"""The Cattura search seat: from_view rebuilds positions, worlds fit the view, moves are legal,
and the seat decides from its view alone."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.cattura_search import SAMPLER, CatturaSearchSeat, hidden_cards
from game.ai.search import DealResult
from game.ai.search_worlds import PILE, WorldSampler, place_hidden
from game.engine import Card, DealScored, SeatResult, new_game, parse_card
from game.engine.cattura import CatturaState, CatturaView
from game.engine.cattura_cards import CARDS, card

PLAYERS = (2, 3, 4)


def new_cattura(**kwargs: Any) -> CatturaState:
    s = new_game("cattura", **kwargs)
    assert isinstance(s, CatturaState)
    return s


def position(players: int, seed: int) -> CatturaState:
    """A random position of the match (the final round included), someone to play."""
    s = new_cattura(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 25)):
        s.play(rng.choice(s.legal_moves()))
        if s.current_player is None:
            return position(players, seed + 1)
    return s


def sample_world(view: CatturaView, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
    places = place_hidden(hidden_cards(view), rng)
    return places, places.pop(PILE)


def truth(s: CatturaState, seat: int) -> tuple[dict[int, list[Card]], list[Card]]:
    return {o: list(s.hand(o)) for o in range(s.players) if o != seat}, list(s.deck_cards())


@settings(max_examples=150)
@given(players=st.sampled_from(PLAYERS), seed=st.integers(0, 10**6), pick=st.integers(0, 3))
def test_from_view_with_the_true_cards_gives_back_the_view(
    players: int, seed: int, pick: int
) -> None:
    s = position(players, seed)
    seat = pick % players
    view = s.view(seat)
    hidden, deck = truth(s, seat)
    world = CatturaState.from_view(view, hidden, deck, seed=seed)
    assert world.view(seat) == view
    real = s.clone()
    assert isinstance(real, CatturaState)
    rng = random.Random(seed)
    while real.current_player is not None:  # it plays on exactly like the real match
        moves = real.legal_moves()
        assert world.legal_moves() == moves
        move = rng.choice(moves)
        real.play(move)
        world.play(move.text)
        assert world.view(seat) == real.view(seat)
    assert world.winners == real.winners


@settings(max_examples=150)
@given(players=st.sampled_from(PLAYERS), seed=st.integers(0, 10**6))
def test_sampled_worlds_fit_what_the_seat_knows(players: int, seed: int) -> None:
    s = position(players, seed)
    me = s.current_player
    assert me is not None
    view = s.view(me)
    hidden, deck = sample_world(view, random.Random(seed))
    assert sorted(hidden) == [o for o in range(players) if o != me]
    for o, cards in hidden.items():
        assert len(cards) == view.hand_sizes[o]
    assert len(deck) == view.deck_count
    shown = [*view.hand, *view.battlefield, *(c for p in view.captured for c in p)]
    guessed = [c for cards in hidden.values() for c in cards] + deck
    assert sorted([*shown, *guessed]) == sorted(card(i) for i in CARDS)
    assert CatturaState.from_view(view, hidden, deck).view(me) == view


def test_bad_guesses_are_refused() -> None:
    s = new_cattura(players=2, seed=5)
    me = s.current_player
    assert me is not None
    other = 1 - me
    view = s.view(me)
    hidden, deck = truth(s, me)
    with pytest.raises(ValueError, match="cards"):  # wrong size
        CatturaState.from_view(view, {other: hidden[other][1:]}, deck)
    with pytest.raises(ValueError, match="face-down pile"):
        CatturaState.from_view(view, hidden, deck[1:])
    with pytest.raises(ValueError, match="twice"):
        CatturaState.from_view(view, {other: [deck[0], *hidden[other][1:]]}, deck)
    with pytest.raises(ValueError, match="shows"):
        CatturaState.from_view(view, {other: [view.top, *hidden[other][1:]]}, deck)
    with pytest.raises(ValueError, match="shows"):
        CatturaState.from_view(view, {other: [view.hand[0], *hidden[other][1:]]}, deck)
    with pytest.raises(ValueError, match="seats"):
        CatturaState.from_view(view, {**hidden, me: list(view.hand)}, deck)
    with pytest.raises(ValueError, match="not a card of this game"):
        CatturaState.from_view(
            view, {other: [parse_card("KH", "french"), *hidden[other][1:]]}, deck
        )
    over = new_game("cattura", players=2, seed=3)
    while over.current_player is not None:
        over.play(over.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        CatturaState.from_view(over.view(0), {1: []}, [])


def test_search_seat_plays_legal_moves_for_every_player_count() -> None:
    seat = CatturaSearchSeat(samples=2)
    assert isinstance(make_seat("search", "cattura"), CatturaSearchSeat)
    rng = random.Random(1)
    for players in PLAYERS:
        for seed in range(3):
            s = new_game("cattura", players=players, seed=seed)
            while s.current_player is not None:
                legal = s.legal_moves()
                move = seat.choose(s.view(s.current_player), legal, rng)
                assert move in legal
                s.play(move)


def test_the_seat_reads_only_its_view() -> None:
    """Two tables that look alike from the seat get the same decision from the same random
    stream: nothing but the view reaches the choice."""
    seat = CatturaSearchSeat(samples=4, seconds=60.0)
    for seed in range(6):
        s = position(2 + seed % 3, seed)
        me = s.current_player
        assert me is not None
        view = s.view(me)
        twin = CatturaState.from_view(view, *sample_world(view, random.Random(seed + 99)))
        assert twin.view(me) == view
        a = seat.choose(s.view(me), s.legal_moves(), random.Random(seed))
        b = seat.choose(twin.view(me), twin.legal_moves(), random.Random(seed))
        assert a == b


def test_every_candidate_is_tried_in_the_same_worlds() -> None:
    """The search samples ``samples`` worlds and plays every legal move in each of them."""

    class Counting(CatturaSearchSeat):
        def __init__(self) -> None:
            super().__init__(samples=5, seconds=60.0)
            self.worlds: list[CatturaState] = []
            self.tried: list[tuple[int, list[tuple[Card, ...]]]] = []
            self.sampler = WorldSampler(hidden_cards, self.rebuild)

        def rebuild(
            self, view: CatturaView, hands: dict[int, list[Card]], deck: list[Card], seed: int
        ) -> CatturaState:
            self.worlds.append(SAMPLER.rebuild(view, hands, deck, seed))
            return self.worlds[-1]

        def rollout(
            self, state: CatturaState, mark: int, view: CatturaView, rng: random.Random
        ) -> float:
            hands = [state.hand(o) for o in range(view.players) if o != view.seat]
            self.tried.append((len(self.worlds), hands))
            return super().rollout(state, mark, view, rng)

    s = position(3, 11)
    view = s.view(s.current_player or 0)
    legal = s.legal_moves()
    seat = Counting()
    seat.search(view, legal, random.Random(3))
    assert len(seat.worlds) == seat.last_worlds == 5
    assert len({tuple(w.hand(o) for o in range(3)) for w in seat.worlds}) > 1  # fresh guesses
    for k, world in enumerate(seat.worlds, start=1):
        trials = [hands for w, hands in seat.tried if w == k]
        assert len(trials) == len(legal)
        others = [world.hand(o) for o in range(3) if o != view.seat]
        assert all(hands == others for hands in trials)  # the other players' cards are the world's


def test_the_default_evaluation_is_the_deal_won_then_the_seats_points() -> None:
    """Cattura judges rollouts with the core's default: a win (a tie is a shared win) first,
    then the seat's score, read from the payload's per-seat results."""
    s = position(3, 4)
    seat = CatturaSearchSeat()
    scored = DealScored(
        1, (SeatResult(True, 30, 30), SeatResult(True, 30, 30), SeatResult(False, 45, 45)), ()
    )
    assert seat.evaluate(scored, s, s.view(0)) == pytest.approx(1.30)
    assert seat.evaluate(scored, s, s.view(2)) == pytest.approx(0.45)
    assert DealResult(0.01)(None, s, s.view(0)) == 0.0  # a rollout cut short tells nothing
