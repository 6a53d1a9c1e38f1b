"""A search seat for Cattura: determinized Monte Carlo over the other hands and the deck.

Everything in Cattura is public except the hands and the draw deck: captured cards lie face up
and every card on the battlefield was laid face up.  The cards a player draws are unseen, so
nothing narrows down who holds what; a world is a uniformly random split of the unseen cards
into the other hands (their sizes) and the deck (its count, in random order):
:func:`hidden_cards` says so, the shared sampler does the split and ``CatturaState.from_view``
rebuilds the state.  Every legal move is played in the same worlds, each followed by the
rule-based seat for everyone.

A match is one deal, so the rollouts run to the end of the match, and the evaluation is the
core's: a win (a tie shares it) first, then the seat's score.

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

from game.engine.cattura import CatturaState, CatturaView

from .cattura_rules import CatturaRulesSeat
from .endgame import Endgame
from .search import Budget, DeterminizedSearch
from .search_worlds import Hidden, WorldSampler, hands_and_pile

__all__ = ["CatturaSearchSeat", "hidden_cards"]

#: Score points worth less than a win: they order moves that win (or lose) alike.
POINTS_SCALE = 1 / 100


def hidden_cards(view: CatturaView) -> Hidden:
    """What ``view`` hides: the other hands and the draw deck; the view tells nothing more."""
    return hands_and_pile(view.unseen, view.hand_sizes, view.seat, view.deck_count)


SAMPLER = WorldSampler(hidden_cards, CatturaState.from_view)


class CatturaSearchSeat(DeterminizedSearch[CatturaView, CatturaState]):
    """Searches ``samples`` worlds per decision, within ``seconds`` of its own CPU time.

    With two players and the deck empty nothing is hidden: the other hand is every card not
    seen.  A seat that solves endgames plays the rest exactly then (suit swaps can make a solve
    long; one that would visit too many positions falls back to the rollouts).
    """

    ENDGAME = Endgame(near=lambda v: v.players == 2 and v.deck_count == 0)

    def __init__(self, samples: int = 80, seconds: float = 0.6) -> None:
        super().__init__(
            SAMPLER, CatturaRulesSeat(), Budget(samples, seconds), points_scale=POINTS_SCALE
        )
