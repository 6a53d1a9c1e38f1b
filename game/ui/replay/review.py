"""A match's review as the replay shows it: at a decision of the reviewed seat, the move
played and the best one ringed, the label and the reason in one line; beside the table, the
seat's chance to win the deal across the deal, and the accuracy per deal and for the match.

The review is data (:mod:`game.review.model`) made by the judge; this part only reads it.
While the judge runs, :meth:`ReviewDesk.show_progress` says how far it is, and
:meth:`ReviewDesk.set` takes the review once it is done.  The reason is the coach's
(:class:`game.ai.coach_worlds.Reason`, stored as its code, parts and move), worded as the
coach's hints are (:mod:`game.ui.hint_words`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.coach_worlds import Reason
from game.engine import IllegalMove, Move
from game.i18n import N_, _
from game.review.model import CLOSE, FORCED, Decision, Review

from .. import theme
from ..hint_words import reason_words
from ..table.hint import HINT_COLOR, ring

if TYPE_CHECKING:
    from ..table.model import TableModel
    from .track import Track

#: Each label in words, as the band says it.
LABEL_WORDS = {
    "best": N_("Best move"),
    "good": N_("Good move"),
    "inaccuracy": N_("Inaccuracy"),
    "mistake": N_("Mistake"),
    "blunder": N_("Blunder"),
    CLOSE: N_("Too close to judge"),
    FORCED: N_("Forced"),
}
#: Each label's colour: its ring around the move played, its dot on the chart and the slider.
LABEL_COLORS = {
    "best": (110, 210, 120),
    "good": (160, 210, 150),
    "inaccuracy": (235, 205, 90),
    "mistake": (245, 145, 60),
    "blunder": (240, 70, 60),
    CLOSE: theme.INK_FAINT,
    FORCED: theme.INK_FAINT,
}
#: The labels N and Shift+N jump between.
MISTAKES = ("mistake", "blunder")


class ReviewDesk:
    def __init__(self, model: TableModel, track: Track) -> None:
        self.t = model
        self.track = track
        self.review: Review | None = None
        self._at: dict[int, Decision] = {}
        #: how far the judge is (decisions done, of how many), while it runs
        self.progress: tuple[int, int] | None = None

    def set(self, review: Review | None) -> None:
        """Show ``review`` (None: no review)."""
        self.review = review
        self.progress = None
        self._at = {d.index: d for d in review.decisions} if review is not None else {}

    def show_progress(self, done: int, total: int) -> None:
        """The judge has judged ``done`` decisions of ``total``."""
        self.progress = (done, total)

    @property
    def shown(self) -> bool:
        """Whether anything of a review is shown beside the table (the review, or its progress)."""
        return self.review is not None or self.progress is not None

    def at(self, pos: int) -> Decision | None:
        """The reviewed decision the table shows at ``pos`` (its move is the next one)."""
        return self._at.get(pos)

    def mistake_after(self, pos: int, back: bool = False) -> int | None:
        """The position of the next (``back``: the last) mistake or blunder after ``pos``."""
        found = [k for k, d in self._at.items() if d.label in MISTAKES]
        later = [k for k in found if (k < pos if back else k > pos)]
        if not later:
            return None
        return max(later) if back else min(later)

    def marks(self) -> list[tuple[int, tuple[int, int, int]]]:
        """The mistakes and blunders, where the slider marks them."""
        return [(k, LABEL_COLORS[d.label]) for k, d in self._at.items() if d.label in MISTAKES]

    # -- words ------------------------------------------------------------------------------
    def _move(self, text: str) -> Move | None:
        try:
            return self.t.state.parse_move(text)
        except IllegalMove:
            return None

    def _said(self, text: str) -> str:
        move = self._move(text)
        return self.t.hints.move_words(move) if move is not None else text

    def reason(self, d: Decision) -> str:
        """The coach's reason for the best move, in words ("" when the judge gave none)."""
        raw = d.reason
        if not raw or not isinstance(raw.get("code"), str):
            return ""
        text = raw.get("move")
        move = self._move(text) if isinstance(text, str) else None
        parts = raw.get("parts") or {}
        gui, deck = self.t.gui, self.t.deck
        return reason_words(
            Reason(raw["code"], dict(parts), move),
            gui.card_short,
            lambda c: gui.suit_label(c.suit, deck),
            self.t.hints.move_words,
        )

    def line(self, pos: int) -> str:
        """The band's line at a reviewed decision: the label, the move played, the best one
        and why ("" elsewhere)."""
        d = self.at(pos)
        if d is None:
            return ""
        label = _(LABEL_WORDS.get(d.label, d.label))
        played = self._said(d.move)
        if d.label == FORCED:
            return _("{label}: {move}").format(label=label, move=played)
        why = self.reason(d)
        if d.best == d.move:
            said = _("{label}: {move}").format(label=label, move=played)
        else:
            said = _("{label}: {move} played, {best} was best").format(
                label=label, move=played, best=self._said(d.best)
            )
        return _("{said} — {reason}").format(said=said, reason=why) if why else said

    # -- drawing over the table ----------------------------------------------------------------
    def rings(self, pos: int) -> list[tuple[pygame.Rect, tuple[int, int, int]]]:
        """Where the review rings at ``pos``: the cards of the move played in its label's
        colour, and those of the best move in the hint's violet."""
        d = self.at(pos)
        if d is None or d.label == FORCED:
            return []
        out = []
        for text, color in ((d.best, HINT_COLOR), (d.move, LABEL_COLORS[d.label])):
            move = self._move(text)
            if move is None or (text == d.best and d.best == d.move):
                continue
            cards = set(move.cards)
            out += [
                (self.t.sprite_rect(sp), color)
                for sp in self.t.table.sprites
                if sp.card in cards and not sp.moving and (sp.zone != "hand" or sp.owner == d.seat)
            ]
        return out

    def draw_rings(self, surface: pygame.Surface, pos: int) -> None:
        for rect, color in self.rings(pos):
            ring(surface, self.t, rect, color)

    # -- the panel beside the table --------------------------------------------------------------
    def panel_height(self) -> int:
        """How tall the review's box beside the table is (0 with no review)."""
        if not self.shown:
            return 0
        s = self.t.table.layout.text
        if self.review is None:
            return round(52 * s)
        return round(150 * s)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, pos: int) -> None:
        """The progress of the judge, or the accuracy and the chart of the deal at ``pos``."""
        s = self.t.table.layout.text
        size = round(13 * s)
        y = rect.y
        if self.review is None:
            if self.progress is None:
                return
            done, total = self.progress
            said = _("Reviewing… {done} of {total}").format(done=done, total=total)
            surface.blit(theme.text(said, size, theme.INK_DIM), (rect.x, y))
            bar = pygame.Rect(rect.x, y + round(22 * s), rect.w, round(10 * s))
            pygame.draw.rect(surface, (40, 64, 52), bar, border_radius=bar.h // 2)
            full = pygame.Rect(bar.x, bar.y, round(bar.w * done / max(1, total)), bar.h)
            pygame.draw.rect(surface, theme.GOLD, full, border_radius=bar.h // 2)
            return
        deal = self.track.deal_shown(self.t.state)
        here = self.review.deal_accuracy.get(deal)
        said = _("Accuracy: deal {deal}, match {match}").format(
            deal="—" if here is None else round(here), match=round(self.review.accuracy)
        )
        lines, fit = theme.fit_lines(said, rect.w, round(34 * s), size)
        for line in lines:
            surface.blit(theme.text(line, fit, theme.INK, True), (rect.x, y))
            y += theme.font(fit, True).get_linesize()
        title = theme.text(_("Chance to win the deal"), round(12 * s), theme.INK_DIM)
        surface.blit(title, (rect.x, y + round(2 * s)))
        y += title.get_height() + round(6 * s)
        self._chart(surface, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), pos, deal)

    def _chart(self, surface: pygame.Surface, box: pygame.Rect, pos: int, deal: int) -> None:
        """The seat's chance to win the deal at each of its decisions in the deal (the dots in
        their labels' colours), the 50% line, and the table's position."""
        if box.h < 8 or box.w < 8:
            return
        track = self.track
        start = track.deal_starts[deal - 1]
        stop = track.deal_starts[deal] if deal < track.deals else track.end
        span = max(1, stop - start)
        pygame.draw.rect(surface, (12, 24, 18), box, border_radius=4)
        pygame.draw.rect(surface, (70, 110, 90), box, 1, border_radius=4)
        inner = box.inflate(-8, -8)

        def at(index: int, win: float) -> tuple[int, int]:
            return (
                inner.x + round(inner.w * (index - start) / span),
                inner.bottom - round(inner.h * max(0.0, min(1.0, win))),
            )

        mid = inner.centery
        for x in range(inner.x, inner.right, 6):
            pygame.draw.line(surface, (70, 100, 84), (x, mid), (min(x + 3, inner.right), mid))
        if start <= pos <= stop:
            x = at(pos, 0.0)[0]
            pygame.draw.line(surface, theme.GOLD_DARK, (x, inner.top), (x, inner.bottom))
        assert self.review is not None
        dots = [
            (at(d.index, win), LABEL_COLORS.get(d.label, theme.INK))
            for d in self.review.decisions
            if start <= d.index < stop and (win := d.win) is not None
        ]
        if len(dots) > 1:
            pygame.draw.lines(surface, theme.INK_DIM, False, [p for p, _c in dots], 2)
        r = max(2, round(3 * self.t.table.layout.scale))
        for p, color in dots:
            pygame.draw.circle(surface, color, p, r)
