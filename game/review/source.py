"""The match a review reads: a history file as the app keeps it, or a bare engine record.

A history file is ``{"format": "tavolo-save/1", "record": {...}, "seats": [...],
"names": [...]}`` (the record as ``state.record()`` writes it, the seats' kinds, "human" for
the player's); a bare record is ``{"format": "tavolo-record/1", "game": ..., ...}``.  The file
is read here, not through the UI's save module, so that the review stays beside the AI: a file
that is damaged, written by a newer Tavolo or of a game this one does not know is refused with
:class:`Unreadable`, whose message says which.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.catalog import CATALOG
from game.engine import GameState, load_record

__all__ = ["RECORD_FORMAT", "SAVE_FORMAT", "Match", "Unreadable", "match_of", "read_match"]

#: The formats this Tavolo writes (a higher number after the slash is a newer Tavolo's).
SAVE_FORMAT = "tavolo-save/1"
RECORD_FORMAT = "tavolo-record/1"


class Unreadable(ValueError):
    """A match file that cannot be reviewed; the message says why, in one line."""


@dataclass(frozen=True)
class Match:
    """A readable match: its record, the replayed state, and the seat reviewed by default
    (the human's, else seat 0)."""

    record: dict[str, Any]
    state: GameState[Any]
    seat: int


def read_match(path: Path) -> Match:
    """The match in the file at ``path``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or exc
        raise Unreadable(f"{path} could not be read: {why}") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise Unreadable(f"{path} is damaged: it is not valid JSON") from None
    try:
        return match_of(data)
    except Unreadable as exc:
        raise Unreadable(f"{path}: {exc}") from None


def match_of(data: Any) -> Match:
    """The match in a history file's or a bare record's JSON ``data``."""
    fmt = data.get("format") if isinstance(data, dict) else None
    seats: Any = None
    if fmt == SAVE_FORMAT:
        record, seats = data.get("record"), data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise Unreadable("it is damaged: its seats are not a list of seat kinds")
    elif fmt == RECORD_FORMAT:
        record = data
    else:
        raise Unreadable(_unknown_format(fmt))
    if not isinstance(record, dict):
        raise Unreadable("it is damaged: its record is missing")
    game = record.get("game")
    if not isinstance(game, str) or game not in CATALOG:
        raise Unreadable(f"it is a match of a game this Tavolo does not know ({game!r})")
    try:
        state = load_record(record)
    except Exception as exc:  # a file anyone can edit: any failure to replay means damaged
        raise Unreadable(f"it is damaged: its moves do not replay ({exc})") from None
    if seats is not None and len(seats) != state.players:
        raise Unreadable(f"it is damaged: it seats {len(seats)} for {state.players} players")
    seat = seats.index("human") if seats is not None and "human" in seats else 0
    return Match(record, state, seat)


def _unknown_format(fmt: Any) -> str:
    for known in (SAVE_FORMAT, RECORD_FORMAT):
        name, _, version = known.partition("/")
        if isinstance(fmt, str) and fmt.startswith(name + "/"):
            newer = fmt.removeprefix(name + "/")
            if newer.isdigit() and int(newer) > int(version):
                return f"a newer version of Tavolo wrote it ({fmt})"
    return "it is not a Tavolo match file (no tavolo-save/1 or tavolo-record/1 format)"
