"""A small panel of choices drawn with card pictures: the 4th trump, a Scopa capture, a take.

When one click on a card cannot say which move the player means (Scopa: the 7 could take the
7 of cups or the 7 of swords; Cattura: the 8 on top taken with 3 + 5 or with 2 + 6), the table
lists the legal moves that are left, each as a row of small card images with a caption, and the
player clicks one.  The options always come from the engine's legal moves; the chooser only
lays them out and says which one was clicked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.engine import Card, Move

from . import theme
from .cards import CardImages, card_size


@dataclass
class Choice:
    move: Move
    cards: tuple[Card, ...]  # the cards drawn for this option
    caption: str = ""  # words before the cards ("takes", "top:")
    marks: tuple[str, ...] = ()  # a short tag under each card ("yours", "on top")


class Chooser:
    """Options laid out in a panel: a grid of single cards, or one row per option."""

    def __init__(self, title: str, choices: Sequence[Choice], grid: bool = False) -> None:
        self.title = title
        self.choices = list(choices)
        self.grid = grid
        self.rects: list[tuple[pygame.Rect, Move]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_w = 0
        self._cells: list[tuple[pygame.Rect, Choice, list[pygame.Rect]]] = []

    # -- layout -------------------------------------------------------------------------------
    def place_grid(self, center: tuple[float, float], card_w: int, scale: float) -> None:
        """Single cards in rows of up to 7 around ``center`` (the 4th trump)."""
        cols = min(7, max(1, len(self.choices)))
        cw, ch = card_size(card_w)
        gap = round(8 * scale)
        rows = (len(self.choices) + cols - 1) // cols
        x0 = center[0] - (cols * cw + (cols - 1) * gap) / 2
        y0 = center[1] - (rows * ch + (rows - 1) * gap) / 2 + round(14 * scale)
        self.card_w = card_w
        self.rects, self._cells = [], []
        for i, c in enumerate(self.choices):
            r, k = divmod(i, cols)
            rect = pygame.Rect(round(x0 + k * (cw + gap)), round(y0 + r * (ch + gap)), cw, ch)
            self.rects.append((rect, c.move))
            self._cells.append((rect, c, [rect]))
        title_h = theme.font(round(20 * scale), True).get_linesize()
        box = (
            self.rects[0][0].unionall([r for r, _ in self.rects])
            if self.rects
            else pygame.Rect(0, 0, 0, 0)
        )
        self.panel = box.inflate(round(36 * scale), round(36 * scale) + title_h * 2)
        self.panel.top -= title_h

    def place_rows(self, area: pygame.Rect, card_w: int, scale: float) -> None:
        """One option per row, stacked up from the bottom of ``area`` (left-aligned in it); the
        cards shrink when the rows would not fit."""
        pad = round(12 * scale)
        title_h = theme.font(round(17 * scale), True).get_linesize()
        cap_w = max(
            (theme.font(round(15 * scale), True).size(c.caption)[0] for c in self.choices),
            default=0,
        )
        most = max((len(c.cards) for c in self.choices), default=1)
        n = len(self.choices)
        while True:
            cw, ch = card_size(card_w)
            mark_h = round(14 * scale) if any(c.marks for c in self.choices) else 0
            row_h = ch + mark_h + round(8 * scale)
            height = title_h + n * row_h + 2 * pad
            width = cap_w + pad * 3 + most * (cw + round(4 * scale))
            if (height <= area.h and width <= area.w) or card_w <= 24:
                break
            card_w = round(card_w * 0.85)
        self.card_w = card_w
        width = max(width, theme.font(round(17 * scale), True).size(self.title)[0] + 2 * pad)
        self.panel = pygame.Rect(area.x, area.bottom - height, width, height)
        self.rects, self._cells = [], []
        y = self.panel.y + pad + title_h
        for c in self.choices:
            row = pygame.Rect(self.panel.x + pad // 2, y, width - pad, row_h - round(4 * scale))
            x = self.panel.x + pad + cap_w + pad
            cards = []
            for _ in c.cards:
                cards.append(pygame.Rect(x, y + round(2 * scale), cw, ch))
                x += cw + round(4 * scale)
            self.rects.append((row, c.move))
            self._cells.append((row, c, cards))
            y += row_h

    # -- input and drawing --------------------------------------------------------------------
    def at(self, pos: tuple[int, int]) -> Move | None:
        for rect, move in self.rects:
            if rect.collidepoint(pos):
                return move
        return None

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.panel.collidepoint(pos)

    def draw(
        self,
        surface: pygame.Surface,
        images: CardImages,
        face_key: Callable[[Card], tuple[str, str]],
        scale: float,
    ) -> None:
        if not self.choices:
            return
        surface.blit(
            theme.rounded_panel(self.panel.size, theme.OVERLAY, 14, theme.GOLD, 2),
            self.panel.topleft,
        )
        size = round((20 if self.grid else 17) * scale)
        t = theme.text(self.title, size, theme.INK, True)
        surface.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.y + round(8 * scale))))
        mouse = pygame.mouse.get_pos()
        for row, c, cards in self._cells:
            hot = row.collidepoint(mouse)
            if not self.grid:
                if hot:
                    pygame.draw.rect(surface, (60, 96, 76), row, border_radius=8)
                cap = theme.text(
                    c.caption, round(15 * scale), theme.GOLD if hot else theme.INK, True
                )
                surface.blit(cap, cap.get_rect(midleft=(row.x + round(8 * scale), row.centery)))
            for k, (card, rect) in enumerate(zip(c.cards, cards, strict=True)):
                r = rect.move(0, -6) if self.grid and hot else rect
                surface.blit(images.get(face_key(card), rect.w), r.topleft)
                if self.grid and hot:
                    ring = images.ring(rect.w, (255, 236, 150), "hover")
                    surface.blit(ring, ring.get_rect(center=r.center))
                if k < len(c.marks) and c.marks[k]:
                    m = theme.text(c.marks[k], round(11 * scale), theme.GOLD, True)
                    surface.blit(m, m.get_rect(midtop=(rect.centerx, rect.bottom + 1)))
