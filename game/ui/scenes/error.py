"""Something went wrong: a friendly page with where the log is, never a raw traceback.

The app imports this page at start-up (:mod:`game.ui.runner`), with everything it draws with,
because the moment it is needed is the moment something is broken: perhaps the install itself,
files replaced under a running app.  So the page never imports anything later, and if drawing
it the usual way fails (a font, the felt, the save journal), it draws itself plainly with
pygame's default font: the message and the log's path always show.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import _

from .. import theme
from ..focus_ring import FocusRing
from ..savejournal import journal
from ..scene import Damage, Scene
from ..widgets import Button
from .common import dialog, felt

if TYPE_CHECKING:
    from ..runner import App

log = logging.getLogger(__name__)

_PLAIN_BACK = (14, 30, 22)
_PLAIN_INK = (240, 236, 222)


class ErrorScene(Scene):
    def __init__(self, app: App, message: str, log_file: Path) -> None:
        super().__init__(app)
        self.message = message
        self.log_file = log_file
        self.scale = 1.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.plain = False  # drawing the usual way failed: drawn plainly from then on
        self.buttons = [
            Button(_("Back to title"), self.title, primary=True, tag="title"),
            Button(_("Quit"), app.quit, tag="quit"),
        ]
        self.keys = FocusRing(app, lambda: self.buttons)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        self.rect = pygame.Rect(0, 0, min(size[0] - 40, round(760 * s)), round(380 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = round(200 * s), round(46 * s)
        for i, b in enumerate(self.buttons):
            b.place(
                pygame.Rect(
                    self.rect.centerx - bw - 8 + i * (bw + 16),
                    self.rect.bottom - bh - round(20 * s),
                    bw,
                    bh,
                )
            )

    def title(self) -> None:
        """Back to the title; if even the title cannot be made, say so here and stay."""
        try:
            scene = self.app.title_scene()
        except Exception as exc:
            log.error("the title cannot be shown either: %s", exc, exc_info=exc)
            either = _("The title cannot be shown either: {error}").format(error=repr(exc))
            self.message = f"{self.message}\n{either}"
            self.buttons[0].enabled = False
            return
        self.app.exit_code = 0
        self.app.scenes.reset(scene)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.buttons[0].enabled:
                self.title()
            return
        self.keys.route(event)

    def changed(self) -> Damage:
        return []  # still: only input (which redraws everything) changes it

    def wake_in(self) -> float | None:
        return None

    @property
    def text(self) -> str:
        """The page's words; what it says of the match is only what is true of the last save."""
        try:
            saved = journal(self.app).truth()
        except Exception:  # the journal is part of what may be broken
            log.exception("the save journal cannot say how the last save went")
            saved = ""
        stopped = _("Tavolo met an unexpected problem and stopped this screen.")
        details = _("Details were written to the log file:")
        return f"{stopped} {saved}".strip() + f"\n\n{details}\n{self.log_file}\n\n{self.message}"

    def draw(self, surface: pygame.Surface) -> None:
        if not self.plain:
            try:
                self._draw(surface)
                return
            except Exception:
                log.exception("the error page is drawn plainly")
                self.plain = True
        self._draw_plain(surface)

    def _draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        s = self.scale
        y = dialog(surface, self.rect, _("Sorry — something went wrong"), s)
        for line in theme.wrap(self.text, round(16 * s), self.rect.w - round(50 * s)):
            t = theme.text(line, round(16 * s), theme.INK)
            surface.blit(t, (self.rect.x + round(25 * s), y))
            y += t.get_height() + 2
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, s)

    def _draw_plain(self, surface: pygame.Surface) -> None:
        """The words in pygame's own font on a plain background, and the buttons as boxes."""
        surface.fill(_PLAIN_BACK)
        size = max(14, round(22 * self.scale))
        font = pygame.font.Font(None, size)
        width = max(40, surface.get_width() - 2 * size)
        y = size
        sorry = _("Sorry — something went wrong")
        for line in theme.wrap_in(font, f"{sorry}\n\n{self.text}", width):
            surface.blit(font.render(line, True, _PLAIN_INK), (size, y))
            y += font.get_linesize()
        for b in self.buttons:
            pygame.draw.rect(surface, _PLAIN_INK, b.rect, 2, border_radius=6)
            img = font.render(b.label, True, _PLAIN_INK if b.enabled else (120, 120, 120))
            surface.blit(img, img.get_rect(center=b.rect.center))
