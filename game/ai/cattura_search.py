"""A search seat for Cattura: determinized Monte Carlo over the other hands and the deck.

Everything in Cattura is public except the hands and the draw deck: captured cards lie face up
and every card on the battlefield was laid face up.  The cards a player draws are unseen, so
nothing narrows down who holds what; a world is a uniformly random split of the unseen cards
into the other hands (their sizes) and the deck (its count, in random order), rebuilt with
``CatturaState.from_view``.  Every legal move is played in the same worlds, each followed by
the rule-based seat for everyone.

A match is one deal, so the rollouts run to the end of the match and the evaluation is the
match: a win (shared wins split) first, then the score margin over the best other player.

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.engine import Card, Move
from game.engine.cattura import CatturaState, CatturaView
from game.engine.cattura_cards import CARDS, card

from .cattura_rules import CatturaRulesSeat
from .search import DeterminizedSearch

__all__ = ["CatturaSearchSeat", "sample_world"]

#: Points of score margin worth a whole win: the margin only orders moves that win alike.
SCORE_SCALE = 100.0


class CatturaSearchSeat(DeterminizedSearch):
    """Determinized search with a budget of worlds (``samples``) and of time (``seconds``)."""

    name = "search"

    def __init__(self, samples: int = 80, seconds: float = 0.6) -> None:
        super().__init__(samples, seconds)
        self._rules = CatturaRulesSeat()

    def world(self, view: CatturaView, rng: random.Random) -> CatturaState:
        hidden, deck = sample_world(view, rng)
        return CatturaState.from_view(view, hidden, deck, seed=rng.randrange(2**31))

    def policy(self, state: CatturaState, moves: Sequence[Move], rng: random.Random) -> Move:  # type: ignore[override]
        return self._rules.choose(state.view(state.current_player), moves, rng)  # type: ignore[arg-type]

    def evaluate(
        self, scored: dict[str, Any] | None, state: CatturaState, view: CatturaView
    ) -> float:  # type: ignore[override]
        """A win (1, or its share when tied), plus the score margin over the best other."""
        me = view.seat
        scores = scored["scores"] if scored is not None else tuple(state.scores)
        best = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == best]
        won = 1.0 / len(leaders) if me in leaders else 0.0
        margin = scores[me] - max(v for s, v in enumerate(scores) if s != me)
        return won + margin / SCORE_SCALE


def sample_world(view: CatturaView, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
    """A random placement of the unseen cards: the other hands, then the deck (top first).

    Unseen: the 32 cards less the seat's hand, every captured card and the battlefield.
    """
    seen = 0
    for c in view.hand:
        seen |= 1 << c.index
    for c in view.battlefield:
        seen |= 1 << c.index
    for pile in view.captured:
        for c in pile:
            seen |= 1 << c.index
    pool = [card(i) for i in CARDS if not seen >> i & 1]
    rng.shuffle(pool)
    hidden: dict[int, list[Card]] = {}
    pos = 0
    for s in range(view.players):
        if s != view.seat:
            k = view.hand_sizes[s]
            hidden[s] = pool[pos : pos + k]
            pos += k
    return hidden, pool[pos:]
