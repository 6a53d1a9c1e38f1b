"""Scenes and the stack that runs them.

A scene answers ``handle(event)``, ``update(dt)`` and ``draw(surface)``.  The manager keeps a
stack: the top scene gets input and time; an overlay (``overlay = True``) is drawn over the
scenes below it, so a dialog or the deal summary sits on the table that stays visible underneath.
Scenes below an overlay keep being updated only if they ask to (``update_when_covered``), which
lets the table finish an animation under a toast-like overlay but freeze under a dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .runner import App


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

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (overlays draw only their own part)."""


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.resize(window_surface().get_size())
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
        for scene in self.stack:
            scene.resize(size)

    def handle(self, event: pygame.event.Event) -> None:
        if self.stack:
            self.stack[-1].handle(event)

    def update(self, dt: float) -> None:
        if not self.stack:
            return
        top = self.stack[-1]
        for scene in self.stack[:-1]:
            if scene.update_when_covered:
                scene.update(dt)
        top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.stack:
            return
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(surface)
