"""Saves and records written by earlier versions still load and replay to the same position.

``tests/data/records-0.1.json`` was made by version 0.1 (before the shared engine core): 30
matches of every game and player count, played part-way by seeded random moves.  Its records
carry the ``deck`` option that version wrote (the deck shown, no longer an engine option).
Each must replay, move for move, to the position 0.1 reached: the same scores, the same seat to
play, the same legal moves and the same number of logged events.

``tests/data/records-2026-11-27.json`` was made by the engine of commit 6d680bd, which dealt a
match's next deal on the first read after the move that scored a deal (before the step
``deal_next``): one whole match per game, player count and option set, and each match of
several deals cut right after its first deal was scored.  A whole match must replay to its
scores, winners and log; a cut one to a state between deals, with the scores it had and, once
the step deals the next deal, the seat and legal moves that engine read there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import GAMES, load_record

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "records-0.1.json").read_text("utf-8")
)
CASES: list[dict[str, Any]] = DATA["records"]
BEFORE_STEP: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "records-2026-11-27.json").read_text("utf-8")
)["records"]


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


def test_the_records_before_the_step_cover_every_game_and_player_count() -> None:
    """Every player count of every game the file holds (a game added after the step has no
    record from before it)."""
    whole = {(c["record"]["game"], c["record"]["players"]) for c in BEFORE_STEP if "winners" in c}
    games = {g for g, _ in whole}
    assert len(games) == 4
    assert whole == {(g, p) for g in games for p in GAMES[g].players}
    assert sum("winners" not in c for c in BEFORE_STEP) >= 10  # the cut ones


@pytest.mark.parametrize(
    "case",
    BEFORE_STEP,
    ids=[
        f"{c['record']['game']}{c['record']['players']}-{i}-{'whole' if 'winners' in c else 'cut'}"
        for i, c in enumerate(BEFORE_STEP)
    ],
)
def test_a_record_from_before_the_step_replays_to_its_scores(case: dict[str, Any]) -> None:
    state = load_record(case["record"])
    assert state.history == case["record"]["moves"]
    assert list(state.scores) == case["scores"]
    assert state.deals_scored == case["deals_scored"]
    if "winners" in case:  # a whole match
        assert state.is_over and list(state.winners) == case["winners"]
        assert len(state.events) == case["events"]
        return
    assert state.between_deals and not state.is_over and state.current_player is None
    state.deal_next()
    assert state.current_player == case["next_player"]
    assert sorted(m.text for m in state.legal_moves()) == case["next_legal"]
    assert len(state.events) == case["events"]
