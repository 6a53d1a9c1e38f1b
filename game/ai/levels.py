"""The three levels a player picks from: ``easy``, ``normal`` and ``strong``, for every game.

A level is a seat kind built from the game's own seats in :mod:`game.catalog`:

- ``easy`` is the rule seat that now and then (:data:`EASY_NOISE` of its choices, drawn from
  the seat's seeded generator) plays another legal move at random: a sound habit with slips.
- ``normal`` and ``strong`` are the game's search seat with an iteration budget
  (:data:`ROLLOUTS` per decision), spent by successive halving and keeping the rule move unless
  search finds a significantly better one (:class:`~game.ai.search.Budget`).  The budgets are
  counts, so a level plays the same on any machine; the CPU cap (:data:`CPU_CAP`) only guards a
  slow machine.  ``strong`` also solves the end of a deal exactly where nothing is hidden
  any more (:mod:`.endgame`), where ``normal`` rolls it out with the rule seat.  In the trick
  games (:data:`NORMAL_NOISE`) ``normal`` also slips now and then, as ``easy`` does but less
  often: there more rollouts bought nothing measurable, so slips are what set normal below
  strong.  The budgets are sized so that, measured with ``python -m game.tools.search_bench
  --level ...``, a ``normal`` decision takes at most about 0.3 s of CPU (median) and a
  ``strong`` one about 1 s (median, 2 s worst) on the project machine.

``rules`` and ``search`` stay seat kinds for the arena and the command line; a setup remembered
from before the levels names them, and :data:`LEGACY` says which level they stand for.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.catalog import CATALOG, load
from game.engine import Move

from .base import Seat

if TYPE_CHECKING:  # the search core is imported with a game's search seat, when one is made
    from .search import DeterminizedSearch

__all__ = [
    "CPU_CAP",
    "DEFAULT_LEVEL",
    "EASY_NOISE",
    "KEEP_RULES_Z",
    "LEGACY",
    "LEVELS",
    "NORMAL_NOISE",
    "ROLLOUTS",
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
#: The share of the normal seat's choices played at random, in the games where the strong seat's
#: extra rollouts measured level with normal's (2026-11-27: Tressette 3 players -0.3 [-2.9, 2.2]
#: points of win share per deal over 355 deals, Capodama 3 players -0.2 [-4.5, 4.0] over 136):
#: there a normal that never slips plays as well as strong, and the player's choice would mean
#: nothing.  Where strong differs in kind (its exact endgame in Scopa and Cattura) it does not.
#: With these slips, measured the same afternoon (strong - normal per deal): Tressette 3 players
#: +5.8 [0.6, 11.1] (103 deals), 4 players +12.9 [3.9, 21.9] (132); Capodama 3 players +13.4
#: [10.0, 16.7] (282), 4 players (one strong) +4.9 [0.8, 9.0] (114); and normal still beats easy
#: in all four (+14.8 to +25.8).
NORMAL_NOISE = {"capodama": 0.15, "tressette": 0.15}
#: Rollouts per searched decision, (normal, strong), per game: a rollout plays a deal to its
#: end, and a deal is longer in some games than others.
ROLLOUTS: dict[str, tuple[int, int]] = {
    "capodama": (180, 560),
    "scopa": (200, 660),
    "tressette": (220, 720),
    "cattura": (180, 600),
}
#: The CPU seconds of the searching thread after which a decision stops early: a safety net
#: for slow machines, well above what the rollouts take on the project machine.
CPU_CAP = {"normal": 1.0, "strong": 1.9}
#: Search plays another move than the rule seat's only when its paired advantage over it in
#: the same worlds exceeds this many standard errors (one-sided, about 90%), at both levels.
#: Tried on 2026-11-26 for strong: 0 (its best finalist whenever it beats the rule move at
#: all) was ahead of 1.28 in Scopa 2p (+7.5 against +3.0 points of win share over normal, on
#: the same 100 deals) but behind in Cattura 2p (-8.7 against +4.7, on the same 75 deals):
#: the guard stays.
KEEP_RULES_Z = 1.28
#: The level a seat kind of an older setup stands for.
LEGACY = {"rules": "normal", "search": "strong", "random": "easy"}


class NoisySeat:
    """``seat``'s choice, except that with chance ``noise`` it plays another legal move at
    random (one draw from ``rng`` per choice, so a seeded match replays)."""

    def __init__(self, seat: Seat, noise: float, name: str = "easy") -> None:
        self.seat = seat
        self.noise = noise
        self.name = name

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        move = self.seat.choose(view, legal_moves, rng)
        if len(legal_moves) > 1 and rng.random() < self.noise:
            others = [m for m in legal_moves if m != move]
            return others[rng.randrange(len(others))]
        return move


def level_kinds(game: str) -> list[str]:
    """The levels ``game`` offers: easy needs its rule seat, normal and strong its search."""
    seats = CATALOG[game].seats if game in CATALOG else {}
    needs = {"easy": "rules", "normal": "search", "strong": "search"}
    return [k for k in LEVELS if needs[k] in seats and (k == "easy" or game in ROLLOUTS)]


def make_level(kind: str, game: str) -> Seat:
    """A new seat of level ``kind`` for ``game`` (one of :func:`level_kinds`)."""
    seats = CATALOG[game].seats
    if kind == "easy":
        return NoisySeat(load(seats["rules"])(), EASY_NOISE)
    rollouts = ROLLOUTS[game][LEVELS.index(kind) - 1]
    seat: DeterminizedSearch[Any, Any] = load(seats["search"])(rollouts // 2, CPU_CAP[kind])
    seat.budget = dataclasses.replace(seat.budget, rollouts=rollouts, keep_rules_z=KEEP_RULES_Z)
    seat.solve_endgame = kind == "strong"
    # Not switched on: reading the others' plays (``seat.infer_play``, :mod:`.play_model`).
    # Tried for strong on 2026-11-27, 3 players, ``strong,normal,normal``: Tressette (with 440
    # rollouts) -4.8 [-10.6, 1.0] points of win share per deal over normal in 63 deals,
    # Capodama -1.2 [-5.3, 3.0] in 140; strong without it: Tressette -0.3 [-2.9, 2.2] in 355,
    # Capodama -0.2 [-4.5, 4.0] in 136.
    seat.name = kind
    if kind == "normal" and game in NORMAL_NOISE:
        return NoisySeat(seat, NORMAL_NOISE[game], kind)
    return seat
