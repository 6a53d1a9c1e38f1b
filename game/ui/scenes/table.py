"""The card table: the engine's state shown and animated, and the human's decisions taken.

The engine runs ahead; the table follows its event log (``state.events``) with an index, turning
each event into animation beats (:mod:`game.ui.anim`).  Only when every event has been shown is
the table "in sync": then the side panel is refreshed from the viewer's view, the match is saved,
and the next decision is asked for, from the human (prompts, clicks) or from an AI seat thinking
in a worker thread.  Legality and reasons always come from the engine.

This scene is the same for every game; what a game shows and what a click means come from its
presentation module (:mod:`game.ui.games`), which sees the scene through
:class:`~game.ui.games.table_api.TableApi`.  The scene owns its helpers rather than inheriting
them: drawing is ``self.painter`` (:mod:`.table_draw`), the solitaire's undo/restart is
``self.solitaire_tools`` (:mod:`.table_tools`), the cards are ``self.table`` (the piles of
:mod:`game.ui.tableview`), the coach's hints ``self.hints`` and the solitaire's verdict
``self.verdicts`` (:mod:`.table_hint`), a card dragged from the hand ``self.drag``
(:mod:`game.ui.drag`).
"""

from __future__ import annotations

import logging
import math
import random
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.ai import make_seat
from game.engine import (
    BaseView,
    Card,
    DealScored,
    Event,
    GameState,
    IllegalMove,
    MatchOver,
    Move,
)
from game.engine.memo import forget_memos
from game.i18n import _

from .. import allocator
from ..anim import CardSprite, StepQueue
from ..cards import CardImages, card_size
from ..chooser import Chooser
from ..drag import CardDrag
from ..focus import HINT, KeyFocus
from ..forced import ForcedCard
from ..games import game_ui
from ..games.words import KIND_WORDS, deck_refusal
from ..hud import Hud
from ..savegame import MatchSetup
from ..savejournal import keep_finished, keep_saved
from ..scene import Damage, Scene
from ..settings import HOLDS
from ..tableview import TableView
from ..widgets import Button
from ..worker import AIWorker, Thought
from .table_damage import TableDamage
from .table_draw import TablePainter
from .table_hint import HintDesk, VerdictDesk
from .table_tools import SolitaireTools

if TYPE_CHECKING:
    from ..runner import App

log = logging.getLogger(__name__)

_IMAGES: CardImages | None = None


def card_images() -> CardImages:
    """One image cache for the whole app (kept across matches)."""
    global _IMAGES
    if _IMAGES is None:
        _IMAGES = CardImages()
    return _IMAGES


