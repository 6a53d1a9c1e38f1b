"""A match's record as positions to move through: position ``k`` is the match after its first
``k`` moves, and where a deal ended there with the match going on, with the next deal dealt
(as the table deals it once the deal's summary is closed).

The record is replayed once from its start: the state at each deal's start is kept (a clone),
and what each move logged says where the tricks or captures end and where the deals start.
Any position is then the nearest kept state before it played on for the moves between, at most
one deal's worth, so a jump anywhere costs about one deal's replay.  Which events end a trick
or a capture is the game's presentation module's word (``GameUI.taking_kinds``); the events
themselves are the engine's.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from game.engine import GameState, Payload, load_record


class Track:
    def __init__(self, state: GameState[Any], taking: tuple[type[Payload], ...]) -> None:
        """``state``: the match as saved (its record is replayed); ``taking``: the kinds of
        events that end a trick or a capture."""
        record = state.record()
        self.moves: list[str] = list(record["moves"])
        self.end_state = state.clone()
        start = load_record({**record, "moves": [], "deal_next": False})
        #: the positions each deal starts at (the first is 0), with the state there
        self.deal_starts: list[int] = [0]
        self._kept: list[GameState[Any]] = [start.clone()]
        #: the positions right after a trick or a capture was taken
        self.takes: list[int] = []
        st = start
        for k, move in enumerate(self.moves):
            if st.between_deals:
                st.deal_next()
                self.deal_starts.append(k)
                self._kept.append(st.clone())
            before = len(st.events)
            st.play(move)
            logged = [type(e.data) for e in st.events[before:]]
            if any(issubclass(kind, taking) for kind in logged):
                self.takes.append(k + 1)

    @property
    def end(self) -> int:
        """The last position: every move played."""
        return len(self.moves)

    @property
    def deals(self) -> int:
        return len(self.deal_starts)

    def deal_at(self, pos: int) -> int:
        """The deal (1 for the first) the table shows at ``pos``."""
        return bisect_right(self.deal_starts, pos)

    def deal_shown(self, state: GameState[Any]) -> int:
        """The deal the table shows with ``state``: its position's, or the one that just ended
        while it waits between deals (its summary is open)."""
        return self.deal_at(len(state.history)) - (1 if state.between_deals else 0)

    def state_at(self, pos: int) -> GameState[Any]:
        """A fresh state of the match at ``pos`` (clamped to the match)."""
        pos = max(0, min(self.end, pos))
        if pos == self.end:
            return self.end_state.clone()
        deal = self.deal_at(pos) - 1
        st = self._kept[deal].clone()
        for move in self.moves[self.deal_starts[deal] : pos]:
            st.play(move)
        return st

    # -- the marks the keys jump between ---------------------------------------------------
    def next_take(self, pos: int) -> int:
        """The position right after the next trick or capture (or the next deal's start, the
        end), from ``pos``."""
        return _after(sorted({*self.takes, *self.deal_starts, self.end}), pos)

    def last_take(self, pos: int) -> int:
        """The position right after the trick or capture before ``pos`` (or its deal's start)."""
        return _before(sorted({0, *self.takes, *self.deal_starts}), pos)

    def next_deal(self, pos: int) -> int:
        return _after([*self.deal_starts, self.end], pos)

    def last_deal(self, pos: int) -> int:
        return _before(self.deal_starts, pos)


def _after(marks: list[int], pos: int) -> int:
    i = bisect_right(marks, pos)
    return marks[i] if i < len(marks) else marks[-1]


def _before(marks: list[int], pos: int) -> int:
    i = bisect_left(marks, pos)
    return marks[i - 1] if i > 0 else marks[0]
