"""Seats against seats: ``python -m game.tools.arena --game scopa --players 2 --seats normal,easy``.

Plays ``--deals`` seeded deals, each the first deal of a fresh match (seed ``--seed + k``), and
plays every deal once in each seating: the seat kinds rotated round the table (seatings that
repeat are played once), so every kind holds every chair's cards and the luck of the deal
cancels out of the comparison.  A kind's result in a deal is the mean over its seats and
seatings of "its side won the deal" (``results[seat].won`` of the deal's
:class:`~game.engine.DealScored` payload) and of the match points the deal awarded it
(``results[seat].awards``), and of what its side took (``results[seat].points``, in the
game's own unit): partners, who share one result, count once per deal, and the deals are the
independent samples.  Where the cards decide most deals (Briscola), the take's paired
difference separates two kinds in fewer deals than the won share does.  It prints, per kind,
the mean per deal with a 95% interval and the CPU time it spent per decision, then for each
pair of kinds the paired difference per deal with its 95% interval: two kinds are told apart
when that interval leaves zero.

``--levels`` runs the ladder of one game and player count instead (easy against normal, normal
against strong, seated alternately) and says whether easy < normal < strong.  ``--jobs N``
shares the deals out over N processes; every deal and seating has its own seeded random numbers,
so the figures are the same for any N.  ``--record FILE`` and ``--combine FILE ...`` keep the
deals of long or interrupted runs and pool them into one table (:mod:`game.tools.arena_record`).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import ARENA_KINDS, Seat, make_seat, seat_kinds
from game.engine import GAMES, DealScored, GameState, Move, new_game
from game.sim import play_deal, scored_since
from game.tools.arena_record import (
    Config,
    Deal,
    KindDeal,
    RecordError,
    append,
    read_records,
    seed_ranges,
)

__all__ = [
    "Comparison",
    "KindDeal",
    "KindStats",
    "Mean",
    "main",
    "play_seatings",
    "run_arena",
    "seat_list",
    "seatings",
    "tally",
    "wilson",
]

#: The ladder ``--levels`` climbs, pair by pair.
LADDER = (("easy", "normal"), ("normal", "strong"))


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
class Mean:
    """Samples (one per deal) and their mean with a 95% normal interval."""

    samples: list[float] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.samples)

    @property
    def mean(self) -> float:
        return sum(self.samples) / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        n, m = self.n, self.mean
        if n < 2:
            return m, m
        sd = math.sqrt(sum((x - m) ** 2 for x in self.samples) / (n - 1))
        half = 1.96 * sd / math.sqrt(n)
        return m - half, m + half


@dataclass
class KindStats:
    """Results of one seat kind, one sample per deal."""

    kind: str
    won: Mean = field(default_factory=Mean)
    points: Mean = field(default_factory=Mean)
    took: Mean = field(default_factory=Mean)
    cpu: float = 0.0
    decisions: int = 0

    @property
    def n(self) -> int:
        return self.won.n

    @property
    def cpu_per_decision(self) -> float:
        return self.cpu / self.decisions if self.decisions else 0.0


@dataclass
class Comparison:
    """Kind ``a`` minus kind ``b``, deal by deal."""

    a: str
    b: str
    won: Mean = field(default_factory=Mean)
    points: Mean = field(default_factory=Mean)
    took: Mean = field(default_factory=Mean)

    @property
    def separated(self) -> bool:
        """Whether ``a`` did better than ``b``: the won (or, on a tie, the points) difference's
        interval lies above zero."""
        return self.won.interval[0] > 0 or (self.won.mean >= 0 and self.points.interval[0] > 0)


def seatings(kinds: Sequence[str]) -> list[tuple[str, ...]]:
    """Every rotation of ``kinds`` round the table, each distinct one once."""
    out: list[tuple[str, ...]] = []
    for r in range(len(kinds)):
        turned = tuple(kinds[(i + r) % len(kinds)] for i in range(len(kinds)))
        if turned not in out:
            out.append(turned)
    return out


def _controllers(game: str, players: int, options: dict[str, Any]) -> int:
    probe = new_game(game, players=players, seed=0, **options)
    return len({probe.controller(s) for s in range(probe.seats)})


def play_seatings(
    game: str, players: int, kinds: Sequence[str], seed: int, deal: int, options: dict[str, Any]
) -> dict[str, KindDeal]:
    """Deal ``seed + deal`` played in every seating of ``kinds``: each kind's result."""
    won: dict[str, list[float]] = {k: [] for k in kinds}
    points: dict[str, list[float]] = {k: [] for k in kinds}
    took: dict[str, list[float]] = {k: [] for k in kinds}
    cpu = dict.fromkeys(kinds, 0.0)
    decisions = dict.fromkeys(kinds, 0)
    for r, chosen in enumerate(seatings(kinds)):
        state = new_game(game, players=players, seed=seed + deal, **options)
        rng = random.Random(f"arena {seed} {deal} {r}")
        scored = _play_seating(state, game, chosen, rng, cpu, decisions)
        for kind in set(chosen):
            mine = [scored.results[p] for p in range(len(chosen)) if chosen[p] == kind]
            won[kind].append(sum(m.won for m in mine) / len(mine))
            points[kind].append(sum(m.awards for m in mine) / len(mine))
            took[kind].append(sum(m.points for m in mine) / len(mine))
    return {
        k: KindDeal(_avg(won[k]), _avg(points[k]), cpu[k], decisions[k], _avg(took[k])) for k in won
    }


