"""The table drawn in replay mode: the table's own drawing, with the band saying where the
replay is (or what the review says there) beside the slider, the review's rings over the
cards, and the review's box beside the table, in the side panel (so it never covers a hand).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _

from ..table.draw import TablePainter
from .review import ReviewDesk
from .slider import Slider
from .track import Track

if TYPE_CHECKING:
    from ..focus import KeyFocus
    from ..table.model import TableModel


class ReplayPainter(TablePainter):
    def __init__(self, model: TableModel, track: Track, review: ReviewDesk, slider: Slider):
        super().__init__(model)
        self.track = track
        self.review = review
        self.slider = slider

    @property
    def pos(self) -> int:
        return len(self.t.state.history)

    def place_slider(self) -> None:
        """The slider at the right of the band, where the prompt's buttons go at play."""
        lay = self.t.table.layout
        self.slider.place(lay.band_buttons([round(lay.band.w * 0.42)])[0])

    def band_text(self) -> pygame.Rect:
        return self.t.table.layout.band_text([self.slider.rect])

    def where(self) -> str:
        """Where the replay is, in words: the deal, the move, who is to play."""
        t, track, pos = self.t, self.track, self.pos
        deal = track.deal_shown(t.state)
        if pos >= track.end and t.state.is_over:
            place = _("End of the match")
        else:
            place = _("Move {move} of {moves}").format(move=pos, moves=track.end)
        said = _("Deal {deal} · {place}").format(deal=deal, place=place)
        current = t.state.current_player
        if current is not None and t.synced:
            said = _("{said} · {who} to play").format(said=said, who=t.who(current))
        return said

    def band_message(self) -> str:
        t = self.t
        if t.moment.held is not None and t.moment.held_until_click:
            return super().band_message()
        return (self.review.line(self.pos) if t.synced else "") or self.where()

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        super()._draw_prompt(surface)
        self.slider.draw(surface, self.pos, self.t.table.layout.scale)

    def side_height(self) -> int:
        return self.review.panel_height()

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.review.draw_panel(surface, rect, self.pos)

    def draw(self, surface: pygame.Surface, glow: Callable[[], float], focus: KeyFocus) -> None:
        super().draw(surface, glow, focus)
        if self.t.synced and not self.t.moment.show_last:
            self.review.draw_rings(surface, self.pos)
