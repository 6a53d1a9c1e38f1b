"""The Tressette search seat: from_view rebuilds positions, worlds fit the view (voids, declared
cards), moves are legal, and the seat decides from its view alone."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.search_worlds import deal_constrained, place_hidden
from game.ai.tressette_search import TressetteSearchSeat, hidden_cards
from game.engine import ITALIAN, Card, DealScored, new_game, parse_card
from game.engine.tressette import TressetteState, TressetteView
from game.engine.tressette_tables import deck_indices


def new_tressette(**kwargs: Any) -> TressetteState:
    s = new_game("tressette", **kwargs)
    assert isinstance(s, TressetteState)
    return s


def position(players: int, seed: int) -> TressetteState:
    """A random position of some deal; declarations are made half the time they are allowed."""
    s = new_tressette(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 90)):
        moves = s.legal_moves()
        declare = [m for m in moves if m.kind == "declare"]
        s.play(declare[0] if declare and rng.random() < 0.5 else rng.choice(moves))
        if s.current_player is None:
            return position(players, seed + 1)
    return s


def sample_world(view: TressetteView, rng: random.Random) -> dict[int, list[Card]]:
    return place_hidden(hidden_cards(view), rng)


def truth(s: TressetteState, seat: int) -> dict[int, list[Card]]:
    return {o: list(s.hand(o)) for o in range(s.players) if o != seat}


@settings(max_examples=150)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10**6), pick=st.integers(0, 3))
def test_from_view_with_the_true_hands_gives_back_the_view(
    players: int, seed: int, pick: int
) -> None:
    s = position(players, seed)
    seat = pick % players
    view = s.view(seat)
    world = TressetteState.from_view(view, truth(s, seat), seed=seed)
    assert world.view(seat) == view
    real = s.clone()
    rng = random.Random(seed)
    while True:  # it plays on exactly like the real state to the end of the deal
        moves = real.legal_moves()
        assert world.legal_moves() == moves
        move = rng.choice(moves)
        mark = len(real.events)
        real.play(move)
        world.play(move.text)
        scored = [e.data for e in real.events[mark:] if isinstance(e.data, DealScored)]
        if scored:
            assert next(e.data for e in world.events if isinstance(e.data, DealScored)) == scored[0]
            break
        assert world.view(seat) == real.view(seat)


@settings(max_examples=150)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10**6))
def test_sampled_worlds_fit_what_the_seat_knows(players: int, seed: int) -> None:
    s = position(players, seed)
    me = s.current_player
    assert me is not None
    view = s.view(me)
    hidden = sample_world(view, random.Random(seed))
    assert sorted(hidden) == [o for o in range(players) if o != me]
    played = [c for _, t, _, _ in view.tricks for _, c in t] + [c for _, c in view.trick]
    guessed = [c for cards in hidden.values() for c in cards]
    deck = [ITALIAN.by_index(i) for i in deck_indices(players)]
    assert sorted([*view.hand, *played, *guessed]) == sorted(deck)
    voids = view.voids()
    for o, cards in hidden.items():
        assert len(cards) == view.hand_sizes[o]
        assert set(view.shown[o]) <= set(cards)  # declared and not played: still in hand
        # the true hand fits the voids, so a fitting guess exists and must have been found
        assert not any(c.suit_index in voids[o] for c in s.hand(o))
        assert not any(c.suit_index in voids[o] for c in cards)
    assert TressetteState.from_view(view, hidden).view(me) == view


def test_voids_come_from_failing_to_follow() -> None:
    s = new_tressette(
        players=4,
        deal={
            "dealer": 0,
            "hands": [
                "1D 2D 3D 4D 5D 6D 7D FD CD RD",
                "1C 2C 3C 4C 5C 6C 7C FC CC RC",
                "1S 2S 3S 4S 5S 6S 7S FS CS RS",
                "1B 2B 3B 4B 5B 6B 7B FB CB RB",
            ],
        },
    )
    for text in ("buongioco", "4B", "buongioco", "4S", "buongioco", "4C"):
        s.play(text)
    view = s.view(0)
    # seat 3 led batons; seats 2 and 1 could not follow
    assert view.voids() == (frozenset(), frozenset({3}), frozenset({3}), frozenset())
    assert view.shown[1] == tuple(parse_card(t, "italian") for t in ("3C", "2C", "1C"))


def test_bad_guesses_are_refused() -> None:
    s = new_tressette(
        players=4,
        deal={
            "dealer": 0,
            "hands": [
                "1D 2D 3D 4D 5D 6D 7D FD CD RD",
                "1C 2C 3C 4C 5C 6C 7C FC CC RC",
                "1S 2S 3S 4S 5S 6S 7S FS CS RS",
                "1B 2B 3B 4B 5B 6B 7B FB CB RB",
            ],
        },
    )
    for text in ("buongioco", "4B", "buongioco", "4S"):
        s.play(text)
    view = s.view(1)  # seat 1 is to play; seats 2 and 3 showed void in batons
    hidden = truth(s, 1)
    assert TressetteState.from_view(view, hidden).view(1) == view

    def card(t: str) -> Card:
        return parse_card(t, "italian")

    with pytest.raises(ValueError, match="cards"):  # wrong size
        TressetteState.from_view(view, {**hidden, 0: hidden[0][1:]})
    with pytest.raises(ValueError, match="twice"):
        TressetteState.from_view(view, {**hidden, 0: [hidden[2][0], *hidden[0][1:]]})
    with pytest.raises(ValueError, match="shows"):
        TressetteState.from_view(view, {**hidden, 0: [card("4B"), *hidden[0][1:]]})
    with pytest.raises(ValueError, match="seats"):
        TressetteState.from_view(view, {0: hidden[0], 2: hidden[2]})
    # a baton for seat 2 (void in batons), swapped with a sword of seat 3's
    h2 = [card("5B"), *(c for c in hidden[2] if c != card("5S"))]
    h3 = [card("5S"), *(c for c in hidden[3] if c != card("5B"))]
    with pytest.raises(ValueError, match="follow"):
        TressetteState.from_view(view, {0: hidden[0], 2: h2, 3: h3})
    # seat 2 declared the Napoli of swords: its 1S, not yet played, cannot be elsewhere
    h0 = [card("1S"), *(c for c in hidden[0] if c != card("5D"))]
    h2 = [card("5D"), *(c for c in hidden[2] if c != card("1S"))]
    with pytest.raises(ValueError, match="declared"):
        TressetteState.from_view(view, {0: h0, 2: h2, 3: hidden[3]})
    with pytest.raises(ValueError, match="not a card of this game"):
        TressetteState.from_view(view, {**hidden, 0: [parse_card("AH", "french"), *hidden[0][1:]]})


@settings(max_examples=200)
@given(seed=st.integers(0, 10**6), seats=st.integers(1, 4), cards=st.integers(0, 30))
def test_deal_constrained_always_finds_a_placement_when_one_exists(
    seed: int, seats: int, cards: int
) -> None:
    """Constraints read off a true placement (each seat refuses some suits it lacks) never
    make the placement fail, and every placement it returns honours them."""
    rng = random.Random(seed)
    pool = list(ITALIAN.cards[:cards])
    owner = {c: rng.randrange(seats) for c in pool}
    room = {s: sum(1 for c in pool if owner[c] == s) for s in range(seats)}
    held = {s: {c.suit_index for c in pool if owner[c] == s} for s in range(seats)}
    refused = {s: {u for u in range(4) if u not in held[s] and rng.random() < 0.7} for s in held}

    def allowed(c: Card) -> list[int]:
        return [s for s in range(seats) if c.suit_index not in refused[s]]

    hands = deal_constrained(pool, room, allowed, rng)
    assert {s: len(h) for s, h in hands.items()} == room
    assert sorted(c for h in hands.values() for c in h) == sorted(pool)
    for s, h in hands.items():
        assert all(c.suit_index not in refused[s] for c in h)


def test_deal_constrained_refuses_the_impossible() -> None:
    pool = list(ITALIAN.cards[:3])
    with pytest.raises(ValueError):
        deal_constrained(pool, {0: 2, 1: 2}, lambda c: [0, 1], random.Random(1))
    with pytest.raises(ValueError):
        deal_constrained(pool, {0: 1, 1: 2}, lambda c: [0], random.Random(1))


def test_search_seat_plays_legal_moves_and_searches_whether_to_declare() -> None:
    seat = TressetteSearchSeat(samples=2)
    searched = 0
    assert isinstance(make_seat("search", "tressette"), TressetteSearchSeat)
    rng = random.Random(1)
    for players in (3, 4):
        for seed in range(3):
            s = new_game("tressette", players=players, seed=seed)
            for _ in range(3 * players + 2):
                p = s.current_player
                assert p is not None
                legal = s.legal_moves()
                move = seat.choose(s.view(p), legal, rng)
                assert move in legal
                if any(m.kind == "declare" for m in legal):
                    searched += 1
                    assert seat.last_worlds == 2  # searched, not handed to the rule seat
                seat.last_worlds = 0
                s.play(move)
    assert searched


def test_the_seat_reads_only_its_view() -> None:
    """Two tables that look alike from the seat get the same decision from the same random
    stream: nothing but the view reaches the choice."""
    seat = TressetteSearchSeat(samples=4, seconds=60.0)
    for seed in range(6):
        s = position(3 + seed % 2, seed)
        me = s.current_player
        assert me is not None
        view = s.view(me)
        twin = TressetteState.from_view(view, sample_world(view, random.Random(seed + 99)))
        assert twin.view(me) == view
        a = seat.choose(s.view(me), s.legal_moves(), random.Random(seed))
        b = seat.choose(twin.view(me), twin.legal_moves(), random.Random(seed))
        assert a == b
