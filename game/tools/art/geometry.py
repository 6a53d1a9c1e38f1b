"""2-D affine transforms and polygon builders.

Every shape of the art is a polygon (circles included, as many-sided polygons), so a single
affine transform can place, scale, rotate or mirror any emblem: Pillow's own ellipses cannot be
rotated, and the swords, batons and double-headed court figures need rotations and mirrors.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Affine:
    """``x' = a*x + b*y + c``, ``y' = d*x + e*y + f``; ``t1 @ t2`` applies ``t2`` first."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 0.0
    e: float = 1.0
    f: float = 0.0

    def __matmul__(self, o: Affine) -> Affine:
        return Affine(
            self.a * o.a + self.b * o.d,
            self.a * o.b + self.b * o.e,
            self.a * o.c + self.b * o.f + self.c,
            self.d * o.a + self.e * o.d,
            self.d * o.b + self.e * o.e,
            self.d * o.c + self.e * o.f + self.f,
        )

    def apply(self, p: Point) -> Point:
        x, y = p
        return (self.a * x + self.b * y + self.c, self.d * x + self.e * y + self.f)

    def map(self, pts: Iterable[Point]) -> list[Point]:
        return [self.apply(p) for p in pts]

    @property
    def scale_factor(self) -> float:
        """How much lengths grow on average (for line widths)."""
        return math.sqrt(abs(self.a * self.e - self.b * self.d))


IDENTITY = Affine()


def translate(x: float, y: float) -> Affine:
    return Affine(c=x, f=y)


def scale(sx: float, sy: float | None = None) -> Affine:
    return Affine(a=sx, e=sx if sy is None else sy)


def rotate(degrees: float) -> Affine:
    """Clockwise on screen (y grows downwards)."""
    r = math.radians(degrees)
    co, si = math.cos(r), math.sin(r)
    return Affine(a=co, b=-si, d=si, e=co)


def place(
    x: float, y: float, size: float = 1.0, angle: float = 0.0, mirror: bool = False
) -> Affine:
    """Put a shape drawn around (0, 0) at (x, y): scaled, rotated, mirrored left-right if asked."""
    t = translate(x, y) @ rotate(angle) @ scale(size)
    return t @ scale(-1, 1) if mirror else t


def ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 72) -> list[Point]:
    return [
        (cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]


def circle(cx: float, cy: float, r: float, n: int = 72) -> list[Point]:
    return ellipse(cx, cy, r, r, n)


def arc(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, n: int = 24
) -> list[Point]:
    """Points along an elliptic arc, angles in degrees clockwise from +x (screen coordinates)."""
    out = []
    for i in range(n + 1):
        t = math.radians(start + (end - start) * i / n)
        out.append((cx + rx * math.cos(t), cy + ry * math.sin(t)))
    return out


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float) -> list[Point]:
    pts: list[Point] = []
    pts += arc(x1 - r, y0 + r, r, r, -90, 0, 8)
    pts += arc(x1 - r, y1 - r, r, r, 0, 90, 8)
    pts += arc(x0 + r, y1 - r, r, r, 90, 180, 8)
    pts += arc(x0 + r, y0 + r, r, r, 180, 270, 8)
    return pts


def mirror_x(pts: Sequence[Point]) -> list[Point]:
    """The polygon mirrored about x = 0 (for symmetric shapes drawn from one half)."""
    return [(-x, y) for x, y in pts]


def symmetric(half: Sequence[Point]) -> list[Point]:
    """A left-right symmetric polygon from its right half listed top to bottom."""
    return list(half) + [(-x, y) for x, y in reversed(half)]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 16) -> list[Point]:
    """Cubic Bézier points, for the curves of figures (robes, horse)."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def thick_polyline(pts: Sequence[Point], widths: Sequence[float] | float) -> list[Point]:
    """The outline of a stroke of varying width along ``pts`` (blades, batons, limbs)."""
    n = len(pts)
    ws = [widths] * n if isinstance(widths, (int, float)) else list(widths)
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(pts):
        x0, y0 = pts[max(i - 1, 0)]
        x1, y1 = pts[min(i + 1, n - 1)]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        h = ws[i] / 2
        left.append((x + nx * h, y + ny * h))
        right.append((x - nx * h, y - ny * h))
    return left + right[::-1]
