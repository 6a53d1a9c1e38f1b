"""Colours, fonts and cached text: one look for every scene.

Text is rendered once per (text, size, bold, colour) and kept, so a frame blits surfaces instead of
re-rendering strings.  Fonts come from ``assets/fonts`` (DejaVu has the suit symbols the default
pygame font lacks); if they are missing the default font keeps the game usable.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.resources import asset_path

log = logging.getLogger(__name__)

Color = tuple[int, int, int] | tuple[int, int, int, int]

FELT = (22, 92, 56)
FELT_DARK = (12, 58, 34)
INK = (240, 236, 222)
INK_DIM = (180, 186, 170)
INK_FAINT = (130, 140, 128)
GOLD = (236, 196, 92)
GOLD_DARK = (160, 120, 40)
RED = (214, 72, 64)
GREEN = (96, 200, 120)
BLUE = (110, 160, 230)
PANEL = (10, 20, 16, 200)
PANEL_SOLID = (18, 34, 28)
#: the fill of every panel laid over the table (dialogs, choosers, the last trick): opaque
OVERLAY = (10, 22, 16)
BUTTON = (38, 66, 54)
BUTTON_HOVER = (58, 98, 78)
BUTTON_PRESS = (28, 50, 40)
BUTTON_EDGE = (120, 170, 140)
BUTTON_PRIMARY = (176, 128, 40)
BUTTON_PRIMARY_HOVER = (206, 156, 60)
DISABLED = (70, 80, 74)
SHADOW = (0, 0, 0)

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: how much bigger the table's text is drawn at each text size of Settings
TEXT_FACTORS: dict[str, float] = {"normal": 1.0, "large": 1.25}

#: the high-contrast table: a plain dark felt, and plates and band in white on black
CONTRAST_FELT = (10, 30, 22)
CONTRAST_INK = (255, 255, 255)
CONTRAST_FILL = (0, 0, 0, 235)
CONTRAST_EDGE = (255, 255, 255)


@dataclass
class Look:
    """How the table is drawn for the player's eyes (Settings): four-colour French cards, the
    high-contrast table, the text size.  One for the whole app, like the fonts: set from the
    settings when the app starts and when Settings changes them (:func:`set_look`), so every
    painter reads it without being handed the settings; the caches of drawn things that depend
    on it key on :attr:`key`."""

    four_colour: bool = False
    contrast: bool = False
    text_size: str = "normal"

    @property
    def text(self) -> float:
        """The text factor of :attr:`text_size` (1 when normal)."""
        return TEXT_FACTORS.get(self.text_size, 1.0)

    @property
    def key(self) -> tuple[bool, bool, str]:
        return (self.four_colour, self.contrast, self.text_size)


LOOK = Look()


def set_look(four_colour: bool, contrast: bool, text_size: str) -> None:
    """The player's choice of :class:`Look`, in force from the next frame."""
    LOOK.four_colour, LOOK.contrast, LOOK.text_size = four_colour, contrast, text_size


def panel_colours(alpha: int) -> tuple[Color, Color, Color, int]:
    """Fill (``alpha`` opaque), edge, ink and edge width of the plates and the band: white on
    black with a thick white edge on the high-contrast table."""
    if LOOK.contrast:
        return CONTRAST_FILL, CONTRAST_EDGE, CONTRAST_INK, 2
    return (8, 18, 14, alpha), (120, 170, 140), INK, 1


_warned = False


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at ``size`` pixels (bold or regular), cached: the sizes of the last few
    window sizes (every size scales the type, so an unbounded cache grows under resizing)."""
    global _warned
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = asset_path("fonts", name)
    try:
        return pygame.font.Font(str(path), max(6, size))
    except (OSError, FileNotFoundError, pygame.error):
        if not _warned:
            log.warning("font %s not found; using pygame's default font", path)
            _warned = True
        f = pygame.font.Font(None, max(6, int(size * 1.3)))
        f.set_bold(bold)
        return f


#: The most the rendered lines keep, in bytes of pixels, before they are dropped and rendered
#: again: every window size and language renders them anew, and a line of large type is a few
#: hundred KB, so a cap on their number alone let a few thousand lines hold 60 MB.
TEXT_BYTES = 16 << 20
_TEXT_CACHE: dict[tuple[str, int, bool, Color], pygame.Surface] = {}
_text_bytes = 0


def text(s: str, size: int, color: Color = INK, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (up to :data:`TEXT_BYTES` of them)."""
    global _text_bytes
    key = (s, size, bold, color)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        surf = font(size, bold).render(s, True, color)
        held = surf.get_pitch() * surf.get_height()
        if _text_bytes + held > TEXT_BYTES:
            _TEXT_CACHE.clear()
            _text_bytes = 0
        _TEXT_CACHE[key] = surf
        _text_bytes += held
    return surf


