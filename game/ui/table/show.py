"""The show: the engine's event log turned into the table's animation beats.

The engine runs ahead; the table follows its event log (``state.events``) with an index
(``TableModel.ev``), each event seen as the viewer may see it.  The game's presentation module
animates what it knows (:meth:`~game.ui.games.base.GameUI.enqueue`, a run of alike events at
once with ``enqueue_batch``); a deal's end and the match's end are the table's own beats (its
summary, its result), which hold the show until they are closed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from game.engine import DealScored, Event, MatchOver

if TYPE_CHECKING:
    from .model import TableModel


class Ends(NamedTuple):
    """What the table does at a deal's end and at the match's end (its summary, its result),
    called as their beats come up; each returns the beat's length."""

    scored: Callable[[DealScored], float]
    over: Callable[[MatchOver], float]


def pump(t: TableModel) -> None:
    """Every event not yet shown, into beats."""
    events = t.state.events
    batch_kinds = t.gui.batch_kinds
    seen = None if t.sees_all else t.viewer  # None: every card as it is
    while t.ev < len(events):
        e = events[t.ev] if seen is None else events[t.ev].for_seat(seen)
        t.ev += 1
        kind = type(e.data)
        if kind in batch_kinds:
            batch = [e]
            while t.ev < len(events) and type(events[t.ev].data) is kind:
                batch.append(events[t.ev] if seen is None else events[t.ev].for_seat(seen))
                t.ev += 1
            t.gui.enqueue_batch(batch)
            continue
        _enqueue(t, e)


def _enqueue(t: TableModel, e: Event) -> None:
    if t.gui.enqueue(e):
        return
    match e.data:
        case DealScored() as scored:
            t.queue.add(lambda: t.ends.scored(scored), "deal_scored", blocking=True)
        case MatchOver() as over:
            t.queue.add(lambda: t.ends.over(over), "match_over", blocking=True)
