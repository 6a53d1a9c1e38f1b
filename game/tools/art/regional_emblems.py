"""The suit emblems of the three regional decks: Piacentine, Siciliane and Trevigiane.

Drawn like :mod:`game.tools.art.emblems` (round (0, 0), 100 units long, top end up), each set in
its deck's few flat inks and shapes, which is what a player from Piacenza, Palermo or Treviso
knows their deck by:

- Piacentine (Spanish-derived): straight dagger-like swords and knobbly green cudgels lying
  apart; coins and cups in yellow, red, blue and green; the ace of coins a crowned eagle.
- Siciliane (Spanish-derived): bold yellow, red, blue and green; straight swords and rough
  *mazze*; round-bellied cups.
- Trevigiane (Venetian): curved sabres and smooth staves that meet and interlace; ornate gilded
  coins with a rose; tall Venetian chalices.
"""

from __future__ import annotations

import math

from game.tools.art.emblems import Shapes
from game.tools.art.geometry import Point, bezier, ellipse, place, symmetric, thick_polyline
from game.tools.art.palette import BLACK, INK, WHITE
from game.tools.art.pen import Colour, Pen

# ---------------------------------------------------------------- Piacentine

P_YELLOW: Colour = (242, 196, 40)
P_ORANGE: Colour = (222, 132, 30)
P_RED: Colour = (200, 40, 36)
P_BLUE: Colour = (40, 86, 170)
P_GREEN: Colour = (60, 132, 58)
P_DARK_GREEN: Colour = (32, 86, 40)
P_STEEL: Colour = (70, 116, 196)


def _eagle(pen: Pen, ink: Colour) -> None:
    """A single-headed crowned eagle, wings spread (the Piacentine ace of coins)."""
    for side in (-1, 1):
        wing = [(0, -6), (side * 30, -22), (side * 34, -8), (side * 26, 0), (side * 30, 6)]
        wing += [(side * 18, 8), (side * 8, 10)]
        pen.poly(wing, ink, INK, 1)
    pen.poly([(-8, -8), (8, -8), (6, 18), (0, 26), (-6, 18)], ink, INK, 1)
    pen.circle(0, -14, 6, ink, INK, 1)
    pen.poly([(4, -16), (12, -13), (4, -11)], P_YELLOW, INK, 0.8)
    pen.poly([(-5, -20), (-5, -27), (-2, -23), (0, -29), (2, -23), (5, -27), (5, -20)], P_YELLOW)


def p_coin(pen: Pen, ornate: bool = False) -> None:
    """A yellow disc ringed in red and orange, a blue heart with a yellow star."""
    pen.circle(0, 0, 50, P_YELLOW, INK, 2.4)
    pen.circle(0, 0, 41, P_RED, INK, 1.4)
    pen.circle(0, 0, 34, P_ORANGE, INK, 1.2)
    if ornate:
        pen.circle(0, 0, 30, P_YELLOW, INK, 1.2)
        with pen.at(place(0, 0, 0.95)):
            _eagle(pen, BLACK)
        return
    pen.circle(0, 0, 22, P_BLUE, INK, 1.2)
    star: list[Point] = []
    for k in range(16):
        r = 18 if k % 2 == 0 else 8
        star += place(0, 0, 1.0, k * 22.5).map([(0, -r)])
    pen.poly(star, P_YELLOW, INK, 1)
    pen.circle(0, 0, 4, P_RED)


def p_cup(pen: Pen, ornate: bool = False) -> None:
    """A Spanish cup: a deep yellow bowl with red and blue bands, a short stem, a wide foot."""
    bowl = symmetric(bezier((30, -46), (32, -10), (20, 0), (6, 2), 12))
    pen.poly(bowl, P_YELLOW, INK, 2)
    pen.poly(symmetric([(30.5, -38), (29, -28)]), P_RED, INK, 1.2)
    pen.poly(symmetric([(27, -18), (22, -10)]), P_BLUE, INK, 1.2)
    pen.ellipse(0, -46, 30, 6, P_RED, INK, 2)
    pen.poly([(-6, 0), (6, 0), (6, 30), (-6, 30)], P_ORANGE, INK, 1.5)
    pen.ellipse(0, 16, 11, 6, P_GREEN, INK, 1.2)
    pen.poly(symmetric([(8, 30), (26, 44), (30, 50)]), P_YELLOW, INK, 2)
    if ornate:
        pen.poly(symmetric([(0, -70), (10, -62), (30, -50)]), P_YELLOW, INK, 1.6)
        pen.circle(0, -72, 5, P_BLUE, INK, 1.2)


