"""The search core's budget (a count, the CPU cap only a safety net), its successive halving, its
paired test against the rule move, and the levels built on it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import make_seat, seat_kinds
from game.ai.evaluation import load_evaluation
from game.ai.levels import ARENA_KINDS, EASY_NOISE, LEVELS, NoisySeat
from game.ai.search import Budget, DeterminizedSearch, paired_advantage
from game.catalog import CATALOG, Tree
from game.engine import GameState, new_game


def decision(game: str, players: int, seed: int, least: int = 3) -> GameState:
    """A position of ``game`` where the player to move has ``least`` legal moves or more."""
    s = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while len(s.legal_moves()) < least:
        moves = s.legal_moves()
        s.play(moves[rng.randrange(len(moves))])
    return s


def searcher(game: str, budget: Budget) -> DeterminizedSearch[Any, Any]:
    seat = make_seat("search", game)
    assert isinstance(seat, DeterminizedSearch)
    seat.budget = budget
    return seat


def test_an_iteration_budget_plays_the_same_move_whatever_the_cap() -> None:
    s = decision("scopa", 2, 4)
    p = s.current_player
    assert p is not None
    view, legal = s.view(p), s.legal_moves()
    chosen = []
    for cap in (1e9, 5.0, 1e9):
        seat = searcher("scopa", Budget(60, cap, rollouts=90, keep_rules_z=1.0))
        chosen.append((seat.choose(view, legal, random.Random(8)), seat.last_rollouts))
        assert seat.last_cpu < cap  # the count ended the search, not the cap
    assert chosen[0] == chosen[1] == chosen[2]
    assert chosen[0][1] <= 90


def test_halving_drops_weak_moves_and_tries_the_rest_in_the_same_worlds() -> None:
    s = decision("scopa", 2, 11, least=4)
    p = s.current_player
    assert p is not None
    legal = s.legal_moves()
    seat = searcher("scopa", Budget(1000, 1e9, rollouts=120))
    means = seat.search(s.view(p), legal, random.Random(2))
    assert len(seat.last_finalists) == 2
    assert seat.last_rollouts <= 120
    tried = [len(v) for v in seat.last_values]
    assert all(tried[k] == seat.last_worlds for k in seat.last_finalists)
    dropped = [k for k in range(len(legal)) if k not in seat.last_finalists]
    assert dropped and all(tried[k] < seat.last_worlds for k in dropped)
    assert all(means[k] == sum(seat.last_values[k]) / tried[k] for k in range(len(legal)))


def test_without_an_iteration_budget_every_move_is_tried_in_every_world() -> None:
    s = decision("scopa", 2, 11, least=4)
    p = s.current_player
    assert p is not None
    seat = searcher("scopa", Budget(7, 1e9))
    seat.search(s.view(p), s.legal_moves(), random.Random(2))
    assert seat.last_worlds == 7 and seat.last_rollouts == 7 * len(s.legal_moves())
    assert seat.last_finalists == list(range(len(s.legal_moves())))


def test_the_rule_move_stays_unless_search_beats_it_significantly() -> None:
    rules = make_seat("rules", "scopa")
    kept = differ = 0
    for seed in range(12):
        s = decision("scopa", 2, seed)
        p = s.current_player
        assert p is not None
        view, legal = s.view(p), s.legal_moves()
        rule_move = rules.choose(view, legal, random.Random(1))
        stubborn = searcher("scopa", Budget(40, 1e9, rollouts=80, keep_rules_z=1e9))
        assert stubborn.choose(view, legal, random.Random(1)) == rule_move
        assert legal.index(rule_move) in stubborn.last_finalists
        free = searcher("scopa", Budget(40, 1e9, rollouts=80, keep_rules_z=0.0))
        move = free.choose(view, legal, random.Random(1))
        best = max(free.last_finalists, key=lambda k: sum(free.last_values[k]))
        kept += move == rule_move
        differ += move == legal[best] != rule_move
    assert differ > 0 and kept > 0  # a zero threshold follows the search where it disagrees


def test_paired_advantage() -> None:
    assert paired_advantage([1.0, 2.0, 3.0], [1.0, 2.0, 3.0]) == (0.0, 0.0)
    mean, error = paired_advantage([2.0, 1.0, 4.0, 3.0], [1.0, 1.0, 1.0, 1.0])
    assert mean == 1.5 and error == pytest.approx((5 / 3 / 4) ** 0.5)
    assert paired_advantage([1.0], [0.0]) == (1.0, 0.0)


@pytest.mark.parametrize("game", list(CATALOG))
def test_every_game_offers_the_three_levels(game: str) -> None:
    for kind in LEVELS:
        assert kind in seat_kinds(game, 2)
    normal, strong = make_seat("normal", game), make_seat("strong", game)
    levels = CATALOG[game].levels
    assert levels is not None
    if levels.normal_noise:  # normal slips where strong's rollouts alone measured level
        assert isinstance(normal, NoisySeat) and 0 < normal.noise < EASY_NOISE
        assert normal.name == "normal"
        normal = normal.seat
    assert isinstance(normal, DeterminizedSearch) and isinstance(strong, DeterminizedSearch)
    assert normal.budget.rollouts == levels.rollouts[0] < strong.budget.rollouts
    assert strong.budget.rollouts == levels.rollouts[1]
    assert normal.budget.keep_rules_z is not None
    assert (normal.name, strong.name) == ("normal", "strong")
    assert isinstance(make_seat("easy", game), NoisySeat)
    # strong searches one tree where the catalogue gives its iterations, normal never does
    assert strong.tree == levels.tree and not normal.tree
    for players, tree in levels.tree.items():
        assert players in CATALOG[game].info.players and tree.iterations > 0
        if tree.cut:  # a tree that cuts its playouts reads the game's fitted evaluation
            assert type(strong).EVALUATION is not None
            assert load_evaluation(game, players) is not None, (game, players)


@pytest.mark.parametrize("game", ["tressette", "capodama"])
@pytest.mark.parametrize("kind", ["steady", "flat", "tree", "tree:300:1", "steady:90"])
def test_the_arena_kinds_are_the_levels_with_one_thing_changed(kind: str, game: str) -> None:
    seat = make_seat(kind, game)
    assert isinstance(seat, DeterminizedSearch)  # steady is normal without its slips
    name, _, budget = kind.partition(":")
    count, _, cut = budget.partition(":")
    level = ARENA_KINDS.get(name, name)
    levels = CATALOG[game].levels
    assert levels is not None
    assert seat.budget.rollouts == (
        int(count) if count else levels.rollouts[LEVELS.index(level) - 1]
    )
    assert seat.solve_endgame == (level == "strong")
    if name == "tree":  # a tree at every count, tuned as the catalogue's where it lists one
        assert set(seat.tree) == set(CATALOG[game].info.players)
        for players, tree in seat.tree.items():
            shipped = levels.tree.get(players, Tree(levels.rollouts[1]))
            assert tree.iterations == (int(count) if count else shipped.iterations)
            assert tree.cut == (int(cut) if cut else shipped.cut)
            assert tree.hint == shipped.hint
    else:
        assert not seat.tree


def test_normal_slips_only_where_strong_has_no_tree() -> None:
    # a seat that always slips, at every count but the steady ones: there the rule move stands
    rules = make_seat("rules", "capodama")
    always = NoisySeat(rules, 1.0, "normal", steady={3, 4})
    for players, steady in ((3, True), (4, True), (5, False), (6, False)):
        s = decision("capodama", players, 11, least=2)
        p = s.current_player
        assert p is not None
        view, legal = s.view(p), s.legal_moves()
        ruled = rules.choose(view, legal, random.Random(1))
        assert (always.choose(view, legal, random.Random(1)) == ruled) == steady, players
    normal = make_seat("normal", "capodama")  # steady where the catalogue gives strong a tree
    levels = CATALOG["capodama"].levels
    assert isinstance(normal, NoisySeat) and levels is not None and levels.tree
    assert normal.steady == set(levels.tree)


def test_the_easy_seat_slips_at_its_rate_and_replays() -> None:
    rules = make_seat("rules", "scopa")
    easy = make_seat("easy", "scopa")
    picks: list[list[bool]] = [[], []]
    for run in range(2):
        rng = random.Random(5)
        for seed in range(150):
            s = decision("scopa", 2, seed, least=2)
            p = s.current_player
            assert p is not None
            view, legal = s.view(p), s.legal_moves()
            state = rng.getstate()
            expected = rules.choose(view, legal, rng)
            rng.setstate(state)
            picks[run].append(easy.choose(view, legal, rng) == expected)
    assert picks[0] == picks[1]
    slips = picks[0].count(False) / len(picks[0])
    assert EASY_NOISE / 2 < slips < EASY_NOISE * 1.6
