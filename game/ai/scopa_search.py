"""A search seat for Scopa: determinized Monte Carlo over the other hands and the deck.

In Scopa nothing a player does narrows down what another holds (any card may be played at any
time, every capture is public, and a capture shows exactly the cards used).  So a world is a
uniformly random split of the unseen cards into the other hands (of their known sizes) and the
deck (of its known size, in random order): :func:`hidden_cards` says so, the shared sampler
does the split and ``ScopaState.from_view`` rebuilds the state.  Every legal move is played in
the same worlds, each followed by the rule-based seat for everyone to the end of the deal.

The evaluation is the deal for the seat's side against the best other side: the deal points
margin (cards, coins, settebello, primiera, scope), plus small smooth terms for the margins of
cards, coins and primiera value.  The points alone are steps (21 cards of 40 is a point, 20 is
nothing), so two moves often score alike in every world; the smooth terms still prefer the move
that leaves the seat closer to the next step, which is worth points over many deals.  That is
why Scopa keeps its own evaluation rather than the core's won-then-points default.

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.engine import DealScored
from game.engine.scopa import ScopaState, ScopaView
from game.engine.scopa_events import ScopaScored

from .endgame import Endgame
from .scopa_rules import ScopaRulesSeat
from .search import Budget, DeterminizedSearch
from .search_worlds import Hidden, WorldSampler, hands_and_pile, unseen

__all__ = ["ScopaSearchSeat", "deal_value", "hidden_cards"]

#: Weights of the smooth terms, per card, per coin and per primiera point of margin; a deal
#: point is 1.  Small enough that they only order moves whose points come out alike.
CARD_WEIGHT = 0.03
COIN_WEIGHT = 0.05
PRIMIERA_WEIGHT = 0.005


class SideFigures(Protocol):
    """A scored deal's figures, one value per side."""

    @property
    def points(self) -> Sequence[int]: ...
    @property
    def cards(self) -> Sequence[int]: ...
    @property
    def coins(self) -> Sequence[int]: ...
    @property
    def primiera(self) -> Sequence[int]: ...


def deal_value(figures: SideFigures, side: int) -> float:
    """How good a scored deal is for ``side``: points margin over the best other side, and the
    cards, coins and primiera margins as small smooth terms."""

    def margin(values: Sequence[int]) -> int:
        return values[side] - max(v for k, v in enumerate(values) if k != side)

    return (
        margin(figures.points)
        + CARD_WEIGHT * margin(figures.cards)
        + COIN_WEIGHT * margin(figures.coins)
        + PRIMIERA_WEIGHT * margin(figures.primiera)
    )


def _evaluate(scored: DealScored | None, state: ScopaState, view: ScopaView) -> float:
    assert isinstance(scored, ScopaScored)  # a Scopa deal always ends with the 40th card
    return deal_value(scored.figures, view.side)


def hidden_cards(view: ScopaView) -> Hidden:
    """What ``view`` hides: the other hands and the deck; the view tells nothing more."""
    shown = [*view.hand, *view.table, *(c for pile in view.captured for c in pile)]
    pool = unseen(ScopaState.info.cards_for(view.players), shown)
    return hands_and_pile(pool, view.hand_sizes, view.seat, view.deck_count)


SAMPLER = WorldSampler(hidden_cards, ScopaState.from_view)


class ScopaSearchSeat(DeterminizedSearch[ScopaView, ScopaState]):
    """Searches ``samples`` worlds per decision, within ``seconds`` of its own CPU time.

    With two players the last hand of a deal (the deck empty) hides nothing: the other hand is
    every card not seen.  A seat that solves endgames plays it exactly then.
    """

    ENDGAME = Endgame(near=lambda v: v.players == 2 and v.deck_count == 0)

    def __init__(self, samples: int = 100, seconds: float = 0.6) -> None:
        super().__init__(SAMPLER, ScopaRulesSeat(), Budget(samples, seconds), evaluate=_evaluate)
