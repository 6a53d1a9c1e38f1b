"""The replay's slider: the match's positions along a bar in the band, the deals' starts
ticked on it and the reviewed decisions' marks coloured by their label; a click or a drag
goes to the position under the mouse (the keys move it too: they move the position it shows).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme


class Slider:
    def __init__(self, end: int, go_to: Callable[[int], None]) -> None:
        """``end``: the last position (positions are 0..end); ``go_to`` is told the position
        a click or a drag asks for."""
        self.end = max(1, end)
        self.go_to = go_to
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self.ticks: list[int] = []  # the deals' starts
        self.marks: list[tuple[int, tuple[int, int, int]]] = []  # a position and its colour

    def place(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    @property
    def track(self) -> pygame.Rect:
        """The bar itself, inside the slider's rectangle (room for the knob at both ends)."""
        r = self.rect
        pad = max(6, r.h // 3)
        return pygame.Rect(r.x + pad, r.centery - 2, max(1, r.w - 2 * pad), 4)

    def x_of(self, pos: int) -> int:
        t = self.track
        return t.x + round(t.w * pos / self.end)

    def pos_at(self, x: int) -> int:
        t = self.track
        return max(0, min(self.end, round((x - t.x) * self.end / t.w)))

    def handle(self, event: pygame.event.Event) -> bool:
        """A press on the slider goes to its position and starts a drag, which follows the
        mouse until it is let go; True when the event was the slider's."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.dragging = True
                self.go_to(self.pos_at(event.pos[0]))
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.go_to(self.pos_at(event.pos[0]))
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface, pos: int, scale: float) -> None:
        t = self.track
        pygame.draw.rect(surface, (40, 64, 52), t.inflate(0, 2), border_radius=3)
        done = pygame.Rect(t.x, t.y, self.x_of(pos) - t.x, t.h)
        pygame.draw.rect(surface, theme.GOLD_DARK, done, border_radius=3)
        tick_h = max(6, self.rect.h // 3)
        for p in self.ticks:
            x = self.x_of(p)
            pygame.draw.line(
                surface, theme.INK_DIM, (x, t.centery - tick_h), (x, t.centery + tick_h)
            )
        for p, color in self.marks:
            pygame.draw.circle(
                surface, color, (self.x_of(p), t.centery - tick_h), max(2, round(3 * scale))
            )
        knob = max(5, round(self.rect.h * 0.28))
        at = (self.x_of(pos), t.centery)
        pygame.draw.circle(surface, theme.GOLD if self.dragging else theme.INK, at, knob)
        pygame.draw.circle(surface, (20, 30, 26), at, knob, 2)
