"""The four Italian suits as small corner marks: a coin, a goblet, a sword and a baton.

In a fanned hand only a card's left edge shows, a few dozen pixels wide, so the corner must say
the suit on its own.  The pip emblems (:mod:`game.tools.art.emblems`) carry rims, dots and rosettes
that melt into one blur at that size; these marks keep only what survives being drawn seven
pixels tall: each suit's outline, its colours (gold and red coin, gold goblet with a red bowl,
blue blade, brown wood) and a heavy dark outline.  Each is drawn around (0, 0), 100 units tall.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.tools.art.emblems import BLADE, WOOD, WOOD_END
from game.tools.art.geometry import bezier, place, symmetric, thick_polyline
from game.tools.art.palette import BLUE, DARK_RED, GOLD, GREEN, INK, RED
from game.tools.art.pen import Pen

OUTLINE = 6.0
"""Outline width in mark units: about one card pixel at the sizes the corners use."""


def coin_mark(pen: Pen) -> None:
    """Gold rim, red ring, green heart: the denaro's colours, no dots."""
    pen.circle(0, 0, 47, GOLD, INK, OUTLINE)
    pen.circle(0, 0, 28, RED, INK, OUTLINE * 0.7)
    pen.circle(0, 0, 11, GREEN)


def cup_mark(pen: Pen) -> None:
    """A wide goblet: red wine at the brim, gold bowl, a stem with a blue knop, a broad foot."""
    bowl = symmetric(bezier((44, -50), (44, -20), (22, -8), (8, -6), 10))
    pen.poly(bowl, GOLD, INK, OUTLINE)
    pen.poly(symmetric([(43, -50), (41, -32)]), RED, INK, OUTLINE * 0.6)
    pen.poly([(-7, -8), (7, -8), (7, 34), (-7, 34)], GOLD, INK, OUTLINE * 0.8)
    pen.ellipse(0, 14, 14, 8, BLUE, INK, OUTLINE * 0.6)
    pen.poly(symmetric([(10, 32), (36, 46), (36, 50)]), GOLD, INK, OUTLINE)


def sword_mark(pen: Pen) -> None:
    """A straight blue blade, tip up, with a gold guard, a red grip and a gold pommel."""
    pen.poly([(0, -50), (12, -34), (12, 14), (-12, 14), (-12, -34)], BLADE, INK, OUTLINE)
    pen.poly([(-28, 13), (28, 13), (28, 23), (-28, 23)], GOLD, INK, OUTLINE * 0.7)
    pen.poly([(-6, 23), (6, 23), (6, 40), (-6, 40)], RED, INK, OUTLINE * 0.6)
    pen.circle(0, 44, 7, GOLD, INK, OUTLINE * 0.6)


def baton_mark(pen: Pen) -> None:
    """A club, thick end up, with two cut stubs and the red and green bands of the emblem."""
    centre = [(0.0, -48 + 96 * i / 8) for i in range(9)]
    pen.poly(thick_polyline(centre, [34 - 12 * i / 8 for i in range(9)]), WOOD, INK, OUTLINE)
    for side, y in ((1, -22), (-1, 10)):
        base = side * 14
        stub = [(base, y - 5), (base + side * 14, y - 12), (base + side * 16, y - 4), (base, y + 4)]
        pen.poly(stub, WOOD, INK, OUTLINE * 0.7)
    pen.ellipse(0, -48, 16, 5, WOOD_END, INK, OUTLINE * 0.6)
    pen.poly([(-15, -36), (15, -36), (15, -30), (-15, -30)], GREEN)
    pen.poly([(-10, 34), (10, 34), (10, 40), (-10, 40)], DARK_RED)


Mark = Callable[[Pen], None]
"""One corner mark drawn round (0, 0), 100 units tall."""
Marks = Mapping[str, Mark]
"""A deck's four corner marks by suit letter."""
NEAPOLITAN: Marks = {
    "D": coin_mark,
    "C": cup_mark,
    "S": sword_mark,
    "B": baton_mark,
}
MARK_SIZE = {"D": 64.0, "C": 72.0, "S": 84.0, "B": 84.0}
"""How tall each mark is drawn in the corner: the long ones taller, so all read the same weight."""


def draw_mark(
    pen: Pen,
    suit: str,
    x: float,
    y: float,
    size: float | None = None,
    marks: Marks = NEAPOLITAN,
) -> None:
    """Suit ``suit``'s corner mark centred on (x, y), ``size`` tall (its corner size if None),
    from ``marks`` (a regional deck's own, or the Neapolitan ones)."""
    with pen.at(place(x, y, (size or MARK_SIZE[suit]) / 100)):
        marks[suit](pen)
