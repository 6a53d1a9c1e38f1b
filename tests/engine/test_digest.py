"""Seeded play of every game gives the same histories, events, views, scores and seat choices as
when tests/data/digests.json was written (see tests/digest_play.py): the engine's insides may
change, what a player or a seat can observe may not."""

from __future__ import annotations

import json

import pytest

from tests.digest_play import DIGESTS, table_digest, tables

EXPECTED = json.loads(DIGESTS.read_text())


def test_every_table_has_a_digest() -> None:
    assert sorted(EXPECTED) == sorted(f"{g} {p} {s}" for g, p, s in tables())


@pytest.mark.parametrize(("game", "players", "seed"), tables())
def test_seeded_play_is_unchanged(game: str, players: int, seed: int) -> None:
    assert table_digest(game, players, seed) == EXPECTED[f"{game} {players} {seed}"]
