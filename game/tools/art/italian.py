"""Neapolitan-style Italian faces: corner numbers, emblem arrangements for 1–7, court cards.

Neapolitan cards carry the card's number (1–10; Fante 8, Cavallo 9, Re 10) at the top-left
and, turned, the bottom-right corner.  Printed decks leave the suit to the emblems; ours add a
small suit mark under the number (:mod:`game.tools.art.marks`), because a fanned hand shows only the
corners and a Fante of cups must not look like a Fante of swords there.  The 6 and the 9 are
barred (:mod:`game.tools.art.index`).  Coins and cups stand in rows; swords and batons cross in
pairs, as printed, but the pairs are stacked in rows with gaps (and odd counts add one upright
down the middle) so the count reads at table size instead of melting into a lattice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PIL import Image

from game.tools.art import CARD_H, CARD_W
from game.tools.art.card import blank, layer
from game.tools.art.emblems import NEAPOLITAN as NEAPOLITAN_SHAPES
from game.tools.art.emblems import Shapes, draw_emblem
from game.tools.art.figures import Courts, italian_court
from game.tools.art.index import draw_rank
from game.tools.art.marks import MARK_SIZE, Marks, draw_mark
from game.tools.art.marks import NEAPOLITAN as NEAPOLITAN_MARKS
from game.tools.art.palette import INK
from game.tools.art.pen import Pen

RANKS = ("1", "2", "3", "4", "5", "6", "7", "F", "C", "R")
SUITS = ("D", "C", "S", "B")
NUMBER = {r: str(i + 1) for i, r in enumerate(RANKS)}
"""The number printed in the corners: Fante 8, Cavallo 9, Re 10."""

_CX, _CY = CARD_W / 2, CARD_H / 2
_L, _R = 136.0, 284.0

ROUND_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    2: [(_CX, 186), (_CX, 414)],
    3: [(_CX, 150), (_CX, 300), (_CX, 450)],
    4: [(_L, 180), (_R, 180), (_L, 420), (_R, 420)],
    5: [(_L, 165), (_R, 165), (_CX, 300), (_L, 435), (_R, 435)],
    6: [(x, y) for y in (150, 300, 450) for x in (_L, _R)],
    7: [*[(x, y) for y in (140, 300, 460) for x in (_L, _R)], (_CX, 220)],
}
"""Emblem centres for coins and cups, 2–7 (the 3 of coins runs diagonally, see below)."""
ROUND_SIZE = {2: 140, 3: 120, 4: 126, 5: 112, 6: 110, 7: 96}

Spec = tuple[float, float, float, float, bool]
"""One long emblem: centre x, centre y, length, angle (clockwise, 0 = top end up), mirrored."""


PAIRS: dict[int, tuple[list[float], float, float]] = {
    2: ([_CY], 430.0, 22.0),
    3: ([_CY], 430.0, 30.0),
    4: ([192.0, 408.0], 294.0, 55.0),
    5: ([192.0, 408.0], 294.0, 55.0),
    6: ([158.0, 300.0, 442.0], 256.0, 65.0),
    7: ([162.0, 302.0, 442.0], 256.0, 65.0),
}
"""Swords and batons 2–7: the crossed pairs stacked in rows, with a clear gap between rows
(row centres, emblem length, half the angle between the two of a pair, 0 = upright)."""
LONG_WIDTH = {
    "S": {2: 240, 3: 200, 4: 170, 5: 150, 6: 140, 7: 124},
    "B": {2: 250, 3: 214, 4: 190, 5: 170, 6: 160, 7: 140},
}
"""How wide a sword or baton is drawn (its guard, its stubs): narrower as the card fills."""
SPINE_SWORD = {3: (186.0, 520.0), 5: (150.0, 478.0), 7: (138.0, 462.0)}
"""The odd sword points down, its guard in the notch above the top pair, its tip past the
bottom one: (guard y, tip y).  Guard and tip sit 0.24 and 0.5 of the length from the centre."""


def long_layout(suit: str, n: int) -> list[Spec]:
    """Crossed pairs in rows, clear of each other; odd counts run one more upright down the
    middle through every crossing, so 3, 5 and 7 read as 2, 4 and 6 on a spine."""
    rows, length, angle = PAIRS[n]
    specs = [
        spec
        for y in rows
        for spec in ((_CX, y, length, angle, False), (_CX, y, length, -angle, True))
    ]
    if n % 2 and suit == "S":
        guard, tip = SPINE_SWORD[n]
        spine = (tip - guard) / 0.74
        specs.append((_CX, guard + 0.24 * spine, spine, 180.0, False))
    elif n % 2:
        specs.append((_CX, _CY + 8, 440.0, 0.0, False))
    return specs


INDEX_X, INDEX_Y, MARK_TOP = 40.0, 50.0, 88.0
"""The corner column: the number's centre, and where the suit mark starts (below the 6's bar)."""


def draw_index(pen: Pen, rank: str, suit: str, marks: Marks = NEAPOLITAN_MARKS) -> None:
    """The card's number with its suit mark under it, at top-left and, turned 180°,
    at bottom-right: a card fanned in a hand shows only its corner, so the corner names it."""
    top = layer()
    number = NUMBER[rank]
    draw_rank(top, INDEX_X, INDEX_Y, number, 48 if number == "10" else 60, INK)
    draw_mark(top, suit, INDEX_X, MARK_TOP + MARK_SIZE[suit] / 2, marks=marks)
    pen.paste(top)
    pen.paste(top, rotate180=True)


def draw_pips(pen: Pen, suit: str, n: int, style: Style | None = None) -> None:
    """The emblems of a number card 1–7, in ``style``'s manner (the Neapolitan by default)."""
    st = style or NEAPOLITAN
    if n == 1:
        size, width = st.ace[suit]
        draw_emblem(pen, suit, _CX, _CY, size, width=width, ornate=True, shapes=st.shapes)
        return
    if suit in "DC":
        spots = ROUND_LAYOUTS[n]
        if suit == "D" and n == 3:
            spots = [(_L + 10, 160), (_CX, 300), (_R - 10, 440)]
        for x, y in spots:
            draw_emblem(pen, suit, x, y, ROUND_SIZE[n], shapes=st.shapes)
        return
    width = st.long_width[suit][n]
    for x, y, length, angle, mirror in st.long_layout(suit, n):
        draw_emblem(
            pen, suit, x, y, length, angle=angle, mirror=mirror, width=width, shapes=st.shapes
        )


