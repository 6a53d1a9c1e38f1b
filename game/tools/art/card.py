"""The card stock shared by both decks: size, colour, rounded corners, thin border.

Both decks start from :func:`blank`, so French and Italian cards have the same warm off-white
stock, corner radius and border and look like one set on the table.
"""

from __future__ import annotations

from PIL import Image

from game.tools.art import CARD_H, CARD_W
from game.tools.art.geometry import rounded_rect
from game.tools.art.pen import Colour, Pen

STOCK: Colour = (250, 245, 232)
"""Warm off-white: pure white looks cold and glares next to the felt."""
EDGE: Colour = (150, 138, 118)
CORNER_RADIUS = 26


def blank(stock: Colour = STOCK) -> Pen:
    """A card-sized pen holding the empty card: rounded stock, transparent corners, border."""
    pen = Pen(CARD_W, CARD_H)
    outline = rounded_rect(0, 0, CARD_W, CARD_H, CORNER_RADIUS)
    pen.poly(outline, stock)
    pen.poly(rounded_rect(2, 2, CARD_W - 2, CARD_H - 2, CORNER_RADIUS - 2), None, EDGE, 3)
    return pen


def layer() -> Pen:
    """A transparent card-sized layer, for parts drawn once and repeated turned 180°."""
    return Pen(CARD_W, CARD_H)


def save_png(image: Image.Image, path: str) -> None:
    """PNG written the same way every time (no metadata), so regeneration is byte-identical."""
    image.save(path, format="PNG", optimize=True)
