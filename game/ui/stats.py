"""The player's statistics per game and player count, kept in ``stats.json`` beside the saves.

Only the human player's results count, and only in matches with a human seat (never autoplay):
the table calls :func:`deal_scored` when it shows a deal's summary and :func:`match_over` when
it shows the result.  Each deal and match is recorded once, keyed by a digest of the engine's
record at that point (game, options, seed, moves) and the deal number, so Continue after a
restart, or a summary shown again, does not count it twice; the last keys are kept in the file.

Points per deal are the engine's ``DealScored.results[seat].points`` (what the player's side
took in the deal, in the game's own unit: Capodama's card points, Scopa's deck points, Cattura's
score), not the match points awarded, which in Capodama would only say won or lost again.
Where a deal is won by landing in a window (the solitaire: the engine's ``GameInfo.windows``),
the best deal is the one nearest the window and the worst the farthest (:meth:`Figures.goal`),
not the most and fewest points.

The file is versioned JSON (``{"format": "tavolo-stats/1", ...}``) written atomically.  A
damaged file is renamed aside with a timestamp and fresh statistics start (the player is told
once); a file of a newer version is left untouched and the statistics are unavailable until
that version runs again.  A failed write is logged and told once; it never stops the game.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from game.engine import GAMES, DealScored, GameState, MatchOver, SeatResult
from game.i18n import _

from . import savejournal, storage

if TYPE_CHECKING:
    from .runner import App
    from .savegame import MatchSetup

log = logging.getLogger(__name__)

FORMAT = "tavolo-stats/1"
_PREFIX = "tavolo-stats/"
_VERSION = 1
#: matches kept for the chart
LAST = 20
#: keys of recorded deals and matches remembered, so none is counted twice
SEEN = 400
#: the solitaire deal numbers won that are kept
SEEDS = 200
#: the largest count or score a file may hold: no player comes near it, and past it a figure is
#: damage (a 400-digit number would overflow the page's arithmetic)
MOST = 10**9
#: the largest deal number kept (the command line takes none larger)
SEED_MOST = 10**18 - 1


def stats_path() -> Path:
    return storage.data_dir() / "stats.json"


@dataclass
class MatchMark:
    """One finished match for the chart: won or lost, the player's score and the rival's."""

    won: bool
    mine: int
    other: int | None
    date: str


def miss(points: int, window: tuple[int, int]) -> int:
    """How far ``points`` fell from ``window``: 0 inside it."""
    lo, hi = window
    return max(lo - points, points - hi, 0)


@dataclass
class Figures:
    """Everything counted for one game and player count: ``best_points`` and ``worst_points``
    are the most and the fewest points a deal brought (their names in the file);
    ``nearest_points`` the points of the deal nearest the window, where deals are won in one."""

    matches: int = 0
    matches_won: int = 0
    deals: int = 0
    deals_won: int = 0
    points: int = 0
    streak: int = 0
    best_streak: int = 0
    best_points: int | None = None
    worst_points: int | None = None
    nearest_points: int | None = None
    seeds_won: list[int] = field(default_factory=list)
    last: list[MatchMark] = field(default_factory=list)

    @property
    def win_rate(self) -> float | None:
        return self.matches_won / self.matches if self.matches else None

    @property
    def deal_rate(self) -> float | None:
        return self.deals_won / self.deals if self.deals else None

    @property
    def points_per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None

    def add_deal(
        self,
        result: SeatResult,
        seed: int,
        solitaire: bool,
        window: tuple[int, int] | None = None,
    ) -> None:
        """Count a deal; ``window`` is where its points had to land, if they had to."""
        p = result.points
        if window is not None:
            nearest = self.goal(window)[0]
            if nearest is None or miss(p, window) < miss(nearest, window):
                nearest = p
            self.nearest_points = nearest
        self.deals += 1
        self.deals_won += result.won
        self.points += result.points
        self.best_points = p if self.best_points is None else max(p, self.best_points)
        self.worst_points = p if self.worst_points is None else min(p, self.worst_points)
        if solitaire and result.won:
            self.seeds_won = [*self.seeds_won, seed][-SEEDS:]

    def goal(self, window: tuple[int, int]) -> tuple[int | None, int | None]:
        """The best and the worst deal's points as ``window`` judges them: nearest to it and
        farthest from it (a won 83 beats a lost 101 for a window of 80 to 85).  The farthest
        is always one of the most and the fewest points; the nearest is kept since this
        version, and a file from before it is judged from what it holds."""
        extremes = [p for p in (self.best_points, self.worst_points) if p is not None]
        if not extremes:
            return None, None
        known = [self.nearest_points] if self.nearest_points is not None else []
        known = known or [*extremes, *(m.mine for m in self.last)]
        nearest = min(known, key=lambda p: miss(p, window))
        return nearest, max(extremes, key=lambda p: miss(p, window))

    def add_match(self, mark: MatchMark) -> None:
        self.matches += 1
        self.matches_won += mark.won
        self.streak = self.streak + 1 if mark.won else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.last = [*self.last, mark][-LAST:]

    @classmethod
    def from_json(cls, raw: Any) -> Figures:
        """Figures from their JSON; ValueError when anything is missing or of the wrong type."""
        if not isinstance(raw, dict):
            raise ValueError("figures are not an object")
        counts = {k: _count(raw, k) for k in _COUNTS}
        points, best, worst = raw.get("points", 0), raw.get("best_points"), raw.get("worst_points")
        nearest = raw.get("nearest_points")
        scores = (best, worst, nearest)
        if not _is_score(points) or any(v is not None and not _is_score(v) for v in scores):
            raise ValueError(f"the points are not whole numbers within {MOST} either way")
        seeds = raw.get("seeds_won", [])
        if not isinstance(seeds, list) or not all(
            _is_int(s) and 0 <= s <= SEED_MOST for s in seeds
        ):
            raise ValueError("the deal numbers won are not a list of deal numbers")
        marks = raw.get("last", [])
        if not isinstance(marks, list):
            raise ValueError("the last matches are not a list")
        return cls(
            **counts,
            points=points,
            best_points=best,
            worst_points=worst,
            nearest_points=nearest,
            seeds_won=list(seeds),
            last=[_mark(m) for m in marks][-LAST:],
        )


_COUNTS = ("matches", "matches_won", "deals", "deals_won", "streak", "best_streak")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_score(v: Any) -> TypeGuard[int]:
    """A whole number of points within :data:`MOST` either way."""
    return _is_int(v) and -MOST <= v <= MOST


def _count(raw: dict[str, Any], key: str) -> int:
    v = raw.get(key, 0)
    if not _is_int(v) or not 0 <= v <= MOST:
        raise ValueError(f"{key} is not a number from 0 to {MOST}")
    return int(v)


def _mark(raw: Any) -> MatchMark:
    if not isinstance(raw, dict):
        raise ValueError("a match of the chart is not an object")
    won, mine, other, date = raw.get("won"), raw.get("mine"), raw.get("other"), raw.get("date")
    if not isinstance(won, bool) or not isinstance(date, str):
        raise ValueError("a match of the chart is incomplete")
    if not _is_score(mine):
        raise ValueError("a match of the chart has no score in range")
    if other is not None and not _is_score(other):
        raise ValueError("a match of the chart has a wrong score")
    return MatchMark(won, mine, other, date)


class Stats:
    """All figures, by ``"game/players"``, and the keys of what was recorded already."""

    def __init__(self) -> None:
        self.figures: dict[str, Figures] = {}
        self.seen: list[str] = []

    def of(self, game: str, players: int) -> Figures:
        return self.figures.get(f"{game}/{players}") or Figures()

    def _fresh(self, key: str) -> bool:
        """True the first time ``key`` is met (it is remembered from then on)."""
        if key in self.seen:
            return False
        self.seen = [*self.seen, key][-SEEN:]
        return True

    def add_deal(self, key: str, game: str, players: int, result: SeatResult, seed: int) -> bool:
        if not self._fresh(key):
            return False
        window = GAMES[game].windows.get(players) if game in GAMES else None
        figures = self.figures.setdefault(f"{game}/{players}", Figures())
        figures.add_deal(result, seed, players == 1, window)
        return True

    def add_match(self, key: str, game: str, players: int, mark: MatchMark) -> bool:
        if not self._fresh(key):
            return False
        self.figures.setdefault(f"{game}/{players}", Figures()).add_match(mark)
        return True

    def reset(self, game: str) -> None:
        """Forget every figure of ``game`` (every player count); the keys stay, so a deal
        already counted is not counted again."""
        self.figures = {k: v for k, v in self.figures.items() if k.split("/")[0] != game}

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "figures": {k: asdict(v) for k, v in sorted(self.figures.items())},
            "seen": list(self.seen),
        }

    @classmethod
    def from_json(cls, raw: Any) -> Stats:
        """Statistics from the file's JSON (format checked by the caller); ValueError if bad."""
        figures, seen = raw.get("figures", {}), raw.get("seen", [])
        if not isinstance(figures, dict) or not isinstance(seen, list):
            raise ValueError("the figures or the recorded keys are of the wrong type")
        stats = cls()
        for k, v in figures.items():
            game, _, players = str(k).partition("/")
            if not game or not players.isdecimal():
                raise ValueError(f"{k!r} names no game and player count")
            stats.figures[k] = Figures.from_json(v)
        stats.seen = [str(s) for s in seen][-SEEN:]
        return stats


