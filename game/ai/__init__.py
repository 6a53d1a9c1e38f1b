"""AI seats: they choose moves from what their seat may see (``state.view(seat)``).

``make_seat(kind, game)`` builds a seat by name: ``random`` for every game, the levels
``easy``, ``normal`` and ``strong`` (:mod:`game.ai.levels`) for every game with a rule and a
search seat, and the kinds the game's entry in :mod:`game.catalog` lists (``rules``,
``search``...), which the arena and the command line still offer.
"""

from __future__ import annotations

from game.catalog import CATALOG, load

from .base import RandomSeat, Seat
from .levels import ARENA_KINDS, LEVELS, level_kinds, make_level

__all__ = ["ARENA_KINDS", "LEVELS", "RandomSeat", "Seat", "make_seat", "seat_kinds"]


def seat_kinds(game: str, players: int | None = None) -> list[str]:
    """The seat kinds available for ``game`` (for ``players`` players, when given): ``random``,
    its levels and those its catalogue entry lists."""
    entry = CATALOG.get(game)
    if entry is None:
        return ["random"]
    kinds = [
        k
        for k in entry.seats
        if players is None or players in entry.seat_players.get(k, (players,))
    ]
    return sorted({"random", *kinds, *level_kinds(game)})


def make_seat(kind: str, game: str) -> Seat:
    """A new seat of ``kind`` for ``game``; a ValueError names the kinds there are."""
    entry = CATALOG.get(game)
    if kind == "random":
        return RandomSeat()
    levels = level_kinds(game)
    if kind.partition(":")[0] in [*levels, *(ARENA_KINDS if "strong" in levels else ())]:
        return make_level(kind, game)
    if entry is None or kind not in entry.seats:
        raise ValueError(f"no {kind!r} seat for {game}: choose from {', '.join(seat_kinds(game))}")
    seat: Seat = load(entry.seats[kind])()
    return seat
