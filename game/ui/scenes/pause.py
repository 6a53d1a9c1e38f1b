"""The in-game menu (Esc): resume, settings, rules, or leave to the title.

The match is saved after every move, so leaving loses nothing; when the last save failed the menu
says so, since then leaving would lose the moves since the last save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..savejournal import journal
from ..scene import Scene
from ..widgets import Button, layout_column
from .common import MenuKeys, dialog, dim

if TYPE_CHECKING:
    from ..runner import App
    from .table import TableScene


class PauseScene(Scene):
    overlay = True

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.keys = MenuKeys()
        self.buttons = [
            Button("Resume", self.resume, primary=True, tag="resume"),
            Button("Settings", self.settings, tag="settings"),
            Button("Rules", self.rules, tag="rules"),
            Button("Leave to title", self.leave_table, tag="title"),
        ]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        self.warning = self._unsaved()
        extra = round(70 * s) if self.warning else 0
        self.rect = pygame.Rect(0, 0, round(380 * s), round(360 * s) + extra)
        self.rect.center = (size[0] // 2, size[1] // 2)
        for b in self.buttons:
            b.size = round(20 * s)
        layout_column(
            self.buttons,
            self.rect.centerx,
            self.rect.y + round(80 * s),
            round(280 * s),
            round(48 * s),
            round(12 * s),
        )

    def _unsaved(self) -> str:
        failure = journal(self.app).failure
        if failure is None:
            return ""
        return f"The last moves could not be saved ({failure.reason}): leaving now loses them."

    def resume(self) -> None:
        self.app.scenes.remove(self)

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, self.table.state.name))

    def leave_table(self) -> None:
        self.app.scenes.reset(self.app.title_scene())

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return
        self.keys.route(event, self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 130)
        dialog(surface, self.rect, "Paused", self.scale)
        for b in self.buttons:
            b.draw(surface)
        if self.warning:
            self._draw_warning(surface)

    def _draw_warning(self, surface: pygame.Surface) -> None:
        s = self.scale
        y = self.buttons[-1].rect.bottom + round(14 * s)
        for line in theme.wrap(self.warning, round(15 * s), self.rect.w - round(40 * s)):
            t = theme.text(line, round(15 * s), theme.GOLD)
            surface.blit(t, t.get_rect(midtop=(self.rect.centerx, y)))
            y += t.get_height()
