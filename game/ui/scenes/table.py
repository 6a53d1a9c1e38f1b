"""The card table: the engine's state shown and animated, and the human's decisions taken.

The engine runs ahead; the table follows its event log with an index, turning each event into
animation beats (:mod:`game.ui.table.show`).  Only when every event has been shown is the table
"in sync": then the side panel is refreshed from the viewer's view, the match is saved, and the
next decision is asked for, from the human (prompts, clicks) or from an AI seat thinking in a
worker thread.  Legality and reasons always come from the engine.  A match played online is
the same table over a state the server's frames feed (``model.online``, :mod:`game.ui.online`):
the other seats' moves come from the server, and its refusals are worded as the engine's.

This scene is the same for every game, and only wires the table's parts together: they all
share the table's model (:mod:`game.ui.table.model`: the match, its seats, what is shown), which
a game's presentation module (:mod:`game.ui.games`) sees as
:class:`~game.ui.games.table_api.TableApi`.  Drawing is ``self.painter``
(:mod:`game.ui.table.draw`), input ``self.input`` (:mod:`game.ui.table.input`) with the
keyboard focus ``self.keys`` (:mod:`game.ui.focus`) and a card dragged ``self.drag``
(:mod:`game.ui.drag`), the solitaire's undo and new deals ``self.solitaire_tools``
(:mod:`game.ui.table.tools`), its verdict ``self.verdicts`` and the coach's hints
``model.hints`` (:mod:`game.ui.table.hint`).  The next scene (the summary, the result, the
menu) is asked of the app's router by name (:mod:`game.ui.routes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import DealScored, GameState, MatchOver
from game.engine.memo import forget_memos
from game.i18n import _

from .. import allocator, stats
from ..cards import card_images
from ..drag import CardDrag
from ..focus import KeyFocus
from ..forced import ForcedCard
from ..games.words import deck_refusal
from ..savegame import MatchSetup
from ..savejournal import keep_finished, keep_saved
from ..scene import Damage, Scene
from ..table import show
from ..table.damage import TableDamage
from ..table.draw import TablePainter
from ..table.hint import VerdictDesk
from ..table.input import TableInput
from ..table.model import Online, TableModel
from ..table.seats import ONLINE
from ..table.tools import SolitaireTools
from ..widgets import Button

if TYPE_CHECKING:
    from ..runner import App


class TableScene(Scene):
    #: the match is saved after every move and counted in the statistics (a replay's is not)
    keeps = True

    def __init__(
        self,
        app: App,
        state: GameState,
        setup: MatchSetup,
        *,
        resumed: bool = False,
        online: Online | None = None,
    ):
        """``resumed``: a match saved (or, online, rejoined) is laid out as it stands, not
        animated from its start; ``online``: the match is played on a server."""
        super().__init__(app)
        images = card_images()
        self.model = m = TableModel(
            app, state, setup, images, show.Ends(self._on_scored, self._on_over), online
        )
        self.painter = self._painter(m)
        self.drag = CardDrag(m)  # a card dragged from the hand to the table plays it
        self.keys = KeyFocus(m, self.painter.marks)  # keyboard play: the focus and its keys
        self.forced = ForcedCard(m, self.drag)  # a forced card plays itself after a beat
        self.damage = TableDamage(m, self.painter, self.forced)  # what a frame changes
        self.solitaire_tools = SolitaireTools(m)
        self.input = TableInput(
            m, self.keys, self.drag, self.solitaire_tools, self.open_menu, self.open_last_deal
        )
        #: the solitaire's live verdict (is the window still reachable?), shown by the game
        self.verdicts = VerdictDesk(m, m.gui.show_verdict) if m.solitaire else None
        self.wanted: list[tuple[str, str]] = []  # the pictures the table needs
        self.summary_open = False
        if resumed:
            if state.between_deals:  # saved as a deal ended: go on with the next, as laid out
                state.deal_next()
            m.ev = len(state.events)
            m.rebuild()
            if not state.is_over:
                scored = [e.data for e in state.events if isinstance(e.data, DealScored)]
                m.moment.last_scored = scored[-1] if scored else None
        self._make_panel_buttons()
        self.resize(app.size)
        if online is not None:
            online.attach(m)

    def _painter(self, model: TableModel) -> TablePainter:
        """What draws the table (a replay draws more over it)."""
        return TablePainter(model)

    # -- deck, language and layout ------------------------------------------------------------
    def refuse_deck(self, deck: str) -> str | None:
        return deck_refusal(self.model.state.name, self.model.state.players, deck)

    def language_changed(self) -> None:
        """Every text again in the new language: the names, the panel's buttons, the prompt
        and the panel (the match, the animation and the held trick go on untouched)."""
        self._make_panel_buttons()
        self.resize(self.app.size)
        self.model.gui.language_changed()

    def deck_changed(self) -> None:
        self._warm()
        self._place_prompt()  # buttons and choosers that name cards are redrawn in the new deck

    def _warm(self) -> None:
        m = self.model
        keys = [m.back_key] + [m.face_key(c) for c in m.gui.deck_cards()]
        self.wanted = keys
        m.images.want(keys, list(m.table.layout.sizes))

    def resize(self, size: tuple[int, int]) -> None:
        self.model.table.resize(size)
        self._warm()
        self._place_buttons()

    def _make_panel_buttons(self) -> None:
        m = self.model
        b: list[Button] = []
        if m.solitaire:
            tools = self.solitaire_tools
            b.append(Button(_("Undo (U)"), tools.undo, tag="undo"))
            b.append(Button(_("Undo deal"), tools.undo_deal, tag="undo_deal"))
            b.append(Button(_("Restart (R)"), tools.restart, tag="restart"))
            b.append(Button(_("New deal (N)"), tools.new_deal, tag="new_deal"))
        b.append(Button(_(m.gui.LAST_BUTTON), m.toggle_last, tag="last"))
        if m.moment.last_scored is not None:
            b.append(Button(_("Last deal (S)"), self.open_last_deal, tag="last_deal"))
        if m.online is not None:
            b.append(Button(_("Say…"), lambda: self.app.open("phrases", m.online), tag="say"))
        b.append(Button(_("Rules"), self.open_rules, tag="rules"))
        b.append(Button(_("Menu (Esc)"), self.open_menu, tag="menu"))
        m.prompt.panel_buttons = b

    def _place_buttons(self) -> None:
        m = self.model
        lay = m.table.layout
        s = lay.scale
        pad = round(16 * s)
        bh = round(34 * lay.text)  # as tall as their text (the text size of Settings)
        panel = lay.panel
        # two columns while every label fits at the one button size, else one
        need = max(lay.button_width(b.label) for b in m.prompt.panel_buttons)
        cols = 2 if need <= (panel.w - 2 * pad - 8) // 2 else 1
        bw = (panel.w - 2 * pad - (cols - 1) * 8) // cols
        n = len(m.prompt.panel_buttons)
        rows = (n + cols - 1) // cols
        top = panel.bottom - pad - rows * (bh + 8)
        for i, btn in enumerate(m.prompt.panel_buttons):
            r, c = divmod(i, cols)
            btn.place(pygame.Rect(panel.x + pad + c * (bw + 8), top + r * (bh + 8), bw, bh))
        self._place_prompt()

    def _place_prompt(self) -> None:
        m = self.model
        m.prompt.buttons = []
        m.prompt.chooser = None
        if m.prompt.kind:
            m.gui.place_prompt()
            # last, so the number keys still pick the game's own buttons first
            m.prompt.buttons.append(Button(_("Hint (H)"), m.hints.ask, tag="hint"))
        self.painter.lay_band()

    # -- the ends of a deal and of the match ----------------------------------------------------
    def _on_scored(self, scored: DealScored) -> float:
        m = self.model
        if self.keeps:
            stats.deal_scored(m, scored)
        self.summary_open = True
        st = m.state  # between deals: the panel shows the deal as it ended, as summed up
        m.panel = m.gui.new_model(st.view(m.viewer), st.seed)
        m.panel.turn = None  # the panel marks nobody to play under the summary
        if self.verdicts is not None and st.current_player is None:
            self.verdicts.refresh()  # the solitaire's verdict now says how the deal ended
        self.app.open("summary", m, scored, closed=self.summary_closed)
        return 0.0

    def _on_over(self, over: MatchOver) -> float:
        m = self.model
        stats.match_over(m, over)
        if not m.setup.autoplay and self.app.persist and m.online is None:
            keep_finished(self.app, m.state, m.setup)  # (online: the desk keeps the record)
        self.app.open("result", m, over, self.solitaire_tools.back_to)
        return 0.0

    def summary_closed(self, data: DealScored) -> None:
        """The deal's summary was closed: the next deal is dealt and the show goes on, and
        during the next deal S (and the panel's "Last deal" button) shows that summary again."""
        m = self.model
        self.summary_open = False
        m.queue.release()
        if m.state.between_deals:
            m.state.deal_next()
        if not m.state.is_over:
            m.moment.last_scored = data
            self._make_panel_buttons()
            self._place_buttons()

    def open_last_deal(self) -> None:
        """The last deal's summary again, over the table, only to be read."""
        if self.model.moment.last_scored is None:
            self.app.toast(_("No deal has ended yet"), "info", 1.5)
            return
        self.app.open("summary", self.model, self.model.moment.last_scored, again=True)

    def open_menu(self) -> None:
        self.app.open("pause", self.model)

    def open_rules(self) -> None:
        self.app.open("rules", self.model.state.name)

    # -- sync, AI and decisions ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        m = self.model
        if not self._follow(dt) or m.state.is_over:
            return
        if m.synced_at != len(m.state.history):
            self._on_sync()
        current = m.state.current_player
        if current is None:
            return
        if m.kind_of(current) == ONLINE:
            return  # played on the server: its move comes with the server's frames
        if m.kind_of(current) == "human":
            # the keyboard focus follows the prompt, and a forced card plays itself
            self.keys.update()
            self.forced.update(dt)
            return
        speed = self.app.settings.speed_factor
        delay = (0.35 if m.setup.autoplay else 0.55) * speed
        move, fallback = m.ai.answer(m.state, m.names[current], delay, dt)
        if fallback:
            self.app.toast(fallback, "warn", 3.0)
        if move is not None:
            m.apply(move)

    def _follow(self, dt: float) -> bool:
        """The frame's show: the card pictures prepared, the engine's events turned into
        beats and the beats run; True once every event has been shown (the table in sync)."""
        m = self.model
        m.time += dt
        if m.online is not None:
            m.online.update()  # what the server sent: the table follows it as an engine's log
        m.table.speed = self.app.settings.speed_factor
        m.moment.fade(dt)
        if m.loading:
            # nothing moves yet: spend the frame preparing pictures, then deal
            m.images.warm(0.0025)
            sizes = list(m.table.layout.sizes)
            missing = m.images.missing(self.wanted, sizes)
            if missing and not m.images.pending:
                # a width the cache dropped for others drawn meanwhile (the panel's, a
                # button's icon): ask again, or the table would wait for it forever
                m.images.want(self.wanted, sizes)
            m.loading = missing > 0
            show.pump(m)
            return False
        m.images.warm(0.0015)
        m.table.update(dt)
        m.moment.count_down(dt)
        show.pump(m)
        m.queue.update(dt)
        m.hints.update()
        if self.verdicts is not None:
            self.verdicts.update()
        return m.synced

    def _on_sync(self) -> None:
        m = self.model
        st = m.state
        m.synced_at = len(st.history)
        current = st.current_player
        if (
            current is not None
            and not m.solitaire
            and m.kind_of(current) == "human"
            and current != m.viewer
        ):
            m.viewer = current  # several humans: the table turns to the one to play
            m.table.set_viewer(current)
            m.rebuild()
            self.app.toast(_("{who}: your turn").format(who=m.short_name(current)), "info", 2.0)
        view = st.view(m.viewer)
        m.panel = m.gui.new_model(view, st.seed)
        m.gui.on_sync(view)
        m.prompt.legal = st.legal_moves() if current is not None else []
        human = current is not None and m.kind_of(current) == "human"
        m.prompt.kind = m.gui.decision(m.prompt.legal) if human and m.prompt.legal else ""
        m.prompt.selected = []
        m.hints.drop()
        self._place_prompt()
        if self.verdicts is not None:
            self.verdicts.refresh()
        if not m.setup.autoplay and self.app.persist and not st.is_over and m.online is None:
            keep_saved(self.app, st, m.setup)

    # -- input and drawing ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self.damage.glow, self.keys)

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
        self.model.ai.worker.close()
        if self.model.online is not None:
            self.model.online.close()
        forget_memos()
        allocator.give_back()
