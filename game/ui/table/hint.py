"""The coach at the table: the Hint button and key, and the solitaire's live verdict.

Both ask the AI layer (:mod:`game.ai.coach`, :mod:`game.ai.capodama_verdict`) in the table's
worker pool, with the player's own view only, so frames keep coming while they think and no
hidden card can show.  An answer is kept only for the position it was asked about: playing a
move, an undo or a new deal makes it stale, and it is then dropped unseen.  A second press of
Hint while the coach thinks calls the hint off.

The table's model holds one :class:`HintDesk` (``model.hints``: the drawing shows it) and the
scene, in the solitaire, one :class:`VerdictDesk` (``scene.verdicts``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.capodama_verdict import Verdict, verdict
from game.ai.coach import Coach, Hint
from game.engine import Move
from game.i18n import _

from .. import theme
from ..hint_words import hint_reason
from ..scene import WAKEUP

if TYPE_CHECKING:
    from ..anim import CardSprite
    from .model import TableModel

#: The hint's ring: a warm violet, unlike the table's green (playable), gold (winner or
#: chosen) and the keyboard focus's blue.
HINT_COLOR = (214, 130, 255)

#: The smallest text size (at text scale 1) the hint's line keeps the move's words at, and
#: the smallest the band sets at all.
READABLE = 14
SMALLEST = 12

#: Where an answer belongs: the match, the moves played, the seat asked for.
Stamp = tuple[int, int, int | None]


def _wake(_: Future[Any]) -> None:
    """An answer is in: wake the app if it sleeps."""
    WAKEUP.set()


class HintDesk:
    """Asks the coach for the human's move and shows it: the move ringed, the reason in the
    band."""

    def __init__(self, model: TableModel) -> None:
        self.t = model
        self._coach: Coach | None = None
        self.pending: Future[Hint] | None = None
        self._asked: Stamp | None = None
        self.hint: Hint | None = None
        self._shown: Stamp | None = None

    def _stamp(self) -> Stamp:
        t = self.t
        return (id(t.state), len(t.state.history), t.state.current_player)

    @property
    def coach(self) -> Coach:
        if self._coach is None or self._coach.game != self.t.state.name:
            self._coach = Coach(self.t.state.name)
        return self._coach

    def available(self) -> bool:
        """A hint may be asked now: the human is to decide and the table is in sync."""
        t = self.t
        return bool(t.prompt.kind) and t.synced and t.state.current_player is not None

    def ask(self) -> None:
        """The Hint button or key: ask the coach, or call off the hint it is thinking of, or
        hide the one shown."""
        t = self.t
        if self.pending is not None:
            self.drop()
            t.app.toast(_("Hint called off"), "info", 1.2)
            return
        if self.current() is not None:
            self.drop()
            return
        if not self.available():
            t.app.toast(_("A hint is given when it is your turn"), "info", 1.5)
            return
        current = t.state.current_player
        assert current is not None
        view = t.state.view(current)  # the player's own view: never the state
        legal = list(t.prompt.legal)
        rng = random.Random(t.ai.coach_rng.random())
        self.pending = t.ai.worker.pool.submit(self.coach.advise, view, legal, rng)
        self.pending.add_done_callback(_wake)
        self._asked = self._stamp()

    def drop(self) -> None:
        """Forget the hint asked or shown (a move was played, the deal changed)."""
        if self.pending is not None:
            self.pending.cancel()
        self.pending = None
        self.hint = None
        self._asked = self._shown = None

    def update(self) -> None:
        """Each frame: take the coach's answer in when it is ready and still of use."""
        future = self.pending
        if future is None or not future.done():
            return
        self.pending = None
        if future.cancelled() or self._asked != self._stamp():
            return
        exc = future.exception()
        if exc is not None:
            self.t.app.toast(_("No hint this time: the coach failed"), "warn", 2.0)
            return
        hint = future.result()
        if hint.move in self.t.prompt.legal:
            self.hint, self._shown = hint, self._asked

    def current(self) -> Hint | None:
        """The hint shown now (None once stale)."""
        if self.hint is not None and self._shown == self._stamp():
            return self.hint
        return None

    def thinking(self) -> bool:
        return self.pending is not None

    # -- what is shown --------------------------------------------------------------------------
    def band_text(self, area: pygame.Rect) -> str:
        """The band's line while a hint is asked or shown, to fit ``area`` (the band's part for
        the prompt)."""
        if self.thinking():
            return _("Hint: thinking…")
        hint = self.current()
        if hint is None:
            return ""
        gui = self.t.gui
        deck = self.t.deck
        reason = hint_reason(
            hint, gui.card_short, lambda c: gui.suit_label(c.suit, deck), self.move_words
        )
        forms = [  # shorter and shorter: the rings show the move, the violet that it is a hint
            _("Hint: {move} — {reason}").format(move=self.move_words(hint.move), reason=reason),
            _("Hint: {reason}").format(reason=reason),
            reason,
        ]
        return next((text for text in forms if self._fits(text, area)), forms[-1])

    def _fits(self, text: str, area: pygame.Rect) -> bool:
        """Whether ``text`` fits the band's part for the prompt in two lines of
        :data:`READABLE` text (narrow with a bid's buttons at a small window size); else the
        hint leaves out the move's words, which its rings show, then the word "Hint"."""
        s = self.t.table.layout.text
        f = theme.font(max(round(READABLE * s), SMALLEST), True)
        lines = theme.wrap_in(f, text, area.w - round(24 * s))  # the band's text inset
        return len(lines) <= 2 and len(lines) * f.get_linesize() <= area.h

    def move_words(self, move: Move) -> str:
        """A move as the table shows it: a card by its corner, a bid by its button's label,
        else in words."""
        gui = self.t.gui
        if move.kind in ("play", "") and move.cards:
            return gui.card_short(move.cards[0])
        label = next((b.label for b in self.t.prompt.buttons if b.tag == move.text), None)
        return label if label is not None else gui.move_words(move)

    def marked(self) -> list[pygame.Rect]:
        """Where the hint rings: the cards of its move on the table (the card to play, the
        cards it takes), the button or the chooser option that makes it."""
        hint = self.current()
        if hint is None:
            return []
        t = self.t
        move = hint.move
        cards = set(move.cards)
        rects = [t.sprite_rect(sp) for sp in t.table.sprites if self._rings(sp, cards)]
        rects += [b.rect for b in t.prompt.buttons if b.tag == move.text]
        rects += [r for r, m in t.prompt.trump_rects if m == move]
        return rects

    def lifted(self, sp: CardSprite) -> bool:
        """Whether ``sp`` is a hand card of the hint shown (raised like one under the mouse)."""
        hint = self.current()
        return hint is not None and sp.zone == "hand" and sp.card in hint.move.cards

    def _rings(self, sp: CardSprite, cards: set[Any]) -> bool:
        if sp.card is None or sp.card not in cards or sp.moving:
            return False
        return sp.zone != "hand" or sp.owner in self.t.active_hands()

    def draw(self, surface: pygame.Surface) -> None:
        for rect in self.marked():
            ring(surface, self.t, rect, HINT_COLOR)


