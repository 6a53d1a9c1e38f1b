"""New-game setup: the game, the number of players, the deck and who sits at each seat."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import skins
from game.ai import seat_kinds
from game.engine import GAMES, new_game

from .. import theme
from ..games import playable_games
from ..savegame import MatchSetup, slot_of
from ..scene import Scene
from ..widgets import Button, Selector
from .common import dialog, felt
from .confirm import confirm_replace

if TYPE_CHECKING:
    from ..runner import App

SEAT_LABEL = {
    "human": "Human",
    "rules": "AI (rules)",
    "random": "AI (random)",
    "search": "AI (search)",
    "solver": "AI (solver)",
}


def _yes_no(v: Any) -> str:
    return "Yes" if v else "No"


#: How each rule option is offered: its row label and how its values read.
OPTION_WORDS: dict[str, tuple[str, Any]] = {
    "target": ("Match to", lambda v: f"{v} points"),
    "cappotto": ("Cappotto (7–0 wins)", _yes_no),
    "primiera_all_suits": ("Primiera needs 4 suits", _yes_no),
    "last_trick_whole": ("Last trick = 1 point", _yes_no),
}


class SetupScene(Scene):
    def __init__(self, app: App) -> None:
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
        self.options: dict[str, Any] = {}
        self.option_sels: list[Selector] = []
        self.seat_sels: list[Selector] = []
        self.start = Button("Start", self.begin, primary=True, key=pygame.K_RETURN, tag="start")
        self.back = Button("Back", self.app.scenes.pop, tag="back")
        self._make_options()
        self._seats()

    @staticmethod
    def _players_label(n: int) -> str:
        return "1 (solitaire)" if n == 1 else str(n)

    def _set_game(self, g: str) -> None:
        self.game = g
        self.players_sel.set_choices(GAMES[g].players, self.players)
        self.players = self.players_sel.value
        self._make_options()
        self._seats()

    def _make_options(self) -> None:
        """A selector per rule option of the game."""
        self.options = {}
        self.option_sels = []
        for key, opt in GAMES[self.game].options.items():
            self.options[key] = opt.default
            label, fmt = OPTION_WORDS.get(key, (key.replace("_", " ").capitalize(), str))
            sel = Selector(label, list(opt.choices), opt.default, self._option_setter(key), fmt)
            self.option_sels.append(sel)

    def _option_setter(self, key: str) -> Any:
        return lambda v: self._set_option(key, v)

    def _set_option(self, key: str, value: Any) -> None:
        self.options[key] = value

    def _set_players(self, n: int) -> None:
        self.players = n
        self._seats()

    def _set_deck(self, d: str) -> None:
        self.deck = d
        self._check()

    def _seats(self) -> None:
        kinds = ["human", *[k for k in seat_kinds(self.game, self.players) if k != "human"]]
        old = self.kinds
        default_ai = "rules" if "rules" in kinds else kinds[-1]
        self.kinds = [
            old[i] if i < len(old) and old[i] in kinds else ("human" if i == 0 else default_ai)
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
                partial(self._set_kind, i),
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
        """Start the match, asking first if this game's saved match would be replaced."""
        reason = self.refusal()
        if reason:
            self.app.toast(reason, "warn", 4.0)
            return
        confirm_replace(self.app, slot_of(self.game, self.players), self._start)

    def _start(self) -> None:
        from .table import TableScene

        options: dict[str, Any] = dict(self.options)
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
        rows = 3 + len(self.option_sels) + len(self.seat_sels)
        rh = round(min(40 * s, (size[1] - 190 * s) / rows - 8))
        self.rect = pygame.Rect(0, 0, round(640 * s), round(150 * s) + rows * (rh + 8))
        self.rect.center = (size[0] // 2, size[1] // 2)
        x = self.rect.x + round(36 * s)
        w = self.rect.w - round(72 * s)
        y = self.rect.y + round(80 * s)
        for sel in self.selectors:
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
        return [
            self.game_sel, self.players_sel, self.deck_sel, *self.option_sels, *self.seat_sels,
        ]  # fmt: skip

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
