"""Something went wrong: a friendly page with where the log is, never a raw traceback."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..savejournal import journal
from ..scene import Scene
from ..widgets import Button
from .common import dialog, felt

if TYPE_CHECKING:
    from ..runner import App


class ErrorScene(Scene):
    def __init__(self, app: App, message: str, log_file: Path) -> None:
        super().__init__(app)
        self.message = message
        self.log_file = log_file
        self.buttons = [
            Button("Back to title", self.title, primary=True, tag="title"),
            Button("Quit", app.quit, tag="quit"),
        ]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        self.rect = pygame.Rect(0, 0, min(size[0] - 40, round(760 * s)), round(380 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = round(200 * s), round(46 * s)
        for i, b in enumerate(self.buttons):
            b.size = round(19 * s)
            b.place(
                pygame.Rect(
                    self.rect.centerx - bw - 8 + i * (bw + 16),
                    self.rect.bottom - bh - round(20 * s),
                    bw,
                    bh,
                )
            )

    def title(self) -> None:
        self.app.exit_code = 0
        self.app.scenes.reset(self.app.title_scene())

    def handle(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return

    @property
    def text(self) -> str:
        """The page's words; what it says of the match is only what is true of the last save."""
        saved = journal(self.app).truth()
        return (
            f"Tavolo met an unexpected problem and stopped this screen. {saved}".strip()
            + f"\n\nDetails were written to the log file:\n{self.log_file}\n\n{self.message}"
        )

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        s = self.scale
        y = dialog(surface, self.rect, "Sorry — something went wrong", s)
        for line in theme.wrap(self.text, round(16 * s), self.rect.w - round(50 * s)):
            t = theme.text(line, round(16 * s), theme.INK)
            surface.blit(t, (self.rect.x + round(25 * s), y))
            y += t.get_height() + 2
        for b in self.buttons:
            b.draw(surface)
