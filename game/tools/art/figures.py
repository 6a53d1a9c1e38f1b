"""Court figures: the French double-headed J, Q, K and the Neapolitan Fante, Cavallo and Re.

Figures are built from flat polygons in the few inks of :mod:`game.tools.art.palette`, like the
woodcut-derived designs of printed cards.  What tells them apart at table size matters most:
French K has a pointed crown and a beard, Q a tiara and long hair, J a feathered cap; the
Neapolitan Fante stands, the Cavallo rides a horse, the Re sits crowned on a throne.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw

from game.tools.art import CARD_H, CARD_W
from game.tools.art.card import layer
from game.tools.art.emblems import NEAPOLITAN, Shapes, draw_emblem
from game.tools.art.geometry import Point, bezier, ellipse, place, thick_polyline
from game.tools.art.palette import (
    BLACK,
    BLOND,
    BLUE,
    BROWN,
    CHEEK,
    DARK_BROWN,
    DARK_GOLD,
    GOLD,
    GREEN,
    GREY,
    INK,
    RED,
    SKIN,
    STEEL,
    TINT,
    WHITE,
)
from game.tools.art.pen import Colour, Pen
from game.tools.art.suits import SUIT_COLOUR, draw_suit

# ---------------------------------------------------------------- shared pieces


def face(
    pen: Pen, x: float, y: float, r: float, beard: Colour | None = None, skin: Colour = SKIN
) -> None:
    """A head seen from the front: oval, eyes, brows, nose, mouth, cheeks (and a beard)."""
    pen.ellipse(x, y, r * 0.84, r, skin, INK, 2)
    for side in (-1, 1):
        pen.ellipse(x + side * r * 0.33, y - r * 0.12, r * 0.11, r * 0.08, INK)
        pen.line(
            [(x + side * r * 0.18, y - r * 0.3), (x + side * r * 0.48, y - r * 0.28)], INK, 1.6
        )
        pen.circle(x + side * r * 0.45, y + r * 0.25, r * 0.13, CHEEK)
    pen.line(
        [(x, y - r * 0.1), (x - r * 0.08, y + r * 0.22), (x + r * 0.06, y + r * 0.26)], INK, 1.5
    )
    if beard is not None:
        pen.poly(_beard(x, y, r), beard, INK, 1.5)
        moustache = [(x, y + r * 0.36), (x + r * 0.42, y + r * 0.5), (x, y + r * 0.46)]
        pen.poly(moustache + [(x - px + x, py) for px, py in moustache[::-1]], beard, INK, 1)
    else:
        pen.line([(x - r * 0.22, y + r * 0.52), (x + r * 0.22, y + r * 0.52)], (176, 50, 50), 2.5)


def _beard(x: float, y: float, r: float) -> list[Point]:
    """A full beard: the jaw line down to a point, back up round the mouth."""
    outer = [(0.84, 0.0), (0.78, 0.55), (0.45, 1.15), (0.0, 1.45)]
    inner = [(0.0, 0.78), (0.32, 0.66), (0.55, 0.3), (0.62, 0.05)]
    ring = [(x + px * r, y + py * r) for px, py in outer]
    ring += [(x - px * r, y + py * r) for px, py in outer[::-1][1:]]
    ring += [(x - px * r, y + py * r) for px, py in inner[::-1]]
    ring += [(x + px * r, y + py * r) for px, py in inner[1:]]
    return ring


def crown(pen: Pen, x: float, y: float, w: float, points: int, h: float) -> None:
    """A gold crown whose band's bottom centre is (x, y): ``points`` spikes ``h`` tall."""
    band_h = h * 0.38
    pts: list[Point] = [(x - w / 2, y), (x - w / 2, y - band_h)]
    for i in range(points):
        x0 = x - w / 2 + w * i / points
        x1 = x - w / 2 + w * (i + 1) / points
        pts += [(x0 + (x1 - x0) * 0.15, y - band_h), ((x0 + x1) / 2, y - h)]
        pts += [(x1 - (x1 - x0) * 0.15, y - band_h)]
    pts += [(x + w / 2, y - band_h), (x + w / 2, y)]
    pen.poly(pts, GOLD, INK, 2)
    for i in range(points):
        cx = x - w / 2 + w * (i + 0.5) / points
        pen.circle(cx, y - h, h * 0.09, WHITE, INK, 1)
        pen.circle(cx, y - band_h / 2, h * 0.08, RED if i % 2 == 0 else BLUE)


