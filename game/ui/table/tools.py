"""The solitaire's tools at the table: undo a move, undo the deal, restart it, a new deal.

Undo replays the engine's record without its last move (records replay exactly), so nothing of
the UI needs to remember the past; the table is then rebuilt from the view without animation.
The table scene owns one :class:`SolitaireTools` (``scene.solitaire_tools``); the tools only
choose the new state and hand it to the table's model (``restore`` or ``start_over``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from game.catalog import CATALOG, load
from game.engine import load_record, new_game
from game.i18n import _

if TYPE_CHECKING:
    from ..settings import Settings
    from .model import TableModel


def solitaire_seed(
    game: str, settings: Settings, options: dict[str, Any], seed: int | None = None
) -> int:
    """The seed of a new deal of ``game``'s solitaire: ``seed`` (else a random one), or with
    "winnable deals only" the next one from it whose deal the game's solver says can still be
    won (its catalogue entry's ``solitaire.winnable``, imported on first use)."""
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    solitaire = CATALOG[game].solitaire
    if solitaire is None or not settings.solitaire_winnable_only:
        return seed
    return int(load(solitaire.winnable)(seed, **options))


class SolitaireTools:
    def __init__(self, model: TableModel) -> None:
        self.t = model

    def _replay(self, moves: list[str]) -> None:
        rec = self.t.state.record()
        rec["moves"] = moves
        self.t.restore(load_record(rec))

    def undo(self) -> None:
        sc = self.t
        if not sc.solitaire or not sc.synced:
            return
        hist = sc.state.history
        if not hist:
            sc.app.toast(_("Nothing to undo"), "info", 1.5)
            return
        self._replay(hist[:-1])
        sc.app.toast(_("Undone"), "info", 1.0)

    def back_to(self, moves: int) -> None:
        """The deal as it was after its first ``moves`` moves (the result's Take back)."""
        sc = self.t
        if sc.solitaire and moves < len(sc.state.history):
            self._replay(sc.state.history[:moves])
            sc.app.toast(_("Taken back"), "info", 1.5)

    def undo_deal(self) -> None:
        sc = self.t
        if sc.solitaire and sc.state.history:
            self._replay([])
            sc.app.toast(_("Back to the start of the deal"), "info", 1.5)

    def _fresh(self, seed: int) -> None:
        st = self.t.state
        self.t.start_over(new_game(st.name, players=1, seed=seed, **dict(st.options)))

    def restart(self) -> None:
        if self.t.solitaire:
            self._fresh(self.t.state.seed)

    def new_deal(self, seed: int | None = None) -> None:
        sc = self.t
        if sc.solitaire:
            options = dict(sc.state.options)
            self._fresh(solitaire_seed(sc.state.name, sc.app.settings, options, seed))
