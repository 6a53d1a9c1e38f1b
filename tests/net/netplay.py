"""Helpers of the online tests: a real server on loopback, bot clients, and the check of every
frame a client received against its seat's engine view."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection

from game.net import audit
from game.net import protocol as p
from game.net.bot import Bot
from game.net.server import Server

#: Every test run is bounded: no helper waits longer than this many seconds.
LIMIT = 30.0
SEED = 7


def server(data: Path, port: int = 0, *, seed: int = SEED, **kw: Any) -> Server:
    """A server on loopback whose matches are all dealt from ``seed``, no pause between
    deals."""
    kw.setdefault("pause", 0.0)
    return Server(data, "127.0.0.1", port, seeds=lambda: seed, **kw)


def url(s: Server | int) -> str:
    """The address of server ``s`` (or of the loopback server on port ``s``)."""
    return f"ws://127.0.0.1:{s if isinstance(s, int) else s.port}"


async def match(
    s: Server | int,
    game: str,
    seats: list[str],
    *,
    during: Callable[[list[Bot]], Awaitable[None]] | None = None,
    options: dict[str, Any] | None = None,
    level: str = "easy",
    kinds: dict[int, type[Bot]] | None = None,
) -> list[Bot]:
    """Bots of ``level`` at every ``human``/``open`` seat of a new table (the first creates
    it), played to the match's end; ``during`` runs beside them (a drop, a restart).
    ``kinds`` gives the k-th guest (from 1) a class of its own."""
    create = p.Create(game=game, players=len(seats), seats=seats, options=options or {})
    host = Bot(url(s), level, create=create, seed=0, name="host")
    tasks = [asyncio.create_task(host.run(LIMIT))]
    async with asyncio.timeout(LIMIT):
        while host.code is None:
            await asyncio.sleep(0.005)
    bots = [host]
    for k in range(seats.count("open")):
        kind = (kinds or {}).get(k + 1, Bot)
        bot = kind(url(s), level, code=host.code, seed=k + 1, name=f"guest{k}")
        bots.append(bot)
        tasks.append(asyncio.create_task(bot.run(LIMIT)))
    if during is not None:
        tasks.append(asyncio.create_task(during(bots)))
    await asyncio.gather(*tasks)
    return bots


def leaks(bot: Bot, record: dict[str, Any]) -> list[str]:
    """Every frame ``bot`` received that differs from its seat's engine view and redacted
    events (:func:`game.net.audit.leaks`): the empty list when none."""
    return audit.leaks(bot.seat, bot.views, bot.events, record)


async def views_reach(bot: Bot, count: int) -> None:
    """Wait until ``bot`` has received ``count`` views (bounded in time)."""
    async with asyncio.timeout(LIMIT):
        while len(bot.views) < count:
            await asyncio.sleep(0.002)


async def until(ws: ClientConnection, wanted: Callable[[p.ServerMessage], bool]) -> p.ServerMessage:
    """The first message from the server that ``wanted`` accepts (bounded in time)."""
    async with asyncio.timeout(LIMIT):
        while True:
            message = p.decode_server(await ws.recv())
            if wanted(message):
                return message
