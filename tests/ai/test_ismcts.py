"""The tree search over sampled worlds (game/ai/ismcts.py): its budget is a count, every node is
judged by the player who moves there, and a cut playout ends where the learned evaluation
takes over."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from game.ai import make_seat
from game.ai.evaluation import load_evaluation
from game.ai.ismcts import _Node, _Stats
from game.ai.search import DeterminizedSearch
from game.engine import new_game
from tests.engine.test_scopa import position


def tree(game: str, rollouts: int, cut: int = 0) -> DeterminizedSearch[Any, Any]:
    seat = make_seat(f"tree:{rollouts}" + (f":{cut}" if cut else ""), game)
    assert isinstance(seat, DeterminizedSearch) and seat.tree[4].iterations == rollouts
    return seat


def test_the_opponent_takes_the_sweep_left_to_it() -> None:
    # Scopa, 2 players, the deck empty: placing 2D leaves 5C + 2D, which the other's 7C sweeps
    # (a point), 1B leaves 5C + 1B for its 6S; only 4S leaves a table (9) nothing of its hand
    # takes whole.  A tree whose every node chose for the searcher picks 1B here.
    state = position(2, [["2D", "4S", "1B"], ["3B", "7C", "6S"]], ["5C"])
    seat = tree("scopa", 300)
    seat.solve_endgame = False  # the tree, not the exact solve, must see it
    moves = state.legal_moves()
    chosen = seat.choose(state.view(0), moves, random.Random(1))
    assert chosen.text == "4S"


def test_the_budget_is_a_count_and_a_seed_replays_it() -> None:
    state = new_game("tressette", players=3, seed=21)
    rng = random.Random(21)
    for _ in range(7):
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    p = state.current_player
    assert p is not None
    view, legal = state.view(p), state.legal_moves()
    picks = []
    for _ in range(2):
        seat = tree("tressette", 150)
        picks.append((seat.choose(view, legal, random.Random(4)), seat.last_values))
        assert seat.last_rollouts == 150
        assert sum(v[0] for v in seat.last_values) == 150  # every iteration through one root move
    assert picks[0] == picks[1]
    assert picks[0][0] in legal


@pytest.mark.parametrize("game,players", [("capodama", 4), ("scopa", 4), ("cattura", 3)])
def test_random_positions_get_legal_moves(game: str, players: int) -> None:
    seat = tree(game, 40)
    rules = make_seat("rules", game)
    rng = random.Random(players)
    state = new_game(game, players=players, seed=9)
    while state.current_player is not None:
        p = state.current_player
        legal = state.legal_moves()
        view = state.view(p)
        move = (seat if p == 0 else rules).choose(view, legal, rng)
        assert move in legal
        state.play(move)


def capodama_4_at(phase: str, seed: int) -> Any:
    """A 4-player Capodama deal played on by the rule seats to the first decision of ``phase``."""
    state = new_game("capodama", players=4, seed=seed)
    rules = make_seat("rules", "capodama")
    rng = random.Random(0)
    while state.phase != phase:
        state.play(rules.choose(state.view(state.current_player), state.legal_moves(), rng))
    return state


def test_the_others_secret_passes_are_the_rule_seats_not_the_trees() -> None:
    # Capodama, 4 players: the capo passes first, then the three others, each a card the
    # searcher never sees.  The tree must not search those passes (keyed on what the capo
    # cannot know, tried at random): in every iteration the rollout policy makes all three.
    state = capodama_4_at("exchange", seed=3)
    capo = state.current_player
    assert capo == state.view(0).capo
    seat = tree("capodama", 60)
    policy = seat.policy
    passes: list[int] = []

    def recording(world: Any, legal: Any, rng: random.Random) -> Any:
        if world.phase == "exchange":
            passes.append(world.current_player)
        return policy(world, legal, rng)

    seat.policy = recording
    chosen = seat.choose(state.view(capo), state.legal_moves(), random.Random(2))
    assert chosen in state.legal_moves()
    assert seat.last_rollouts == 60
    assert capo not in passes
    assert len(passes) == 3 * 60


def test_a_movers_record_under_one_secret_does_not_steer_it_under_another() -> None:
    # Capodama 4 players: a seat that holds the dama plays for the capo, one that does not
    # plays against.  Seen from another seat the two are one node; the records of its moves
    # stay apart by the secret (pooled, the two moves would tie), so each choice follows its own.
    node = _Node()
    a, b = new_game("scopa", players=2, seed=1).legal_moves()[:2]
    for key, good in ((True, a), (False, b)):
        for move in (a, b):
            stats = node.children.setdefault(move, _Node()).stats.setdefault(key, _Stats())
            stats.visits, stats.avail = 10, 20
            stats.total = 9.0 if move == good else 1.0
    for key, good in ((True, a), (False, b)):
        assert node.pick([a, b], random.Random(0), key) == (good, False)
        assert node.pick([b, a], random.Random(0), key) == (good, False)
    assert node.pick([a, b], random.Random(0), None)[1]  # no record under None: untried


def test_a_hint_is_tried_first_and_favoured_until_its_visits_tell() -> None:
    # Scopa moves stand for any: the node's pick, for another player, with the rule seat's move
    # as the hint.  Untried, the hint goes first whatever the draw; tried, it wins a tie on its
    # bonus; and once visited enough, a move whose results are better overtakes it.
    hint, other = new_game("scopa", players=2, seed=1).legal_moves()[:2]
    for seed in range(20):
        assert _Node().pick([other, hint], random.Random(seed), None, hint) == (hint, True)
    node = _Node()
    for move, total in ((hint, 5.0), (other, 5.0)):
        stats = node.children.setdefault(move, _Node()).stats.setdefault(None, _Stats())
        stats.visits, stats.avail, stats.total = 10, 20, total
    assert node.pick([other, hint], random.Random(0), None, hint) == (hint, False)
    assert node.pick([hint, other], random.Random(0), None) == (hint, False)  # no hint: first
    assert node.pick([other, hint], random.Random(0), None) == (other, False)
    for move, total in ((hint, 500.0), (other, 600.0)):
        stats = node.children[move].stats[None]
        stats.visits, stats.avail, stats.total = 1000, 2000, total
    assert node.pick([other, hint], random.Random(0), None, hint) == (other, False)


def test_a_tree_that_takes_hints_asks_the_rule_seat_at_the_others_nodes() -> None:
    # Capodama, 4 players, where the catalogue's tree takes hints: with them the search asks
    # the rule seat once more at every other player's node it walks through (past the root's
    # first visits, one at least per iteration), besides its cut playouts of two tricks each.
    state = capodama_4_at("play", seed=5)
    p = state.current_player
    assert p is not None
    view, legal = state.view(p), state.legal_moves()

    def asks(hint: bool) -> int:
        seat = tree("capodama", 80)
        assert seat.tree[4].hint  # as the catalogue tunes 4 players
        seat.tree = {4: dataclasses.replace(seat.tree[4], hint=hint)}
        policy, calls = seat.policy, [0]

        def counting(world: Any, moves: Any, r: random.Random) -> Any:
            calls[0] += 1
            return policy(world, moves, r)

        seat.policy = counting
        assert seat.choose(view, legal, random.Random(3)) in legal
        return calls[0]

    with_hints, without = asks(True), asks(False)  # 560 and 469 when written
    assert with_hints > without + 80 // 2


def test_a_cut_playout_stops_after_its_tricks_and_the_model_judges_the_rest() -> None:
    seat = tree("tressette", 50, cut=2)
    model = load_evaluation("tressette", 4)
    state = new_game("tressette", players=4, seed=6)
    state.mute()
    views = [state.view(s) for s in range(4)]
    start = state.tricks_taken
    cut = seat.play_on(state, state.deals_scored, views, random.Random(2), model, 2)
    assert state.tricks_taken == start + 2 and state.current_player is not None
    assert cut[0] == cut[2] and cut[0] + cut[1] == pytest.approx(1.0)
    whole = new_game("tressette", players=4, seed=6)
    whole.mute()
    full = seat.play_on(whole, whole.deals_scored, views, random.Random(2), None)
    assert whole.current_player is None  # played to the deal's end
    assert sorted(full) != sorted(cut)
