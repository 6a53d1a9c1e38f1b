"""The deal summary, over the table: who was the capo side, its points, who scored."""

from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button
from .common import dialog, dim


class SummaryScene(Scene):
    overlay = True

    def __init__(self, app: Any, table: Any, data: dict[str, Any]) -> None:
        super().__init__(app)
        self.table = table
        self.data = data
        self.names = [table.short_name(s) for s in range(table.state.seats)]
        self.lines = table.gui.summary_lines(data, self.names, table.state.players)
        self.age = 0.0
        self.auto = 2.2 * max(0.3, app.settings.speed_factor) if table.setup.autoplay else None
        last = table.state.is_over and table.ev >= len(table.state.events) - 1
        label = "See the result" if last else "Next deal"
        self.button = Button(label, self.close, primary=True, key=pygame.K_RETURN, tag="continue")
        self.closed = False
        if data.get("won") or (data.get("points", 0) >= data.get("threshold", 999)):
            app.audio.play("chime")

    @property
    def buttons(self) -> list[Button]:
        return [self.button]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        w = round(560 * s)
        h = round(190 * s) + round(25 * s) * len(self.lines)
        if self.table.state.players > 1:
            h += round(28 * s) * ((len(self.names) + 1) // 2) + round(10 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2 - round(120 * s), size[1] // 2)
        self.button.size = round(20 * s)
        bw, bh = round(220 * s), round(46 * s)
        self.button.place(
            pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - bh - round(18 * s), bw, bh)
        )
        self.scale = s

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.app.scenes.remove(self)
        self.table.summary_closed()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_ESCAPE):
            self.close()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_d:
            self.app.toggle_deck()
            return
        self.button.handle(event)

    def update(self, dt: float) -> None:
        self.age += dt
        self.table.table.update(dt)
        if self.auto is not None and self.age >= self.auto:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 110)
        s = self.scale
        deal = self.data.get("deal_no", "")
        title = "Solitaire" if self.table.solitaire else f"Deal {deal}"
        y = dialog(surface, self.rect, title, s)
        x = self.rect.x + round(28 * s)
        for line in self.lines:
            for part in theme.wrap(line, round(18 * s), self.rect.w - round(56 * s)):
                t = theme.text(part, round(18 * s), theme.INK)
                surface.blit(t, (x, y))
                y += t.get_height() + 2
        if self.table.state.players > 1:
            y += round(10 * s)
            scores = self.data.get("scores", ())
            awards = self.data.get("awards", ())
            col = (self.rect.w - round(56 * s)) // 2
            for i, name in enumerate(self.names):
                r, c = divmod(i, 2)
                gain = f"  (+{awards[i]})" if i < len(awards) and awards[i] else ""
                color = theme.GOLD if gain else theme.INK
                t = theme.text(
                    f"{name}: {scores[i] if i < len(scores) else 0}{gain}",
                    round(17 * s),
                    color,
                    True,
                )
                surface.blit(t, (x + c * col, y + r * round(28 * s)))
        self.button.draw(surface)
