"""The strong level's exact endgame (game/ai/endgame.py): alpha-beta gives the value a plain
minimax gives (alone and with partners), the strong seat plays a move of the best value where
nothing is hidden, a solve past its node count falls back to the rollouts, and only the strong
level solves."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.endgame import Endgame, TooDeep, solve
from game.ai.search import DeterminizedSearch
from game.engine import GameState, new_game


def near_end(
    game: str, players: int, seed: int, near: Callable[[Any], bool] | None = None
) -> tuple[GameState, DeterminizedSearch[Any, Any]]:
    """A position of a random deal where ``near`` (by default: the strong seat would solve the
    end) holds for the player to move, with two or more legal moves; a fresh deal when this one
    never gets there."""
    rng = random.Random(seed)
    seat: DeterminizedSearch[Any, Any] = make_seat("strong", game)  # type: ignore[assignment]
    if near is None:
        assert seat.ENDGAME is not None
        near = seat.ENDGAME.near
    for attempt in range(50):
        state = new_game(game, players=players, seed=seed * 100 + attempt)
        while state.current_player is not None:  # the first deal, up to its scoring
            moves = state.legal_moves()
            if len(moves) > 1 and near(state.view(state.current_player)):
                return state, seat
            state.play(moves[rng.randrange(len(moves))])
    raise AssertionError("no deal reached its end with a choice left")


def minimax(state: GameState, mark: int, friends: frozenset[int], value: Any) -> float:
    """Every line to the deal's end, no pruning: what alpha-beta must agree with."""
    if state.current_player is None:
        return float(value(state))
    results = []
    for move in state.legal_moves():
        child = state.clone()
        child.play(move)
        results.append(minimax(child, mark, friends, value))
    return max(results) if state.current_player in friends else min(results)


def leaf_value(seat: DeterminizedSearch[Any, Any], view: Any, mark: int) -> Any:
    def value(state: GameState) -> float:
        scored = state.last_scored if state.deals_scored != mark else None
        return float(seat.evaluate(scored, state, view))

    return value


#: positions whose whole minimax stays small: each 2-player game's hidden-nothing end, and the
#: last two tricks of 4-player Tressette, where partners share a side
CASES: list[tuple[str, int, Callable[[Any], bool] | None]] = [
    ("scopa", 2, None),
    ("cattura", 2, None),
    ("briscola", 2, None),
    ("tressette", 4, lambda v: sum(v.hand_sizes) <= 2 * v.players),
]


@pytest.mark.parametrize(("game", "players", "near"), CASES)
@given(seed=st.integers(0, 10**6))
@settings(max_examples=5, deadline=None)
def test_alpha_beta_agrees_with_plain_minimax(
    game: str, players: int, near: Callable[[Any], bool] | None, seed: int
) -> None:
    state, seat = near_end(game, players, seed, near)
    player = state.current_player
    assert player is not None
    view = state.view(player)
    sides = getattr(view, "sides", None)  # Cattura has none: every player alone
    friends = frozenset(sides[view.side] if sides else (player,))
    assert player in friends and len(friends) == players // 2
    mark = state.deals_scored
    value = leaf_value(seat, view, mark)
    for move in state.legal_moves():
        child = state.clone()
        child.play(move)
        exact = minimax(child, mark, friends, value)
        assert solve(child, friends, value, 10**6) == pytest.approx(exact)


@given(seed=st.integers(0, 10**6))
@settings(max_examples=6, deadline=None)
def test_strong_plays_a_best_move_when_nothing_is_hidden(seed: int) -> None:
    # 2-player Scopa with the deck empty: the other hand is every card not seen, so the world
    # is the true deal and the solved value of each move is exact.
    state, seat = near_end("scopa", 2, seed)
    player = state.current_player
    assert player is not None
    view = state.view(player)
    assert view.deck_count == 0
    mark = state.deals_scored
    value = leaf_value(seat, view, mark)
    friends = frozenset((player,))
    exact = {}
    for move in state.legal_moves():
        child = state.clone()
        child.play(move)
        exact[move.text] = minimax(child, mark, friends, value)
    chosen = seat.choose(view, state.legal_moves(), random.Random(seed))
    best = max(exact.values())
    # the rule seat's move is kept unless another is better in every world alike
    assert exact[chosen.text] == pytest.approx(best)


def test_a_solve_past_its_node_count_stops_and_the_seat_falls_back_to_rollouts() -> None:
    state, seat = near_end("scopa", 2, 3)
    player = state.current_player
    assert player is not None and seat.ENDGAME is not None
    view = state.view(player)
    mark = state.deals_scored
    with pytest.raises(TooDeep):
        solve(state, frozenset((player,)), leaf_value(seat, view, mark), 1)
    tiny = Endgame(seat.ENDGAME.near, worlds=3, max_nodes=1)
    seat.ENDGAME = tiny  # type: ignore[misc]  # this one seat only
    moves = state.legal_moves()
    assert seat.choose(view, moves, random.Random(1)) in moves
    assert seat.last_worlds == 3
    assert seat.last_finalists == list(range(len(moves)))
    assert all(len(v) == 3 for v in seat.last_values)


@pytest.mark.parametrize("game", ["scopa", "cattura"])
def test_only_the_strong_level_solves_and_it_replays(game: str) -> None:
    strong: DeterminizedSearch[Any, Any] = make_seat("strong", game)  # type: ignore[assignment]
    normal: DeterminizedSearch[Any, Any] = make_seat("normal", game)  # type: ignore[assignment]
    assert strong.solve_endgame and not normal.solve_endgame
    state, _ = near_end(game, 2, 11)
    player = state.current_player
    assert player is not None
    view = state.view(player)
    moves = state.legal_moves()
    first = strong.choose(view, moves, random.Random(5))
    values = strong.last_values
    again = make_seat("strong", game).choose(view, moves, random.Random(5))
    assert first == again
    # it solved: every move was judged in the endgame's few worlds, not by halving
    assert strong.ENDGAME is not None
    assert strong.last_worlds <= strong.ENDGAME.worlds
    assert all(len(v) == strong.last_worlds for v in values)
    assert not math.isinf(max(sum(v) for v in values))
