"""Soak the engine: play every game and variant with random, rules, easy and search seats, checking
the engine's invariants after every move (see :mod:`game.tools.soak_checks`).

    python -m game.tools.soak --deals 100000 --jobs 2 --seed 1

Every game of :data:`game.catalog.CATALOG` and player count, with the default rule options,
each other option value alone and every option at its last value at once, is a variant; the
deals are shared out evenly between them and played as whole matches (a match ends, the next
one starts), so match ends and later deals are covered too.
After each move: the cards are conserved, the move played was legal, a random illegal move text
is refused and changes nothing, and one seat's view does not depend on cards it cannot see.
After each deal: the record replays to an equal state and the deal's point totals are right.
It prints the deals, moves and errors per variant and a total line; it exits 1 if an invariant
broke, printing the first failure's seed and record so that it can be replayed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import signal
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai import Seat, make_seat
from game.ai.levels import KEEP_RULES_Z
from game.ai.search import DeterminizedSearch
from game.catalog import CATALOG, load
from game.engine import DealScored, GameState, Move, new_game
from game.sim import scored_since

from .soak_checks import (
    InvariantBroken,
    check_cards,
    check_hidden,
    check_refusal,
    check_replay,
    check_scored,
    junk_move,
)

__all__ = ["Tally", "Variant", "main", "run", "soak", "variants"]

#: Search seats think in this many sampled worlds (the table's seats use dozens): enough to run
#: the search code, small enough for thousands of deals.
SEARCH_WORLDS = 2
#: Rollouts per decision of a soak's search seat: a little more than its worlds times two
#: moves, so the levels' successive halving and paired test run too.
SEARCH_ROLLOUTS = 6
#: One match in this many has a search seat (even with a tiny budget they cost most of the CPU).
SEARCH_EVERY = 30
#: Deals per unit of work handed to a process.
CHUNK = 100


@dataclass(frozen=True)
class Variant:
    """One game played by ``players`` under one set of option values."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        opts = " ".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game} {self.players}p {opts}".rstrip()


def variants() -> list[Variant]:
    """Every game and player count, in catalogue order, each with: the default options; every
    other value of each option alone; and every option at its last value at once (the house
    rules together, where their interplay is decided).  Not every combination: with Scopa's
    house rules that product grew to thousands of variants."""
    out = []
    for name in CATALOG:
        options = CATALOG[name].info.options
        keys = sorted(options)
        base = {k: options[k].default for k in keys}
        sets = [base]
        sets += [{**base, k: v} for k in keys for v in options[k].choices if v != base[k]]
        sets.append({k: options[k].choices[-1] for k in keys})
        for players in CATALOG[name].info.players:
            seen: set[tuple[tuple[str, Any], ...]] = set()
            for values in sets:
                chosen = tuple((k, values[k]) for k in keys)
                if chosen not in seen:
                    seen.add(chosen)
                    out.append(Variant(name, players, chosen))
    return out


@dataclass
class Tally:
    """What one variant's deals came to."""

    variant: Variant
    deals: int = 0
    moves: int = 0
    errors: int = 0
    cpu: float = 0.0
    #: the first failure: its message, the match's seed and the record up to the failure
    failure: dict[str, Any] | None = None

    def add(self, other: Tally) -> None:
        self.deals += other.deals
        self.moves += other.moves
        self.errors += other.errors
        self.cpu += other.cpu
        self.failure = self.failure or other.failure


@dataclass
class _Match:
    """A match being soaked: the state, one seat per player, the checks' random numbers."""

    state: GameState
    seats: list[Seat]
    rng: random.Random
    kinds: list[str] = field(default_factory=list)


def _seat(kind: str, game: str) -> Seat:
    if kind == "search":
        seat: DeterminizedSearch[Any, Any] = load(CATALOG[game].seats["search"])(SEARCH_WORLDS, 1.0)
        seat.budget = replace(seat.budget, rollouts=SEARCH_ROLLOUTS, keep_rules_z=KEEP_RULES_Z)
        return seat
    return make_seat(kind, game)


def _open(variant: Variant, seed: int) -> _Match:
    rng = random.Random(seed)
    state = new_game(variant.game, players=variant.players, seed=seed, **dict(variant.options))
    players = sorted({state.controller(s) for s in range(state.seats)})
    kinds = [rng.choice(("random", "random", "rules", "easy")) for _ in players]
    if variant.players == 1 and "solver" in CATALOG[variant.game].seats and rng.random() < 0.2:
        kinds = ["solver"]
    elif rng.randrange(SEARCH_EVERY) == 0:
        kinds[rng.randrange(len(kinds))] = "search"
    return _Match(state, [_seat(k, variant.game) for k in kinds], rng, kinds)


def _step(match: _Match) -> DealScored | None:
    """Check the position, make one move, check again; the deal's payload if it ended."""
    state, rng = match.state, match.rng
    player = state.current_player
    assert player is not None
    legal = state.legal_moves()
    junk = junk_move(state, rng)
    if junk is not None:
        check_refusal(state, junk)
    if rng.random() < 0.1:
        check_hidden(state, rng.randrange(state.seats), rng)
    move: Move = match.seats[state.controller(player)].choose(state.view(player), legal, rng)
    if move not in legal:
        raise InvariantBroken(f"seat {player} chose {move}, not a legal move")
    mark = len(state.events)
    state.play(move)
    check_cards(state)
    return scored_since(state, mark)


