"""A search seat for Scopa: determinized Monte Carlo over the other hands and the deck.

Scopa hides little: every capture is shown, so the only unknowns are the other hands and the
deck's order, and nothing in play narrows them (any card may be placed, and a capture shows
exactly the cards used).  So a world is a uniformly random split of the unseen cards into the
other hands (of their known sizes) and the deck (of its known size, in random order), rebuilt
with ``ScopaState.from_view``.  Every legal move is played in the same worlds, each followed by
the rule-based seat for everyone to the end of the deal.

The evaluation is the deal for the seat's side against the best other side: the deal points
margin (cards, coins, settebello, primiera, scope), plus small smooth terms for the margins of
cards, coins and primiera value.  The points alone are steps (21 cards of 40 is a point, 20 is
nothing), so two moves often score alike in every world; the smooth terms still prefer the move
that leaves the seat closer to the next step, which is worth points over many deals.

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.engine import Card, Move
from game.engine.scopa import ScopaState, ScopaView
from game.engine.scopa_moves import CARD

from .scopa_rules import ScopaRulesSeat
from .search import DeterminizedSearch

__all__ = ["ScopaSearchSeat", "sample_world"]

#: Weights of the smooth terms, per card, per coin and per primiera point of margin; a deal
#: point is 1.  Small enough that they only order moves whose points come out alike.
CARD_WEIGHT = 0.03
COIN_WEIGHT = 0.05
PRIMIERA_WEIGHT = 0.005


class ScopaSearchSeat(DeterminizedSearch):
    """Determinized search with a budget of worlds (``samples``) and of time (``seconds``)."""

    name = "search"

    def __init__(self, samples: int = 100, seconds: float = 0.6) -> None:
        super().__init__(samples, seconds)
        self._rules = ScopaRulesSeat()

    def world(self, view: ScopaView, rng: random.Random) -> ScopaState:
        hidden, deck = sample_world(view, rng)
        return ScopaState.from_view(view, hidden, deck, seed=rng.randrange(2**31))

    def policy(self, state: ScopaState, moves: Sequence[Move], rng: random.Random) -> Move:  # type: ignore[override]
        return self._rules.choose(state.view(state.current_player), moves, rng)  # type: ignore[arg-type]

    def evaluate(self, scored: dict[str, Any] | None, state: ScopaState, view: ScopaView) -> float:  # type: ignore[override]
        """Deal points margin over the best other side, plus the smooth margins."""
        assert scored is not None  # a Scopa deal always ends when the 40 cards are played
        return deal_value(scored, view.side)


def deal_value(scored: dict[str, Any], side: int) -> float:
    """How good a scored deal is for ``side``: points margin over the best other side, and the
    cards, coins and primiera margins as small smooth terms."""
    others = [k for k in range(len(scored["points"])) if k != side]

    def margin(key: str) -> int:
        values = scored[key]
        return values[side] - max(values[k] for k in others)

    return (
        margin("points")
        + CARD_WEIGHT * margin("cards")
        + COIN_WEIGHT * margin("coins")
        + PRIMIERA_WEIGHT * margin("primiera")
    )


def sample_world(view: ScopaView, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
    """A random placement of the cards ``view`` does not show: other hands, then the deck.

    The unseen cards are the 40 less the seat's hand, the table and every captured card; they
    are shuffled and dealt to the other hands (their sizes) and the deck (its count, in order).
    """
    seen = 0
    for c in view.hand:
        seen |= 1 << c.index
    for c in view.table:
        seen |= 1 << c.index
    for pile in view.captured:
        for c in pile:
            seen |= 1 << c.index
    pool = [CARD[i] for i in range(40) if not seen >> i & 1]
    rng.shuffle(pool)
    hidden: dict[int, list[Card]] = {}
    pos = 0
    for s in range(view.players):
        if s != view.seat:
            k = view.hand_sizes[s]
            hidden[s] = pool[pos : pos + k]
            pos += k
    return hidden, pool[pos:]
