"""The solitaire's tools at the table: undo a move, undo the deal, restart it, a new deal.

Undo replays the engine's record without its last move (records replay exactly), so nothing of
the UI needs to remember the past; the table is then rebuilt from the view without animation.
"""

from __future__ import annotations

import random
from typing import Any

from game.engine import load_record, new_game

from ..anim import StepQueue


class SolitaireTools:
    state: Any
    solitaire: bool
    app: Any
    gui: Any
    table: Any

    def _replay(self, moves: list[str]) -> None:
        rec = self.state.record()
        rec["moves"] = moves
        self.state = load_record(rec)
        self.thought = None
        self.rebuild()  # type: ignore[attr-defined]

    def undo(self) -> None:
        if not self.solitaire or not self.synced:  # type: ignore[attr-defined]
            return
        hist = self.state.history
        if not hist:
            self.app.toast("Nothing to undo", "info", 1.5)
            return
        self._replay(hist[:-1])
        self.app.toast("Undone", "info", 1.0)

    def undo_deal(self) -> None:
        if self.solitaire and self.state.history:
            self._replay([])
            self.app.toast("Back to the start of the deal", "info", 1.5)

    def _fresh(self, seed: int) -> None:
        self.state = new_game(self.state.name, players=1, seed=seed, **dict(self.state.options))
        self.ev = 0
        self.table.clear()
        self.queue = StepQueue()
        self.synced_at = -1
        self.model = self.gui.new_model(self.state.view(0), seed)

    def restart(self) -> None:
        if self.solitaire:
            self._fresh(self.state.seed)

    def new_deal(self, seed: int | None = None) -> None:
        if self.solitaire:
            self._fresh(seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000))
