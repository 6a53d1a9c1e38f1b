"""The deal summary, over the table: the game's lines, its table of figures, the match scores.

What a deal's summary says comes from the game's presentation module, from the engine's
``deal_scored`` data: sentences (``summary_lines``), a table of figures (``summary_table``:
Scopa's four points and scope, Tressette's raw and rounded points, Cattura's faces and bonuses)
and the match score of each seat or side (``summary_scores``).

The solitaire's deal is its whole match: its summary hands straight on to the result, which
says its end in one panel (:mod:`.result`).

During the next deal, S (or the panel's "Last deal" button) opens the last deal's summary
again (``again``): the same panel, which then only closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import DealScored
from game.i18n import _

from .. import theme
from ..focus_ring import FocusRing
from ..scene import Scene
from ..widgets import Button
from .common import dialog, dim

if TYPE_CHECKING:
    from ..runner import App
    from ..table.model import TableModel


class SummaryScene(Scene):
    overlay = True

    def __init__(
        self,
        app: App,
        table: TableModel,
        data: DealScored,
        *,
        again: bool = False,
        closed: Callable[[DealScored], None] | None = None,
    ) -> None:
        """``again``: the summary of a deal already over, opened again to be read; ``closed``
        is told when the summary of the deal just over closes (the show goes on)."""
        super().__init__(app)
        self.again = again
        self.closed_hook = closed
        self.table = table
        self.data = data
        self.names = [table.short_name(s) for s in range(table.state.seats)]
        gui = table.gui
        self.lines = gui.summary_lines(data, self.names, table.state.players)
        self.head, self.rows = gui.summary_table(data, self.names)
        self.scores = gui.summary_scores(data, self.names) if table.state.players > 1 else []
        self.age = 0.0
        auto = table.setup.autoplay and not again
        self.auto = 2.2 * max(0.3, app.settings.speed_factor) if auto else None
        last = table.state.is_over and table.ev >= len(table.state.events) - 1
        label = _("Close") if again else _("See the result") if last else _("Next deal")
        self.button = Button(label, self.close, primary=True, key=pygame.K_RETURN, tag="continue")
        self.keys = FocusRing(app, lambda: self.buttons)
        self.closed = False
        #: the solitaire's end is the result's one panel: this summary passes on at once
        self.passes_on = table.solitaire and table.state.is_over and not again
        if gui.deal_won(data, table.viewer) and not self.passes_on and not again:
            app.audio.play("chime")

    @property
    def buttons(self) -> list[Button]:
        return [self.button]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        w = round((640 if self.rows else 560) * s)
        if self.head:
            f = theme.font(round(15 * s), True)
            cols = [max(f.size(h)[0], round(40 * s)) + round(14 * s) for h in self.head[1:]]
            firsts = [f.size(r[0])[0] for r in self.rows] or [0]
            self.first_w = max(firsts) + round(16 * s)
            self.col_w = max(cols)
            w = max(w, self.first_w + self.col_w * len(cols) + round(56 * s))
        w = min(w, size[0] - round(300 * s))
        h = round(190 * s) + round(25 * s) * len(self.lines)
        if self.rows:
            h += round(26 * s) * (len(self.rows) + 1) + round(12 * s)
        if self.scores:
            h += round(28 * s) * ((len(self.scores) + 1) // 2) + round(10 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2 - round(120 * s), size[1] // 2)
        bw, bh = round(220 * s), round(46 * s)
        self.button.place(
            pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - bh - round(18 * s), bw, bh)
        )
        self.scale = s

    def _draw_table(self, surface: pygame.Surface, x: int, y: int) -> int:
        """The figures as a grid: the first column names the side, the others are numbers."""
        s = self.scale
        width = self.rect.w - round(56 * s)
        ncols = max(1, len(self.head) - 1)
        first = getattr(self, "first_w", round(width * 0.34))
        col = (width - first) / ncols
        rh = round(26 * s)
        size = round(15 * s)
        for j, h in enumerate(self.head):
            t = theme.text(h, size, theme.GOLD, True)
            cx = x if j == 0 else round(x + first + col * (j - 0.5))
            surface.blit(t, (cx, y) if j == 0 else t.get_rect(midtop=(cx, y)))
        y += rh
        for row in self.rows:
            pygame.draw.line(surface, (60, 90, 74), (x, y - 3), (x + width, y - 3), 1)
            for j, cell in enumerate(row):
                bold = j == 0 or j == len(row) - 1
                t = theme.text(cell, size + (1 if bold else 0), theme.INK, bold)
                cx = x if j == 0 else round(x + first + col * (j - 0.5))
                surface.blit(t, (cx, y) if j == 0 else t.get_rect(midtop=(cx, y)))
            y += rh
        return y

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.app.scenes.remove(self)
        if not self.again and self.closed_hook is not None:
            self.closed_hook(self.data)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_ESCAPE):
            self.close()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_d:
            self.app.toggle_deck()
            return
        self.keys.route(event)

    def update(self, dt: float) -> None:
        if self.passes_on:  # on its first frame: the table is done pushing it by then
            self.close()
            return
        self.age += dt
        self.table.table.update(dt)
        if self.auto is not None and self.age >= self.auto:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        if self.passes_on:
            return
        dim(surface, 110)
        s = self.scale
        y = dialog(surface, self.rect, _("Deal {number}").format(number=self.data.deal_no), s)
        x = self.rect.x + round(28 * s)
        for line in self.lines:
            for part in theme.wrap(line, round(18 * s), self.rect.w - round(56 * s)):
                t = theme.text(part, round(18 * s), theme.INK)
                surface.blit(t, (x, y))
                y += t.get_height() + 2
        if self.rows:
            y = self._draw_table(surface, x, y + round(8 * s))
        if self.scores:
            y += round(10 * s)
            col = (self.rect.w - round(56 * s)) // 2
            for i, (name, text, gain) in enumerate(self.scores):
                r, c = divmod(i, 2)
                color = theme.GOLD if gain else theme.INK
                said = _("{who}: {score}").format(who=name, score=text)
                t = theme.text(said, round(17 * s), color, True)
                surface.blit(t, (x + c * col, y + r * round(28 * s)))
        self.button.draw(surface)
        self.keys.draw(surface, s)
