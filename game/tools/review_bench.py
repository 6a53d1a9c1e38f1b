"""The match review's cost: ``python -m game.tools.bench --review``.

Reviews every decision of one seat in a seeded deal, played by ``normal`` seats, and prints the
CPU time it took (``time.process_time``: the judge counts rollouts, not time, so a busy machine
gives about the figures an idle one does) against the target of :data:`TARGET` seconds.  Every
reviewed game is measured at the player count its ``Judging.measured`` names (2-player Scopa and
4-player Tressette are the cases the target was set for), and its solitaire.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from game.ai import make_seat
from game.catalog import CATALOG, solitaires
from game.engine import new_game
from game.review.match import decisions_of, review_match

__all__ = ["TARGET", "cases", "deal_record", "main"]

#: The CPU seconds a seat's review of one deal should stay under.
TARGET = 30.0


def cases() -> list[tuple[str, int]]:
    """(game, players) measured: each reviewed game at its ``Judging.measured``, and each
    solitaire."""
    out = [(e.name, e.judging.measured) for e in CATALOG.values() if e.judging is not None]
    for e in solitaires():
        if e.solitaire is not None and e.solitaire.judging is not None:
            out.append((e.name, e.solitaire.players))
    return out


def deal_record(game: str, players: int, seed: int) -> dict[str, Any]:
    """The record of the first deal of a seeded match of ``normal`` seats."""
    state = new_game(game, players=players, seed=seed)
    seat = make_seat("normal", game)
    rng = random.Random(seed)
    while state.deals_scored == 0:
        player = state.current_player
        assert player is not None
        chooser = 0 if players == 1 else player
        state.play(seat.choose(state.view(chooser), state.legal_moves(), rng))
    return state.record()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.bench --review", description=__doc__
    )
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--players", type=int, help="with --game: this player count")
    parser.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")
    args = parser.parse_args(argv)
    measured = cases()
    if args.game is not None:
        measured = [(g, p) for g, p in measured if g == args.game]
        measured = [(args.game, args.players)] if args.players else measured
    print(f"review of one seat's deal, CPU time (time.process_time), target {TARGET:g} s")
    over = 0
    for game, players in measured:
        record = deal_record(game, players, args.seed)
        count = len(decisions_of(record, 0))
        start = time.process_time()
        review = review_match(record, 0)
        cpu = time.process_time() - start
        assert review is not None
        over += cpu > TARGET
        print(
            f"{game} {players}p: {count} decisions, {cpu:.1f} s CPU "
            f"({cpu / max(1, count):.2f} s each), accuracy {review.accuracy:.1f}"
        )
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
