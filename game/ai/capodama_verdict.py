"""The solitaire's verdict: can the capo's points still land in the window, and which move lost it.

Once every card is face up (the second half) the answer is exact: the solver's
(:func:`~game.ai.capodama_solver.reachable`).  Before, the set-aside order is hidden, so the
verdict samples it: worlds drawn from the player's view by the search's own sampler, the rest
of the first half played in each by the rule seat, and the solver asked in each whether the
window can still be reached; the verdict says in how many.  The window itself is always the
view's, never written here.

The same pieces pick "winnable deals only": the next seed whose deal, after the rule seat's
first half, the solver says can still reach the window (:func:`winnable_seed`), and find, at
the end of a lost deal, the first move after which the window could no longer be reached
(:func:`lost_at`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import count
from typing import Any

from game.engine import Card, GameState, Move, load_record, new_game
from game.engine.capodama import CapodamaState, CapodamaView

from .capodama_rules import CapodamaRulesSeat
from .capodama_search import SAMPLER
from .capodama_solver import is_open, reachable

__all__ = [
    "LostAt",
    "Verdict",
    "first_half",
    "lost_at",
    "reach_by_move",
    "sampled_reach",
    "verdict",
    "winnable_seed",
]

#: Worlds sampled for a first-half verdict: a few dozen milliseconds in a worker thread.
SAMPLED_WORLDS = 12
#: Seeds tried at most by :func:`winnable_seed` (four in five deals are winnable).
MAX_TRIES = 200

_RULES = CapodamaRulesSeat()


@dataclass(frozen=True)
class Verdict:
    """Whether the window can still be reached: exact (the solver, every card face up), or
    sampled (``hits`` of ``worlds`` sampled deals can still reach it); ``final`` once the deal
    is scored, when it says whether the window was reached (the engine's result)."""

    window: tuple[int, int]
    exact: bool
    hits: int
    worlds: int
    final: bool = False

    @property
    def reachable(self) -> bool:
        return self.hits > 0


def first_half(state: CapodamaState, rng: random.Random) -> None:
    """Play ``state`` on with the rule seat until every card is face up (or the deal ends)."""
    while not state.is_over and not is_open(state) and state.current_player is not None:
        seat = state.current_player
        state.play(_RULES.choose(state.view(seat), state.legal_moves(), rng))


def verdict(view: CapodamaView, rng: random.Random, worlds: int = SAMPLED_WORLDS) -> Verdict | None:
    """The verdict from the player's view: whether the window was reached once the deal is
    scored; None before the card play (nothing to judge yet) or outside the solitaire."""
    if view.window is not None and view.result is not None:
        return Verdict(view.window, True, int(view.result == "won"), 1, final=True)
    if view.window is None or view.phase != "play":
        return None
    if is_open(view):
        return Verdict(view.window, True, int(reachable(view)), 1)
    return Verdict(view.window, False, sampled_reach(view, rng, worlds), worlds)


def sampled_reach(
    view: CapodamaView, rng: random.Random, worlds: int, move: Move | None = None
) -> int:
    """In how many of ``worlds`` worlds sampled from ``view`` (``move`` played first, then the
    rule seat's first half) the solver can still reach the window."""
    draw = SAMPLER.prepare(view)
    hits = 0
    for _k in range(worlds):
        world = draw(rng)
        if move is not None:
            world.play(move)
        first_half(world, rng)
        hits += is_open(world) and reachable(world)
    return hits


def reach_by_move(
    view: CapodamaView, rng: random.Random, worlds: int, moves: Sequence[Move]
) -> list[int]:
    """Per move, in how many of ``worlds`` worlds sampled from ``view`` (the move played
    first, then the rule seat's first half) the solver can still reach the window: every move
    in the same worlds, its first half played with the same random numbers."""
    draw = SAMPLER.prepare(view)
    hits = [0] * len(moves)
    for _k in range(worlds):
        world = draw(rng)
        seed = rng.random()
        for i, move in enumerate(moves):
            trial = world.clone()
            trial.play(move)
            first_half(trial, random.Random(seed))
            hits[i] += is_open(trial) and reachable(trial)
    return hits


def winnable_seed(start: int, **options: Any) -> int:
    """The first seed from ``start`` whose solitaire deal, after the rule seat's first half
    (seeded by the deal's own seed), the solver says can still reach the window."""
    for seed in count(start):
        if seed - start >= MAX_TRIES:
            break
        state = new_game("capodama", players=1, seed=seed, **options)
        assert isinstance(state, CapodamaState)
        first_half(state, random.Random(seed))
        if is_open(state) and reachable(state):
            return seed
    return start


@dataclass(frozen=True)
class LostAt:
    """Where a lost solitaire deal went astray: ``move`` is the index in the history of the
    first move after which the window was out of reach, None when it already was when the
    second half was dealt (the first half lost it); ``trick`` is that move's trick and ``card``
    the card it played."""

    move: int | None
    trick: int | None
    card: Card | None


def lost_at(state: GameState[CapodamaView]) -> LostAt | None:
    """Where the deal of a finished, lost solitaire ``state`` was lost (exact, from the record:
    the second half replayed and the solver asked after each move); None if it was won or is
    not a solitaire deal."""
    view = state.view(0)
    if view.window is None or not state.is_over:
        return None
    record = state.record()
    moves = list(state.history)
    record["moves"] = []
    replay = load_record(record)
    assert isinstance(replay, CapodamaState)
    before: bool | None = None  # reachable before the move (None: not known yet)
    for i, text in enumerate(moves):
        move = next(m for m in replay.legal_moves() if m.text == text)
        replay.play(move)
        after: Any = replay.view(0)
        now: bool | None
        if replay.is_over:
            now = bool(replay.winners)
        elif is_open(replay):
            now = reachable(replay)
        else:
            continue
        if now:
            before = True
            continue
        if before is None:
            return LostAt(None, None, None)
        # the move's trick: the one under way, or the one it completed
        return LostAt(i, len(after.tricks) + (1 if after.trick else 0), move.card)
    return None
