"""Determinized Monte Carlo search, shared by the search seats of every game.

A seat that cannot see the other hands (nor the deck's order) can still look ahead: it guesses
what is hidden many times, in ways that agree with everything its view tells it, rebuilds each
guess as a full state (a "world", through the game's ``from_view``), and in each world plays
every legal move followed by a rule-based rollout to the end of the deal.  The move with the
best mean result wins.  Every candidate is tried in the same worlds ("common random numbers"),
so the comparison between moves is fair even with a few dozen worlds: the luck of the deal
cancels out of the differences.

A game's seat subclasses :class:`DeterminizedSearch` and gives the three game-specific parts:
``world`` (sample the hidden cards and rebuild a state), ``policy`` (the rollout move, usually
the rule seat's) and ``evaluate`` (a number for the seat's side once the deal is scored).  The
budget is a number of worlds and a time limit, checked after each world so every candidate
has always been tried in the same worlds.

:func:`deal_constrained` places hidden cards into hands under "this seat cannot hold that card"
constraints (voids shown by failing to follow suit) without ever failing when a placement
exists: it checks Hall's condition before each placement.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.engine import Card, GameState, Move

__all__ = ["DeterminizedSearch", "deal_constrained", "scored_since"]

#: A rollout longer than this many moves stops where it is (no game here comes near it; it
#: only guards against a rollout policy that could loop, such as endless suit swaps).
MAX_ROLLOUT_MOVES = 2000


def scored_since(state: GameState, start: int) -> dict[str, Any] | None:
    """The data of the first "deal_scored" event logged at or after ``start``, if any."""
    events = state.events
    for i in range(start, len(events)):
        if events[i].kind == "deal_scored":
            return events[i].data
    return None


class DeterminizedSearch(ABC):
    """Determinized search with a budget of worlds (``samples``) and of time (``seconds``).

    ``choose`` answers a lone legal move at once, lets :meth:`shortcut` take decisions that
    need no search (announcements a rule seat handles well), and otherwise searches.  After a
    search ``last_worlds`` and ``last_seconds`` say what it cost (for benches and tests).
    """

    name = "search"

    def __init__(self, samples: int, seconds: float) -> None:
        self.samples = samples
        self.seconds = seconds
        self.last_worlds = 0
        self.last_seconds = 0.0

    # -- what each game provides -------------------------------------------------------------
    @abstractmethod
    def world(self, view: Any, rng: random.Random) -> GameState:
        """A state agreeing with ``view``, its hidden cards guessed at random."""

    @abstractmethod
    def policy(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        """The rollout's move for ``state.current_player`` (which may look only at its view)."""

    @abstractmethod
    def evaluate(self, scored: dict[str, Any] | None, state: GameState, view: Any) -> float:
        """The result for the side of ``view.current_player``: higher is better.

        ``scored`` is the data of the deal's "deal_scored" event, or None when the rollout was
        cut off at :data:`MAX_ROLLOUT_MOVES` (then judge from ``state``).
        """

    def shortcut(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move | None:
        """A move chosen without search, or None to search (default: always search)."""
        return None

    # -- the search ----------------------------------------------------------------------------
    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        move = self.shortcut(view, legal_moves, rng)
        if move is not None:
            return move
        totals = self.search(view, legal_moves, rng)
        best = max(range(len(legal_moves)), key=lambda k: totals[k])
        return legal_moves[best]

    def search(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> list[float]:
        """The summed results of each legal move over the same sampled worlds."""
        totals = [0.0] * len(legal_moves)
        start = time.perf_counter()
        deadline = start + self.seconds
        worlds = 0
        for _ in range(self.samples):
            world = self.world(view, rng)
            mark = len(world.events)
            for k, move in enumerate(legal_moves):
                trial = world.clone()
                trial.play(move)
                totals[k] += self.rollout(trial, mark, view, rng)
            worlds += 1
            if time.perf_counter() > deadline:
                break
        self.last_worlds = worlds
        self.last_seconds = time.perf_counter() - start
        return totals

    def rollout(self, state: GameState, mark: int, view: Any, rng: random.Random) -> float:
        """Play ``state`` on with :meth:`policy` until the deal begun before ``mark`` is scored."""
        scored = scored_since(state, mark)
        if scored is None:
            seen = len(state.events)
            for _ in range(MAX_ROLLOUT_MOVES):
                if state.current_player is None:
                    break
                state.play(self.policy(state, state.legal_moves(), rng))
                scored = scored_since(state, seen)
                if scored is not None:
                    break
                seen = len(state.events)
        return self.evaluate(scored, state, view)


def deal_constrained(
    cards: Sequence[Card],
    room: Mapping[int, int],
    allowed: Callable[[Card], Sequence[int]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """Place ``cards`` into hands with ``room[seat]`` free places, each card in a seat it allows.

    ``allowed(card)`` names the seats that may hold ``card``.  Cards are placed most
    constrained first, each in a seat drawn with weight its free room (with no constraints this
    is a uniformly random deal) among the seats that keep a complete placement possible:
    Hall's condition, that for every set of seats the cards that can only go there fit in their
    room, is checked for each choice.  So it never fails when any placement exists, and raises
    ValueError when none does (the sizes do not add up, or the constraints exclude every way).
    """
    seats = sorted(room)
    if sum(room.values()) != len(cards):
        raise ValueError(f"{len(cards)} cards for {sum(room.values())} places")
    bit = {s: 1 << k for k, s in enumerate(seats)}
    full = (1 << len(seats)) - 1
    typed: list[tuple[int, Card]] = []
    for c in cards:
        t = 0
        for s in allowed(c):
            t |= bit.get(s, 0)
        typed.append((t, c))
    count = [0] * (full + 1)  # cards per allowed-set type
    for t, _ in typed:
        count[t] += 1
    left = {s: room[s] for s in seats}
    subsets = range(1, full + 1)

    def feasible() -> bool:
        for sub in subsets:
            need = sum(count[t] for t in range(1, full + 1) if count[t] and t & ~sub == 0)
            cap = sum(left[s] for s in seats if bit[s] & sub)
            if need > cap:
                return False
        return not count[0]

    if not feasible():
        raise ValueError("no placement of the hidden cards fits the constraints")
    rng.shuffle(typed)
    typed.sort(key=lambda tc: tc[0].bit_count())
    hands: dict[int, list[Card]] = {s: [] for s in seats}
    constrained = sum(1 for t, _ in typed if t != full)
    for t, c in typed:
        count[t] -= 1
        constrained -= t != full
        options: list[int] = []
        weights: list[int] = []
        for s in seats:
            if t & bit[s] and left[s] > 0:
                left[s] -= 1
                # Once only unconstrained cards remain, every placement can be completed.
                if not constrained or feasible():
                    options.append(s)
                    weights.append(left[s] + 1)
                left[s] += 1
        pick = rng.choices(options, weights)[0]
        hands[pick].append(c)
        left[pick] -= 1
    return hands
