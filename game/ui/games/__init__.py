"""Per-game presentation: names, labels, prompts and summaries; no rules.

The table scene drives every game through the engine's generic protocol (legal moves, play,
view, events); what differs between games in how things are *shown* lives in one small module
per game, named by the game's entry in :mod:`game.catalog`.
"""

from __future__ import annotations

from game.catalog import CATALOG, load

from .base import GameUI


def playable_games() -> list[str]:
    """Every game of the catalogue, in menu order."""
    return list(CATALOG)


def game_ui(name: str) -> GameUI:
    """A fresh presentation module for game ``name``."""
    ui: GameUI = load(CATALOG[name].ui)()
    return ui


__all__ = ["GameUI", "game_ui", "playable_games"]
