"""Pieces shared by the menu-like scenes: a dimmed backdrop and a centred dialog card."""

from __future__ import annotations

import pygame

from .. import background, theme

_DIM: dict[tuple[int, int], pygame.Surface] = {}


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    size = surface.get_size()
    veil = _DIM.get(size)
    if veil is None:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 255))
        _DIM.clear()
        _DIM[size] = veil
    veil.set_alpha(alpha)
    surface.blit(veil, (0, 0))


def felt(surface: pygame.Surface) -> None:
    surface.blit(background.felt(surface.get_size()), (0, 0))


def dialog(surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float) -> int:
    """Draw a dialog card with a title; returns the y where its content starts."""
    panel = theme.rounded_panel(rect.size, (10, 22, 16, 235), round(18 * scale), theme.GOLD, 2)
    surface.blit(panel, rect.topleft)
    t = theme.text(title, round(28 * scale), theme.GOLD, True)
    surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + round(18 * scale))))
    return rect.y + round(18 * scale) + t.get_height() + round(12 * scale)


class MenuKeys:
    """Up/down/Enter over a list of buttons: every menu works without a mouse."""

    def __init__(self) -> None:
        self.index = -1

    def handle(self, event: pygame.event.Event, buttons: list) -> bool:
        live = [b for b in buttons if b.enabled]
        if event.type != pygame.KEYDOWN or not live:
            return False
        if event.key in (pygame.K_DOWN, pygame.K_TAB):
            self.index = (self.index + 1) % len(live)
        elif event.key == pygame.K_UP:
            self.index = (self.index - 1) % len(live)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and 0 <= self.index < len(live):
            live[self.index].on_click()
            return True
        else:
            return False
        for i, b in enumerate(live):
            b.focus = i == self.index
        return True

    def route(self, event: pygame.event.Event, buttons: list) -> bool:
        """The event to a menu: keyboard focus first, then each button's click."""
        return self.handle(event, buttons) or any(b.handle(event) for b in buttons)