def text_cache_bytes() -> int:
    """The bytes of pixels the rendered lines hold now."""
    return _text_bytes


def forget_text() -> None:
    """Let go of every rendered line (the monkey tool measures what the app holds besides)."""
    global _text_bytes
    _TEXT_CACHE.clear()
    _text_bytes = 0


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``s`` into lines no wider than ``width`` pixels."""
    return wrap_in(font(size, bold), s, width)


def wrap_in(f: pygame.font.Font, s: str, width: int) -> list[str]:
    """Break ``s`` into lines no wider than ``width`` pixels in font ``f`` (a word wider
    than that, such as a long path, keeps a line of its own)."""
    out: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = f"{line} {w}" if line else w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = w
        out.append(line)
    return out


def balanced(f: pygame.font.Font, s: str, width: int) -> list[str]:
    """``s`` in as few lines no wider than ``width`` as :func:`wrap_in` makes, of even
    lengths (no last line of one word): wrapped to the narrowest width that needs no more."""
    lines = wrap_in(f, s, width)
    if len(lines) < 2:
        return lines
    lo, hi = 1, width  # the narrowest width giving as few lines lies in (lo, hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        trial = wrap_in(f, s, mid)
        if len(trial) <= len(lines) and all(f.size(x)[0] <= mid for x in trial):
            hi = mid
        else:
            lo = mid
    return wrap_in(f, s, hi)


def line_size(
    s: str, width: int, height: int, size: int, least: int = 11, bold: bool = True
) -> int:
    """The largest size from ``size`` down to ``least`` at which ``s`` fits ``width`` and
    ``height`` on one line (``least`` when none does)."""
    for k in range(size, least, -1):
        f = font(k, bold)
        if f.size(s)[0] <= width and f.get_linesize() <= height:
            return k
    return least


def fit_texts(
    texts: list[str], width: int, height: int, size: int, least: int, bold: bool = True
) -> tuple[list[list[str]], int] | None:
    """``texts`` wrapped to ``width``, one under the other, at the largest size from ``size``
    down to ``least`` at which every line fits ``width`` and all of them ``height``: (the lines
    of each text, the size), or None when even ``least`` is too large."""
    for k in range(size, least - 1, -1):
        f = font(k, bold)
        wrapped = [balanced(f, s, width) for s in texts]
        lines = [line for group in wrapped for line in group]
        if len(lines) * f.get_linesize() <= height and all(f.size(x)[0] <= width for x in lines):
            return wrapped, k
    return None


def fit_lines(
    s: str, width: int, height: int, size: int, least: int = 11, bold: bool = True
) -> tuple[list[str], int]:
    """``s`` in as many lines as fit ``height``, at the largest size from ``size`` down to
    ``least`` at which it fits ``width`` and ``height`` whole; else at ``least``, cut short
    with "…" where it runs out of room (a place for a message never spills over)."""
    fitted = fit_texts([s], width, height, size, least, bold)
    if fitted is not None:
        return fitted[0][0], fitted[1]
    f = font(least, bold)
    room = max(1, height // f.get_linesize())
    lines = wrap_in(f, s, width)
    cut = len(lines) > room
    lines = lines[:room]
    out = []
    for i, line in enumerate(lines):
        end = "…" if cut and i == len(lines) - 1 else ""
        while line and f.size(line + end)[0] > width:
            line = line[:-1]
        out.append(line.rstrip() + end)
    return out, least


def blit_center(dst: pygame.Surface, surf: pygame.Surface, center: tuple[float, float]) -> None:
    dst.blit(surf, surf.get_rect(center=(round(center[0]), round(center[1]))))


def rounded_panel(
    size: tuple[int, int],
    color: Color,
    radius: int,
    border: Color | None = None,
    border_width: int = 1,
) -> pygame.Surface:
    """A translucent rounded rectangle surface (drawn once, blitted every frame)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, color, surf.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, surf.get_rect(), border_width, border_radius=radius)
    return surf


def ui_scale(size: tuple[int, int]) -> float:
    """How big the interface is drawn: 1.0 at 1280×720, growing with the window."""
    w, h = size
    return max(0.6, min(w / 1280, h / 720))


def text_scale(size: tuple[int, int]) -> float:
    """How big the table's text is drawn: :func:`ui_scale` times the text size of Settings."""
    return ui_scale(size) * LOOK.text
