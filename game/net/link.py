"""The lobby's and the online table's link to a server, as ``game.ui.online.service`` asks for
them: a :class:`Link` (its ``Link``) and a :class:`Match` (its ``OnlineMatch``).

They meet the UI's Protocols structurally, the UI importing nothing from here: the seats and
tables the scenes read are the protocol's own :class:`~.protocol.SeatInfo` and
:class:`~.protocol.TableState`, and what the server says that a scene reacts to becomes a
call on the scene (its ``table_changed``, ``error``, ``dropped``, ``refused``, ``said``).  A
:class:`Link` starts the app's own server when the player hosts
(:class:`~.embedded.EmbeddedServer`), speaks through a :class:`~.client.Client`, announces
the hosted table nearby, and once the match has started hands its frames to a
:class:`~.remote.RemoteMatch`, which the table then plays through a :class:`Match`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlparse

from game.engine import GameState, IllegalMove

from . import protocol as p
from .client import Client, Dropped, kept_seat
from .discovery import TableAd
from .embedded import EmbeddedServer
from .nearby import Announcement
from .remote import Notice, RemoteMatch

__all__ = ["Link", "Match"]

log = logging.getLogger("tavolo.net")


class LobbyNews(Protocol):
    """Who a lobby's news is told to (the UI's lobby)."""

    def table_changed(self, table: p.TableState) -> None: ...
    def error(self, code: str) -> None: ...
    def dropped(self, retrying: bool) -> None: ...


class TableNews(LobbyNews, Protocol):
    """Who a match's news is told to (the UI's online table)."""

    def refused(self, refusal: IllegalMove) -> None: ...
    def said(self, seat: int, phrase: str) -> None: ...


class Link:
    """Player ``name``'s connection to a table, from the lobby on: it speaks ``language``,
    keeps its seat tokens in ``seats``, and calls ``wake`` as each message arrives."""

    def __init__(self, name: str, language: str, seats: Path, wake: Callable[[], None]) -> None:
        self.name = name
        self.language = language
        self.seats_dir = seats
        self.wake = wake
        #: the server's address to give friends
        self.address = ""
        self.client: Client | None = None
        self.server: EmbeddedServer | None = None  # the app's own, when it hosts
        self.lan: list[str] = []
        self.table: p.TableState | None = None
        self.remote: RemoteMatch | None = None
        self.announcement: Announcement | None = None
        self._match: Match | None = None

    # -- the three ways in ------------------------------------------------------------------------
    def host(
        self,
        game: str,
        players: int,
        seats: Sequence[str],
        options: Mapping[str, Any],
        *,
        lan: Sequence[str],
        data: Path,
        takeover_s: float | None = None,
        takeover_level: str | None = None,
    ) -> None:
        """Start the app's server and open the table there (see the UI's ``Link.host``)."""
        local = self._serve(lan, data)
        takeover: dict[str, Any] = {}  # what is not given is the server's default
        if takeover_s is not None:
            takeover["takeover_s"] = takeover_s
        if takeover_level is not None:
            takeover["takeover_level"] = takeover_level
        create = p.Create(
            game=game, players=players, seats=list(seats), options=dict(options), **takeover
        )
        self._connect(local, hosted=True).create(create)

    def join(self, url: str, code: str) -> None:
        self.address = url
        self._connect(url).join(code)

    def rejoin(self, code: str, *, lan: Sequence[str], data: Path) -> None:
        """Take back the seat kept at table ``code``, the app's server started again on its
        port when the app hosted it."""
        key = kept_seat(self.seats_dir, code)
        if key is None:
            raise LookupError(f"no seat is kept at table {code}")
        if key.hosted:
            url = self._serve(lan, data, urlparse(key.url).port or 0)
        else:
            url = self.address = key.url
        self._connect(url, hosted=key.hosted).rejoin(key)

    def _serve(self, lan: Sequence[str], data: Path, port: int = 0) -> str:
        """Start the app's own server (at ``port``, to come back to a table it held; 0: a free
        one) on loopback and the LAN addresses; the loopback address its client speaks to."""
        self.lan = list(lan)
        self.server = EmbeddedServer(data, ["127.0.0.1", *self.lan], port)
        port = self.server.start()
        self.address = f"ws://{(self.lan or ['127.0.0.1'])[0]}:{port}"
        return f"ws://127.0.0.1:{port}"

    def _connect(self, url: str, *, hosted: bool = False) -> Client:
        self.client = Client(
            url, self.name, self.language, seats_dir=self.seats_dir, wake=self.wake, hosted=hosted
        )
        return self.client

    # -- the lobby --------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.client.seat if self.client is not None else -1

    def ready(self) -> None:
        self._send(p.Ready())

    def start(self) -> None:
        self._send(p.Start())

    def _send(self, message: p.ClientMessage) -> None:
        if self.client is not None:
            self.client.send(message)

    def poll(self, news: LobbyNews) -> None:
        """Take in what came: the lobby's news, until the match starts; from then on (the
        rest of the same frames too) the match's frames, for the table."""
        messages = self.client.take() if self.client is not None else []
        if self.remote is not None:
            self.remote.feed(messages)
            return
        for i, message in enumerate(messages):
            self._take(message, news)
            if self.remote is not None:
                self.remote.feed(messages[i + 1 :])
                return

    def _take(self, message: p.ServerMessage | Dropped, news: LobbyNews) -> None:
        match message:
            case p.TableState() as table:
                self.table = table
                news.table_changed(table)
                if table.started and self.client is not None:
                    self.remote = RemoteMatch(self.client, table)
            case p.Error(code=code):
                news.error(code)
            case Dropped(retrying=retrying):
                news.dropped(retrying)

    @property
    def match(self) -> Match | None:
        """The match once its first deal has come; the app's server goes with it."""
        if self._match is None and self.remote is not None and self.remote.dealt:
            self._match = Match(self.remote, self.server)
        return self._match

    def announce(self) -> None:
        t = self.table
        if self.server is None or not self.lan or t is None:
            return
        free = sum(1 for s in t.seats if s.kind == "human" and s.name is None)
        ad = TableAd(
            self.name, t.code, t.game, t.players, free, self.server.port, p.PROTOCOL_VERSION, t.code
        )
        try:
            if self.announcement is None:
                self.announcement = Announcement(ad, self.lan)
            else:
                self.announcement.update(ad)
        except (OSError, ValueError) as exc:
            log.warning("the table is not announced: %s", exc)

    def quiet(self) -> None:
        if self.announcement is not None:
            self.announcement.stop()
            self.announcement = None

    def close(self) -> None:
        self.quiet()
        if self.client is not None:
            self.client.close()
        if self.server is not None:
            self.server.stop()


