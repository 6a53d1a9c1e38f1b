"""A muted state (GameState.mute, the playout path of the bench and the search's rollouts)
plays exactly as a logged one: same moves, same views, same deal results; only the per-move
events are left out of its log."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GAMES, DealScored, MatchOver, new_game

VARIANTS = [(name, p) for name in sorted(GAMES) for p in GAMES[name].players]
#: events that come once a deal or once a match: a muted state still logs them
KEPT = (DealScored, MatchOver)


def _is_subsequence(part: list[object], whole: list[object]) -> bool:
    it = iter(whole)
    return all(any(e == w for w in it) for e in part)


@pytest.mark.parametrize(("game", "players"), VARIANTS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_a_muted_match_plays_as_a_logged_one(game: str, players: int, seed: int) -> None:
    logged = new_game(game, players=players, seed=seed)
    muted = new_game(game, players=players, seed=seed)
    muted.mute()
    rng = random.Random(seed)
    seats = range(logged.seats)
    for _ in range(400):  # a few deals of every game
        if logged.is_over:
            break
        if logged.between_deals:
            assert muted.between_deals
            logged.deal_next()
            muted.deal_next()
        moves = logged.legal_moves()
        kept = muted.legal_sequence()  # the playout path reads the engine's own moves
        assert [m.text for m in kept] == [m.text for m in moves]
        assert all(a is b for a, b in zip(kept, muted.legal_moves(), strict=True))
        k = rng.randrange(len(moves))
        logged.play(moves[k])
        muted.play(kept[k])
        assert muted.current_player == logged.current_player
        assert [muted.view(s) for s in seats] == [logged.view(s) for s in seats]
    assert muted.is_over == logged.is_over
    assert muted.scores == logged.scores
    assert muted.history == logged.history
    assert muted.deals_scored == logged.deals_scored >= 1
    # the muted log is the logged one with per-move events left out, never the deal results
    assert _is_subsequence(muted.events, logged.events)
    assert [e for e in muted.events if isinstance(e.data, KEPT)] == [
        e for e in logged.events if isinstance(e.data, KEPT)
    ]
    assert len(muted.events) < len(logged.events)


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_legal_moves_is_the_callers_own_list(game: str, players: int) -> None:
    """Changing the list legal_moves() gave changes neither the engine's moves nor play."""
    state = new_game(game, players=players, seed=3)
    for _ in range(30):
        if state.is_over:
            break
        if state.between_deals:
            state.deal_next()
        expected = [m.text for m in state.legal_sequence()]
        mine = state.legal_moves()
        mine.clear()
        assert [m.text for m in state.legal_moves()] == expected
        state.play(state.legal_sequence()[-1])


def test_a_muted_state_clones_muted() -> None:
    state = new_game("scopa", players=2, seed=5)
    state.mute()
    copy = state.clone()
    before = len(copy.events)
    copy.play(copy.legal_moves()[0])
    assert len(copy.events) == before  # a card played, nothing logged
    fresh = new_game("scopa", players=2, seed=5)
    fresh.play(fresh.legal_moves()[0])
    assert len(fresh.events) > before
