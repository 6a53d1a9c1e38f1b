"""The table's model: the match, its seats, and what the table shows of it.

One :class:`TableModel` per table, handed to every part of the table (drawing, input, the
coach, the solitaire's tools, the AI seats) and to the game's presentation module, which sees
it as :class:`~game.ui.games.table_api.TableApi`; none of them needs the scene
(:mod:`game.ui.scenes.table`), which only wires them.  It holds:

- the match: the engine's ``state`` (which may be ahead of the animation), its ``setup`` (the
  record of who sits where), the seat kinds and the AI seats (:mod:`.seats`); for a match
  played on a server, ``online`` (:class:`Online`), and a ``state`` its frames feed;
- the show: the cards on the table (``table``, :mod:`game.ui.tableview`), the animation beats
  (``queue``) and how far into the engine's event log they are (``ev``), the view being shown
  in the side panel (``panel``, the game's own model), the seat the table is seen from;
- the human's decision (``prompt``, :mod:`.prompt`): what is asked, the legal moves, the cards
  picked, the prompt's buttons or chooser, and the panel's buttons;
- what the table shows for a while (``moment``, :mod:`.moment`): a finished trick held, a
  banner, the last trick or deal looked at again.

Its methods answer questions about that (names, keys of card pictures, where a card is drawn)
and make the few changes every part may ask for (play a move, hold a trick, rebuild).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from game import i18n
from game.engine import BaseView, Card, GameState, IllegalMove, Move
from game.i18n import _

from ..anim import CardSprite, StepQueue
from ..cards import CardImages, card_size
from ..games import game_ui
from ..games.words import KIND_WORDS
from ..savegame import MatchSetup
from ..settings import HOLDS
from ..tableview import TableView
from . import show
from .hint import HintDesk
from .moment import Moment
from .prompt import Prompt
from .seats import ONLINE, AISeats

if TYPE_CHECKING:
    from ..runner import App


class Online(Protocol):
    """A match played on a server (:mod:`game.ui.online`): the table's state is then one that
    the server's frames feed, every seat but the viewer's is of kind ``"online"`` (played
    elsewhere, by a person or the server's AI), and the table asks this of it."""

    def attach(self, model: TableModel) -> None:
        """The table is made: ``model`` is the one to tell what comes."""

    def update(self) -> None:
        """Each frame: take in what the server sent (and say what is to be said)."""

    def short_name(self, seat: int) -> str | None:
        """A seat's player's name, if it has one."""

    def plate_name(self, seat: int, short: str) -> str:
        """A seat's name on its plate, from its ``short`` name: who plays it, and whether
        the player is away."""

    def say(self, phrase: str) -> None:
        """Say one of the table's quick phrases (by its id)."""

    def close(self) -> None:
        """The table closes: the connection goes."""


class TableModel:
    def __init__(
        self,
        app: App,
        state: GameState,
        setup: MatchSetup,
        images: CardImages,
        ends: show.Ends,
        online: Online | None = None,
    ) -> None:
        """``ends``: what the table does at a deal's end and at the match's end (its summary,
        its result), called as their beats come up in the show; ``online``: the match is
        played on a server (``state`` is the one its frames feed)."""
        self.app = app
        self.state = state
        self.online = online
        self.setup = setup  # the record of who sits where: each controller's seat kind
        self.ends = ends
        self.gui = game_ui(state.name)
        self.images = images
        self._names: tuple[tuple[int, int], list[str]] | None = None  # (viewer, names)
        self.ai = AISeats(setup.seats, state.name, state.seed)
        self.hints = HintDesk(self)  # the coach's hint: asked in the worker pool
        humans = [s for s in range(state.seats) if self.kind_of(s) == "human"]
        self.viewer = humans[0] if humans and not self.solitaire else 0
        g = self.gui
        g.attach(self)
        self.table = TableView(
            images, state.seats, self.viewer, solitaire=self.solitaire,
            hand_key=g.hand_key, size=app.size, sound=app.audio.play, hand_max=g.hand_max,
            center=g.center, pile_stride=g.pile_stride, pile_cards=g.pile_cards,
            flags=g.pile_flags,
        )  # fmt: skip
        #: the view being shown in the side panel: the game's own model (GameUI.new_model)
        self.panel = g.new_model(state.view(self.viewer), state.seed)
        self.queue = StepQueue()
        self.ev: int = 0  # the events of state.events already turned into beats
        self.synced_at: int = -1  # len(history) when last in sync
        self.time = 0.0
        self.loading = True  # the first deal waits until the card pictures are ready
        self.prompt = Prompt()  # the human's decision
        self.moment = Moment()  # what the table shows for a while: a held trick, a banner...

    # -- who is who ---------------------------------------------------------------------------
    @property
    def solitaire(self) -> bool:
        """One player: both hands are the player's, shown open."""
        return self.state.players == 1

    def kind_of(self, seat: int) -> str:
        return self.setup.seats[self.state.controller(seat)]

    @property
    def names(self) -> list[str]:
        """Seat names as the viewer sees them (cached: they change only with the viewer)."""
        cached = self._names
        if cached is not None and cached[0] == (self.viewer, i18n.revision()):
            return cached[1]
        shorts = self._short_names()
        st = self.state
        kinds = [self.kind_of(i) for i in range(st.seats)]
        names = []
        for s in range(st.seats):
            name = self.gui.seat_name(s, self.viewer, st.seats, kinds, st.players)
            if kinds[s] == ONLINE and self.online is not None:
                name = self.online.plate_name(s, shorts[s])
            elif kinds[s] != "human" and not self.solitaire:
                kind = _(KIND_WORDS.get(kinds[s], kinds[s]))
                name = _("{name} ({kind})").format(name=shorts[s], kind=kind)
            names.append(name)
        self._names = ((self.viewer, i18n.revision()), names)
        return names

    def forget_names(self) -> None:
        """The names changed (an online table's players came, went or came back)."""
        self._names = None

    def _short_names(self) -> list[str]:
        st = self.state
        kinds = [self.kind_of(i) for i in range(st.seats)]
        shorts = [
            self.gui.seat_short(s, self.viewer, st.seats, kinds, st.players)
            if st.players > 1
            else self.gui.seat_name(s, self.viewer, st.seats, kinds, st.players)
            for s in range(st.seats)
        ]
        if self.online is not None:
            names = [
                self.online.short_name(s) if kinds[s] == ONLINE else None for s in range(st.seats)
            ]
            shorts = [name or short for name, short in zip(names, shorts, strict=True)]
        return shorts

    def short_name(self, seat: int) -> str:
        """A seat's name without its seat kind ("West", "You")."""
        return self._short_names()[seat]

    def who(self, seat: int) -> str:
        """A seat's name inside a sentence ("won by you", "won by West")."""
        mine = seat == self.viewer and self.kind_of(seat) == "human" and not self.solitaire
        return _("you") if mine else self.short_name(seat)

    # -- deck and drawing keys ----------------------------------------------------------------
    @property
    def deck(self) -> str:
        return self.app.settings.deck

    def face_key(self, card: Card) -> tuple[str, str]:
        return self.images.face_key(self.state.name, card, self.deck)

    @property
    def back_key(self) -> tuple[str, str]:
        return self.images.back_key(self.app.settings.back)

    def lift(self, sp: CardSprite) -> float:
        """How far a card of a hand to play from stands out (chosen, under the mouse, hinted)."""
        if sp.zone != "hand" or sp.owner not in self.active_hands():
            return 0.0
        lift = self.gui.lift(sp)
        if self.hints.lifted(sp):  # the hinted card stands out of a fanned hand
            lift = max(lift, self.table.layout.lift() * 0.8)
        return lift

    def sprite_rect(self, sp: CardSprite) -> pygame.Rect:
        """Where a card is drawn, lifted as it is."""
        w, h = card_size(round(sp.w))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(sp.x), round(sp.y - self.lift(sp)))
        return rect

    # -- the show -----------------------------------------------------------------------------
    @property
    def synced(self) -> bool:
        """Every event of the engine has been shown."""
        return self.queue.idle and self.ev >= len(self.state.events)

    def busy(self) -> bool:
        return not self.queue.idle or self.table.moving or self.ev < len(self.state.events)

    def skip(self) -> None:
        self.table.settle()
        self.queue.skip()

    def show_banner(self, text: str, sub: str = "", ttl: float = 1.6) -> float:
        """A big word in the band ("Scopa!", a Buongioco) with what it says, fading out."""
        self.moment.banner = (text, sub, 0.0, ttl * max(0.5, self.app.settings.speed_factor))
        return 0.0

    def hold(self, label: str, sprite: CardSprite | None) -> float:
        """Keep a finished trick or capture on the table, ``label`` ("Won by West") under it,
        below the card that took it, for the time set in Settings (scaled by the speed) or, set
        to wait for a click, until the player clicks or presses a key; returns the beat's
        length.  A table of AI seats only never waits for a click."""
        seconds = self.app.settings.hold_seconds
        moment = self.moment
        moment.held_until_click = seconds is None and not self.setup.autoplay
        if seconds is None:
            seconds = math.inf if moment.held_until_click else self.table.d(HOLDS["normal"] or 1)
        moment.held = (label, sprite) if sprite is not None and seconds > 0 else None
        return seconds

    def toggle_last(self) -> None:
        """Show the last trick or capture (the panel's button, a click on a pile) for a few
        seconds, or hide it."""
        if self.gui.last_look() is None:
            self.app.toast(_(self.gui.LAST_NONE), "info", 1.5)
            return
        moment = self.moment
        moment.show_last = not moment.show_last
        moment.show_last_timer = 4.0 if moment.show_last else 0.0

    def rebuild(self) -> None:
        """Lay out the table from the engine's view, without animation."""
        st = self.state
        v = st.view(self.viewer)
        self.gui.rebuild(v)
        self.panel = self.gui.new_model(v, st.seed)
        self.ev = len(st.events)
        self.queue = StepQueue()
        self.synced_at = -1

    def restore(self, state: GameState) -> None:
        """Go on from ``state`` (an undo's replay), laid out without animation."""
        self.state = state
        self.ai.thought = None
        self.rebuild()

    def start_over(self, state: GameState) -> None:
        """A fresh deal from ``state``: the table empties and the deal is animated."""
        self.state = state
        self.ev = 0
        self.table.clear()
        self.queue = StepQueue()
        self.synced_at = -1
        self.panel = self.gui.new_model(state.view(0), state.seed)

    @property
    def sees_all(self) -> bool:
        """Every card is shown as it is: the solitaire's, or a replay's hands all face up."""
        return self.solitaire or self.table.open_hands

    def hidden_hands(self, view: BaseView) -> dict[int, list[Card | None]]:
        """Each seat's hand as the viewer sees it: its own cards, and backs for the others
        (every hand's cards when all are shown face up)."""
        if self.table.open_hands:
            return {s: list(self.state.hand(s)) for s in range(self.state.seats)}
        own = self.gui.own_hands(view)
        return {
            s: list(own[s]) if s in own else [None] * view.hand_sizes[s]
            for s in range(self.state.seats)
        }

    # -- the human's decision -----------------------------------------------------------------
    def apply(self, move: Move | str) -> bool:
        """Play a move for the current seat; a refusal is shown, never raised."""
        try:
            self.state.play(move)
        except IllegalMove as exc:
            self.app.toast(self.refusal(exc), "warn", 3.0)
            return False
        self.prompt.clear()
        self.hints.drop()
        show.pump(self)
        return True

    def refuse(self, move: Move) -> None:
        """Say why ``move`` (known to be illegal) is refused, from the engine's reason (online,
        the server's: the move is sent, and its refusal told as it comes)."""
        if self.online is not None:
            self.apply(move)
            return
        self.app.toast(self.refusal(self.state.why_illegal(move)), "warn", 3.0)

    def refusal(self, exc: IllegalMove) -> str:
        """A refusal in the player's words: its reason code and parts, cards as drawn."""
        names = [self.short_name(s) for s in range(self.state.seats)]
        return self.gui.refusal_text(exc, names, None if self.solitaire else self.viewer)

    def pass_count(self) -> int:
        return self.gui.pass_count()

    def legal_cards(self) -> set[Card]:
        return self.gui.legal_cards() if self.prompt.kind else set()

    def active_hands(self) -> list[int]:
        if not self.prompt.kind:
            return []
        if self.solitaire:
            return [0, 1]
        return [self.viewer]
