"""A search seat for Capodama: determinized Monte Carlo over what its seat cannot see.

For each decision of the card play it deals the hidden cards many times at random, in ways
that agree with everything the seat knows (hand sizes, cards played, the suits each player has
shown to be void in, where its own passed cards went), rebuilds each such world with
``CapodamaState.from_view`` and plays every legal card in it to the end of the deal with the
rule-based seat for everyone.  It keeps the card with the best mean result over the worlds:
deal won first, card points second.  Every candidate card is tried in the same worlds, so the
comparison is fair even with few samples.

Announcements and the exchange are left to the rule-based seat, whose habits are sound there.
The loop itself (common worlds, budget, rollouts) is :class:`game.ai.search.DeterminizedSearch`,
shared with the other games' search seats; this module gives the sampler and the evaluation.
The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.engine import Card, Move
from game.engine.capodama import THRESHOLD, CapodamaState, CapodamaView, deck_for

from .capodama_rules import CapodamaRulesSeat
from .search import DeterminizedSearch

__all__ = ["CapodamaSearchSeat", "sample_world"]


class CapodamaSearchSeat(DeterminizedSearch):
    """Determinized search with a budget of worlds (``samples``) and of time (``seconds``)."""

    name = "search"

    def __init__(self, samples: int = 24, seconds: float = 2.0) -> None:
        super().__init__(samples, seconds)
        self._rules = CapodamaRulesSeat()

    def shortcut(
        self, view: CapodamaView, legal_moves: Sequence[Move], rng: random.Random
    ) -> Move | None:
        if view.phase != "play":
            return self._rules.choose(view, legal_moves, rng)
        return None

    def world(self, view: CapodamaView, rng: random.Random) -> CapodamaState:
        hidden, aside = sample_world(view, rng)
        return CapodamaState.from_view(view, hidden, aside, seed=rng.randrange(2**31))

    def policy(self, state: CapodamaState, moves: Sequence[Move], rng: random.Random) -> Move:  # type: ignore[override]
        p = state.current_player
        return self._rules.choose(state.view(p), moves, rng)  # type: ignore[arg-type]

    def evaluate(
        self, scored: dict[str, Any] | None, state: CapodamaState, view: CapodamaView
    ) -> float:  # type: ignore[override]
        """Deal won first, card points second (solitaire: inside the 80-85 window)."""
        assert scored is not None  # a Capodama deal always ends within 16 tricks
        points = scored["points"]
        if view.players == 1:
            lo, hi = 80, 85
            return (1.0 if lo <= points <= hi else 0.0) - abs(points - 82.5) / 300
        me = view.current_player
        mine = points if me in scored["team"] else 150 - points
        won = (
            points >= THRESHOLD[view.players]
            if me in scored["team"]
            else (points < THRESHOLD[view.players])
        )
        return (1.0 if won else 0.0) + mine / 300


def _voids(view: CapodamaView) -> dict[int, set[str]]:
    """Suits each seat is known to hold no card of, from its failures to follow."""
    trumps = set(view.trumps)
    tricks = [t for _, t, _, _ in view.tricks]
    if view.seats == 2 and len(tricks) >= 8:
        tricks = tricks[8:]  # the second half dealt new cards: old voids no longer hold
    if view.trick:
        tricks.append(view.trick)
    voids: dict[int, set[str]] = {s: set() for s in range(view.seats)}
    for trick in tricks:
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led and card not in trumps:
                voids[seat].add(led)
    return voids


def sample_world(
    view: CapodamaView, rng: random.Random
) -> tuple[dict[int, list[Card]], list[Card]]:
    """A random placement of the cards ``view`` hides: the other hands and the set-aside pile.

    Placements honour hand sizes, shown voids and the seat's own passes; when the voids leave
    no way through after a few tries they are dropped rather than failing the seat.
    """
    seen = {c for hand in view.hands.values() for c in hand}
    seen |= {c for _, t, _, _ in view.tricks for _, c in t}
    seen |= {c for _, c in view.trick}
    pool = [c for c in deck_for(view.players) if c not in seen]
    seats = [s for s in range(view.seats) if s not in view.hands]
    need = {s: view.hand_sizes[s] for s in seats}
    fixed: dict[int, list[Card]] = {s: [] for s in seats}
    if view.seats >= 4 and view.passed:
        targets = [(view.seat + 1) % view.seats, (view.seat - 1) % view.seats]
        for card, to in zip(view.passed, targets, strict=False):
            if card in pool and to in fixed:
                fixed[to].append(card)
    placed = {c for cards in fixed.values() for c in cards}
    rest = [c for c in pool if c not in placed]
    voids = _voids(view)
    for attempt in range(30):
        strict = attempt < 25
        hands = {s: list(fixed[s]) for s in seats}
        aside: list[Card] = []
        room = {s: need[s] - len(hands[s]) for s in seats}
        cards = rest[:]
        rng.shuffle(cards)
        # Most constrained first: cards of suits that many seats cannot hold.
        cards.sort(key=lambda c: -sum(c.suit in voids[s] for s in seats) if strict else 0)
        ok = True
        for card in cards:
            slots = [s for s in seats if room[s] > 0 and not (strict and card.suit in voids[s])]
            weights = [room[s] for s in slots]
            aside_room = view.set_aside - len(aside)
            if aside_room > 0:
                slots.append(-1)
                weights.append(aside_room)
            if not slots:
                ok = False
                break
            pick = rng.choices(slots, weights)[0]
            if pick == -1:
                aside.append(card)
            else:
                hands[pick].append(card)
                room[pick] -= 1
        if ok:
            return hands, aside
    raise RuntimeError("no placement of the hidden cards fits the view")  # pragma: no cover