def p_sword(pen: Pen, ornate: bool = False) -> None:
    """A straight dagger-like sword: steel blade to a point, a yellow cross-guard with knobbed
    ends, a red grip, a yellow pommel (tip up)."""
    pen.poly([(0, -50), (8, -38), (8, 20), (-8, 20), (-8, -38)], P_STEEL, INK, 1.6)
    pen.line([(0, -42), (0, 16)], WHITE, 2)
    pen.poly([(-20, 20), (20, 20), (20, 27), (-20, 27)], P_YELLOW, INK, 1.2)
    for side in (-1, 1):
        pen.circle(side * 22, 23.5, 4.5, P_RED, INK, 1)
    pen.poly([(-4, 27), (4, 27), (4, 42), (-4, 42)], P_RED, INK, 1.2)
    pen.circle(0, 46, 5, P_YELLOW, INK, 1.2)
    if ornate:
        pen.poly([(-6, 20), (0, 12), (6, 20)], P_BLUE, INK, 1)


def p_baton(pen: Pen, ornate: bool = False) -> None:
    """A knobbly green cudgel, thicker at the top, with yellow knots and a red band."""
    centre = [(1.5 * ((i % 2) * 2 - 1), -48 + 96 * i / 10) for i in range(11)]
    pen.poly(thick_polyline(centre, [22 - 9 * i / 10 for i in range(11)]), P_GREEN, INK, 1.6)
    pen.line([(x + 4, y) for x, y in centre[1:-1]], (120, 180, 96), 1.6)
    for k, y in enumerate((-34, -16, 2, 20)):
        side = 1 if k % 2 else -1
        w = (22 - 9 * (y + 48) / 96) / 2
        pen.ellipse(side * w, y, 5, 6, P_YELLOW, INK, 1)
    pen.ellipse(0, -48, 10, 4, P_YELLOW, INK, 1.2)
    pen.poly([(-7, 34), (7, 34), (6, 40), (-6, 40)], P_RED)
    if ornate:
        pen.poly([(-10, -6), (10, -6), (10, -1), (-10, -1)], P_RED)


PIACENTINE: Shapes = {"D": p_coin, "C": p_cup, "S": p_sword, "B": p_baton}

# ---------------------------------------------------------------- Siciliane

S_YELLOW: Colour = (250, 204, 28)
S_RED: Colour = (214, 38, 40)
S_BLUE: Colour = (28, 78, 176)
S_GREEN: Colour = (36, 142, 72)
S_BROWN: Colour = (150, 84, 40)
S_STEEL: Colour = (118, 160, 214)


def s_coin(pen: Pen, ornate: bool = False) -> None:
    """A bold yellow coin with a red ring of blue dots and a green and red flower."""
    pen.circle(0, 0, 50, S_YELLOW, INK, 3)
    pen.circle(0, 0, 38, S_RED, INK, 2)
    for k in range(12):
        pen.poly(place(0, 0, 1.0, k * 30).map(ellipse(0, -33, 3, 3, 12)), S_BLUE)
    pen.circle(0, 0, 27, S_YELLOW, INK, 1.6)
    for k in range(4):
        pen.poly(place(0, 0, 1.0, k * 90 + 45).map(ellipse(0, -13, 7, 12, 20)), S_GREEN, INK, 1)
    pen.circle(0, 0, 8, S_RED, INK, 1.2)
    if ornate:
        for k in range(8):
            a = place(0, 0, 1.0, k * 45)
            pen.poly(a.map([(0, -52), (9, -60), (0, -72), (-9, -60)]), S_RED, INK, 1.4)


