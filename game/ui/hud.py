"""The side panel, drawn from a list of items each game's presentation module writes.

Each game says what its panel shows (Capodama: the capo, the doubled suit, the trumps; Scopa:
captures and scope; ...) as plain items: ``("title", text)``, ``("sub", text)``,
``("heading", text)``, ``("text", text, style)`` and ``("small", text, style)`` (style "bold",
"normal", "dim", "faint" or "gold"), ``("cards", [card, ...])``, ``("suit", ace, label)``,
``("gauge", points, window, total)`` (the solitaire's points on 0 to ``total`` with its
winning ``window`` (low, high), both from the engine's view) and
``("rows", [(label, value, on), ...])``.
The panel is rendered to one surface when its key changes and blitted as is on other frames:
text rendering is the costly part of a HUD.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine import Card
from game.i18n import _, ngettext

from . import background, theme
from .cards import CardImages, card_size
from .scene import window_surface

Item = tuple[Any, ...]
_STYLE_COLOR = {
    "bold": theme.INK,
    "normal": theme.INK,
    "dim": theme.INK_DIM,
    "faint": theme.INK_FAINT,
    "gold": theme.GOLD,
}


class Hud:
    def __init__(self, images: CardImages) -> None:
        self.images = images
        self._key: tuple[Any, ...] | None = None
        self._surf: pygame.Surface | None = None
        self.buttons_top = 0  # y where the panel's buttons may start
        self._base: tuple[Any, pygame.Surface] | None = None

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        key: Any,
        items: Callable[[], list[Item]],
        face_key: Callable[[Card], Any],
        room: int | None = None,
    ) -> None:
        """Blit the panel; ``items()`` (what to show) is asked for only when ``key`` changed.
        ``room``: how far down the panel the items may go (the panel's buttons start there)."""
        full = (rect.size, key, theme.LOOK.key, room)
        if full != self._key or self._surf is None:
            self._surf = self._render(rect, items(), face_key, room)
            self._key = full
        surface.blit(self._surf, rect.topleft)

    def _render(
        self,
        rect: pygame.Rect,
        items: list[Item],
        face_key: Callable[[Card], Any],
        room: int | None = None,
    ) -> pygame.Surface:
        """The items at the text size of Settings; set smaller, down to four fifths of the
        normal size, while they would run into the buttons below ``room``."""
        w, h = rect.size
        screen = window_surface().get_size()
        # drawn over a copy of the felt behind it, so the panel blits as one opaque copy
        base_key = (screen, tuple(rect), theme.LOOK.contrast)
        if self._base is None or self._base[0] != base_key:
            base = background.felt(screen).subsurface(rect).copy()
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((6, 14, 10, 196))
            base.blit(veil, (0, 0))
            pygame.draw.line(base, (70, 110, 90), (0, 0), (0, h), 2)
            self._base = (base_key, base)
        scale, least = theme.text_scale(screen), theme.ui_scale(screen) * 0.8
        while True:
            pen = _Pen(self._base[1].copy(), scale, self.images, face_key)
            for item in items:
                pen.item(item)
            if room is None or pen.y <= room or scale <= least:
                break
            scale = max(least, scale * 0.92)
        self.buttons_top = pen.y + round(10 * pen.s)
        return pen.surf


class _Pen:
    """Writes the panel's items one under the other on ``surf``, keeping the running ``y``."""

    def __init__(
        self,
        surf: pygame.Surface,
        scale: float,
        images: CardImages,
        face_key: Callable[[Card], Any],
    ) -> None:
        self.surf, self.s, self.images, self.face_key = surf, scale, images, face_key
        self.w = surf.get_width()
        self.pad = round(16 * scale)
        self.x = self.y = self.pad
        self.fs = round(17 * scale)
        self.small = round(14 * scale)
        self.lh = theme.font(self.fs).get_linesize()
        self.cw = round(34 * scale)  # the width of a card in the panel

    def item(self, item: Item) -> None:
        kind, s = item[0], self.s
        if kind == "title":
            self.lines(item[1], theme.INK, round(21 * s), bold=True)
        elif kind == "sub":
            self.lines(item[1], theme.INK_DIM, self.small)
        elif kind == "heading":
            self.heading(item[1])
        elif kind in ("text", "small"):
            self.paragraph(item[1], item[2] if len(item) > 2 else "bold", kind == "text")
        elif kind == "cards":
            self.cards(item[1])
        elif kind == "suit":
            self.suit(item[1], item[2])
        elif kind == "gauge":
            self.gauge(item[1], *item[2:4])
        elif kind == "rows":
            for label, value, on in item[1]:
                self.row(label, value, on)

    def line(
        self, text: str, color: theme.Color = theme.INK, size: int = 0, bold: bool = False
    ) -> None:
        size = size or self.fs
        self.surf.blit(theme.text(text, size, color, bold), (self.x, self.y))
        self.y += theme.font(size, bold).get_linesize()

    def lines(self, text: str, color: theme.Color, size: int, bold: bool = False) -> None:
        """``text`` wrapped to the panel's width (a longer language takes two lines)."""
        for part in theme.wrap(text, size, self.w - 2 * self.pad, bold):
            self.line(part, color, size, bold=bold)

    def heading(self, text: str) -> None:
        self.y += round(6 * self.s)
        for part in theme.wrap(text.upper(), self.small, self.w - 2 * self.pad, True):
            self.line(part, theme.GOLD, self.small, bold=True)
        self.y += round(2 * self.s)

    def paragraph(self, text: str, style: str, large: bool) -> None:
        color = _STYLE_COLOR.get(style, theme.INK)
        size = self.fs if large else self.small
        bold = style in ("bold", "gold")
        for part in theme.wrap(text, size, self.w - 2 * self.pad, bold):
            self.line(part, color, size, bold=bold)

    def cards(self, cards: list[Card]) -> None:
        cw, tx = self.cw, self.x
        for c in cards:
            if tx + cw > self.w - self.pad // 2:  # wrap a long row
                tx = self.x
                self.y += card_size(cw)[1] + 4
            self.surf.blit(self.images.get(self.face_key(c), cw), (tx, self.y))
            tx += cw + 6
        self.y += card_size(cw)[1] + 4

    def suit(self, ace: Card, label: str) -> None:
        cw, ch = card_size(self.cw)
        self.surf.blit(self.images.get(self.face_key(ace), self.cw), (self.x, self.y))
        t = theme.text(label, self.fs, theme.INK, True)
        self.surf.blit(t, (self.x + cw + 10, self.y + ch // 2 - t.get_height() // 2))
        self.y += ch + 4

    def row(self, label: str, value: object, on: bool) -> None:
        color = theme.GOLD if on else theme.INK
        val = theme.text(str(value), self.fs, color, True)
        room = self.w - 2 * self.pad - val.get_width() - round(8 * self.s)
        text = ("▶ " if on else "   ") + label
        size = self.fs
        while theme.font(size, on).size(text)[0] > room and size > self.small - 2:
            size -= 1  # a long side name ("South-West & North-East") shrinks
        img = theme.text(text, size, color, on)
        if img.get_width() > room > 0:
            img = img.subsurface((0, 0, room, img.get_height()))
        self.surf.blit(img, (self.x, self.y + (self.lh - img.get_height()) // 2))
        self.surf.blit(val, (self.w - self.pad - val.get_width(), self.y))
        self.y += self.lh

    def gauge(
        self, pts: int, window: tuple[int, int] | None = None, total: int | None = None
    ) -> None:
        """The solitaire's gauge: the points on 0–``total`` with the winning ``window`` marked
        (both from the engine's view; without them only the points are shown)."""
        s, x, width = self.s, self.x, self.w - 2 * self.pad
        if window is not None and total:
            lo, hi = window
            h = round(18 * s)
            bar = pygame.Rect(x, self.y + round(4 * s), width, h)
            pygame.draw.rect(self.surf, (30, 40, 36), bar, border_radius=h // 2)
            fill = bar.copy()
            fill.w = max(0, round(width * min(pts, total) / total))
            color = theme.GREEN if lo <= pts <= hi else (theme.RED if pts > hi else theme.BLUE)
            if fill.w:
                pygame.draw.rect(self.surf, color, fill, border_radius=h // 2)
            a, b = round(width * lo / total), round(width * hi / total)
            win = pygame.Rect(x + a, bar.y - 3, max(3, b - a), h + 6)
            pygame.draw.rect(self.surf, theme.GOLD, win, 2, border_radius=3)
            pygame.draw.rect(self.surf, (200, 200, 200), bar, 1, border_radius=h // 2)
            self.y = bar.bottom + round(6 * s)
        if total:
            said = ngettext("{count} of {total} point", "{count} of {total} points", pts)
        else:
            said = ngettext("{count} point", "{count} points", pts)
        self.lines(said.format(count=pts, total=total), theme.INK, round(16 * s), bold=True)
        if window is not None:
            aim = _("Win with {low} to {high} points: any other total loses.")
            self.lines(aim.format(low=window[0], high=window[1]), theme.INK_DIM, round(13 * s))
        self.y += round(4 * s)
