"""The check that no client was told more than its seat may know: every view and event frame a
client received, compared with what the engine says that seat sees, from a replay of the
table's stored record.  The online tests and the load test (:mod:`.load`) both use it.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from game.engine import GameState, new_game

from . import protocol as p

__all__ = ["Replay", "leaks", "replay"]

#: A record's match replayed: its final state, and a copy of its state at every position a
#: view can be sent from, keyed by (moves made, between deals).
Replay = tuple[GameState[Any], dict[tuple[int, bool], GameState[Any]]]


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def replay(record: dict[str, Any]) -> Replay:
    """The record's match replayed (see :data:`Replay`)."""
    state = new_game(
        record["game"], players=record["players"], seed=record["seed"], **record["options"]
    )
    at: dict[tuple[int, bool], GameState[Any]] = {}

    def keep() -> None:
        at[(len(state.history), state.between_deals)] = state.clone()

    keep()
    for text in record["moves"]:
        if state.between_deals:
            state.deal_next()
            keep()
        state.play(text)
        keep()
    return state, at


def leaks(
    seat: int,
    views: list[p.YourView],
    events: list[p.EventOut],
    record: dict[str, Any],
    replayed: Replay | None = None,
) -> list[str]:
    """Every frame seat ``seat``'s client received (its ``views`` and ``events``) that differs
    from what its engine view and redacted events say (a card it may not see would differ):
    the empty list when none.  ``replayed`` saves replaying ``record`` once per seat."""
    final, positions = replayed if replayed is not None else replay(record)
    found = []
    for frame in views:
        state = positions[(frame.at, frame.between)]
        if frame.view != _json(p.encode_view(state.view(seat))):
            found.append(f"view at {frame.at}")
        current = state.current_player
        mine = current is not None and state.controller(current) == seat
        legal = [m.text for m in state.legal_moves()] if mine else []
        if [m.text for m in frame.legal] != legal:
            found.append(f"legal moves at {frame.at}")
    expected = [_json(msgspec.to_builtins(p.encode_event(e))) for e in final.events_for(seat)]
    got = [_json(msgspec.to_builtins(e)) for e in events]
    if got != expected:
        found.append("events")
    return found