# ---------------------------------------------------------------- French courts

_SCHEMES: dict[str, tuple[Colour, Colour, Colour]] = {
    "K": (RED, GOLD, BLUE),
    "Q": (BLUE, RED, GOLD),
    "J": (GOLD, BLUE, RED),
}
"""Robe, panel and trim per rank: the robe colour alone tells K, Q and J apart at table size."""


def _scheme(rank: str, suit: str) -> tuple[Colour, Colour, Colour]:
    robe, panel, trim = _SCHEMES[rank]
    if suit in "SC":  # the black suits swap panel and trim, so no two courts look alike
        panel, trim = trim, panel
    return robe, panel, trim


FRAME = (80.0, 72.0, 340.0, 528.0)
SPLIT = 44.0
"""The two halves meet on a diagonal, as on printed courts: from SPLIT below the middle at the
frame's left edge to SPLIT above it at the right edge (a line turned 180° onto itself)."""


def french_court(pen: Pen, rank: str, suit: str, ink: Colour | None = None) -> None:
    """A double-headed court: the upper half figure, repeated turned 180° below; its frame and
    suit sign in ``ink`` (the two-colour deck's ink of the suit if not given)."""
    ink = ink or SUIT_COLOUR[suit]
    x0, y0, x1, y1 = FRAME
    pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], TINT)
    half = layer()
    with half.at(place(CARD_W / 2, CARD_H / 2)):
        _french_half(half, rank, suit, ink)
    left, right = (x0, CARD_H / 2 + SPLIT), (x1, CARD_H / 2 - SPLIT)
    keep = Image.new("L", half.image.size, 0)
    above = [(x0 - 10, 0), (x1 + 10, 0), (x1 + 10, right[1]), right, left, (x0 - 10, left[1])]
    ImageDraw.Draw(keep).polygon([(x * half.ss, y * half.ss) for x, y in above], fill=255)
    half.image.putalpha(ImageChops.multiply(half.image.getchannel("A"), keep))
    pen.paste(half)
    pen.paste(half, rotate180=True)
    pen.line([left, right], ink, 2.5)
    pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], None, ink, 3)


