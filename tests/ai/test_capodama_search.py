"""The Capodama search seat: its guessed worlds agree with the view (voids exactly, the capo's
AH, passed cards), it plays legally, and a world budget gives the same move on a busy machine."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.ai
from game.ai import make_seat
from game.ai.capodama_search import CapodamaSearchSeat, hidden_cards
from game.ai.search_worlds import PILE, place_hidden
from game.engine import Card, SeatResult, new_game, parse_card, parse_cards
from game.engine.capodama import CapodamaState, CapodamaView
from game.engine.capodama_cards import deck_for
from game.engine.capodama_events import CapodamaScored


def new_capodama(**kwargs: Any) -> CapodamaState:
    s = new_game("capodama", **kwargs)
    assert isinstance(s, CapodamaState)
    return s


def position(players: int, seed: int) -> CapodamaState:
    s = new_capodama(players=players, seed=seed)
    rng = random.Random(seed)
    tricks = seed % (16 if players <= 2 else 8)
    while s.phase != "play" or len(s.view(0).tricks) < tricks:
        s.play(rng.choice(s.legal_moves()))
    return s


def sample(view: CapodamaView, rng: random.Random) -> tuple[dict[int, Sequence[Card]], list[Card]]:
    places = place_hidden(hidden_cards(view), rng)
    aside = places.pop(PILE, [])
    return dict(places), aside


def voided() -> CapodamaState:
    """3 players, seat 0 capo (doubles spades, KH the 4th trump).  Trick 1: seat 0 leads AD,
    seat 2 discards 7C (void in diamonds); trick 2: seat 0 leads AC, seat 1 discards JS (void
    in clubs).  Seat 0 leads trick 3."""
    s = new_capodama(
        players=3,
        deal={
            "dealer": 2,
            "hands": [
                "AH 7H QH KH AS 7S AD AC",
                "7D JD KD QD 10D JS KS JH",
                "7C JC KC QC 10C QS 10S 10H",
            ],
        },
    )
    for text in ("double S", "trump KH", "AD", "10D", "7C", "AC", "JS", "10C"):
        s.play(text)
    return s


def test_shown_voids_force_the_placement_of_whole_suits() -> None:
    view = voided().view(0)
    assert view.voids() == (frozenset(), frozenset({3}), frozenset({2}))  # seat 1 C, seat 2 D
    diamonds, clubs = set(parse_cards("7D JD KD QD")), set(parse_cards("JC KC QC"))
    free = set(parse_cards("KS JH QS 10S 10H"))
    splits = set()
    for seed in range(200):
        hidden, aside = sample(view, random.Random(seed))
        assert not aside and sorted(hidden) == [1, 2]
        assert diamonds <= set(hidden[1]) and clubs <= set(hidden[2])
        assert len(hidden[1]) == len(hidden[2]) == 6
        assert set(hidden[1]) | set(hidden[2]) == diamonds | clubs | free
        splits.add(frozenset(hidden[1]) & free)
    assert len(splits) == 10  # every way to give seat 1 two of the five free cards is drawn


def test_the_capos_ace_of_hearts_stays_with_the_capo() -> None:
    view = voided().view(1)  # seat 1 knows seat 0 is the capo, so holds AH
    ace = parse_card("AH", "french")
    for seed in range(50):
        hidden, _ = sample(view, random.Random(seed))
        assert ace in hidden[0]
        assert not any(c.suit == "D" for c in hidden[2])  # seat 2's void, seen by seat 1 too


@settings(max_examples=120)
@given(players=st.sampled_from([1, 2, 3, 4, 5, 6]), seed=st.integers(0, 10**6))
def test_sampled_worlds_fit_what_the_seat_knows(players: int, seed: int) -> None:
    s = position(players, seed)
    me = s.current_player
    assert me is not None
    view = s.view(me)
    hidden, aside = sample(view, random.Random(seed))
    assert set(hidden) == {o for o in range(s.seats) if o not in view.hands}
    for seat, cards in hidden.items():
        assert len(cards) == view.hand_sizes[seat]
    assert len(aside) == view.set_aside
    shown = {c for h in view.hands.values() for c in h}
    played = {c for _, t, _, _ in view.tricks for _, c in t} | {c for _, c in view.trick}
    guessed = [c for cards in hidden.values() for c in cards] + aside
    assert sorted([*guessed, *shown, *played]) == sorted(deck_for(players))
    voids = view.voids()
    for seat, cards in hidden.items():
        # the true hand fits the voids, so a fitting guess exists and must have been found
        assert not any(c.suit_index in voids[seat] for c in s.hand(seat))
        assert not any(c.suit_index in voids[seat] for c in cards)
    world = CapodamaState.from_view(view, hidden, aside)
    assert world.view(me) == view
    if s.seats >= 4:  # the world's sides follow its holders: the capo keeps AH
        assert view.capo in world.team()


def test_a_passed_card_is_placed_with_its_receiver() -> None:
    s = new_capodama(players=4, seed=4)
    rng = random.Random(4)
    while s.phase != "play":
        s.play(rng.choice(s.legal_moves()))
    view = s.view(1)
    for k in range(20):
        hidden, _ = sample(view, random.Random(k))
        assert view.passed[0] in hidden[2]


def test_search_seat_plays_legal_moves_in_every_variant() -> None:
    seat = CapodamaSearchSeat(samples=3)
    assert isinstance(make_seat("search", "capodama"), CapodamaSearchSeat)
    rng = random.Random(1)
    for players in (1, 2, 3, 4, 5, 6):
        s = new_game("capodama", players=players, seed=players)
        for _ in range(12):
            p = s.current_player
            assert p is not None
            legal = s.legal_moves()
            move = seat.choose(s.view(p), legal, rng)
            assert move in legal
            s.play(move)


def searching(players: int, seed: int) -> CapodamaState:
    """A card play with a choice to make."""
    s = position(players, seed)
    while s.phase != "play" or len(s.legal_moves()) < 2:
        s.play(s.legal_moves()[0])
    return s


def _decide(view: CapodamaView, legal: list, seed: int) -> tuple[str, list[float], int]:
    seat = CapodamaSearchSeat(samples=6, seconds=1000.0)
    totals = seat.search(view, legal, random.Random(seed))
    move = seat.choose(view, legal, random.Random(seed))
    return move.text, totals, seat.last_worlds


def test_a_world_budget_gives_the_same_move_even_while_another_thread_burns_cpu() -> None:
    s = searching(4, 21)
    p = s.current_player
    assert p is not None
    view, legal = s.view(p), s.legal_moves()
    alone = _decide(view, legal, 5)
    assert alone[2] == 6  # the CPU cap is far away: the world budget decides
    stop = threading.Event()

    def burn() -> None:
        x = 0
        while not stop.is_set():
            x = (x * 7 + 1) % 1_000_003

    out: list[tuple[str, list[float], int]] = []
    burner = threading.Thread(target=burn)
    worker = threading.Thread(target=lambda: out.append(_decide(view, legal, 5)))
    burner.start()
    worker.start()
    worker.join()
    stop.set()
    burner.join()
    assert out == [alone]


def test_the_cpu_cap_is_checked_after_each_world() -> None:
    s = searching(3, 3)
    p = s.current_player
    assert p is not None
    seat = CapodamaSearchSeat(samples=50, seconds=0.0)
    seat.search(s.view(p), s.legal_moves(), random.Random(1))
    assert seat.last_worlds == 1  # a spent budget still searches one world, then stops


def test_no_wall_clock_in_the_ai() -> None:
    """Budgets are worlds and the thread's CPU time: the wall clock would make a seeded seat
    play differently on a busy machine."""
    ai = Path(game.ai.__file__).parent
    for path in ai.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for clock in ("perf_counter", "time.time(", "monotonic"):
            assert clock not in text, f"{path.name} reads the wall clock ({clock})"


def scored(won: bool, points: int, window: tuple[int, int] | None) -> CapodamaScored:
    result = SeatResult(won, points, 1 if won else 0)
    return CapodamaScored(
        deal_no=1,
        results=(result, result),
        scores=(result.awards,),
        capo=0,
        team=(0,),
        points=points,
        total=150,
        threshold=80,
        window=window,
        capo_won=won,
        grand_slam=False,
        shutout=False,
        points_by_seat=(points, 150 - points),
    )


def test_the_evaluation_is_won_first_then_points_and_the_solitaire_aims_mid_window() -> None:
    seat = CapodamaSearchSeat()
    s = searching(4, 2)
    view = s.view(s.current_player or 0)
    assert seat.evaluate(scored(True, 82, None), s, view) == pytest.approx(1 + 82 / 300)
    assert seat.evaluate(scored(False, 140, None), s, view) < seat.evaluate(
        scored(True, 82, None), s, view
    )
    # the solitaire: 86 points lose, 83 win; among wins (or losses) nearer the middle is better
    lone = searching(1, 2)
    solo = lone.view(lone.current_player or 0)
    window = (80, 85)
    assert seat.evaluate(scored(True, 83, window), lone, solo) > seat.evaluate(
        scored(True, 80, window), lone, solo
    )
    assert seat.evaluate(scored(False, 86, window), lone, solo) > seat.evaluate(
        scored(False, 120, window), lone, solo
    )
    assert (
        seat.evaluate(scored(False, 86, window), lone, solo)
        < 0
        < seat.evaluate(scored(True, 80, window), lone, solo)
    )
