"""Pieces shared by the menu-like scenes: a dimmed backdrop, the felt, an opaque dialog card.

Every overlay (pause, settings, rules, a question, a summary, a result) is the same: the table
dimmed, and over it an opaque panel, so nothing of the cards underneath shows through its text.
"""

from __future__ import annotations

import pygame

from .. import background, theme

#: the fill of every dialog: opaque
PANEL = theme.OVERLAY

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
    panel = theme.rounded_panel(rect.size, PANEL, round(18 * scale), theme.GOLD, 2)
    surface.blit(panel, rect.topleft)
    t = theme.text(title, round(28 * scale), theme.GOLD, True)
    surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.y + round(18 * scale))))
    return rect.y + round(18 * scale) + t.get_height() + round(12 * scale)
