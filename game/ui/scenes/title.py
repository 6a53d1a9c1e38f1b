"""The title: New game, Solitaire, Continue (when a match is saved), Rules, Settings, Quit."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.engine import new_game

from .. import theme
from ..savegame import MatchSetup, has_save, load_match
from ..scene import Scene
from ..widgets import Button, layout_column
from .common import MenuKeys, felt

if TYPE_CHECKING:
    from ..runner import App


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.keys = MenuKeys()
        self._build()

    def _build(self) -> None:
        self.buttons = []
        if self.app.persist and has_save():
            self.buttons.append(Button("Continue", self.resume, primary=True, tag="continue"))
        self.buttons += [
            Button("New game", self.new_game, primary=not self.buttons, tag="new"),
            Button("Solitaire", self.solitaire, tag="solitaire"),
            Button("Rules", self.rules, tag="rules"),
            Button("Settings", self.settings, tag="settings"),
            Button("Quit", self.app.quit, tag="quit"),
        ]

    def enter(self) -> None:
        self._prefetch()
        self._build()
        self.resize(self.app.size)
        for note in self.app.notices:
            self.app.toast(note, "warn", 6.0)
        self.app.notices.clear()

    def _prefetch(self) -> None:
        """Load the card pictures while the player reads the menu, a few per frame."""
        from game import skins
        from game.engine import GAMES

        from .table import card_images

        images = card_images()
        deck = GAMES["capodama"].deck.cards
        keys = [images.back_key(self.app.settings.back)]
        for d in (self.app.settings.deck, *[x for x in skins.DECKS if x != self.app.settings.deck]):
            keys += [images.face_key("capodama", c, d) for c in deck]
        images.want_raw(list(dict.fromkeys(keys)))

    def update(self, dt: float) -> None:
        from .table import card_images

        card_images().warm(0.004)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        bw, bh, gap = round(300 * s), round(52 * s), round(14 * s)
        for b in self.buttons:
            b.size = round(22 * s)
        layout_column(self.buttons, size[0] // 2, round(size[1] * 0.38), bw, bh, gap)

    def button(self, tag: str) -> Button:
        return next(b for b in self.buttons if b.tag == tag)

    def resume(self) -> None:
        from .table import TableScene

        saved = load_match()
        if saved is None:
            self.app.toast("The saved match could not be resumed", "warn")
            self._build()
            self.resize(self.app.size)
            return
        state, setup = saved
        self.app.push(TableScene(self.app, state, setup, resumed=True))

    def new_game(self) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app))

    def solitaire(self) -> None:
        from .table import TableScene

        seed = random.SystemRandom().randrange(1, 1_000_000)
        state = new_game("capodama", players=1, seed=seed)
        self.app.push(TableScene(self.app, state, MatchSetup("capodama", 1, ["human"])))

    def rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        if self.keys.handle(event, self.buttons):
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        w, h = surface.get_size()
        s = self.scale
        title = theme.text("Tavolo", round(92 * s), theme.GOLD, True)
        shadow = theme.text("Tavolo", round(92 * s), (0, 0, 0), True)
        surface.blit(shadow, shadow.get_rect(center=(w // 2 + 4, round(h * 0.17) + 5)))
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.17))))
        sub = theme.text("Capodama · Scopa · Tressette · Cattura", round(22 * s), theme.INK_DIM)
        surface.blit(sub, sub.get_rect(center=(w // 2, round(h * 0.17 + 66 * s))))
        for b in self.buttons:
            b.draw(surface)
        hint = theme.text("F11 fullscreen · D French/Italian cards", round(14 * s), theme.INK_FAINT)
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - round(14 * s))))