def _avg(values: list[float]) -> float:
    return sum(values) / len(values)


def _play_seating(
    state: GameState,
    game: str,
    chosen: Sequence[str],
    rng: random.Random,
    cpu: dict[str, float],
    decisions: dict[str, int],
) -> DealScored:
    """Play ``state``'s deal with a new seat of kind ``chosen[p]`` for each player ``p``,
    adding each kind's CPU time and decisions (among two or more moves); the deal's result."""
    seats: list[Seat] = [make_seat(kind, game) for kind in chosen]
    mark = len(state.events)

    def choose(st: GameState, moves: Sequence[Move]) -> Move:
        p = st.current_player
        assert p is not None
        c = st.controller(p)
        t = time.thread_time()
        move = seats[c].choose(st.view(p), moves, rng)
        if len(moves) > 1:
            cpu[chosen[c]] += time.thread_time() - t
            decisions[chosen[c]] += 1
        return move

    play_deal(state, choose)
    scored = scored_since(state, mark)
    assert scored is not None  # play_deal plays on until the deal is scored
    return scored


def _play_one(
    job: tuple[str, int, tuple[str, ...], int, int, dict[str, Any]],
) -> dict[str, KindDeal]:
    return play_seatings(*job)


def run_arena(
    game: str,
    players: int,
    kinds: Sequence[str],
    deals: int,
    seed: int,
    jobs: int = 1,
    on_deal: Callable[[Deal], None] | None = None,
    **options: Any,
) -> tuple[dict[str, KindStats], list[Comparison]]:
    """Play ``deals`` deals in every seating; the statistics per kind and per pair of kinds.
    ``on_deal`` is told each deal as it finishes, in order (the arena records them with it)."""
    kinds = seat_list(game, players, kinds, options)
    work = [(game, players, tuple(kinds), seed, k, options) for k in range(deals)]
    outcomes: list[Deal] = []

    def finished(k: int, outcome: dict[str, KindDeal]) -> None:
        deal = Deal(seed + k, outcome)
        outcomes.append(deal)
        if on_deal is not None:
            on_deal(deal)

    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for k, outcome in enumerate(pool.imap(_play_one, work, chunksize=1)):
                finished(k, outcome)
    else:
        for k, w in enumerate(work):
            finished(k, _play_one(w))
    return tally(kinds, outcomes)


def seat_list(game: str, players: int, kinds: Sequence[str], options: dict[str, Any]) -> list[str]:
    """``kinds``, one per player (a single kind fills the table); ValueError if they are not."""
    controllers = _controllers(game, players, options)
    if len(kinds) == 1:
        kinds = list(kinds) * controllers
    if len(kinds) != controllers:
        raise ValueError(f"give {controllers} seat kinds (one per player), not {len(kinds)}")
    return list(kinds)


def tally(
    kinds: Sequence[str], deals: Iterable[Deal]
) -> tuple[dict[str, KindStats], list[Comparison]]:
    """The statistics per kind and per pair of kinds over ``deals``, one sample per deal."""
    distinct = list(dict.fromkeys(kinds))
    stats = {k: KindStats(k) for k in distinct}
    pairs = [Comparison(a, b) for i, a in enumerate(distinct) for b in distinct[i + 1 :]]
    for deal in deals:
        outcome = deal.kinds
        for kind, d in outcome.items():
            s = stats[kind]
            s.won.samples.append(d.won)
            s.points.samples.append(d.points)
            if d.took is not None:
                s.took.samples.append(d.took)
            s.cpu += d.cpu
            s.decisions += d.decisions
        for c in pairs:
            a, b = outcome[c.a], outcome[c.b]
            c.won.samples.append(a.won - b.won)
            c.points.samples.append(a.points - b.points)
            if a.took is not None and b.took is not None:
                c.took.samples.append(a.took - b.took)
    return stats, pairs


def _fmt(m: Mean, pct: bool) -> str:
    lo, hi = m.interval
    if pct:
        return f"{m.mean:7.1%} [{lo:7.1%}, {hi:7.1%}]"
    return f"{m.mean:7.3f} [{lo:7.3f}, {hi:7.3f}]"