@dataclass
class StatsFile:
    """The statistics as read from their file: ``stats`` is None when they are unavailable
    (a newer version's file, or one that cannot be read); ``notice`` is what to tell."""

    path: Path
    stats: Stats | None
    notice: str | None = None


def _version(raw: Any) -> int | None:
    """The file's format version, or None when it is not a statistics file at all."""
    fmt = raw.get("format") if isinstance(raw, dict) else None
    if not isinstance(fmt, str) or not fmt.startswith(_PREFIX):
        return None
    number = fmt.removeprefix(_PREFIX)
    return int(number) if number.isdecimal() else None


def load(path: Path | None = None) -> StatsFile:
    """The statistics in ``path`` (fresh ones when there is no file yet)."""
    path = path or stats_path()
    try:
        raw = storage.read_json(path)
    except FileNotFoundError:
        return StatsFile(path, Stats())
    except OSError as exc:
        log.warning("could not read the statistics in %s: %s", path, exc)
        why = _(
            "The statistics in {path} could not be read ({error}), so they are not shown or "
            "updated."
        ).format(path=path, error=exc.strerror or exc)
        return StatsFile(path, None, why)
    except ValueError as exc:
        log.warning("the statistics in %s are damaged: %s", path, exc)
        return _damaged(path)
    version = _version(raw)
    if version is not None and version > _VERSION:
        log.warning("the statistics in %s are of a newer version (%s)", path, raw["format"])
        why = _(
            "The statistics in {path} were written by a newer version of Tavolo: they are "
            "kept untouched and not shown here."
        ).format(path=path)
        return StatsFile(path, None, why)
    try:
        if version is None:
            raise ValueError("not a statistics file")
        return StatsFile(path, Stats.from_json(raw))
    except (ValueError, TypeError, AttributeError) as exc:
        log.warning("the statistics in %s are damaged: %s", path, exc)
        return _damaged(path)


