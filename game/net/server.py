"""The table server: asyncio and websockets, many tables at once, every table kept in SQLite.

A connection says hello (its protocol version, name and language), then creates a table, joins
one by its code, or takes its seat back by its token; then it plays.  Every frame is decoded
against the schema (:mod:`.protocol`) before anything reads it, and every handler is guarded:
a bad frame gets an error with a code, too many close the connection, and an unexpected error
is logged and answered ``internal`` without touching any other connection or table.  Wrong
codes and tokens are counted per address, and past a few a minute refused unread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import ssl
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import msgspec
from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from . import protocol as p
from .storage import SqliteStore, TableStore
from .table import Table, TableError, new_code

__all__ = ["Client", "Server", "run"]

log = logging.getLogger("tavolo.net")

#: Frames past this size close the connection in the WebSocket layer itself; below it and above
#: :data:`protocol.MAX_BYTES` they are refused with ``too_big``.
WIRE_LIMIT = 64 * 1024
#: The least time between two quick messages of one connection, in seconds.
CHAT_GAP = 1.0
#: Messages waiting to be written to one client before it is dropped as too slow.
OUTBOX = 2000


class Client:
    """One connection: its outbox (written in order by its own task) and where it sits."""

    def __init__(self, ws: ServerConnection, address: str) -> None:
        self.ws = ws
        self.address = address
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.name: str | None = None
        self.table: Table | None = None
        self.seat = -1
        self.bad = 0
        self.said = -CHAT_GAP  # when it last said something to its table
        self.closing = False

    def send(self, message: msgspec.Struct) -> None:
        try:
            self.outbox.put_nowait(p.encode(message))
        except asyncio.QueueFull:  # it would miss messages: dropped, it may rejoin
            log.warning("%s: too slow to read its messages, dropped", self.address)
            self.closing = True
            self.ws.transport.abort()

    async def write(self) -> None:
        while (text := await self.outbox.get()) is not None:
            await self.ws.send(text)
        await self.ws.close(1008, "closed by the server")


class Server:
    """Tables served on ``host``:``port`` (0: any free port; :attr:`port` says which), kept in
    ``data``.  ``seeds`` draws each new match's seed (tests pass a fixed one), ``pause`` is the
    wait between deals, ``join_limit`` the wrong codes or tokens an address may send per
    ``join_window`` seconds and ``create_limit`` the tables it may create meanwhile,
    ``bad_limit`` the bad frames a connection may send."""

    def __init__(
        self,
        data: Path,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        tls: ssl.SSLContext | None = None,
        store: TableStore | None = None,
        seeds: Callable[[], int] = lambda: secrets.randbelow(10**9),
        pause: float = 2.0,
        join_limit: int = 5,
        join_window: float = 60.0,
        create_limit: int = 20,
        bad_limit: int = 5,
        workers: int = 2,
    ) -> None:
        self.host, self.port, self.tls = host, port, tls
        self.store: TableStore = store if store is not None else SqliteStore(data)
        self.seeds = seeds
        self.pause = pause
        self.join_limit, self.join_window, self.bad_limit = join_limit, join_window, bad_limit
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="tavolo-ai")
        self.tables: dict[str, Table] = {}
        self._misses: dict[str, deque[float]] = {}
        self._created: dict[str, deque[float]] = {}
        self.create_limit = create_limit
        self._ws: WsServer | None = None

    # -- life ----------------------------------------------------------------------------------
    async def start(self) -> None:
        """Resume every unfinished stored table, then listen."""
        for stored in self.store.unfinished():
            try:
                table = Table.restore(stored.code, stored.meta, stored.record)
            except Exception:
                log.exception("table %s could not be restored; left as stored", stored.code)
                continue
            self._adopt(table)
            table.resume()
            log.info("table %s resumed (%s)", table.code, table.game)
        self._ws = await serve(
            self._handle, self.host, self.port, ssl=self.tls, max_size=WIRE_LIMIT
        )
        self.port = next(iter(self._ws.sockets)).getsockname()[1]
        log.info("serving on %s port %d", self.host, self.port)

    async def stop(self) -> None:
        """Close every connection and table, and the storage."""
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
        for table in self.tables.values():
            table.close()
        self.executor.shutdown(wait=True, cancel_futures=True)
        self.store.close()
        log.info("stopped")

    def _adopt(self, table: Table) -> None:
        table.on_change = self._save
        table.executor = self.executor
        table.pause = self.pause
        self.tables[table.code] = table

    def _save(self, table: Table) -> None:
        record = table.state.record() if table.state is not None else None
        try:
            self.store.save(table.code, table.meta(), record, table.over)
        except Exception:
            log.exception("table %s could not be stored", table.code)

    # -- connections ---------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        client = Client(ws, address)
        writer = asyncio.create_task(client.write())
        try:
            async for raw in ws:
                self.on_frame(client, raw)
                if client.bad >= self.bad_limit:
                    log.warning("%s: closed after %d bad messages", address, client.bad)
                    client.closing = True
                if client.closing:
                    break
        except ConnectionClosed:
            pass
        finally:
            table = client.table
            if table is not None:
                table.gone(client.seat, client)
                if table.deserted:
                    self.tables.pop(table.code, None)
            with contextlib.suppress(asyncio.QueueFull):
                client.outbox.put_nowait(None)  # written what is queued, then closes
            try:
                await asyncio.wait_for(writer, 5)
            except (ConnectionClosed, TimeoutError, OSError):
                writer.cancel()

    def on_frame(self, client: Client, raw: str | bytes) -> None:
        """Take one frame: nothing it holds gets past this method as an exception."""
        try:
            message = p.decode_client(raw)
        except p.BadMessage as exc:
            client.bad += 1
            self._refuse_version(client, exc.code, str(exc))
            return
        try:
            self._dispatch(client, message)
        except TableError as exc:
            client.send(p.Error(code=exc.code, detail=exc.detail))
        except Exception:
            log.exception("%s: unexpected error on %s", client.address, type(message).__name__)
            client.send(p.Error(code="internal", detail="the server could not take this message"))

    def _refuse_version(self, client: Client, code: str, detail: str) -> None:
        if code == "wrong_version":
            client.closing = True
            client.send(p.Error(code=code, detail=detail, expected_version=p.PROTOCOL_VERSION))
        else:
            client.send(p.Error(code=code, detail=detail[:200]))

    def _dispatch(self, client: Client, message: p.ClientMessage) -> None:
        if isinstance(message, p.Hello):
            if message.version != p.PROTOCOL_VERSION:
                self._refuse_version(client, "wrong_version", "another protocol version")
                return
            client.name = message.name
            return
        if client.name is None:
            raise TableError("hello_first", "say hello first")
        match message:
            case p.Create():
                self._create(client, message)
            case p.Join(code=code):
                table = self._find(client, code)
                seat, token = table.join(client, client.name)
                self._seat(client, table, seat, token)
                log.info("table %s: %s joined at seat %d", table.code, client.address, seat)
            case p.Rejoin(code=code, token=token, seen=seen):
                found = self._find(client, code)
                back = found.seat_of_token(token)
                if back is None:
                    self._missed(client)
                    raise TableError("bad_token", "no seat of this table has that token")
                client.table, client.seat = found, back
                found.rejoin(back, client, token, seen)
                log.info("table %s: seat %d rejoined from %s", found.code, back, client.address)
            case _:
                if client.table is None:
                    raise TableError("not_seated", "create or join a table first")
                self._at_table(client, client.table, message)

    def _at_table(self, client: Client, table: Table, message: p.ClientMessage) -> None:
        if not table.holds(client.seat, client):
            raise TableError("bad_token", "the seat was taken back from another connection")
        match message:
            case p.Ready():
                table.ready(client.seat)
            case p.Start():
                table.start(client.seat)
            case p.MoveMsg():
                table.move(client.seat, message)
            case p.Chat(phrase=phrase):
                now = time.monotonic()
                if now - client.said < CHAT_GAP:
                    raise TableError("rate_limited", "one quick message a second")
                client.said = now
                table.broadcast(p.ChatSaid(seat=client.seat, phrase=phrase))
            case _:
                raise TableError("bad_message", "already at a table")

    def _create(self, client: Client, message: p.Create) -> None:
        if client.table is not None:
            raise TableError("bad_message", "already at a table")
        if self._recent(self._created, client.address) >= self.create_limit:
            log.warning("%s: table creation rate-limited", client.address)
            raise TableError("rate_limited", "too many new tables: wait a minute")
        self._created[client.address].append(time.monotonic())
        code = new_code()
        while code in self.tables:
            code = new_code()
        table = Table.create(code, message, self.seeds())
        self._adopt(table)
        assert client.name is not None
        seat, token = table.seat_creator(client, client.name)
        self._seat(client, table, seat, token)
        log.info(
            "table %s: %s for %d created by %s", code, table.game, table.players, client.address
        )

    def _seat(self, client: Client, table: Table, seat: int, token: str) -> None:
        client.table, client.seat = table, seat
        client.send(p.Welcome(code=table.code, seat=seat, token=token))
        table.broadcast(table.table_state())

    def _find(self, client: Client, code: str) -> Table:
        """The table of ``code``; wrong codes are counted against the address."""
        if self._recent(self._misses, client.address) >= self.join_limit:
            log.warning("%s: join attempts rate-limited", client.address)
            raise TableError("rate_limited", "too many wrong codes: wait a minute")
        if client.table is not None:
            raise TableError("bad_message", "already at a table")
        table = self.tables.get(code.upper())
        if table is None:
            self._missed(client)
            raise TableError("unknown_table", "no table has this code")
        return table

    def _missed(self, client: Client) -> None:
        self._misses.setdefault(client.address, deque()).append(time.monotonic())

    def _recent(self, times: dict[str, deque[float]], address: str) -> int:
        """How many of ``address``'s times fall in the last ``join_window`` seconds."""
        kept = times.setdefault(address, deque())
        now = time.monotonic()
        while kept and kept[0] < now - self.join_window:
            kept.popleft()
        return len(kept)


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server TLS context from a certificate and its key (PEM files)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


async def run(server: Server) -> None:
    """Serve until SIGTERM or SIGINT, then stop cleanly."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers
            loop.add_signal_handler(sig, stop.set)
    await server.start()
    await stop.wait()
    log.info("stopping on a signal")
    await server.stop()