def report(stats: dict[str, KindStats], pairs: list[Comparison]) -> list[str]:
    """The table of kinds and the paired differences, as printed."""
    lines = [
        f"{'seat':<8} {'deals':>6} {'won per deal':>26} {'points per deal':>26} {'CPU s/dec':>9}"
    ]
    for s in stats.values():
        lines.append(
            f"{s.kind:<8} {s.n:>6} {_fmt(s.won, True):>26} {_fmt(s.points, False):>26} "
            f"{s.cpu_per_decision:>9.4f}"
        )
    for c in pairs:
        lines.append(
            f"paired per deal, {c.a} - {c.b}: won {_fmt(c.won, True)}, "
            f"points {_fmt(c.points, False)}"
        )
        if c.took.n == c.won.n:  # every deal kept its take (not so in older records)
            lines.append(
                f"paired per deal, {c.a} - {c.b}: took {_fmt(c.took, False)} of the deal's "
                "own points (cards, deal points)"
            )
    return lines


def _ladder(args: argparse.Namespace, controllers: int) -> list[str]:
    lines: list[str] = []
    verdicts: list[bool] = []
    for weak, strong in LADDER:
        kinds = [(strong, weak)[i % 2] for i in range(controllers)]
        stats, pairs = run_arena(args.game, args.players, kinds, args.deals, args.seed, args.jobs)
        lines.append(f"-- {strong} against {weak}, seated {','.join(kinds)}")
        lines += report(stats, pairs)
        (c,) = pairs  # the stronger kind sits first, so the pair is strong minus weak
        better = c.separated
        verdicts.append(better)
        lines.append(
            f"{weak} < {strong}: {'yes' if better else 'not shown'} (95%, paired per deal)"
        )
    word = "yes" if all(verdicts) else "not shown"
    lines.append(f"easy < normal < strong: {word}")
    return lines


def _combine(paths: list[str]) -> list[str]:
    """The table over every deal recorded in ``paths`` (see :mod:`game.tools.arena_record`)."""
    config, deals, repeated = read_records(Path(p) for p in paths)
    again = f"; {repeated} repeated deal(s) counted once" if repeated else ""
    head = (
        f"{config.describe()}: {len(deals)} deals (seeds {seed_ranges(d.seed for d in deals)}) "
        f"from {len(paths)} file(s){again}; each played in every seating; one sample per deal "
        "and kind; 95% intervals"
    )
    return [head, *report(*tally(config.seats, deals))]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int)
    parser.add_argument("--seats", help="seat kinds, comma separated (one, or one per player)")
    parser.add_argument("--levels", action="store_true", help="the easy < normal < strong ladder")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to share the deals")
    parser.add_argument(
        "--record", metavar="FILE", help="append each finished deal to FILE (JSON lines)"
    )
    parser.add_argument(
        "--combine",
        nargs="+",
        metavar="FILE",
        help="print the table over every deal recorded in the FILEs (and play none)",
    )
    return parser


def _levels(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    if args.record:
        parser.error("--record keeps one match-up's deals; run the ladder's pairs with --seats")
    controllers = _controllers(args.game, args.players, {})
    missing = [k for k in ("easy", "normal", "strong") if k not in seat_kinds(args.game)]
    if controllers < 2 or missing:
        parser.error(f"no ladder for {args.game} with {args.players} player(s)")
    return _ladder(args, controllers)


def _seats(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    if not args.seats:
        parser.error("give --seats, or --levels")
    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    unknown = [
        k
        for k in kinds
        if k.partition(":")[0] not in [*seat_kinds(args.game, args.players), *ARENA_KINDS]
    ]
    if unknown:
        parser.error(
            f"unknown seat kind {unknown[0]!r}: choose from "
            f"{seat_kinds(args.game, args.players)} or an arena kind {sorted(ARENA_KINDS)}"
        )
    for kind in set(kinds):
        try:
            make_seat(kind, args.game)  # a budget it cannot read is told now, not mid-run
        except ValueError as error:
            parser.error(str(error))
    try:
        kinds = seat_list(args.game, args.players, kinds, {})
        with contextlib.ExitStack() as stack:
            on_deal = None
            if args.record:
                config = Config(args.game, args.players, tuple(kinds))
                stream = stack.enter_context(open(args.record, "a", encoding="utf-8"))
                on_deal = functools.partial(append, stream, config)
            stats, pairs = run_arena(
                args.game, args.players, kinds, args.deals, args.seed, args.jobs, on_deal
            )
    except ValueError as exc:
        parser.error(str(exc))
    except OSError as exc:
        parser.error(f"cannot record to {args.record}: {exc}")
    return report(stats, pairs)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.combine:
        if args.game or args.seats or args.levels or args.record:
            parser.error("--combine reads the game and seats from its files; give it alone")
        try:
            print("\n".join(_combine(args.combine)))
        except RecordError as exc:
            parser.error(str(exc))
        return 0
    if args.game is None or args.players is None:
        parser.error("give --game and --players (or --combine FILE ...)")
    if args.players not in GAMES[args.game].players:
        parser.error(f"{args.game} is not played by {args.players} players")
    if args.jobs < 1 or args.deals < 1:
        parser.error("--jobs and --deals must be at least 1")
    lines = (_levels if args.levels else _seats)(parser, args)
    print(
        f"{args.game}, {args.players} players, {args.deals} deals from seed {args.seed}, each "
        "played in every seating; one sample per deal and kind; 95% intervals"
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
