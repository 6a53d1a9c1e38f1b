"""Playing whole deals without a screen: the loop the arena, the bench and tests share."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.engine import GameState, Move

__all__ = ["Chooser", "play_deal", "random_chooser"]

#: Picks a move for ``state.current_player`` from the legal moves.
Chooser = Callable[[GameState, Sequence[Move]], Move]


def random_chooser(rng: random.Random) -> Chooser:
    def choose(state: GameState, moves: Sequence[Move]) -> Move:
        return moves[rng.randrange(len(moves))]

    return choose


def play_deal(state: GameState, choose: Chooser) -> int:
    """Play the current deal to its scoring; return the number of moves made.

    Stops at the first "deal_scored" event after the call began (a match goes on to its next
    deal inside the same ``play`` call, so the log, not the state, tells where a deal ended).
    """
    events = state.events
    seen = len(events)
    made = 0
    while state.current_player is not None:
        state.play(choose(state, state.legal_moves()))
        made += 1
        events = state.events
        for i in range(seen, len(events)):
            if events[i].kind == "deal_scored":
                return made
        seen = len(events)
    return made
