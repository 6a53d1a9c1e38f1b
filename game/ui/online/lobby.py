"""The lobby: a table's seats filling before its match, for its host and its guests.

The host's lobby starts the table server inside the app (:class:`~game.net.embedded.
EmbeddedServer`, on a free port of loopback and the LAN addresses), opens the table the Host
screen chose and shows the invitation: the table's code in big letters, to read aloud, and the
address to paste (Copy puts "address code" on the clipboard); it announces the table on the
local network while it is open.  A guest's lobby joins the table by its address and code (or
takes its kept seat back).  Everyone sees the seats: names, AI levels, who is connected and
ready; a guest says it is ready, the host starts.  As the match's first deal comes, the table
opens from the player's seat (:func:`.desk.open_table`), and the connection and the server go
with it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import pygame

from game.catalog import CATALOG
from game.i18n import _, language
from game.net import protocol as p
from game.net.client import Client, Dropped, SeatKey
from game.net.discovery import TableAd
from game.net.embedded import EmbeddedServer
from game.net.nearby import Announcement
from game.net.remote import RemoteMatch

from .. import theme
from ..focus_ring import FocusRing
from ..games.words import KIND_WORDS
from ..scene import WAKEUP, Scene
from ..scenes.common import dialog, felt
from ..widgets import Button
from .desk import open_table
from .fields import copy_text
from .where import interfaces, player_name, seats_dir, server_dir
from .words import error_text

if TYPE_CHECKING:
    from ..runner import App

log = logging.getLogger("tavolo.ui")


class LobbyScene(Scene):
    def __init__(
        self,
        app: App,
        *,
        game: str = "",
        players: int = 0,
        options: dict[str, Any] | None = None,
        seats: list[str] | None = None,
        url: str = "",
        code: str = "",
        seat: SeatKey | None = None,
        takeover_s: float = 60.0,
        takeover_level: str = "normal",
    ) -> None:
        """Host ``game`` for ``players`` with ``options`` and ``seats`` (``human``: this
        player, ``open``, or an AI level), a dropped player's seat played by the AI
        ``takeover_level`` after ``takeover_s`` seconds; or join table ``code`` at ``url``; or
        take back the kept ``seat``."""
        super().__init__(app)
        self.server: EmbeddedServer | None = None
        self.announcement: Announcement | None = None
        self.lan = interfaces()
        self.table: p.TableState | None = None
        self.match: RemoteMatch | None = None
        self.handed = False  # the table has the connection (and the server) now
        self.rejoining = seat is not None
        self.ready = Button(_("Ready"), self.say_ready, primary=True, tag="ready")
        self.start = Button(_("Start"), self.start_match, primary=True, tag="start")
        self.copy = Button(_("Copy"), self.copy_invitation, tag="copy")
        self.back = Button(_("Leave"), self.leave_table, tag="leave")
        self.keys = FocusRing(app, lambda: self.buttons)
        self.address = url
        self.failed: str | None = None
        local = ""  # the app's own server: its client speaks to it on loopback
        if seats is not None or (seat is not None and seat.hosted):
            try:
                port = self._host(urlparse(seat.url).port or 0 if seat is not None else 0)
            except OSError as exc:
                log.warning("no table server: %s", exc)
                self.failed = _("The table could not be hosted on this machine.")
            else:
                local = f"ws://127.0.0.1:{port}"
                self.address = f"ws://{(self.lan or ['127.0.0.1'])[0]}:{port}"
        self.client = Client(
            local or (seat.url if seat is not None else url),
            player_name(),
            language(),
            seats_dir=seats_dir(),
            wake=WAKEUP.set,
            hosted=bool(local),
        )
        if self.failed is not None:
            pass
        elif seat is not None:
            self.client.rejoin(seat)
        elif seats is not None:
            create = p.Create(
                game=game,
                players=players,
                seats=list(seats),
                options=dict(options or {}),
                takeover_s=takeover_s,
                takeover_level=takeover_level,
            )
            self.client.create(create)
        else:
            self.client.join(code)

    def _host(self, port: int) -> int:
        """Start the embedded server (at ``port``, to come back to a table it held; 0: a free
        one), on loopback and the LAN addresses; the port it listens on."""
        self.server = EmbeddedServer(server_dir(), ["127.0.0.1", *self.lan], port)
        return self.server.start()

    @property
    def host(self) -> bool:
        return self.table is not None and self.table.host == self.client.seat

    @property
    def buttons(self) -> list[Button]:
        mine = [self.start, self.copy] if self.host else [self.ready]
        return [*mine, self.back]

    # -- what the player does -----------------------------------------------------------------
    def say_ready(self) -> None:
        self.client.send(p.Ready())
        self.ready.enabled = False

    def start_match(self) -> None:
        self.client.send(p.Start())

    def invitation(self) -> str:
        code = self.table.code if self.table is not None else ""
        return f"{self.address} {code}"

    def copy_invitation(self) -> None:
        if copy_text(self.invitation()):
            self.app.toast(_("Address and code copied."), "info", 2.0)
        else:
            self.app.toast(
                _("No clipboard here: read the code and the address aloud."), "warn", 3.0
            )

    def leave_table(self) -> None:
        self.app.go("online")

    # -- the server's answers -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.failed is not None:
            self.app.toast(self.failed, "warn", 4.0)
            self.failed = None
            self.leave_table()
            return
        messages = self.client.take()
        if self.match is not None:
            self.match.feed(messages)
        else:
            for i, message in enumerate(messages):
                self._take(message)
                if self.match is not None:
                    self.match.feed(messages[i + 1 :])
                    break
        if self.match is not None and self.match.dealt and not self.handed:
            self.handed = True
            self._quiet()
            open_table(self.app, self.match, self.server, resumed=self.rejoining)

    def _take(self, message: p.ServerMessage | Dropped) -> None:
        match message:
            case p.TableState() as table:
                self.table = table
                self._announce()
                if table.started:
                    self.match = RemoteMatch(self.client, table)
                else:
                    self.start.enabled = self._all_ready()
            case p.Error(code=code):
                self.app.toast(error_text(code), "warn", 4.0)
                if self.table is None:
                    self.leave_table()
            case Dropped(retrying=False):
                self.app.toast(_("The table could not be reached."), "warn", 4.0)
                self.leave_table()

    def _all_ready(self) -> bool:
        t = self.table
        return t is not None and all(
            s.connected and (s.ready or i == t.host) for i, s in enumerate(t.seats)
        )

    def _announce(self) -> None:
        """The host's table, announced nearby (its free seats kept up to date)."""
        t = self.table
        if self.server is None or not self.lan or t is None:
            return
        free = sum(1 for s in t.seats if s.kind == "human" and s.name is None)
        ad = TableAd(
            player_name(),
            t.code,
            t.game,
            t.players,
            free,
            self.server.port,
            p.PROTOCOL_VERSION,
            t.code,
        )
        try:
            if self.announcement is None:
                self.announcement = Announcement(ad, self.lan)
            else:
                self.announcement.update(ad)
        except (OSError, ValueError) as exc:
            log.warning("the table is not announced: %s", exc)

    def _quiet(self) -> None:
        if self.announcement is not None:
            self.announcement.stop()
            self.announcement = None

    def leave(self) -> None:
        self._quiet()
        if not self.handed:
            self.client.close()
            if self.server is not None:
                self.server.stop()

    # -- layout, input, drawing ---------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        w, h = min(size[0] - 24, round(760 * s)), min(size[1] - 24, round(600 * s))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = round(170 * s), round(44 * s)
        by = self.rect.bottom - bh - round(20 * s)
        self.back.place(pygame.Rect(self.rect.centerx - bw - 10, by, bw, bh))
        self.start.place(pygame.Rect(self.rect.centerx + 10, by, bw, bh))
        self.ready.place(pygame.Rect(self.rect.centerx + 10, by, bw, bh))
        self.copy.place(
            pygame.Rect(self.rect.right - bw - round(30 * s), self.rect.y + round(150 * s), bw, bh)
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_table()
            return
        self.keys.route(event)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        s = self.scale
        t = self.table
        title = _(CATALOG[t.game].title) if t is not None and t.game in CATALOG else ""
        y = dialog(surface, self.rect, title or _("Online table"), s)
        x = self.rect.x + round(30 * s)
        if t is None:
            line = theme.text(_("Connecting…"), round(20 * s), theme.INK)
            surface.blit(line, (x, y))
        else:
            label = theme.text(_("Table code"), round(16 * s), theme.INK_FAINT)
            surface.blit(label, (x, y))
            code = theme.text(" ".join(t.code), round(48 * s), theme.GOLD, True)
            surface.blit(code, (x, y + label.get_height()))
            y += label.get_height() + code.get_height() + round(6 * s)
            address = theme.text(
                _("Address: {address}").format(address=self.address), round(17 * s), theme.INK
            )
            surface.blit(address, (x, y))
            y += address.get_height() + round(18 * s)
            for i, seat in enumerate(t.seats):
                text = theme.text(f"{i + 1}. {self._seat_line(i, seat)}", round(19 * s), theme.INK)
                surface.blit(text, (x, y))
                y += text.get_height() + round(6 * s)
            if self.host and not self.start.enabled:
                wait = theme.text(
                    _("Waiting for every player to be ready…"), round(16 * s), theme.INK_FAINT
                )
                surface.blit(wait, (x, y + round(6 * s)))
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, s)

    def _seat_line(self, i: int, seat: p.SeatInfo) -> str:
        if seat.kind == "ai":
            level = seat.level or ""
            return _("AI: {level}").format(level=_(KIND_WORDS.get(level, level)))
        if seat.name is None:
            return _("open: waiting for a friend")
        name = _("{name} (you)").format(name=seat.name) if i == self.client.seat else seat.name
        if not seat.connected:
            return _("{name}: away").format(name=name)
        if self.table is not None and i == self.table.host:
            return _("{name}: host").format(name=name)
        return (
            _("{name}: ready").format(name=name)
            if seat.ready
            else _("{name}: not ready").format(name=name)
        )
