"""Corner indices shared by both decks: the rank, and the bar that keeps a 6 from reading as a 9.

A corner is drawn once on a layer and pasted again turned 180° (bottom-right), and a card on the
table may lie either way up, so an upside-down 6 shows the shape of a 9.  As printed decks do,
the 6 and the 9 carry a short bar under the number: turned over, the bar is above it, so the
reader knows the index is upside down and which number it is.  The bar is placed from the glyph's
own measured outline, so it hugs the number at any size.
"""

from __future__ import annotations

from game.tools.art.pen import Colour, Pen, font

TURNABLE = frozenset({"6", "9"})
"""Numbers that read as another number turned over."""
BAR_GAP = 0.07
"""Gap between the number and its bar, as a fraction of the font size."""
BAR_THICK = 0.12
"""The bar's thickness, as a fraction of the font size."""


def draw_rank(pen: Pen, x: float, y: float, text: str, size: float, colour: Colour) -> None:
    """The number ``text`` centred on (x, y) in the layer's own frame, barred if a 6 or a 9."""
    pen.text(x, y, text, size, colour)
    if text not in TURNABLE:
        return
    # the glyph's ink box round the anchor, in pixels of the supersampled layer
    left, _, right, bottom = font(round(size * pen.ss), True).getbbox(text, anchor="mm")
    half = (right - left) / pen.ss / 2
    top = y + bottom / pen.ss + BAR_GAP * size
    low = top + BAR_THICK * size
    pen.poly([(x - half, top), (x + half, top), (x + half, low), (x - half, low)], colour)