def _french_half(pen: Pen, rank: str, suit: str, ink: Colour) -> None:
    """The upper half of a court figure in a frame centred on (0, 0), y from -228 to 0."""
    robe, panel, trim = _scheme(rank, suit)
    hair = {"K": GREY, "Q": BLOND, "J": BROWN}[rank]
    hx, hy, hr = -6.0, -124.0, 42.0

    if rank == "Q":  # long hair falls behind the shoulders
        back = [(hx - 46, -160), (hx + 46, -160), (hx + 60, -96), (hx + 66, -56)]
        back += [(hx - 66, -56), (hx - 60, -96)]
        pen.poly(back, hair, INK, 2)
    # robe and shoulders
    low = SPLIT + 12  # the robe runs on below the middle, where the diagonal split cuts it
    body = [(-129, low), (-128, -44), (-112, -62), (-70, -74), (-24, -80)]
    body += [(24, -80), (70, -74), (112, -62), (128, -44), (129, low)]
    pen.poly(body, robe, INK, 2.2)
    w_low = 32 + 24 * (80 + low) / 80
    pen.poly([(-32, -80), (32, -80), (w_low, low), (-w_low, low)], panel, INK, 2)
    for yb in (-50, -20, 10, 40):
        w0 = 32 + (56 - 32) * (80 + yb) / 80
        band = [(-w0, yb - 7), (w0, yb - 7), (w0 + 2, yb + 7), (-w0 - 2, yb + 7)]
        pen.poly(band, trim, INK, 1.5)
        for k in range(-2, 3):
            pen.circle(k * w0 / 2.6, yb, 3.4, WHITE)
    # sleeves with cuffs
    for side in (-1, 1):
        sleeve = [(side * 128, -44), (side * 112, -62), (side * 92, -28), (side * 104, low)]
        pen.poly([*sleeve, (side * 129, low)], trim, INK, 2)
    # neck, collar, hair, face
    pen.poly([(hx - 13, -92), (hx + 13, -92), (hx + 15, -76), (hx - 15, -76)], SKIN, INK, 1.5)
    collar = [(-54, -78), (-28, -66), (0, -62), (28, -66), (54, -78), (28, -88), (0, -84)]
    pen.poly([*collar, (-28, -88)], WHITE, INK, 2)
    if rank in "KJ":  # short hair behind the head
        pen.ellipse(hx, hy - 4, hr * 1.0, hr * 1.06, hair, INK, 2)
    face(pen, hx, hy, hr, beard=GREY if rank == "K" else None)
    if rank == "Q":  # fringe
        fringe = [(hx - 34, -146), (hx + 34, -146), (hx + 26, -136), (hx, -142), (hx - 26, -136)]
        pen.poly(fringe, hair, INK, 1.5)

    # headgear: a tall pointed crown (K), a jewelled tiara (Q), a feathered cap (J)
    top = hy - hr
    if rank == "K":
        crown(pen, hx, top + 6, 84, 5, 60)
    elif rank == "Q":
        crown(pen, hx, top + 8, 66, 3, 40)
    else:
        pen.poly(ellipse(hx, top + 4, 54, 13), trim, INK, 2)
        pen.poly(
            [(hx - 38, top + 2), (hx - 30, top - 28), (hx + 30, top - 28), (hx + 38, top + 2)],
            trim,
            INK,
            2,
        )
        pen.poly(
            [(hx - 36, top - 4), (hx + 36, top - 4), (hx + 35, top + 4), (hx - 35, top + 4)], GOLD
        )
        feather = bezier(
            (hx + 24, top - 20), (hx + 44, top - 44), (hx + 64, top - 40), (hx + 78, top - 18)
        )
        widths = [3 + 36 * (i / 16) * (1 - i / 16) for i in range(17)]
        pen.poly(thick_polyline(feather, widths), WHITE, INK, 1.5)

    # attribute held in the figure's left hand (viewer's right)
    hand = (96.0, -40.0)
    if rank == "K":  # an upright sword
        pen.poly(thick_polyline([(96, -56), (96, -206)], [12, 7]), STEEL, INK, 1.5)
        pen.poly([(91, -206), (101, -206), (96, -220)], STEEL, INK, 1.5)
        pen.line([(74, -56), (118, -56)], GOLD, 8)
        pen.line([(96, -48), (96, -24)], DARK_BROWN, 8)
        pen.circle(96, -20, 6, GOLD, INK, 1)
    elif rank == "Q":  # a flower
        stem = bezier((96, -40), (104, -80), (84, -110), (92, -150))
        pen.line(stem, GREEN, 4.5)
        pen.poly(thick_polyline([(92, -100), (110, -114)], [2, 11]), GREEN)
        for k in range(6):
            petal = place(92, -164, 1.0, k * 60).map(ellipse(0, -13, 8, 13, 24))
            pen.poly(petal, RED, INK, 1)
        pen.circle(92, -164, 7, GOLD, INK, 1)
    else:  # a halberd
        pen.line([(98, -4), (98, -210)], DARK_BROWN, 7)
        pen.poly([(98, -196), (124, -206), (128, -176), (98, -168)], STEEL, INK, 1.5)
        pen.poly([(98, -212), (92, -228), (104, -228)], STEEL, INK, 1.5)
        pen.poly([(98, -192), (80, -184), (98, -176)], STEEL, INK, 1.5)
    pen.circle(*hand, 12, SKIN, INK, 1.5)

    # the suit, in the free top-left corner of the frame
    draw_suit(pen, suit, -100, -196, 40, colour=ink)


# ---------------------------------------------------------------- Neapolitan courts

_IT_SCHEMES: Mapping[str, tuple[Colour, Colour]] = {
    "D": (RED, GOLD),
    "C": (BLUE, RED),
    "S": (GREEN, RED),
    "B": (RED, GREEN),
}
"""Main garment colour and trim colour of each suit's courts."""

MOOR_SKIN: Colour = (150, 98, 64)
HORSE_COAT: Colour = (184, 116, 60)
HORSE_DARK: Colour = (92, 52, 26)


