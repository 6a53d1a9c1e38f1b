"""A muted state (GameState.mute, the playout path of the bench and the search's rollouts)
plays exactly as a logged one: same moves, same views, same deal results; only the per-move
events are left out of its log."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GAMES, new_game

VARIANTS = [(name, p) for name in sorted(GAMES) for p in GAMES[name].players]
#: events that come once a deal or once a match: a muted state still logs them
KEPT = {"deal_scored", "match_over"}


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
        moves = logged.legal_moves()
        assert [m.text for m in muted.legal_moves()] == [m.text for m in moves]
        k = rng.randrange(len(moves))
        logged.play(moves[k])
        muted.play(muted.legal_moves()[k])
        assert muted.current_player == logged.current_player
        assert [muted.view(s) for s in seats] == [logged.view(s) for s in seats]
    assert muted.is_over == logged.is_over
    assert muted.scores == logged.scores
    assert muted.history == logged.history
    assert muted._deals_scored == logged._deals_scored >= 1
    # the muted log is the logged one with per-move events left out, never the deal results
    assert _is_subsequence(muted.events, logged.events)
    assert [e for e in muted.events if e.kind in KEPT] == [
        e for e in logged.events if e.kind in KEPT
    ]
    assert len(muted.events) < len(logged.events)


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