ACE: dict[str, tuple[float, float]] = {
    "D": (210.0, 210.0),
    "C": (250.0, 250.0),
    "S": (440.0, 300.0),
    "B": (440.0, 290.0),
}
"""The Neapolitan aces' emblems: (length, width) by suit."""


@dataclass(frozen=True)
class Style:
    """What an Italian-suited deck draws its own way: the emblems, how the swords and batons of
    the number cards lie, the aces' size, the court figures and the corner marks' shapes and
    inks.  The corners keep one layout in every deck (number, suit mark under it, same sizes),
    so each reads the same at hand size."""

    shapes: Shapes = field(default_factory=lambda: NEAPOLITAN_SHAPES)
    long_layout: Callable[[str, int], list[Spec]] = long_layout
    long_width: Mapping[str, Mapping[int, float]] = field(default_factory=lambda: LONG_WIDTH)
    ace: Mapping[str, tuple[float, float]] = field(default_factory=lambda: ACE)
    """Each suit's ace emblem: (length, width)."""
    courts: Courts = field(default_factory=Courts)
    marks: Marks = field(default_factory=lambda: NEAPOLITAN_MARKS)
    """The corner marks, in the deck's own shapes and inks (same sizes and outlines)."""


NEAPOLITAN = Style()
"""The Neapolitan deck, Tavolo's Italian cards since the start."""


def italian_face(rank: str, suit: str, style: Style = NEAPOLITAN) -> Image.Image:
    """The finished 420 × 600 RGBA face of one Italian-suited card in ``style``."""
    pen = blank()
    if rank in "FCR":
        italian_court(pen, rank, suit, style.courts)
    else:
        draw_pips(pen, suit, int(rank), style)
    draw_index(pen, rank, suit, style.marks)
    return pen.finish()
