"""Playing whole deals without a screen: the loop the arena, the bench and tests share, and where
in the event log a deal's result is (which the search seats' rollouts read too)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.engine import DealScored, GameState, Move

__all__ = ["Chooser", "play_deal", "random_chooser", "scored_since"]

#: Picks a move for ``state.current_player`` from the legal moves.
Chooser = Callable[[GameState, Sequence[Move]], Move]


def random_chooser(rng: random.Random) -> Chooser:
    draw = rng.randrange

    def choose(state: GameState, moves: Sequence[Move]) -> Move:
        return moves[draw(len(moves))]

    return choose


def scored_since(state: GameState, start: int) -> DealScored | None:
    """The first :class:`DealScored` payload logged at or after ``start``, if any.

    A match goes on to its next deal inside the same ``play`` call, so the log, not the state,
    tells where a deal ended and how it went for each seat.
    """
    events = state.events
    for i in range(start, len(events)):
        scored = events[i].data
        if isinstance(scored, DealScored):
            return scored
    return None


def play_deal(state: GameState, choose: Chooser) -> int:
    """Play the current deal to its scoring; return the number of moves made.

    Stops at the first :class:`DealScored` event after the call began (see :func:`scored_since`),
    which the engine counts as it logs it, so the loop does not reread the log after each move.
    Every game scores a deal before its match ends, so the count is the only stop to watch.
    """
    if state.current_player is None:
        return 0
    scored = state._deals_scored
    legal, play = state.legal_sequence, state.play  # looked up once, not per move
    made = 0
    while state._deals_scored == scored:
        play(choose(state, legal()))
        made += 1
    return made
