"""The load test's small case: a real server process, tables of bot clients over loopback, the
figures it reports; and its command line refusing what it cannot run."""

from __future__ import annotations

import pytest

from game.net.load import _parser, main, run_load

#: The keys issue 30 names for ``--json``.
KEYS = "tables_finished moves errors leaks p50_ms p99_ms server_cpu_ms_per_move server_rss_mb"


def test_three_tables_of_scopa_finish_without_errors_or_leaks() -> None:
    args = _parser().parse_args(["--tables", "3", "--players", "2", "--think", "0"])
    report = run_load(args)
    assert list(report.figures()) == KEYS.split()
    assert report.tables_finished == 3 and report.errors == 0 and report.leaks == 0
    assert report.moves >= 3 * 36  # at least a whole deal of 36 moves at every table
    assert 0 < report.p50_ms <= report.p99_ms
    assert report.server_cpu_ms_per_move > 0


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--game", "scopa", "--players", "5"], "scopa is played by 2, 3, 4, 6"),
        (["--level", "godlike"], "--level is one of"),
        (["--tables", "0"], "--tables is at least 1"),
    ],
)
def test_what_cannot_be_run_is_refused_with_a_clear_message(capsys, args, said) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err
