"""A drawing surface in card units: callers write final-size coordinates, the pen supersamples.

Pillow's polygons are not anti-aliased, so every card is drawn at :data:`game.tools.art.SS`
times its size and downsampled with LANCZOS at the end (:meth:`Pen.finish`).  The pen keeps a
stack of affine transforms so an emblem drawn once around (0, 0) can be placed, turned and mirrored.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from game.resources import asset_path
from game.tools.art import SS
from game.tools.art.geometry import Affine, Point, circle, ellipse, scale

Colour = tuple[int, int, int] | tuple[int, int, int, int]


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu from assets/fonts only: the art must look the same on every machine."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(asset_path("fonts", name)), size)


class Pen:
    """An RGBA layer of ``w`` × ``h`` card units, held at ``ss`` times that in pixels."""

    def __init__(self, w: int, h: int, ss: int = SS, background: Colour = (0, 0, 0, 0)) -> None:
        self.w, self.h, self.ss = w, h, ss
        self.image = Image.new("RGBA", (w * ss, h * ss), background)
        self.draw = ImageDraw.Draw(self.image)
        self._t: Affine = scale(ss)

    @contextmanager
    def at(self, t: Affine) -> Iterator[None]:
        """Draw in a local frame: ``t`` maps local coordinates to the current frame."""
        saved = self._t
        self._t = saved @ t
        try:
            yield
        finally:
            self._t = saved

    def _px(self, pts: Sequence[Point]) -> list[Point]:
        return self._t.map(pts)

    def poly(
        self,
        pts: Sequence[Point],
        fill: Colour | None,
        outline: Colour | None = None,
        width: float = 0.0,
    ) -> None:
        px = self._px(pts)
        if fill is not None:
            self.draw.polygon(px, fill=fill)
        if outline is not None and width > 0:
            w = max(1, round(width * self._t.scale_factor))
            self.draw.line([*px, px[0], px[1]], fill=outline, width=w, joint="curve")

    def line(self, pts: Sequence[Point], fill: Colour, width: float, closed: bool = False) -> None:
        px = self._px(pts)
        if closed:
            px = [*px, px[0], px[1]]
        w = max(1, round(width * self._t.scale_factor))
        self.draw.line(px, fill=fill, width=w, joint="curve")
        r = w / 2
        if not closed and w > 2:  # round caps
            for x, y in (px[0], px[-1]):
                self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: Colour | None,
        outline: Colour | None = None,
        width: float = 0.0,
    ) -> None:
        self.poly(circle(cx, cy, r), fill, outline, width)

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        fill: Colour | None,
        outline: Colour | None = None,
        width: float = 0.0,
    ) -> None:
        self.poly(ellipse(cx, cy, rx, ry), fill, outline, width)

    def text(
        self, x: float, y: float, s: str, size: float, fill: Colour, bold: bool = True
    ) -> None:
        """Text centred on (x, y); only translation of the frame applies (rotate layers instead)."""
        px, py = self._t.apply((x, y))
        f = font(round(size * self._t.scale_factor), bold)
        self.draw.text((px, py), s, font=f, fill=fill, anchor="mm")

    def paste(self, other: Pen, rotate180: bool = False) -> None:
        """Composite another layer of the same size over this one (turned upside down if asked)."""
        img = other.image.transpose(Image.Transpose.ROTATE_180) if rotate180 else other.image
        self.image.alpha_composite(img)

    def finish(self) -> Image.Image:
        """The layer at final size, anti-aliased by the downsampling."""
        return self.image.resize((self.w, self.h), Image.Resampling.LANCZOS)
