"""Pieces shared by the menu-like scenes: a dimmed backdrop, an opaque dialog card, and the one
way a match is put on the table.

Every overlay (pause, settings, rules, a question, a summary, a result) is the same: the table
dimmed, and over it an opaque panel, so nothing of the cards underneath shows through its text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import GameState

from .. import background, theme
from ..savegame import MatchSetup

if TYPE_CHECKING:
    from ..runner import App

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


def open_table(app: App, state: GameState, setup: MatchSetup, *, resumed: bool = False) -> None:
    """Put a match on the table, over the title (where leaving it goes), in its game's deck.

    Whatever was open (a table and its menu, the setup, a result) is closed first; the title
    under them stays as it is, so it is not read again.
    """
    from .table import TableScene
    from .title import TitleScene

    scenes = app.scenes
    stack = scenes.stack
    if not stack or not isinstance(stack[0], TitleScene):
        scenes.reset(app.title_scene())
    for scene in stack[1:-1]:
        scenes.remove(scene)  # under the top: the title is not uncovered
    app.set_deck(app.settings.deck_for(state.name, state.players), chosen=False)
    table = TableScene(app, state, setup, resumed=resumed)
    if len(stack) > 1:
        scenes.replace(table)
    else:
        scenes.push(table)
