"""The end of a deal solved exactly where nothing is hidden: what sets the strong level apart.

A rollout plays a world on with the rule seat for everyone, so the searched move is judged
as if every later move were the rule seat's.  Near the end of a deal that is a poor guess: the
few cards left decide the last capture, the table's leftovers, and a player who counts cards
plays them well.  Once a game says its view hides nothing any more (:attr:`Endgame.near`: in
2-player Scopa and Cattura with the deck empty the other hand is every card not seen), the
strong seat solves the rest of the deal instead: every move of every player to the deal's end,
its side taking its best and every other seat the worst for it (alpha-beta).  That is perfect
play, and one world holds all there is to know.

The same solve where cards are still hidden (each sampled world solved as if everyone saw
every hand) was tried and dropped (docs/EXPERIMENTS.md): the players it assumes know what they
cannot, and a dozen worlds guess the hands worse than the rollouts' hundreds.

The value of a finished deal is the search's own evaluation, so a game's rules are read from
the engine as in a rollout.  A solve counts the positions it visits and gives up past its
share of :attr:`Endgame.max_nodes`, falling back to the rollout: a count, not time, so a seeded
seat plays the same move on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from game.engine import BaseView, GameState

__all__ = ["Endgame", "TooDeep", "solve"]


def _own_seat(view: Any) -> tuple[int, ...]:
    return (view.seat,)


@dataclass(frozen=True, slots=True)
class Endgame:
    """When and how a search seat solves the end of a deal.

    ``near(view)``: whether this view hides nothing that could change the rest of the deal;
    ``friends(view)``: the seats whose results the searching seat shares (by default itself
    alone; with partners, they too); ``worlds``: how many worlds a solved decision looks at
    (every legal move in each; one, where nothing is hidden); ``max_nodes``: the positions one
    decision may visit, shared evenly by its solves (a world and a move each, so every move is
    judged alike) to keep its worst time near half a second.
    """

    near: Callable[[Any], bool]
    friends: Callable[[Any], Collection[int]] = _own_seat
    worlds: int = 1
    max_nodes: int = 30_000

    def solve_cap(self, moves: int) -> int:
        """The positions each solve of a decision among ``moves`` legal moves may visit."""
        return max(1, self.max_nodes // (self.worlds * moves))


class TooDeep(Exception):
    """A solve visited more positions than it may."""


def solve(
    state: GameState[BaseView],
    friends: Collection[int],
    value: Callable[[GameState[BaseView]], float],
    max_nodes: int,
) -> float:
    """The value of ``state`` with best play to the end of the deal (where nobody is to move
    until the next deal is dealt), ``value`` judging the finished deal; the seats in ``friends``
    maximise it, the others minimise it.  Raises :class:`TooDeep` past ``max_nodes``
    positions."""
    budget = [max_nodes]

    def search(node: GameState[BaseView], alpha: float, beta: float) -> float:
        if node.current_player is None:  # the deal is scored
            return value(node)
        budget[0] -= 1
        if budget[0] < 0:
            raise TooDeep
        mine = node.current_player in friends
        best = -math.inf if mine else math.inf
        for move in node.legal_moves():
            child = node.clone()
            child.play(move)
            v = search(child, alpha, beta)
            if mine:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    return search(state, -math.inf, math.inf)
