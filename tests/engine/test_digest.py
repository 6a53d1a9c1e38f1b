"""Seeded play of every game gives the same histories, events, views, scores and seat choices as
when tests/data/digests.json was written (see tests/digest_play.py): the engine's insides may
change, what a player or a seat can observe may not."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.engine import GAMES
from tests.digest_play import DIGESTS, table_digest, tables

EXPECTED = json.loads(DIGESTS.read_text())


def test_every_table_has_a_digest() -> None:
    assert sorted(EXPECTED) == sorted(f"{g} {p} {s}" for g, p, s in tables())


def test_a_game_added_since_needs_no_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fifth game is its own modules and a catalogue entry: the digests of the games issue 29
    reshaped stay as they were written, and the new game is not asked for one."""
    monkeypatch.setitem(GAMES, "newer", dataclasses.replace(GAMES["cattura"], name="newer"))
    assert "newer" not in {g for g, _, _ in tables()}


@pytest.mark.parametrize(("game", "players", "seed"), tables())
def test_seeded_play_is_unchanged(game: str, players: int, seed: int) -> None:
    assert table_digest(game, players, seed) == EXPECTED[f"{game} {players} {seed}"]
