"""The rules of the game in plain words, scrollable with the wheel, arrows and Page keys.

Each game's page is a text of assets/rules (named by its catalogue entry, read by
:mod:`game.ui.rules_text`): ``# Title``, then ``## Heading`` sections of paragraphs and ``- ``
bullets.  Its first section, ``## In short``, is the game in two lines: the New game dialog
shows it too.  The page is shown in the player's language: each line is translated through the
rules pages' own gettext domain (:func:`game.rules_i18n.translate_rules`), the English file
being the source.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.catalog import CATALOG, first
from game.i18n import _, domain_gettext
from game.rules_i18n import translate_rules

from .. import theme
from ..focus_ring import FocusRing
from ..rules_text import RULES_DOMAIN, load_rules
from ..scene import Scene
from ..widgets import Button
from .common import dialog, dim, felt

if TYPE_CHECKING:
    from ..runner import App


class RulesScene(Scene):
    overlay = True

    def __init__(self, app: App, game: str | None = None) -> None:
        """``game`` None (from the title): tabs switch between the games' rules."""
        super().__init__(app)
        self.tabs = [
            Button(_(e.title), partial(self.show, g), tag=f"tab {g}")
            for g, e in CATALOG.items()
        ] if game is None else []  # fmt: skip
        self.lines: list[tuple[str, int, bool, Any]] = []
        self.done = Button(_("Close"), self.close, primary=True, tag="close")
        #: the keyboard: Tab, Left/Right over the tabs and Close (Up/Down scroll the page)
        self.keys = FocusRing(app, lambda: [*self.tabs, self.done], lambda: self.done)
        self.show(game or first().name, relayout=False)

    def language_changed(self) -> None:
        """The page, its tabs and its button again in the new language."""
        for b in self.tabs:  # none when the page shows one game's rules
            b.label = _(CATALOG[b.tag.removeprefix("tab ")].title)
        self.done.label = _("Close")
        self.show(self.game)

    def show(self, game: str, relayout: bool = True) -> None:
        from game.engine import GAMES

        self.game = game
        self.source = translate_rules(load_rules(game), domain_gettext(RULES_DOMAIN))
        if game in GAMES:
            self.title = _("{game} — the rules").format(game=_(GAMES[game].title))
        else:
            self.title = _("The rules")
        for b in self.tabs:
            b.primary = b.tag == f"tab {game}"
            b._cache.clear()
        self.scroll = self.target = 0.0
        if relayout:
            self.resize(self.app.size)

    @property
    def buttons(self) -> list[Button]:
        return [self.done, *self.tabs]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        self.rect = pygame.Rect(0, 0, min(size[0] - 40, round(860 * s)), size[1] - round(40 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        tabs_h = round(40 * s) if self.tabs else 0
        if self.tabs:
            tw = (self.rect.w - round(60 * s)) // len(self.tabs)
            for i, b in enumerate(self.tabs):
                x = self.rect.x + round(30 * s) + i * tw
                b.place(pygame.Rect(x, self.rect.y + round(64 * s), tw - 8, round(32 * s)))
        self.view = pygame.Rect(
            self.rect.x + round(30 * s),
            self.rect.y + round(70 * s) + tabs_h,
            self.rect.w - round(60 * s),
            self.rect.h - round(150 * s) - tabs_h,
        )
        width = self.view.w
        self.lines = []
        body, head = round(17 * s), round(21 * s)
        for raw in self.source.splitlines():
            if raw.startswith("# "):
                continue
            if raw.startswith("## "):
                self.lines.append(("", body, False, theme.INK))
                for part in theme.wrap(raw[3:], head, width, True):
                    self.lines.append((part, head, True, theme.GOLD))
                continue
            bullet = raw.startswith("- ")
            text = ("•  " + raw[2:]) if bullet else raw
            for i, part in enumerate(theme.wrap(text, body, width - (24 if bullet else 0))):
                self.lines.append(
                    (("     " if bullet and i else "") + part, body, False, theme.INK)
                )
        self.line_h = [theme.font(sz, b).get_linesize() for _, sz, b, _ in self.lines]
        self.total = sum(self.line_h)
        bw, bh = round(180 * s), round(46 * s)
        self.done.place(
            pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - bh - round(16 * s), bw, bh)
        )
        self._clamp()

    def _clamp(self) -> None:
        self.target = max(0.0, min(self.target, max(0, self.total - self.view.h)))

    def close(self) -> None:
        self.app.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if not self._scroll(event):
            self.keys.route(event)
        self._clamp()

    def _scroll(self, event: pygame.event.Event) -> bool:
        """The wheel, Up/Down, Page Up/Down, Space, Home and End move the page."""
        step = 60 * self.scale
        if event.type == pygame.MOUSEWHEEL:
            self.target -= event.y * step
            return True
        if event.type != pygame.KEYDOWN:
            return False
        moves = {
            pygame.K_DOWN: step,
            pygame.K_UP: -step,
            pygame.K_PAGEDOWN: self.view.h * 0.9,
            pygame.K_PAGEUP: -self.view.h * 0.9,
            pygame.K_SPACE: self.view.h * 0.9,
        }
        if event.key in moves:
            self.target += moves[event.key]
        elif event.key == pygame.K_HOME:
            self.target = 0
        elif event.key == pygame.K_END:
            self.target = self.total
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)

    def draw(self, surface: pygame.Surface) -> None:
        if len(self.app.scenes.stack) == 1:
            felt(surface)
        else:
            dim(surface, 160)
        dialog(surface, self.rect, self.title, self.scale)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        y = self.view.y - round(self.scroll)
        for (text, size, bold, color), lh in zip(self.lines, self.line_h, strict=True):
            if y + lh >= self.view.y and y <= self.view.bottom and text:
                surface.blit(theme.text(text, size, color, bold), (self.view.x, y))
            y += lh
        surface.set_clip(clip)
        if self.total > self.view.h:
            frac = self.view.h / self.total
            bar_h = max(30, round(self.view.h * frac))
            pos = self.scroll / max(1, self.total - self.view.h)
            bar = pygame.Rect(
                self.view.right + 8, self.view.y + round((self.view.h - bar_h) * pos), 5, bar_h
            )
            pygame.draw.rect(surface, (120, 170, 140), bar, border_radius=3)
        self.done.draw(surface)
        for b in self.tabs:
            b.draw(surface)
        self.keys.draw(surface, self.scale)
