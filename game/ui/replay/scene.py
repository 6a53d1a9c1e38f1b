"""A finished match replayed: the table scene in replay mode, and the match's review on it.

The table is the play table's own (:class:`~game.ui.scenes.table.TableScene`: its model, its
drawing and its animations fed by the engine's events); only what decides differs.  Nobody
decides here: no AI seat thinks, no move can be played, nothing is saved and no statistics are
counted.  The position is the number of moves played (``len(state.history)``): Right plays the
record's next move on the table's state, animated as in play (a deal's end shows its summary,
which goes on to the next deal when closed); every other move through the match (Left, Home,
End, PgUp/PgDn, the slider) lays the position out at once, from the state kept at its deal's
start (:mod:`game.ui.replay.track`).  The hands show as the chosen seat saw them (the human's,
by default) or all face up.

A review (:class:`game.review.model.Review`) is given at the start or later
(:meth:`ReplayScene.set_review`), and the judge's progress while it runs
(:meth:`ReplayScene.review_progress`); :mod:`game.ui.replay.review` shows it.  Esc leaves for
the scene the replay was opened from (History).

It lives here, beside its parts, rather than with the scenes: it is the table scene itself in
another mode (a subclass), not a scene that opens another (those ask the router by name).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import DealScored, MatchOver
from game.i18n import _
from game.review.match import JUDGE
from game.review.model import Review

from ..games import game_ui
from ..savegame import store_review, stored_review
from ..scene import Damage
from ..scenes.table import TableScene
from ..table import show
from ..table.draw import TablePainter
from ..table.model import TableModel
from ..widgets import Button
from . import keys as replay_keys
from .draw import ReplayPainter
from .review import ReviewDesk
from .reviewing import ReviewRun
from .slider import Slider
from .track import Track

if TYPE_CHECKING:
    from ..runner import App
    from ..savegame import SavedMatch


log = logging.getLogger(__name__)


class ReplayScene(TableScene):
    keeps = False

    def __init__(
        self,
        app: App,
        match: SavedMatch,
        review: Review | None = None,
        path: Path | None = None,
    ) -> None:
        """``path``: the match's file, where a review is kept once computed (and found when
        the match is opened again)."""
        state = match.state
        app.set_deck(app.settings.deck_for(state.name, state.players), chosen=False)
        self.track = Track(state, game_ui(state.name).taking_kinds)
        self.slider = Slider(self.track.end, self.go_to)
        self.slider.ticks = self.track.deal_starts[1:]
        super().__init__(app, self.track.state_at(0), match.setup, resumed=True)
        self.verdicts = None  # the solitaire's verdict is asked of the AI: not in a replay
        self.damage.decides = False  # no decision is waited for
        self._look: tuple[object, ...] = ()
        self.path = path
        self.run: ReviewRun | None = None
        self.set_review(review or self._stored(self.model.viewer))

    def _painter(self, model: TableModel) -> TablePainter:
        """The replay's painter, and the review it draws (both need the table's model, made
        by the table scene's constructor, which asks for its painter here)."""
        self.review = ReviewDesk(model, self.track)
        return ReplayPainter(model, self.track, self.review, self.slider)

    @property
    def pos(self) -> int:
        """The position shown: how many of the record's moves have been played."""
        return len(self.model.state.history)

    # -- the review --------------------------------------------------------------------------
    def set_review(self, review: Review | None) -> None:
        """Show ``review`` on the replay (its seat's hand is the one shown); None: none."""
        self.review.set(review)
        self.slider.marks = self.review.marks()
        m = self.model
        if review is not None and not m.table.open_hands and review.seat != m.viewer:
            self._turn_to(review.seat)

    def review_progress(self, done: int, total: int) -> None:
        """The judge has judged ``done`` of ``total`` decisions (shown beside the table)."""
        self.review.show_progress(done, total)

    def review_seat(self) -> None:
        """Review the decisions of the seat the table is seen from (R): the review kept in
        the match's file if there is one, else the judge's, in a worker thread.  While the
        judge runs, R stops it."""
        if self.run is not None:
            self.run.cancel()
            return
        seat = self.model.viewer
        stored = self._stored(seat)
        if stored is not None:
            self.set_review(stored)
            return
        self.run = ReviewRun(self.track.end_state.record(), seat)
        self.review_progress(0, 0)

    def _stored(self, seat: int) -> Review | None:
        data = stored_review(self.path, seat, JUDGE) if self.path is not None else None
        if data is None:
            return None
        try:
            return Review.from_json(data)
        except (KeyError, TypeError, ValueError) as exc:  # a file anyone can edit
            log.warning("the review kept in %s is damaged (%s): made again", self.path, exc)
            return None

    def _follow_review(self) -> None:
        """The judge's progress shown; its review, once done, shown and kept in the file."""
        run = self.run
        if run is None:
            return
        if not run.finished:
            self.review_progress(run.done, run.total)
            return
        self.run = None
        review = run.result()
        if review is None:
            self.set_review(self.review.review)  # the progress goes, any review shown stays
            said = _("Review stopped.") if run.cancelled else _("The review failed.")
            self.app.toast(said, "info" if run.cancelled else "warn", 2.0)
            return
        self.set_review(review)
        failure = store_review(self.path, review.seat, review.to_json()) if self.path else None
        if failure is not None:  # shown all the same, made again next time
            said = _("The review could not be kept in {folder}: {reason}.")
            self.app.toast(said.format(folder=failure.folder, reason=failure.reason), "warn", 4.0)

    # -- moving through the match ---------------------------------------------------------------
    def forward(self) -> None:
        """The next move, animated as in play (what is still being shown is shown at once)."""
        m = self.model
        self._finish_show()
        if m.queue.waiting:  # a deal's summary opened: it goes on when closed
            return
        if self.pos >= self.track.end:
            self.app.toast(_("This is the end of the match"), "info", 1.5)
            return
        if m.state.between_deals:
            m.state.deal_next()
        m.apply(self.track.moves[self.pos])

    def go_to(self, pos: int) -> None:
        """The match at ``pos``, laid out at once."""
        pos = max(0, min(self.track.end, pos))
        m = self.model
        if pos == self.pos and m.synced:
            return
        m.moment.end_hold()
        m.moment.winner_mark = None
        m.moment.banner = None
        m.moment.shown_last = []
        m.restore(self.track.state_at(pos))

    def _finish_show(self) -> None:
        """Everything still to be shown, shown at once (up to a deal's summary, which waits)."""
        m = self.model
        show.pump(m)
        for _n in range(10_000):
            if m.queue.idle or m.queue.waiting:
                break
            m.skip()
            m.queue.update(0.0)
        m.table.settle()

    def next_mistake(self, back: bool) -> None:
        if self.review.review is None:
            self.app.toast(_("No review of this match yet"), "info", 1.5)
            return
        pos = self.review.mistake_after(self.pos, back)
        if pos is None:
            self.app.toast(_("No other mistake"), "info", 1.5)
            return
        self.go_to(pos)

    # -- how the hands are shown -------------------------------------------------------------------
    def toggle_open(self) -> None:
        """Every hand face up, or as the seat saw them."""
        m = self.model
        self._finish_show()
        m.table.open_hands = not m.table.open_hands
        m.rebuild()
        said = _("Every hand face up") if m.table.open_hands else _("The hands as {who} saw them")
        self.app.toast(said.format(who=m.short_name(m.viewer)), "info", 1.5)

    def next_seat(self) -> None:
        """The table seen from the next seat."""
        m = self.model
        if m.solitaire:
            return
        self._turn_to((m.viewer + 1) % m.state.seats)
        self.app.toast(_("Seen from {who}").format(who=m.short_name(m.viewer)), "info", 1.5)

    def _turn_to(self, seat: int) -> None:
        m = self.model
        self._finish_show()
        m.viewer = seat
        m.table.set_viewer(seat)
        m.rebuild()
        self.resize(self.app.size)

    # -- the table's ends, and what is not done in a replay ---------------------------------------
    def update(self, dt: float) -> None:
        self._follow_review()
        m = self.model
        if m.queue.waiting and not self.summary_open:
            m.queue.release()  # the match's end (its banner): nothing else waits in a replay
        if self._follow(dt) and m.synced_at != len(m.state.history):
            self._on_sync()

    def _on_sync(self) -> None:
        """In step again: the panel shows the position (nothing is asked, nothing saved)."""
        m = self.model
        st = m.state
        m.synced_at = len(st.history)
        view = st.view(m.viewer)
        m.panel = m.gui.new_model(view, st.seed)
        m.gui.on_sync(view)
        m.prompt.clear()
        self._place_prompt()

    def summary_closed(self, data: DealScored) -> None:
        super().summary_closed(data)
        self.model.synced_at = -1  # the next deal is dealt: the panel follows it

    def _on_over(self, over: MatchOver) -> float:
        self.model.show_banner(_("Match over"), "", 2.5)
        return 0.0

    # -- keys, buttons, drawing ----------------------------------------------------------------
    def _make_panel_buttons(self) -> None:
        m = self.model
        m.prompt.panel_buttons = [
            Button(_(m.gui.LAST_BUTTON), m.toggle_last, tag="last"),
            Button(_("All hands (F)"), self.toggle_open, tag="open"),
            Button(_("Review (R)"), self.review_seat, tag="review"),
            Button(_("Settings"), lambda: self.app.open("settings"), tag="settings"),
            Button(_("Rules"), self.open_rules, tag="rules"),
            Button(_("Back (Esc)"), self.leave_replay, tag="back"),
        ]

    def _place_buttons(self) -> None:
        super()._place_buttons()
        assert isinstance(self.painter, ReplayPainter)
        self.painter.place_slider()

    def keys_list(self) -> None:
        self.app.open("keys", replay=True)

    def table_key(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def leave_replay(self) -> None:
        if self.run is not None:
            self.run.cancel()
        self.app.scenes.remove(self)

    def changed(self) -> Damage:
        """The table's damage, and the whole frame when what the replay adds changed (a review
        came, the judge went on, the slider was taken or let go)."""
        damage = super().changed()
        r = self.review
        look = (id(r.review), r.progress, self.slider.dragging)
        if look != self._look:
            self._look = look
            return None
        return damage

    def handle(self, event: pygame.event.Event) -> None:
        if self.slider.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            replay_keys.keydown(self, event)
        elif event.type != pygame.KEYUP or event.key == pygame.K_l:
            self.input.handle(event)  # the mouse: the panel's buttons, a click skips, L let go
