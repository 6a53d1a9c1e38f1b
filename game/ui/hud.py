"""The side panel, drawn from a list of items each game's presentation module writes.

Each game says what its panel shows (Capodama: the capo, the doubled suit, the trumps; Scopa:
captures and scope; ...) as plain items: ``("title", text)``, ``("sub", text)``,
``("heading", text)``, ``("text", text, style)`` and ``("small", text, style)`` (style "bold",
"normal", "dim", "faint" or "gold"), ``("cards", [card, ...])``, ``("suit", ace, label)``,
``("gauge", points)`` (the solitaire's 80–85 window) and ``("rows", [(label, value, on), ...])``.
The panel is rendered to one surface when its key changes and blitted as is on other frames:
text rendering is the costly part of a HUD.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine import Card

from . import background, theme
from .cards import CardImages, card_size

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
    ) -> None:
        """Blit the panel; ``items()`` (what to show) is asked for only when ``key`` changed."""
        full = (rect.size, key)
        if full != self._key or self._surf is None:
            self._surf = self._render(rect, items(), face_key)
            self._key = full
        surface.blit(self._surf, rect.topleft)

    def _render(
        self, rect: pygame.Rect, items: list[Item], face_key: Callable[[Card], Any]
    ) -> pygame.Surface:
        w, h = rect.size
        s = theme.ui_scale(pygame.display.get_surface().get_size())
        # drawn over a copy of the felt behind it, so the panel blits as one opaque copy
        screen = pygame.display.get_surface().get_size()
        base_key = (screen, tuple(rect))
        if self._base is None or self._base[0] != base_key:
            base = background.felt(screen).subsurface(rect).copy()
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((6, 14, 10, 196))
            base.blit(veil, (0, 0))
            pygame.draw.line(base, (70, 110, 90), (0, 0), (0, h), 2)
            self._base = (base_key, base)
        surf = self._base[1].copy()
        pad = round(16 * s)
        x, y = pad, pad
        fs = round(17 * s)
        small = round(14 * s)
        lh = theme.font(fs).get_linesize()

        def line(
            text: str,
            color: theme.Color = theme.INK,
            size: int = fs,
            bold: bool = False,
            indent: int = 0,
        ) -> None:
            nonlocal y
            img = theme.text(text, size, color, bold)
            surf.blit(img, (x + indent, y))
            y += theme.font(size, bold).get_linesize()

        def heading(text: str) -> None:
            nonlocal y
            y += round(6 * s)
            for part in theme.wrap(text.upper(), small, w - 2 * pad, True):
                line(part, theme.GOLD, small, bold=True)
            y += round(2 * s)

        cw = round(34 * s)
        for item in items:
            kind = item[0]
            if kind == "title":
                line(item[1], theme.INK, round(21 * s), bold=True)
            elif kind == "sub":
                line(item[1], theme.INK_DIM, small)
            elif kind == "heading":
                heading(item[1])
            elif kind in ("text", "small"):
                style = item[2] if len(item) > 2 else "bold"
                color = _STYLE_COLOR.get(style, theme.INK)
                size = fs if kind == "text" else small
                bold = style in ("bold", "gold")
                for part in theme.wrap(item[1], size, w - 2 * pad, bold):
                    line(part, color, size, bold=bold)
            elif kind == "cards":
                tx = x
                for c in item[1]:
                    if tx + cw > w - pad // 2:  # wrap a long row
                        tx = x
                        y += card_size(cw)[1] + 4
                    surf.blit(self.images.get(face_key(c), cw), (tx, y))
                    tx += cw + 6
                y += card_size(cw)[1] + 4
            elif kind == "suit":
                img = self.images.get(face_key(item[1]), cw)
                surf.blit(img, (x, y))
                t = theme.text(item[2], fs, theme.INK, True)
                surf.blit(t, (x + cw + 10, y + card_size(cw)[1] // 2 - t.get_height() // 2))
                y += card_size(cw)[1] + 4
            elif kind == "gauge":
                y = self._gauge(surf, x, y, w - 2 * pad, item[1], s)
            elif kind == "rows":
                for label, value, on in item[1]:
                    color = theme.GOLD if on else theme.INK
                    val = theme.text(str(value), fs, color, True)
                    room = w - 2 * pad - val.get_width() - round(8 * s)
                    text = ("▶ " if on else "   ") + label
                    size = fs
                    while theme.font(size, on).size(text)[0] > room and size > small - 2:
                        size -= 1  # a long side name ("South-West & North-East") shrinks
                    img = theme.text(text, size, color, on)
                    if img.get_width() > room > 0:
                        img = img.subsurface((0, 0, room, img.get_height()))
                    surf.blit(img, (x, y + (lh - img.get_height()) // 2))
                    surf.blit(val, (w - pad - val.get_width(), y))
                    y += lh
        self.buttons_top = y + round(10 * s)
        return surf

    def _gauge(self, surf: pygame.Surface, x: int, y: int, width: int, pts: int, s: float) -> int:
        """The solitaire gauge: the capo's points on 0–150 with the 80–85 window marked."""
        h = round(18 * s)
        bar = pygame.Rect(x, y + round(4 * s), width, h)
        pygame.draw.rect(surf, (30, 40, 36), bar, border_radius=h // 2)
        fill = bar.copy()
        fill.w = max(0, round(width * min(pts, 150) / 150))
        color = theme.GREEN if 80 <= pts <= 85 else (theme.RED if pts > 85 else theme.BLUE)
        if fill.w:
            pygame.draw.rect(surf, color, fill, border_radius=h // 2)
        lo, hi = round(width * 80 / 150), round(width * 85 / 150)
        win = pygame.Rect(x + lo, bar.y - 3, max(3, hi - lo), h + 6)
        pygame.draw.rect(surf, theme.GOLD, win, 2, border_radius=3)
        pygame.draw.rect(surf, (200, 200, 200), bar, 1, border_radius=h // 2)
        y = bar.bottom + round(6 * s)
        t = theme.text(f"{pts} points  ·  win with 80–85", round(16 * s), theme.INK, True)
        surf.blit(t, (x, y))
        y += t.get_height()
        t = theme.text("(150 is the most; 150 loses)", round(13 * s), theme.INK_DIM)
        surf.blit(t, (x, y))
        return y + t.get_height() + round(4 * s)
