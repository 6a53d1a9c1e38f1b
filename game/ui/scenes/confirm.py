"""A question before something that cannot be undone: "Replace your Scopa match…?".

The safe answer is the default: Esc, or Enter before any other choice, keeps things as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _

from .. import theme
from ..focus_ring import FocusRing
from ..scene import Scene
from ..widgets import Button
from .common import dialog, dim

if TYPE_CHECKING:
    from ..runner import App


class ConfirmScene(Scene):
    overlay = True

    def __init__(
        self,
        app: App,
        question: str,
        yes: str,
        on_yes: Callable[[], object],
        no: str = "",
        title: str = "",
    ) -> None:
        """``no`` and ``title`` default to "Cancel" and "Are you sure?"."""
        super().__init__(app)
        no = no or _("Cancel")
        self.question = question
        self.title = title or _("Are you sure?")
        self.on_yes = on_yes
        self.keys = FocusRing(app, lambda: self.buttons)
        self.buttons = [
            Button(no, self.no, primary=True, tag="no"),
            Button(yes, self.yes, tag="yes"),
        ]

    def yes(self) -> None:
        self.app.scenes.remove(self)
        self.on_yes()

    def no(self) -> None:
        self.app.scenes.remove(self)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        self.rect = pygame.Rect(0, 0, min(size[0] - 40, round(620 * s)), round(250 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = round(200 * s), round(46 * s)
        y = self.rect.bottom - bh - round(20 * s)
        for i, b in enumerate(self.buttons):
            b.place(pygame.Rect(self.rect.centerx - bw - 8 + i * (bw + 16), y, bw, bh))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.no()
            return
        self.keys.route(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 130)
        s = self.scale
        y = dialog(surface, self.rect, self.title, s)
        size = round(18 * s)
        for line in theme.wrap(self.question, size, self.rect.w - round(50 * s)):
            t = theme.text(line, size, theme.INK)
            surface.blit(t, t.get_rect(midtop=(self.rect.centerx, y)))
            y += t.get_height() + 2
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, s)
