"""Statistics: the player's figures per game and player count, a chart of the last matches,
and a reset that asks first.

The figures come from :mod:`game.ui.stats`, read when the scene opens; the games and their
player counts from the catalogue and the engine's registry.
"""

from __future__ import annotations

import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.catalog import CATALOG
from game.engine import GAMES
from game.i18n import _

from .. import stats, theme
from ..focus_ring import FocusRing
from ..scene import Scene
from ..stats import Figures, MatchMark
from ..widgets import Button, Selector
from .common import dialog, dim, felt

if TYPE_CHECKING:
    from ..runner import App


def _percent(rate: float | None) -> str:
    return "" if rate is None else f" ({i18n.percent(rate)})"


def _streak(f: Figures) -> str:
    return _("{streak} (best {best})").format(streak=f.streak, best=f.best_streak)


def _number(v: float | int | None, digits: int = 0) -> str:
    return "–" if v is None else i18n.number(v, digits)


def _day(iso: str) -> str:
    """A chart's date (kept as 2026-11-27 in the file) the language's way; a date the file
    holds in another form is shown as it is."""
    try:
        return i18n.date(datetime.date.fromisoformat(iso))
    except ValueError:
        return iso


def _against(points: int | None, window: tuple[int, int]) -> str:
    """A deal's points with where they fell against the window: "83 (in 80–85)", "101 (16
    over 85)", "62 (18 under 80)"."""
    if points is None:
        return "–"
    lo, hi = window
    said = _number(points)
    if points > hi:
        return _("{points} ({count} over {high})").format(
            points=said, count=_number(points - hi), high=hi
        )
    if points < lo:
        return _("{points} ({count} under {low})").format(
            points=said, count=_number(lo - points), low=lo
        )
    return _("{points} (in {low}–{high})").format(points=said, low=lo, high=hi)


def figure_lines(
    f: Figures, solitaire: bool, window: tuple[int, int] | None = None
) -> list[tuple[str, str]]:
    """The figures as (label, value) rows, the solitaire's own set for one player; where its
    deals are won in ``window`` (the engine's), the best and worst points follow the window."""
    if solitaire:
        seeds = ", ".join(str(s) for s in reversed(f.seeds_won[-8:])) or _("none yet")
        if window is not None:
            best, worst = (_against(p, window) for p in f.goal(window))
        else:
            best, worst = _number(f.best_points), _number(f.worst_points)
        return [
            (_("Deals played"), _number(f.deals)),
            (_("Deals won"), f"{_number(f.deals_won)}{_percent(f.deal_rate)}"),
            (_("Best points"), best),
            (_("Worst points"), worst),
            (_("Streak of wins"), _streak(f)),
            (_("Deal numbers won"), seeds),
        ]
    return [
        (_("Matches played"), _number(f.matches)),
        (_("Matches won"), f"{_number(f.matches_won)}{_percent(f.win_rate)}"),
        (_("Deals played"), _number(f.deals)),
        (_("Deals won"), f"{_number(f.deals_won)}{_percent(f.deal_rate)}"),
        (_("Streak of wins"), _streak(f)),
        (_("Points per deal"), _number(f.points_per_deal, 1)),
    ]


def draw_chart(
    surface: pygame.Surface, rect: pygame.Rect, marks: list[MatchMark], s: float
) -> None:
    """A bar per match, oldest first: its height is the player's score against the highest
    score shown, green when won and red when lost; a gold tick marks the rival's score."""
    pygame.draw.rect(surface, (14, 36, 26), rect, border_radius=round(8 * s))
    base = rect.bottom - round(10 * s)
    pygame.draw.line(surface, theme.INK_FAINT, (rect.x + 6, base), (rect.right - 6, base), 1)
    if not marks:
        t = theme.text(_("Nothing finished yet"), round(16 * s), theme.INK_DIM)
        surface.blit(t, t.get_rect(center=rect.center))
        return
    top = max([1, *(m.mine for m in marks), *(m.other or 0 for m in marks)])
    slot = (rect.w - 12) / stats.LAST
    height = base - rect.y - round(12 * s)
    for i, m in enumerate(marks):
        x = rect.x + 6 + round(i * slot)
        w = max(2, round(slot * 0.7))
        h = max(2, round(height * max(0, m.mine) / top))
        color = theme.GREEN if m.won else theme.RED
        pygame.draw.rect(surface, color, (x, base - h, w, h), border_radius=2)
        if m.other is not None:
            y = base - round(height * max(0, m.other) / top)
            pygame.draw.line(surface, theme.GOLD, (x - 1, y), (x + w, y), max(2, round(2 * s)))


