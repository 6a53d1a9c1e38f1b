"""Neapolitan-style Italian faces: corner numbers, emblem arrangements for 1–7, court cards.

Neapolitan cards carry only the card's number (1–10; Fante 8, Cavallo 9, Re 10) at the top-left
and, turned, the bottom-right corner; the suit is told by the emblems themselves, so they are
drawn large.  Coins and cups stand in rows; swords and batons cross in a lattice, as printed.
"""

from __future__ import annotations

from PIL import Image

from game.art import CARD_H, CARD_W
from game.art.card import blank, layer
from game.art.emblems import draw_emblem
from game.art.figures import italian_court
from game.art.palette import INK
from game.art.pen import Pen

RANKS = ("1", "2", "3", "4", "5", "6", "7", "F", "C", "R")
SUITS = ("D", "C", "S", "B")
NUMBER = {r: str(i + 1) for i, r in enumerate(RANKS)}
"""The number printed in the corners: Fante 8, Cavallo 9, Re 10."""

_CX, _CY = CARD_W / 2, CARD_H / 2
_L, _R = 136.0, 284.0

ROUND_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    2: [(_CX, 186), (_CX, 414)],
    3: [(_CX, 150), (_CX, 300), (_CX, 450)],
    4: [(_L, 180), (_R, 180), (_L, 420), (_R, 420)],
    5: [(_L, 165), (_R, 165), (_CX, 300), (_L, 435), (_R, 435)],
    6: [(x, y) for y in (150, 300, 450) for x in (_L, _R)],
    7: [*[(x, y) for y in (140, 300, 460) for x in (_L, _R)], (_CX, 220)],
}
"""Emblem centres for coins and cups, 2–7 (the 3 of coins runs diagonally, see below)."""
ROUND_SIZE = {2: 140, 3: 120, 4: 126, 5: 112, 6: 110, 7: 96}

LATTICE_OFFSETS = {1: [], 2: [0.0], 3: [0.0], 4: [-50.0, 50.0], 5: [-50.0, 50.0]}
LATTICE_OFFSETS |= {6: [-84.0, 0.0, 84.0], 7: [-84.0, 0.0, 84.0]}
"""Swords and batons: crossed pairs centred at these x offsets; odd counts add an upright one."""


def draw_number(pen: Pen, rank: str) -> None:
    """The card's number at top-left and, turned 180°, at bottom-right."""
    top = layer()
    top.text(40, 50, NUMBER[rank], 48 if NUMBER[rank] == "10" else 60, INK)
    pen.paste(top)
    pen.paste(top, rotate180=True)


def draw_pips(pen: Pen, suit: str, n: int) -> None:
    """The emblems of a number card 1–7."""
    if n == 1:
        size = {"D": 210, "C": 250, "S": 440, "B": 440}[suit]
        width = {"D": 210, "C": 250, "S": 300, "B": 290}[suit]
        draw_emblem(pen, suit, _CX, _CY, size, width=width, ornate=True)
        return
    if suit in "DC":
        spots = ROUND_LAYOUTS[n]
        if suit == "D" and n == 3:
            spots = [(_L + 10, 160), (_CX, 300), (_R - 10, 440)]
        for x, y in spots:
            draw_emblem(pen, suit, x, y, ROUND_SIZE[n])
        return
    length, width = 430.0, (240.0 if suit == "S" else 250.0) * (0.8 if n >= 6 else 1.0)
    angle = 22.0 if n < 6 else 18.0
    for dx in LATTICE_OFFSETS[n]:
        draw_emblem(pen, suit, _CX + dx, _CY, length, angle=angle, width=width)
        draw_emblem(pen, suit, _CX + dx, _CY, length, angle=-angle, width=width, mirror=True)
    if n % 2:
        draw_emblem(pen, suit, _CX, _CY, length, width=width)


def italian_face(rank: str, suit: str) -> Image.Image:
    """The finished 420 × 600 RGBA face of one Italian card."""
    pen = blank()
    if rank in "FCR":
        italian_court(pen, rank, suit)
    else:
        draw_pips(pen, suit, int(rank))
    draw_number(pen, rank)
    return pen.finish()
