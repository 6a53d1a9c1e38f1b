"""The lobby: a table's seats filling before its match, for its host and its guests.

The host's lobby starts the table server inside the app (on a free port of loopback and the
LAN addresses), opens the table the Host screen chose and shows the invitation: the table's
code in big letters, to read aloud, and the address to paste (Copy puts "address code" on the
clipboard); it announces the table on the local network while it is open.  A guest's lobby
joins the table by its address and code (or takes its kept seat back).  Everyone sees the
seats: names, AI levels, who is connected and ready; a guest says it is ready, the host
starts.  As the match's first deal comes, the table opens from the player's seat
(:func:`.desk.open_table`), and the connection and the server go with it.  All of it through
the app's online service (:mod:`.service`): the lobby hears the server as calls on itself
(:meth:`table_changed`, :meth:`error`, :meth:`dropped`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.catalog import CATALOG
from game.i18n import _, language

from .. import theme
from ..fields import copy_text
from ..focus_ring import FocusRing
from ..games.words import KIND_WORDS
from ..scene import WAKEUP, Scene
from ..scenes.common import dialog, felt
from ..widgets import Button
from .desk import open_table
from .service import SeatInfo, TableInfo
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
        rejoin: str | None = None,
        takeover_s: float | None = None,
        takeover_level: str | None = None,
    ) -> None:
        """Host ``game`` for ``players`` with ``options`` and ``seats`` (``human``: this
        player, ``open``, or an AI level), a dropped player's seat played by the AI
        ``takeover_level`` after ``takeover_s`` seconds (None: the server's default); or join
        table ``code`` at ``url``; or take back the seat kept at table ``rejoin``."""
        super().__init__(app)
        online = app.online
        assert online is not None, "Play online opens only where the app has online play"
        lan = interfaces(online)
        self.table: TableInfo | None = None
        self.handed = False  # the table has the connection (and the server) now
        self.rejoining = rejoin is not None
        self.ready = Button(_("Ready"), self.say_ready, primary=True, tag="ready")
        self.start = Button(_("Start"), self.start_match, primary=True, tag="start")
        self.copy = Button(_("Copy"), self.copy_invitation, tag="copy")
        self.back = Button(_("Leave"), self.ask_leave, tag="leave")
        self.keys = FocusRing(app, lambda: self.buttons)
        self.failed: str | None = None
        self.link = online.link(player_name(), language(), seats=seats_dir(), wake=WAKEUP.set)
        try:
            if rejoin is not None:
                self.link.rejoin(rejoin, lan=lan, data=server_dir())
            elif seats is not None:
                self.link.host(
                    game,
                    players,
                    seats,
                    options or {},
                    lan=lan,
                    data=server_dir(),
                    takeover_s=takeover_s,
                    takeover_level=takeover_level,
                )
            else:
                self.link.join(url, code)
        except OSError as exc:
            log.warning("no table server: %s", exc)
            self.failed = _("The table could not be hosted on this machine.")
        except LookupError as exc:
            log.warning("no seat to take back: %s", exc)
            self.failed = _("The table could not be reached.")

    @property
    def address(self) -> str:
        """The server's address, for the invitation."""
        return self.link.address

    @property
    def host(self) -> bool:
        return self.table is not None and self.table.host == self.link.seat

    @property
    def buttons(self) -> list[Button]:
        mine = [self.start, self.copy] if self.host else [self.ready]
        return [*mine, self.back]

    # -- what the player does -----------------------------------------------------------------
    def say_ready(self) -> None:
        self.link.ready()
        self.ready.enabled = False

    def start_match(self) -> None:
        self.link.start()

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

    def ask_leave(self) -> None:
        """Leave, after asking when another person sits at the table: the host's leaving
        closes it for everyone, and a guest's gives its seat up (a key pressed once too often
        must not do that: once a guest is ready, the focus rests on Leave)."""
        if not self._others_here():
            self.leave_table()
            return
        question = (
            _("Close this table? The players who joined it are sent away.")
            if self.host
            else _("Leave this table? Your seat is given up.")
        )
        self.app.open("confirm", question, _("Leave"), self.leave_table, _("Stay"))

    def _others_here(self) -> bool:
        t = self.table
        return t is not None and any(
            s.kind == "human" and s.name is not None and s.connected and i != self.link.seat
            for i, s in enumerate(t.seats)
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
        self.link.poll(self)
        match = self.link.match
        if match is not None and not self.handed:
            self.handed = True
            self.link.quiet()
            open_table(self.app, match, resumed=self.rejoining)

    def wake_in(self) -> float | None:
        """Only the player and the server change the lobby (a message wakes the app)."""
        return None

    def table_changed(self, table: TableInfo) -> None:
        """The table as it stands: shown, announced nearby (its free seats kept up to date)."""
        self.table = table
        self.link.announce()
        if not table.started:
            self.start.enabled = self._all_ready()

    def error(self, code: str) -> None:
        self.app.toast(error_text(code), "warn", 4.0)
        if self.table is None:
            self.leave_table()

    def dropped(self, retrying: bool) -> None:
        if not retrying:
            self.app.toast(_("The table could not be reached."), "warn", 4.0)
            self.leave_table()

    def _all_ready(self) -> bool:
        t = self.table
        return t is not None and all(
            s.connected and (s.ready or i == t.host) for i, s in enumerate(t.seats)
        )

    def leave(self) -> None:
        self.link.quiet()
        if not self.handed:
            self.link.close()

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
            self.ask_leave()
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

    def _seat_line(self, i: int, seat: SeatInfo) -> str:
        if seat.kind == "ai":
            level = seat.level or ""
            return _("AI: {level}").format(level=_(KIND_WORDS.get(level, level)))
        if seat.name is None:
            return _("open: waiting for a friend")
        name = _("{name} (you)").format(name=seat.name) if i == self.link.seat else seat.name
        if not seat.connected:
            return _("{name}: away").format(name=name)
        if self.table is not None and i == self.table.host:
            return _("{name}: host").format(name=name)
        return (
            _("{name}: ready").format(name=name)
            if seat.ready
            else _("{name}: not ready").format(name=name)
        )
