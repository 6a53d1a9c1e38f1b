"""The table's input: the mouse over the table and the keys the keyboard focus leaves.

A click on a card goes to the game's presentation module (``GameUI.click_card``), a press on a
hand's card may become a drag (:mod:`game.ui.drag`), a click on a won pile shows the last trick;
the keys are Esc (the menu, or the game's cancel), D (the other deck), L (the last trick, while
held), S (the last deal's summary), the solitaire's U, R and N, H (a hint), and any key skips a
running animation.  Keyboard play itself (focus, Enter, numbers) is :mod:`game.ui.focus`'s.
Nothing here decides what may be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..anim import CardSprite
from ..focus import HINT

if TYPE_CHECKING:
    from ..drag import CardDrag
    from ..focus import KeyFocus
    from .model import TableModel
    from .tools import SolitaireTools


class TableInput:
    def __init__(
        self,
        model: TableModel,
        keys: KeyFocus,
        drag: CardDrag,
        tools: SolitaireTools,
        menu: Callable[[], None],
        last_deal: Callable[[], None],
    ) -> None:
        """``menu`` and ``last_deal`` open the menu and the last deal's summary."""
        self.t = model
        self.keys = keys
        self.drag = drag
        self.tools = tools
        self.menu = menu
        self.last_deal = last_deal

    def handle(self, event: pygame.event.Event) -> None:
        t = self.t
        if event.type == pygame.KEYDOWN:
            if not self.keys.keydown(event):  # focus, Enter, 1-9, Space, H/F1: ..focus
                self._keydown(event)
            return
        if event.type == pygame.KEYUP and event.key == pygame.K_l:
            if t.moment.show_last_timer <= 0:
                t.moment.show_last = False
            return
        for b in t.prompt.panel_buttons:
            if b.handle(event):
                return
        self._mouse(event)

    def _keydown(self, event: pygame.event.Event) -> None:
        t = self.t
        key = event.key
        if key == pygame.K_ESCAPE:
            if not t.gui.cancel():
                self.menu()
            return
        if key == pygame.K_d:
            t.app.toggle_deck()
            return
        if key == pygame.K_l:
            if t.gui.last_look() is not None:
                t.moment.show_last = True
                t.moment.show_last_timer = 0.0
            return
        if key == pygame.K_s and not t.solitaire:
            self.last_deal()
            return
        if t.solitaire and key in (pygame.K_u, pygame.K_r, pygame.K_n):
            self._solitaire_key(event)
            return
        if t.busy():
            t.skip()
            return
        if key in HINT:
            t.hints.ask()
            return
        for b in t.prompt.buttons:
            if b.handle(event):
                return

    def _solitaire_key(self, event: pygame.event.Event) -> None:
        """U, Shift+U, R, N: the solitaire's undo, undo deal, restart and new deal."""
        if self.t.busy():
            self.t.skip()
        tools = self.tools
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

    def _mouse(self, event: pygame.event.Event) -> None:
        """The mouse over the table: hover marks, clicks, and a card dragged from the hand."""
        t = self.t
        if event.type == pygame.MOUSEMOTION:
            self.keys.hide()  # the player points again: the keyboard focus goes
            if self.drag.motion(event.pos):
                return
            for b in t.prompt.buttons:
                b.handle(event)
            t.prompt.hover = self.sprite_at(event.pos) if t.prompt.kind else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            t.gui.cancel()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag.sprite is not None:
                self.drag.release(event.pos)
                return
            for b in t.prompt.buttons:
                if b.handle(event):
                    return

    def _click(self, event: pygame.event.Event) -> None:
        t = self.t
        if t.busy():
            t.skip()
            return
        if t.moment.show_last:
            t.moment.show_last = False
            return
        for b in t.prompt.buttons:
            if b.handle(event):
                return
        if t.prompt.chooser is not None:
            move = t.prompt.chooser.at(event.pos)
            if move is not None:
                t.apply(move)
                return
        sp = self.sprite_at(event.pos)
        if sp is not None and sp.zone == "hand":
            self.drag.press(sp, event.pos)  # a click when let go here, a drag if moved
            return
        if sp is not None:
            t.gui.click_card(sp)
            return
        if t.prompt.chooser is not None and t.prompt.chooser.contains(event.pos):
            return
        if self.pile_at(event.pos):
            t.toggle_last()

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        t = self.t
        if not t.prompt.kind:
            return None
        for sp in sorted(t.table.sprites, key=lambda sp: -sp.z):
            if t.gui.clickable(sp) and t.sprite_rect(sp).collidepoint(pos):
                return sp
        return None

    def pile_at(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on a seat's won cards: a pile of tricks or captures, or
        Cattura's captured cards laid face up."""
        t = self.t
        lay = t.table.layout
        for s in range(t.state.seats):
            if t.table.piles[s] and lay.pile_rect(s).collidepoint(pos):
                return True
            if any(t.sprite_rect(sp).collidepoint(pos) for sp in t.table.front[s]):
                return True
        return False