class StatsScene(Scene):
    """The figures of one game and player count at a time, chosen with two selectors."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.book = stats.load()
        stats.tell(app, self.book.notice)
        games = list(CATALOG)
        self.game_sel = Selector(
            _("Game"), games, games[0], self._game, lambda g: _(CATALOG[g].title)
        )
        self.players_sel = Selector(
            _("Players"), self._counts(games[0]), 0, self._players, self._fmt
        )
        self._pick_players()
        self.reset_button = Button(_("Reset statistics"), self.ask_reset, tag="reset")
        self.reset_button.enabled = self.book.stats is not None
        self.close_button = Button(
            _("Close"), self.close, primary=True, key=pygame.K_RETURN, tag="close"
        )
        #: the keyboard: it starts on the game's row (Left/Right change the game)
        self.keys = FocusRing(
            app, lambda: [self.game_sel, self.players_sel, *self.buttons], lambda: self.game_sel
        )

    # -- what is shown ------------------------------------------------------------------------
    @staticmethod
    def _counts(game: str) -> list[int]:
        return list(CATALOG[game].info.players)

    @staticmethod
    def _fmt(players: int) -> str:
        return _("Solitaire") if players == 1 else str(players)

    @property
    def game(self) -> str:
        return str(self.game_sel.value)

    @property
    def players(self) -> int:
        return int(self.players_sel.value)

    @property
    def figures(self) -> Figures | None:
        book = self.book.stats
        return None if book is None else book.of(self.game, self.players)

    def _pick_players(self) -> None:
        """The first player count of the game that has figures (else its first)."""
        counts = self._counts(self.game)
        book = self.book.stats or stats.Stats()
        played = [n for n in counts if book.of(self.game, n).deals]
        self.players_sel.set_choices(counts, (played or counts)[0])

    def _game(self, _game: str) -> None:
        self._pick_players()

    def _players(self, _players: int) -> None:
        """Nothing to do: the figures are read when drawn."""

    @property
    def buttons(self) -> list[Button]:
        return [self.reset_button, self.close_button]

    # -- life ---------------------------------------------------------------------------------
    def ask_reset(self) -> None:
        """Reset only after a yes: Esc, Enter or Cancel keep every figure."""
        game = self.game
        question = _(
            "Every figure and the chart of {game}, for every number of players, "
            "will be forgotten. This cannot be undone."
        ).format(game=_(CATALOG[game].title))
        self.app.open(
            "confirm", question, _("Reset"), partial(self.reset, game), title=_("Reset statistics?")
        )

    def reset(self, game: str) -> None:
        """Forget ``game``'s figures and write the file at once."""
        book = stats.load()
        stats.tell(self.app, book.notice)
        if book.stats is None:
            return
        book.stats.reset(game)
        self.book = book
        notice = stats.save(book.stats, book.path)
        stats.tell(self.app, notice)
        if notice is None:
            said = _("The statistics of {game} were reset.").format(game=_(CATALOG[game].title))
            self.app.toast(said, "info", 3.0)

    def close(self) -> None:
        self.app.scenes.remove(self)

    # -- layout and input ---------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        w = min(round(900 * s), size[0] - 40)
        h = min(round(560 * s), size[1] - 30)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        pad, rh = round(30 * s), round(40 * s)
        half = (w - 3 * pad) // 2
        y = self.rect.y + round(76 * s)
        self.game_sel.place(pygame.Rect(self.rect.x + pad, y, half, rh))
        self.players_sel.place(pygame.Rect(self.rect.x + 2 * pad + half, y, half, rh))
        self.body = pygame.Rect(self.rect.x + pad, y + rh + round(20 * s), w - 2 * pad, 0)
        bh = round(46 * s)
        self.body.h = self.rect.bottom - bh - round(40 * s) - self.body.y
        bw, gap = round(230 * s), round(16 * s)
        x0 = self.rect.centerx - bw - gap // 2
        for i, b in enumerate(self.buttons):
            b.place(pygame.Rect(x0 + i * (bw + gap), self.rect.bottom - bh - round(20 * s), bw, bh))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.keys.route(event)

    # -- drawing ------------------------------------------------------------------------------
    def _draw_unavailable(self, surface: pygame.Surface) -> None:
        s = self.scale
        line = self.book.notice or _("The statistics are not available.")
        y = self.body.y + round(20 * s)
        for part in theme.wrap(line, round(18 * s), self.body.w):
            t = theme.text(part, round(18 * s), theme.INK)
            surface.blit(t, (self.body.x, y))
            y += t.get_height() + 2

    def _draw_figures(self, surface: pygame.Surface, f: Figures) -> None:
        s = self.scale
        col = round(self.body.w * 0.44)
        size, small = round(18 * s), round(14 * s)
        y = self.body.y
        window = GAMES[self.game].windows.get(self.players)
        for label, value in figure_lines(f, self.players == 1, window):
            lab = theme.text(label, size, theme.INK_DIM)
            surface.blit(lab, (self.body.x, y))
            val = theme.text(value, size, theme.INK, True)
            if val.get_width() > col - lab.get_width() - round(16 * s):
                val = theme.text(value, small, theme.INK, True)
            surface.blit(val, val.get_rect(topright=(self.body.x + col, y)))
            y += round(34 * s)
        self._draw_last(surface, f.last, self.body.x + col + round(30 * s))

    def _draw_last(self, surface: pygame.Surface, marks: list[MatchMark], x: int) -> None:
        """The chart of the last matches, right of the figures, with their dates and a key."""
        s = self.scale
        size, small = round(18 * s), round(14 * s)
        solitaire = self.players == 1
        title = _("Last deals") if solitaire else _("Last matches")
        t = theme.text(title, size, theme.GOLD, True)
        surface.blit(t, (x, self.body.y))
        if marks:
            first, last = _day(marks[0].date), _day(marks[-1].date)
            dates = theme.text(
                first if first == last else _("{first} to {last}").format(first=first, last=last),
                small,
                theme.INK_DIM,
            )
            surface.blit(
                dates, dates.get_rect(bottomright=(self.body.right, self.body.y + t.get_height()))
            )
        chart = pygame.Rect(x, self.body.y + t.get_height() + round(8 * s), 0, 0)
        chart.w = self.body.right - x
        chart.h = self.body.bottom - chart.y - round(26 * s)
        draw_chart(surface, chart, marks, s)
        if marks:
            key = (
                _("Green won, red lost")
                if solitaire
                else _("Green won, red lost, gold: the best rival")
            )
            legend = theme.text(key, small, theme.INK_DIM)
            surface.blit(legend, (x, chart.bottom + round(6 * s)))

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.scenes.stack[0] is self:
            felt(surface)
        else:
            dim(surface, 150)
        dialog(surface, self.rect, _("Statistics"), self.scale)
        size = round(19 * self.scale)
        self.game_sel.draw(surface, size)
        self.players_sel.draw(surface, size)
        f = self.figures
        if f is None:
            self._draw_unavailable(surface)
        else:
            self._draw_figures(surface, f)
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, self.scale)