@dataclass(frozen=True)
class Courts:
    """How one Italian-suited deck dresses and poses its Fante, Cavallo and Re.

    The Neapolitan defaults: full-length figures, the Re seated on a throne.  The regional decks
    change what their players know them by: Spanish-derived patterns (Piacentine, Siciliane)
    stand the Re; the Sicilian Fante is a young woman (the *donna*) and the Sicilian Cavallo of
    swords a Moor in a turban; Piacentine courts are double-headed, cut at the waist.
    """

    schemes: Mapping[str, tuple[Colour, Colour]] = field(default_factory=lambda: _IT_SCHEMES)
    """Main garment colour and trim colour of each suit's courts."""
    shapes: Shapes = field(default_factory=lambda: NEAPOLITAN)
    """The emblems the figures hold: the deck's own."""
    seated_king: bool = True
    maid: bool = False
    moor: bool = False
    double: bool = False
    ground: Colour = (226, 212, 180)


WAIST = 330.0
"""Where a double-headed court is cut: each half keeps the figure from the waist up."""
MARGIN = 30.0
"""A double-headed court stays this far inside the card's top and bottom edges: what the
figure holds high is cut there, not drawn over the border."""


def italian_court(pen: Pen, rank: str, suit: str, courts: Courts | None = None) -> None:
    """A court figure in ``courts``' manner (the Neapolitan one by default): full length on a
    strip of ground, or, double-headed, the figure from the waist up twice, one turned."""
    c = courts or Courts()
    draw = {"F": _donna if c.maid else _fante, "C": _cavallo, "R": _re if c.seated_king else _king}
    if not c.double:
        pen.poly([(60, 520), (360, 520), (372, 544), (48, 544)], c.ground)
        draw[rank](pen, suit, c)
        return
    whole = layer()
    draw[rank](whole, suit, c)
    half = layer()
    ss, shift = whole.ss, CARD_H / 2 - WAIST
    top = whole.image.crop((0, round((MARGIN - shift) * ss), CARD_W * ss, round(WAIST * ss)))
    half.image.paste(top, (0, round(MARGIN * ss)))
    pen.paste(half)
    pen.paste(half, rotate180=True)
    pen.line([(70, CARD_H / 2), (CARD_W - 70, CARD_H / 2)], INK, 2.5)


def _held_emblem(pen: Pen, suit: str, x: float, y: float, big: float, c: Courts) -> None:
    """The suit emblem in a figure's raised hand: round ones held up, long ones upright."""
    if suit in "DC":
        draw_emblem(pen, suit, x, y - 56 * big, 124 * big, shapes=c.shapes)
    elif suit == "S":
        draw_emblem(
            pen, suit, x, y - 110 * big, 280 * big, width=170 * big, angle=8, shapes=c.shapes
        )
    else:
        draw_emblem(
            pen, suit, x, y - 100 * big, 260 * big, width=190 * big, angle=8, shapes=c.shapes
        )


def _hat(pen: Pen, x: float, y: float, colour: Colour, trim: Colour) -> None:
    """A page's soft cap with a feather."""
    pen.ellipse(x, y, 40, 11, colour, INK, 2)
    pen.poly([(x - 30, y - 2), (x - 22, y - 26), (x + 22, y - 26), (x + 30, y - 2)], colour, INK, 2)
    pen.poly([(x - 30, y - 6), (x + 30, y - 6), (x + 29, y + 1), (x - 29, y + 1)], trim)
    plume = bezier((x + 14, y - 22), (x + 40, y - 52), (x + 64, y - 50), (x + 80, y - 30))
    pen.poly(
        thick_polyline(plume, [3, 7, 10, 12, 13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]),
        WHITE,
        INK,
        1.5,
    )


def _turban(pen: Pen, x: float, y: float, jewel: Colour) -> None:
    """A Moor's white turban wound in three turns, a jewel and a plume at the front."""
    pen.ellipse(x, y - 14, 38, 26, WHITE, INK, 2)
    for k, dy in enumerate((-2, -16, -28)):
        pen.line([(x - 34 + 6 * k, y + dy), (x + 34 - 6 * k, y + dy - 6)], GREY, 1.5)
    pen.circle(x, y - 10, 6, jewel, INK, 1.2)
    pen.poly([(x - 3, y - 14), (x + 6, y - 46), (x + 3, y - 14)], RED, INK, 1)


