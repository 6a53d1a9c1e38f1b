"""The application icon: two fanned cards, an Italian coin behind a French heart.

The two suits say "both decks" at a glance; thick outlines keep the shape readable at 16 px.
Every size is drawn from the same vector shapes and downsampled, not upscaled from a small one.
"""

from __future__ import annotations

from PIL import Image

from game.tools.art.card import STOCK
from game.tools.art.emblems import coin
from game.tools.art.geometry import place, rounded_rect
from game.tools.art.palette import INK
from game.tools.art.pen import Pen
from game.tools.art.suits import RED, suit_polygons

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
_MASTER = 512


def _master() -> Image.Image:
    pen = Pen(_MASTER, _MASTER, ss=2)
    w, h = 250.0, 356.0
    card = rounded_rect(-w / 2, -h / 2, w / 2, h / 2, 26)
    with pen.at(place(178, 270, 1.0, -14)):
        pen.poly(card, STOCK, INK, 16)
        with pen.at(place(-22, -40, 1.5)):
            coin(pen)
    with pen.at(place(332, 250, 1.0, 12)):
        pen.poly(card, STOCK, INK, 16)
        with pen.at(place(0, 6, 176)):
            for poly in suit_polygons("H"):
                pen.poly(poly, RED)
    return pen.finish()


def icons() -> dict[int, Image.Image]:
    """The icon at every size in :data:`ICON_SIZES`."""
    master = _master()
    return {s: master.resize((s, s), Image.Resampling.LANCZOS) for s in ICON_SIZES}
