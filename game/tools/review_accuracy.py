"""How the review tells a weak player from a strong one: ``python -m game.tools.review_accuracy``.

Plays ``--deals`` seeded 2-player deals of ``--game`` (by default each reviewed game that two
play) between a ``random`` seat and a ``strong`` seat (they swap chairs every deal, seeds
``--step`` apart), reviews both seats of every deal with the match review's judge, and prints
each seat kind's mean accuracy, its spread and the share of its judged decisions per label.
``--save FILE`` writes the deals' records (what the suite's small case reviews again).  Every
time is CPU time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from game.ai import make_seat
from game.catalog import CATALOG
from game.engine import new_game
from game.review.match import review_match
from game.review.model import LABELS

__all__ = ["KINDS", "main", "play_deal"]

#: The two seat kinds compared.
KINDS = ("random", "strong")


def play_deal(game: str, seed: int, kinds: tuple[str, str]) -> dict[str, Any]:
    """The record of the first deal of a seeded 2-player match of ``game``, seat k of kind
    ``kinds[k]``."""
    state = new_game(game, players=2, seed=seed)
    seats = [make_seat(k, game) for k in kinds]
    rng = random.Random(seed)
    while state.deals_scored == 0:
        player = state.current_player
        assert player is not None
        state.play(seats[player].choose(state.view(player), state.legal_moves(), rng))
    return state.record()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.review_accuracy", description=__doc__
    )
    games = [e.name for e in CATALOG.values() if e.judging is not None and 2 in e.info.players]
    parser.add_argument("--game", choices=games, help="only this game")
    parser.add_argument("--deals", type=int, default=200, help="seeded deals (default 200)")
    parser.add_argument("--step", type=int, default=1000, help="seeds this far apart")
    parser.add_argument("--scale", type=float, default=1.0, help="share of the judging budget")
    parser.add_argument("--save", type=Path, help="write the deals' records to this file")
    args = parser.parse_args(argv)
    records = []
    for game in [args.game] if args.game else games:
        records += _compare(game, args.deals, args.step, args.scale)
    if args.save is not None:
        args.save.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
    return 0


def _compare(game: str, deals: int, step: int, scale: float) -> list[dict[str, Any]]:
    """Play and review ``deals`` deals of ``game``, print the figures; the deals' records."""
    accuracy: dict[str, list[float]] = {k: [] for k in KINDS}
    labels: dict[str, dict[str, int]] = {k: dict.fromkeys(LABELS, 0) for k in KINDS}
    records = []
    start = time.process_time()
    for n in range(deals):
        kinds = KINDS if n % 2 == 0 else KINDS[::-1]
        record = play_deal(game, step * (n + 1), kinds)
        records.append({"record": record, "kinds": list(kinds)})
        for seat, kind in enumerate(kinds):
            review = review_match(record, seat, scale=scale)
            assert review is not None
            accuracy[kind].append(review.accuracy)
            for d in review.decisions:
                if d.label in LABELS:
                    labels[kind][d.label] += 1
        said = ", ".join(f"{k} {accuracy[k][-1]:.1f}" for k in KINDS)
        print(f"{game} deal {n + 1}: {said}", flush=True)
    for kind in KINDS:
        figures = accuracy[kind]
        spread = statistics.stdev(figures) if len(figures) > 1 else 0.0
        judged = sum(labels[kind].values()) or 1
        shares = ", ".join(f"{k} {100 * v / judged:.0f}%" for k, v in labels[kind].items())
        print(
            f"{game} {kind}: accuracy {statistics.mean(figures):.1f} (sd {spread:.1f}) over "
            f"{len(figures)} deals; {shares}"
        )
    print(f"{game}: CPU {time.process_time() - start:.0f} s")
    return records


if __name__ == "__main__":
    raise SystemExit(main())
