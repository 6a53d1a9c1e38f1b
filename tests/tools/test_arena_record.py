"""The arena's record of finished deals and ``--combine``: pooling runs gives the table one run
over the same deals gives, a deal met twice counts once, and a bad file is a clear usage error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.tools.arena import main as arena_main
from game.tools.arena import report, run_arena, tally
from game.tools.arena_record import Config, Deal, RecordError, read_records, seed_ranges

CONFIG = Config("capodama", 2, ("rules", "random"))


def _played(deals: list[Deal]) -> list[tuple[int, dict[str, tuple[float, float, int]]]]:
    """What the deals played to (CPU time differs from one run to the next)."""
    return [
        (d.seed, {k: (v.won, v.points, v.decisions) for k, v in d.kinds.items()}) for d in deals
    ]


def _run(path: Path, seed: int, deals: int, jobs: int = 1) -> list[Deal]:
    seen: list[Deal] = []
    argv = ["--game", "capodama", "--players", "2", "--seats", "rules,random"]
    argv += ["--deals", str(deals), "--seed", str(seed), "--jobs", str(jobs), "--record", str(path)]
    assert arena_main(argv) == 0
    run_arena("capodama", 2, ["rules", "random"], deals, seed, jobs, seen.append)
    return seen


def test_a_recorded_run_combines_to_its_own_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "runs.jsonl"
    played = _run(path, seed=40, deals=8)
    printed = capsys.readouterr().out.splitlines()
    assert len(path.read_text().splitlines()) == 8  # one line per deal
    assert [d.seed for d in played] == list(range(40, 48))
    assert arena_main(["--combine", str(path)]) == 0
    combined = capsys.readouterr().out.splitlines()
    assert combined[1:] == printed[1:]  # the same rows and paired difference, to the digit
    assert "8 deals (seeds 40–47) from 1 file(s)" in combined[0]


def test_overlapping_runs_count_each_deal_once(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a = _run(first, seed=10, deals=5)
    b = _run(second, seed=13, deals=4)  # seeds 13..16: 13 and 14 again, with other dice
    config, deals, repeated = read_records([first, second])
    assert config == CONFIG and repeated == 2
    assert [d.seed for d in deals] == [10, 11, 12, 13, 14, 15, 16]
    assert _played(deals) == _played(a + b[2:])  # the first time a deal is met is the one kept
    stats, pairs = tally(config.seats, deals)
    assert stats["rules"].n == 7
    assert pairs[0].won.samples == [d.kinds["rules"].won - d.kinds["random"].won for d in a + b[2:]]
    assert report(stats, pairs)[1].startswith("rules")


def test_records_arrive_in_order_from_several_processes(tmp_path: Path) -> None:
    path = tmp_path / "two.jsonl"
    played = _run(path, seed=70, deals=4, jobs=2)
    assert [d.seed for d in played] == [70, 71, 72, 73]
    assert _played(read_records([path])[1]) == _played(played)


def test_mixed_or_broken_files_are_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok = tmp_path / "ok.jsonl"
    _run(ok, seed=1, deals=2)
    capsys.readouterr()
    other = tmp_path / "other.jsonl"
    line = json.loads(ok.read_text().splitlines()[0])
    line["seats"] = ["random", "rules"]
    other.write_text(json.dumps(line) + "\n")
    with pytest.raises(RecordError, match="cannot be pooled with capodama, 2 players, seats rules"):
        read_records([ok, other])
    broken = tmp_path / "broken.jsonl"
    broken.write_text(ok.read_text() + '{"game": "capodama", "play')
    with pytest.raises(SystemExit) as exc:
        arena_main(["--combine", str(broken)])
    assert exc.value.code == 2
    assert "broken.jsonl, line 3: not an arena record" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena_main(["--combine", str(tmp_path / "missing.jsonl")])
    assert "cannot be read" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    with pytest.raises(RecordError, match="no recorded deal"):
        read_records([empty])
    with pytest.raises(SystemExit):
        arena_main(["--combine", str(ok), "--game", "scopa"])
    assert "give it alone" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena_main(["--game", "scopa", "--players", "2", "--levels", "--record", str(ok)])
    assert "--record keeps one match-up" in capsys.readouterr().err


def test_seed_ranges_join_consecutive_seeds() -> None:
    assert seed_ranges([5, 1, 2, 3, 9, 10, 3]) == "1–3, 5, 9–10"
    assert seed_ranges([]) == "none"


def test_the_take_is_recorded_and_older_records_read_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "took.jsonl"
    played = _run(path, seed=20, deals=3)
    capsys.readouterr()
    # what each kind's side took: Capodama's 150 card points a deal shared between the two
    for d in played:
        took = [v.took for v in d.kinds.values()]
        assert None not in took and sum(t or 0 for t in took) == 150
    assert [d.kinds["rules"].took for d in read_records([path])[1]] == [
        d.kinds["rules"].took for d in played
    ]
    assert arena_main(["--combine", str(path)]) == 0
    assert "rules - random: took" in capsys.readouterr().out
    old = tmp_path / "old.jsonl"  # a line of before the take: four figures per kind
    line = json.loads(path.read_text().splitlines()[0])
    line["kinds"] = {k: v[:4] for k, v in line["kinds"].items()}
    old.write_text(json.dumps(line) + "\n")
    (deal,) = read_records([old])[1]
    assert (
        deal.kinds["rules"].took is None and deal.kinds["rules"].won == played[0].kinds["rules"].won
    )
    assert arena_main(["--combine", str(old)]) == 0
    out = capsys.readouterr().out
    assert "rules - random: won" in out and "took" not in out
