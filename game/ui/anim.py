"""Eased motion for card sprites, and the step queue that turns engine events into animation.

A sprite's motion captures its starting point only when it starts (after its delay), so a card
may be sent somewhere while still flying elsewhere and glides on from wherever it is.  A flip
squashes the card to nothing and back halfway through the flight, switching faces in between.
Durations are multiplied by the speed setting; at "instant" everything lands in the same frame.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine import Card


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1, c3 = 1.2, 2.2
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


@dataclass
class Motion:
    to: tuple[float, float]
    width: float
    duration: float
    delay: float = 0.0
    face_up: bool | None = None
    ease: Callable[[float], float] = ease_out_cubic
    on_start: Callable[[], None] | None = None
    elapsed: float = 0.0
    start: tuple[float, float, float] | None = None  # x, y, width when it began
    flip: bool = False


class CardSprite:
    """One card on the table.  ``card`` is None for a card the viewer cannot see yet."""

    __slots__ = ("card", "face_up", "motions", "owner", "squash", "w", "x", "y", "z", "zone")

    def __init__(
        self,
        card: Card | None,
        pos: tuple[float, float],
        width: float,
        face_up: bool,
        zone: str = "deck",
        owner: int = -1,
    ) -> None:
        self.card = card
        self.face_up = face_up
        self.x, self.y = pos
        self.w = float(width)
        self.zone = zone  # "deck", "hand", "trick", "pile", "table"
        self.owner = owner
        self.z = 0
        self.squash = 1.0  # horizontal scale while flipping
        self.motions: deque[Motion] = deque()

    def __repr__(self) -> str:
        return f"CardSprite({self.card}, {self.zone}{self.owner}, up={self.face_up})"

    @property
    def moving(self) -> bool:
        return bool(self.motions)

    def move_to(
        self,
        pos: tuple[float, float],
        width: float,
        duration: float,
        *,
        delay: float = 0.0,
        face_up: bool | None = None,
        ease: Callable[[float], float] = ease_out_cubic,
        on_start: Callable[[], None] | None = None,
        queue: bool = False,
    ) -> None:
        """Glide to ``pos`` at ``width``; ``queue`` appends after the running motion instead of
        replacing it."""
        m = Motion(pos, float(width), duration, delay, face_up, ease, on_start)
        if not queue:
            self.motions.clear()
            self.squash = 1.0
        self.motions.append(m)
        if duration <= 0 and delay <= 0 and len(self.motions) == 1:
            self.update(0.0)

    def settle(self) -> None:
        """Finish every motion now (a click skips the animation)."""
        while self.motions:
            m = self.motions.popleft()
            if m.start is None and m.on_start is not None:
                m.on_start()
            self.x, self.y = m.to
            self.w = m.width
            if m.face_up is not None:
                self.face_up = m.face_up
        self.squash = 1.0

    def update(self, dt: float) -> None:
        while self.motions:
            m = self.motions[0]
            if m.delay > 0:
                m.delay -= dt
                if m.delay > 0:
                    return
                dt = -m.delay
                m.delay = 0
            if m.start is None:
                m.start = (self.x, self.y, self.w)
                m.flip = m.face_up is not None and m.face_up != self.face_up
                if m.on_start is not None:
                    m.on_start()
            m.elapsed += dt
            p = 1.0 if m.duration <= 0 else min(1.0, m.elapsed / m.duration)
            e = m.ease(p)
            x0, y0, w0 = m.start
            self.x = x0 + (m.to[0] - x0) * e
            self.y = y0 + (m.to[1] - y0) * e
            self.w = w0 + (m.width - w0) * e
            if m.flip:
                self.squash = abs(math.cos(math.pi * p))
                if p >= 0.5 and m.face_up is not None:
                    self.face_up = m.face_up
            if p < 1.0:
                return
            self.squash = 1.0
            if m.face_up is not None:
                self.face_up = m.face_up
            dt = max(0.0, m.elapsed - m.duration)
            self.motions.popleft()


@dataclass
class Step:
    """One beat of the show: ``start`` sets sprites moving and returns how long the beat lasts."""

    start: Callable[[], float]
    name: str = ""
    blocking: bool = False  # waits for something outside (the deal summary closing)


@dataclass
class StepQueue:
    steps: deque[Step] = field(default_factory=deque)
    current: Step | None = None
    remaining: float = 0.0
    waiting: bool = False  # a blocking step holds the queue until release()

    def add(self, start: Callable[[], float], name: str = "", blocking: bool = False) -> None:
        self.steps.append(Step(start, name, blocking))

    @property
    def idle(self) -> bool:
        return self.current is None and not self.steps and not self.waiting

    def release(self) -> None:
        self.waiting = False
        self.current = None
        self.remaining = 0.0

    def update(self, dt: float, budget: int = 200) -> None:
        """Run steps; several zero-length steps may run in one frame."""
        self.remaining -= dt
        for _ in range(budget):
            if self.waiting:
                return
            if self.current is not None and self.remaining > 0:
                return
            self.current = None
            if not self.steps:
                return
            step = self.steps.popleft()
            self.current = step
            self.remaining = step.start()
            if step.blocking:
                self.waiting = True

    def skip(self) -> None:
        """End the running beat now (its sprites are settled by the caller)."""
        if self.current is not None and not self.waiting:
            self.remaining = 0.0
