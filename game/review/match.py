"""A match reviewed decision by decision: what the UI's worker and the command line call.

- :func:`decisions_of` lists where a seat had to choose (the indices of its moves in the
  record's moves);
- :func:`review_decision` judges one of them (:mod:`.judge`), labels it by the expected deal
  points given up and its game's thresholds (``Judging.labels`` in :mod:`game.catalog`), and
  asks the coach why the best move is best;
- :func:`review_match` does every decision of a seat, with ``progress(done, total)`` called
  after each and ``cancel()`` asked before each: a cancelled review returns None.

A decision's random numbers are drawn from the record's seed, the move's index and the seat
alone, so the same match gives the same review on any machine and in any order.

**Labels.**  A lone legal move is :data:`~.model.FORCED`.  Otherwise the best move is the one
with the most expected points (ties: the one played); when the best move's lead over the one
played is no larger than :data:`NOISE_Z` paired standard errors (the judge cannot tell them
apart, however big the lead looks), the decision is :data:`~.model.CLOSE` and not judged; else
the loss is labelled by the game's thresholds.  A decision the judge cannot value (an
announcement the game cannot rebuild worlds for) is close too.

**Accuracy.**  Over the judged decisions (neither close nor forced), the mean of
``100 × 2^(-loss / mistake)``, ``mistake`` being the game's mistake threshold: a best move
counts 100, a loss the size of a mistake 50, twice that 25; no judged decision at all is 100.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any

from game.ai.coach import Coach
from game.engine import BaseView, GameState, Move, load_record

from .judge import MIN_WORLDS, chooser, judge, judging_of
from .model import CLOSE, FORCED, LABELS, Decision, MoveValue, Review

__all__ = [
    "JUDGE",
    "NOISE_Z",
    "accuracy",
    "best_of",
    "decision_rng",
    "decisions_of",
    "label_of",
    "review_decision",
    "review_match",
]

#: The name of this judge, stored with each review it makes (a review by another is redone).
JUDGE = "tavolo-judge/1"
#: How many paired standard errors the best move must lead the played one by to be judged.
NOISE_Z = 2.0

State = GameState[BaseView]


def label_of(loss: float, labels: tuple[float, ...]) -> str:
    """The label of ``loss`` against the losses from which a decision is good, an inaccuracy,
    a mistake and a blunder."""
    return LABELS[sum(loss >= t for t in labels)]


def best_of(values: Sequence[MoveValue], played: int) -> int:
    """The index of the best of ``values``: the most points, then the likeliest win, then
    the move played."""
    return max(range(len(values)), key=lambda k: (values[k].points, values[k].win, k == played))


def accuracy(decisions: list[Decision], mistake: float) -> float:
    """The accuracy (0..100) of the judged ``decisions``: see the module's docstring."""
    judged = [d for d in decisions if d.label in LABELS]
    if not judged:
        return 100.0
    return 100.0 * sum(0.5 ** (d.loss / mistake) for d in judged) / len(judged)


def _positions(record: dict[str, Any]) -> Iterator[tuple[int, str, State]]:
    """Each move of ``record`` with its index and the state before it (one state, moved on:
    read it before the next step).  A RecordError says the record does not replay."""
    load_record(record)  # the whole record replays, or says why not
    state = load_record({**record, "moves": [], "deal_next": False})
    for index, text in enumerate(record["moves"]):
        if state.between_deals:
            state.deal_next()
        yield index, text, state
        state.play(text)


def decisions_of(record: dict[str, Any], seat: int) -> list[int]:
    """The indices in the record's moves of the moves ``seat`` chose (in a solitaire, seat 0
    chooses every move)."""
    return [i for i, _, state in _positions(record) if chooser(state) == seat]


def review_decision(record: dict[str, Any], index: int, seat: int, scale: float = 1.0) -> Decision:
    """The judged decision of ``seat`` at move ``index`` of ``record`` (a ValueError when that
    move is not the seat's), with ``scale`` times the game's judging budget."""
    for i, text, state in _positions(record):
        if i == index:
            return _decision(record, i, text, state, seat, scale)
    raise ValueError(f"the record has no move {index}")


def review_match(
    record: dict[str, Any],
    seat: int,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    scale: float = 1.0,
) -> Review | None:
    """Every decision of ``seat`` in ``record`` judged (with ``scale`` times the game's
    judging budget), with the accuracy per deal and for the match; None when ``cancel()``
    said so before a decision."""
    total = len(decisions_of(record, seat))
    decisions: list[Decision] = []
    if progress is not None:
        progress(0, total)
    for i, text, state in _positions(record):
        if chooser(state) != seat:
            continue
        if cancel is not None and cancel():
            return None
        decisions.append(_decision(record, i, text, state, seat, scale))
        if progress is not None:
            progress(len(decisions), total)
    mistake = judging_of(load_record(record)).labels[2]
    deals = sorted({d.deal for d in decisions})
    per_deal = {k: accuracy([d for d in decisions if d.deal == k], mistake) for k in deals}
    return Review(seat, JUDGE, decisions, per_deal, accuracy(decisions, mistake))


def _decision(
    record: dict[str, Any], index: int, text: str, state: State, seat: int, scale: float
) -> Decision:
    if chooser(state) != seat:
        raise ValueError(f"move {index} of the record is not seat {seat}'s")
    legal = state.legal_moves()
    played = next(k for k, m in enumerate(legal) if m.text == text)
    deal = state.view(seat).deal_no
    rng = decision_rng(record, index, seat)
    if len(legal) == 1:  # nothing to judge: valued all the same, for the chance-to-win chart
        judged = judge(state, legal, rng, MIN_WORLDS)
        values = () if judged is None else judged.values
        return Decision(index, deal, seat, text, text, 0.0, FORCED, values)
    judging = judging_of(state)
    judged = judge(state, legal, rng, round(judging.rollouts * scale))
    if judged is None:
        return Decision(index, deal, seat, text, text, 0.0, CLOSE)
    values = judged.values
    best = best_of(values, played)
    loss = max(0.0, values[best].points - values[played].points)
    if best != played and loss <= NOISE_Z * judged.error(best, played):
        label = CLOSE
    else:
        label = label_of(loss, judging.labels)
    reason = _reason(state, seat, legal, legal[best], random.Random(f"{rng.random()}"))
    return Decision(index, deal, seat, text, legal[best].text, loss, label, values, reason)


def decision_rng(record: dict[str, Any], index: int, seat: int) -> random.Random:
    """The random numbers of the judge's look at ``seat``'s decision at move ``index``: from
    the record's seed, the index and the seat alone (a text seed hashes alike everywhere)."""
    return random.Random(f"{JUDGE}/{record['seed']}/{index}/{seat}")


@cache
def _coach(game: str) -> Coach:
    return Coach(game)


def _reason(
    state: State, seat: int, legal: list[Move], best: Move, rng: random.Random
) -> dict[str, Any] | None:
    """The coach's first reason for ``best``, as :class:`~.model.Decision` stores it."""
    reasons = _coach(state.info.name).explain(state.view(seat), legal, best, rng)
    if not reasons:
        return None
    r = reasons[0]
    return {"code": r.code, "parts": dict(r.parts), "move": None if r.move is None else r.move.text}
