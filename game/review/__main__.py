"""``python -m game.review FILE [--seat N] [--json]``: a match file reviewed from the command line.

FILE is a history file as the app keeps it (``tavolo-save/1``) or a bare engine record
(``tavolo-record/1``).  The seat reviewed is by default the human's (the file's seats), else
seat 0.  The table lists every decision of the seat (deal, move number, move, best move, loss,
label); ``--json`` prints one object instead: ``{"decisions": [{"deal", "seat", "move", "best",
"loss", "label"}, ...], "accuracy": {"<seat>": <0..100>}}``.  A bad flag or a file that cannot
be reviewed gets a one-line message and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import NoReturn

from .match import review_match
from .model import Review
from .source import Unreadable, read_match

PROG = "python -m game.review"


class _Parser(argparse.ArgumentParser):
    """Refuses a bad command line in one line (exit code 2), without the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROG}: {message} (see --help)\n")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a history file or a bare record")
    parser.add_argument("--seat", type=int, help="the seat to review (default: the human's)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        match = read_match(args.file)
    except Unreadable as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    seat = match.seat if args.seat is None else args.seat
    seats = 1 if match.state.players == 1 else match.state.seats  # one player, both hands
    if not 0 <= seat < seats:
        parser.error(f"--seat must be a seat of the match, 0 to {seats - 1}, not {seat}")
    review = review_match(match.record, seat)
    assert review is not None  # never cancelled here
    print(json.dumps(_json(review)) if args.json else _table(review))
    return 0


def _json(review: Review) -> dict[str, object]:
    return {
        "decisions": [
            {
                "deal": d.deal,
                "seat": d.seat,
                "move": d.move,
                "best": d.best,
                "loss": round(d.loss, 3),
                "label": d.label,
            }
            for d in review.decisions
        ],
        "accuracy": {str(review.seat): round(review.accuracy, 1)},
    }


def _table(review: Review) -> str:
    rows = [("deal", "no.", "move", "best", "loss", "label")]
    rows += [
        (str(d.deal), str(d.index + 1), d.move, d.best, f"{d.loss:.2f}", d.label)
        for d in review.decisions
    ]
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    per_deal = ", ".join(f"deal {k} {v:.1f}" for k, v in review.deal_accuracy.items())
    lines.append(
        f"seat {review.seat} accuracy {review.accuracy:.1f}" + (f" ({per_deal})" * bool(per_deal))
    )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
