"""The app's client: one WebSocket connection to a table server, run in a thread of its own.

The app's loop is pygame's, not asyncio's: the client runs its own asyncio loop in a background
thread, and every message the server sends lands, decoded, in a thread-safe inbox that the app
drains each frame (:meth:`Client.take`); ``wake`` is called as each message arrives so a
sleeping app looks at once.  The app sends through :meth:`Client.send` from its own thread.

The client keeps its seat: the table's code and the seat token the server gave are written to
``seats_dir`` (one small file per table, in the app's data folder), so that a dropped connection
and a restarted app both come back to the same seat with ``rejoin``, on their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol as p

__all__ = ["Client", "Dropped", "SeatKey", "forget_seat", "kept_seat", "kept_seats"]

log = logging.getLogger("tavolo.net")

#: Seconds between two attempts to reconnect (growing to the last).
RETRY = (0.2, 0.5, 1.0, 2.0, 4.0)


@dataclass(frozen=True)
class SeatKey:
    """What takes a seat back: the server's address, the table's code and the seat token;
    ``hosted``: the server was the app's own (started again to come back)."""

    url: str
    code: str
    token: str
    seat: int
    hosted: bool = False


@dataclass(frozen=True)
class Dropped:
    """The connection is down (``retrying``: the client is trying again on its own), with why
    in English for the log."""

    retrying: bool
    detail: str


def _seat_file(folder: Path, code: str) -> Path:
    return folder / f"seat-{code.upper()}.json"


