"""A line of text to type or paste into (an address, a table's code, a file's path), as a button
the focus ring moves over: Enter, its number key or a click starts typing; Enter, Tab or Esc
ends it; Ctrl+V pastes.  The key that starts typing types nothing itself (its number, a Space)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .widgets import Button


def clipboard_text() -> str:
    """The clipboard's text ('' when there is none or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except pygame.error:
        return ""


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; whether it could."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error:
        return False
    return True


class TextField(Button):
    """A field showing ``caption: text``; ``allowed`` filters what may be typed."""

    def __init__(
        self,
        caption: str,
        text: str = "",
        *,
        tag: str,
        limit: int = 64,
        allowed: Callable[[str], bool] = str.isprintable,
        upper: bool = False,
    ) -> None:
        super().__init__("", self.begin, tag=tag)
        self.caption = caption
        self.text = text
        self.limit = limit
        self.allowed = allowed
        self.upper = upper
        self.editing = False
        #: the text of the key that began typing (its number, a Space), which SDL sends just
        #: after the key: dropped, as it is not the player's typing
        self._drop = ""
        self._relabel()

    def _relabel(self) -> None:
        cursor = "▏" if self.editing else ""
        self.label = f"{self.caption}: {self.text}{cursor}"
        self._cache.clear()

    def begin(self) -> None:
        self.editing = True
        pygame.key.start_text_input()
        self._relabel()

    def press(self, event: pygame.event.Event) -> None:
        """A key began typing: its own text, about to come, is not typed."""
        self.on_click()
        self._drop = getattr(event, "unicode", "")

    def end(self) -> None:
        self.editing = False
        self._relabel()

    def put(self, text: str) -> None:
        text = "".join(c for c in text if self.allowed(c))
        if self.upper:
            text = text.upper()
        self.text = (self.text + text)[: self.limit]
        self._relabel()

    def type(self, event: pygame.event.Event) -> bool:
        """While typing, the key or text ``event``; True when the field used it."""
        if not self.editing:
            return False
        if event.type == pygame.TEXTINPUT:
            if event.text != self._drop:
                self.put(event.text)
            self._drop = ""
            return True
        if event.type != pygame.KEYDOWN:
            return False
        self._drop = ""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            self.end()
            return event.key != pygame.K_TAB  # Tab then moves the focus on
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self._relabel()
        elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            self.put(clipboard_text().strip())
        return True