def s_cup(pen: Pen, ornate: bool = False) -> None:
    """A round-bellied cup: red body with a yellow rim and band, a blue knop, a yellow foot."""
    pen.ellipse(0, -18, 32, 28, S_RED, INK, 2.4)
    pen.poly([(-24, -42), (24, -42), (30, -34), (-30, -34)], S_YELLOW, INK, 1.6)
    pen.line([(-30, -14), (30, -14)], S_YELLOW, 5)
    pen.poly([(-6, 8), (6, 8), (6, 32), (-6, 32)], S_YELLOW, INK, 1.6)
    pen.ellipse(0, 20, 12, 7, S_BLUE, INK, 1.4)
    pen.poly(symmetric([(8, 32), (28, 44), (30, 50)]), S_YELLOW, INK, 2.2)
    if ornate:
        pen.poly(symmetric([(0, -66), (14, -56), (22, -44)]), S_YELLOW, INK, 1.8)
        pen.circle(0, -68, 6, S_GREEN, INK, 1.2)


def s_sword(pen: Pen, ornate: bool = False) -> None:
    """A straight broad sword: blue blade, yellow cross-guard and pommel, green grip."""
    pen.poly([(0, -50), (10, -36), (9, 18), (-9, 18), (-10, -36)], S_STEEL, INK, 2)
    pen.line([(0, -40), (0, 14)], S_BLUE, 3)
    pen.poly([(-22, 18), (22, 18), (18, 27), (-18, 27)], S_YELLOW, INK, 1.6)
    pen.poly([(-4.5, 27), (4.5, 27), (4.5, 42), (-4.5, 42)], S_GREEN, INK, 1.4)
    pen.circle(0, 46, 5.5, S_YELLOW, INK, 1.4)
    if ornate:
        pen.circle(0, 22, 4, S_RED)


def s_baton(pen: Pen, ornate: bool = False) -> None:
    """A *mazza*: a rough brown cudgel, wider at the top, with dark knots and a green grip."""
    centre = [(0.0, -48 + 96 * i / 8) for i in range(9)]
    pen.poly(thick_polyline(centre, [26 - 12 * i / 8 for i in range(9)]), S_BROWN, INK, 2)
    for k, y in enumerate((-36, -20, -4, 12)):
        side = 1 if k % 2 else -1
        w = (26 - 12 * (y + 48) / 96) / 2
        pen.poly([(side * w, y - 4), (side * (w + 7), y), (side * w, y + 4)], S_BROWN, INK, 1.2)
        pen.circle(-side * w * 0.3, y + 6, 2.2, (90, 48, 20))
    pen.ellipse(0, -48, 13, 4.5, S_YELLOW, INK, 1.2)
    pen.poly([(-7, 28), (7, 28), (6, 44), (-6, 44)], S_GREEN, INK, 1.2)
    if ornate:
        pen.poly([(-12, -10), (12, -10), (12, -4), (-12, -4)], S_RED)


SICILIANE: Shapes = {"D": s_coin, "C": s_cup, "S": s_sword, "B": s_baton}

# ---------------------------------------------------------------- Trevigiane

T_GOLD: Colour = (232, 180, 52)
T_DARK_GOLD: Colour = (160, 108, 28)
T_RED: Colour = (176, 30, 40)
T_BLACK: Colour = (40, 34, 40)
T_GREEN: Colour = (40, 112, 70)
T_STEEL: Colour = (84, 124, 200)
T_STAFF: Colour = (150, 52, 40)


