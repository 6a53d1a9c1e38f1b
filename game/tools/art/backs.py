"""Card backs: a classic diagonal lattice with rosettes and a central medallion.

Backs are point-symmetric (the same after a half turn), like printed backs, so a card face down
never reveals which way round it lies.  Each design is one colour pair on the shared card stock.
"""

from __future__ import annotations

from PIL import Image

from game.tools.art import CARD_H, CARD_W
from game.tools.art.card import blank
from game.tools.art.geometry import ellipse, place, rounded_rect
from game.tools.art.pen import Colour, Pen

BACK_COLOURS: dict[str, tuple[Colour, Colour, Colour]] = {
    "red": ((150, 28, 36), (222, 120, 110), (244, 206, 150)),
    "blue": ((30, 58, 128), (112, 150, 214), (236, 214, 160)),
}
"""Per back: ground, lattice lines, ornaments (gold)."""

_MARGIN = 22.0
_STEP = 42.0


def _lattice(pen: Pen, ground: Colour, line: Colour, gold: Colour) -> None:
    x0, y0, x1, y1 = _MARGIN, _MARGIN, CARD_W - _MARGIN, CARD_H - _MARGIN
    pen.poly(rounded_rect(x0, y0, x1, y1, 14), ground)
    cx, cy = CARD_W / 2, CARD_H / 2
    n = int((CARD_W + CARD_H) / _STEP) + 2
    for k in range(-n, n + 1):  # two families of diagonals through the card centre
        for sign in (-1, 1):
            ox = cx + k * _STEP
            pts = [(ox - sign * 700, cy - 700), (ox + sign * 700, cy + 700)]
            pen.line(pts, line, 2.2)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = cx + (i + j) * _STEP / 2, cy + (i - j) * _STEP / 2
            if x0 + 8 < x < x1 - 8 and y0 + 8 < y < y1 - 8:
                if (i + j) % 2 == 0:
                    pen.poly([(x, y - 7), (x + 7, y), (x, y + 7), (x - 7, y)], gold)
                else:
                    pen.circle(x, y, 3.4, line)


def _frame(pen: Pen, ground: Colour, gold: Colour) -> None:
    x0, y0, x1, y1 = _MARGIN, _MARGIN, CARD_W - _MARGIN, CARD_H - _MARGIN
    pen.poly(rounded_rect(x0, y0, x1, y1, 14), None, gold, 5)
    pen.poly(rounded_rect(x0 + 9, y0 + 9, x1 - 9, y1 - 9, 9), None, gold, 2)
    cx, cy = CARD_W / 2, CARD_H / 2
    pen.poly(ellipse(cx, cy, 92, 120), ground, gold, 5)
    pen.poly(ellipse(cx, cy, 80, 108), None, gold, 2)
    for k in range(12):  # a rosette of petals in the medallion
        with pen.at(place(cx, cy, 1.0, k * 30)):
            pen.poly(ellipse(0, -44, 11, 30, 36), gold)
    pen.circle(cx, cy, 16, ground, gold, 4)
    pen.circle(cx, cy, 6, gold)


def _clip_margin(pen: Pen) -> None:
    """Repaint the stock margin over lattice lines that ran past the patterned area."""
    from game.tools.art.card import CORNER_RADIUS, EDGE, STOCK

    outer = rounded_rect(0, 0, CARD_W, CARD_H, CORNER_RADIUS)
    inner = rounded_rect(_MARGIN, _MARGIN, CARD_W - _MARGIN, CARD_H - _MARGIN, 14)
    mask = Pen(CARD_W, CARD_H)
    mask.poly(outer, (255, 255, 255, 255))
    mask.poly(inner, (0, 0, 0, 0))
    stock = Pen(CARD_W, CARD_H)
    stock.poly(outer, STOCK)
    stock.poly(rounded_rect(2, 2, CARD_W - 2, CARD_H - 2, CORNER_RADIUS - 2), None, EDGE, 3)
    pen.image.paste(stock.image, (0, 0), mask.image.getchannel("A"))


def back(name: str) -> Image.Image:
    """The finished 420 × 600 RGBA back called ``name`` (a key of :data:`BACK_COLOURS`)."""
    ground, line, gold = BACK_COLOURS[name]
    pen = blank()
    _lattice(pen, ground, line, gold)
    _clip_margin(pen)
    _frame(pen, ground, gold)
    return pen.finish()
