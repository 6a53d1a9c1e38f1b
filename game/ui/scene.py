"""Scenes and the stack that runs them.

A scene answers ``handle(event)``, ``update(dt)`` and ``draw(surface)``.  The manager keeps a
stack: the top scene gets input and time; an overlay (``overlay = True``) is drawn over the
scenes below it, so a dialog or the deal summary sits on the table that stays visible underneath.
Scenes below an overlay keep being updated only if they ask to (``update_when_covered``), which
lets the table finish an animation under a toast-like overlay but freeze under a dialog.

Scenes are never laid out smaller than :data:`MIN_WINDOW`: in a smaller window the manager keeps
them laid out at that size, draws a "window too small" notice instead of them and holds back the
mouse (which would point at places the player cannot see); they come back as soon as the window
grows again.  So no scene has to cope with a window only a few pixels wide.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from game.i18n import _

from . import theme

if TYPE_CHECKING:
    from .runner import App

#: The smallest window the scenes are laid out in; below it the "window too small" notice shows.
MIN_WINDOW = (480, 320)

#: Set by a thread whose result the main loop waits for (an AI seat's move): an app asleep
#: because nothing moves wakes at once instead of at its next timer.
WAKEUP = threading.Event()

Damage = list[pygame.Rect] | None  # what a frame changes: these rectangles, or None for all

_MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


def too_small_notice() -> str:
    """What a window below the minimum shows instead of the scenes."""
    w, h = MIN_WINDOW
    return _(
        "The window is too small — make it at least {width}×{height}: everything comes back "
        "as it was."
    ).format(width=w, height=h)


def draw_notice(surface: pygame.Surface, message: str) -> None:
    """The message centred on a plain dark window, wrapped to whatever width there is."""
    surface.fill((14, 30, 22))
    w, h = surface.get_size()
    size = max(8, min(18, w // 14))
    lines = theme.wrap(message, size, max(1, w - 16), bold=True)
    lh = theme.font(size, True).get_linesize()
    y = (h - lh * len(lines)) // 2
    for line in lines:
        img = theme.text(line, size, theme.INK, bold=True)
        surface.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += lh


def window_surface() -> pygame.Surface:
    """The window's surface: it exists whenever scenes run (the app opens it first)."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise RuntimeError("no window: pygame.display.set_mode was not called")
    return surface


class Scene:
    overlay = False
    update_when_covered = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered)."""

    def leave(self) -> None:
        """Called when the scene is removed from the stack."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout."""

    def language_changed(self) -> None:
        """The player switched the language: make the texts again.  The default lays the
        scene out again, which suits a scene that says its texts as it draws them; a scene
        that keeps widgets with labels builds them anew."""
        self.resize(self.app.size)

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (overlays draw only their own part)."""

    def changed(self) -> Damage:
        """What the next draw changes on screen since this scene was last drawn, asked once per
        frame after ``update``: the rectangles, ``[]`` for nothing, None for everything.  The
        default, None, suits a scene that does not keep track: it is drawn whole every frame.
        Input, a resize, a toast or a change of the scene stack redraw everything anyway."""
        return None

    def wake_in(self) -> float | None:
        """How soon this scene changes without input: 0 while it animates (a frame every tick,
        the default), the seconds until its next timer ends, or None when only input can
        change it.  The app sleeps until the soonest wake of the scenes it updates."""
        return 0.0


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []
        self.window: tuple[int, int] | None = None  # the last size given to resize()
        self.notice: str | None = None  # drawn instead of the scenes in the last frame
        self._shown: tuple[object, ...] | None = None  # what the last changed() answered for

    @property
    def too_small(self) -> bool:
        """The window is below :data:`MIN_WINDOW` in either direction."""
        w, h = self.window or window_surface().get_size()
        return w < MIN_WINDOW[0] or h < MIN_WINDOW[1]

    @property
    def layout_size(self) -> tuple[int, int]:
        """The size scenes are laid out in: the window's, but never below the minimum."""
        w, h = self.window or window_surface().get_size()
        return max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1])

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.resize(self.layout_size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].enter()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` out wherever it is (an overlay closing itself under another overlay)."""
        if scene is self.top:
            self.pop()
        elif scene in self.stack:
            self.stack.remove(scene)
            scene.leave()

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start over with ``scene`` (back to the title, an error page)."""
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: scenes are laid out again (at the minimum when smaller)."""
        self.window = size
        self.relayout()

    def relayout(self) -> None:
        """Lay the scenes out again in the same window (the text size or the look changed)."""
        for scene in self.stack:
            scene.resize(self.layout_size)

    def handle(self, event: pygame.event.Event) -> None:
        if self.stack and not (event.type in _MOUSE and self.too_small):
            self.stack[-1].handle(event)

    def update(self, dt: float) -> None:
        if not self.stack:
            return
        top = self.stack[-1]
        for scene in self.stack[:-1]:
            if scene.update_when_covered:
                scene.update(dt)
        top.update(dt)

    def drawn(self) -> list[Scene]:
        """The scenes a frame draws: the top one and, under overlays, down to the first opaque."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return self.stack[max(0, first) :]

    def updated(self) -> list[Scene]:
        """The scenes a frame updates: the top one and the covered ones that ask to be."""
        return [s for s in self.stack[:-1] if s.update_when_covered] + self.stack[-1:]

    def changed(self) -> Damage:
        """What the next draw changes: everything when the drawn scenes, the window size or
        the "too small" notice differ from the last frame, else what the drawn scenes say."""
        drawn = self.drawn()
        shown = (*drawn, self.window, self.too_small)
        rects: list[pygame.Rect] = []
        whole = shown != self._shown
        self._shown = shown
        for scene in drawn:  # every scene is asked, so each keeps track of what it showed
            part = scene.changed()
            if part is None:
                whole = True
            else:
                rects += part
        return None if whole else rects

    def wake_in(self) -> float | None:
        """The soonest wake of the updated scenes (0: one animates; None: input only)."""
        waits = [w for w in (s.wake_in() for s in self.updated()) if w is not None]
        return min(waits, default=None)

    def draw(self, surface: pygame.Surface) -> None:
        self.notice = too_small_notice() if self.too_small else None
        if self.notice is not None:
            draw_notice(surface, self.notice)
            return
        for scene in self.drawn():
            scene.draw(surface)
