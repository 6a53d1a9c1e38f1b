"""Discovery for the app: an :class:`~.discovery.Announcer` or a :class:`~.discovery.Browser`
run on an asyncio loop in a background thread of its own, started and stopped by a screen
(the app's loop is pygame's)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Coroutine, Sequence
from typing import Any

from . import protocol as p
from .discovery import Announcer, Browser, FoundTable, TableAd

__all__ = ["Announcement", "NearbyTables"]

log = logging.getLogger("tavolo.net")


class _Loop:
    """An asyncio loop in a daemon thread, to run coroutines on from the app's thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="tavolo-lan", daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, None], wait: float = 5.0) -> None:
        """Run ``coro`` on the loop and wait for it (a failure is logged: discovery is a
        convenience, the address and code always work)."""
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        try:
            future.result(wait)
        except Exception as exc:  # a network that refuses multicast: no list, no crash
            log.warning("discovery: %s", exc)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        with contextlib.suppress(RuntimeError):
            self.loop.close()


class NearbyTables:
    """The tables announced on the networks of ``interfaces``, listened for until
    :meth:`stop`; :attr:`tables` is the live list."""

    def __init__(self, interfaces: Sequence[str]) -> None:
        self._loop = _Loop()
        self._browser = Browser(interfaces, p.PROTOCOL_VERSION)
        self._loop.run(self._browser.start())

    @property
    def tables(self) -> tuple[FoundTable, ...]:
        return self._browser.tables

    def stop(self) -> None:
        self._loop.run(self._browser.stop())
        self._loop.close()


class Announcement:
    """Table ``ad`` announced on ``interfaces`` until :meth:`stop`."""

    def __init__(self, ad: TableAd, interfaces: Sequence[str]) -> None:
        self._loop = _Loop()
        self._announcer = Announcer(ad, interfaces)
        self._loop.run(self._announcer.start())

    def update(self, ad: TableAd) -> None:
        self._loop.run(self._announcer.update(ad))

    def stop(self) -> None:
        self._loop.run(self._announcer.stop())
        self._loop.close()
