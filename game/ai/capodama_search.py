"""A search seat for Capodama: determinized Monte Carlo over what its seat cannot see.

For each decision of the card play it deals the hidden cards many times at random, in ways
that agree with everything the seat knows (:func:`hidden_cards`: hand sizes, cards played, the
suits each player has shown to be void in by the following rule, the announced capo's AH and
where its own passed cards went), rebuilds each such world with ``CapodamaState.from_view`` and
plays every legal card in it to the end of the deal with the rule-based seat for everyone.  It
keeps the card with the best mean result over the worlds: deal won first, its side's card
points second.  Every candidate card is tried in the same worlds, so the comparison is fair
even with few samples.

Announcements and the exchange are left to the rule-based seat, whose habits are sound there.
The loop, the budget and the evaluation are the shared core's
(:class:`game.ai.search.DeterminizedSearch`); this module says only what a view hides.
The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import FRENCH, Card, DealScored, Move
from game.engine.capodama import CapodamaState, CapodamaView
from game.engine.capodama_cards import side_marks
from game.engine.capodama_events import CapodamaScored

from .capodama_rules import CapodamaRulesSeat
from .search import Budget, DealResult, DeterminizedSearch
from .search_worlds import PILE, Hidden, WorldSampler, unseen

__all__ = ["CapodamaSearchSeat", "hidden_cards"]

#: Card points (a deal has 150) worth less than a won deal: they order moves that win alike.
POINTS_SCALE = 1 / 300
DEAL_RESULT = DealResult(POINTS_SCALE)


def _evaluate(scored: DealScored | None, state: CapodamaState, view: CapodamaView) -> float:
    """The core's won-then-points, except in the solitaire, where more points can lose: there
    the points count by their distance to the middle of the payload's winning window."""
    assert isinstance(scored, CapodamaScored)  # a deal always ends with its last trick
    if scored.window is None:
        return DEAL_RESULT(scored, state, view)
    lo, hi = scored.window
    mine = scored.results[view.seat]
    return (1.0 if mine.won else 0.0) - abs(mine.points - (lo + hi) / 2) * POINTS_SCALE


def hidden_cards(view: CapodamaView) -> Hidden:
    """What ``view`` hides: the hands it does not show and the set-aside pile.

    Known placements: the capo announced holding AH (it is never passed), so until played it
    is in the capo's hand; a card the seat passed (4-6 players) is in its receiver's hand, left
    first, then (6 players) right.  Voids are the view's own (:meth:`CapodamaView.voids`).
    """
    played = [c for _, t, _, _ in view.tricks for _, c in t] + [c for _, c in view.trick]
    shown = [c for hand in view.hands.values() for c in hand]
    pool = unseen(CapodamaState.info.cards_for(view.players), [*shown, *played])
    seats = [s for s in range(view.seats) if s not in view.hands]
    sizes = {s: view.hand_sizes[s] for s in seats}
    if view.set_aside:
        sizes[PILE] = view.set_aside
    fixed: dict[int, list[Card]] = {s: [] for s in seats}
    receivers = [(view.seat + 1) % view.seats, (view.seat - 1) % view.seats]
    known = [(c, to) for c, to in zip(view.passed, receivers, strict=False) if view.seats >= 4]
    known.append((FRENCH.by_index(side_marks(view.seats)[0]), view.capo))  # the capo's AH
    for card, seat in known:
        if card in pool and seat in fixed:
            fixed[seat].append(card)
    voids = view.voids()
    return Hidden(
        pool=pool,
        sizes=sizes,
        fixed={s: tuple(cards) for s, cards in fixed.items() if cards},
        voids={s: voids[s] for s in seats if voids[s]},
    )


def _rebuild(
    view: CapodamaView, hands: dict[int, list[Card]], aside: list[Card], seed: int
) -> CapodamaState:
    hidden: dict[int, Sequence[Card]] = dict(hands)
    return CapodamaState.from_view(view, hidden, aside, seed=seed)


SAMPLER = WorldSampler(hidden_cards, _rebuild)


def _not_card_play(view: CapodamaView, legal_moves: Sequence[Move]) -> bool:
    return view.phase != "play"


class CapodamaSearchSeat(DeterminizedSearch[CapodamaView, CapodamaState]):
    """Searches ``samples`` worlds per card play, within ``seconds`` of its own CPU time (the
    cap keeps a slow machine's worst decision under a second; the worlds decide the move)."""

    def __init__(self, samples: int = 24, seconds: float = 0.9) -> None:
        super().__init__(
            SAMPLER,
            CapodamaRulesSeat(),
            Budget(samples, seconds),
            evaluate=_evaluate,
            defer=_not_card_play,
        )
