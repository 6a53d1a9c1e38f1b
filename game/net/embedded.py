"""The server the app embeds: :class:`~.server.Server` run in a background thread of its own.

A player who hosts a table from the app needs nothing else installed: the app starts this, on
a free port of the addresses it is given (loopback and the machine's LAN addresses), and stops
it when the player leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path
from typing import Any

from .server import Server

__all__ = ["EmbeddedServer"]


class EmbeddedServer:
    """A table server in a thread: :meth:`start` returns once it listens (its ``port``)."""

    def __init__(
        self, data: Path, hosts: list[str] | str = "127.0.0.1", port: int = 0, **kw: Any
    ) -> None:
        """Serve the tables kept in ``data`` on ``hosts`` at ``port`` (0: a free one)."""
        self._make = lambda: Server(data, hosts, port, **kw)  # type: ignore[arg-type]
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="tavolo-server", daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        """Listen; the port listened on.  An OSError when the server could not start."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the table server did not start in time")
        if self._failed is not None:
            raise OSError(f"the table server could not start: {self._failed}")
        return self.port

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        stop = self.loop.create_future()
        self._stop = stop

        async def main() -> None:
            try:  # made here: its storage belongs to this thread
                server = self._make()
                await server.start()
                self.port = server.port
            except BaseException as exc:  # an address in use, a port refused: said at start
                self._failed = exc
                self._ready.set()
                return
            self._ready.set()
            with contextlib.suppress(asyncio.CancelledError):
                await stop
            await server.stop()

        self.loop.run_until_complete(main())
        self.loop.close()

    def _end(self) -> None:
        if not self._stop.done():
            self._stop.set_result(None)

    def stop(self) -> None:
        """Close every connection and table (stored as they are) and end the thread."""
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self._end)
            self._thread.join(timeout=10)
