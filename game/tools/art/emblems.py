"""The four Neapolitan suit emblems: gold coins, goblets, curved swords and knotted batons.

Each emblem is drawn around (0, 0), 100 units long on its long axis, so :func:`draw_emblem` can
place it at any size and angle: swords and batons cross diagonally on the pip cards and are held
by the court figures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.tools.art.geometry import (
    Affine,
    Point,
    bezier,
    ellipse,
    place,
    scale,
    symmetric,
    thick_polyline,
)
from game.tools.art.palette import (
    BLUE,
    DARK_GOLD,
    DARK_GREEN,
    DARK_RED,
    GOLD,
    GREEN,
    INK,
    LIGHT_BLUE,
    RED,
)
from game.tools.art.pen import Colour, Pen

BLADE: Colour = (70, 112, 192)
"""Neapolitan blades are printed blue; it tells swords from batons at a glance."""
WOOD: Colour = (164, 112, 56)
WOOD_DARK: Colour = (104, 64, 28)
WOOD_END: Colour = (226, 190, 128)


def coin(pen: Pen, ornate: bool = False) -> None:
    """A denaro: gold rim with a dotted border, red ring, green rosette (radius 50)."""
    pen.circle(0, 0, 50, GOLD, INK, 2.4)
    for k in range(20):
        a = place(0, 0, 1.0, k * 18)
        pen.poly(a.map(ellipse(0, -43.5, 3.2, 3.2, 16)), DARK_RED)
    pen.circle(0, 0, 37, RED, INK, 1.6)
    pen.circle(0, 0, 29, GOLD, INK, 1.2)
    petals = 8
    for k in range(petals):
        a = place(0, 0, 1.0, k * 360 / petals)
        pen.poly(a.map(ellipse(0, -15, 5.5, 11, 24)), GREEN, DARK_GREEN, 1)
    pen.circle(0, 0, 7, GOLD, INK, 1)
    pen.circle(0, 0, 3, RED)
    if ornate:  # the ace: a second ring of gold leaves round the coin
        for k in range(16):
            a = place(0, 0, 1.0, k * 22.5 + 11.25)
            pen.poly(a.map([(0, -52), (5, -60), (0, -70), (-5, -60)]), GOLD, INK, 1.2)


def cup(pen: Pen, ornate: bool = False) -> None:
    """A coppa: gold bowl with a red band, blue knop on the stem, wide foot (50 tall up/down)."""
    half = bezier((33, -42), (33, -12), (16, -4), (7, -2), 12)
    bowl = symmetric(half)
    pen.poly(bowl, GOLD, INK, 2)
    band = [(30.5, -28), (27.5, -20), (-27.5, -20), (-30.5, -28)]
    pen.poly(band, RED, INK, 1.2)
    pen.ellipse(0, -42, 33, 7.5, DARK_RED, INK, 2)
    pen.poly([(-5, -3), (5, -3), (5, 32), (-5, 32)], DARK_GOLD, INK, 1.5)
    pen.ellipse(0, 13, 12, 7, BLUE, INK, 1.5)
    foot = [(7, 30), (18, 40), (28, 46), (28, 50), (-28, 50), (-28, 46), (-18, 40), (-7, 30)]
    pen.poly(foot, GOLD, INK, 2)
    pen.line([(-26, 46), (26, 46)], DARK_GOLD, 1.5)
    if ornate:  # the ace: a lid with a knob, like the big cup of the Neapolitan ace
        pen.poly(symmetric([(0, -64), (8, -58), (30, -46)]), GOLD, INK, 1.6)
        pen.circle(0, -66, 5, RED, INK, 1.2)


def _blade_centre(curve: float) -> list[Point]:
    return [(curve * (t / 20) ** 2, 22 - 72 * t / 20) for t in range(21)]


def sword(pen: Pen, ornate: bool = False) -> None:
    """A spada: curved blue blade, gold cross-guard with curled ends, red grip (tip up)."""
    centre = _blade_centre(-12.0)
    widths = [13 - 10 * (i / 20) ** 1.5 for i in range(21)]
    pen.poly(thick_polyline(centre, widths), BLADE, INK, 1.6)
    pen.line([(x + 2.5, y) for x, y in centre[1:-3]], LIGHT_BLUE, 2.2)
    pen.line([(-17, 24), (17, 24)], GOLD, 6.5)
    for side in (-1, 1):
        pen.circle(side * 18, 21, 4, GOLD, INK, 1)
    pen.poly([(-3.6, 27), (3.6, 27), (3.6, 43), (-3.6, 43)], RED, INK, 1.2)
    pen.circle(0, 46.5, 5, GOLD, INK, 1.2)
    if ornate:
        pen.poly([(-7, 24), (0, 16), (7, 24), (0, 31)], RED, INK, 1)


def baton(pen: Pen, ornate: bool = False) -> None:
    """A bastone: a knotted club, thick at the top, with cut branch stubs (top end up)."""
    centre = [(0.8 * ((i % 3) - 1), -48 + 96 * i / 12) for i in range(13)]
    widths = [17 - 7 * i / 12 for i in range(13)]
    pen.poly(thick_polyline(centre, widths), WOOD, INK, 1.6)
    pen.line([(x + 3, y) for x, y in centre[1:-1]], WOOD_END, 1.4)
    for k, y in enumerate((-30, -12, 8, 27)):
        side = -1 if k % 2 else 1
        w = 17 - 7 * (y + 48) / 96
        base = side * w / 2
        stub = [(base, y - 4), (base + side * 7, y - 8), (base + side * 8, y - 2), (base, y + 3)]
        pen.poly(stub, WOOD, INK, 1.2)
        pen.ellipse(base + side * 7.5, y - 5, 2.2, 3.2, WOOD_END, INK, 0.8)
        pen.ellipse(-side * w * 0.15, y + 6, 1.6, 2.6, WOOD_DARK)
    pen.ellipse(0, -48, 8.5, 3.5, WOOD_END, INK, 1.2)
    pen.poly([(-6.6, 40), (6.6, 40), (5.6, 44), (-5.6, 44)], RED)
    pen.poly([(-7.6, -40), (7.6, -40), (7.3, -36), (-7.3, -36)], GREEN)
    if ornate:
        pen.poly([(-8, -20), (8, -20), (8, -16), (-8, -16)], RED)


Shape = Callable[[Pen, bool], None]
"""One emblem drawn round (0, 0), 100 units long, ``ornate`` for the ace."""
Shapes = Mapping[str, Shape]
"""A deck's four emblems by suit letter."""
NEAPOLITAN: Shapes = {"D": coin, "C": cup, "S": sword, "B": baton}


def draw_emblem(
    pen: Pen,
    suit: str,
    x: float,
    y: float,
    size: float,
    angle: float = 0.0,
    mirror: bool = False,
    width: float | None = None,
    ornate: bool = False,
    shapes: Shapes = NEAPOLITAN,
) -> None:
    """Suit ``suit``'s emblem ``size`` long centred on (x, y); ``width`` widens/narrows it;
    ``shapes`` are the deck's emblems (the Neapolitan ones unless a regional deck gives its own)."""
    t: Affine = place(x, y, 1.0, angle, mirror) @ scale(
        (width if width is not None else size) / 100, size / 100
    )
    with pen.at(t):
        shapes[suit](pen, ornate)
