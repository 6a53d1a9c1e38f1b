"""The arena's statistics (one sample per deal and kind, paired differences, the same figures
for any number of processes), and the Capodama rule-based seat against the random seat."""

from __future__ import annotations

import random

import pytest

from game.ai import make_seat, seat_kinds
from game.engine import DealScored, new_game
from game.tools.arena import main as arena_main
from game.tools.arena import run_arena, seatings, wilson


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
    stats, pairs = run_arena("capodama", players, kinds, deals=150, seed=7)
    rules, rand = stats["rules"], stats["random"]
    assert rules.n == rand.n == 150  # one sample per deal and kind, however many seats
    assert rules.won.interval[0] > rand.won.interval[1]
    (pair,) = pairs
    assert (pair.a, pair.b) == ("rules", "random") and pair.separated
    assert pair.won.samples == [
        a - b for a, b in zip(rules.won.samples, rand.won.samples, strict=True)
    ]


def test_seatings_are_the_distinct_rotations() -> None:
    assert seatings(["a", "b"]) == [("a", "b"), ("b", "a")]
    assert seatings(["a", "b", "a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert len(seatings(["a", "b", "b"])) == 3


def test_partners_count_once_per_deal() -> None:
    stats, _ = run_arena("scopa", 4, ["rules", "random", "rules", "random"], deals=20, seed=3)
    for s in stats.values():
        assert s.n == 20
        # two seatings, partners sharing one result: a deal is won 0, half or 1 time
        assert set(s.won.samples) <= {0.0, 0.5, 1.0}
    both = [
        a + b for a, b in zip(stats["rules"].won.samples, stats["random"].won.samples, strict=True)
    ]
    assert all(x <= 1.0 for x in both)  # one side's win is never the other's


def test_more_processes_give_the_same_figures() -> None:
    one, _ = run_arena("scopa", 2, ["easy", "rules"], deals=6, seed=5, jobs=1)
    two, _ = run_arena("scopa", 2, ["easy", "rules"], deals=6, seed=5, jobs=2)
    for kind in ("easy", "rules"):
        assert one[kind].won.samples == two[kind].won.samples
        assert one[kind].points.samples == two[kind].points.samples
        assert one[kind].decisions == two[kind].decisions > 0


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_rules_seat_always_chooses_a_legal_move(players: int) -> None:
    seat = make_seat("rules", "capodama")
    rng = random.Random(players)
    for k in range(30):
        s = new_game("capodama", players=players, seed=k)
        while not s.is_over and not any(isinstance(e.data, DealScored) for e in s.events):
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
    with pytest.raises(SystemExit):  # an arena kind's budget must be whole numbers
        arena_main(["--game", "tressette", "--players", "3", "--seats", "tree:2k,steady,steady"])
    assert "'tree:2k': a budget is :rollouts or :rollouts:cut" in capsys.readouterr().err


def test_arena_prints_a_row_per_kind_and_the_paired_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arena_main(["--game", "capodama", "--players", "2", "--seats", "rules,random", "--deals", "40"])
    out = capsys.readouterr().out
    rows = [line.split()[0] for line in out.splitlines()[2:4]]
    assert rows == ["rules", "random"]
    assert "paired per deal, rules - random: won" in out.splitlines()[4]
    assert out.count("%") >= 9


def test_a_ladder_needs_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        arena_main(["--game", "capodama", "--players", "1", "--levels"])
    assert exc.value.code == 2
    assert "no ladder for capodama with 1 player" in capsys.readouterr().err
