"""The card table: the engine's state shown and animated, and the human's decisions taken.

The engine runs ahead; the table follows its event log (``state.events``) with an index, turning
each event into animation beats (:mod:`game.ui.anim`).  Only when every event has been shown is
the table "in sync": then the side panel is refreshed from the viewer's view, the match is saved,
and the next decision is asked for, from the human (prompts, clicks) or from an AI seat thinking
in a worker thread.  Legality and reasons always come from the engine.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import pygame

from game.ai import make_seat
from game.art import skins
from game.engine import Card, Event, GameState, IllegalMove, Move, load_record, new_game

from .. import background, theme
from ..anim import CardSprite, StepQueue
from ..cards import CardImages, card_size
from ..games import game_ui
from ..hud import Hud, HudModel
from ..savegame import MatchSetup, clear_save, save_match
from ..scene import Scene
from ..tableview import TableView
from ..widgets import Button
from ..worker import AIWorker, Thought

log = logging.getLogger(__name__)

_IMAGES: CardImages | None = None


def card_images() -> CardImages:
    """One image cache for the whole app (kept across matches)."""
    global _IMAGES
    if _IMAGES is None:
        _IMAGES = CardImages()
    return _IMAGES


class TableScene(Scene):
    def __init__(self, app: Any, state: GameState, setup: MatchSetup, *, resumed: bool = False):
        super().__init__(app)
        self.state = state
        self.setup = setup
        self.gui = game_ui(state.name)
        self.images = card_images()
        self.solitaire = state.players == 1
        self.kinds = list(setup.seats)
        self.ai = {p: make_seat(k, state.name) for p, k in enumerate(self.kinds) if k != "human"}
        self.rng = random.Random(state.seed * 7919 + 1)
        humans = [s for s in range(state.seats) if self.kind_of(s) == "human"]
        self.viewer = humans[0] if humans and not self.solitaire else 0
        self.table = TableView(
            self.images, state.seats, self.viewer, solitaire=self.solitaire,
            hand_key=self.gui.hand_key, size=app.size, sound=app.audio.play,
        )  # fmt: skip
        self.hud = Hud(self.images)
        self.model = HudModel.from_view(self.gui.title, state.view(self.viewer), state.seed)
        self.queue = StepQueue()
        self.worker = AIWorker()
        self.thought: Thought | None = None
        self.ev = 0
        self.synced_at = -1  # len(history) when last in sync
        self.ready: set[int] = set()  # seats that chose their pass
        self.selected: list[Card] = []
        self.hover: CardSprite | None = None
        self.shown_last: list[tuple[int, Card]] = []
        self.last_winner: int | None = None
        self.show_last = False
        self.show_last_timer = 0.0
        self.winner_mark: CardSprite | None = None
        self.legal: list[Move] = []
        self.prompt_kind = ""
        self.buttons: list[Button] = []
        self.panel_buttons: list[Button] = []
        self.trump_rects: list[tuple[pygame.Rect, Move]] = []
        self.time = 0.0
        self.summary_open = False
        self.pending_pass: tuple[Card, ...] = ()
        self.loading = True  # the first deal waits until the card pictures are ready
        if resumed:
            self.ev = len(state.events)
            self.rebuild()
        self._make_panel_buttons()
        self.resize(app.size)

    # -- who is who ---------------------------------------------------------------------------
    def kind_of(self, seat: int) -> str:
        return self.kinds[self.state.controller(seat)]

    @property
    def names(self) -> list[str]:
        """Seat names as the viewer sees them (cached: they change only with the viewer)."""
        cached = getattr(self, "_names", None)
        if cached is not None and cached[0] == self.viewer:
            return cached[1]
        st = self.state
        names = [
            self.gui.seat_name(
                s, self.viewer, st.seats, [self.kind_of(i) for i in range(st.seats)], st.players
            )
            + ("" if self.kind_of(s) == "human" or self.solitaire else f" ({self.kind_of(s)})")
            for s in range(st.seats)
        ]
        self._names = (self.viewer, names)
        return names

    def short_name(self, seat: int) -> str:
        return self.names[seat].split(" (")[0]

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
        return skins.can_show(self.state.name, self.state.players, deck)

    def deck_changed(self) -> None:
        self._warm()
        self._place_prompt()  # buttons that name suits are relabelled in the new deck

    def _warm(self) -> None:
        lay = self.table.layout
        keys = [self.back_key] + [self.face_key(c) for c in self._deck_cards()]
        self._wanted = keys
        self.images.want(keys, list(lay.sizes))

    def _deck_cards(self) -> list[Card]:
        from game.engine.capodama import deck_for

        return deck_for(self.state.players)

    # -- layout -------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        self._warm()
        self._place_buttons()

    def _make_panel_buttons(self) -> None:
        b: list[Button] = []
        if self.solitaire:
            b.append(Button("Undo (U)", self.undo, size=16, tag="undo"))
            b.append(Button("Undo deal", self.undo_deal, size=16, tag="undo_deal"))
            b.append(Button("Restart (R)", self.restart, size=16, tag="restart"))
            b.append(Button("New deal (N)", self.new_deal, size=16, tag="new_deal"))
        b.append(Button("Last trick (L)", self.toggle_last, size=16, tag="last"))
        b.append(Button("Menu (Esc)", self.open_menu, size=16, tag="menu"))
        self.panel_buttons = b

    def _place_buttons(self) -> None:
        lay = self.table.layout
        s = lay.scale
        pad = round(16 * s)
        bh = round(34 * s)
        panel = lay.panel
        cols = 2
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
        while self.ev < len(events):
            e = events[self.ev].for_seat(None if self.solitaire else self.viewer)
            if self.solitaire:
                e = events[self.ev]
            self.ev += 1
            if e.kind == "passed":
                batch = [e]
                while self.ev < len(events) and events[self.ev].kind == "passed":
                    batch.append(events[self.ev].for_seat(self.viewer))
                    self.ev += 1
                self.queue.add(lambda b=batch: self._on_passed(b), "passed")
                continue
            self._enqueue(e)

    def _enqueue(self, e: Event) -> None:
        q = self.queue
        k = e.kind
        if k == "dealt":
            left = self.gui.set_aside_now(self.state, self.viewer) if e.data["half"] == 1 else 0
            if e.data.get("half", 1) == 1:
                q.add(self.table.gather, "gather")
            q.add(lambda: self._on_dealt(e, left), "dealt")
            q.add(self.table.sort_hands, "sort")
        elif k == "capo":
            q.add(lambda: self._on_capo(e), "capo")
        elif k == "doubled":
            q.add(lambda: self._on_doubled(e), "doubled")
        elif k == "trump":
            q.add(lambda: self._on_trump(e), "trump")
        elif k == "pass_chosen":
            q.add(lambda: self._ready(e.seat), "pass_chosen")
        elif k == "played":
            q.add(lambda: self.table.play(e.seat, e.cards[0]), "played")
        elif k == "partner":
            q.add(lambda: self._on_partner(e), "partner")
        elif k == "trick":
            q.add(lambda: self._on_trick_pause(e), "trick")
            q.add(lambda: self._on_sweep(e), "sweep")
        elif k == "deal_scored":
            q.add(lambda: self._on_scored(e), "deal_scored", blocking=True)
        elif k == "match_over":
            q.add(lambda: self._on_match_over(e), "match_over", blocking=True)

    def _on_dealt(self, e: Event, left: int) -> float:
        self.selected = []
        self.ready = set()
        if e.data.get("half", 1) == 1:
            m = self.model
            m.deal_no = e.data.get("deal_no", m.deal_no)
            m.capo = None
            m.doubled = None
            if m.fourth is not None:
                m.trumps = tuple(c for c in m.trumps if c != m.fourth)
            m.fourth = None
            m.revealed = ()
            m.points = [0] * self.state.seats
            self.shown_last = []
        self.app.audio.play("shuffle")
        return self.table.deal(list(e.cards), list(e.data["to"]), e.seat or 0, left)

    def _on_capo(self, e: Event) -> float:
        self.model.capo = e.seat
        if not self.solitaire:
            who = self.short_name(e.seat)  # type: ignore[arg-type]
            verb = "hold" if who == "You" else "holds"
            self.app.toast(f"{who} {verb} the {self._label(e.cards[0])}: capo", "info", 2.2)
        return self.table.d(0.25)

    def _on_doubled(self, e: Event) -> float:
        self.model.doubled = e.data["suit"]
        if not self.solitaire and e.seat != self.viewer:
            suit = self.gui.suit_label(e.data["suit"], self.deck)
            self.app.toast(f"{self.short_name(e.seat)} doubles {suit}", "info", 2.2)  # type: ignore[arg-type]
        return self.table.d(0.3)

    def _on_trump(self, e: Event) -> float:
        card = e.cards[0]
        self.model.fourth = card
        self.model.trumps = (*self.model.trumps, card)
        self.app.toast(f"4th trump: {self._label(card)}", "info", 2.5)
        return self.table.d(0.3)

    def _ready(self, seat: int | None) -> float:
        if seat is not None:
            self.ready.add(seat)
        return 0.0

    def _on_passed(self, batch: list[Event]) -> float:
        self.ready = set()
        self.pending_pass = ()
        self.selected = []
        passes = [(e.seat, e.data["to"], e.cards[0]) for e in batch]
        return self.table.pass_cards(passes)  # type: ignore[arg-type]

    def _on_partner(self, e: Event) -> float:
        self.model.revealed = (*self.model.revealed, e.seat)  # type: ignore[assignment]
        who = self.short_name(e.seat)  # type: ignore[arg-type]
        self.app.toast(
            f"{who} played the {self._label(e.cards[0])}: partner of the capo!", "info", 2.5
        )
        return 0.0

    def _on_trick_pause(self, e: Event) -> float:
        self.winner_mark = next((sp for s, sp in self.table.trick if s == e.seat), None)
        return self.table.d(0.6) + self.table.d(0.05)

    def _on_sweep(self, e: Event) -> float:
        self.winner_mark = None
        winner = e.seat or 0
        n = len(e.cards)
        trick = self.table.trick
        self.shown_last = [(s, sp.card) for s, sp in trick if sp.card is not None][:n]
        self.last_winner = winner
        if winner < len(self.model.points):
            self.model.points[winner] += e.data.get("points", 0)
        return self.table.sweep(winner)

    def _on_scored(self, e: Event) -> float:
        from .summary import SummaryScene

        self.model.scores = list(e.data.get("scores", self.model.scores))
        self.summary_open = True
        self.app.push(SummaryScene(self.app, self, e.data))
        return 0.0

    def _on_match_over(self, e: Event) -> float:
        from .result import ResultScene

        if not self.setup.autoplay:
            clear_save()
        self.app.push(ResultScene(self.app, self, e.data))
        return 0.0

    def summary_closed(self) -> None:
        self.summary_open = False
        self.queue.release()

    def _label(self, card: Card) -> str:
        return self.gui.card_label(card, self.deck)

    def say(self, message: str) -> str:
        """An engine message in the player's words (cards as drawn, seats by name)."""
        names = [self.short_name(s) for s in range(self.state.seats)]
        return self.gui.say(message, self.deck, names, None if self.solitaire else self.viewer)

    # -- sync, AI and decisions ---------------------------------------------------------------
    @property
    def synced(self) -> bool:
        return self.queue.idle and self.ev >= len(self.state.events)

    def update(self, dt: float) -> None:
        self.time += dt
        self.table.speed = self.app.settings.speed_factor
        if self.loading:
            # nothing moves yet: spend the frame preparing pictures, then deal
            self.images.warm(0.0025)
            lay = self.table.layout
            self.loading = self.images.missing(self._wanted, list(lay.sizes)) > 0
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
        if not self.synced or self.state.is_over:
            return
        if self.synced_at != len(self.state.history):
            self._on_sync()
        current = self.state.current_player
        if current is None:
            return
        if self.kind_of(current) == "human":
            return
        if self.thought is None:
            view = self.state.view(current)
            speed = self.app.settings.speed_factor
            delay = (0.35 if self.setup.autoplay else 0.55) * speed
            who = f"{self.short_name(current)} ({self.kind_of(current)})"
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
            self.app.toast(f"{self.short_name(current)}: your turn", "info", 2.0)
        view = st.view(self.viewer)
        self.model = HudModel.from_view(self.gui.title, view, st.seed)
        pending = view.phase == "exchange" and any(view.passes_chosen) and not view.received
        self.pending_pass = tuple(view.passed) if pending else ()
        self.legal = st.legal_moves() if current is not None else []
        human = current is not None and self.kind_of(current) == "human"
        self.prompt_kind = self.legal[0].kind if human and self.legal else ""
        self.selected = []
        self._place_prompt()
        if not self.setup.autoplay and self.app.persist and not st.is_over:
            save_match(st, self.setup)

    def apply(self, move: Move | str) -> bool:
        """Play a move for the current seat; a refusal is shown, never raised."""
        try:
            self.state.play(move)
        except IllegalMove as exc:
            self.app.toast(self.say(str(exc)), "warn", 3.0)
            return False
        self.prompt_kind = ""
        self.buttons = []
        self.trump_rects = []
        self.hover = None
        self.pump()
        return True

    def rebuild(self) -> None:
        """Lay out the table from the engine's view, without animation."""
        st = self.state
        v = st.view(self.viewer)
        hands: dict[int, list[Card | None]] = {}
        for s in range(st.seats):
            hands[s] = list(v.hands[s]) if s in v.hands else [None] * v.hand_sizes[s]
        piles = {s: v.tricks_won[s] * st.seats for s in range(st.seats)}
        self.table.rebuild(hands, v.trick, piles, v.set_aside, v.dealer)
        self.shown_last = list(v.last_trick or [])
        self.last_winner = v.last_winner
        self.model = HudModel.from_view(self.gui.title, v, st.seed)
        self.ev = len(st.events)
        self.queue = StepQueue()
        self.synced_at = -1

    # -- prompts ------------------------------------------------------------------------------
    def _place_prompt(self) -> None:
        self.buttons = []
        self.trump_rects = []
        lay = self.table.layout
        s = lay.scale
        cx, cy = lay.center
        if self.prompt_kind == "double":
            bw, bh = round(170 * s), round(64 * s)
            gap = round(16 * s)
            x0 = cx - (3 * bw + 2 * gap) / 2
            for i, m in enumerate(self.legal):
                label = self.gui.suit_label(m.arg, self.deck).capitalize()  # type: ignore[arg-type]
                b = Button(
                    "      " + label,
                    lambda m=m: self.apply(m),
                    size=round(20 * s),
                    tag=f"double {m.arg}",
                )
                b.place(pygame.Rect(round(x0 + i * (bw + gap)), round(cy - bh / 2), bw, bh))
                self.buttons.append(b)
        elif self.prompt_kind == "pass":
            bw, bh = round(320 * s), round(44 * s)
            b = Button(
                "Pass",
                self.confirm_pass,
                primary=True,
                size=round(19 * s),
                tag="confirm",
                key=pygame.K_RETURN,
            )
            b.place(pygame.Rect(round(cx - bw / 2), round(cy + lay.big_size[1] * 0.2), bw, bh))
            self.buttons.append(b)
        elif self.prompt_kind == "trump":
            cards = [m for m in self.legal]
            cols = min(7, len(cards))
            w = round(lay.small * 0.95)
            cw, ch = card_size(w)
            gap = round(8 * s)
            rows = (len(cards) + cols - 1) // cols
            x0 = cx - (cols * cw + (cols - 1) * gap) / 2
            y0 = cy - (rows * ch + (rows - 1) * gap) / 2 + round(14 * s)
            for i, m in enumerate(cards):
                r, c = divmod(i, cols)
                rect = pygame.Rect(round(x0 + c * (cw + gap)), round(y0 + r * (ch + gap)), cw, ch)
                self.trump_rects.append((rect, m))
        self._update_pass_button()

    def _update_pass_button(self) -> None:
        if self.prompt_kind != "pass":
            return
        need = self._pass_count()
        for b in self.buttons:
            if b.tag == "confirm":
                b.enabled = len(self.selected) == need
                if need == 2 and len(self.selected) < 2:
                    b.label = "Pick left, then right"
                elif self.selected:
                    names = [
                        self.short_name((self.viewer + 1) % self.state.seats),
                        self.short_name((self.viewer - 1) % self.state.seats),
                    ]
                    b.label = "Pass " + " · ".join(
                        f"{self._label(c)} → {names[i]}" for i, c in enumerate(self.selected)
                    )
                else:
                    b.label = "Choose a card to pass"

    def _short(self, card: Card) -> str:
        _folder, stem = self.face_key(card)
        return stem

    def _pass_count(self) -> int:
        return len(self.legal[0].cards) if self.legal and self.prompt_kind == "pass" else 0

    def confirm_pass(self) -> None:
        if len(self.selected) != self._pass_count():
            return
        self.apply(Move("pass", tuple(self.selected), "pass " + " ".join(map(str, self.selected))))

    def click_card(self, sp: CardSprite) -> None:
        """The human clicked a card of a hand it controls."""
        if sp.card is None:
            return
        st = self.state
        kind = self.prompt_kind
        if kind == "play":
            if self.solitaire and sp.owner != st.current_player:
                which = self.names[st.current_player].lower()  # type: ignore[index]
                self.app.toast(f"It is {which}'s turn to play", "warn", 2.0)
                return
            self.apply(str(sp.card))
        elif kind == "pass":
            self._toggle_pass(sp.card)
        elif kind == "double":
            self.app.toast("First choose the doubled suit", "warn", 2.0)
        elif kind == "trump":
            self.app.toast("First choose the 4th trump", "warn", 2.0)

    def _toggle_pass(self, card: Card) -> None:
        if card in self.selected:
            self.selected.remove(card)
            self._update_pass_button()
            return
        need = self._pass_count()
        if len(self.selected) >= need:
            self.selected = self.selected[1:] if need == 2 else []
        trial = [*self.selected, card]
        ok = any(tuple(m.cards[: len(trial)]) == tuple(trial) for m in self.legal)
        if not ok:
            filler = next(
                (
                    m.cards[len(trial) :]
                    for m in self.legal
                    if m.cards[0] != card and card not in m.cards
                ),
                (),
            )
            cards = tuple(trial) + tuple(filler)
            cards = cards[:need] if len(cards) >= need else tuple(trial)
            probe = Move("pass", cards, "pass " + " ".join(map(str, cards)))
            reason = self.state.why_illegal(probe)
            self.app.toast(self.say(reason), "warn", 3.0)
            return
        self.selected = trial
        self._update_pass_button()

    def legal_cards(self) -> set[Card]:
        if self.prompt_kind == "play":
            return {m.cards[0] for m in self.legal}
        if self.prompt_kind == "pass":
            k = len(self.selected) if len(self.selected) < self._pass_count() else 0
            pre = tuple(self.selected[:k])
            return {m.cards[k] for m in self.legal if tuple(m.cards[:k]) == pre}
        return set()

    def active_hands(self) -> list[int]:
        if not self.prompt_kind:
            return []
        if self.solitaire:
            return [0, 1]
        return [self.viewer]

    # -- solitaire tools ----------------------------------------------------------------------
    def _replay(self, moves: list[str]) -> None:
        rec = self.state.record()
        rec["moves"] = moves
        self.state = load_record(rec)
        self.thought = None
        self.rebuild()

    def undo(self) -> None:
        if not self.solitaire or not self.synced:
            return
        hist = self.state.history
        if not hist:
            self.app.toast("Nothing to undo", "info", 1.5)
            return
        self._replay(hist[:-1])
        self.app.toast("Undone", "info", 1.0)

    def undo_deal(self) -> None:
        if self.solitaire and self.state.history:
            self._replay([])
            self.app.toast("Back to the start of the deal", "info", 1.5)

    def restart(self) -> None:
        if not self.solitaire:
            return
        self.state = new_game(
            self.state.name, players=1, seed=self.state.seed, **dict(self.state.options)
        )
        self.ev = 0
        self.table.clear()
        self.queue = StepQueue()
        self.synced_at = -1
        self.model = HudModel.from_view(self.gui.title, self.state.view(0), self.state.seed)

    def new_deal(self, seed: int | None = None) -> None:
        if not self.solitaire:
            return
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        self.state = new_game(self.state.name, players=1, seed=seed, **dict(self.state.options))
        self.ev = 0
        self.table.clear()
        self.queue = StepQueue()
        self.synced_at = -1
        self.model = HudModel.from_view(self.gui.title, self.state.view(0), seed)

    # -- input --------------------------------------------------------------------------------
    def toggle_last(self) -> None:
        if not self.shown_last:
            self.app.toast("No trick has been played yet", "info", 1.5)
            return
        self.show_last = not self.show_last
        self.show_last_timer = 4.0 if self.show_last else 0.0

    def open_menu(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def busy(self) -> bool:
        return not self.queue.idle or self.table.moving or self.ev < len(self.state.events)

    def skip(self) -> None:
        self.table.settle()
        self.queue.skip()

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        hands = self.active_hands()
        for sp in sorted(self.table.sprites, key=lambda sp: -sp.z):
            if sp.zone != "hand" or sp.owner not in hands or sp.moving:
                continue
            w, h = card_size(round(sp.w))
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(sp.x), round(sp.y - self.lift(sp)))
            if rect.collidepoint(pos):
                return sp
        return None

    def pile_at(self, pos: tuple[int, int]) -> bool:
        lay = self.table.layout
        w, h = lay.small_size
        for s in range(self.state.seats):
            if self.table.piles[s]:
                r = pygame.Rect(0, 0, w, h)
                r.center = (round(lay.spot(s).pile[0]), round(lay.spot(s).pile[1]))
                if r.collidepoint(pos):
                    return True
        return False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.open_menu()
                return
            if key == pygame.K_d:
                self.app.toggle_deck()
                return
            if key == pygame.K_l:
                if self.shown_last:
                    self.show_last = True
                    self.show_last_timer = 0.0
                return
            if self.solitaire and key in (pygame.K_u, pygame.K_r, pygame.K_n):
                if self.busy():
                    self.skip()
                if key == pygame.K_u:
                    if event.mod & pygame.KMOD_SHIFT:
                        self.undo_deal()
                    else:
                        self.undo()
                elif key == pygame.K_r:
                    self.restart()
                else:
                    self.new_deal()
                return
            if self.busy():
                self.skip()
                return
            for b in self.buttons:
                if b.handle(event):
                    return
            return
        if event.type == pygame.KEYUP and event.key == pygame.K_l:
            if self.show_last_timer <= 0:
                self.show_last = False
            return
        for b in self.panel_buttons:
            if b.handle(event):
                return
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.handle(event)
            self.hover = self.sprite_at(event.pos) if self.prompt_kind else None
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.busy():
                self.skip()
                return
            if self.show_last:
                self.show_last = False
                return
            for b in self.buttons:
                if b.handle(event):
                    return
            for rect, m in self.trump_rects:
                if rect.collidepoint(event.pos):
                    self.apply(m)
                    return
            sp = self.sprite_at(event.pos)
            if sp is not None:
                self.click_card(sp)
                return
            if self.pile_at(event.pos):
                self.toggle_last()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.handle(event):
                    return

    # -- drawing ------------------------------------------------------------------------------
    def lift(self, sp: CardSprite) -> float:
        if sp.zone != "hand" or sp.owner not in self.active_hands():
            return 0.0
        full = self.table.layout.lift() * (0.7 if self.solitaire else 1.0)
        if sp.card in self.selected:
            return full * 1.2
        if sp is self.hover and sp.card in self.legal_cards():
            return full
        if sp.card in self.legal_cards() and self.prompt_kind in ("play", "pass"):
            return full * 0.3
        return 0.0

    def marks(self) -> dict[int, str]:
        out: dict[int, str] = {}
        if self.winner_mark is not None:
            out[id(self.winner_mark)] = "winner"
        hands = self.active_hands()
        if self.pending_pass and not self.prompt_kind:
            for sp in self.table.hands[self.viewer]:
                if sp.card in self.pending_pass:
                    out[id(sp)] = "selected"  # the card the viewer chose waits to be passed
        if not hands or self.prompt_kind not in ("play", "pass"):
            return out
        legal = self.legal_cards()
        current = self.state.current_player
        for s in hands:
            for sp in self.table.hands[s]:
                if sp.card in self.selected:
                    out[id(sp)] = "selected"
                elif self.solitaire and s != current and self.prompt_kind == "play":
                    out[id(sp)] = "dim"
                elif sp.card in legal:
                    out[id(sp)] = "hover" if sp is self.hover else "legal"
                else:
                    out[id(sp)] = "dim"
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background.felt(surface.get_size()), (0, 0))
        lay = self.table.layout
        self._draw_plates(surface)
        self.table.draw(surface, self.face_key, self.back_key, self.marks(), self.lift)
        self._draw_pile_counts(surface)
        names = self.names
        self.hud.draw(surface, lay.panel, self.model, names, self.deck, self.gui, self.face_key)
        for b in self.panel_buttons:
            b.draw(surface)
        self._draw_prompt(surface)
        if self.show_last and self.shown_last:
            self._draw_last_trick(surface)

    def _draw_plates(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        s = lay.scale
        current = self.state.current_player if self.synced else None
        for seat in range(self.state.seats):
            spot = lay.spot(seat)
            name = self.short_name(seat)
            if not self.solitaire and self.kind_of(seat) != "human":
                name = f"{name} · {self.kind_of(seat)}"
            score = ""
            if not self.solitaire and seat < len(self.model.scores):
                score = f"  {self.model.scores[seat]}"
            img = theme.text(name + score, round(16 * s), theme.INK, True)
            badges: list[tuple[str, theme.Color]] = []
            if self.model.capo == seat:
                badges.append(("CAPO", theme.GOLD))
            if seat in self.model.revealed:
                badges.append(("DAMA", (236, 120, 150)))
            if seat in self.ready and seat != self.viewer:
                badges.append(("READY", theme.GREEN))
            bw = sum(
                theme.text(t, round(12 * s), (0, 0, 0), True).get_width() + round(14 * s)
                for t, _ in badges
            )
            w = img.get_width() + round(24 * s) + bw
            h = lay.plate_h
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(spot.plate[0]), round(spot.plate[1]))
            if current is not None and seat == current:
                pulse = 0.6 + 0.4 * abs(((self.time * 1.2) % 2) - 1)
                glow = _glow(w + 14, h + 14)
                glow.set_alpha(int(255 * pulse))
                surface.blit(glow, glow.get_rect(center=rect.center))
            edge = theme.GOLD if current is not None and seat == current else (120, 170, 140)
            plate = _plate(w, h, edge)
            surface.blit(plate, rect.topleft)
            surface.blit(img, img.get_rect(midleft=(rect.x + round(12 * s), rect.centery)))
            x = rect.x + round(12 * s) + img.get_width() + round(8 * s)
            for text, color in badges:
                t = theme.text(text, round(12 * s), (20, 16, 8), True)
                br = pygame.Rect(x, 0, t.get_width() + round(10 * s), round(h * 0.7))
                br.centery = rect.centery
                pygame.draw.rect(surface, color, br, border_radius=br.h // 2)
                surface.blit(t, t.get_rect(center=br.center))
                x = br.right + round(4 * s)

    def _draw_pile_counts(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        s = lay.scale
        for seat in range(self.state.seats):
            n = len(self.table.piles[seat]) // max(1, self.state.seats)
            if n and not any(sp.moving for sp in self.table.piles[seat]):
                x, y = lay.spot(seat).pile
                t = theme.text(f"{n}", round(13 * s), theme.INK, True)
                r = pygame.Rect(
                    0, 0, max(t.get_width() + 10, t.get_height() + 4), t.get_height() + 4
                )
                r.center = (round(x + lay.small_size[0] / 2), round(y - lay.small_size[1] / 2))
                pygame.draw.rect(surface, (20, 30, 26), r, border_radius=r.h // 2)
                pygame.draw.rect(surface, theme.GOLD, r, 1, border_radius=r.h // 2)
                surface.blit(t, t.get_rect(center=r.center))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        if not self.prompt_kind or not self.synced:
            return
        lay = self.table.layout
        s = lay.scale
        cx, cy = lay.center
        current = self.state.current_player
        hand = self.names[current].lower() if self.solitaire and current is not None else ""
        text = self.gui.prompt(self.prompt_kind, self.state.players, hand)
        img = theme.text(text, round(20 * s), theme.INK, True)
        if self.prompt_kind == "trump":
            top = min(r.top for r, _ in self.trump_rects) if self.trump_rects else cy
            bottom = max(r.bottom for r, _ in self.trump_rects) if self.trump_rects else cy
            left = min(r.left for r, _ in self.trump_rects)
            right = max(r.right for r, _ in self.trump_rects)
            back = pygame.Rect(left, top, right - left, bottom - top).inflate(
                round(36 * s), round(36 * s) + img.get_height() * 2
            )
            back.top -= img.get_height()
            surface.blit(
                theme.rounded_panel(back.size, (8, 16, 12, 220), 16, theme.GOLD, 2), back.topleft
            )
            surface.blit(img, img.get_rect(midtop=(back.centerx, back.y + round(10 * s))))
            mouse = pygame.mouse.get_pos()
            for rect, m in self.trump_rects:
                card_img = self.images.get(self.face_key(m.cards[0]), rect.w)
                r = rect.move(0, -6) if rect.collidepoint(mouse) else rect
                surface.blit(card_img, r.topleft)
                if rect.collidepoint(mouse):
                    ring = self.images.ring(rect.w, (255, 236, 150), "hover")
                    surface.blit(ring, ring.get_rect(center=r.center))
            return
        y = cy - lay.big_size[1] * 0.55 if self.prompt_kind == "double" else None
        if self.prompt_kind == "play" or self.prompt_kind == "pass":
            spot = lay.spot(self.viewer if not self.solitaire else (current or 0))
            y = (
                spot.plate[1] - lay.plate_h * 1.2
                if spot.rel == 0
                else spot.plate[1] + lay.plate_h * 1.5
            )
        if y is not None:
            bg = theme.rounded_panel(
                (img.get_width() + 30, img.get_height() + 12),
                (8, 16, 12, 190),
                (img.get_height() + 12) // 2,
            )
            r = bg.get_rect(center=(round(cx), round(y)))
            surface.blit(bg, r.topleft)
            surface.blit(img, img.get_rect(center=r.center))
        for b in self.buttons:
            b.draw(surface)
            if self.prompt_kind == "double":
                arg = b.tag.split()[-1]
                ace = self.images.get(self.face_key(self.gui.suit_ace(arg)), round(b.rect.h * 0.55))
                surface.blit(ace, ace.get_rect(midleft=(b.rect.x + round(14 * s), b.rect.centery)))

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        s = lay.scale
        cx, cy = lay.center
        w = lay.small
        cw, ch = card_size(w)
        n = len(self.shown_last)
        gap = round(10 * s)
        width = n * cw + (n - 1) * gap + round(40 * s)
        height = ch + round(80 * s)
        panel = theme.rounded_panel((width, height), (8, 16, 12, 230), 16, theme.GOLD, 2)
        r = panel.get_rect(center=(round(cx), round(cy)))
        surface.blit(panel, r.topleft)
        who = self.short_name(self.last_winner) if self.last_winner is not None else "?"
        t = theme.text(f"Last trick — won by {who}", round(17 * s), theme.INK, True)
        surface.blit(t, t.get_rect(midtop=(r.centerx, r.y + round(10 * s))))
        x = r.x + round(20 * s)
        for seat, card in self.shown_last:
            img = self.images.get(self.face_key(card), w)
            surface.blit(img, (x, r.y + round(40 * s)))
            nm = theme.text(self.short_name(seat), round(12 * s), theme.INK_DIM)
            surface.blit(nm, nm.get_rect(midtop=(x + cw // 2, r.y + round(44 * s) + ch)))
            x += cw + gap

    def toast_zone(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """Where messages may go: over the felt (not the panel), clear of every card."""
        lay = self.table.layout
        avoid = []
        for sp in self.table.sprites:
            w, h = card_size(round(sp.w))
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(sp.x), round(sp.y))
            avoid.append(r)
        return lay.table, avoid

    def leave(self) -> None:
        self.worker.close()


_PLATES: dict[tuple[int, int, Any], pygame.Surface] = {}


def _plate(w: int, h: int, edge: Any) -> pygame.Surface:
    key = (w, h, edge)
    surf = _PLATES.get(key)
    if surf is None:
        if len(_PLATES) > 200:
            _PLATES.clear()
        surf = theme.rounded_panel((w, h), (8, 18, 14, 200), h // 2, edge, 1)
        _PLATES[key] = surf
    return surf


def _glow(w: int, h: int) -> pygame.Surface:
    """The soft gold halo around the plate of the seat to play (alpha pulses per frame)."""
    key = (w, h, "glow")
    surf = _PLATES.get(key)
    if surf is None:
        surf = theme.rounded_panel((w, h), (*theme.GOLD, 90), h // 2)
        _PLATES[key] = surf
    return surf
