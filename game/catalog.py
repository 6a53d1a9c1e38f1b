"""Every game, registered once across the layers: engine, seats, presentation, rules text.

The engine's registry (:data:`game.engine.GAMES`) knows a game's rules; this catalogue ties each
game's name to everything else a player or a tool meets: the AI seat kinds it offers, the
presentation module the table drives, the rules page the app shows, and its native deck (read
from the engine).  Menus, setup, the rules tabs, ``make_seat``, the arena and the bench all read
this one list, so a new game is one :func:`entry` here (see docs/ADDING_A_GAME.md).

Seats and presentation modules are named as ``"module:Class"`` text and imported on first use,
so the arena and the bench never import pygame and the engine never imports anything above it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from game.engine import GAMES, GameInfo

__all__ = ["CATALOG", "GameEntry", "entry", "load", "modules"]


@dataclass(frozen=True)
class GameEntry:
    """One game as every layer sees it."""

    name: str
    #: seat kind -> "module:Class" of a seat (``random`` serves every game and is not listed)
    seats: dict[str, str]
    #: "module:Class" of the table's presentation module for this game
    ui: str
    #: the rules page, a file of assets/rules
    rules: str
    #: seat kinds that play only some player counts (absent: every count the game has)
    seat_players: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @property
    def info(self) -> GameInfo:
        return GAMES[self.name]

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def native_deck(self) -> str:
        """The deck the game is written in ("french" or "italian"), from the engine."""
        return self.info.deck.name


#: Every game in menu order.
CATALOG: dict[str, GameEntry] = {}


def entry(game: GameEntry) -> None:
    """Register ``game``; its engine must be registered already."""
    if game.name not in GAMES:
        raise ValueError(f"{game.name!r} has no engine in game.engine.GAMES")
    CATALOG[game.name] = game


def modules() -> list[str]:
    """Every module the catalogue names: imported on first use, so the executable's build
    must be told to bundle them (build/tavolo.spec asks here)."""
    targets = [t for e in CATALOG.values() for t in (e.ui, *e.seats.values())]
    return sorted({t.partition(":")[0] for t in targets})


def load(target: str) -> Any:
    """The object a ``"module:Name"`` text names, imported now."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


entry(
    GameEntry(
        "capodama",
        seats={
            "rules": "game.ai.capodama_rules:CapodamaRulesSeat",
            "search": "game.ai.capodama_search:CapodamaSearchSeat",
            "solver": "game.ai.capodama_solver:SolitaireSeat",
        },
        ui="game.ui.games.capodama:CapodamaUI",
        rules="capodama.txt",
        seat_players={"solver": (1,)},  # the exact solver plays the solitaire's open hands
    )
)
entry(
    GameEntry(
        "scopa",
        seats={
            "rules": "game.ai.scopa_rules:ScopaRulesSeat",
            "search": "game.ai.scopa_search:ScopaSearchSeat",
        },
        ui="game.ui.games.scopa:ScopaUI",
        rules="scopa.txt",
    )
)
entry(
    GameEntry(
        "tressette",
        seats={
            "rules": "game.ai.tressette_rules:TressetteRulesSeat",
            "search": "game.ai.tressette_search:TressetteSearchSeat",
        },
        ui="game.ui.games.tressette:TressetteUI",
        rules="tressette.txt",
    )
)
entry(
    GameEntry(
        "cattura",
        seats={
            "rules": "game.ai.cattura_rules:CatturaRulesSeat",
            "search": "game.ai.cattura_search:CatturaSearchSeat",
        },
        ui="game.ui.games.cattura:CatturaUI",
        rules="cattura.txt",
    )
)
