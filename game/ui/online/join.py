"""Play online: host a table, or join one: found nearby, typed or pasted, or one's own seat
taken back.

While this screen is open the app listens for tables announced on the local network (through
its online service, :mod:`.service`, on the addresses of :func:`.where.interfaces` only)
and lists them; a click joins one (its code is asked when the host does not show it).  Below,
an address (``ws://host:port``) and a code may be typed or pasted.  A seat kept from a match
not finished (the app was closed, the connection lost) is offered first.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.catalog import CATALOG
from game.i18n import _, ngettext

from .. import theme
from ..fields import TextField, clipboard_text
from ..focus_ring import FocusRing
from ..scene import Scene
from ..scenes.common import dialog, felt
from ..widgets import Button, layout_column
from .service import FoundTable, Nearby
from .where import interfaces, seats_dir

if TYPE_CHECKING:
    from ..runner import App

log = logging.getLogger("tavolo.ui")

#: The most tables nearby listed at once.
LISTED = 4


def _code_char(c: str) -> bool:
    return c.isascii() and c.isalnum()


class JoinScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        online = app.online
        assert online is not None, "Play online opens only where the app has online play"
        self.host = Button(_("Host a table"), self.host_table, tag="host")
        self.address = TextField(_("Address"), "ws://", tag="address")
        self.code = TextField(_("Code"), tag="code", limit=16, allowed=_code_char, upper=True)
        self.join = Button(_("Join"), self.join_typed, primary=True, tag="join")
        self.back = Button(_("Back"), self.app.scenes.pop, tag="back")
        self.nearby: Nearby | None = None
        self.found: Sequence[FoundTable] = ()
        self.found_buttons: list[Button] = []
        self.kept = [
            Button(
                _("Back to table {code}").format(code=code),
                partial(self.app.go, "lobby", rejoin=code),
                tag=f"kept:{code}",
            )
            for code in online.kept_seats(seats_dir())[:2]
        ]
        self.keys = FocusRing(app, lambda: self.buttons)
        lan = interfaces(online)
        if lan:
            try:
                self.nearby = online.nearby(lan)
            except (OSError, ValueError) as exc:
                log.warning("no tables nearby: %s", exc)

    @property
    def fields(self) -> list[TextField]:
        return [self.address, self.code]

    @property
    def buttons(self) -> list[Button]:
        return [*self.kept, self.host, *self.found_buttons, *self.fields, self.join, self.back]

    # -- joining ----------------------------------------------------------------------------------
    def host_table(self) -> None:
        self.app.open("setup", online=True)

    def join_typed(self) -> None:
        url = self.address.text.strip()
        if not url.startswith(("ws://", "wss://")) or len(url) <= len("wss://"):
            self.app.toast(
                _("Type the address the host shows, such as ws://192.168.1.20:8765"), "warn", 4.0
            )
            return
        if not self.code.text:
            self.app.toast(_("Type the table's code."), "warn", 3.0)
            return
        self.app.go("lobby", url=url, code=self.code.text)

    def join_found(self, table: FoundTable) -> None:
        if not table.compatible:
            self.app.toast(_("This table is of another version of Tavolo."), "warn", 4.0)
            return
        self.address.text = f"ws://{table.addresses[0]}:{table.port}"
        self.address.end()
        if table.code_hint and not self.code.text:
            self.code.text = table.code_hint
            self.code.end()
        if not self.code.text:
            self.keys.focus(self.code)
            self.code.begin()
            self.app.toast(_("Type the table's code."), "info", 3.0)
            return
        self.join_typed()

    def update(self, dt: float) -> None:
        if self.nearby is None or self.nearby.tables == self.found:
            return
        self.found = self.nearby.tables
        self.found_buttons = [
            Button(self._label(t), partial(self.join_found, t), tag=f"found:{t.name}")
            for t in self.found[:LISTED]
        ]
        self.resize(self.app.size)

    @staticmethod
    def _label(t: FoundTable) -> str:
        game = _(CATALOG[t.game].title) if t.game in CATALOG else t.game
        free = ngettext("{n} seat free", "{n} seats free", t.free_seats).format(n=t.free_seats)
        return f"{t.label} · {game} · {free}"

    def leave(self) -> None:
        if self.nearby is not None:
            self.nearby.stop()
            self.nearby = None

    # -- layout, input, drawing -------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        w, h = min(size[0] - 24, round(760 * s)), min(size[1] - 24, round(640 * s))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        x, bw, bh, gap = (
            self.rect.x + round(40 * s),
            w - round(80 * s),
            round(42 * s),
            round(10 * s),
        )
        mid = x + bw // 2
        y = layout_column([*self.kept, self.host], mid, self.rect.y + round(80 * s), bw, bh, gap)
        self.nearby_top = y + round(6 * s)
        y = layout_column(self.found_buttons, mid, self.nearby_top + round(30 * s), bw, bh, gap)
        y = max(y, self.rect.bottom - round(80 * s) - 2 * (bh + gap) - round(10 * s))
        layout_column(self.fields, mid, y, bw, bh, gap)
        by = self.rect.bottom - bh - round(20 * s)
        half = round(180 * s)
        self.back.place(pygame.Rect(self.rect.centerx - half - 10, by, half, bh))
        self.join.place(pygame.Rect(self.rect.centerx + 10, by, half, bh))

    def handle(self, event: pygame.event.Event) -> None:
        for f in self.fields:
            if f.type(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & pygame.KMOD_CTRL
        ):
            self._paste()
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            for f in self.fields:
                if f.editing and not f.rect.collidepoint(event.pos):
                    f.end()
        self.keys.route(event)

    def _paste(self) -> None:
        """Ctrl+V outside a field: an invitation pasted whole ("ws://… CODE") fills both."""
        words = clipboard_text().split()
        for word in words:
            if word.startswith(("ws://", "wss://")):
                self.address.text = word
                self.address.end()
            elif word.isascii() and word.isalnum() and 4 <= len(word) <= 16:
                self.code.text = word.upper()
                self.code.end()

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        s = self.scale
        dialog(surface, self.rect, _("Play online"), s)
        size = round(17 * s)
        if self.nearby is None:
            line = _("Tables nearby are not looked for on this machine.")
        elif not self.found:
            line = _("Looking for tables nearby…")
        else:
            line = _("Tables nearby:")
        t = theme.text(line, size, theme.INK_FAINT if not self.found else theme.INK)
        surface.blit(t, (self.rect.x + round(40 * s), self.nearby_top))
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, s)
