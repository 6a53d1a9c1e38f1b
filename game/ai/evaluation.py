"""A learned evaluation of a deal half played: what the tree search (:mod:`.ismcts`) reads where
it cuts a playout short.

A playout to the end of the deal costs most of an iteration, and its last tricks add little
but noise to the value of a decision taken many tricks before.  So a search may stop a playout
a few tricks after its tree ends and estimate the rest: each game names a few features of a
position from one seat's side (:class:`Features`: points taken and still in hand, the cards
that command their suits, who leads), and a linear fit of a side's final score on them, made
from thousands of deals of self-play (``python -m game.tools.fit_eval``), turns them into the
score each side may expect, and so each side's margin over the best other.  The chance that
the margin ends above zero (the deal won) is read from the fit's own errors, which shrink as
the deal nears its end (one spread per number of cards left in a hand).

The weights are data, shipped in ``game/ai/weights/<game>-<players>.json`` and refitted with
the command above; nothing here restates a rule: the features read the engine's tables.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from game.engine import BaseView, DealScored, GameState

__all__ = [
    "EvaluationSpec",
    "Features",
    "LinearEvaluation",
    "fit_least_squares",
    "load_evaluation",
    "weights_file",
]

#: One position's features for one seat (the first is always 1, the intercept), and the
#: number of cards left in a hand there.
Features = Callable[[GameState[BaseView], int], tuple[list[float], int]]


@dataclass(frozen=True)
class EvaluationSpec:
    """What a game's search seat says for its evaluation to be fitted and read: the features
    of one seat's side (``names``, ``features(state, seat)``, which also gives the cards left
    in a hand), the side's ``final(scored, seat)`` score they predict (in the units of the
    search's margin), the seats of each side (``sides``), how a unit of margin counts beside
    a won deal in the search's own evaluation, and how far the deal has gone (``progress``,
    in tricks taken): the features are read, and fitted, where it has just grown."""

    names: tuple[str, ...]
    features: Features
    final: Callable[[DealScored, int], float]
    sides: Callable[[Any], Sequence[Sequence[int]]]
    margin_scale: float
    progress: Callable[[Any], int]


@dataclass(frozen=True)
class LinearEvaluation:
    """A side's fitted final score, ``weights · features``, and, per cards left in a hand,
    the spread of the true margin (a side's final score less the best other side's) about
    the one predicted (``spread[k]`` for ``k`` cards left)."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    spread: tuple[float, ...]
    #: how a margin of one unit counts beside a won deal (the search's own evaluation)
    margin_scale: float
    #: how the fit was made (deals, seed, R², date): for people, not read by the search
    about: dict[str, Any]

    def final(self, features: Sequence[float]) -> float:
        """The expected final score of a side with ``features``."""
        return sum(w * f for w, f in zip(self.weights, features, strict=True))

    def values(self, spec: EvaluationSpec, state: GameState[BaseView]) -> list[float]:
        """Every seat's evaluation of ``state``, expected: the chance its side's margin ends
        above zero (a won deal) plus the margin times :attr:`margin_scale`."""
        sides = spec.sides(state)
        finals = []
        left = 0
        for side in sides:
            feats, left = spec.features(state, side[0])
            finals.append(self.final(feats))
        sd = self.spread[min(left, len(self.spread) - 1)]
        out = [0.0] * state.seats
        for k, side in enumerate(sides):
            m = finals[k] - max(f for j, f in enumerate(finals) if j != k)
            won = 0.5 * (1.0 + math.erf(m / (sd * math.sqrt(2.0)))) if sd > 0 else float(m > 0)
            for seat in side:
                out[seat] = won + m * self.margin_scale
        return out

    def to_json(self) -> str:
        return json.dumps(
            {
                "names": list(self.names),
                "weights": [round(w, 6) for w in self.weights],
                "spread": [round(s, 4) for s in self.spread],
                "margin_scale": self.margin_scale,
                "about": self.about,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> LinearEvaluation:
        data = json.loads(text)
        return cls(
            tuple(data["names"]),
            tuple(float(w) for w in data["weights"]),
            tuple(float(s) for s in data["spread"]),
            float(data["margin_scale"]),
            dict(data.get("about", {})),
        )


def weights_file(game: str, players: int) -> str:
    """The name of the weights file of ``game`` for ``players`` players."""
    return f"{game}-{players}.json"


@cache
def load_evaluation(game: str, players: int) -> LinearEvaluation | None:
    """The shipped evaluation of ``game`` for ``players`` players, or None if none is fitted."""
    path = resources.files("game.ai") / "weights" / weights_file(game, players)
    if not path.is_file():
        return None
    return LinearEvaluation.from_json(path.read_text(encoding="utf-8"))


def fit_least_squares(
    rows: Sequence[Sequence[float]], targets: Sequence[float], ridge: float = 1e-3
) -> list[float]:
    """The weights minimising the squared error of ``rows · w`` against ``targets``, with a
    small ``ridge`` on the diagonal so that a feature constant in the data cannot make the
    system singular (the normal equations, solved by Gaussian elimination)."""
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row, t in zip(rows, targets, strict=True):
        for i, x in enumerate(row):
            if x:
                b[i] += x * t
                ai = a[i]
                for j in range(i, n):
                    ai[j] += x * row[j]
    for i in range(n):
        a[i][i] += ridge * len(rows)
        for j in range(i):
            a[i][j] = a[j][i]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            if f:
                for j in range(col, n):
                    a[r][j] -= f * a[col][j]
                b[r] -= f * b[col]
    w = [0.0] * n
    for r in range(n - 1, -1, -1):
        w[r] = (b[r] - sum(a[r][j] * w[j] for j in range(r + 1, n))) / a[r][r]
    return w
