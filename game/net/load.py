"""The load test: a real server in a process of its own, many tables of bot clients over real
WebSockets on loopback, full matches, and what it cost.

``python -m game.net.load --tables N --players P --game G [--json]`` starts ``tavolo serve``'s
server in a subprocess (so its CPU time and memory are its own, apart from the bots'), then N
tables whose every seat is a bot client in this process, all playing at once, each bot waiting
``--think`` seconds (times 0.5 to 1.5, drawn per bot) before each move, as a player would.
When every match is over it stops the server (SIGTERM) and reports:

- ``tables_finished``: tables whose stored match is over and whose every bot saw it end;
- ``moves``: moves in the stored records;
- ``errors``: error and refusal frames the bots received, and bots that failed or timed out;
- ``leaks``: frames that differ from the seat's engine view and redacted events, every frame of
  every bot checked against a replay of its table's stored record (:mod:`.audit`);
- ``p50_ms``, ``p99_ms``: the move round trip, over every move of every table: from the moment
  the moving bot hands its ``move`` frame to its connection (after its thinking) to the moment
  the last bot of the table has received and decoded the next position's first ``view`` (which
  the server sends after the move's ``events``); one clock, as every bot lives in this process,
  so the bots' own delays in reading are counted;
- ``server_cpu_ms_per_move``: the server process's user and system CPU time (``/proc/PID/stat``)
  from when it is listening, idle, to when the last match ends, over the moves;
- ``server_rss_mb``: (the server's peak resident memory, ``VmHWM`` in ``/proc/PID/status``,
  minus its resident memory idle, ``VmRSS``, before the first table) / tables.

Linux only (``/proc``).  ``--profile FILE`` runs the server under cProfile and writes its
statistics there.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import protocol as p
from .audit import leaks, replay
from .bot import Bot
from .storage import SqliteStore

__all__ = ["Report", "main", "run_load"]

#: The wait between deals on the load test's server, in seconds.
PAUSE = 0.5
#: The figures ``--json`` prints, in its order.
FIGURES = (
    "tables_finished",
    "moves",
    "errors",
    "leaks",
    "p50_ms",
    "p99_ms",
    "server_cpu_ms_per_move",
    "server_rss_mb",
)


@dataclass
class Report:
    """What a load run measured (see the module's docstring for each figure)."""

    tables: int
    players: int
    game: str
    level: str
    think: float
    tables_finished: int
    moves: int
    errors: int
    leaks: int
    p50_ms: float
    p99_ms: float
    server_cpu_ms_per_move: float
    server_rss_mb: float
    wall_s: float

    def figures(self) -> dict[str, Any]:
        """The figures ``--json`` prints."""
        return {k: getattr(self, k) for k in FIGURES}

    def text(self) -> str:
        return "\n".join(
            [
                f"{self.tables} tables of {self.game} for {self.players}, every seat a bot"
                f" client playing '{self.level}', thinking {self.think:g} s a move"
                f" (x 0.5 to 1.5); {self.wall_s:.1f} s",
                f"tables finished      {self.tables_finished} of {self.tables}",
                f"moves                {self.moves}",
                f"errors               {self.errors}",
                f"hidden-card leaks    {self.leaks}",
                f"move round trip      p50 {self.p50_ms:.1f} ms, p99 {self.p99_ms:.1f} ms",
                f"server CPU per move  {self.server_cpu_ms_per_move:.3f} ms",
                f"server memory        {self.server_rss_mb:.3f} MB per table",
            ]
        )


# -- the server's process ----------------------------------------------------------------------
def _cpu_s(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _memory_mb(pid: int, key: str) -> float:
    """``key`` (``VmRSS``, ``VmHWM``) of process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
    raise LookupError(key)


def _serve(data: Path, seed: int, tables: int, profile: Path | None) -> None:
    """The subprocess: a server on a free loopback port (printed on stdout), each match dealt
    from ``seed``, ``seed + 1``...; it stops on SIGTERM."""
    import cProfile
    import itertools

    from .server import Server, run

    seeds = itertools.count(seed)
    server = Server(
        data, "127.0.0.1", 0, seeds=lambda: next(seeds), pause=PAUSE, create_limit=tables + 1
    )

    async def go() -> None:
        started = asyncio.create_task(run(server))
        while server.port == 0:  # not listening yet
            await asyncio.sleep(0.01)
        print(server.port, flush=True)
        await started

    if profile is None:
        asyncio.run(go())
        return
    profiler = cProfile.Profile()
    profiler.runcall(asyncio.run, go())
    profiler.dump_stats(profile)


# -- the bots ----------------------------------------------------------------------------------
def _table(url: str, game: str, players: int, level: str, think: float, k: int) -> list[Bot]:
    """The bots of table ``k``: the host creates it, the others join it; not yet played."""
    rng = random.Random(f"think/{k}")
    bots = [
        Bot(url, level=level, name=f"t{k}s{j}", seed=k, think=think * rng.uniform(0.5, 1.5))
        for j in range(players)
    ]
    seats = ["human"] + ["open"] * (players - 1)
    bots[0].create = p.Create(game=game, players=players, seats=seats)
    return bots


async def _play(url: str, args: argparse.Namespace) -> tuple[list[list[Bot]], int]:
    """Every table seated (one after another, so the server's accept queue is not flooded)
    and played to its end; the bots, and how many bots failed."""
    tables = [
        _table(url, args.game, args.players, args.level, args.think, k) for k in range(args.tables)
    ]
    keeper = asyncio.create_task(_freeze_kept())
    tasks = []
    for bots in tables:
        host = bots[0]
        tasks.append(asyncio.create_task(host.run(args.deadline)))
        async with asyncio.timeout(args.deadline):
            while host.code is None and not tasks[-1].done():
                await asyncio.sleep(0.002)
        for bot in bots[1:]:
            bot.code = host.code
            tasks.append(asyncio.create_task(bot.run(args.deadline)))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    keeper.cancel()
    return tables, sum(isinstance(r, BaseException) for r in results)


async def _freeze_kept() -> None:
    """Every second, tell the garbage collector to leave alone what the bots have kept so far.

    The bots keep every frame for the leak check: without this, the collector's full passes
    over that growing heap stall this process for tenths of a second, and the stalls would be
    counted in the round trips as if the server had been slow."""
    while True:
        await asyncio.sleep(1.0)
        gc.freeze()


def _round_trips(bots: list[Bot]) -> list[float]:
    """Each move's round trip at this table, in ms (see the module's docstring)."""
    out = []
    for mover in bots:
        for at, sent in mover.sent.items():
            told = [b.arrived.get(at + 1) for b in bots]
            if all(t is not None for t in told):
                out.append((max(t for t in told if t is not None) - sent) * 1000)
    return out


def _percentile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def run_load(args: argparse.Namespace) -> Report:
    """Start the server, play the tables, stop the server, count and check."""
    with tempfile.TemporaryDirectory(prefix="tavolo-load-") as folder:
        data = Path(folder)
        command = [sys.executable, "-m", "game.net.load", "--serve", str(data)]
        command += ["--seed", str(args.seed), "--tables", str(args.tables)]
        if args.profile:
            command += ["--profile", str(Path(args.profile).resolve())]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            if not line.strip().isdigit():
                raise SystemExit("python -m game.net.load: the server did not start")
            port = int(line)
            time.sleep(0.2)  # settled: what follows is idle
            idle_cpu, idle_rss = _cpu_s(server.pid), _memory_mb(server.pid, "VmRSS")
            begun = time.perf_counter()
            tables, failed = asyncio.run(_play(f"ws://127.0.0.1:{port}", args))
            wall = time.perf_counter() - begun
            cpu = _cpu_s(server.pid) - idle_cpu
            peak = _memory_mb(server.pid, "VmHWM")
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
        store = SqliteStore(data)
        try:
            records = [store.record(bots[0].code) if bots[0].code else None for bots in tables]
        finally:
            store.close()
    finished = moves = leaked = 0
    errors = failed
    trips: list[float] = []
    for bots, record in zip(tables, records, strict=True):
        errors += sum(len(b.errors) + len(b.refusals) for b in bots)
        trips += _round_trips(bots)
        if record is None:
            continue
        moves += len(record["moves"])
        replayed = replay(record)
        if replayed[0].is_over and all(b.over for b in bots):
            finished += 1
        leaked += sum(len(leaks(b.seat, b.views, b.events, record, replayed)) for b in bots)
    return Report(
        tables=args.tables,
        players=args.players,
        game=args.game,
        level=args.level,
        think=args.think,
        tables_finished=finished,
        moves=moves,
        errors=errors,
        leaks=leaked,
        p50_ms=round(_percentile(trips, 50), 2),
        p99_ms=round(_percentile(trips, 99), 2),
        server_cpu_ms_per_move=round(cpu * 1000 / max(moves, 1), 3),
        server_rss_mb=round((peak - idle_rss) / args.tables, 3),
        wall_s=wall,
    )


def _parser() -> argparse.ArgumentParser:
    from game.catalog import first
    from game.engine import GAMES

    ap = argparse.ArgumentParser(
        prog="python -m game.net.load",
        description="Load-test a Tavolo server on loopback with tables of bot clients.",
    )
    ap.add_argument("--tables", type=int, default=10, help="tables played at once (default 10)")
    ap.add_argument("--players", type=int, default=2, help="players per table (default 2)")
    default = first().name
    ap.add_argument("--game", default=default, choices=sorted(GAMES), help=f"default {default}")
    ap.add_argument("--level", default="random", help="the bots' seat kind (default random)")
    ap.add_argument("--think", type=float, default=1.0, help="seconds a bot thinks (default 1)")
    ap.add_argument("--seed", type=int, default=1, help="the first table's deal (default 1)")
    ap.add_argument("--deadline", type=float, default=900.0, help="seconds at most (900)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--profile", help="write the server's cProfile statistics to this file")
    ap.add_argument("--serve", type=Path, help=argparse.SUPPRESS)  # the server's subprocess
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    ap = _parser()
    args = ap.parse_args(argv)
    if args.serve is not None:
        _serve(args.serve, args.seed, args.tables, Path(args.profile) if args.profile else None)
        return 0
    from game.ai import seat_kinds
    from game.engine import GAMES

    if args.players not in GAMES[args.game].players:
        ap.error(f"{args.game} is played by {', '.join(map(str, GAMES[args.game].players))}")
    if args.level not in seat_kinds(args.game, args.players):
        ap.error(f"--level is one of {', '.join(seat_kinds(args.game, args.players))}")
    if args.tables < 1 or args.think < 0:
        ap.error("--tables is at least 1 and --think at least 0")
    report = run_load(args)
    print(json.dumps(report.figures()) if args.json else report.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
