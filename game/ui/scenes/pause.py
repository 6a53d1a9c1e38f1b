"""The in-game menu (Esc): resume, settings, rules, or leave to the title (the match is saved)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
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
        self.rect = pygame.Rect(0, 0, round(380 * s), round(360 * s))
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
        if self.keys.handle(event, self.buttons):
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 130)
        dialog(surface, self.rect, "Paused", self.scale)
        for b in self.buttons:
            b.draw(surface)
