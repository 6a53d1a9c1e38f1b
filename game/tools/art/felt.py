"""The green table felt: a seamless tile of fine noise, soft mottling and a few fibres.

The tile wraps at its edges (noise is blurred on a 3 × 3 repetition and fibres are drawn at
every wrapped position), so the UI can repeat it across any window without visible seams.  A
fixed seed makes it byte-identical on every run.
"""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

FELT_SIZE = 512
FELT_SEED = 20240601
DARK = (18, 78, 44)
MID = (30, 106, 60)
LIGHT = (54, 136, 82)


def _wrapped_blur(img: Image.Image, radius: float) -> Image.Image:
    s = img.width
    big = Image.new(img.mode, (s * 3, s * 3))
    for i in range(3):
        for j in range(3):
            big.paste(img, (i * s, j * s))
    return big.filter(ImageFilter.GaussianBlur(radius)).crop((s, s, 2 * s, 2 * s))


def _noise(rng: random.Random, size: int) -> Image.Image:
    return Image.frombytes("L", (size, size), rng.randbytes(size * size))


def felt(size: int = FELT_SIZE, seed: int = FELT_SEED) -> Image.Image:
    """The RGB felt tile."""
    rng = random.Random(seed)
    fine = ImageOps.autocontrast(_wrapped_blur(_noise(rng, size), 0.8), cutoff=1)
    coarse = ImageOps.autocontrast(_wrapped_blur(_noise(rng, size), 14), cutoff=1)
    fibres = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(fibres)
    for _ in range(900):
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        dx, dy = rng.uniform(-9, 9), rng.uniform(-9, 9)
        shade = rng.randint(60, 140)
        for ox in (-size, 0, size):
            for oy in (-size, 0, size):
                draw.line([(x + ox, y + oy), (x + dx + ox, y + dy + oy)], fill=shade, width=1)
    # mix: mostly soft mottling, some grain, faint fibres (values stay near the middle)
    base = Image.blend(coarse, fine, 0.35)
    base = ImageChops.add(
        Image.eval(base, lambda v: 70 + v * 0.45), Image.eval(fibres, lambda v: v // 5)
    )
    return ImageOps.colorize(base, black=DARK, white=LIGHT, mid=MID)