def ring(
    surface: pygame.Surface, t: TableModel, rect: pygame.Rect, color: tuple[int, int, int]
) -> None:
    """A card (with a glow around it) or a button ringed in ``color``, as the hint rings its
    move (a replay's review rings the best move and the one played so)."""
    s = t.table.layout.scale
    if rect.h > rect.w:  # a card: a glow around it
        glow = t.images.ring(rect.w, color, f"ring{color}")
        surface.blit(glow, glow.get_rect(center=rect.center))
    pad = max(2, round(3 * s))
    pygame.draw.rect(
        surface,
        color,
        rect.inflate(2 * pad, 2 * pad),
        max(2, round(3 * s)),
        border_radius=max(4, rect.w // 14 + pad),
    )


class VerdictDesk:
    """The solitaire's verdict after every move, computed in the worker pool and shown in the
    side panel; remembered per position, so an undo shows the earlier verdict at once."""

    def __init__(self, model: TableModel, show: Callable[[Verdict | None], None]) -> None:
        self.t = model
        self.show = show
        self.known: dict[tuple[str, ...], Verdict | None] = {}
        self.pending: tuple[tuple[str, ...], Future[Verdict | None]] | None = None

    def _key(self) -> tuple[str, ...]:
        st = self.t.state
        return (str(st.seed), *st.history)

    def refresh(self) -> None:
        """The position changed (in sync again): show its verdict, or ask for it."""
        key = self._key()
        if key in self.known:
            self.show(self.known[key])
            return
        if self.pending is not None:
            if self.pending[0] == key:
                return
            self.pending[1].cancel()  # a position already left: not asked if not yet begun
        st = self.t.state
        current = st.current_player
        if current is None:  # the deal is scored: its verdict is the engine's result, at once
            self.known[key] = verdict(st.view(self.t.viewer), self.t.ai.coach_rng)
            self.show(self.known[key])
            return
        view = st.view(current)
        rng = random.Random(self.t.ai.coach_rng.random())
        future = self.t.ai.worker.pool.submit(verdict, view, rng)
        future.add_done_callback(_wake)
        self.pending = (key, future)

    def update(self) -> None:
        if self.pending is None:
            return
        key, future = self.pending
        if not future.done():
            return
        self.pending = None
        if future.cancelled() or future.exception() is not None:
            return
        self.known[key] = future.result()
        if key == self._key():
            self.show(self.known[key])
