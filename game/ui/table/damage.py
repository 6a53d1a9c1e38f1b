"""What the table's next frame changes on screen, and when the table next changes on its own.

The table scene owns one :class:`TableDamage` (``scene.damage``), which reads the table's
model; the app asks it through the scene's ``changed()`` and ``wake_in()``
(:class:`~game.ui.scene.Scene`).  Two kinds of change:

- the *still* picture — plates, scores, the panel, the prompt, buttons, the chooser, badges, the
  deck, which cards lie in which pile and whether a pile is settled — changes only a few times a
  deal (a card dealt, played or taken, a turn passing): then everything is redrawn;
- cards in flight, the breathing glow of the seat to play and a fading banner change every
  frame of an animation: only their old and new rectangles are redrawn.

So an idle table changes nothing: the glow breathes for :data:`GLOW_FOR` seconds of a turn and
then holds still, and with no card moving and no timer due the table says it can sleep.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..anim import CardSprite
from ..cards import card_size
from ..scene import Damage

if TYPE_CHECKING:
    from ..forced import ForcedCard
    from .draw import TablePainter
    from .model import TableModel

#: Seconds the glow around the seat to play breathes at the start of a turn, then holds still.
GLOW_FOR = 2.0
#: Breaths per second of the glow.
GLOW_RATE = 1.0

Look = tuple[Any, ...]  # everything a card's pixels depend on


class TableDamage:
    def __init__(self, model: TableModel, painter: TablePainter, forced: ForcedCard) -> None:
        self.t = model
        self.painter = painter
        self.forced = forced
        self._cards: dict[int, tuple[CardSprite, Look, pygame.Rect]] = {}
        self._still: Look | None = None
        self._turn: tuple[int | None, int] | None = None
        self._turn_at = 0.0
        self._glow_shown: int | None = None  # the glow's alpha in the last frame drawn
        #: the table waits for decisions (a replay's does not: nobody decides there)
        self.decides = True

    # -- the glow of the seat to play ---------------------------------------------------------
    def _turn_age(self) -> float:
        """Seconds since the current turn began (a new decision, or a new seat to play)."""
        sc = self.t
        turn = (self._glowing(), sc.synced_at)
        if turn != self._turn:
            self._turn, self._turn_at = turn, sc.time
        return sc.time - self._turn_at

    def _glowing(self) -> int | None:
        """The seat whose plate glows: the one to play, once the show has caught up."""
        sc = self.t
        return sc.state.current_player if sc.synced else None

    def glow(self) -> float:
        """The glow's strength (0.6 to 1): breathing for GLOW_FOR seconds of a turn, starting
        and ending at full strength, then still."""
        age = self._turn_age()
        if age >= GLOW_FOR:
            return 1.0
        return 0.6 + 0.4 * abs(((age * GLOW_RATE * 2) % 2) - 1)

    # -- what changed -------------------------------------------------------------------------
    def changed(self) -> Damage:
        """None when the still picture changed; else the rectangles of whatever moved."""
        sc = self.t
        still = self._still_look()
        whole = still != self._still
        self._still = still
        rects = self._moved_cards()
        painter = self.painter
        glow = int(255 * self.glow()) if self._glowing() is not None else None
        if glow != self._glow_shown and painter.glow_rect is not None:
            rects.append(painter.glow_rect)
        self._glow_shown = glow
        if sc.moment.banner is not None and painter.banner_rect is not None:
            rects.append(painter.banner_rect)  # fading in or out
        return None if whole else rects

    def _still_look(self) -> Look:
        """Everything drawn that is not a card in flight, the glow or the banner's fade."""
        sc = self.t
        gui, seats = sc.gui, range(sc.state.seats)
        piles: dict[tuple[str, int], tuple[int, bool]] = {}
        for sp in sc.table.sprites:  # which cards lie where, and which piles are settled
            group = (sp.zone, sp.owner)
            count, moving = piles.get(group, (0, False))
            piles[group] = (count + 1, moving or sp.moving)
        banner = sc.moment.banner[:2] if sc.moment.banner is not None else None
        buttons = [
            (b.label, b.enabled, b.hover, b.pressed, b.focus, tuple(b.rect))
            for b in (*sc.prompt.panel_buttons, *sc.prompt.buttons)
        ]
        return (
            sc.table.layout.size,
            sc.synced,
            self._glowing(),
            sc.deck,
            sc.back_key,
            sc.loading,
            sc.viewer,
            gui.model_key(sc.panel),
            tuple(sc.names),
            tuple(gui.seat_scores(sc.panel)),
            tuple(tuple(gui.badges(s)) for s in seats),
            tuple(gui.pile_badge(s) for s in seats),
            tuple(sorted(piles.items())),
            sc.table.deck_count,
            sc.prompt.kind,
            tuple(sc.prompt.selected),
            sc.prompt.hover,
            sc.prompt.chooser,
            tuple(buttons),
            sc.gui.last_look() if sc.moment.show_last else None,
            sc.moment.winner_mark,
            sc.moment.held[0] if sc.moment.held is not None else None,
            self.painter.band_message(),
            banner,
        )

    def _moved_cards(self) -> list[pygame.Rect]:
        """The old and new rectangles of every card that looks different (or came or went)."""
        sc = self.t
        marks = self.painter.marks()
        before = self._cards
        now: dict[int, tuple[CardSprite, Look, pygame.Rect]] = {}
        rects: list[pygame.Rect] = []
        for sp in sc.table.sprites:
            lift = sc.lift(sp)
            key = sc.table.sprite_key(sp, sc.face_key, sc.back_key)
            mark = marks.get(id(sp), "")
            look = (sp.x, sp.y - lift, sp.w, sp.squash, key, mark, sp.z, sp.moving)
            old = before.pop(id(sp), None)
            if old is not None and old[0] is sp and old[1] == look:
                now[id(sp)] = old
                continue
            rect = _card_area(sp.x, sp.y - lift, sp.w)
            now[id(sp)] = (sp, look, rect)
            rects.append(rect)
            if old is not None:
                rects.append(old[2])
        rects += [rect for _, _, rect in before.values()]  # cards no longer on the table
        self._cards = now
        return rects

    # -- when the table next changes ------------------------------------------------------------
    def wake_in(self) -> float | None:
        """0 while anything moves or is due now; else the seconds until the soonest timer (a
        beat of the show holding still, the last trick shown, a forced card's beat, a mark
        that lasts a moment, an AI seat's answer), or None when the table waits for the
        player."""
        sc = self.t
        q = sc.queue
        if sc.loading or sc.table.moving or sc.ev < len(sc.state.events) or sc.images.pending:
            return 0.0
        if sc.moment.banner is not None or (
            self._glowing() is not None and self._turn_age() < GLOW_FOR
        ):
            return 0.0
        waits = [sc.moment.show_last_timer] if sc.moment.show_last_timer > 0 else []
        if self.forced.sprite is not None:  # a forced card waits its beat, then plays
            waits.append(max(0.0, self.forced.left))
        mark = sc.gui.next_change(sc.time)  # a mark the game shows for a moment
        if mark is not None:
            waits.append(mark)
        if q.waiting:  # held until something outside says (a summary closes, a click)
            return min(waits, default=None)
        if q.current is not None or q.steps:
            waits.append(max(0.0, q.remaining) if q.current is not None else 0.0)
        elif not sc.state.is_over:
            waits += self._decision_wait()
        return min(waits, default=None)

    def _decision_wait(self) -> list[float]:
        """Once the show is over: now if the table has yet to take it in (save, ask), until an
        AI's answer while one thinks, nothing while the player is asked."""
        sc = self.t
        if sc.synced_at != len(sc.state.history):
            return [0.0]
        if not self.decides:
            return []
        current = sc.state.current_player
        if current is None or sc.kind_of(current) == "human":
            return []
        thought = sc.ai.thought
        return [thought.wake_in() if thought is not None else 0.0]


def _card_area(x: float, y: float, width: float) -> pygame.Rect:
    """Where a card centred at (x, y) may paint: itself, its shadow and its highlight ring."""
    w, h = card_size(max(1, round(width)))
    margin = w // 6 + 6
    rect = pygame.Rect(0, 0, w + 2 * margin, h + 2 * margin)
    rect.center = (round(x), round(y))
    return rect
