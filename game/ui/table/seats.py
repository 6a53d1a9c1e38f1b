"""The table's AI seats: a seat per AI controller, the random streams they and the coach draw
from, the worker thread they think in, and the thought in progress.

The seats and the coach (with the solitaire's verdict) draw from two streams of their own, both
from the match's seed, so asking for a hint never changes what the AI seats play next.
"""

from __future__ import annotations

import random

from game.ai import Seat, make_seat
from game.engine import GameState, Move

from .. import savegame
from ..worker import AIWorker, Thought

#: The seat kind of a seat played on a server's table by someone else (a person or the
#: server's AI): the table runs no AI for it (the history's kind of another person online).
ONLINE = savegame.ONLINE


class AISeats:
    def __init__(self, kinds: list[str], game: str, seed: int) -> None:
        """``kinds``: each controller's seat kind ("human", "rules", a level...)."""
        self.seats: dict[int, Seat] = {
            p: make_seat(k, game) for p, k in enumerate(kinds) if k not in ("human", ONLINE)
        }
        self.rng = random.Random(seed * 7919 + 1)
        self.coach_rng = random.Random(seed * 7919 + 2)
        self.worker = AIWorker()
        self.thought: Thought | None = None

    def answer(
        self, state: GameState, who: str, delay: float, dt: float
    ) -> tuple[Move | None, str | None]:
        """The move of the AI seat to play, once its thought (begun at its first call, in the
        worker, on the seat's own view) is ready and its ``delay`` is over; with why a legal
        move was played for it instead, when it failed."""
        if self.thought is None:
            current = state.current_player
            assert current is not None
            self.thought = self.worker.think(
                self.seats[state.controller(current)], state.view(current), state.legal_moves(),
                self.rng, delay, who,
            )  # fmt: skip
        move = self.thought.poll(dt)
        if move is None:
            return None, None
        fallback, self.thought = self.thought.fallback, None
        return move, fallback
