"""The end of a match (or of a solitaire deal): a clear win or loss, and what next.

The solitaire's deal is its whole match, so its end is this one panel (the deal summary passes
straight on to it): won or lost, the capo's points against the window, and the deal's number.
A lost deal offers Take back (or U): the table again, before the move that lost it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.capodama_verdict import LostAt, lost_at
from game.engine import Card, GameState, MatchOver, new_game
from game.engine.capodama import CapodamaView
from game.i18n import _

from .. import theme
from ..focus_ring import FocusRing
from ..games.words import join_words
from ..scene import Scene
from ..table.tools import solitaire_seed
from ..widgets import Button, label_width
from .common import dialog, dim

if TYPE_CHECKING:
    from ..runner import App
    from ..table.model import TableModel


def solitaire_lines(
    state: GameState[CapodamaView],
    card_words: Callable[[Card], str] = str,
    lost: LostAt | None = None,
) -> list[str]:
    """The solitaire's end in words: the capo's points against the window (from the view), for
    a lost deal the move that lost it (``lost``, from :func:`game.ai.capodama_verdict.lost_at`,
    exact) and how to take it back, and the deal's number to replay it.  ``card_words`` says a
    card as the table shows it."""
    view = state.view(0)
    assert view.window is not None  # only the solitaire has a window, and these lines
    lo, hi = view.window
    lines = [
        _("The capo took {points} points: the window is {low} to {high}.").format(
            points=view.points_won[0], low=lo, high=hi
        )
    ]
    if lost is not None:
        window = f"{lo}–{hi}"
        if lost.move is None:
            lines.append(
                _("{window} was already out of reach when the second half was dealt.").format(
                    window=window
                )
            )
        else:
            card = card_words(lost.card) if lost.card is not None else state.history[lost.move]
            lines.append(
                _(
                    "Lost at trick {trick}: after {card}, {window} could no longer be reached."
                ).format(trick=lost.trick, card=card, window=window)
            )
        lines.append(
            _("Take back (U) returns to the table before that move.")
            if lost.move is not None
            else _("Take back (U) returns to the start of the deal.")
        )
    lines.append(_("Deal no. {number} — replay it with Restart deal.").format(number=state.seed))
    return lines


class ResultScene(Scene):
    overlay = True

    def __init__(
        self, app: App, table: TableModel, data: MatchOver, back_to: Callable[[int], None]
    ) -> None:
        """``back_to`` takes the solitaire back to its first n moves (Take back)."""
        super().__init__(app)
        self.table = table
        self.back_to = back_to
        st = table.state
        winners = list(data.winners)
        self.age = 0.0
        self.autoplay = table.setup.autoplay
        self.lost: LostAt | None = None
        if table.solitaire:
            self.won = bool(winners)
            self.title = _("You won the solitaire!") if self.won else _("Solitaire lost")
            self.lost = lost_at(st)
            self.lines = solitaire_lines(st, table.gui.card_short, self.lost)
            self.buttons = [
                Button(_("Restart deal"), self.retry, tag="retry"),
                Button(_("New deal"), self.new_deal, primary=True, tag="new_deal"),
                Button(_("Title"), self.title_screen, tag="title"),
                Button(_("History"), self.history, tag="history"),
            ]
            if self.lost is not None:
                self.buttons.insert(0, Button(_("Take back"), self.take_back, tag="take_back"))
        else:
            names = [table.short_name(s) for s in range(st.seats)]
            self.won = table.viewer in winners and table.kind_of(table.viewer) == "human"
            who = join_words([names[w] for w in winners])
            if self.won:
                self.title = _("You win the match!")
            elif not winners:
                self.title = _("Nobody wins the match")
            elif len(winners) > 1:
                self.title = _("{who} win the match").format(who=who)
            else:
                self.title = _("{who} wins the match").format(who=who)
            self.lines = [
                ", ".join(
                    _("{who} {score}").format(who=names[s], score=st.scores[s])
                    for s in range(st.seats)
                )
            ]
            self.buttons = [
                Button(_("Play again"), self.again, primary=True, tag="again"),
                Button(_("Title"), self.title_screen, tag="title"),
                Button(_("History"), self.history, tag="history"),
            ]
        if self.won:
            app.audio.play("chime")
        self.keys = FocusRing(app, lambda: self.buttons)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        w = round(600 * s)
        bh, gap = round(46 * s), round(14 * s)
        bw = max(round(170 * s), *(label_width(b.label, s) for b in self.buttons))
        w = min(size[0] - 24, max(w, len(self.buttons) * (bw + gap) + round(40 * s)))
        size_text = round(19 * s)
        self.wrapped = [
            part for line in self.lines for part in theme.wrap(line, size_text, w - round(50 * s))
        ]
        lh = theme.font(size_text, True).get_linesize() + 4
        h = round(70 * s) + len(self.wrapped) * lh + round(24 * s) + bh + round(20 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2 - round(120 * s), size[1] // 2)
        self.rect.clamp_ip(pygame.Rect(0, 0, *size).inflate(-24, -24))  # a wide one stays in view
        n = len(self.buttons)
        x0 = self.rect.centerx - (n * bw + (n - 1) * gap) // 2
        for i, b in enumerate(self.buttons):
            b.place(pygame.Rect(x0 + i * (bw + gap), self.rect.bottom - bh - round(20 * s), bw, bh))

    def _to_table(self, state: Any) -> None:
        self.app.go("table", state, self.table.setup)

    def retry(self) -> None:
        st = self.table.state
        self._to_table(new_game(st.name, players=st.players, seed=st.seed, **st.options))

    def new_deal(self) -> None:
        st = self.table.state
        seed = solitaire_seed(st.name, self.app.settings, dict(st.options))
        self._to_table(new_game(st.name, players=st.players, seed=seed, **st.options))

    def again(self) -> None:
        if self.table.online is not None:  # another table online: hosted or joined anew
            self.app.go("online")
            return
        st = self.table.state
        self._to_table(new_game(st.name, players=st.players, **st.options))

    def take_back(self) -> None:
        """The lost solitaire deal again, before the move that lost it (from the deal's start
        when the first half lost it), to be played another way; U and Shift+U go on undoing."""
        if self.lost is None:
            return
        self.app.scenes.remove(self)
        self.back_to(self.lost.move or 0)

    def title_screen(self) -> None:
        self.app.go("title")

    def history(self) -> None:
        """The finished matches (this one first, when it was kept) over this panel: Close
        comes back here."""
        self.app.open("history")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.title_screen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_u and self.lost is not None:
            self.take_back()
            return
        self.keys.route(event)

    def update(self, dt: float) -> None:
        self.age += dt
        self.table.table.update(dt)
        if self.autoplay and self.age > 4.0:
            self.again()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 140)
        s = self.scale
        y = dialog(surface, self.rect, self.title, s)
        color = theme.GREEN if self.won else theme.INK
        for part in self.wrapped:
            t = theme.text(part, round(19 * s), color, True)
            surface.blit(t, t.get_rect(midtop=(self.rect.centerx, y)))
            y += t.get_height() + 4
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, s)
