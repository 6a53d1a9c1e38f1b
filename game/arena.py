"""Seats against seats: ``python -m game.arena --game capodama --players 4 --seats rules,random``.

Plays ``--deals`` seeded deals, each the first deal of a fresh match (seed ``--seed + k``), with
the seat kinds rotated round the table so no kind keeps a lucky chair.  For each seat kind it
prints the share of deals its side won and its mean match points per deal, each with a 95%
interval (Wilson for the share, normal for the mean), so two kinds are told apart only when
their intervals separate.

A deal is "won" by a seat when the rules say its side won it (``results[seat].won`` of the
deal's :class:`~game.engine.DealScored` payload), and its points are the match points the deal
awarded it (``results[seat].awards``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import Seat, make_seat, seat_kinds
from game.engine import GAMES, GameState, Move, new_game
from game.sim import play_deal, scored_since

__all__ = ["KindStats", "main", "run_arena", "wilson"]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion wins/n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class KindStats:
    """Results of one seat kind over every (deal, seat) it played."""

    kind: str
    wins: int = 0
    samples: list[int] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.samples)

    @property
    def share(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def share_interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    @property
    def mean(self) -> float:
        return sum(self.samples) / self.n if self.n else 0.0

    @property
    def mean_interval(self) -> tuple[float, float]:
        n = self.n
        if n < 2:
            return self.mean, self.mean
        m = self.mean
        sd = math.sqrt(sum((x - m) ** 2 for x in self.samples) / (n - 1))
        half = 1.96 * sd / math.sqrt(n)
        return m - half, m + half


def run_arena(
    game: str, players: int, kinds: Sequence[str], deals: int, seed: int, **options: Any
) -> dict[str, KindStats]:
    """Play ``deals`` deals and return the statistics per seat kind."""
    probe = new_game(game, players=players, seed=seed, **options)
    seats_n = probe.seats
    controllers = sorted({probe.controller(s) for s in range(seats_n)})
    if len(kinds) == 1:
        kinds = list(kinds) * len(controllers)
    if len(kinds) != len(controllers):
        raise ValueError(f"give {len(controllers)} seat kinds (one per player), not {len(kinds)}")
    stats = {k: KindStats(k) for k in kinds}
    rng = random.Random(seed)
    for k in range(deals):
        state = new_game(game, players=players, seed=seed + k, **options)
        rot = k % len(kinds)
        chosen = [kinds[(i + rot) % len(kinds)] for i in range(len(controllers))]
        seats: list[Seat] = [make_seat(kind, game) for kind in chosen]
        mark = len(state.events)

        def choose(st: GameState, moves: Sequence[Move], seats: list[Seat] = seats) -> Move:
            p = st.current_player
            assert p is not None
            return seats[st.controller(p)].choose(st.view(p), moves, rng)

        play_deal(state, choose)
        scored = scored_since(state, mark)
        assert scored is not None  # play_deal plays on until the deal is scored
        for player, kind in enumerate(chosen):
            result = scored.results[player]
            stats[kind].wins += result.won
            stats[kind].samples.append(result.awards)
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seats", required=True, help="seat kinds, comma separated")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in seat_kinds(args.game)]
    if unknown:
        parser.error(f"unknown seat kind {unknown[0]!r}: choose from {seat_kinds(args.game)}")
    try:
        stats = run_arena(args.game, args.players, kinds, args.deals, args.seed)
    except ValueError as exc:
        parser.error(str(exc))
    print(
        f"{args.game}, {args.players} players, {args.deals} deals from seed {args.seed}, "
        "seats rotated; 95% intervals"
    )
    print(f"{'seat':<10} {'samples':>7} {'deals won':>22} {'points/deal':>24}")
    for s in stats.values():
        lo, hi = s.share_interval
        mlo, mhi = s.mean_interval
        print(
            f"{s.kind:<10} {s.n:>7} {s.share:>8.1%} [{lo:6.1%}, {hi:6.1%}] "
            f"{s.mean:>8.3f} [{mlo:6.3f}, {mhi:6.3f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
