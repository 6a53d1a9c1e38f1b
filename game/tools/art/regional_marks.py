"""Corner marks of the regional decks: each suit's mark in its deck's own shape and inks.

A fanned hand shows only the corner, so its mark must look like the emblems of the deck in hand:
the Piacentine batons are green, the Sicilian cups round and red, the Venetian swords curved.
Each mark keeps the size and heavy outline of the Neapolitan ones (:mod:`game.tools.art.marks`),
where a regional deck's suit already looks like them, it shares that mark.
"""

from __future__ import annotations

import math

from game.tools.art.geometry import symmetric, thick_polyline
from game.tools.art.marks import NEAPOLITAN, OUTLINE, Marks
from game.tools.art.palette import INK
from game.tools.art.pen import Pen
from game.tools.art.regional_emblems import (
    P_BLUE,
    P_GREEN,
    P_RED,
    P_YELLOW,
    S_BLUE,
    S_RED,
    S_YELLOW,
    T_BLACK,
    T_GOLD,
    T_RED,
    T_STAFF,
    T_STEEL,
)


def p_coin_mark(pen: Pen) -> None:
    """Yellow rim, red ring, blue heart: the Piacentine coin."""
    pen.circle(0, 0, 47, P_YELLOW, INK, OUTLINE)
    pen.circle(0, 0, 30, P_RED, INK, OUTLINE * 0.7)
    pen.circle(0, 0, 14, P_BLUE)


def p_baton_mark(pen: Pen) -> None:
    """A green cudgel, thick end up, with yellow knots."""
    centre = [(0.0, -48 + 96 * i / 8) for i in range(9)]
    pen.poly(thick_polyline(centre, [34 - 12 * i / 8 for i in range(9)]), P_GREEN, INK, OUTLINE)
    for side, y in ((1, -24), (-1, -2), (1, 20)):
        pen.circle(side * 12, y, 7, P_YELLOW, INK, OUTLINE * 0.5)
    pen.ellipse(0, -48, 16, 5, P_YELLOW, INK, OUTLINE * 0.6)


def s_cup_mark(pen: Pen) -> None:
    """A round red cup with a yellow rim and foot and a blue knop: the Sicilian cup."""
    pen.circle(0, -16, 32, S_RED, INK, OUTLINE)
    pen.poly([(-24, -50), (24, -50), (30, -40), (-30, -40)], S_YELLOW, INK, OUTLINE * 0.7)
    pen.poly([(-7, 14), (7, 14), (7, 36), (-7, 36)], S_YELLOW, INK, OUTLINE * 0.7)
    pen.ellipse(0, 24, 13, 7, S_BLUE, INK, OUTLINE * 0.5)
    pen.poly(symmetric([(10, 34), (34, 46), (34, 50)]), S_YELLOW, INK, OUTLINE)


def t_coin_mark(pen: Pen) -> None:
    """Gold rim, black ring, red rose: the Venetian coin."""
    pen.circle(0, 0, 47, T_GOLD, INK, OUTLINE)
    pen.circle(0, 0, 30, T_BLACK, INK, OUTLINE * 0.5)
    pen.circle(0, 0, 20, T_RED, T_GOLD, OUTLINE * 0.6)


def t_sword_mark(pen: Pen) -> None:
    """A curved sabre, tip up: a steel blade bowing to the left, a gold guard, a red grip."""
    centre = [(-15 * math.sin(math.pi * t / 10), 14 - 64 * t / 10) for t in range(11)]
    widths = [22 - 12 * t / 10 for t in range(11)]
    pen.poly(thick_polyline(centre, widths), T_STEEL, INK, OUTLINE)
    pen.poly([(-26, 13), (26, 13), (26, 23), (-26, 23)], T_GOLD, INK, OUTLINE * 0.7)
    pen.poly([(-6, 23), (6, 23), (6, 40), (-6, 40)], T_RED, INK, OUTLINE * 0.6)
    pen.circle(0, 44, 7, T_GOLD, INK, OUTLINE * 0.6)


def t_baton_mark(pen: Pen) -> None:
    """A smooth red-brown staff with gold ends."""
    pen.poly([(-12, -50), (12, -50), (12, 50), (-12, 50)], T_STAFF, INK, OUTLINE)
    for y in (-50, 38):
        pen.poly([(-13, y), (13, y), (13, y + 12), (-13, y + 12)], T_GOLD, INK, OUTLINE * 0.6)


PIACENTINE_MARKS: Marks = {**NEAPOLITAN, "D": p_coin_mark, "B": p_baton_mark}
SICILIANE_MARKS: Marks = {**NEAPOLITAN, "C": s_cup_mark}
TREVIGIANE_MARKS: Marks = {**NEAPOLITAN, "D": t_coin_mark, "S": t_sword_mark, "B": t_baton_mark}
