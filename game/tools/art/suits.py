"""The four French suit symbols as vector polygons (not font glyphs), crisp at any size.

Each symbol is drawn around (0, 0) inside a box one unit tall, so a pip, an index and an ace use
the same outline at different sizes, and a pip in the lower half of a card is simply turned 180°.
"""

from __future__ import annotations

import math
from functools import cache

from game.tools.art.geometry import Point, circle, place
from game.tools.art.pen import Colour, Pen

RED: Colour = (196, 30, 45)
BLACK: Colour = (28, 28, 34)
BLUE: Colour = (24, 84, 206)
"""The four-colour deck's diamonds: a deep blue, far from the hearts' red at a glance."""
GREEN: Colour = (14, 128, 14)
"""The four-colour deck's clubs: a pure leaf green, lighter than the spades' black and unlike the
blue-green felt (tests/tools/test_art_colours.py measures both)."""
SUIT_COLOUR: dict[str, Colour] = {"H": RED, "D": RED, "S": BLACK, "C": BLACK}
FOUR_COLOUR: dict[str, Colour] = {"H": RED, "D": BLUE, "S": BLACK, "C": GREEN}
"""Inks of the four-colour French deck: each suit its own colour, so a diamond never reads as a
heart nor a club as a spade for a player who tells suits apart by colour, or sees shapes badly."""


def _fit(polys: list[list[Point]], width: float) -> list[list[Point]]:
    """Centre ``polys`` on (0, 0), one unit tall and at most ``width`` wide."""
    xs = [x for p in polys for x, _ in p]
    ys = [y for p in polys for _, y in p]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    k = min(1 / (max(ys) - min(ys)), width / (max(xs) - min(xs)))
    return [[((x - cx) * k, (y - cy) * k) for x, y in p] for p in polys]


def _heart_outline(n: int = 120) -> list[Point]:
    """The classic heart curve, lobes up, point down."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


@cache
def suit_polygons(suit: str) -> tuple[tuple[Point, ...], ...]:
    """Polygons of one suit symbol, one unit tall, centred on (0, 0)."""
    if suit == "H":
        polys = [_heart_outline()]
    elif suit == "D":
        # A rhombus with gently curved (concave) sides, like printed diamonds.
        pts: list[Point] = []
        corners = [(0.0, -0.5), (0.38, 0.0), (0.0, 0.5), (-0.38, 0.0)]
        for i in range(4):
            (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
            for k in range(12):
                t = k / 12
                mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                bow = 0.04 * math.sin(math.pi * t)  # pull each side towards the centre
                pts.append((mx - math.copysign(bow, mx) * 0.9, my - math.copysign(bow, my) * 0.9))
        polys = [pts]
    elif suit == "S":
        body = [(x, -y - 1.5) for x, y in _heart_outline()]  # inverted heart
        stem = [(0, 8.5), (-2.5, 16.5), (-7.5, 18.5), (7.5, 18.5), (2.5, 16.5)]
        polys = [body, stem]
    elif suit == "C":
        r = 6.6
        lobes = [circle(0, -7.6, r, 60), circle(-7.8, 3.4, r, 60), circle(7.8, 3.4, r, 60)]
        centre = [(-4.0, -2.0), (4.0, -2.0), (5.0, 3.0), (0.0, 6.0), (-5.0, 3.0)]
        stem = [(0, 1.0), (-2.0, 12.0), (-7.0, 16.0), (7.0, 16.0), (2.0, 12.0)]
        polys = [*lobes, centre, stem]
    else:
        raise ValueError(f"no French suit {suit!r}")
    fitted = _fit(polys, 0.95 if suit in "SHC" else 0.8)
    return tuple(tuple(p) for p in fitted)


def draw_suit(
    pen: Pen,
    suit: str,
    x: float,
    y: float,
    size: float,
    flip: bool = False,
    colour: Colour | None = None,
) -> None:
    """A suit symbol ``size`` tall centred on (x, y), upside down if ``flip``, in ``colour``
    (the two-colour deck's ink of the suit if not given)."""
    with pen.at(place(x, y, size, 180.0 if flip else 0.0)):
        for poly in suit_polygons(suit):
            pen.poly(poly, colour or SUIT_COLOUR[suit])
