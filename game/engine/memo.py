"""Memo tables: answers worked out once and looked up after, each with a limit on its size.

The engine and the AI keep what they make over and over (moves, event payloads, sorted hands,
sums, probabilities) in tables that live as long as the process, shared by every match and
every search: a search's rollouts ask for the same few thousand again and again.  A table
keyed on positions never stops meeting new keys, though, so each one is a :class:`Memo` that
empties itself when it reaches its limit and fills again with what is asked for next.  The
limits are set where a smaller table starts to miss noticeably more in a search (the misses of
a seeded search were counted at limits from 4,096 up), so the tables together hold a few tens
of MB at most however long the app runs.

:data:`MEMOS` lists every table made, so a tool can say what they hold and a test can check
that every table the engine and the AI fill is one of them; :func:`forget_memos` empties them
all when a table of the app closes, so they hold one match's entries, not every match's (and
with them the tables kept in other shapes, such as the solitaire solver's, see
:func:`forget_also`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["MEMOS", "Memo", "forget_also", "forget_memos", "memo_entries"]

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict that empties itself rather than hold more than ``limit`` entries: look up with
    ``get`` (or ``in``), add with :meth:`keep`."""

    __slots__ = ("limit", "name")

    def __init__(self, name: str, limit: int) -> None:
        super().__init__()
        self.name = name
        self.limit = limit
        MEMOS.append(self)

    def keep(self, key: K, value: V) -> V:
        """Store ``value`` for ``key`` (first emptying the table if it is full); ``value``."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __repr__(self) -> str:
        return f"Memo({self.name!r}, {len(self)} of {self.limit})"


#: Every memo table made, in the order made.
MEMOS: list[Memo[Any, Any]] = []
#: What else :func:`forget_memos` empties: tables kept in another shape than a Memo.
_ALSO: list[Callable[[], None]] = []


def memo_entries() -> int:
    """How many entries the memo tables hold now, all together."""
    return sum(len(m) for m in MEMOS)


def forget_also(forget: Callable[[], None]) -> None:
    """Have :func:`forget_memos` call ``forget`` too (it empties a table of another shape)."""
    _ALSO.append(forget)


def forget_memos() -> None:
    """Empty every memo table (they fill again with what is asked for next)."""
    for m in MEMOS:
        m.clear()
    for forget in _ALSO:
        forget()