def soak(variant: Variant, seed: int, deals: int) -> Tally:
    """Play ``deals`` deals of ``variant`` (matches seeded ``seed``, ``seed + 1``...), checking
    every invariant; an error ends its match and is counted, the first one kept."""
    tally = Tally(variant)
    start = time.process_time()
    match_seed = seed
    while tally.deals < deals:
        match = _open(variant, match_seed)
        match_seed += 1
        try:
            while tally.deals < deals and not match.state.is_over:
                if match.state.between_deals:
                    check_refusal(match.state, str(match.state.info.deck.cards[0]))
                    match.state.deal_next()
                scored = _step(match)
                tally.moves += 1
                if scored is not None:
                    check_scored(match.state, scored)
                    check_replay(match.state)
                    tally.deals += 1
        except Exception as exc:  # an engine or seat error is a finding, like a broken check
            tally.errors += 1
            tally.deals += 1
            if tally.failure is None:
                tally.failure = _failure(match, exc)
    tally.cpu = time.process_time() - start
    return tally


def _failure(match: _Match, exc: Exception) -> dict[str, Any]:
    return {
        "message": f"{type(exc).__name__}: {exc}",
        "seed": match.state.seed,
        "seats": match.kinds,
        "record": match.state.record(),
    }


def _units(deals: int, seed: int) -> list[tuple[Variant, int, int]]:
    """The work: each variant's share of ``deals`` in chunks with their own seeds, the first
    chunk of every variant first (so a run stopped early has still met every variant)."""
    every = variants()
    units = []
    for k, variant in enumerate(every):
        share = deals // len(every) + (k < deals % len(every))
        for c in range(0, share, CHUNK):
            units.append((c, k, (variant, seed + k * 1_000_003 + c * 101, min(CHUNK, share - c))))
    return [unit for _, _, unit in sorted(units, key=lambda u: u[:2])]


def _soak_unit(unit: tuple[Variant, int, int]) -> Tally:
    return soak(*unit)


def _quiet() -> None:
    """Workers leave Ctrl+C to the parent, which stops them and reports what they did."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stop(signum: int, frame: object) -> None:
    """SIGTERM stops the command like Ctrl+C: with the report of the deals played so far."""
    raise KeyboardInterrupt


def run(deals: int, jobs: int = 1, seed: int = 1, progress: bool = False) -> list[Tally]:
    """Soak ``deals`` deals over every variant on ``jobs`` processes; one tally per variant
    (in catalogue order), with a line on stderr at every twentieth of the deals if
    ``progress``.  Ctrl+C (or SIGTERM to the command) stops early: the tallies then hold the
    deals finished so far."""
    units = _units(deals, seed)
    totals = {v: Tally(v) for v in dict.fromkeys(u[0] for u in units)}
    pool = multiprocessing.Pool(jobs, initializer=_quiet) if jobs > 1 else None
    parts = pool.imap_unordered(_soak_unit, units) if pool else map(_soak_unit, units)
    done = 0
    try:
        for part in parts:
            totals[part.variant].add(part)
            done += part.deals
            if progress and done * 20 // deals > (done - part.deals) * 20 // deals:
                print(f"{done} of {deals} deals played", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print(f"stopped after {done} of {deals} deals", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.terminate()
    return list(totals.values())


def report(tallies: Sequence[Tally], wall: float) -> str:
    """The table the command prints: per variant, then the total line."""
    lines = [f"{'variant':<52} {'deals':>7} {'moves':>9} {'errors':>6}"]
    for t in tallies:
        lines.append(f"{t.variant!s:<52} {t.deals:>7} {t.moves:>9} {t.errors:>6}")
    deals = sum(t.deals for t in tallies)
    moves = sum(t.moves for t in tallies)
    errors = sum(t.errors for t in tallies)
    cpu = sum(t.cpu for t in tallies)
    rate = moves / cpu if cpu else 0.0
    lines.append(
        f"total: {deals} deals, {moves} moves, {errors} errors, {len(tallies)} variants; "
        f"{cpu:.0f} s CPU ({rate:,.0f} moves/s), {wall:.0f} s wall"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.soak", description=__doc__)
    parser.add_argument("--deals", type=int, default=1000, help="deals in all (default 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1")
    signal.signal(signal.SIGTERM, _stop)
    start = time.perf_counter()
    tallies = run(args.deals, args.jobs, args.seed, progress=True)
    print(report(tallies, time.perf_counter() - start))
    played = sum(t.deals for t in tallies)
    if played < args.deals:
        print(f"stopped early: {played} of {args.deals} deals played")
    failed = next((t for t in tallies if t.failure), None)
    if failed is None:
        return 0 if played == args.deals else 130
    assert failed.failure is not None
    print(f"\nfirst failure, in {failed.variant} with seats {failed.failure['seats']}:")
    print(f"  {failed.failure['message']}")
    print(f"  match seed {failed.failure['seed']}; replay with game.engine.load_record(record):")
    print(f"  {failed.failure['record']}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
