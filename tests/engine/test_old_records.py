"""Saves and records written by version 0.1 still load and replay to the same position.

``tests/data/records-0.1.json`` was made by version 0.1 (before the shared engine core): 30
matches of every game and player count, played part-way by seeded random moves.  Its records
carry the ``deck`` option that version wrote (the deck shown, no longer an engine option).
Each must replay, move for move, to the position 0.1 reached: the same scores, the same seat to
play, the same legal moves and the same number of logged events.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import load_record

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "records-0.1.json").read_text("utf-8")
)
CASES: list[dict[str, Any]] = DATA["records"]


def test_the_old_records_cover_every_game_and_the_retired_deck_option() -> None:
    games = {(c["record"]["game"], c["record"]["players"]) for c in CASES}
    assert len(games) == 15
    assert sum("deck" in c["record"]["options"] for c in CASES) >= 10


@pytest.mark.parametrize(
    "case",
    CASES,
    ids=[f"{c['record']['game']}{c['record']['players']}-{i}" for i, c in enumerate(CASES)],
)
def test_an_old_record_replays_to_the_position_it_recorded(case: dict[str, Any]) -> None:
    state = load_record(case["record"])
    assert "deck" not in state.options
    assert state.history == case["record"]["moves"]
    assert list(state.scores) == case["scores"]
    assert state.current_player == case["current_player"]
    legal = sorted(m.text for m in state.legal_moves()) if state.current_player is not None else []
    assert legal == case["legal"]
    assert len(state.events) == case["events"]
