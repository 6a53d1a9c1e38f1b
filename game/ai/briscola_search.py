"""A search seat for Briscola: determinized Monte Carlo over the other hands and the stock.

What a view hides is the other hands and the stock's face-down cards; nothing in play narrows
where a card lies (nobody must follow suit), but the trump card once drawn is in its drawer's
hand until played (``fixed``).  Each world is rebuilt with ``BriscolaState.from_view``; every
legal move is played in the same worlds, then the rule seat plays everyone to the deal's end,
judged by the deal's result (won first, then the side's card points).

In two players, once the stock is empty the other hand is every card not seen: nothing is
hidden, and the strong level solves the rest of the deal exactly (:mod:`.endgame`).
"""

from __future__ import annotations

from game.engine import Card
from game.engine.briscola import BriscolaState, BriscolaView
from game.engine.briscola_cards import DEAL_POINTS

from .briscola_rules import BriscolaRulesSeat
from .endgame import Endgame
from .search import Budget, DeterminizedSearch
from .search_worlds import PILE, Hidden, WorldSampler, unseen

__all__ = ["BriscolaSearchSeat", "hidden_cards"]


def hidden_cards(view: BriscolaView) -> Hidden:
    """The other hands and the stock's face-down cards, the drawn trump card in its drawer's
    hand until it is played."""
    played = [c for _, t, _, _ in view.tricks for _, c in t] + [c for _, c in view.trick]
    seen: list[Card] = [*view.hand, *played]
    if view.trump_to is None and view.stock:
        seen.append(view.trump)
    pool = unseen(BriscolaState.info.cards_for(view.players), seen)
    sizes = {s: n for s, n in enumerate(view.hand_sizes) if s != view.seat}
    sizes[PILE] = view.face_down
    holder = view.trump_to
    fixed = {}
    if holder is not None and holder != view.seat and view.trump in pool:
        fixed[holder] = (view.trump,)
    return Hidden(pool, sizes, fixed=fixed)


def _rebuild(
    view: BriscolaView, hands: dict[int, list[Card]], pile: list[Card], seed: int
) -> BriscolaState:
    return BriscolaState.from_view(view, hands, pile, seed)


SAMPLER = WorldSampler(hidden_cards, _rebuild)


def _friends(view: BriscolaView) -> tuple[int, ...]:
    return view.sides[view.side]


class BriscolaSearchSeat(DeterminizedSearch[BriscolaView, BriscolaState]):
    """Searches ``samples`` worlds per decision, within ``seconds`` of its own CPU time."""

    #: two players with the stock empty: the other hand is every card not seen
    ENDGAME = Endgame(near=lambda v: v.players == 2 and v.stock == 0, friends=_friends)

    def __init__(self, samples: int = 80, seconds: float = 0.6) -> None:
        rules = BriscolaRulesSeat()
        super().__init__(SAMPLER, rules, Budget(samples, seconds), points_scale=1 / DEAL_POINTS)
