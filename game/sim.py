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
    """The first :class:`DealScored` payload logged at or after ``start``, if any: did the
    moves since that point in the log end a deal, and how did it go for each seat."""
    events = state.events
    for i in range(start, len(events)):
        scored = events[i].data
        if isinstance(scored, DealScored):
            return scored
    return None


def play_deal(state: GameState, choose: Chooser) -> int:
    """Play the current deal to its scoring; return the number of moves made.

    The move that scores a deal leaves nobody to move (the match is between deals, or over),
    so the loop stops where the legal moves run out: it never takes the step that deals the
    next deal (:meth:`~game.engine.GameState.deal_next`), and never pays for its shuffle.
    Between deals or once the match is over it makes no move.
    """
    legal, play = state.legal_sequence, state.play  # looked up once, not per move
    made = 0
    moves = legal()
    while moves:
        play(choose(state, moves))
        made += 1
        moves = legal()
    return made
