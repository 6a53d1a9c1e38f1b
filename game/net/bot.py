"""A bot client: it sits at a table over the wire and plays its seat with an AI level.

It knows only what the server sends its seat: it rebuilds its view's dataclass from the JSON
(:func:`protocol.decode_view`) and its legal moves from their kind and cards, and asks a level's
seat, as the app's own AI seats are asked.  When the connection drops it comes back with its
seat token until the match is over or its deadline passes.  It keeps every view and event
frame it received, so tests can check them against the engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.ai import Seat, make_seat
from game.engine import GAMES, Move, parse_card

from . import protocol as p

__all__ = ["Bot"]

log = logging.getLogger("tavolo.net")


@dataclass
class Bot:
    """A bot for ``url``: it creates a table (``create``) or joins ``code``; ``level`` plays."""

    url: str
    level: str = "easy"
    name: str = "bot"
    code: str | None = None
    create: p.Create | None = None
    seed: int = 0
    seat: int = -1
    token: str | None = None
    #: events received so far (the next event's index)
    seen: int = 0
    views: list[p.YourView] = field(default_factory=list)
    events: list[p.EventOut] = field(default_factory=list)
    errors: list[p.Error] = field(default_factory=list)
    refusals: list[p.Refusal] = field(default_factory=list)
    table: p.TableState | None = None
    over: bool = False
    #: the finished match's record, which the server sends once the match is over
    record: dict[str, Any] | None = None
    connections: int = 0
    #: set once the bot has its seat (its first welcome): another thread may wait on it
    seated: threading.Event = field(default_factory=threading.Event)
    ws: ClientConnection | None = None
    ai: Seat | None = None
    #: seconds the bot waits before each move (a player's thinking; the load test's pace)
    think: float = 0.0
    #: when (time.perf_counter) the first view of each position arrived, and when this bot
    #: sent its move at each position: what the load test measures round trips with
    arrived: dict[int, float] = field(default_factory=dict)
    sent: dict[int, float] = field(default_factory=dict)

    async def run(self, deadline: float = 60.0) -> None:
        """Play until the match is over; reconnect with the token when dropped.  A
        TimeoutError past ``deadline`` seconds."""
        end = time.monotonic() + deadline
        async with asyncio.timeout(deadline):
            while not self.over:
                with contextlib.suppress(ConnectionClosed, OSError, InvalidHandshake):
                    await self._session()
                if self.over or self.token is None:
                    return
                await asyncio.sleep(min(0.05, max(0.0, end - time.monotonic())))

    async def _session(self) -> None:
        async with connect(self.url, max_size=2**20, open_timeout=5) as ws:
            self.ws = ws
            self.connections += 1
            await ws.send(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name=self.name)))
            if self.token is not None and self.code is not None:
                hello: p.Create | p.Join | p.Rejoin = p.Rejoin(
                    code=self.code, token=self.token, seen=self.seen
                )
            elif self.create is not None:
                hello = self.create
            else:
                assert self.code is not None, "a bot joins a code or creates a table"
                hello = p.Join(code=self.code)
            await ws.send(p.encode(hello))
            async for raw in ws:
                await self._take(ws, p.decode_server(raw))
                if self.over:
                    return

    async def _take(self, ws: ClientConnection, message: p.ServerMessage) -> None:
        match message:
            case p.Welcome(code=code, seat=seat, token=token):
                first = self.token is None
                self.code, self.seat, self.token = code, seat, token
                self.seated.set()
                if first and self.create is None:
                    await ws.send(p.encode(p.Ready()))
            case p.TableState():
                self.table = message
                self.over = message.over
                everyone = all(
                    s.connected and (s.ready or i == message.host)
                    for i, s in enumerate(message.seats)
                )
                host = message.host == self.seat
                if host and everyone and not message.started:
                    await ws.send(p.encode(p.Start()))
            case p.Events(first=first, events=events):
                skip = self.seen - first  # a rejoin may repeat what was seen
                self.events += events[max(0, skip) :]
                self.seen = max(self.seen, first + len(events))
            case p.YourView():
                self.arrived.setdefault(message.at, time.perf_counter())
                self.views.append(message)
                if message.legal:
                    move = await asyncio.to_thread(self._choose, message)
                    if self.think:
                        await asyncio.sleep(self.think)
                    self.sent[message.at] = time.perf_counter()
                    await ws.send(p.encode(p.MoveMsg(move=move, at=message.at)))
            case p.Error():
                self.errors.append(message)
            case p.Refusal():
                self.refusals.append(message)
            case p.MatchRecord(record=record):
                self.record = record
            case p.ChatSaid():
                pass

    def _choose(self, message: p.YourView) -> str:
        view = p.decode_view(message.view)
        deck = GAMES[view.game].deck
        moves = [
            Move(m.kind, tuple(parse_card(c, deck) for c in m.cards), m.text, m.arg)
            for m in message.legal
        ]
        seat = self._seat(view.game)
        rng = random.Random(f"{self.seed}/{self.seat}/{message.at}")
        return seat.choose(view, moves, rng).text

    def _seat(self, game: str) -> Seat:
        if self.ai is None:
            self.ai = make_seat(self.level, game)
        return self.ai

    async def drop(self) -> None:
        """Close the connection as a network failure would (the bot then comes back)."""
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.transport.abort()