class TableScene(Scene):
    def __init__(self, app: App, state: GameState, setup: MatchSetup, *, resumed: bool = False):
        super().__init__(app)
        self.painter = TablePainter(self)
        self.keys = KeyFocus(self)  # keyboard play: the focus, its keys and the key list
        self.forced = ForcedCard(self)  # a forced card plays itself after a beat
        self.drag = CardDrag(self)  # a card dragged from the hand to the table plays it
        self.damage = TableDamage(self)  # what a frame changes, when the table next changes
        self.solitaire_tools = SolitaireTools(self)
        self.state = state
        self.setup = setup
        self.gui = game_ui(state.name)
        self.hints = HintDesk(self)  # the coach's hint: asked in the worker pool
        self.images = card_images()
        self.solitaire = state.players == 1
        #: the solitaire's live verdict (is the window still reachable?), shown by the game
        self.verdicts = VerdictDesk(self, self.gui.show_verdict) if self.solitaire else None
        self.kinds = list(setup.seats)
        self._names: tuple[tuple[int, int], list[str]] | None = None  # (viewer, names)
        self._wanted: list[tuple[str, str]] = []  # the pictures the table needs
        self.ai = {p: make_seat(k, state.name) for p, k in enumerate(self.kinds) if k != "human"}
        self.rng = random.Random(state.seed * 7919 + 1)
        # the coach and the solitaire's verdict draw from a stream of their own, so asking
        # for a hint never changes what the AI seats play next
        self.coach_rng = random.Random(state.seed * 7919 + 2)
        humans = [s for s in range(state.seats) if self.kind_of(s) == "human"]
        self.viewer = humans[0] if humans and not self.solitaire else 0
        g = self.gui
        g.attach(self)
        self.table = TableView(
            self.images, state.seats, self.viewer, solitaire=self.solitaire,
            hand_key=g.hand_key, size=app.size, sound=app.audio.play, hand_max=g.hand_max,
            center=g.center, pile_stride=g.pile_stride, pile_cards=g.pile_cards,
            flags=g.pile_flags,
        )  # fmt: skip
        self.hud = Hud(self.images)
        self.model = g.new_model(state.view(self.viewer), state.seed)
        self.queue = StepQueue()
        self.worker = AIWorker()
        self.thought: Thought | None = None
        self.ev = 0
        self.synced_at = -1  # len(history) when last in sync
        self.selected: list[Card] = []
        self.hover: CardSprite | None = None
        self.shown_last: list[tuple[int, Card]] = []
        self.last_winner: int | None = None
        self.show_last = False
        self.show_last_timer = 0.0
        self.winner_mark: CardSprite | None = None
        #: a finished trick or capture on hold: the label, and the card that took it
        self.held: tuple[str, CardSprite] | None = None
        self.held_until_click = False
        self.legal: list[Move] = []
        self.prompt_kind = ""
        self.buttons: list[Button] = []
        self._band_labels: list[str] = []
        self.panel_buttons: list[Button] = []
        self.chooser: Chooser | None = None
        self.banner: tuple[str, str, float, float] | None = None  # text, sub, age, ttl
        self.time = 0.0
        self.summary_open = False
        #: the last deal's result once the next deal is on: S shows its summary again
        self.last_scored: DealScored | None = None
        self.loading = True  # the first deal waits until the card pictures are ready
        if resumed:
            self.ev = len(state.events)
            self.rebuild()
            if not state.is_over:
                scored = [e.data for e in state.events if isinstance(e.data, DealScored)]
                self.last_scored = scored[-1] if scored else None
        self._make_panel_buttons()
        self.resize(app.size)

    # -- who is who ---------------------------------------------------------------------------
    def kind_of(self, seat: int) -> str:
        return self.kinds[self.state.controller(seat)]

    @property
    def names(self) -> list[str]:
        """Seat names as the viewer sees them (cached: they change only with the viewer)."""
        shorts = self._short_names()
        cached = self._names
        if cached is not None and cached[0] == (self.viewer, i18n.revision()):
            return cached[1]
        st = self.state
        kinds = [self.kind_of(i) for i in range(st.seats)]
        names = []
        for s in range(st.seats):
            name = self.gui.seat_name(s, self.viewer, st.seats, kinds, st.players)
            if kinds[s] != "human" and not self.solitaire:
                kind = _(KIND_WORDS.get(kinds[s], kinds[s]))
                name = _("{name} ({kind})").format(name=shorts[s], kind=kind)
            names.append(name)
        self._names = ((self.viewer, i18n.revision()), names)
        return names

    def _short_names(self) -> list[str]:
        st = self.state
        kinds = [self.kind_of(i) for i in range(st.seats)]
        return [
            self.gui.seat_short(s, self.viewer, st.seats, kinds, st.players)
            if st.players > 1
            else self.gui.seat_name(s, self.viewer, st.seats, kinds, st.players)
            for s in range(st.seats)
        ]

    def short_name(self, seat: int) -> str:
        """A seat's name without its seat kind ("West", "You")."""
        return self._short_names()[seat]

    # -- deck and drawing keys ----------------------------------------------------------------
    @property
    def deck(self) -> str:
        return self.app.settings.deck

    def face_key(self, card: Card) -> tuple[str, str]:
        return self.images.face_key(self.state.name, card, self.deck)

    @property
    def back_key(self) -> tuple[str, str]:
        return self.images.back_key(self.app.settings.back)

    def refuse_deck(self, deck: str) -> str | None:
        return deck_refusal(self.state.name, self.state.players, deck)

    def language_changed(self) -> None:
        """Every text again in the new language: the names, the panel's buttons, the prompt
        and the panel (the match, the animation and the held trick go on untouched)."""
        self._make_panel_buttons()
        self.resize(self.app.size)
        if hasattr(self.gui, "language_changed"):
            self.gui.language_changed()

    def deck_changed(self) -> None:
        self._warm()
        self._place_prompt()  # buttons and choosers that name cards are redrawn in the new deck

    def _warm(self) -> None:
        lay = self.table.layout
        keys = [self.back_key] + [self.face_key(c) for c in self.gui.deck_cards()]
        self._wanted = keys
        self.images.want(keys, list(lay.sizes))

    # -- layout -------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        self._warm()
        self._place_buttons()

    def _make_panel_buttons(self) -> None:
        b: list[Button] = []
        if self.solitaire:
            tools = self.solitaire_tools
            b.append(Button(_("Undo (U)"), tools.undo, tag="undo"))
            b.append(Button(_("Undo deal"), tools.undo_deal, tag="undo_deal"))
            b.append(Button(_("Restart (R)"), tools.restart, tag="restart"))
            b.append(Button(_("New deal (N)"), tools.new_deal, tag="new_deal"))
        b.append(Button(_(self.gui.LAST_BUTTON), self.toggle_last, tag="last"))
        if self.last_scored is not None:
            b.append(Button(_("Last deal (S)"), self.open_last_deal, tag="last_deal"))
        b.append(Button(_("Rules"), self.open_rules, tag="rules"))
        b.append(Button(_("Menu (Esc)"), self.open_menu, tag="menu"))
        self.panel_buttons = b

    def _place_buttons(self) -> None:
        lay = self.table.layout
        s = lay.scale
        pad = round(16 * s)
        bh = round(34 * lay.text)  # as tall as their text (the text size of Settings)
        panel = lay.panel
        # two columns while every label fits at the one button size, else one
        need = max(lay.button_width(b.label) for b in self.panel_buttons)
        cols = 2 if need <= (panel.w - 2 * pad - 8) // 2 else 1
        bw = (panel.w - 2 * pad - (cols - 1) * 8) // cols
        n = len(self.panel_buttons)
        rows = (n + cols - 1) // cols
        top = panel.bottom - pad - rows * (bh + 8)
        for i, btn in enumerate(self.panel_buttons):
            r, c = divmod(i, cols)
            btn.place(pygame.Rect(panel.x + pad + c * (bw + 8), top + r * (bh + 8), bw, bh))
        self._place_prompt()

    # -- the show: events to animation --------------------------------------------------------
    def pump(self) -> None:
        events = self.state.events
        batch_kinds = self.gui.batch_kinds
        while self.ev < len(events):
            e = events[self.ev] if self.solitaire else events[self.ev].for_seat(self.viewer)
            self.ev += 1
            kind = type(e.data)
            if kind in batch_kinds:
                batch = [e]
                while self.ev < len(events) and type(events[self.ev].data) is kind:
                    batch.append(events[self.ev].for_seat(self.viewer))
                    self.ev += 1
                self.gui.enqueue_batch(batch)
                continue
            self._enqueue(e)

    def _enqueue(self, e: Event) -> None:
        if self.gui.enqueue(e):
            return
        match e.data:
            case DealScored() as scored:
                self.queue.add(lambda: self._on_scored(scored), "deal_scored", blocking=True)
            case MatchOver() as over:
                self.queue.add(lambda: self._on_match_over(over), "match_over", blocking=True)

    def _on_scored(self, scored: DealScored) -> float:
        from .. import stats
        from .summary import SummaryScene

        stats.deal_scored(self, scored)
        self.summary_open = True
        st = self.state  # the panel shows the deal's last position, as the summary counts it
        self.model = self.gui.new_model(st.final_view(self.viewer), st.seed)
        self.model.turn = None  # the panel marks nobody to play under the summary
        if self.verdicts is not None and st.current_player is None:
            self.verdicts.refresh()  # the solitaire's verdict now says how the deal ended
        self.app.push(SummaryScene(self.app, self, scored))
        return 0.0

    def _on_match_over(self, over: MatchOver) -> float:
        from .. import stats
        from .result import ResultScene

        stats.match_over(self, over)
        if not self.setup.autoplay and self.app.persist:
            keep_finished(self.app, self.state, self.setup)
        self.app.push(ResultScene(self.app, self, over))
        return 0.0

    def summary_closed(self, data: DealScored) -> None:
        """The deal's summary was closed: the show goes on, and during the next deal S (and
        the panel's "Last deal" button) shows that summary again."""
        self.summary_open = False
        self.queue.release()
        if not self.state.is_over:
            self.last_scored = data
            self._make_panel_buttons()
            self._place_buttons()

    def open_last_deal(self) -> None:
        """The last deal's summary again, over the table, only to be read."""
        from .summary import SummaryScene

        if self.last_scored is None:
            self.app.toast(_("No deal has ended yet"), "info", 1.5)
            return
        self.app.push(SummaryScene(self.app, self, self.last_scored, again=True))

    def show_banner(self, text: str, sub: str = "", ttl: float = 1.6) -> float:
        """A big word in the band ("Scopa!", a Buongioco) with what it says, fading out."""
        self.banner = (text, sub, 0.0, ttl * max(0.5, self.app.settings.speed_factor))
        return 0.0

    def hold(self, label: str, sprite: CardSprite | None) -> float:
        """Keep a finished trick or capture on the table, ``label`` ("Won by West") under it,
        below the card that took it, for the time set in Settings (scaled by the speed) or, set
        to wait for a click, until the player clicks or presses a key; returns the beat's
        length.  A table of AI seats only never waits for a click."""
        seconds = self.app.settings.hold_seconds
        self.held_until_click = seconds is None and not self.setup.autoplay
        if seconds is None:
            seconds = math.inf if self.held_until_click else self.table.d(HOLDS["normal"] or 1)
        self.held = (label, sprite) if sprite is not None and seconds > 0 else None
        return seconds

    def end_hold(self) -> None:
        self.held = None
        self.held_until_click = False

    def band_message(self) -> str:
        """What the band says: what a held trick waits for, else the prompt."""
        if self.held is not None and self.held_until_click:
            return _("Click or press a key to go on")
        if not self.prompt_kind or not self.synced:
            return ""
        hint = self.hints.band_text()
        if hint:
            return hint
        if self.chooser is not None and self.chooser.grid:
            return ""  # the chooser carries the question as its title
        return self.gui.prompt_text()

    def who(self, seat: int) -> str:
        """A seat's name inside a sentence ("won by you", "won by West")."""
        mine = seat == self.viewer and self.kind_of(seat) == "human" and not self.solitaire
        return _("you") if mine else self.short_name(seat)

    # -- sync, AI and decisions ---------------------------------------------------------------
    @property
    def synced(self) -> bool:
        return self.queue.idle and self.ev >= len(self.state.events)

    def update(self, dt: float) -> None:
        self.time += dt
        self.table.speed = self.app.settings.speed_factor
        if self.banner is not None:
            text, sub, age, ttl = self.banner
            self.banner = (text, sub, age + dt, ttl) if age + dt < ttl else None
        if self.loading:
            # nothing moves yet: spend the frame preparing pictures, then deal
            self.images.warm(0.0025)
            sizes = list(self.table.layout.sizes)
            missing = self.images.missing(self._wanted, sizes)
            if missing and not self.images.pending:
                # a width the cache dropped for others drawn meanwhile (the panel's, a
                # button's icon): ask again, or the table would wait for it forever
                self.images.want(self._wanted, sizes)
            self.loading = missing > 0
            self.pump()
            return
        self.images.warm(0.0015)
        self.table.update(dt)
        if self.show_last_timer > 0:
            self.show_last_timer -= dt
            if self.show_last_timer <= 0:
                self.show_last = False
        self.pump()
        self.queue.update(dt)
        self.hints.update()
        if self.verdicts is not None:
            self.verdicts.update()
        if not self.synced or self.state.is_over:
            return
        if self.synced_at != len(self.state.history):
            self._on_sync()
        current = self.state.current_player
        if current is None:
            return
        if self.kind_of(current) == "human":
            self.human_turn(dt)
            return
        if self.thought is None:
            view = self.state.view(current)
            speed = self.app.settings.speed_factor
            delay = (0.35 if self.setup.autoplay else 0.55) * speed
            who = self.names[current]
            self.thought = self.worker.think(
                self.ai[self.state.controller(current)], view, self.state.legal_moves(),
                self.rng, delay, who,
            )  # fmt: skip
        move = self.thought.poll(dt)
        if move is not None:
            if self.thought.fallback:
                self.app.toast(self.thought.fallback, "warn", 3.0)
            self.thought = None
            self.apply(move)

    def human_turn(self, dt: float) -> None:
        """Each frame the human is to decide: the keyboard focus follows the prompt, and a
        forced card plays itself after its beat."""
        self.keys.update()
        self.forced.update(dt)

    def _on_sync(self) -> None:
        st = self.state
        self.synced_at = len(st.history)
        current = st.current_player
        if (
            current is not None
            and not self.solitaire
            and self.kind_of(current) == "human"
            and current != self.viewer
        ):
            self.viewer = current  # several humans: the table turns to the one to play
            self.table.set_viewer(current)
            self.rebuild()
            self.app.toast(_("{who}: your turn").format(who=self.short_name(current)), "info", 2.0)
        view = st.view(self.viewer)
        self.model = self.gui.new_model(view, st.seed)
        self.gui.on_sync(view)
        self.legal = st.legal_moves() if current is not None else []
        human = current is not None and self.kind_of(current) == "human"
        self.prompt_kind = self.gui.decision(self.legal) if human and self.legal else ""
        self.selected = []
        self.hints.drop()
        self._place_prompt()
        if self.verdicts is not None:
            self.verdicts.refresh()
        if not self.setup.autoplay and self.app.persist and not st.is_over:
            keep_saved(self.app, st, self.setup)

    def apply(self, move: Move | str) -> bool:
        """Play a move for the current seat; a refusal is shown, never raised."""
        try:
            self.state.play(move)
        except IllegalMove as exc:
            self.app.toast(self.refusal(exc), "warn", 3.0)
            return False
        self.prompt_kind = ""
        self.buttons = []
        self.chooser = None
        self.selected = []
        self.hover = None
        self.hints.drop()
        self.pump()
        return True

    def refuse(self, move: Move) -> None:
        """Say why ``move`` (known to be illegal) is refused, from the engine's reason."""
        self.app.toast(self.refusal(self.state.why_illegal(move)), "warn", 3.0)

    def refusal(self, exc: IllegalMove) -> str:
        """A refusal in the player's words: its reason code and parts, cards as drawn."""
        names = [self.short_name(s) for s in range(self.state.seats)]
        return self.gui.refusal_text(exc, names, None if self.solitaire else self.viewer)

    def rebuild(self) -> None:
        """Lay out the table from the engine's view, without animation."""
        st = self.state
        v = st.view(self.viewer)
        self.gui.rebuild(v)
        self.model = self.gui.new_model(v, st.seed)
        self.ev = len(st.events)
        self.queue = StepQueue()
        self.synced_at = -1

    def restore(self, state: GameState) -> None:
        """Go on from ``state`` (an undo's replay), laid out without animation."""
        self.state = state
        self.thought = None
        self.rebuild()

    def start_over(self, state: GameState) -> None:
        """A fresh deal from ``state``: the table empties and the deal is animated."""
        self.state = state
        self.ev = 0
        self.table.clear()
        self.queue = StepQueue()
        self.synced_at = -1
        self.model = self.gui.new_model(state.view(0), state.seed)

    def hidden_hands(self, view: BaseView) -> dict[int, list[Card | None]]:
        """Each seat's hand as the viewer sees it: its own cards, and backs for the others."""
        own = self.gui.own_hands(view)
        return {
            s: list(own[s]) if s in own else [None] * view.hand_sizes[s]
            for s in range(self.state.seats)
        }

    # -- prompts ------------------------------------------------------------------------------
    def _place_prompt(self) -> None:
        self.buttons = []
        self.chooser = None
        if self.prompt_kind:
            self.gui.place_prompt()
            # last, so the number keys still pick the game's own buttons first
            self.buttons.append(Button(_("Hint (H)"), self.hints.ask, tag="hint"))
        self.lay_band()

    def lay_band(self) -> None:
        """Line the prompt's buttons up in the band, right-aligned, each as wide as its label
        (again whenever a label changes: the pass button names the cards chosen)."""
        lay = self.table.layout
        icon = getattr(self.gui, "button_icon", None)
        widths = [
            lay.button_width(b.label, icon is not None and icon(b) is not None)
            for b in self.buttons
        ]
        for b, rect in zip(self.buttons, lay.band_buttons(widths), strict=True):
            b.place(rect)
        self._band_labels = [b.label for b in self.buttons]

    def band_text(self) -> pygame.Rect:
        """The part of the band for the prompt and the messages (left of the buttons)."""
        if [b.label for b in self.buttons] != self._band_labels:
            self.lay_band()
        return self.table.layout.band_text([b.rect for b in self.buttons])

    @property
    def trump_rects(self) -> list[tuple[pygame.Rect, Move]]:
        """The options of the card chooser on screen (the 4th trump...), as (rect, move)."""
        return self.chooser.rects if self.chooser is not None else []

    def _pass_count(self) -> int:
        return self.gui.pass_count() if hasattr(self.gui, "pass_count") else 0

    def legal_cards(self) -> set[Card]:
        return self.gui.legal_cards() if self.prompt_kind else set()

    def active_hands(self) -> list[int]:
        if not self.prompt_kind:
            return []
        if self.solitaire:
            return [0, 1]
        return [self.viewer]

    # -- input --------------------------------------------------------------------------------
    def toggle_last(self) -> None:
        """Show the last trick or capture (the panel's button, a click on a pile) for a few
        seconds, or hide it."""
        if self.gui.last_look() is None:
            self.app.toast(_(self.gui.LAST_NONE), "info", 1.5)
            return
        self.show_last = not self.show_last
        self.show_last_timer = 4.0 if self.show_last else 0.0

    def open_menu(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def open_rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, self.state.name))

    def busy(self) -> bool:
        return not self.queue.idle or self.table.moving or self.ev < len(self.state.events)

    def skip(self) -> None:
        self.table.settle()
        self.queue.skip()

    def sprite_rect(self, sp: CardSprite) -> pygame.Rect:
        w, h = card_size(round(sp.w))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(sp.x), round(sp.y - self.painter.lift(sp)))
        return rect

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        if not self.prompt_kind:
            return None
        for sp in sorted(self.table.sprites, key=lambda sp: -sp.z):
            if self.gui.clickable(sp) and self.sprite_rect(sp).collidepoint(pos):
                return sp
        return None

    def pile_at(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on a seat's won cards: a pile of tricks or captures, or
        Cattura's captured cards laid face up."""
        lay = self.table.layout
        for s in range(self.state.seats):
            if self.table.piles[s] and lay.pile_rect(s).collidepoint(pos):
                return True
            if any(self.sprite_rect(sp).collidepoint(pos) for sp in self.table.front[s]):
                return True
        return False

    def _keydown(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if not self.gui.cancel():
                self.open_menu()
            return
        if key == pygame.K_d:
            self.app.toggle_deck()
            return
        if key == pygame.K_l:
            if self.gui.last_look() is not None:
                self.show_last = True
                self.show_last_timer = 0.0
            return
        if key == pygame.K_s and not self.solitaire:
            self.open_last_deal()
            return
        if self.solitaire and key in (pygame.K_u, pygame.K_r, pygame.K_n):
            self._solitaire_key(event)
            return
        if self.busy():
            self.skip()
            return
        if key in HINT:
            self.hints.ask()
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def _solitaire_key(self, event: pygame.event.Event) -> None:
        """U, Shift+U, R, N: the solitaire's undo, undo deal, restart and new deal."""
        if self.busy():
            self.skip()
        tools = self.solitaire_tools
        key = event.key
        if key == pygame.K_u:
            if event.mod & pygame.KMOD_SHIFT:
                tools.undo_deal()
            else:
                tools.undo()
        elif key == pygame.K_r:
            tools.restart()
        else:
            tools.new_deal()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if not self.keys.keydown(event):  # focus, Enter, 1-9, Space, H/F1: ..focus
                self._keydown(event)
            return
        if event.type == pygame.KEYUP and event.key == pygame.K_l:
            if self.show_last_timer <= 0:
                self.show_last = False
            return
        for b in self.panel_buttons:
            if b.handle(event):
                return
        self._mouse(event)

    def _mouse(self, event: pygame.event.Event) -> None:
        """The mouse over the table: hover marks, clicks, and a card dragged from the hand."""
        if event.type == pygame.MOUSEMOTION:
            self.keys.hide()  # the player points again: the keyboard focus goes
            if self.drag.motion(event.pos):
                return
            for b in self.buttons:
                b.handle(event)
            self.hover = self.sprite_at(event.pos) if self.prompt_kind else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.gui.cancel()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag.sprite is not None:
                self.drag.release(event.pos)
                return
            for b in self.buttons:
                if b.handle(event):
                    return

    def _click(self, event: pygame.event.Event) -> None:
        if self.busy():
            self.skip()
            return
        if self.show_last:
            self.show_last = False
            return
        for b in self.buttons:
            if b.handle(event):
                return
        if self.chooser is not None:
            move = self.chooser.at(event.pos)
            if move is not None:
                self.apply(move)
                return
        sp = self.sprite_at(event.pos)
        if sp is not None and sp.zone == "hand":
            self.drag.press(sp, event.pos)  # a click when let go here, a drag if moved
            return
        if sp is not None:
            self.gui.click_card(sp)
            return
        if self.chooser is not None and self.chooser.contains(event.pos):
            return
        if self.pile_at(event.pos):
            self.toggle_last()

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    # -- what a frame changes (game.ui.scenes.table_damage) -----------------------------------
    def changed(self) -> Damage:
        return self.damage.changed()

    def wake_in(self) -> float | None:
        return self.damage.wake_in()

    def toast_zone(self) -> pygame.Rect:
        """Where the app's messages go (read by the runner): clear of every card and plate."""
        return self.painter.toast_zone()

    def leave(self) -> None:
        """The table closes: its AI threads end, the engine's and the AI's memo tables are
        emptied (the next match fills them with its own positions), and the memory of the
        matches played before, freed by now, goes back to the system."""
        self.worker.close()
        forget_memos()
        allocator.give_back()
