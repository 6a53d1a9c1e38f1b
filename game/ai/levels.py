"""The three levels a player picks from: ``easy``, ``normal`` and ``strong``, for every game.

A level is a seat kind built from the game's own seats in :mod:`game.catalog`:

- ``easy`` is the rule seat that now and then (:data:`EASY_NOISE` of its choices, drawn from
  the seat's seeded generator) plays another legal move at random: a sound habit with slips.
- ``normal`` and ``strong`` are the game's search seat with an iteration budget (its catalogue
  entry's ``levels.rollouts`` per decision), spent by successive halving and keeping the rule
  move unless search finds a significantly better one (:class:`~game.ai.search.Budget`).  The
  budgets are counts, so a level plays the same on any machine; the CPU cap (:data:`CPU_CAP`)
  only guards a slow machine.  ``strong`` also solves the end of a deal exactly where nothing
  is hidden any more (:mod:`.endgame`), where ``normal`` rolls it out with the rule seat.  In
  the games whose entry sets ``levels.normal_noise``, ``normal`` also slips now and then, as
  ``easy`` does but less often, at the player counts where strong has no tree: there more
  rollouts alone buy nothing measurable, so slips are what set normal below strong
  (docs/EXPERIMENTS.md); where strong searches its tree it outplays normal without them.
  The budgets are sized so that a ``normal`` decision takes about a third of a second of CPU
  and a ``strong`` one about a second (``python -m game.tools.search_bench --level ...`` says
  whether they do).

``rules`` and ``search`` stay seat kinds for the arena and the command line; a setup remembered
from before the levels names them, and :data:`LEGACY` says which level they stand for.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from game.catalog import CATALOG, Tree, load
from game.engine import Move

from .base import Seat

if TYPE_CHECKING:  # the search core is imported with a game's search seat, when one is made
    from .search import DeterminizedSearch

__all__ = [
    "ARENA_KINDS",
    "CPU_CAP",
    "DEFAULT_LEVEL",
    "EASY_NOISE",
    "KEEP_RULES_Z",
    "LEGACY",
    "LEVELS",
    "NoisySeat",
    "level_kinds",
    "make_level",
]

#: The levels, weakest first.
LEVELS = ("easy", "normal", "strong")
#: The level an AI seat gets unless the player picks another.
DEFAULT_LEVEL = "normal"
#: The share of the easy seat's choices (among two or more legal moves) played at random.
EASY_NOISE = 0.25
#: The CPU seconds of the searching thread after which a decision stops early: a safety net
#: for slow machines, well above what the rollouts take on the project machine.
CPU_CAP = {"normal": 1.0, "strong": 2.8}
#: Search plays another move than the rule seat's only when its paired advantage over it in
#: the same worlds exceeds this many standard errors (one-sided, about 90%), at both levels:
#: without the guard strong gained in some games and lost in others (docs/EXPERIMENTS.md).
KEEP_RULES_Z = 1.28
#: Seat kinds for the arena only, each the level it is built as: ``steady`` is normal without
#: its slips (the yardstick strong must beat by playing better), ``flat`` and ``tree`` strong's
#: budget spent by flat rollouts, or by one tree over the worlds at every player count (as the
#: catalogue tunes it where it lists the count).  Any level or arena kind may add
#: ``:rollouts`` and then ``:cut`` (tricks a tree's playout goes before the learned evaluation
#: judges) to try another budget: ``tree:2400:2``.
ARENA_KINDS = {"steady": "normal", "flat": "strong", "tree": "strong"}
#: The level a seat kind of an older setup stands for.
LEGACY = {"rules": "normal", "search": "strong", "random": "easy"}


class NoisySeat:
    """``seat``'s choice, except that with chance ``noise`` it plays another legal move at
    random (one draw from ``rng`` per choice, so a seeded match replays); never at the player
    counts in ``steady``."""

    def __init__(
        self, seat: Seat, noise: float, name: str = "easy", steady: Collection[int] = ()
    ) -> None:
        self.seat = seat
        self.noise = noise
        self.name = name
        self.steady = frozenset(steady)

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        move = self.seat.choose(view, legal_moves, rng)
        if len(legal_moves) > 1 and view.players not in self.steady and rng.random() < self.noise:
            others = [m for m in legal_moves if m != move]
            return others[rng.randrange(len(others))]
        return move


def level_kinds(game: str) -> list[str]:
    """The levels ``game`` offers: easy needs its rule seat, normal and strong its search and
    their tuning."""
    entry = CATALOG.get(game)
    if entry is None:
        return []
    needs = {"easy": "rules", "normal": "search", "strong": "search"}
    tuned = entry.levels is not None
    return [k for k in LEVELS if needs[k] in entry.seats and (k == "easy" or tuned)]


def make_level(kind: str, game: str) -> Seat:
    """A new seat of level ``kind`` for ``game`` (one of :func:`level_kinds`, or of
    :data:`ARENA_KINDS`, with a budget of its own if it says one)."""
    entry = CATALOG[game]
    seats = entry.seats
    name, _, budget = kind.partition(":")
    if name == "easy":
        return NoisySeat(load(seats["rules"])(), EASY_NOISE)
    levels = entry.levels
    assert levels is not None, f"{game} has no normal or strong level"
    level = ARENA_KINDS.get(name, name)
    count, _, cut = budget.partition(":")
    if not all(part.isdigit() for part in (count or "0", cut or "0")):
        raise ValueError(f"{kind!r}: a budget is :rollouts or :rollouts:cut, whole numbers")
    rollouts = int(count) if count else levels.rollouts[LEVELS.index(level) - 1]
    seat: DeterminizedSearch[Any, Any] = load(seats["search"])(rollouts // 2, CPU_CAP[level])
    seat.budget = dataclasses.replace(seat.budget, rollouts=rollouts, keep_rules_z=KEEP_RULES_Z)
    seat.solve_endgame = level == "strong"
    if name in ("tree", "strong"):
        trees = dict(levels.tree)
        if name == "tree":  # a tree at every player count, the catalogue's where it lists one
            trees = {n: trees.get(n, Tree(rollouts)) for n in entry.info.players}
            if count:
                trees = {n: dataclasses.replace(t, iterations=rollouts) for n, t in trees.items()}
        if cut:
            trees = {n: dataclasses.replace(t, cut=int(cut)) for n, t in trees.items()}
        seat.tree = trees
    # ``seat.infer_play`` (:mod:`.play_model`) stays off: it did not help (docs/EXPERIMENTS.md)
    seat.name = kind
    if name == "normal" and levels.normal_noise:  # no slips where strong's tree outplays it
        return NoisySeat(seat, levels.normal_noise, kind, steady=levels.tree)
    return seat
