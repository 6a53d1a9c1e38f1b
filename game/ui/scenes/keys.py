"""The list of keys (F1 or ?, at the table and in every menu): every key the table answers,
and the few every menu and dialog shares (:mod:`game.ui.focus_ring`), on one opaque panel.

:data:`KEYS` is the one list of the table's keys: the overlay draws it, and a test checks that
every key code the table's handlers compare with is in it, so a key added to the table without
a line here fails that test.  Esc, F1, ?, Enter, Space or a click closes the panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _

from .. import focus, theme
from ..scene import Scene
from .common import dialog, dim

if TYPE_CHECKING:
    from ..runner import App


@dataclass(frozen=True)
class KeyRow:
    keys: str  # the keys as the player reads them (marked N_, translated where shown)
    does: str  # what they do
    where: str  # "" everywhere, else the game or the moment they belong to
    codes: tuple[int, ...]  # the pygame key codes the row stands for


KEYS: tuple[KeyRow, ...] = (
    KeyRow(
        N_("Left / Right, Tab / Shift+Tab"),
        N_("move the focus over the playable cards, buttons and choices"),
        "",
        (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB),
    ),
    KeyRow(
        N_("Up / Down"),
        N_("move the focus too (handy in a list of captures)"),
        "",
        (pygame.K_UP, pygame.K_DOWN),
    ),
    KeyRow(N_("Enter"), N_("play or confirm what has the focus"), "", focus.ENTER),
    KeyRow(
        "1 – 9",
        N_("pick that choice: the doubled suit, the 4th trump, a capture, a button"),
        "",
        focus.NUMBERS + focus.KEYPAD,
    ),
    KeyRow(
        N_("Space"),
        N_("skip the running animation (so does a click or any key)"),
        "",
        (focus.SKIP,),
    ),
    KeyRow(N_("Esc"), N_("drop a choice being made; otherwise the menu"), "", (pygame.K_ESCAPE,)),
    KeyRow(
        N_("hold L"),
        N_("look at the last trick, or in Scopa and Cattura the last capture"),
        "",
        (pygame.K_l,),
    ),
    KeyRow(
        N_("S"),
        N_("the last deal's summary again"),
        N_("from the second deal"),
        (pygame.K_s,),
    ),
    KeyRow(N_("B"), N_("declare Buongioco"), N_("Tressette"), (pygame.K_b,)),
    KeyRow(
        N_("U / Shift+U"),
        N_("undo one move / undo to the start of the deal"),
        N_("solitaire"),
        (pygame.K_u,),
    ),
    KeyRow(
        N_("R / N"),
        N_("restart the same deal / deal a new one"),
        N_("solitaire"),
        (pygame.K_r, pygame.K_n),
    ),
    KeyRow(N_("D"), N_("switch decks: French, Neapolitan, regional"), "", (pygame.K_d,)),
    KeyRow(N_("F11"), N_("fullscreen on / off"), "", (pygame.K_F11,)),
    KeyRow(
        N_("H"),
        N_("a hint: the move the strongest AI would play, ringed, and why (H again hides it)"),
        "",
        focus.HINT,
    ),
    KeyRow(N_("F1 or ?"), N_("this list of keys"), "", focus.HELP),
    KeyRow(
        N_("Tab / arrows, Enter / Space, 1 – 9"),
        N_("move the focus, press the focused button, press the button of that number"),
        N_("menus and dialogs"),
        (),
    ),
)

#: The replay's keys (:mod:`game.ui.replay.keys`): the list F1 shows over a replay.
REPLAY_KEYS: tuple[KeyRow, ...] = (
    KeyRow(
        N_("Right / Left"),
        N_("the next move (played as at the table) / the move before"),
        "",
        (pygame.K_RIGHT, pygame.K_LEFT),
    ),
    KeyRow(
        N_("Home / End"), N_("the start / the end of the match"), "", (pygame.K_HOME, pygame.K_END)
    ),
    KeyRow(
        N_("PgDn / PgUp"),
        N_("the next / the last trick or capture"),
        "",
        (pygame.K_PAGEDOWN, pygame.K_PAGEUP),
    ),
    KeyRow(N_("Shift+PgDn / Shift+PgUp"), N_("the next / the last deal"), "", ()),
    KeyRow(N_("F"), N_("every hand face up, or as the seat saw them"), "", (pygame.K_f,)),
    KeyRow(N_("V"), N_("the table seen from the next seat"), "", (pygame.K_v,)),
    KeyRow(
        N_("R"),
        N_("review the decisions of the seat shown (R again stops the judge)"),
        "",
        (pygame.K_r,),
    ),
    KeyRow(
        N_("N / Shift+N"),
        N_("the next / the last mistake"),
        N_("with a review"),
        (pygame.K_n,),
    ),
    KeyRow(N_("Space"), N_("skip the running animation"), "", (pygame.K_SPACE,)),
    KeyRow(
        N_("hold L"),
        N_("look at the last trick, or in Scopa and Cattura the last capture"),
        "",
        (pygame.K_l,),
    ),
    KeyRow(N_("D"), N_("switch decks: French, Neapolitan, regional"), "", (pygame.K_d,)),
    KeyRow(N_("F11"), N_("fullscreen on / off"), "", (pygame.K_F11,)),
    KeyRow(N_("F1 or ?"), N_("this list of keys"), "", focus.HELP),
    KeyRow(N_("Esc"), N_("leave the replay"), "", (pygame.K_ESCAPE,)),
)

#: what closes the panel besides a click
CLOSE = (pygame.K_ESCAPE, *focus.HELP, *focus.ENTER, focus.SKIP)


class KeysScene(Scene):
    overlay = True

    def __init__(self, app: App, *, replay: bool = False) -> None:
        """``replay``: the replay's keys, not the table's."""
        super().__init__(app)
        self.listed = REPLAY_KEYS if replay else KEYS
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.col = 0  # where the descriptions start, from the panel's left edge
        self.rows: list[tuple[KeyRow, list[str]]] = []  # each row's description, wrapped

    def _size(self) -> int:
        return round(16 * self.scale)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        f = theme.font(self._size(), True)
        pad = round(30 * s)
        self.col = pad + max(f.size(_(r.keys))[0] for r in self.listed) + round(24 * s)
        widest = max(theme.font(self._size()).size(self._said(r))[0] for r in self.listed)
        w = min(size[0] - 24, self.col + widest + pad)
        self.rows = [
            (r, theme.wrap(self._said(r), self._size(), w - self.col - pad)) for r in self.listed
        ]
        line_h = theme.font(self._size()).get_linesize()
        h = round(120 * s) + sum(len(lines) * line_h + round(8 * s) for _r, lines in self.rows)
        self.rect = pygame.Rect(0, 0, w, min(size[1] - 16, h))
        self.rect.center = (size[0] // 2, size[1] // 2)

    @staticmethod
    def _said(row: KeyRow) -> str:
        if not row.where:
            return _(row.does)
        return _("{does} ({where})").format(does=_(row.does), where=_(row.where))

    def close(self) -> None:
        self.app.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and event.key in CLOSE) or (
            event.type == pygame.MOUSEBUTTONDOWN
        ):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        s = self.scale
        solid = theme.rounded_panel(self.rect.size, (*theme.PANEL_SOLID, 255), round(18 * s))
        surface.blit(solid, self.rect.topleft)  # opaque: the table does not show through
        y = dialog(surface, self.rect, _("Keys"), s)
        size = self._size()
        line_h = theme.font(size).get_linesize()
        x = self.rect.x + round(30 * s)
        for row, lines in self.rows:
            surface.blit(theme.text(_(row.keys), size, theme.GOLD, True), (x, y))
            for line in lines:
                surface.blit(theme.text(line, size, theme.INK), (self.rect.x + self.col, y))
                y += line_h
            y += round(8 * s)
        hint = theme.text(
            _("Esc, Enter, F1, ? or a click closes this list"), round(14 * s), theme.INK_FAINT
        )
        surface.blit(
            hint, hint.get_rect(midbottom=(self.rect.centerx, self.rect.bottom - round(12 * s)))
        )
