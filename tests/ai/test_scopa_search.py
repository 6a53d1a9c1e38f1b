"""The Scopa search seat: from_view rebuilds positions, worlds fit the view, moves are legal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.scopa_search import ScopaSearchSeat, deal_value, hidden_cards
from game.ai.search_worlds import PILE, place_hidden
from game.engine import ITALIAN, Card, DealScored, new_game, parse_card
from game.engine.scopa import ScopaState, ScopaView
from game.engine.scopa_scoring import Awards, DealFigures

PLAYERS = (2, 3, 4, 6)


def new_scopa(**kwargs: Any) -> ScopaState:
    s = new_game("scopa", **kwargs)
    assert isinstance(s, ScopaState)
    return s


def position(players: int, seed: int) -> ScopaState:
    """A random position of some deal (the first or a later one), someone to play."""
    s = new_scopa(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 70)):
        moves = s.legal_moves()
        s.play(moves[rng.randrange(len(moves))])
        if s.current_player is None:
            return position(players, seed + 1)
    return s


def sample_world(view: ScopaView, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
    places = place_hidden(hidden_cards(view), rng)
    return places, places.pop(PILE)


def truth(s: ScopaState, seat: int) -> tuple[dict[int, list], list]:
    return {o: list(s.hand(o)) for o in range(s.players) if o != seat}, list(s.deck_cards())


@settings(max_examples=120)
@given(players=st.sampled_from(PLAYERS), seed=st.integers(0, 10**6), pick=st.integers(0, 5))
def test_from_view_with_the_true_cards_gives_back_the_view(
    players: int, seed: int, pick: int
) -> None:
    s = position(players, seed)
    seat = pick % players  # any seat, not only the one to play
    view = s.view(seat)
    hidden, deck = truth(s, seat)
    world = ScopaState.from_view(view, hidden, deck, seed=seed)
    assert world.view(seat) == view
    # and it plays on exactly like the real state until the deal ends
    real = s.clone()
    rng = random.Random(seed)
    while True:
        moves = real.legal_moves()
        assert [m.text for m in world.legal_moves()] == [m.text for m in moves]
        move = moves[rng.randrange(len(moves))]
        mark = len(real.events)
        real.play(move)
        world.play(move.text)
        if any(isinstance(e.data, DealScored) for e in real.events[mark:]):
            scored = [e.data for e in real.events[mark:] if isinstance(e.data, DealScored)]
            again = [e.data for e in world.events if isinstance(e.data, DealScored)]
            assert scored[0].figures == again[0].figures
            break
        assert world.view(seat) == real.view(seat)


@settings(max_examples=120)
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
    shown = [*view.hand, *view.table, *(c for p in view.captured for c in p)]
    guessed = [c for cards in hidden.values() for c in cards] + deck
    assert sorted([*shown, *guessed]) == sorted(ITALIAN.cards)
    assert ScopaState.from_view(view, hidden, deck).view(me) == view


def test_bad_guesses_are_refused() -> None:
    s = new_scopa(players=2, seed=7)
    s.play(s.legal_moves()[0])
    me = s.current_player
    assert me is not None
    other = 1 - me
    view = s.view(me)
    hidden, deck = truth(s, me)
    assert hidden[other] and deck
    with pytest.raises(ValueError, match="cards"):  # wrong size
        ScopaState.from_view(view, {other: hidden[other][1:]}, deck)
    with pytest.raises(ValueError, match="face-down pile"):
        ScopaState.from_view(view, hidden, deck[1:])
    with pytest.raises(ValueError, match="twice"):
        ScopaState.from_view(view, {other: [deck[0], *hidden[other][1:]]}, deck)
    seen = view.hand[0]
    with pytest.raises(ValueError, match="shows"):
        ScopaState.from_view(view, {other: [seen, *hidden[other][1:]]}, deck)
    with pytest.raises(ValueError, match="seats"):
        ScopaState.from_view(view, {**hidden, me: list(view.hand)}, deck)
    with pytest.raises(ValueError, match="not a card of this game"):
        french = parse_card("AH", "french")
        ScopaState.from_view(view, {other: [french, *hidden[other][1:]]}, deck)
    over = new_game("scopa", players=2, seed=3)
    while over.current_player is not None:
        over.play(over.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        ScopaState.from_view(over.view(0), {1: []}, [])


def figures(cards: tuple[int, int]) -> DealFigures:
    return DealFigures(
        cards=cards,
        coins=(6, 4),
        primiera=(70, 60),
        primiera_complete=(True, True),
        scope=(0, 0),
        awards=Awards(cards=None, coins=0, settebello=1, primiera=0),
        points=(3, 1),
    )


def test_deal_value_counts_points_then_smooth_margins() -> None:
    scored = figures((22, 18))
    assert deal_value(scored, 0) == pytest.approx(2 + 0.03 * 4 + 0.05 * 2 + 0.005 * 10)
    assert deal_value(scored, 1) == pytest.approx(-deal_value(scored, 0))
    # the same points with fewer cards are worth a little less, never a point
    assert 2 < deal_value(figures((20, 20)), 0) < deal_value(scored, 0)


def test_search_seat_plays_legal_moves_for_every_player_count() -> None:
    seat = ScopaSearchSeat(samples=2)
    assert isinstance(make_seat("search", "scopa"), ScopaSearchSeat)
    rng = random.Random(1)
    for players in PLAYERS:
        s = new_game("scopa", players=players, seed=players)
        for _ in range(40):
            if s.current_player is None:
                break
            legal = s.legal_moves()
            move = seat.choose(s.view(s.current_player), legal, rng)
            assert move in legal
            s.play(move)


def test_the_seat_reads_only_its_view() -> None:
    """Two tables that look alike from the seat (other hands and deck swapped around) get the
    same decision from the same random stream: nothing but the view reaches the choice."""
    seat = ScopaSearchSeat(samples=6, seconds=60.0)
    for seed in range(6):
        s = position(2 + seed % 2, seed)
        me = s.current_player
        assert me is not None
        view = s.view(me)
        other_hidden, other_deck = sample_world(view, random.Random(seed + 99))
        twin = ScopaState.from_view(view, other_hidden, other_deck)
        assert twin.view(me) == view
        a = seat.choose(s.view(me), s.legal_moves(), random.Random(seed))
        b = seat.choose(twin.view(me), twin.legal_moves(), random.Random(seed))
        assert a == b


def test_a_position_set_up_by_an_explicit_deal_is_rebuilt() -> None:
    """Explicit deals may leave a table and deck no shuffled deal would (five table cards)."""
    s = new_scopa(
        players=2,
        deal={
            "dealer": 0,
            "hands": [["1D", "2D"], ["3D", "4D"]],
            "table": ["5D", "6D", "7D", "FD", "CD"],
            "captured": [["RD"], []],
        },
    )
    view = s.view(1)
    hidden, deck = truth(s, 1)
    assert ScopaState.from_view(view, hidden, deck).view(1) == view