def kept_seat(folder: Path, code: str) -> SeatKey | None:
    """The seat kept for table ``code`` in ``folder``, if any (an unreadable file is none)."""
    try:
        data = json.loads(_seat_file(folder, code).read_text("utf-8"))
        return SeatKey(
            str(data["url"]),
            str(data["code"]),
            str(data["token"]),
            int(data["seat"]),
            bool(data.get("hosted", False)),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def kept_seats(folder: Path) -> list[SeatKey]:
    """Every seat kept in ``folder``, by table code (the unreadable files left out)."""
    files = sorted(folder.glob("seat-*.json")) if folder.is_dir() else []
    keys = [kept_seat(folder, path.stem.removeprefix("seat-")) for path in files]
    return [key for key in keys if key is not None]


def forget_seat(folder: Path, code: str) -> None:
    """Forget the seat kept for table ``code`` (the match is over)."""
    with contextlib.suppress(OSError):
        _seat_file(folder, code).unlink()


class Client:
    """A connection to ``url`` as player ``name`` speaking ``language``.

    Call one of :meth:`create`, :meth:`join` or :meth:`rejoin` once: the client connects in its
    thread, says hello and sends it; then :meth:`send` the lobby's and the table's messages and
    :meth:`take` what came.  Past a drop it reconnects and rejoins by itself until
    :meth:`close`."""

    def __init__(
        self,
        url: str,
        name: str,
        language: str = "en",
        *,
        seats_dir: Path | None = None,
        wake: Callable[[], None] = lambda: None,
        hosted: bool = False,
    ) -> None:
        """``seats_dir``: where the seat token is kept; ``wake``: called as each message
        arrives; ``hosted``: the server is the app's own (said in the seat kept)."""
        self.url = url
        self.hosted = hosted
        self.name = name
        self.language = language
        self.seats_dir = seats_dir
        self.wake = wake
        self.code: str | None = None
        self.token: str | None = None
        self.seat = -1
        #: events received so far: a rejoin asks for those after them
        self.seen = 0
        self.over = False
        self._first: p.ClientMessage | None = None
        self._inbox: queue.Queue[p.ServerMessage | Dropped] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._ws: ClientConnection | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="tavolo-client", daemon=True)

    # -- the app's side ---------------------------------------------------------------------------
    def create(self, create: p.Create) -> None:
        """Open a table on the server (the client's player is its host)."""
        self._begin(create)

    def join(self, code: str) -> None:
        """Take an open seat at table ``code``."""
        self._begin(p.Join(code=code.strip().upper()))

    def rejoin(self, key: SeatKey) -> None:
        """Take back a kept seat (from :func:`kept_seat`)."""
        self.code, self.token, self.seat = key.code, key.token, key.seat
        self.hosted = key.hosted
        self._begin(None)

    def _begin(self, first: p.ClientMessage | None) -> None:
        self._first = first
        self._thread.start()

    def send(self, message: p.ClientMessage) -> None:
        """Send ``message`` (from any thread); dropped while the connection is down (the
        server's next view says what is wanted again after the rejoin)."""
        text = p.encode(message)
        if not self._loop.is_closed():  # once closed, nothing is sent any more
            self._loop.call_soon_threadsafe(self._send, text)

    def _send(self, text: str) -> None:
        ws = self._ws
        if ws is not None:
            self._loop.create_task(self._write(ws, text))

    async def _write(self, ws: ClientConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            await ws.send(text)

    def take(self) -> list[p.ServerMessage | Dropped]:
        """Every message come since the last call, in order (never waits)."""
        out: list[p.ServerMessage | Dropped] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        """Leave: the connection closes and the thread ends (the seat stays the player's)."""
        self._closed = True
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop)
            self._thread.join(timeout=5)

    def _stop(self) -> None:
        for task in asyncio.all_tasks(self._loop):
            task.cancel()

    # -- the thread's side ------------------------------------------------------------------------
    def _put(self, item: p.ServerMessage | Dropped) -> None:
        self._inbox.put(item)
        self.wake()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        with contextlib.suppress(asyncio.CancelledError):
            self._loop.run_until_complete(self._main())
        self._loop.close()

    async def _main(self) -> None:
        tries = 0
        while not self._closed and not self.over:
            try:
                await self._session()
                detail = "closed by the server"
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as exc:
                detail = str(exc) or type(exc).__name__
            except InvalidURI as exc:
                self._put(Dropped(False, str(exc)))
                return
            if self._closed or self.over:
                return
            again = self.token is not None
            self._put(Dropped(again, detail))
            if not again:
                return  # nothing to come back to: the app says so and offers to try again
            await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
            tries += 1

    async def _session(self) -> None:
        async with connect(self.url, max_size=2**20, open_timeout=5) as ws:
            hello = p.Hello(version=p.PROTOCOL_VERSION, name=self.name[:24], language=self.language)
            await ws.send(p.encode(hello))
            if self.token is not None and self.code is not None:
                first: p.ClientMessage = p.Rejoin(code=self.code, token=self.token, seen=self.seen)
            else:
                assert self._first is not None, "create, join or rejoin first"
                first = self._first
            await ws.send(p.encode(first))
            self._ws = ws
            try:
                async for raw in ws:
                    try:
                        message = p.decode_server(raw)
                    except msgspec.MsgspecError as exc:
                        log.warning("a server message not understood: %s", exc)
                        continue
                    self._note(message)
                    self._put(message)
            finally:
                self._ws = None

    def _note(self, message: p.ServerMessage) -> None:
        """What the client itself keeps of a message: its seat, the events seen, the end."""
        match message:
            case p.Welcome(code=code, seat=seat, token=token):
                self.code, self.seat, self.token = code, seat, token
                self._keep()
            case p.Events(first=first, events=events):
                self.seen = max(self.seen, first + len(events))
            case p.TableState(over=True):
                self.over = True
                if self.seats_dir is not None and self.code is not None:
                    forget_seat(self.seats_dir, self.code)
            case p.Error(code="bad_token" | "wrong_version"):
                self.token = None  # the seat is not ours (any more): no coming back to it

    def _keep(self) -> None:
        folder = self.seats_dir
        if folder is None or self.code is None or self.token is None:
            return
        data = {
            "url": self.url,
            "code": self.code,
            "token": self.token,
            "seat": self.seat,
            "hosted": self.hosted,
        }
        try:
            folder.mkdir(parents=True, exist_ok=True)
            _seat_file(folder, self.code).write_text(json.dumps(data), "utf-8")
        except OSError as exc:
            log.warning("the seat token could not be kept: %s", exc)
