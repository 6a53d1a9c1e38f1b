"""New-game setup: the game, the number of players, the deck and who sits at each seat."""

from __future__ import annotations

from typing import Any

import pygame

from game.ai import seat_kinds
from game.art import skins
from game.engine import GAMES, new_game

from .. import theme
from ..games import playable_games
from ..savegame import MatchSetup
from ..scene import Scene
from ..widgets import Button, Selector
from .common import dialog, felt

SEAT_LABEL = {"human": "Human", "rules": "AI (rules)", "random": "AI (random)"}


class SetupScene(Scene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        games = playable_games()
        self.game = games[0]
        self.players = 4
        self.deck = app.settings.deck
        self.kinds: list[str] = []
        self.game_sel = Selector("Game", games, self.game, self._set_game, lambda g: GAMES[g].title)
        self.players_sel = Selector(
            "Players",
            GAMES[self.game].players,
            self.players,
            self._set_players,
            self._players_label,
        )
        self.deck_sel = Selector(
            "Cards", list(skins.DECKS), self.deck, self._set_deck, lambda d: d.capitalize()
        )
        target = GAMES[self.game].options.get("target")
        self.target = target.default if target else None
        self.target_sel = Selector(
            "Match to",
            list(target.choices) if target else [0],
            self.target,
            self._set_target,
            lambda v: f"{v} points",
        )
        self.seat_sels: list[Selector] = []
        self.start = Button("Start", self.begin, primary=True, key=pygame.K_RETURN, tag="start")
        self.back = Button("Back", self.app.scenes.pop, tag="back")
        self._seats()

    @staticmethod
    def _players_label(n: int) -> str:
        return "1 (solitaire)" if n == 1 else str(n)

    def _set_game(self, g: str) -> None:
        self.game = g
        self.players_sel.set_choices(GAMES[g].players, self.players)
        self.players = self.players_sel.value
        self._seats()

    def _set_players(self, n: int) -> None:
        self.players = n
        self._seats()

    def _set_deck(self, d: str) -> None:
        self.deck = d
        self._check()

    def _set_target(self, v: int) -> None:
        self.target = v

    def _seats(self) -> None:
        kinds = ["human", *[k for k in seat_kinds(self.game) if k != "human"]]
        old = self.kinds
        default_ai = "rules" if "rules" in kinds else kinds[-1]
        self.kinds = [
            old[i] if i < len(old) else ("human" if i == 0 else default_ai)
            for i in range(self.players)
        ]
        self.seat_sels = []
        for i in range(self.players):
            label = "You (bottom)" if i == 0 else f"Seat {i + 1}"
            if self.players == 1:
                label = "Player"
            sel = Selector(
                label,
                kinds,
                self.kinds[i],
                lambda v, i=i: self._set_kind(i, v),
                lambda k: SEAT_LABEL.get(k, k),
            )
            self.seat_sels.append(sel)
        self._check()
        if hasattr(self, "scale"):
            self.resize(self.app.size)

    def _set_kind(self, i: int, v: str) -> None:
        self.kinds[i] = v

    def refusal(self) -> str | None:
        return skins.can_show(self.game, self.players, self.deck)

    def _check(self) -> None:
        self.start.enabled = self.refusal() is None

    def begin(self) -> None:
        from .table import TableScene

        reason = self.refusal()
        if reason:
            self.app.toast(reason, "warn", 4.0)
            return
        options: dict[str, Any] = {}
        if "deck" in GAMES[self.game].options:
            options["deck"] = self.deck
        if self.target is not None and "target" in GAMES[self.game].options:
            options["target"] = self.target
        state = new_game(self.game, players=self.players, **options)
        if self.deck != self.app.settings.deck:
            self.app.set_deck(self.deck)
        setup = MatchSetup(self.game, self.players, list(self.kinds))
        self.app.scenes.replace(TableScene(self.app, state, setup))

    @property
    def buttons(self) -> list[Button]:
        return [self.start, self.back]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        rows = 4 + len(self.seat_sels)
        rh = round(40 * s)
        self.rect = pygame.Rect(0, 0, round(640 * s), round(150 * s) + rows * (rh + 8))
        self.rect.center = (size[0] // 2, size[1] // 2)
        x = self.rect.x + round(36 * s)
        w = self.rect.w - round(72 * s)
        y = self.rect.y + round(80 * s)
        for sel in [
            self.game_sel,
            self.players_sel,
            self.deck_sel,
            self.target_sel,
            *self.seat_sels,
        ]:
            sel.place(pygame.Rect(x, y, w, rh))
            for b in (sel.left, sel.right):
                b.size = round(18 * s)
            y += rh + 8
        bw, bh = round(180 * s), round(48 * s)
        by = self.rect.bottom - bh - round(18 * s)
        self.back.place(pygame.Rect(self.rect.centerx - bw - 10, by, bw, bh))
        self.start.place(pygame.Rect(self.rect.centerx + 10, by, bw, bh))
        self.back.size = self.start.size = round(20 * s)

    @property
    def selectors(self) -> list[Selector]:
        return [self.game_sel, self.players_sel, self.deck_sel, self.target_sel, *self.seat_sels]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        for sel in self.selectors:
            if sel.handle(event):
                return
        for b in (self.start, self.back):
            if b.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        s = self.scale
        dialog(surface, self.rect, "New game", s)
        for sel in self.selectors:
            sel.draw(surface, round(19 * s))
        reason = self.refusal()
        if reason:
            t = theme.text(reason, round(15 * s), theme.RED, True)
            surface.blit(
                t, t.get_rect(midbottom=(self.rect.centerx, self.start.rect.y - round(8 * s)))
            )
        self.back.draw(surface)
        self.start.draw(surface)
