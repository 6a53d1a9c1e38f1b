"""The statistics model and its file: figures counted once, streaks, and every fault survived.

A damaged file is set aside (renamed with a timestamp) and fresh statistics start; a newer
version's file is left byte for byte as it was; a write that fails says why and raises nothing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.engine import GAMES, SeatResult
from game.ui import stats
from game.ui.stats import Figures, MatchMark, Stats


def _mark(won: bool, mine: int = 5, other: int | None = 3) -> MatchMark:
    return MatchMark(won, mine, other, "2026-11-23")


def test_streaks_follow_the_matches_won_in_a_row() -> None:
    book = Stats()
    for i, won in enumerate([True, True, False, True, True, True, False, True]):
        assert book.add_match(f"m{i}", "scopa", 2, _mark(won))
    f = book.of("scopa", 2)
    assert (f.matches, f.matches_won) == (8, 6)
    assert (f.streak, f.best_streak) == (1, 3)
    assert f.win_rate == 6 / 8
    assert [m.won for m in f.last] == [True, True, False, True, True, True, False, True]


def test_the_chart_keeps_the_last_twenty_matches() -> None:
    book = Stats()
    for i in range(25):
        book.add_match(f"m{i}", "cattura", 3, _mark(i % 2 == 0, mine=i))
    last = book.of("cattura", 3).last
    assert len(last) == stats.LAST == 20
    assert [m.mine for m in last] == list(range(5, 25))


def test_a_deal_or_match_is_counted_once_per_key() -> None:
    book = Stats()
    won = SeatResult(True, 90, 2)
    assert book.add_deal("k1:deal1", "capodama", 4, won, 7)
    assert not book.add_deal("k1:deal1", "capodama", 4, won, 7)
    assert book.add_deal("k2:deal2", "capodama", 4, SeatResult(False, 40, 0), 7)
    f = book.of("capodama", 4)
    assert (f.deals, f.deals_won, f.points) == (2, 1, 130)
    assert f.points_per_deal == 65
    assert (f.best_points, f.worst_points) == (90, 40)
    assert f.seeds_won == []  # deal numbers are the solitaire's


def test_the_solitaire_keeps_best_worst_and_the_deal_numbers_won() -> None:
    book = Stats()
    for seed, (won, points) in enumerate([(False, 0), (True, 81), (False, 120), (True, 84)]):
        book.add_deal(f"s{seed}", "capodama", 1, SeatResult(won, points, 0), 100 + seed)
    f = book.of("capodama", 1)
    assert (f.deals, f.deals_won) == (4, 2)
    assert (f.best_points, f.worst_points) == (120, 0)
    assert f.seeds_won == [101, 103]


def test_the_solitaires_best_and_worst_follow_the_window() -> None:
    """The window (the engine's) judges the solitaire's deals: a won 83 beats a lost 101, and
    out of the window the nearer is the better, whichever side it misses on."""
    window = GAMES["capodama"].windows[1]
    assert window == (80, 85)
    book = Stats()
    for seed, (won, points) in enumerate([(False, 101), (True, 83), (False, 62), (False, 79)]):
        book.add_deal(f"s{seed}", "capodama", 1, SeatResult(won, points, 0), seed)
    assert book.of("capodama", 1).goal(window) == (83, 62)  # 62 misses by 18, 101 by 16
    lost = Stats()
    for seed, points in enumerate([101, 70, 88, 120]):
        lost.add_deal(f"l{seed}", "capodama", 1, SeatResult(False, points, 0), seed)
    f = lost.of("capodama", 1)
    assert f.goal(window) == (88, 120)  # 88 misses by 3, 70 by 10, 101 by 16, 120 by 35
    assert (f.best_points, f.worst_points) == (120, 70)  # the most and the fewest points


def test_a_file_from_before_the_window_is_judged_from_what_it_holds() -> None:
    """A file written before the nearest deal was kept holds the most and the fewest points
    and the last deals: the farthest is one of the first two, the nearest is looked for in all
    of them, and the next deal keeps the nearest from then on."""
    window = (80, 85)
    old = {
        "deals": 3, "deals_won": 1, "best_points": 101, "worst_points": 60,
        "last": [{"won": True, "mine": 83, "other": None, "date": "2026-11-20"}],
    }  # fmt: skip
    f = Figures.from_json(old)
    assert f.goal(window) == (83, 60)
    f.add_deal(SeatResult(False, 90, 0), 5, True, window)
    assert f.nearest_points == 83 and f.goal(window) == (83, 60)


def test_a_reset_forgets_one_game_only_and_keeps_the_keys() -> None:
    book = Stats()
    book.add_match("a", "scopa", 2, _mark(True))
    book.add_match("b", "scopa", 4, _mark(True))
    book.add_match("c", "tressette", 4, _mark(False))
    book.reset("scopa")
    assert book.of("scopa", 2) == Figures() and book.of("scopa", 4) == Figures()
    assert book.of("tressette", 4).matches == 1
    assert not book.add_match("a", "scopa", 2, _mark(True))  # counted before the reset


def test_the_file_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    book = Stats()
    book.add_deal("d", "capodama", 1, SeatResult(True, 83, 0), 42)
    book.add_match("m", "capodama", 1, _mark(True, 83, None))
    assert stats.save(book, path) is None
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["format"] == "tavolo-stats/1"
    again = stats.load(path)
    assert again.notice is None and again.stats is not None
    assert again.stats.of("capodama", 1) == book.of("capodama", 1)
    assert again.stats.seen == ["d", "m"]


def _aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob("stats.json.damaged-*"))


def test_a_damaged_file_is_set_aside_and_fresh_statistics_start(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    for damage in ('{"format": "tavolo-stats/1", "figures": {"sco', "[" * 100_000 + "]" * 100_000):
        path.write_text(damage, encoding="utf-8")
        book = stats.load(path)
        assert book.stats is not None and book.stats.figures == {}
        assert book.notice and "damaged" in book.notice and str(path) in book.notice
        assert not path.exists()
        kept = _aside(path)
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == damage
        assert book.notice is not None and kept[0].name in book.notice
        assert stats.save(book.stats, path) is None
        assert stats.load(path).notice is None
        kept[0].unlink()


def test_a_fifo_named_stats_json_is_set_aside_without_hanging(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    os.mkfifo(path)
    book = stats.load(path)
    assert book.stats is not None and book.notice and "damaged" in book.notice
    assert not path.exists() and len(_aside(path)) == 1


def test_a_file_of_the_wrong_shape_is_damaged_too(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    shapes = [
        [],
        {"format": "tavolo-save/1"},
        {"format": "tavolo-stats/1", "figures": {"scopa/2": {"matches": "three"}}},
        {"format": "tavolo-stats/1", "figures": {"scopa": {}}},
        {"format": "tavolo-stats/1", "figures": {"scopa/2": {"last": [{"won": 1}]}}},
        {"format": "tavolo-stats/1", "seen": "abc"},
    ]
    for shape in shapes:
        path.write_text(json.dumps(shape), encoding="utf-8")
        book = stats.load(path)
        assert book.stats is not None and book.stats.figures == {}, shape
        assert len(_aside(path)) == 1, shape
        _aside(path)[0].unlink()


def test_figures_out_of_range_are_damage(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    huge = int("9" * 400)
    ranged = [
        {"points": huge, "deals": 3},
        {"matches": -1},
        {"deals": stats.MOST + 1},
        {"best_points": -huge},
        {"seeds_won": [stats.SEED_MOST + 1]},
        {"last": [{"won": True, "mine": huge, "other": 3, "date": "2026-11-23"}]},
    ]
    for figures in ranged:
        shape = {"format": "tavolo-stats/1", "figures": {"scopa/2": figures}}
        path.write_text(json.dumps(shape), encoding="utf-8")
        book = stats.load(path)
        assert book.stats is not None and book.stats.figures == {}, figures
        assert len(_aside(path)) == 1, figures
        _aside(path)[0].unlink()
    edge = {"points": stats.MOST, "deals": stats.MOST, "seeds_won": [stats.SEED_MOST]}
    path.write_text(json.dumps({"format": "tavolo-stats/1", "figures": {"scopa/2": edge}}))
    book = stats.load(path)
    assert book.notice is None and book.stats is not None
    assert book.stats.of("scopa", 2).points_per_deal == 1


def test_a_newer_file_is_left_untouched_and_unavailable(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    newer = '{"format": "tavolo-stats/2", "figures": {"scopa/2": {"elo": 1500}}}\n'
    path.write_text(newer, encoding="utf-8")
    book = stats.load(path)
    assert book.stats is None
    assert book.notice and "newer version" in book.notice
    assert path.read_text(encoding="utf-8") == newer
    assert _aside(path) == []


def test_a_failed_write_says_why_and_raises_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    notice = stats.save(Stats(), blocker / "stats.json")
    assert notice is not None
    assert str(blocker) in notice and "play goes on" in notice


def test_an_unreadable_file_is_unavailable_and_kept(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    book = stats.load(blocker / "stats.json")
    assert book.stats is None
    assert book.notice and "could not be read" in book.notice
    assert blocker.read_text(encoding="utf-8") == "a file where the folder should be"


def test_a_format_number_that_is_no_number_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_text('{"format": "tavolo-stats/\u00b2"}', encoding="utf-8")
    book = stats.load(path)
    assert book.stats is not None and len(_aside(path)) == 1
