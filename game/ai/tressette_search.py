"""A search seat for Tressette: determinized Monte Carlo over the other hands.

For each card play it deals the unseen cards to the other seats many times, always in a way
the seat cannot rule out (:func:`hidden_cards`): hand sizes, the cards played, the suits each
player has shown to be void in by failing to follow (:meth:`TressetteView.voids`), and the
Buongioco cards declared and not yet played, which stay in their declarer's hand.  Each world
is rebuilt with ``TressetteState.from_view``; every legal move is played in the same worlds,
followed by the rule-based seat for everyone to the end of the deal.

A declaration shows every combination then in hand (the engine declares them all), so a card
that would have made one more is not in the declarer's hand (``banned``), and a world giving it
more combinations counts for nothing.  A seat whose turn in trick 1 passed without declaring
almost surely held none (declaring is free, and the rule seat always declares; a player may
still forget, so this is a likelihood, :data:`NOT_DECLARED`, not a constraint).

The evaluation is the deal for the seat's side: won (the unique best deal score) first, then the
raw-point margin over the best other side, which keeps a signal where rounding to whole points
hides it (so Tressette keeps its own evaluation rather than the core's won-then-points).
Whether to declare now is searched like a card: declaring shows the combination's cards.

The deal replays from any guess (:func:`_replay`: each hand now plus what its seat played), so
a seat that reads the plays (``infer_play``, :mod:`.play_model`) keeps the guesses under
which the rule seat would have made the cards the others played.

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from game.engine import Card, DealScored
from game.engine.dealspec import indices_mask
from game.engine.tressette import DECLARE, TressetteState, TressetteView
from game.engine.tressette_events import TressetteScored
from game.engine.tressette_tables import RAW, STRENGTH, buongioco_combos, has_buongioco
from game.engine.tricks import SUIT

from .evaluation import EvaluationSpec
from .search import Budget, DeterminizedSearch
from .search_worlds import Hidden, Placement, WorldSampler, played_by, unseen
from .tressette_rules import TressetteRulesSeat

__all__ = ["TressetteSearchSeat", "hidden_cards"]

#: Raw points (thirds) of margin worth a whole won deal: the margin only orders moves that
#: win (or lose) the deal alike.
RAW_SCALE = 100.0
#: How likely, relative to declaring, a player holding a Buongioco lets trick 1 pass silent.
NOT_DECLARED = 0.05


def _evaluate(scored: DealScored | None, state: TressetteState, view: TressetteView) -> float:
    """1 for a won deal, plus the raw-point margin over the best other side."""
    assert isinstance(scored, TressetteScored)  # a deal always ends with the last trick
    side = view.side
    raw = scored.raw
    margin = raw[side] - max(r for k, r in enumerate(raw) if k != side)
    return (1.0 if scored.results[view.seat].won else 0.0) + margin / RAW_SCALE


def _final(scored: DealScored, seat: int) -> float:
    """The deal's score of ``seat``'s side in raw points: its raw points and its Buongioco."""
    assert isinstance(scored, TressetteScored)
    side = next(k for k, seats in enumerate(scored.sides) if seat in seats)
    return float(scored.raw[side] + 3 * scored.buongioco[side])


def features(state: TressetteState, seat: int) -> tuple[list[float], int]:
    """What a position holds for ``seat``'s side (in a world, where every hand is known):
    raw points taken and still in its hands, its Buongioco in raw points, the suits whose
    best card left it holds, and whether it leads; and the cards left in a hand."""
    view = state.view(seat)
    side = view.side
    in_hand = 0
    best = [(-1, False)] * 4  # per suit: the strength of the best card left, and whose
    for s in range(view.players):
        ours = view.side_of(s) == side
        for card in state.hand(s):
            i = card.index
            if ours:
                in_hand += RAW[i]
            if STRENGTH[i] > best[SUIT[i]][0]:
                best[SUIT[i]] = (STRENGTH[i], ours)
    commands = sum(1 for strength, ours in best if strength >= 0 and ours)
    leads = 1.0 if view.side_of(view.leader) == side else 0.0
    return (
        [1.0, view.raw_points[side], in_hand, 3 * view.buongioco[side], commands, leads],
        len(view.hand),
    )


EVALUATION = EvaluationSpec(
    names=("one", "taken", "in hand", "buongioco", "commands", "leads"),
    features=features,  # type: ignore[arg-type]
    final=_final,
    sides=lambda state: state.sides,
    margin_scale=1.0 / RAW_SCALE,
    progress=lambda state: state.tricks_taken,
)


def hidden_cards(view: TressetteView) -> Hidden:
    """What ``view`` hides: the other hands, with their declared cards and shown voids, the
    cards a declarer cannot hold, and the likelihood of the declarations seen (:func:`_weight`)."""
    played = [c for _, t, _, _ in view.tricks for _, c in t] + [c for _, c in view.trick]
    others = [s for s in range(view.players) if s != view.seat]
    voids = view.voids()
    pool = unseen(TressetteState.info.cards_for(view.players), [*view.hand, *played])
    banned = {s: _more_than_declared(view, s, pool) for s in others if view.declared[s]}
    return Hidden(
        pool=pool,
        sizes={s: view.hand_sizes[s] for s in others},
        fixed={s: view.shown[s] for s in others if view.shown[s]},
        voids={s: voids[s] for s in others if voids[s]},
        banned={s: cards for s, cards in banned.items() if cards},
        weight=_weight(view, others),
    )


def _mask(cards: Iterable[Card]) -> int:
    return indices_mask(c.index for c in cards)


def _points(mask: int) -> int:
    return sum(c.points for c in buongioco_combos(mask))


def _declared_cards(view: TressetteView, seat: int) -> list[Card]:
    return [
        c for s, combos in view.declarations if s == seat for combo in combos for c in combo.cards
    ]


def _more_than_declared(view: TressetteView, seat: int, pool: Sequence[Card]) -> frozenset[Card]:
    """The cards of ``pool`` that, with the combinations ``seat`` declared, would have made it
    declare more: it did not hold them then, so it does not now."""
    shown = _mask(_declared_cards(view, seat))
    base = _points(shown)
    return frozenset(c for c in pool if _points(shown | 1 << c.index) > base)


def _weight(view: TressetteView, others: Sequence[int]) -> Callable[[Placement], float] | None:
    """How likely the declarations (and silences) of trick 1 and 2 are in a placement.

    A declarer held, when it declared, its hand now and what it played from trick 2 on (at
    least): more combinations there than it declared is impossible (0).  A seat that played
    in trick 1 without declaring held its whole deal then: a combination there is unlikely
    (:data:`NOT_DECLARED`)."""
    in_trick1 = {s for s, _ in (view.tricks[0][1] if view.tricks else view.trick)}
    checks: list[tuple[int, int, int | None]] = []  # seat, cards it held then, its points
    for s in others:
        if view.declared[s]:
            held = _mask([*played_by(view, s, 1), *_declared_cards(view, s)])
            checks.append((s, held, _points(_mask(_declared_cards(view, s)))))
        elif s in in_trick1:
            checks.append((s, _mask(played_by(view, s)), None))
    if not checks:
        return None

    def weight(hands: Placement) -> float:
        out = 1.0
        for s, held, declared in checks:
            mask = held | _mask(hands[s])
            if declared is None:
                out *= NOT_DECLARED if has_buongioco(mask) else 1.0
            elif _points(mask) > declared:
                return 0.0
        return out

    return weight


def _rebuild(
    view: TressetteView, hands: dict[int, list[Card]], pile: list[Card], seed: int
) -> TressetteState:
    return TressetteState.from_view(view, hands, seed=seed)  # every card is dealt: no pile


def _replay(view: TressetteView, hands: Placement) -> tuple[TressetteState, list[str]]:
    """The deal as dealt under ``hands`` (every seat's hand now plus what it played), and the
    moves since: each declaration just before its declarer's first card of the deal (the view
    does not say whether that was in trick 1 or 2), or last when that card is still to come."""
    start = [
        [*(view.hand if s == view.seat else hands[s]), *played_by(view, s)]
        for s in range(view.players)
    ]
    declarers = {s for s, _ in view.declarations}
    moves: list[str] = []
    for _, trick, _, _ in (*view.tricks, (0, view.trick, 0, 0)):
        for s, card in trick:
            if s in declarers:
                declarers.discard(s)
                moves.append(DECLARE.text)
            moves.append(str(card))
    moves += [DECLARE.text] * len(declarers)  # the seat to play, which has just declared
    return TressetteState.as_dealt(view, start), moves


SAMPLER = WorldSampler(hidden_cards, _rebuild, _replay)


class TressetteSearchSeat(DeterminizedSearch[TressetteView, TressetteState]):
    """Searches ``samples`` worlds per decision, within ``seconds`` of its own CPU time."""

    EVALUATION = EVALUATION

    def __init__(self, samples: int = 80, seconds: float = 0.6) -> None:
        super().__init__(
            SAMPLER, TressetteRulesSeat(), Budget(samples, seconds), evaluate=_evaluate
        )
