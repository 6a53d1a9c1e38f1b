"""Buttons, selectors and toasts: the few widgets the scenes are made of.

Widgets pre-render their look per state (normal, hover, pressed, disabled) when their rectangle
changes, so a frame costs one blit per widget.  A click is a press and a release inside the same
widget, as players expect: dragging off a button cancels it.

Every button's label has one font and size (:func:`button_text`), scaled with the window like
the rest of the interface; only a label too long for its button is set smaller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from . import theme

#: the size of every button's label, in pixels at a scale of 1 (a 1280×720 window)
BUTTON_TEXT = 18


def button_text(scale: float) -> int:
    """Every button's label size at ``scale`` (:func:`theme.ui_scale` of the window), larger
    when the player asks for large text."""
    return max(10, round(BUTTON_TEXT * scale * theme.LOOK.text))


def label_width(label: str, scale: float) -> int:
    """The width a button needs to show ``label`` at the one button size (with its margins):
    a dialog sizes its buttons with it, so a longer language widens them instead of shrinking
    their words."""
    return theme.font(button_text(scale), True).size(label)[0] + round(28 * scale)


class Button:
    def __init__(
        self,
        label: str,
        on_click: Callable[[], object],
        *,
        primary: bool = False,
        enabled: bool = True,
        key: int | None = None,
        tag: str = "",
        color: theme.Color | None = None,
    ) -> None:
        """Every label has the one size of :func:`button_text`, scaled with the window."""
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.enabled = enabled
        self.key = key
        self.tag = tag or label
        self.color = color
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.pressed = False
        self.focus = False
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def press(self, event: pygame.event.Event) -> None:
        """A key does what a click does (a text field also drops the key's text)."""
        self.on_click()

    def place(self, rect: pygame.Rect) -> None:
        if rect != self.rect:
            self.rect = pygame.Rect(rect)
            self._cache.clear()

    def _surface(self, state: str, text: int) -> pygame.Surface:
        key = (state, self.label, self.rect.size, text, self.enabled)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        w, h = self.rect.size
        surf = pygame.Surface((w, h + 4), pygame.SRCALPHA)
        radius = max(6, h // 3)
        fill: theme.Color
        if not self.enabled:
            fill, edge, ink = theme.DISABLED, (90, 100, 94), theme.INK_FAINT
        elif self.primary:
            fill = {"hover": theme.BUTTON_PRIMARY_HOVER, "press": theme.GOLD_DARK}.get(
                state, theme.BUTTON_PRIMARY
            )
            edge, ink = theme.GOLD, (30, 22, 8)
        else:
            shades: dict[str, theme.Color] = {
                "hover": theme.BUTTON_HOVER,
                "press": theme.BUTTON_PRESS,
            }
            fill = shades.get(state, self.color or theme.BUTTON)
            edge, ink = theme.BUTTON_EDGE, theme.INK
        dy = 2 if state == "press" else 0
        pygame.draw.rect(surf, (0, 0, 0, 90), (2, 4, w - 2, h), border_radius=radius)
        pygame.draw.rect(surf, fill, (0, dy, w, h), border_radius=radius)
        gloss = pygame.Surface((w - 6, max(2, h // 2 - 2)), pygame.SRCALPHA)
        pygame.draw.rect(
            gloss,
            (255, 255, 255, 34 if state == "hover" else 18),
            gloss.get_rect(),
            border_radius=radius,
        )
        surf.blit(gloss, (3, dy + 2))
        width = 2 if state in ("hover", "focus") else 1
        pygame.draw.rect(surf, edge, (0, dy, w, h), width, border_radius=radius)
        label = theme.text(self.label, text, ink, bold=True)
        if label.get_width() > w - 12:
            smaller = max(8, int(text * (w - 12) / label.get_width()))
            label = theme.text(self.label, smaller, ink, bold=True)
        surf.blit(label, label.get_rect(center=(w // 2, dy + h // 2)))
        self._cache[key] = surf
        return surf

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used by this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                self.hover = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.press(event)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0:
            return
        state = "press" if self.pressed else "hover" if self.hover or self.focus else "normal"
        text = button_text(theme.ui_scale(surface.get_size()))
        surface.blit(self._surface(state, text), self.rect.topleft)


class Selector:
    """A labelled row "Label   ◀ value ▶" cycling through choices; click the arrows or the value."""

    def __init__(
        self,
        label: str,
        choices: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], None],
        fmt: Callable[[Any], str] = str,
    ) -> None:
        self.label = label
        self.choices = list(choices)
        self.value = value if value in self.choices else self.choices[0]
        self.on_change = on_change
        self.fmt = fmt
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.left = Button("◀", lambda: self.step(-1))
        self.right = Button("▶", lambda: self.step(1))
        self.enabled = True

    def set_choices(self, choices: Sequence[Any], value: Any | None = None) -> None:
        self.choices = list(choices)
        if value is not None:
            self.value = value
        if self.value not in self.choices:
            self.value = self.choices[0]

    def step(self, d: int) -> None:
        if not self.enabled or not self.choices:
            return
        i = self.choices.index(self.value) if self.value in self.choices else 0
        self.value = self.choices[(i + d) % len(self.choices)]
        self.on_change(self.value)

    def place(self, rect: pygame.Rect, value_width: int | None = None) -> None:
        """Lay the row out in ``rect``: the value ``value_width`` wide between its arrows at
        the right (half the row by default), the label in what is left."""
        self.rect = pygame.Rect(rect)
        h = rect.h
        self.right.place(pygame.Rect(rect.right - h, rect.y, h, h))
        vw = value_width if value_width is not None else max(120, rect.w // 2 - 2 * h)
        self.left.place(pygame.Rect(rect.right - 2 * h - vw - 8, rect.y, h, h))
        self._value_rect = pygame.Rect(self.left.rect.right + 4, rect.y, vw, h)

    def widest_value(self, size: int) -> int:
        """The width of the longest of its values at ``size`` (bold, as drawn)."""
        return max(theme.font(size, True).size(self.fmt(c))[0] for c in self.choices)

    def label_room(self) -> int:
        """How wide the label may be: up to the left arrow, less a third of the row's height
        of air."""
        return self.left.rect.x - self.rect.x - self.rect.h // 3

    def label_size(self, size: int) -> int:
        """The font size the label is drawn at: ``size``, or smaller where the row leaves it
        less room than that."""
        room = self.label_room()
        while size > 9 and theme.font(size).size(self.label)[0] > room:
            size -= 1
        return size

    def value_size(self, size: int) -> int:
        """The font size the value is drawn at: ``size``, or smaller rather than under the
        arrows."""
        words = self.fmt(self.value)
        while size > 9 and theme.font(size, True).size(words)[0] > self._value_rect.w - 4:
            size -= 1
        return size

    def handle(self, event: pygame.event.Event) -> bool:
        if self.left.handle(event) or self.right.handle(event):
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.enabled
            and self._value_rect.collidepoint(event.pos)
        ):
            self.step(1)
            return True
        return False

    def draw(self, surface: pygame.Surface, size: int = 20) -> None:
        color = theme.INK if self.enabled else theme.INK_FAINT
        lab = theme.text(self.label, self.label_size(size), theme.INK_DIM)
        surface.blit(lab, lab.get_rect(midleft=(self.rect.x, self.rect.centery)))
        self.left.enabled = self.right.enabled = self.enabled
        self.left.draw(surface)
        self.right.draw(surface)
        val = theme.text(self.fmt(self.value), self.value_size(size), color, bold=True)
        surface.blit(val, val.get_rect(center=self._value_rect.center))


#: the most toasts on screen at once
TOASTS_SHOWN = 3
#: of those, the most notices (the rest wait their turn, so a refusal always finds room)
NOTICES_SHOWN = 2


@dataclass
class Toast:
    text: str
    kind: str = "info"  # info, warn, error
    ttl: float = 3.0
    age: float = 0.0
    #: something the player must read (a file set aside, a save that failed): never dropped
    notice: bool = False


class Toasts:
    """Short messages that fade out: refusals, notices, AI fallbacks.  At the top of the window,
    or inside the place a scene keeps for its messages (the table's band), fitted to it.

    A passing message (a refusal, "Undone") makes room by pushing out the oldest passing one.
    A notice is never pushed out: past :data:`NOTICES_SHOWN` on screen it waits in
    ``waiting`` and shows when one before it has faded, so six damaged files at start are six
    notices read in turn.
    """

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.waiting: list[Toast] = []  # notices to show, oldest first
        self._surf: dict[tuple[str, str, int, int], pygame.Surface] = {}
        self._blocks: dict[tuple[tuple[str, ...], int], pygame.Surface] = {}
        self._unseen: set[int] = set()  # toasts the band had no room for in the last frame

    def show(
        self, text: str, kind: str = "info", ttl: float = 3.0, *, notice: bool = False
    ) -> None:
        self.items = [t for t in self.items if t.text != text]
        self.waiting = [t for t in self.waiting if t.text != text]
        toast = Toast(text, kind, ttl, notice=notice)
        if notice and self._notices() >= NOTICES_SHOWN:
            self.waiting.append(toast)
            return
        while len(self.items) >= TOASTS_SHOWN:  # one of them passes: notices are fewer
            self.items.remove(next(t for t in self.items if not t.notice))
        self.items.append(toast)

    def _notices(self) -> int:
        return sum(t.notice for t in self.items)

    @property
    def texts(self) -> list[str]:
        return [t.text for t in self.items]

    def drop_passing(self) -> None:
        """Forget the passing messages (said in a language just left); notices stay."""
        self.items = [t for t in self.items if t.notice]

    def update(self, dt: float) -> None:
        for t in self.items:  # a notice the band had no room for waits there, unread
            if not (t.notice and id(t) in self._unseen):
                t.age += dt
        self.items = [t for t in self.items if t.age < t.ttl]
        while self.waiting and self._notices() < NOTICES_SHOWN:
            t = self.waiting.pop(0)
            self.show(t.text, t.kind, t.ttl, notice=True)

    def _render(self, t: Toast, width: int, size: int) -> pygame.Surface:
        """``t`` wrapped to ``width`` at ``size`` on a panel of its own, edged by its kind."""
        key = (t.text, t.kind, width, size)
        surf = self._surf.get(key)
        if surf is None:
            if len(self._surf) > 64:
                self._surf.clear()
            lines = theme.wrap(t.text, size, width - 40, bold=True)
            lh = theme.font(size, True).get_linesize()
            h = lh * len(lines) + 20
            w = min(width, max(theme.font(size, True).size(s)[0] for s in lines) + 44)
            edge = _TOAST_EDGE.get(t.kind, theme.BUTTON_EDGE)
            surf = theme.rounded_panel((w, h), (14, 22, 18, 235), 12, edge, 2)
            for i, line in enumerate(lines):
                img = theme.text(line, size, theme.INK, bold=True)
                surf.blit(img, img.get_rect(midtop=(w // 2, 10 + i * lh)))
            self._surf[key] = surf
        return surf

    def _lines(self, lines: list[str], size: int) -> pygame.Surface:
        """Lines of a toast one under the other, centred, on nothing (for a shared panel)."""
        key = (tuple(lines), size)
        surf = self._blocks.get(key)
        if surf is None:
            if len(self._blocks) > 64:
                self._blocks.clear()
            imgs = [theme.text(line, size, theme.INK, bold=True) for line in lines]
            lh = theme.font(size, True).get_linesize()
            surf = pygame.Surface(
                (max(i.get_width() for i in imgs), lh * len(imgs)), pygame.SRCALPHA
            )
            for k, img in enumerate(imgs):
                surf.blit(img, img.get_rect(midtop=(surf.get_width() // 2, k * lh)))
            self._blocks[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The toasts stacked at the top of the window; or, given ``area`` (where a scene shows
        its messages), fitted inside it and never beyond."""
        if not self.items:
            return
        if area is not None:
            self._draw_in(surface, area)
            return
        self._unseen = set()
        scale = theme.ui_scale(surface.get_size())
        size = round(19 * scale)
        width = max(80, min(surface.get_width() - 40, round(760 * scale)))  # a tiny window too
        surfs = [self._render(t, width, size) for t in self.items]
        gap = 8
        total_h = sum(s.get_height() for s in surfs) + gap * (len(surfs) - 1)
        y = round(16 * scale) if surface.get_height() >= total_h + round(32 * scale) else 0
        for t, surf in zip(self.items, surfs, strict=True):
            surf.set_alpha(_fade(t))
            surface.blit(surf, surf.get_rect(midtop=(surface.get_width() // 2, y)))
            y += surf.get_height() + gap

    def _fit(self, inner: pygame.Rect, size: int) -> tuple[list[Toast], list[list[str]], int]:
        """The toasts ``inner`` shows, the lines of each and their size, as large as ``inner``
        lets them be: the newest that fit (all if they do) from ``size`` down to three quarters
        of it, else the newest alone down to 11 pixels (cut short with "…" if even that is too
        long).  A notice left out waits, unread, until there is room."""
        items = list(self.items)
        for n in range(len(items), 1, -1):
            least = max(11, round(size * 0.75))
            fit = theme.fit_texts([t.text for t in items[-n:]], inner.w, inner.h, size, least)
            if fit is not None:
                return items[-n:], *fit
        lines, size = theme.fit_lines(items[-1].text, inner.w, inner.h, size)
        return items[-1:], [lines], size

    def _draw_in(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """One panel filling ``area``, edged by the gravest kind shown, with each toast's
        lines centred in it, fading in and out on its own."""
        scale = theme.text_scale(surface.get_size())
        inner = area.inflate(-2 * round(14 * scale), -2 * max(2, round(3 * scale)))
        shown, groups, size = self._fit(inner, round(19 * scale))
        self._unseen = {id(t) for t in self.items} - {id(t) for t in shown}
        kinds = {t.kind for t in shown}
        edge = next((_TOAST_EDGE[k] for k in ("error", "warn") if k in kinds), theme.BUTTON_EDGE)
        panel = theme.rounded_panel(area.size, (14, 22, 18, 235), area.h // 2, edge, 2)
        panel.set_alpha(max(_fade(t) for t in shown))
        surface.blit(panel, area.topleft)
        lh = theme.font(size, True).get_linesize()
        y = inner.centery - lh * sum(len(g) for g in groups) // 2
        for t, lines in zip(shown, groups, strict=True):
            img = self._lines(lines, size)
            img.set_alpha(_fade(t))
            surface.blit(img, img.get_rect(midtop=(inner.centerx, y)))
            y += img.get_height()


_TOAST_EDGE = {"error": theme.RED, "warn": theme.GOLD}


def _fade(t: Toast) -> int:
    """A toast's opacity: fading in over its first 0.15 s and out over its last half second."""
    if t.age < 0.15:
        return int(255 * t.age / 0.15)
    if t.ttl - t.age < 0.5:
        return int(255 * max(0.0, t.ttl - t.age) / 0.5)
    return 255


def layout_column(
    widgets: Sequence[Button], center_x: int, top: int, width: int, height: int, gap: int
) -> int:
    """Stack buttons in a centred column; returns the y below the last one."""
    y = top
    for b in widgets:
        b.place(pygame.Rect(center_x - width // 2, y, width, height))
        y += height + gap
    return y
