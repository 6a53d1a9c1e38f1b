"""The seat protocol every AI player follows, and the random seat.

A seat sees only ``state.view(seat)``, never the state itself: it cannot peek at hidden cards.
It is handed the legal moves and a random generator (so seeded matches are reproducible) and
returns one of the legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from game.engine import BaseView, Move

__all__ = ["RandomSeat", "Seat"]


@runtime_checkable
class Seat(Protocol):
    """An AI player: ``choose(view, legal_moves, rng) -> move`` (one of ``legal_moves``)."""

    name: str

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move: ...


class RandomSeat:
    """Plays a uniformly random legal move: the baseline every other seat must beat."""

    name = "random"

    def choose(self, view: BaseView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        return legal_moves[rng.randrange(len(legal_moves))]
