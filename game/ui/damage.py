"""Dirty rectangles: the few areas a partial frame redraws and presents.

A frame that changes only some places (cards in flight, a breathing glow) redraws the scenes once
per area with the window clipped to it, then presents just those areas
(``pygame.display.update``): the cost follows the area changed, not the window's size.  Every
area costs one pass over the scenes' drawing code, so overlapping rectangles are merged, and past
:data:`MAX_AREAS` they become their bounding box; changes covering most of the window are
redrawn whole instead (None), which costs no more.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

#: The most areas one frame redraws separately (each is one pass over the drawing code).
MAX_AREAS = 4
#: Past this share of the window, a frame is redrawn and presented whole.
WHOLE_SHARE = 0.6


def merge_areas(rects: Iterable[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect] | None:
    """The areas to redraw for ``rects``, clipped to ``bounds`` (the window): overlapping
    ones merged, at most :data:`MAX_AREAS`; None when they cover most of the window."""
    areas: list[pygame.Rect] = []
    for rect in rects:
        area = rect.clip(bounds)
        if area.w <= 0 or area.h <= 0:
            continue
        hits = area.collidelistall(areas)
        while hits:  # absorb every area it touches, and whatever the union then touches
            area = area.unionall([areas[i] for i in hits])
            for i in reversed(hits):
                del areas[i]
            hits = area.collidelistall(areas)
        areas.append(area)
    if len(areas) > MAX_AREAS:
        areas = [areas[0].unionall(areas[1:])]
    covered = sum(a.w * a.h for a in areas)
    if covered > WHOLE_SHARE * bounds.w * bounds.h:
        return None
    return areas
