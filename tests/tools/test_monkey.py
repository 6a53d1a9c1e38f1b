"""The monkey in CI: random events at the real app, 100 at each table, no exception and no
stall; and proof that the monkey sees an error page and a stalled table when there is one.

``python -m game.tools.monkey --events 50000`` is the full run (see the README).
"""

from __future__ import annotations

import random
from concurrent.futures import wait

import pytest
from ui_harness import make_app, start_game, user_dirs

from game import i18n
from game.catalog import CATALOG
from game.i18n import LANGUAGES
from game.tools import monkey
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene


def test_random_events_meet_every_table_without_an_exception_or_a_stall(
    tmp_path, monkeypatch
) -> None:
    user_dirs(tmp_path, monkeypatch)  # run() uses its own folders; these catch any slip
    events = monkey.TOUR_EVERY * sum(len(e.info.players) for e in CATALOG.values())
    found = monkey.run(events, seed=11)
    assert found.events == events
    assert found.failures == []
    assert (found.exceptions, found.stalls) == (0, 0)
    tables = {f"{g} {p}p" for g, p in [("capodama", n) for n in range(1, 7)]}
    tables |= {"scopa 2p", "scopa 3p", "scopa 4p", "scopa 6p", "tressette 3p", "tressette 4p"}
    tables |= {"cattura 2p", "cattura 3p", "cattura 4p"}
    tables |= {"briscola 2p", "briscola 3p", "briscola 4p", "scopone 4p"}
    assert found.games == tables
    # the tour opens the menu, Settings and Rules over some tables, so all are met on any machine
    over = {"PauseScene", "SettingsScene", "RulesScene"}
    assert {"TitleScene", "TableScene", *over} <= set(found.scenes)
    assert found.rss_peak >= found.rss_end > 0 and found.cache_end is not None
    assert len(found.rss_curve) == len(found.rss_rest) == 10  # after each tenth, and at rest
    assert found.languages == set(LANGUAGES)  # every language met a match on screen
    assert i18n.language() == "en"  # and the process got its own back
    assert not list(tmp_path.rglob("*.json"))  # the test's own user folders stay untouched


def test_the_error_page_counts_as_an_exception(tmp_path, monkeypatch) -> None:
    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    found = monkey.Findings()
    watcher = monkey.Monkey(app, random.Random(1), found)
    watcher.frame()
    assert found.exceptions == 0

    def broken(self: TitleScene, dt: float) -> None:
        raise RuntimeError("drawn wrong")

    monkeypatch.setattr(TitleScene, "update", broken)  # a still title is not drawn again
    watcher.frame()
    assert isinstance(app.scenes.top, ErrorScene)
    assert found.exceptions == 1
    assert "error page: RuntimeError: drawn wrong" in found.failures[0]
    for _ in range(5):
        watcher.frame()  # the same error page is counted once
    assert found.exceptions == 1
    app.shutdown()


def test_a_table_where_nobody_can_move_counts_as_a_stall(tmp_path, monkeypatch) -> None:
    user_dirs(tmp_path, monkeypatch)
    monkeypatch.setattr(monkey, "STALL_FRAMES", 50)
    app = make_app()
    table = start_game(app, "scopa", 2, seats=["rules", "rules"])
    found = monkey.Findings()
    watcher = monkey.Monkey(app, random.Random(1), found)
    for _ in range(200):
        watcher.frame()
    assert found.stalls == 0  # the AI plays on
    assert table.model.state.history

    def frozen(self: TableScene, dt: float) -> None:
        self.loading = False  # pictures ready, but the table never asks anyone to move

    monkeypatch.setattr(TableScene, "update", frozen)
    if (
        table.model.ai.thought is not None
    ):  # a move the worker is still choosing counts as thinking:
        wait([table.model.ai.thought.future], timeout=60)  # let it end, however busy the machine
    for _ in range(60):
        watcher.frame()
    assert found.stalls == 1
    assert found.failures[0].startswith("stall: scopa")
    app.shutdown()


def test_the_report_gives_the_rss_at_the_half_at_the_end_and_what_the_second_half_added() -> None:
    mb = 1024 * 1024
    found = monkey.Findings(events=50000, rss_start=50 * mb, rss_end=190 * mb, rss_peak=240 * mb)
    found.rss_curve = [n * mb for n in (150, 170, 160, 180, 200, 150, 190, 170, 160, 190)]
    found.rss_rest = [n * mb for n in (60, 70, 75, 78, 80, 80, 81, 82, 83, 84)]
    said = monkey.report(found, 2)
    assert "RSS 50 MB at start, 190 MB at end, 240 MB at most" in said
    assert "150 170 160 180 200 150 190 170 160 190 MB, the second half -5.0%" in said
    assert "60 70 75 78 80 80 81 82 83 84 MB, the second half +5.0%" in said
    assert monkey.second_half(found.rss_curve[:9]) is None  # not ten tenths: no figure


@pytest.mark.parametrize("argv", [["--events", "0"], ["--events", "x"]])
def test_the_command_refuses_a_bad_count(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        monkey.main(argv)
    assert exc.value.code == 2
