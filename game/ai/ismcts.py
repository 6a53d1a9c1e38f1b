"""Information-set Monte Carlo tree search (single observer; Cowling, Powley and Whitehouse 2012).

The flat search (:mod:`.search`) judges each legal move by rollouts in which every later move,
the seat's own included, is the rule seat's: a move that only pays if it is followed up well,
or that invites a reply the rule seat would not find, is misjudged however many rollouts it
gets.  Here every iteration draws a fresh world, walks one tree of decisions shared by all the
worlds (the seat's and everyone else's, each chosen by UCB1 among the moves legal in that
world, as the player to move there would: for its own result), adds one node and plays the
rest out with the rule seat (where the seat cuts its playouts, only a few tricks further, the
game's learned evaluation judging the rest: :meth:`~.search.DeterminizedSearch.play_on`).  So
the replies searched are the best found for the player making them, and the seat's own
follow-ups are searched too.  A choice the seat never sees made (another seat's secret pass in
Capodama's exchange: :meth:`~.search.DeterminizedSearch.unseen`) gets no node: the rule seat
makes it, as in the playouts, so the tree neither keys its nodes on what the seat cannot know
nor has the others try their passes at random.

A node's statistics are from the point of view of the player who chose the move into it; a
move legal in few worlds is judged against how often it was available, not how often its
parent was visited.  Where a player knows something of its own that changes how it plays
(:meth:`~.search.DeterminizedSearch.secret`: in Capodama whether it holds the dama, so plays
for the capo), its records are kept apart by it: a node shared by the worlds still lets the
dama play as the dama and an opponent as an opponent (the searcher's own nodes stay keyed on
what it sees).  Where the game's tuning says so (:attr:`game.catalog.Tree.hint`), the others'
moves start from the rule seat's.  The budget is the seat's own count of iterations, so the
same seed plays the same move on any machine; the CPU cap is the seat's safety net.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from game.engine import BaseView, Move

from .evaluation import load_evaluation

if TYPE_CHECKING:
    from game.catalog import Tree

    from .search import DeterminizedSearch

__all__ = ["EXPLORATION", "tree_search"]

#: UCB1's exploration constant, for results about a won deal (1) wide.
EXPLORATION = 0.7
#: Where the tree takes hints (:attr:`game.catalog.Tree.hint`), the rule seat's move at another
#: player's node is tried first and gets this bonus, fading with its visits, so the others
#: play like the table until search finds them better.
HINT_BIAS = 5.0


class _Stats:
    """One player's record of a move: its visits, how often it could be chosen, and the sum of
    the mover's results."""

    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class _Node:
    """A decision reached by one sequence of moves: its children by move, and the record of the
    move into it under each secret its mover can hold (:meth:`~.search.DeterminizedSearch.
    secret`; one record, under None, where the mover's choice hides nothing of its own)."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.stats: dict[Hashable, _Stats] = {}

    def pick(
        self, legal: Sequence[Move], rng: random.Random, key: Hashable, hint: Move | None = None
    ) -> tuple[Move, bool]:
        """The move to follow among ``legal`` for a mover holding secret ``key``: one it has
        not tried at random (and True), else the best by UCB1 on availability."""
        untried = []
        for m in legal:
            child = self.children.get(m)
            stats = None if child is None else child.stats.get(key)
            if stats is None:
                untried.append(m)
            else:
                stats.avail += 1
        if untried:
            if hint in untried:
                return hint, True
            return untried[rng.randrange(len(untried))], True
        best, score = legal[0], -math.inf
        for m in legal:
            stats = self.children[m].stats[key]
            s = stats.total / stats.visits + EXPLORATION * math.sqrt(
                math.log(stats.avail) / stats.visits
            )
            if m == hint:
                s += HINT_BIAS / (stats.visits + 1)
            if s > score:
                best, score = m, s
        return best, False


def tree_search(
    seat: DeterminizedSearch[Any, Any],
    view: BaseView,
    legal_moves: Sequence[Move],
    rng: random.Random,
    tree: Tree,
) -> list[float]:
    """Each root move's visits after ``tree.iterations`` (the seat plays the most visited),
    within the CPU cap of ``seat.budget``."""
    budget = seat.budget
    draw = seat.draw_worlds(view)
    spec = seat.EVALUATION
    model = load_evaluation(view.game, view.players) if tree.cut and spec is not None else None
    root = _Node()
    start = time.thread_time()
    views: Sequence[BaseView] | None = None
    done = 0
    while done < tree.iterations:
        world = draw(rng)
        world.mute()
        if views is None:  # every seat's, read only by the evaluation: whose result it is
            views = [world.view(s) for s in range(world.seats)]
        mark = world.deals_scored
        path: list[tuple[_Stats, int]] = []
        node = root
        legal: Sequence[Move] = legal_moves
        while True:
            player = world.current_player
            assert player is not None
            new = False
            if path and seat.unseen(world, view.seat):
                world.play(seat.policy(world, legal, rng))
            else:
                key = None if player == view.seat else seat.secret(world, player)
                hint = None
                if tree.hint and player != view.seat:
                    hint = seat.policy(world, legal, rng)
                move, new = node.pick(legal, rng, key, hint)
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = _Node()
                stats = child.stats.get(key)
                if stats is None:
                    stats = child.stats[key] = _Stats()
                world.play(move)
                path.append((stats, player))
                node = child
            if new or world.deals_scored != mark:
                break
            legal = world.legal_sequence()
            if not legal:
                break
        results = seat.play_on(world, mark, views, rng, model, tree.cut)
        for stats, player in path:
            stats.visits += 1
            stats.total += results[player]
        done += 1
        if time.thread_time() - start >= budget.cpu_seconds:
            break
    seat.last_worlds = seat.last_rollouts = done
    seat.last_cpu = time.thread_time() - start
    visits = [
        float(root.children[m].stats[None].visits) if m in root.children else 0.0
        for m in legal_moves
    ]
    seat.last_finalists = list(range(len(legal_moves)))
    seat.last_values = [[v] for v in visits]
    return visits
