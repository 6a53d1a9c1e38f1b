"""The deal summary's chime follows the engine's result for the viewer's side, in every game.

A seat whose side lost the deal must never hear the win.  For each game and player count a
match is played by random moves to the end of its first deal; then the real table and summary
scenes are opened once per seat, with the human in that seat, and the chime must sound exactly
when the engine's ``deal_scored`` result says that seat won.
"""

from __future__ import annotations

import random

import pytest
from ui_harness import make_app

from game.catalog import CATALOG
from game.engine import DealScored, GameState, new_game
from game.ui.savegame import MatchSetup
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

CASES = [(g, p) for g in CATALOG for p in CATALOG[g].info.players if p > 1]


def _to_first_deal_end(name: str, players: int, seed: int) -> tuple[GameState, DealScored]:
    state = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while True:
        state.play(rng.choice(state.legal_moves()))
        scored = [e.data for e in state.events if isinstance(e.data, DealScored)]
        if scored:
            assert isinstance(scored[0], DealScored)
            return state, scored[0]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_only_the_winning_side_hears_the_chime(name: str, players: int) -> None:
    app = make_app()
    heard: list[str] = []
    app.audio.play = lambda sound, *a, **k: heard.append(sound)
    outcomes = set()
    for seed in range(1, 4):
        state, scored = _to_first_deal_end(name, players, seed)
        assert len(scored.results) == state.seats
        for seat in range(state.seats):
            kinds = ["random"] * state.seats
            kinds[seat] = "human"
            table = TableScene(app, state, MatchSetup(name, players, kinds))
            assert table.model.viewer == seat
            heard.clear()
            SummaryScene(app, table.model, scored)
            won = scored.results[seat].won
            outcomes.add(won)
            assert ("chime" in heard) == won, (name, players, seed, seat, scored.results)
    assert outcomes == {True, False}, "the sample must hold a won and a lost deal"