def _donna(pen: Pen, suit: str, c: Courts) -> None:
    """The Sicilian Fante: a young woman (the *donna*) in a long gown, hair down, holding the
    suit's emblem up as the Neapolitan page does."""
    main, trim = c.schemes[suit]
    gown = [(176, 300), (244, 300), (262, 380), (292, 506), (128, 506), (158, 380)]
    pen.poly(gown, main, INK, 2.2)
    pen.poly([(196, 302), (224, 302), (240, 506), (180, 506)], trim, INK, 1.5)
    for k in range(4):  # the gown's hem, braided in gold
        pen.line([(132 + 6 * k, 496 - 4 * k), (288 - 6 * k, 496 - 4 * k)], GOLD, 2)
    pen.ellipse(180, 512, 16, 7, BLACK)
    pen.ellipse(240, 512, 16, 7, BLACK)
    bodice = [(174, 234), (246, 234), (244, 306), (176, 306)]
    pen.poly(bodice, main, INK, 2.2)
    pen.poly([(198, 236), (222, 236), (216, 306), (204, 306)], GOLD, INK, 1.2)
    pen.poly(thick_polyline([(174, 244), (150, 298), (166, 322)], 22), main, INK, 2)
    pen.circle(168, 324, 10, SKIN, INK, 1.5)
    pen.poly(thick_polyline([(246, 244), (286, 280), (300, 250)], 22), main, INK, 2)
    pen.poly([(200, 212), (220, 212), (222, 236), (198, 236)], SKIN, INK, 1.5)
    hair = [(172, 170), (248, 170), (256, 250), (234, 262), (186, 262), (164, 250)]
    pen.poly(hair, DARK_BROWN, INK, 2)
    pen.poly([(180, 236), (210, 250), (240, 236), (230, 228), (190, 228)], WHITE, INK, 1.5)
    pen.ellipse(210, 172, 36, 34, DARK_BROWN, INK, 2)
    face(pen, 210, 184, 30)
    pen.poly([(182, 160), (238, 160), (232, 150), (188, 150)], DARK_BROWN)
    pen.ellipse(210, 146, 30, 8, trim, INK, 1.5)  # a ribbon across the hair
    pen.circle(210, 140, 6, GOLD, INK, 1)
    _held_emblem(pen, suit, 306, 252, 1.0, c)
    pen.circle(302, 250, 10, SKIN, INK, 1.5)


def _crowned_head(pen: Pen, suit: str, c: Courts, neck: float, hand: float) -> None:
    """The Re's grey-bearded, crowned head on a neck down to ``neck``, and the suit's emblem
    raised in his right hand at height ``hand``: seated or standing, the same king."""
    pen.poly([(200, 214), (220, 214), (222, neck), (198, neck)], SKIN, INK, 1.5)
    pen.ellipse(210, 180, 38, 38, GREY, INK, 2)
    face(pen, 210, 184, 32, beard=GREY)
    crown(pen, 210, 160, 66, 5, 46)
    _held_emblem(pen, suit, 304, hand, 0.9, c)
    pen.circle(300, hand - 4, 11, SKIN, INK, 1.5)


def _king(pen: Pen, suit: str, c: Courts) -> None:
    """The standing Re of the Spanish-derived decks: a long robe with an ermine cape, crowned
    and bearded, the emblem raised in his right hand."""
    main, trim = c.schemes[suit]
    robe = [(168, 238), (252, 238), (276, 330), (300, 506), (120, 506), (144, 330)]
    pen.poly(robe, main, INK, 2.4)
    pen.poly([(194, 240), (226, 240), (244, 506), (176, 506)], trim, INK, 1.5)
    pen.line([(124, 494), (296, 494)], GOLD, 6)
    pen.ellipse(186, 512, 18, 8, BLACK)
    pen.ellipse(234, 512, 18, 8, BLACK)
    cape = [(160, 240), (260, 240), (276, 300), (210, 318), (144, 300)]
    pen.poly(cape, WHITE, INK, 2)
    for x, y in ((170, 270), (196, 290), (224, 290), (250, 270), (210, 262)):
        pen.circle(x, y, 3.2, BLACK)
    pen.poly(thick_polyline([(166, 262), (140, 330), (160, 372)], 26), main, INK, 2)
    pen.circle(162, 376, 11, SKIN, INK, 1.5)
    pen.poly(thick_polyline([(254, 262), (286, 300), (300, 276)], 26), main, INK, 2)
    _crowned_head(pen, suit, c, neck=240, hand=282)


