"""The arena's deals written down one by one, and read back to pool many runs into one table.

A strength gap of a few points of win share takes a thousand deals or more to tell apart, hours
of play spread over runs and processes.  ``python -m game.tools.arena ... --record FILE``
appends one line per finished deal (JSON: the configuration, the deal's seed and each kind's
result), so a run stopped at any moment keeps every deal it finished, and
``python -m game.tools.arena --combine FILE ...`` prints the very table one long run would have
printed over all of them: the per-deal samples are pooled, not the runs' intervals.  A deal (its
seed) met twice counts once, the first time: the cards are the same, so the second is no new
sample.  A record names the configuration, not the code: pool only runs of the same levels (a
changed budget or search is a new file).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

__all__ = [
    "Config",
    "Deal",
    "KindDeal",
    "RecordError",
    "append",
    "read_records",
    "record_line",
    "seed_ranges",
]


class RecordError(ValueError):
    """A record file that cannot be read or pooled, with the reason in words."""


@dataclass(frozen=True)
class Config:
    """What a recorded deal was played as; only deals of one configuration pool together."""

    game: str
    players: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()

    def describe(self) -> str:
        extra = "".join(f", {k}={v}" for k, v in self.options)
        return f"{self.game}, {self.players} players, seats {','.join(self.seats)}{extra}"


@dataclass(frozen=True)
class KindDeal:
    """How one deal went for one kind, over its seats and the deal's seatings: ``won`` and
    ``points`` (the match points awarded) as the arena's table shows them, and ``took``, what
    its side took in the deal in the game's own unit (card points, deal points), which tells
    two kinds apart in fewer deals where a deal's outcome is mostly its cards; None in records
    written before it was kept."""

    won: float
    points: float
    cpu: float
    decisions: int
    took: float | None = None


@dataclass(frozen=True)
class Deal:
    """One deal: its seed (the match's), and how it went for each kind."""

    seed: int
    kinds: dict[str, KindDeal]


def record_line(config: Config, deal: Deal) -> str:
    """The line a deal is recorded as (no newline)."""
    return json.dumps(
        {
            "game": config.game,
            "players": config.players,
            "seats": list(config.seats),
            "options": dict(config.options),
            "seed": deal.seed,
            "kinds": {
                k: [v.won, v.points, v.cpu, v.decisions, v.took] for k, v in deal.kinds.items()
            },
        },
        sort_keys=True,
    )


def _parse(line: str, where: str) -> tuple[Config, Deal]:
    try:
        raw = json.loads(line)
        config = Config(
            str(raw["game"]),
            int(raw["players"]),
            tuple(str(s) for s in raw["seats"]),
            tuple(sorted(dict(raw["options"]).items())),
        )
        kinds = {
            str(k): KindDeal(float(v[0]), float(v[1]), float(v[2]), int(v[3]), _took(v[4:]))
            for k, v in dict(raw["kinds"]).items()
        }
        deal = Deal(int(raw["seed"]), kinds)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise RecordError(
            f"{where}: not an arena record ({exc.__class__.__name__}: {exc})"
        ) from None
    if set(kinds) != set(config.seats):
        raise RecordError(f"{where}: the kinds {sorted(kinds)} are not the seats {config.seats}")
    return config, deal


def _took(rest: list[Any]) -> float | None:
    """The deal's take, from what follows the first four figures (nothing in older records)."""
    return float(rest[0]) if rest and rest[0] is not None else None


def _lines(paths: Iterable[Path]) -> Iterator[tuple[str, str]]:
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"{path}: cannot be read ({exc})") from None
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                yield line, f"{path}, line {number}"


def read_records(paths: Iterable[Path]) -> tuple[Config, list[Deal], int]:
    """The configuration, the distinct deals in the order first met, and how many repeated
    deals were left out.  Raises :class:`RecordError` for an unreadable line, no deal at all,
    or deals of more than one configuration."""
    config: Config | None = None
    deals: list[Deal] = []
    seen: set[int] = set()
    repeated = 0
    for line, where in _lines(paths):
        this, deal = _parse(line, where)
        if config is None:
            config = this
        elif this != config:
            raise RecordError(
                f"{where}: {this.describe()} cannot be pooled with {config.describe()}"
            )
        if deal.seed in seen:
            repeated += 1
            continue
        seen.add(deal.seed)
        deals.append(deal)
    if config is None:
        raise RecordError("no recorded deal in the files given")
    return config, deals, repeated


def seed_ranges(seeds: Iterable[int]) -> str:
    """Seeds as runs of consecutive numbers: ``"100–124, 200–209"``."""
    runs: list[list[int]] = []
    for s in sorted(set(seeds)):
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return ", ".join(f"{a}" if a == b else f"{a}–{b}" for a, b in runs) or "none"


def append(stream: TextIO, config: Config, deal: Deal) -> None:
    """Write one deal's line and flush it, so a run stopped next keeps it."""
    stream.write(record_line(config, deal) + "\n")
    stream.flush()
