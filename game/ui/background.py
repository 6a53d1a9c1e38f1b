"""The green felt behind every scene, tiled once per window size and kept.

Tiling ``assets/table/felt.png`` over a 1920×1080 window costs dozens of blits; doing it once per
size and blitting the result is a single copy per frame.  Only the last :data:`KEPT` sizes are
kept (a felt is as big as the window, 8 MB at 1920×1080): the window's, and the one it had before
a switch to full screen and back.  A soft vignette darkens the edges so
the middle of the table, where the trick is, reads as the brightest place.  The high-contrast
table (Settings) is one plain dark colour instead: no texture or shading behind the cards.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

import pygame

from game.resources import asset_path

from . import theme

log = logging.getLogger(__name__)

#: How many felts (sizes, or the two looks) are kept.
KEPT = 2
_cache: OrderedDict[tuple[tuple[int, int], bool], pygame.Surface] = OrderedDict()
_tile: pygame.Surface | None = None
_tile_tried = False


def _felt_tile() -> pygame.Surface | None:
    global _tile, _tile_tried
    if not _tile_tried:
        _tile_tried = True
        path = asset_path("table", "felt.png")
        try:
            _tile = pygame.image.load(str(path)).convert()
        except (pygame.error, FileNotFoundError, OSError):
            log.info("no felt texture at %s; plain green", path)
            _tile = None
    return _tile


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table's background at ``size``: the felt, or the plain high-contrast one."""
    key = (size, theme.LOOK.contrast)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    while len(_cache) >= KEPT:
        _cache.popitem(last=False)
    surf = pygame.Surface(size).convert()
    if theme.LOOK.contrast:
        surf.fill(theme.CONTRAST_FELT)
    else:
        _textured(surf)
    _cache[key] = surf
    return surf


def forget() -> None:
    """Let go of the felts kept (the monkey tool measures what the app holds besides them)."""
    _cache.clear()


def _textured(surf: pygame.Surface) -> None:
    """The felt tiled over ``surf``, darker towards the edges."""
    w, h = surf.get_size()
    tile = _felt_tile()
    if tile is not None:
        tw, th = tile.get_size()
        for y in range(0, h, th):
            for x in range(0, w, tw):
                surf.blit(tile, (x, y))
    else:
        surf.fill(theme.FELT)
    # vignette: a tiny radial alpha map scaled up smoothly, darker toward the edges
    small = pygame.Surface((48, 27), pygame.SRCALPHA)
    for y in range(27):
        for x in range(48):
            dx, dy = (x - 23.5) / 24, (y - 13) / 13.5
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            small.set_at((x, y), (0, 0, 0, int(120 * d**2.4)))
    shade = pygame.transform.smoothscale(small, (w, h))
    surf.blit(shade, (0, 0))