def _fante(pen: Pen, suit: str, c: Courts) -> None:
    main, trim = c.schemes[suit]
    hose = trim if trim != GOLD else BLUE
    # legs and shoes
    pen.poly(thick_polyline([(196, 400), (190, 512)], [26, 20]), hose, INK, 2)
    pen.poly(thick_polyline([(226, 400), (234, 512)], [26, 20]), main, INK, 2)
    pen.ellipse(184, 518, 20, 9, BLACK, INK, 1)
    pen.ellipse(240, 518, 20, 9, BLACK, INK, 1)
    # tunic with belt and hem
    tunic = [(170, 236), (250, 236), (262, 300), (282, 414), (138, 414), (158, 300)]
    pen.poly(tunic, main, INK, 2.2)
    pen.poly([(196, 238), (224, 238), (230, 414), (190, 414)], trim, INK, 1.5)
    pen.poly([(156, 318), (264, 318), (266, 332), (154, 332)], GOLD, INK, 1.5)
    pen.line([(140, 406), (280, 406)], GOLD, 5)
    # left arm hangs with a hand on the hip, right arm raises the emblem
    pen.poly(thick_polyline([(170, 246), (146, 300), (160, 330)], 24), main, INK, 2)
    pen.circle(162, 332, 11, SKIN, INK, 1.5)
    pen.poly(thick_polyline([(250, 246), (286, 280), (300, 250)], 24), main, INK, 2)
    pen.poly(thick_polyline([(150, 296), (142, 300)], 26), trim)
    # neck, collar, head and cap
    pen.poly([(200, 214), (220, 214), (222, 238), (198, 238)], SKIN, INK, 1.5)
    pen.poly([(176, 236), (210, 252), (244, 236), (230, 226), (190, 226)], WHITE, INK, 2)
    pen.ellipse(210, 176, 36, 36, BROWN, INK, 2)
    face(pen, 210, 184, 31)
    pen.poly([(180, 168), (240, 168), (232, 156), (188, 156)], BROWN)
    _hat(pen, 210, 154, trim if suit != "D" else BLUE, GOLD if trim != GOLD else RED)
    _held_emblem(pen, suit, 306, 252, 1.0, c)
    pen.circle(302, 250, 11, SKIN, INK, 1.5)


