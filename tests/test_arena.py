"""The arena's statistics, and the Capodama rule-based seat against the random seat."""

from __future__ import annotations

import random

import pytest

from game.ai import make_seat, seat_kinds
from game.arena import main as arena_main
from game.arena import run_arena, wilson
from game.engine import new_game


def test_wilson_interval_contains_the_share_and_narrows() -> None:
    lo, hi = wilson(60, 100)
    assert lo < 0.6 < hi
    lo2, hi2 = wilson(600, 1000)
    assert lo < lo2 < 0.6 < hi2 < hi
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("players", "kinds"),
    [
        (2, ["rules", "random"]),
        (3, ["rules", "random", "random"]),
        (4, ["rules", "random", "random", "random"]),
    ],
)
def test_rules_seat_beats_random_with_separated_intervals(players: int, kinds: list[str]) -> None:
    stats = run_arena("capodama", players, kinds, deals=500, seed=7)
    rules, rand = stats["rules"], stats["random"]
    assert rules.n == 500 and rand.n == 500 * (players - 1)
    assert rules.share_interval[0] > rand.share_interval[1]
    assert rules.mean_interval[0] > rand.mean_interval[1]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_rules_seat_always_chooses_a_legal_move(players: int) -> None:
    seat = make_seat("rules", "capodama")
    rng = random.Random(players)
    for k in range(30):
        s = new_game("capodama", players=players, seed=k)
        while not s.is_over and not any(e.kind == "deal_scored" for e in s.events):
            p = s.current_player
            assert p is not None
            legal = s.legal_moves()
            move = seat.choose(s.view(p), legal, rng)
            assert move in legal
            s.play(move)


def test_unknown_seat_kind_and_wrong_count_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "rules" in seat_kinds("capodama") and "random" in seat_kinds("capodama")
    with pytest.raises(SystemExit) as exc:
        arena_main(["--game", "capodama", "--players", "4", "--seats", "genius"])
    assert exc.value.code == 2
    assert "unknown seat kind 'genius'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena_main(["--game", "capodama", "--players", "4", "--seats", "rules,random"])
    assert "give 4 seat kinds" in capsys.readouterr().err


def test_arena_prints_a_row_per_kind(capsys: pytest.CaptureFixture[str]) -> None:
    arena_main(["--game", "capodama", "--players", "2", "--seats", "rules,random", "--deals", "40"])
    out = capsys.readouterr().out
    rows = [line.split()[0] for line in out.splitlines()[2:]]
    assert rows == ["rules", "random"]
    assert out.count("%") >= 4
