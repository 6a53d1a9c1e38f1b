"""Where the server keeps its tables: SQLite (the standard library's sqlite3, WAL) in its data
folder, written after every change, so a server killed and started again resumes every table.

The server only speaks to :class:`TableStore`; a shared database (for several server processes
behind one proxy, docs/DEPLOY.md) would be another class with the same three methods.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, NamedTuple, Protocol

__all__ = ["SqliteStore", "Stored", "TableStore"]


class Stored(NamedTuple):
    """One stored table: its code, its seats and settings, its match record (None before the
    match starts)."""

    code: str
    meta: dict[str, Any]
    record: dict[str, Any] | None


class TableStore(Protocol):
    """What the server needs of its storage."""

    def save(
        self, code: str, meta: dict[str, Any], record: dict[str, Any] | None, over: bool
    ) -> None:
        """Keep the table ``code`` as it is now (replacing what was kept)."""

    def unfinished(self) -> list[Stored]:
        """Every table whose match is not over: what a starting server resumes."""

    def close(self) -> None:
        """Let go of the storage."""


class SqliteStore:
    """The tables in ``folder/tables.sqlite3``: one row per table, its meta and record as JSON."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "tables.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, meta TEXT NOT NULL,"
            " record TEXT, over INTEGER NOT NULL, updated REAL NOT NULL)"
        )

    def save(
        self, code: str, meta: dict[str, Any], record: dict[str, Any] | None, over: bool
    ) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO tables VALUES (?, ?, ?, ?, ?)",
            (
                code,
                json.dumps(meta),
                None if record is None else json.dumps(record),
                int(over),
                time.time(),
            ),
        )

    def unfinished(self) -> list[Stored]:
        rows = self.db.execute("SELECT code, meta, record FROM tables WHERE over = 0").fetchall()
        return [Stored(c, json.loads(m), None if r is None else json.loads(r)) for c, m, r in rows]

    def record(self, code: str) -> dict[str, Any] | None:
        """The stored record of table ``code`` (for tools and tests)."""
        row = self.db.execute("SELECT record FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None or row[0] is None else dict(json.loads(row[0]))

    def close(self) -> None:
        self.db.close()