def _cavallo(pen: Pen, suit: str, c: Courts) -> None:
    main, trim = c.schemes[suit]
    coat, dark = HORSE_COAT, HORSE_DARK
    # far legs first (darker), then tail, body, near legs
    pen.poly(thick_polyline([(170, 412), (190, 462), (168, 486)], [20, 16, 14]), dark, INK, 1.5)
    pen.poly(thick_polyline([(290, 414), (316, 470), (318, 520)], [24, 16, 14]), dark, INK, 1.5)
    tail = bezier((326, 360), (358, 372), (356, 440), (340, 492))  # clear of the corner mark
    pen.poly(
        thick_polyline(tail, [10 + 10 * (i / 16) * (1 - i / 16) * 4 for i in range(17)]),
        dark,
        INK,
        1.5,
    )
    pen.poly(ellipse(236, 380, 100, 50), coat, INK, 2.2)
    # neck and head (facing left), mane
    neck = [(150, 360), (128, 300), (118, 262), (146, 244), (176, 290), (196, 350)]
    pen.poly(neck, coat, INK, 2.2)
    head = [
        (122, 238),
        (140, 232),
        (150, 248),
        (128, 290),
        (100, 318),
        (78, 318),
        (70, 304),
        (80, 290),
    ]
    pen.poly(head, coat, INK, 2.2)
    pen.poly([(130, 236), (132, 214), (142, 238)], coat, INK, 1.5)
    pen.circle(118, 262, 4.5, INK)
    pen.circle(80, 306, 3, INK)
    pen.line([(74, 314), (92, 312)], INK, 1.5)
    mane = [
        (142, 232),
        (162, 256),
        (184, 296),
        (200, 340),
        (190, 346),
        (170, 300),
        (148, 262),
        (136, 240),
    ]
    pen.poly(mane, dark, INK, 1.5)
    pen.line([(104, 300), (150, 300), (176, 332)], BLACK, 2.5)  # bridle and rein
    # near legs: a front leg raised, a hind leg standing
    pen.poly(thick_polyline([(158, 404), (142, 456), (160, 488)], [24, 17, 15]), coat, INK, 2)
    pen.poly(thick_polyline([(270, 410), (282, 468), (276, 522)], [28, 18, 15]), coat, INK, 2)
    for hx, hy in ((162, 494), (277, 526)):
        pen.ellipse(hx, hy, 11, 7, BLACK)
    # saddle cloth
    cloth = [(196, 334), (284, 334), (292, 410), (188, 410)]
    pen.poly(cloth, trim, INK, 2)
    pen.line([(190, 402), (290, 402)], GOLD, 6)
    # rider: leg, body, arm with the emblem, head with cap
    pen.poly(thick_polyline([(238, 336), (232, 396), (222, 420)], [30, 22, 18]), main, INK, 2)
    pen.ellipse(216, 424, 16, 8, BLACK)
    body = [(210, 250), (264, 250), (272, 340), (204, 340)]
    pen.poly(body, main, INK, 2.2)
    pen.poly([(228, 252), (246, 252), (250, 340), (224, 340)], GOLD if trim != GOLD else BLUE)
    pen.poly([(204, 326), (272, 326), (272, 338), (204, 338)], BLACK)
    pen.poly(thick_polyline([(212, 262), (190, 306), (176, 330)], 20), main, INK, 2)
    pen.circle(176, 332, 9, SKIN, INK, 1.5)
    pen.poly(thick_polyline([(262, 262), (300, 250), (312, 216)], 20), main, INK, 2)
    pen.poly([(228, 232), (246, 232), (248, 252), (226, 252)], SKIN, INK, 1.5)
    pen.poly([(208, 250), (237, 262), (266, 250), (252, 242), (222, 242)], WHITE, INK, 2)
    if c.moor and suit == "S":
        face(pen, 237, 208, 27, beard=BLACK, skin=MOOR_SKIN)
        _turban(pen, 237, 186, trim)
    else:
        pen.ellipse(237, 202, 32, 32, BROWN, INK, 2)
        face(pen, 237, 208, 27)
        _hat(pen, 237, 182, trim if suit != "D" else BLUE, GOLD if trim != GOLD else RED)
    _held_emblem(pen, suit, 316, 212, 0.86, c)
    pen.circle(313, 212, 10, SKIN, INK, 1.5)


def _re(pen: Pen, suit: str, c: Courts) -> None:
    main, trim = c.schemes[suit]
    # throne
    pen.poly([(122, 176), (298, 176), (298, 470), (122, 470)], DARK_GOLD, INK, 2.2)
    pen.poly([(134, 188), (286, 188), (286, 430), (134, 430)], (120, 30, 36), INK, 1.5)
    for x in (122, 298):
        pen.circle(x, 170, 12, GOLD, INK, 1.5)
    pen.poly([(110, 430), (310, 430), (316, 482), (104, 482)], DARK_BROWN, INK, 2)
    # robe: a wide cloak over a seated body
    cloak = [(168, 238), (252, 238), (290, 330), (300, 500), (120, 500), (130, 330)]
    pen.poly(cloak, main, INK, 2.4)
    pen.poly(
        [(186, 242), (234, 242), (250, 380), (250, 500), (170, 500), (170, 380)], trim, INK, 1.5
    )
    for x0 in (120, 290):  # ermine edges of the cloak
        for k in range(7):
            pen.circle(x0 + 5, 350 + k * 22, 3, BLACK)
    pen.ellipse(186, 502, 18, 8, BLACK)
    pen.ellipse(234, 502, 18, 8, BLACK)
    # arms: one hand on the knee, one raising the emblem
    pen.poly(thick_polyline([(172, 250), (150, 320), (186, 372)], 26), main, INK, 2)
    pen.circle(190, 374, 11, SKIN, INK, 1.5)
    pen.poly(thick_polyline([(248, 250), (282, 306), (300, 280)], 26), main, INK, 2)
    # ermine collar, head with beard and crown
    pen.poly([(164, 244), (210, 266), (256, 244), (244, 230), (176, 230)], WHITE, INK, 2)
    for x in (184, 210, 236):
        pen.circle(x, 246, 3, BLACK)
    _crowned_head(pen, suit, c, neck=236, hand=286)