def _damaged(path: Path) -> StatsFile:
    aside = storage.set_aside(path)
    if aside is None:
        why = _(
            "The statistics in {path} are damaged and could not be moved aside, so they are "
            "not shown or updated."
        ).format(path=path)
        return StatsFile(path, None, why)
    why = _(
        "The statistics in {path} were damaged: they were kept as {name}, and new statistics "
        "start now."
    ).format(path=path, name=aside.name)
    return StatsFile(path, Stats(), why)


def save(stats: Stats, path: Path | None = None) -> str | None:
    """Write ``stats``; on failure the sentence to tell the player (also logged)."""
    path = path or stats_path()
    try:
        storage.write_json_atomic(path, stats.to_json())
    except OSError as exc:
        log.warning("could not write the statistics to %s: %s", path, exc.strerror or exc)
        reason = exc.strerror or str(exc)
        return _("The statistics could not be saved in {folder} ({reason}); play goes on.").format(
            folder=path.parent, reason=reason
        )
    return None


def tell(app: App, notice: str | None) -> None:
    """Show ``notice`` as a toast, once per run (the saves' journal keeps what was told)."""
    if notice:
        savejournal.tell(app, [notice])


# -- what the table records -------------------------------------------------------------------
class Seated(Protocol):
    """What the recording needs of the table's model."""

    app: App
    setup: MatchSetup
    state: GameState

    @property
    def solitaire(self) -> bool: ...

    def kind_of(self, seat: int) -> str: ...


def _player(table: Seated) -> int | None:
    """The human seat whose results count: the solitaire's player, or the first human seat;
    None when nothing is to be recorded (autoplay, no human, a run that writes no files)."""
    if table.setup.autoplay or not table.app.persist:
        return None
    st = table.state
    return next((s for s in range(st.seats) if table.kind_of(s) == "human"), None)


def _key(state: GameState, what: str) -> str:
    """The same deal or match at the same point of the same game always gets the same key."""
    text = json.dumps(state.record(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20] + ":" + what


def _update(table: Seated, change: Any) -> None:
    """Read the file, apply ``change(stats)`` (True when something changed), write it back;
    nothing in a data folder the player was told cannot keep anything."""
    if savejournal.journal(table.app).is_down(stats_path().parent):
        return
    book = load()
    tell(table.app, book.notice)
    if book.stats is not None and change(book.stats):
        tell(table.app, save(book.stats, book.path))


def deal_scored(table: Seated, data: DealScored) -> None:
    """Count the deal the table is showing the summary of."""
    seat = _player(table)
    if seat is None:
        return
    st = table.state
    key = _key(st, f"deal{data.deal_no}")
    result = data.results[seat]
    _update(table, lambda s: s.add_deal(key, st.name, st.players, result, st.seed))


def match_over(table: Seated, data: MatchOver) -> None:
    """Count the match the table is showing the result of."""
    seat = _player(table)
    if seat is None:
        return
    st = table.state
    today = datetime.date.today().isoformat()
    if table.solitaire:
        last = next(e.data for e in reversed(st.events) if isinstance(e.data, DealScored))
        points = last.results[seat].points
        mark = MatchMark(bool(data.winners), points, None, today)
    else:
        won = seat in data.winners
        rivals = [s for s in range(st.seats) if (s in data.winners) != won]
        other = max((st.scores[s] for s in rivals), default=None)
        mark = MatchMark(won, st.scores[seat], other, today)
    key = _key(st, "match")
    _update(table, lambda s: s.add_match(key, st.name, st.players, mark))
