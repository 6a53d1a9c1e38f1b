"""Per-game presentation: names, labels, prompts and summaries; no rules.

The table scene drives every game through the engine's generic protocol (legal moves, play,
view, events); what differs between games in how things are *shown* lives in one small module
per game, registered here (a new game: its module and one line below).
"""

from __future__ import annotations

from .base import GameUI
from .capodama import CapodamaUI
from .cattura import CatturaUI
from .scopa import ScopaUI
from .tressette import TressetteUI

_UIS: dict[str, type[GameUI]] = {
    "capodama": CapodamaUI,
    "cattura": CatturaUI,
    "scopa": ScopaUI,
    "tressette": TressetteUI,
}


def playable_games() -> list[str]:
    """Games the table can show: registered in the engine and given a presentation module."""
    from game.engine import GAMES

    return [g for g in GAMES if g in _UIS]


def game_ui(name: str) -> GameUI:
    return _UIS[name]()


__all__ = ["GameUI", "game_ui", "playable_games"]
