"""Fit a game's learned evaluation: ``python -m game.tools.fit_eval --game tressette --players 3``.

Plays ``--deals`` seeded deals with the game's rule seat in every chair and, each time a trick
is taken, reads every side's features (the game's search seat's ``EVALUATION``); when the deal
is scored, each of those rows gets the side's final score.  A least-squares fit on four fifths
of the deals gives the weights; the last fifth says how well they predict (R², printed) and,
per number of cards left in a hand, how far the true margin strays from the prediction (the
spread the search reads the chance of winning from).  ``--write`` stores the result where the
search loads it (``game/ai/weights/<game>-<players>.json``); without it nothing is written.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import sys
import time
from pathlib import Path

from game.ai import make_seat
from game.ai.evaluation import (
    EvaluationSpec,
    LinearEvaluation,
    fit_least_squares,
    weights_file,
)
from game.ai.search import DeterminizedSearch
from game.catalog import CATALOG, load
from game.engine import new_game

#: one side's features, the cards left in a hand, the side's final score
Row = tuple[list[float], int, float]


def spec_of(game: str) -> EvaluationSpec | None:
    """The evaluation ``game``'s search seat reads, if it has one."""
    search = load(CATALOG[game].seats["search"])
    return search.EVALUATION if issubclass(search, DeterminizedSearch) else None


def sample(game: str, players: int, deals: int, seed: int) -> list[list[list[Row]]]:
    """Every deal's rows: each time a trick was taken, one row per side."""
    spec = spec_of(game)
    assert spec is not None, f"{game} has no evaluation to fit"
    rules = make_seat("rules", game)
    rng = random.Random(seed)
    out: list[list[list[Row]]] = []
    for k in range(deals):
        state = new_game(game, players=players, seed=seed + k)
        state.mute()
        pending: list[list[tuple[list[float], int, int]]] = []
        done = spec.progress(state)
        while state.current_player is not None:
            p = state.current_player
            state.play(rules.choose(state.view(p), state.legal_moves(), rng))
            now = spec.progress(state)
            if now != done and state.current_player is not None:
                done = now
                pending.append(
                    [(*spec.features(state, side[0]), side[0]) for side in spec.sides(state)]
                )
        scored = state.last_scored
        assert scored is not None
        out.append([[(f, left, spec.final(scored, s)) for f, left, s in at] for at in pending])
    return out


def fit(game: str, players: int, deals: int, seed: int) -> tuple[LinearEvaluation, float]:
    """The evaluation fitted on four fifths of ``deals`` deals, and its R² on the rest."""
    spec = spec_of(game)
    assert spec is not None, f"{game} has no evaluation to fit"
    per_deal = sample(game, players, deals, seed)
    cut = len(per_deal) * 4 // 5
    train = [row for d in per_deal[:cut] for at in d for row in at]
    weights = fit_least_squares([f for f, _, _ in train], [t for _, _, t in train])
    model = LinearEvaluation(tuple(spec.names), tuple(weights), (), spec.margin_scale, {})
    errors: dict[int, list[float]] = {}  # the margins' errors by cards left
    squares = total = 0.0
    test = [at for d in per_deal[cut:] for at in d]
    mean = sum(t for at in test for _, _, t in at) / sum(len(at) for at in test)
    for at in test:
        guess = [model.final(f) for f, _, _ in at]
        for k, (_, left, t) in enumerate(at):
            squares += (t - guess[k]) ** 2
            total += (t - mean) ** 2
            true_margin = t - max(o for j, (_, _, o) in enumerate(at) if j != k)
            margin = guess[k] - max(g for j, g in enumerate(guess) if j != k)
            errors.setdefault(left, []).append(true_margin - margin)
    spread = [
        math.sqrt(sum(e * e for e in errors[k]) / len(errors[k])) if k in errors else 0.0
        for k in range(max(errors) + 1)
    ]
    r2 = 1.0 - squares / total
    about = {
        "deals": deals,
        "seed": seed,
        "rows": len(train),
        "r2_held_out": round(r2, 4),
        "fitted": time.strftime("%Y-%m-%d"),
        "command": f"python -m game.tools.fit_eval --game {game} --players {players} "
        f"--deals {deals} --seed {seed} --write",
    }
    return dataclasses.replace(model, spread=tuple(spread), about=about), r2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.fit_eval", description=__doc__)
    parser.add_argument("--game", required=True, choices=sorted(CATALOG))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="store the weights in the package")
    args = parser.parse_args(argv)
    if spec_of(args.game) is None:
        parser.error(f"{args.game} has no learned evaluation to fit")
    if args.players not in CATALOG[args.game].info.players:
        parser.error(f"{args.game} is not played by {args.players} players")
    if args.deals < 5:
        parser.error("--deals: at least 5 (a fifth of them is held out)")
    start = time.process_time()
    model, r2 = fit(args.game, args.players, args.deals, args.seed)
    for name, w in zip(model.names, model.weights, strict=True):
        print(f"{name:>12} {w:+.4f}")
    print("spread by cards left:", " ".join(f"{s:.2f}" for s in model.spread))
    print(
        f"R² on the held-out fifth: {r2:.3f} ({model.about['rows']} rows fitted, "
        f"{time.process_time() - start:.1f} s CPU)"
    )
    if args.write:
        path = Path(__file__).resolve().parents[1] / "ai" / "weights"
        path.mkdir(exist_ok=True)
        target = path / weights_file(args.game, args.players)
        target.write_text(model.to_json() + "\n", encoding="utf-8")
        print(f"written: {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
