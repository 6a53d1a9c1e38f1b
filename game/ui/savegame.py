"""The match in progress, saved after every move: "Continue" resumes it after a restart or crash.

The save is the engine's JSON record (game, options, seed, moves) plus how the table was seated;
replaying the record rebuilds the exact state, so nothing of the UI needs to be stored.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import GameState, RecordError, load_record

from . import storage

log = logging.getLogger(__name__)


@dataclass
class MatchSetup:
    """Who sits where: the seat kinds ("human", "rules", "random"...) per player."""

    game: str
    players: int
    seats: list[str]
    autoplay: bool = False

    @property
    def solitaire(self) -> bool:
        return self.players == 1


def save_path() -> Path:
    return storage.data_dir() / "match.json"


def save_match(state: GameState, setup: MatchSetup, path: Path | None = None) -> None:
    path = path or save_path()
    data = {
        "format": "tavolo-save/1",
        "record": state.record(),
        "seats": list(setup.seats),
    }
    try:
        storage.write_json_atomic(path, data)
    except OSError as exc:
        log.warning("could not save the match to %s: %s", path, exc)


def clear_save(path: Path | None = None) -> None:
    path = path or save_path()
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("could not remove %s: %s", path, exc)


def has_save(path: Path | None = None) -> bool:
    return (path or save_path()).is_file()


def load_match(path: Path | None = None) -> tuple[GameState, MatchSetup] | None:
    """The saved match, or None (logged) when there is none or it cannot be replayed."""
    path = path or save_path()
    if not path.is_file():
        return None
    try:
        data: Any = storage.read_json(path)
        record = data["record"]
        seats = [str(s) for s in data["seats"]]
        state = load_record(record)
    except (OSError, ValueError, KeyError, TypeError, RecordError) as exc:
        log.warning("the saved match in %s cannot be resumed: %s", path, exc)
        return None
    if state.is_over or len(seats) != state.players:
        return None
    return state, MatchSetup(state.name, state.players, seats)
