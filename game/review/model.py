"""What a review is: per decision, every legal move's value for the seat, the move played, the
best one, what was given up and its label; per deal and per match, an accuracy figure.

A review is data, stored with the match (:meth:`Review.to_json`) so that it is computed once;
its ``judge`` field names the judge that made it, so that a review made by an older judge
can be told apart and made again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The labels of a judged decision, from the best to the worst.
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: A decision whose moves the judge cannot separate (its uncertainty is larger than what the
#: moves differ by): shown, never judged, left out of the accuracy.
CLOSE = "close"
#: A decision with one legal move: nothing to judge.
FORCED = "forced"


@dataclass(frozen=True)
class MoveValue:
    """A legal move's expected result for the judged seat (its side, at a table of sides), from
    that seat's view at that moment: ``points`` the deal points, counted as the side's margin
    over the best other side (a point handed to an opponent costs as much as one not taken;
    in a solitaire won by landing in a window, where only the win counts, the chance of
    winning), ``win`` the chance to win the deal (0..1); ``exact`` the same points with every
    card known, where an exact solver applies, else None."""

    move: str
    points: float
    win: float
    exact: float | None = None


@dataclass(frozen=True)
class Decision:
    """One decision of the judged seat: ``index`` is the position of its move in the record's
    moves, ``deal`` the deal it was made in (1 for the first).  ``loss`` ≥ 0 is the expected deal
    points given up against ``best``; ``label`` one of :data:`LABELS`, :data:`CLOSE` or
    :data:`FORCED`.  ``reason`` is the coach's reason for the best move (its code and parts, as
    :class:`game.ai.coach_worlds.Reason` has them), worded by the UI."""

    index: int
    deal: int
    seat: int
    move: str
    best: str
    loss: float
    label: str
    values: tuple[MoveValue, ...] = ()
    reason: dict[str, Any] | None = None

    @property
    def played(self) -> MoveValue | None:
        return next((v for v in self.values if v.move == self.move), None)

    @property
    def win(self) -> float | None:
        """The seat's chance to win the deal with the move it played (the chart's point)."""
        played = self.played
        return None if played is None else played.win


@dataclass
class Review:
    """A seat's review of a whole match: its decisions in play order, and the accuracy
    (0..100) per deal and for the match, over the decisions that were judged."""

    seat: int
    judge: str
    decisions: list[Decision] = field(default_factory=list)
    deal_accuracy: dict[int, float] = field(default_factory=dict)
    accuracy: float = 100.0

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "judge": self.judge,
            "decisions": [_decision_json(d) for d in self.decisions],
            "deal_accuracy": {str(k): v for k, v in self.deal_accuracy.items()},
            "accuracy": self.accuracy,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """The review stored by :meth:`to_json`; a KeyError, TypeError or ValueError says it is
        damaged (the caller computes it again)."""
        return cls(
            seat=int(data["seat"]),
            judge=str(data["judge"]),
            decisions=[_decision_of(d) for d in data["decisions"]],
            deal_accuracy={int(k): float(v) for k, v in data["deal_accuracy"].items()},
            accuracy=float(data["accuracy"]),
        )


def _decision_json(d: Decision) -> dict[str, Any]:
    return {
        "index": d.index,
        "deal": d.deal,
        "seat": d.seat,
        "move": d.move,
        "best": d.best,
        "loss": d.loss,
        "label": d.label,
        "values": [[v.move, v.points, v.win, v.exact] for v in d.values],
        "reason": d.reason,
    }


def _decision_of(d: dict[str, Any]) -> Decision:
    label = str(d["label"])
    if label not in (*LABELS, CLOSE, FORCED):
        raise ValueError(f"unknown label {label!r}")
    return Decision(
        index=int(d["index"]),
        deal=int(d["deal"]),
        seat=int(d["seat"]),
        move=str(d["move"]),
        best=str(d["best"]),
        loss=float(d["loss"]),
        label=label,
        values=tuple(
            MoveValue(str(m), float(p), float(w), None if e is None else float(e))
            for m, p, w, e in d["values"]
        ),
        reason=d["reason"],
    )
