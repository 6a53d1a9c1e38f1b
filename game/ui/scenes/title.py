"""The title: the matches to continue, New game, Solitaire, Rules, Statistics, History,
Settings, Play online, Quit.

Every game keeps its own match (:mod:`game.ui.savegame`); each is a button here under the
heading "Continue", saying what it resumes (game, players, deal, score, when it was saved), the
most recent first (tagged ``continue``), as many as the window has room for.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.catalog import CATALOG, first, solitaires
from game.i18n import _

from .. import theme
from ..cards import card_images
from ..focus_ring import FocusRing
from ..savegame import SavedMatch, load_slot, saved_matches
from ..savejournal import check_folder, tell
from ..scene import Damage, Scene
from ..widgets import Button, layout_column
from .common import felt

if TYPE_CHECKING:
    from ..runner import App


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.keys = FocusRing(app, lambda: self.buttons)
        self.matches: list[SavedMatch] = []
        self._build()

    def _scan(self) -> None:
        """Read the saved matches again (a damaged one is set aside and the player told; so is
        a data folder that cannot keep them, once)."""
        if not self.app.persist:
            self.matches = []
            return
        check_folder(self.app)
        self.matches, notes = saved_matches()
        tell(self.app, notes)

    def _build(self) -> None:
        self.match_buttons = [
            Button(
                m.label(),
                partial(self.resume, m.slot),
                primary=i == 0,
                tag="continue" if i == 0 else f"continue {m.slot}",
            )
            for i, m in enumerate(self.matches)
        ]
        self.menu = [
            Button(_("New game"), self.new_game, primary=not self.matches, tag="new"),
            *([Button(_("Solitaire"), self.solitaire, tag="solitaire")] if solitaires() else []),
            Button(_("Rules"), self.rules, tag="rules"),
            Button(_("Statistics"), self.statistics, tag="statistics"),
            Button(_("History"), self.history, tag="history"),
            Button(_("Settings"), self.settings, tag="settings"),
            Button(_("Play online"), self.online, tag="online"),
            Button(_("Quit"), self.app.quit, tag="quit"),
        ]
        self.buttons = self.match_buttons + self.menu

    def language_changed(self) -> None:
        self._build()
        self.resize(self.app.size)

    def enter(self) -> None:
        self._prefetch()
        self._scan()
        self._build()
        self.resize(self.app.size)

    def _prefetch(self) -> None:
        """Load the card pictures of the deck last shown while the player reads the menu, a few
        per frame (only one deck: the pictures kept are one deck's, see cards.RAW_KEPT)."""
        from game import skins
        from game.engine import GAMES

        images = card_images()
        deck = self.app.settings.deck
        game = next((g for g, d in skins.NATIVE_DECK.items() if d == deck), first().name)
        keys = [images.back_key(self.app.settings.back)]
        keys += [images.face_key(game, c, deck) for c in GAMES[game].deck.cards]
        images.want_raw(keys)

    def update(self, dt: float) -> None:
        card_images().warm(0.004)

    def changed(self) -> Damage:
        return []  # a still page: input, toasts and other scenes redraw it

    def wake_in(self) -> float | None:
        """Frames only while card pictures are left to prepare; then it waits for input."""
        return 0.0 if card_images().pending else None

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        w, h = size
        top = round(h * 0.38)
        if not self.match_buttons:
            height, gap = self._fit(round(52 * s), round(14 * s), top, h)
            layout_column(self.menu, w // 2, top, round(300 * s), height, gap)
            return
        height, gap = self._fit(round(48 * s), round(12 * s), top, h)
        layout_column(self.menu, round(w * 0.76), top, round(260 * s), height, gap)
        self._place_matches(size, top)

    def hint_top(self, h: int) -> int:
        """The top of the keys line at the foot of the page (see :meth:`draw`)."""
        s = self.scale
        return h - round(14 * s) - theme.font(round(14 * s)).get_height()

    def _fit(self, height: int, gap: int, top: int, h: int) -> tuple[int, int]:
        """The menu's button height and gap, shrunk alike where the window is too short for
        the whole column to end above the keys line (a short window such as 1024×600)."""
        room = self.hint_top(h) - round(8 * self.scale) - top
        n = len(self.menu)
        need = n * height + (n - 1) * gap
        if need <= room:
            return height, gap
        k = room / need
        return max(1, int(height * k)), max(1, int(gap * k))

    def _place_matches(self, size: tuple[int, int], top: int) -> None:
        """The matches in a column left of the menu: the most recent ones the height allows."""
        s = self.scale
        w, h = size
        bw, bh, gap = min(round(560 * s), round(w * 0.58)), round(40 * s), round(9 * s)
        room = max(1, (h - top - round(40 * s) + gap) // (bh + gap))
        shown = self.match_buttons[:room]
        self.buttons = shown + self.menu
        layout_column(shown, round(w * 0.35), top, bw, bh, gap)

    def button(self, tag: str) -> Button:
        return next(b for b in self.buttons if b.tag == tag)

    def resume(self, slot: str) -> None:
        """Continue the match of ``slot``, read afresh (it may have changed since listed)."""
        saved, notes = load_slot(slot)
        tell(self.app, notes)
        if saved is None:
            self.app.toast(_("That saved match could not be resumed"), "warn")
            self.enter()
            return
        self.app.go("table", saved.state, saved.setup, resumed=True)

    def new_game(self) -> None:
        self.app.open("setup")

    def solitaire(self) -> None:
        """The solitaire's start (the first game the catalogue says is played alone): "winnable
        deals only" to see and set, then Start."""
        self.app.open("solitaire")

    def online(self) -> None:
        if self.app.online is None:
            self.app.toast(_("Online play is not available here."), "warn", 3.0)
            return
        self.app.open("online")

    def rules(self) -> None:
        self.app.open("rules")

    def statistics(self) -> None:
        self.app.open("stats")

    def history(self) -> None:
        self.app.open("history")

    def settings(self) -> None:
        self.app.open("settings")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        self.keys.route(event)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        w, h = surface.get_size()
        s = self.scale
        name = _("Tavolo")
        title = theme.text(name, round(92 * s), theme.GOLD, True)
        shadow = theme.text(name, round(92 * s), (0, 0, 0), True)
        surface.blit(shadow, shadow.get_rect(center=(w // 2 + 4, round(h * 0.17) + 5)))
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.17))))
        games = " · ".join(_(e.title) for e in CATALOG.values())
        sub = theme.text(games, round(22 * s), theme.INK_DIM)
        surface.blit(sub, sub.get_rect(center=(w // 2, round(h * 0.17 + 66 * s))))
        if self.match_buttons:
            first = self.match_buttons[0].rect
            head = theme.text(_("Continue"), round(18 * s), theme.GOLD, True)
            surface.blit(head, head.get_rect(midbottom=(first.centerx, first.y - round(8 * s))))
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, s)
        hint = theme.text(
            _("F1: keys · F11: fullscreen · D in a game: switch decks"),
            round(14 * s),
            theme.INK_FAINT,
        )
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - round(14 * s))))
