"""How sure the review's judge is of its best move: ``python -m game.tools.review_check``.

For each reviewed game (at the player count its ``Judging.measured`` names) and solitaire,
seeded deals are played by ``normal`` seats and every decision with two or more legal moves is
judged twice: with the game's judging budget, on the random numbers the review uses, and with
``--factor`` times that budget on others.  Printed per game: how often the two name the same
best move, over every decision and over those the review judges (not close), and how often
they give the same label.  Each game stops after ``--seconds`` of CPU time
(``time.process_time``) or ``--decisions`` decisions.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from game.engine import GameState, Move, load_record
from game.review.judge import chooser, judge, judging_of
from game.review.match import JUDGE, NOISE_Z, best_of, decision_rng, label_of
from game.tools.review_bench import cases, deal_record

__all__ = ["main"]


def _label(
    state: GameState[Any], legal: list[Move], played: int, rng: random.Random, rollouts: int
) -> tuple[int, str] | None:
    """The judge's best move and label for ``legal[played]`` with ``rollouts``."""
    judged = judge(state, legal, rng, rollouts)
    if judged is None:
        return None
    best = best_of(judged.values, played)
    loss = judged.values[best].points - judged.values[played].points
    close = best != played and loss <= NOISE_Z * judged.error(best, played)
    return best, "close" if close else label_of(loss, judging_of(state).labels)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.review_check", description=__doc__)
    parser.add_argument("--factor", type=float, default=4.0, help="the larger budget's factor")
    parser.add_argument("--seconds", type=float, default=120.0, help="CPU seconds per game")
    parser.add_argument("--decisions", type=int, default=200, help="decisions per game at most")
    parser.add_argument("--game", help="only this game")
    parser.add_argument(
        "--first", type=int, default=1000, help="the first deal's seed (the next ones 1000 apart)"
    )
    args = parser.parse_args(argv)
    print(f"the review's best move against {args.factor:g}x its budget ({JUDGE})")
    for game, players in cases():
        if args.game is not None and game != args.game:
            continue
        start = time.process_time()
        same = n = same_judged = judged_n = same_label = 0
        deals = 0
        while time.process_time() - start < args.seconds and n < args.decisions:
            seed = args.first + 1000 * deals
            deals += 1
            record = deal_record(game, players, seed)
            state = load_record({**record, "moves": [], "deal_next": False})
            for index, text in enumerate(record["moves"]):
                if state.between_deals:
                    state.deal_next()
                legal = state.legal_moves()
                if len(legal) > 1 and n < args.decisions:
                    played = next(k for k, m in enumerate(legal) if m.text == text)
                    seat = chooser(state)
                    rollouts = judging_of(state).rollouts
                    a = _label(state, legal, played, decision_rng(record, index, seat), rollouts)
                    other = random.Random(f"check/{seed}/{index}")
                    b = _label(state, legal, played, other, round(rollouts * args.factor))
                    if a is not None and b is not None:
                        n += 1
                        same += a[0] == b[0]
                        same_label += a[1] == b[1]
                        if a[1] != "close":
                            judged_n += 1
                            same_judged += a[0] == b[0]
                state.play(text)
                if time.process_time() - start >= args.seconds:
                    break
        cpu = time.process_time() - start
        print(
            f"{game} {players}p: {n} decisions ({deals} deals, {cpu:.0f} s CPU): same best move "
            f"{pct(same, n)}, among the {judged_n} judged {pct(same_judged, judged_n)}; "
            f"same label {pct(same_label, n)}",
            flush=True,
        )
    return 0


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


if __name__ == "__main__":
    raise SystemExit(main())