class Match:
    """The match ``remote`` plays, as the online table asks for it; ``server``, the app's
    own, goes with it."""

    def __init__(self, remote: RemoteMatch, server: EmbeddedServer | None) -> None:
        self.remote = remote
        self.server = server

    @property
    def state(self) -> GameState:
        return self.remote

    @property
    def my_seat(self) -> int:
        return self.remote.my_seat

    @property
    def seats(self) -> list[p.SeatInfo]:
        return self.remote.table.seats

    @property
    def views(self) -> int:
        return self.remote.views

    @property
    def ended(self) -> bool:
        return self.remote.final_record is not None and self.remote.is_over

    def finished(self) -> GameState | None:
        return self.remote.finished()

    def poll(self, news: TableNews) -> None:
        for notice in self.remote.poll():
            _tell(news, notice)

    def say(self, phrase: str) -> None:
        self.remote.say(phrase)

    def close(self) -> None:
        self.remote.close()
        if self.server is not None:
            self.server.stop()


def _tell(news: TableNews, notice: Notice) -> None:
    match notice:
        case IllegalMove() as refused:
            news.refused(refused)
        case p.Error(code=code):
            news.error(code)
        case p.ChatSaid(seat=seat, phrase=phrase):
            news.said(seat, phrase)
        case p.TableState() as table:
            news.table_changed(table)
        case Dropped(retrying=retrying):
            news.dropped(retrying)
