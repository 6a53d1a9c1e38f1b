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


PALETTE = 120
"""Opaque colours kept in a ``small`` picture: flat inks and their anti-aliased edges fit in far
fewer, and the file is about a fifth of the full-colour one (the one-file executable stays
small)."""
EDGE_ALPHAS = 8
"""Levels of transparency a ``small`` picture keeps, all in the border's colour: only the
rounded corners' edge is partly transparent."""


def _small(image: Image.Image) -> Image.Image:
    """``image`` in :data:`PALETTE` opaque colours (undithered) plus :data:`EDGE_ALPHAS` of the
    border's colour at rising transparency: opaque pixels stay fully opaque, as the table
    draws them, and the corners keep their anti-aliasing."""
    quantized = image.convert("RGB").quantize(
        PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    palette = (quantized.getpalette() or [])[: 3 * PALETTE]
    palette += [0, 0, 0] * (PALETTE - len(palette) // 3)
    alpha = image.getchannel("A")
    top = EDGE_ALPHAS - 1
    levels = alpha.point(lambda a: PALETTE + round(a * top / 255))
    index = Image.frombytes("L", image.size, quantized.tobytes())
    index.paste(levels, mask=alpha.point(lambda a: 255 if a < 255 else 0))
    out = Image.frombytes("P", image.size, index.tobytes())
    out.putpalette(palette + list(EDGE) * EDGE_ALPHAS)
    alphas = [255] * PALETTE + [round(k * 255 / top) for k in range(EDGE_ALPHAS)]
    out.info["transparency"] = bytes(alphas)
    return out


def save_png(image: Image.Image, path: str, small: bool = False) -> None:
    """PNG written the same way every time (no metadata), so regeneration is byte-identical;
    ``small``: in a palette of colours (:func:`_small`)."""
    if small:
        image = _small(image)
        image.save(path, format="PNG", optimize=True, transparency=image.info["transparency"])
        return
    image.save(path, format="PNG", optimize=True)
