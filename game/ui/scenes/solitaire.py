"""The solitaire's start, from the title's Solitaire button: what it is in one line, the row
"winnable deals only" (remembered, the same setting as New game's row for one player), and
Deal.

The keys are every dialog's (:mod:`game.ui.focus_ring`): the focus starts on the row, where
Left and Right switch it; Enter starts from anywhere, Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.catalog import GameEntry, Solitaire, solitaires
from game.engine import new_game
from game.i18n import _

from .. import theme
from ..focus_ring import FocusRing
from ..routes import confirm_replace
from ..savegame import MatchSetup, slot_of
from ..scene import Scene
from ..widgets import Button, Selector, label_width
from .common import dialog, dim

if TYPE_CHECKING:
    from ..runner import App


class SolitaireScene(Scene):
    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        #: the game played alone, and how (the first the catalogue lists)
        self.entry: GameEntry = solitaires()[0]
        assert self.entry.solitaire is not None
        self.how: Solitaire = self.entry.solitaire
        self._build()
        self.keys = FocusRing(app, lambda: [self.winnable_sel, *self.buttons], self._row)

    def _row(self) -> Selector:
        return self.winnable_sel

    def _build(self) -> None:
        """The row and the buttons, in the language in use (made again when it changes)."""
        self.winnable_sel = Selector(
            _("Winnable deals only"),
            [False, True],
            self.app.settings.solitaire_winnable_only,
            self._set_winnable,
            lambda v: _("Yes") if v else _("No"),
        )
        self.buttons = [
            Button(_("Back"), self.back, tag="back"),
            Button(_("Start"), self.deal, primary=True, key=pygame.K_RETURN, tag="deal"),
        ]

    @property
    def selectors(self) -> list[Selector]:
        return [self.winnable_sel]

    def about(self) -> str:
        """What the solitaire is (its catalogue entry's words), with the window the engine says
        it is won in."""
        lo, hi = self.entry.info.windows[self.how.players]
        return _(self.how.about).format(low=lo, high=hi)

    @staticmethod
    def row_words(on: bool) -> str:
        """What the row does, as it is set."""
        if on:
            return _("Every deal is one the solver has checked can be won.")
        return _("Any deal: some cannot be won whatever you play.")

    def _set_winnable(self, on: bool) -> None:
        self.app.settings.solitaire_winnable_only = on
        self.app.save_settings()

    def back(self) -> None:
        self.app.scenes.remove(self)

    def deal(self) -> None:
        """A new deal, asking first if a solitaire can be continued (kept, the title lists it
        under Continue)."""
        self.app.scenes.remove(self)
        confirm_replace(self.app, slot_of(self.entry.name, self.how.players), self._deal)

    def _deal(self) -> None:
        from ..table.tools import solitaire_seed  # the solver it may ask is not a start-up cost

        name, players = self.entry.name, self.how.players
        seed = solitaire_seed(name, self.app.settings, {})
        state = new_game(name, players=players, seed=seed)
        self.app.go("table", state, MatchSetup(name, players, list(self.how.seats)))

    def language_changed(self) -> None:
        self._build()
        self.resize(self.app.size)

    def wake_in(self) -> float | None:
        return None  # a still page: only input changes it

    def resize(self, size: tuple[int, int]) -> None:
        """Laid out from its words: the paragraph, the row with room under it for the longer
        of its two explanations, then the buttons."""
        s = theme.ui_scale(size)
        self.scale = s
        w = min(size[0] - 40, round(640 * s))
        pad, gap = round(36 * s), round(12 * s)
        self.text_size = round(17 * s)
        lh = theme.font(self.text_size).get_linesize()
        width = w - 2 * pad
        self.wrapped = theme.wrap(self.about(), self.text_size, width)
        below = max(
            len(theme.wrap(self.row_words(v), self.text_size, width)) for v in (False, True)
        )
        top = round(76 * s)  # under the title
        row_y = top + len(self.wrapped) * lh + gap
        rh, bh = round(40 * s), round(46 * s)
        h = row_y + rh + gap // 2 + below * lh + 2 * gap + bh + round(20 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.winnable_sel.place(pygame.Rect(self.rect.x + pad, self.rect.y + row_y, width, rh))
        bw = max(round(180 * s), *(label_width(b.label, s) for b in self.buttons))
        y = self.rect.bottom - bh - round(20 * s)
        x0 = self.rect.centerx - bw - gap // 2
        for i, b in enumerate(self.buttons):
            b.place(pygame.Rect(x0 + i * (bw + gap), y, bw, bh))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.keys.route(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        s, size = self.scale, self.text_size
        dialog(surface, self.rect, _("Solitaire"), s)
        x, width = self.winnable_sel.rect.x, self.winnable_sel.rect.w
        y = self.rect.y + round(76 * s)
        for part in self.wrapped:
            t = theme.text(part, size, theme.INK)
            surface.blit(t, (x, y))
            y += theme.font(size).get_linesize()
        self.winnable_sel.draw(surface, round(18 * s))
        y = self.winnable_sel.rect.bottom + round(6 * s)
        for part in theme.wrap(self.row_words(self.winnable_sel.value), size, width):
            t = theme.text(part, size, theme.INK_DIM)
            surface.blit(t, (x, y))
            y += theme.font(size).get_linesize()
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, s)
