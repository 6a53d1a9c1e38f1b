"""A search seat for Scopa: determinized Monte Carlo over the other hands and the deck.

In Scopa no play rules a card out of a hand (any card may be played at any time, every capture
is public, and a capture shows exactly the cards used), but one tells: a player who left a
table it could have swept most likely held no card to sweep it, since a scopa is a point.  So
a world is a random split of the unseen cards into the other hands (of their known sizes) and
the deck (of its known size, in random order), a hand of 3 that holds a card that would have
swept a table its player left unswept :data:`MISSED_SWEEP` times as likely as one that holds
none: :func:`hidden_cards` says so, the shared sampler does the split and
``ScopaState.from_view`` rebuilds the state.  Every legal move is played in
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

import dataclasses
from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol

from game.engine import Card, DealScored
from game.engine.scopa import ScopaState, ScopaView, round_plays, sweepers
from game.engine.scopa_events import ScopaScored

from .endgame import Endgame
from .scopa_rules import ScopaRulesSeat
from .search import Budget, DeterminizedSearch
from .search_worlds import Hidden, Placement, WorldSampler, hands_and_pile, unseen

__all__ = ["MISSED_SWEEP", "ScopaSearchSeat", "deal_value", "hidden_cards"]

#: Weights of the smooth terms, per card, per coin and per primiera point of margin; a deal
#: point is 1.  Small enough that they only order moves whose points come out alike.
CARD_WEIGHT = 0.03
COIN_WEIGHT = 0.05
PRIMIERA_WEIGHT = 0.005
#: How likely a player is to leave unswept a table it could sweep, relative to playing as it
#: did without the card to sweep it: the rule seat sweeps whenever it can (a scopa is a point)
#: and people nearly always do, so a world giving it such a card is this much less likely.
MISSED_SWEEP = 0.1


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
    """What ``view`` hides: the other hands and the deck, and how likely the sweeps the other
    players left in this hand of 3 make each placement (:func:`missed_sweeps`)."""
    shown = [*view.hand, *view.table, *(c for pile in view.captured for c in pile)]
    pool = unseen(ScopaState.info.cards_for(view.players), shown)
    hidden = hands_and_pile(pool, view.hand_sizes, view.seat, view.deck_count)
    missed = missed_sweeps(view, pool)
    if not missed:
        return hidden
    return dataclasses.replace(hidden, weight=_missed_weight(missed))


def missed_sweeps(view: ScopaView, pool: Sequence[Card]) -> list[tuple[int, frozenset[Card]]]:
    """Each move of this hand of 3 by another player that left unswept a table one of the
    ``pool`` cards would have swept: its seat and those cards.  The hand of 3 a player holds
    now is what it held then, less what it has played since."""
    missed = []
    for play in round_plays(view):
        if play.seat != view.seat and not play.swept:
            cards = sweepers(play.table, pool, view.rules)
            if cards:
                missed.append((play.seat, frozenset(cards)))
    return missed


def _missed_weight(missed: list[tuple[int, frozenset[Card]]]) -> Callable[[Placement], float]:
    """The likelihood of a placement: :data:`MISSED_SWEEP` for each missed sweep whose player
    it gives a card that would have made it."""

    def weight(hands: Placement) -> float:
        w = 1.0
        for seat, cards in missed:
            if not cards.isdisjoint(hands[seat]):
                w *= MISSED_SWEEP
        return w

    return weight


SAMPLER = WorldSampler(hidden_cards, ScopaState.from_view)


class ScopaSearchSeat(DeterminizedSearch[ScopaView, ScopaState]):
    """Searches ``samples`` worlds per decision, within ``seconds`` of its own CPU time.

    With two players the last hand of a deal (the deck empty) hides nothing: the other hand is
    every card not seen.  A seat that solves endgames plays it exactly then.
    """

    ENDGAME = Endgame(near=lambda v: v.players == 2 and v.deck_count == 0)
    #: the worlds' sampler (a hook: Scopone rebuilds its own states)
    SAMPLER: ClassVar[WorldSampler[ScopaView, ScopaState]] = SAMPLER

    def __init__(self, samples: int = 100, seconds: float = 0.6) -> None:
        rules = ScopaRulesSeat()
        super().__init__(self.SAMPLER, rules, Budget(samples, seconds), evaluate=_evaluate)
