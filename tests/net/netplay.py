"""Helpers of the online tests: a real server on loopback, bot clients, and the check of every
frame a client received against its seat's engine view."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection

from game.engine import GameState, new_game
from game.net import protocol as p
from game.net.bot import Bot
from game.net.server import Server

#: Every test run is bounded: no helper waits longer than this many seconds.
LIMIT = 30.0
SEED = 7


def server(data: Path, port: int = 0, **kw: Any) -> Server:
    """A server on loopback whose matches are all dealt from :data:`SEED`, no pause between
    deals."""
    kw.setdefault("pause", 0.0)
    return Server(data, "127.0.0.1", port, seeds=lambda: SEED, **kw)


def url(s: Server) -> str:
    return f"ws://127.0.0.1:{s.port}"


async def match(
    s: Server,
    game: str,
    seats: list[str],
    *,
    during: Callable[[list[Bot]], Awaitable[None]] | None = None,
    options: dict[str, Any] | None = None,
) -> list[Bot]:
    """Bots at every ``human``/``open`` seat of a new table (the first creates it), played to
    the match's end; ``during`` runs beside them (a drop, a restart)."""
    create = p.Create(game=game, players=len(seats), seats=seats, options=options or {})
    host = Bot(url(s), create=create, seed=0, name="host")
    tasks = [asyncio.create_task(host.run(LIMIT))]
    async with asyncio.timeout(LIMIT):
        while host.code is None:
            await asyncio.sleep(0.005)
    bots = [host]
    for k in range(seats.count("open")):
        bot = Bot(url(s), code=host.code, seed=k + 1, name=f"guest{k}")
        bots.append(bot)
        tasks.append(asyncio.create_task(bot.run(LIMIT)))
    if during is not None:
        tasks.append(asyncio.create_task(during(bots)))
    await asyncio.gather(*tasks)
    return bots


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def replay(record: dict[str, Any]) -> tuple[GameState[Any], dict[tuple[int, bool], GameState[Any]]]:
    """The record's match replayed, and a copy of its state at every position a view can be
    sent from: (moves made, between deals)."""
    state = new_game(
        record["game"], players=record["players"], seed=record["seed"], **record["options"]
    )
    at: dict[tuple[int, bool], GameState[Any]] = {}

    def keep() -> None:
        at[(len(state.history), state.between_deals)] = state.clone()

    keep()
    for text in record["moves"]:
        if state.between_deals:
            state.deal_next()
            keep()
        state.play(text)
        keep()
    return state, at


def leaks(bot: Bot, record: dict[str, Any]) -> list[str]:
    """Every frame ``bot`` received that differs from what its seat's engine view and redacted
    events say (a card it may not see would differ): the empty list when none."""
    final, positions = replay(record)
    found = []
    for frame in bot.views:
        state = positions[(frame.at, frame.between)]
        if frame.view != _json(p.encode_view(state.view(bot.seat))):
            found.append(f"view at {frame.at}")
        current = state.current_player
        mine = current is not None and state.controller(current) == bot.seat
        legal = [m.text for m in state.legal_moves()] if mine else []
        if [m.text for m in frame.legal] != legal:
            found.append(f"legal moves at {frame.at}")
    expected = [_json(msgspec.to_builtins(p.encode_event(e))) for e in final.events_for(bot.seat)]
    got = [_json(msgspec.to_builtins(e)) for e in bot.events]
    if got != expected[: len(got)] or len(got) != len(expected):
        found.append("events")
    return found


async def until(ws: ClientConnection, wanted: Callable[[p.ServerMessage], bool]) -> p.ServerMessage:
    """The first message from the server that ``wanted`` accepts (bounded in time)."""
    async with asyncio.timeout(LIMIT):
        while True:
            message = p.decode_server(await ws.recv())
            if wanted(message):
                return message
