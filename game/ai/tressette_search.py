"""A search seat for Tressette: determinized Monte Carlo over the other hands.

For each card play it deals the unseen cards to the other seats many times, always in a way
the seat cannot rule out (:func:`sample_world`): hand sizes, the cards played, the suits each
player has shown to be void in by failing to follow, and the Buongioco cards declared and not
yet played, which stay in their declarer's hand.  Each world is rebuilt with
``TressetteState.from_view``; every legal card is played in the same worlds, followed by the
rule-based seat for everyone to the end of the deal.

The evaluation is the deal for the seat's side: won (the unique best deal score) first, then the
raw-point margin over the best other side, which keeps a signal where rounding to whole points
hides it.  Buongioco is left to the rule seat, which always declares: the points are free and
the window closes after trick 2.

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.engine import ITALIAN, Card, Move
from game.engine.tressette import TressetteState, TressetteView
from game.engine.tressette_tables import deck_indices

from .search import DeterminizedSearch, deal_constrained
from .tressette_rules import TressetteRulesSeat

__all__ = ["TressetteSearchSeat", "sample_world"]

#: Raw points (thirds) of margin worth a whole won deal: the margin only orders moves that
#: win (or lose) the deal alike.
RAW_SCALE = 100.0


class TressetteSearchSeat(DeterminizedSearch):
    """Determinized search with a budget of worlds (``samples``) and of time (``seconds``)."""

    name = "search"

    def __init__(self, samples: int = 80, seconds: float = 0.6) -> None:
        super().__init__(samples, seconds)
        self._rules = TressetteRulesSeat()

    def shortcut(
        self, view: TressetteView, legal_moves: Sequence[Move], rng: random.Random
    ) -> Move | None:
        if any(m.kind == "declare" for m in legal_moves):
            return self._rules.choose(view, legal_moves, rng)  # it always declares
        return None

    def world(self, view: TressetteView, rng: random.Random) -> TressetteState:
        return TressetteState.from_view(view, sample_world(view, rng), seed=rng.randrange(2**31))

    def policy(self, state: TressetteState, moves: Sequence[Move], rng: random.Random) -> Move:  # type: ignore[override]
        return self._rules.choose(state.view(state.current_player), moves, rng)  # type: ignore[arg-type]

    def evaluate(
        self, scored: dict[str, Any] | None, state: TressetteState, view: TressetteView
    ) -> float:  # type: ignore[override]
        """1 for a won deal, plus the raw-point margin over the best other side."""
        assert scored is not None  # a Tressette deal always ends with the last trick
        side = view.side
        raw = scored["raw"]
        margin = raw[side] - max(r for k, r in enumerate(raw) if k != side)
        return (1.0 if scored["winner_side"] == side else 0.0) + margin / RAW_SCALE


def sample_world(view: TressetteView, rng: random.Random) -> dict[int, list[Card]]:
    """A random placement of the unseen cards into the other hands that the view allows.

    Declared cards not yet played go back to their declarer; the rest are dealt so that no
    seat gets a suit it has shown void in, with the exact placement of
    :func:`~game.ai.search.deal_constrained` (it never fails: the true hands fit).
    """
    seen = 0
    for c in view.hand:
        seen |= 1 << c.index
    for _, trick, _, _ in view.tricks:
        for _, c in trick:
            seen |= 1 << c.index
    for _, c in view.trick:
        seen |= 1 << c.index
    others = [s for s in range(view.players) if s != view.seat]
    fixed: dict[int, list[Card]] = {s: list(view.shown[s]) for s in others}
    for cards in fixed.values():
        for c in cards:
            seen |= 1 << c.index
    pool = [ITALIAN.by_index(i) for i in deck_indices(view.players) if not seen >> i & 1]
    room = {s: view.hand_sizes[s] - len(fixed[s]) for s in others}
    voids = view.voids()
    allowed = {
        suit: [s for s in others if suit not in voids[s]] for suit in range(len(ITALIAN.suits))
    }
    hands = deal_constrained(pool, room, lambda c: allowed[c.suit_index], rng)
    return {s: fixed[s] + hands[s] for s in others}
