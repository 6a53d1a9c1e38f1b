"""GameState.final_view: what a seat saw when the deal last scored ended, although the match's
next deal has been dealt since (the table shows the deal's summary over that position)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GAMES, GameState, new_game

VARIANTS = [(name, p) for name in sorted(GAMES) for p in GAMES[name].players]


def _to_first_deal_end(state: GameState, rng: random.Random) -> list[str]:
    """Random moves until the first deal is scored; the moves played."""
    played = []
    while state._deals_scored == 0:
        move = rng.choice(state.legal_moves())
        state.play(move)
        played.append(move.text)
    return played


@pytest.mark.parametrize(("game", "players"), VARIANTS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_final_view_is_the_ended_deal(game: str, players: int, seed: int) -> None:
    live = new_game(game, players=players, seed=seed)
    played = _to_first_deal_end(live, random.Random(seed))
    seats = range(live.seats)
    ended = [live.final_view(s) for s in seats]
    assert ended == [live.final_view(s) for s in seats]  # asked again, the same
    # the truth: the same moves in a state that never deals a next deal
    with pytest.MonkeyPatch.context() as m:
        m.setattr(GameState, "_deal_later", lambda self, deal, dealer: None)
        still = new_game(game, players=players, seed=seed)
        for text in played:
            still.play(text)
        assert ended == [still.view(s) for s in seats]
    if live.is_over:  # the match ended with its first deal: the state is the ended deal
        assert ended == [live.view(s) for s in seats]
        return
    assert [live.view(s) for s in seats] != ended  # the next deal is on the table
    # a move of the next deal leaves the ended deal's view as it was
    live.play(live.legal_moves()[0])
    assert [live.final_view(s) for s in seats] == ended


def test_final_view_keeps_one_deal_only() -> None:
    """The copy of an ended deal holds no copy of the deal before it."""
    state = new_game("scopa", players=2, seed=11)
    rng = random.Random(11)
    for _ in range(3):
        before = state._deals_scored
        while state._deals_scored == before and not state.is_over:
            state.play(rng.choice(state.legal_moves()))
        if state.is_over:
            break
        assert state.final_view(0).deal_no == state.view(0).deal_no - 1
        assert state._ended is not None and state._ended._ended is None
    assert state._deals_scored >= 2