def t_coin(pen: Pen, ornate: bool = False) -> None:
    """A gilded Venetian coin: a rayed rim, a black ring, a red rose with green leaves."""
    for k in range(24):
        a = place(0, 0, 1.0, k * 15)
        pen.poly(a.map([(-5, -42), (0, -51), (5, -42)]), T_DARK_GOLD)
    pen.circle(0, 0, 43, T_GOLD, INK, 2)
    pen.circle(0, 0, 34, T_BLACK, INK, 1)
    pen.circle(0, 0, 29, T_GOLD, INK, 1)
    for k in range(4):
        pen.poly(place(0, 0, 1.0, k * 90).map(ellipse(0, -20, 5, 9, 20)), T_GREEN, INK, 1)
    for k in range(5):
        pen.poly(place(0, 0, 1.0, k * 72).map(ellipse(0, -9, 7, 9, 20)), T_RED, INK, 1)
    pen.circle(0, 0, 5, T_GOLD, INK, 1)
    if ornate:
        for k in range(12):
            a = place(0, 0, 1.0, k * 30 + 15)
            pen.poly(a.map(ellipse(0, -60, 6, 12, 20)), T_GREEN, INK, 1.2)


def t_cup(pen: Pen, ornate: bool = False) -> None:
    """A tall Venetian chalice: a narrow gold bowl with a red band, a long knotted stem."""
    bowl = symmetric(bezier((24, -50), (24, -24), (14, -16), (5, -14), 12))
    pen.poly(bowl, T_GOLD, INK, 2)
    pen.poly(symmetric([(23.5, -40), (22, -32)]), T_RED, INK, 1.2)
    pen.ellipse(0, -50, 24, 5, T_DARK_GOLD, INK, 1.6)
    pen.poly([(-4, -14), (4, -14), (4, 38), (-4, 38)], T_DARK_GOLD, INK, 1.4)
    for y in (-2, 14):
        pen.ellipse(0, y, 9, 5, T_GOLD, INK, 1.2)
    pen.poly(symmetric([(6, 36), (24, 46), (24, 50)]), T_GOLD, INK, 2)
    if ornate:
        pen.poly(symmetric([(0, -72), (8, -64), (22, -54)]), T_GOLD, INK, 1.6)
        pen.circle(0, -74, 5, T_RED, INK, 1.2)


def _sabre_centre(bow: float) -> list[Point]:
    """The blade's middle line from the hilt (bottom) to the tip, bowing out to the left."""
    return [(-bow * math.sin(math.pi * t / 20), 30 - 80 * t / 20) for t in range(21)]


def t_sword(pen: Pen, ornate: bool = False) -> None:
    """A curved Venetian sabre: a steel blade bowing to one side, a gold guard, a red grip."""
    centre = _sabre_centre(24.0)
    pen.poly(thick_polyline(centre, [8 - 5.5 * (i / 20) for i in range(21)]), T_STEEL, INK, 1.0)
    pen.line([(x + 2, y) for x, y in centre[1:-2]], WHITE, 1.6)
    pen.poly([(-8, 28), (8, 28), (8, 33), (-8, 33)], T_GOLD, INK, 1)
    pen.poly([(-3, 33), (3, 33), (3, 45), (-3, 45)], T_RED, INK, 1)
    pen.circle(0, 47.5, 3, T_GOLD, INK, 1)
    if ornate:
        pen.circle(0, 31, 3, T_RED)


def t_baton(pen: Pen, ornate: bool = False) -> None:
    """A smooth Venetian staff: red-brown, banded in gold and black at both ends."""
    pen.poly([(-5, -50), (5, -50), (5, 50), (-5, 50)], T_STAFF, INK, 1.4)
    pen.line([(2, -46), (2, 46)], (200, 110, 90), 1.4)
    for y in (-46, 42):
        pen.poly([(-6, y), (6, y), (6, y + 5), (-6, y + 5)], T_GOLD, INK, 0.8)
        pen.poly([(-5.5, y + 6), (5.5, y + 6), (5.5, y + 8), (-5.5, y + 8)], T_BLACK)
    if ornate:
        pen.poly([(-7, -4), (7, -4), (7, 4), (-7, 4)], T_GOLD, INK, 1)


TREVIGIANE: Shapes = {"D": t_coin, "C": t_cup, "S": t_sword, "B": t_baton}
