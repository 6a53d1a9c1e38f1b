"""Contact sheets: a whole deck on one image (suits as rows, then the backs) for the README."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

THUMB = (105, 150)
GAP = 12
BACKGROUND = (30, 106, 60, 255)


def contact_sheet(rows: Sequence[Sequence[Image.Image]]) -> Image.Image:
    """Cards laid out row by row at :data:`THUMB` size on a felt-green ground."""
    cols = max(len(r) for r in rows)
    tw, th = THUMB
    w = cols * tw + (cols + 1) * GAP
    h = len(rows) * th + (len(rows) + 1) * GAP
    out = Image.new("RGBA", (w, h), BACKGROUND)
    for j, row in enumerate(rows):
        for i, card in enumerate(row):
            thumb = card.resize(THUMB, Image.Resampling.LANCZOS)
            out.alpha_composite(thumb, (GAP + i * (tw + GAP), GAP + j * (th + GAP)))
    return out.convert("RGB")
