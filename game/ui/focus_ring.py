"""The keyboard in every menu and dialog: one focus ring over a scene's buttons and selectors.

The table has its own focus, over cards and the prompt (:mod:`.focus`); every other scene (the
title, New game, Settings, the rules, the statistics, the pause menu, a question, the deal
summary, the match result, the error page) keeps a :class:`FocusRing`, so they all answer the
same keys, the way the table does:

- Tab / Shift+Tab and the arrows move the focus (Right and Down forward, Left and Up back);
- Enter or Space does what a click on the focused button does;
- 1-9 press the n-th button, numbered on screen while the focus shows;
- on a selector ("Players  ◀ 4 ▶") Left/Right change its value and Space steps it, while Enter
  is left to the scene's own default button (Start, Done), as a form is sent from any field;
- F1 or ? opens the list of keys; Esc stays the scene's own way back;
- a click moves the focus to what it clicked.

The focus starts on the scene's primary button (or the item the scene names) and is drawn as
the table draws its own (:func:`.focus.ring`, :func:`.focus.badge`) whenever the player's last
input was a key (:attr:`App.keyboard <game.ui.runner.App.keyboard>`): a dialog reached by
keyboard play shows at once where Enter goes, the first key pressed after the mouse only shows
the focus, and moving the mouse hides it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from .focus import BACK, ENTER, FORWARD, HELP, badge, number_of, ring
from .widgets import Button, Selector

if TYPE_CHECKING:
    from .runner import App

Item = Button | Selector


class FocusRing:
    """A scene's keyboard focus: ``items`` lists what it moves over, in order (asked anew
    each time, so buttons that come and go are followed); ``start`` names the item it rests
    on first (else the first primary button, else the first item)."""

    def __init__(
        self,
        app: App,
        items: Callable[[], Sequence[Item]],
        start: Callable[[], Item | None] | None = None,
    ) -> None:
        self.app = app
        self.items = items
        self.start = start
        self._at: Item | None = None

    @property
    def shown(self) -> bool:
        """The focus is drawn: the player's last input was a key."""
        return self.app.keyboard

    def live(self) -> list[Item]:
        """What the focus may rest on now: the items enabled and laid out on screen."""
        return [i for i in self.items() if i.enabled and i.rect.w > 0]

    def buttons(self) -> list[Button]:
        """What the number keys press, in order."""
        return [i for i in self.live() if isinstance(i, Button)]

    def current(self) -> Item | None:
        """The focused item: the same one while it is there, else where the focus starts."""
        live = self.live()
        if self._at not in live:
            first = self.start() if self.start is not None else None
            primary = [i for i in live if isinstance(i, Button) and i.primary]
            self._at = first if first in live else (primary or live or [None])[0]
        self._mark()
        return self._at

    def _mark(self) -> None:
        """Light the focused button as the mouse would (only while the focus shows)."""
        for item in self.items():
            if isinstance(item, Button):
                item.focus = self.shown and item is self._at

    def focus(self, item: Item) -> None:
        self._at = item
        self._mark()

    # -- keys ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """A key for the focus; True when it was used (mouse events are the scene's: the
        app hides the focus when the mouse moves)."""
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key in HELP:
            self.app.open("keys")
            return True
        n = number_of(key)
        if n is not None:
            buttons = self.buttons()
            if n > len(buttons):
                return False
            self.focus(buttons[n - 1])
            buttons[n - 1].on_click()
            return True
        cur = self.current()
        if cur is None:
            return False
        if isinstance(cur, Selector) and key in (pygame.K_LEFT, pygame.K_RIGHT):
            cur.step(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in FORWARD or key in BACK:
            if self.shown:  # the first key after the mouse only shows where the focus is
                back = key in BACK or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                live = self.live()
                self.focus(live[(live.index(cur) + (-1 if back else 1)) % len(live)])
            return True
        if key == pygame.K_SPACE or key in ENTER:
            if isinstance(cur, Selector):
                if key in ENTER:
                    return False  # the scene's default button answers Enter
                cur.step(1)
            else:
                cur.on_click()
            return True
        return False

    def route(self, event: pygame.event.Event) -> bool:
        """The event to the scene's items: a key to the focus first, then each item's own
        handling (the mouse, a button's own key); True when one used it.  A click moves the
        focus to what it clicked, so that Tab goes on from there (from a text field clicked
        into, to the next field)."""
        if self.handle(event):
            return True
        for item in self.items():
            if item.handle(event):
                if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    self.focus(item)
                return True
        return False

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scale: float) -> None:
        """The ring around the focused item and the buttons' numbers, while the focus shows."""
        self._mark()
        if not self.shown:
            return
        cur = self.current()
        if cur is not None:
            ring(surface, cur.rect, scale)
        for i, b in enumerate(self.buttons()[:9]):
            badge(surface, i + 1, b.rect, scale)
