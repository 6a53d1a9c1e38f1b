"""A search seat for Tressette: determinized Monte Carlo over the other hands.

For each card play it deals the unseen cards to the other seats many times, always in a way
the seat cannot rule out (:func:`hidden_cards`): hand sizes, the cards played, the suits each
player has shown to be void in by failing to follow (:meth:`TressetteView.voids`), and the
Buongioco cards declared and not yet played, which stay in their declarer's hand.  Each world
is rebuilt with ``TressetteState.from_view``; every legal card is played in the same worlds,
followed by the rule-based seat for everyone to the end of the deal.

The evaluation is the deal for the seat's side: won (the unique best deal score) first, then the
raw-point margin over the best other side, which keeps a signal where rounding to whole points
hides it (so Tressette keeps its own evaluation rather than the core's won-then-points).
Buongioco is left to the rule seat, which always declares: the points are free and the window
closes after trick 2.

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Card, DealScored, Move
from game.engine.tressette import TressetteState, TressetteView
from game.engine.tressette_events import TressetteScored

from .search import Budget, DeterminizedSearch
from .search_worlds import Hidden, WorldSampler, unseen
from .tressette_rules import TressetteRulesSeat

__all__ = ["TressetteSearchSeat", "hidden_cards"]

#: Raw points (thirds) of margin worth a whole won deal: the margin only orders moves that
#: win (or lose) the deal alike.
RAW_SCALE = 100.0


def _evaluate(scored: DealScored | None, state: TressetteState, view: TressetteView) -> float:
    """1 for a won deal, plus the raw-point margin over the best other side."""
    assert isinstance(scored, TressetteScored)  # a deal always ends with the last trick
    side = view.side
    raw = scored.raw
    margin = raw[side] - max(r for k, r in enumerate(raw) if k != side)
    return (1.0 if scored.results[view.seat].won else 0.0) + margin / RAW_SCALE


def hidden_cards(view: TressetteView) -> Hidden:
    """What ``view`` hides: the other hands, with their declared cards and shown voids."""
    played = [c for _, t, _, _ in view.tricks for _, c in t] + [c for _, c in view.trick]
    others = [s for s in range(view.players) if s != view.seat]
    voids = view.voids()
    return Hidden(
        pool=unseen(TressetteState.info.cards_for(view.players), [*view.hand, *played]),
        sizes={s: view.hand_sizes[s] for s in others},
        fixed={s: view.shown[s] for s in others if view.shown[s]},
        voids={s: voids[s] for s in others if voids[s]},
    )


def _rebuild(
    view: TressetteView, hands: dict[int, list[Card]], pile: list[Card], seed: int
) -> TressetteState:
    return TressetteState.from_view(view, hands, seed=seed)  # every card is dealt: no pile


SAMPLER = WorldSampler(hidden_cards, _rebuild)


def _declaring(view: TressetteView, legal_moves: Sequence[Move]) -> bool:
    return any(m.kind == "declare" for m in legal_moves)  # the rule seat always declares


class TressetteSearchSeat(DeterminizedSearch[TressetteView, TressetteState]):
    """Searches ``samples`` worlds per card play, within ``seconds`` of its own CPU time."""

    def __init__(self, samples: int = 80, seconds: float = 0.6) -> None:
        super().__init__(
            SAMPLER,
            TressetteRulesSeat(),
            Budget(samples, seconds),
            evaluate=_evaluate,
            defer=_declaring,
        )
