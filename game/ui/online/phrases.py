"""The quick messages to the table: a few fixed phrases ("Well played!"), each worded by every
player's app in its own language; no free text."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _

from .. import theme
from ..focus_ring import FocusRing
from ..scene import Scene
from ..scenes.common import dialog, dim
from ..widgets import Button, layout_column
from .words import PHRASES, phrase_text

if TYPE_CHECKING:
    from ..runner import App
    from ..table.model import Online


class PhrasesScene(Scene):
    overlay = True

    def __init__(self, app: App, online: Online) -> None:
        super().__init__(app)
        self.online = online
        self.buttons = [
            Button(phrase_text(key), partial(self.say, key), tag=key) for key in PHRASES
        ]
        self.buttons.append(Button(_("Cancel"), self.close, tag="cancel"))
        self.keys = FocusRing(app, lambda: self.buttons)

    def say(self, phrase: str) -> None:
        self.online.say(phrase)
        self.close()

    def close(self) -> None:
        self.app.scenes.remove(self)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        bw, bh, gap = round(260 * s), round(40 * s), round(8 * s)
        h = round(80 * s) + len(self.buttons) * (bh + gap)
        self.rect = pygame.Rect(0, 0, bw + round(60 * s), h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        layout_column(self.buttons, self.rect.centerx, self.rect.y + round(64 * s), bw, bh, gap)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.keys.route(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 130)
        dialog(surface, self.rect, _("Say to the table"), self.scale)
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, self.scale)
