"""French-suited faces: corner indices, classic pip layouts, aces and court cards.

Pips sit in the classic three-column grid and the ones in the lower half are turned 180°, as on
printed cards, so a card reads the same from both ends; so do the indices (the 6 and the 9
barred, :mod:`game.tools.art.index`) and court figures.
"""

from __future__ import annotations

from PIL import Image

from game.tools.art import CARD_H, CARD_W
from game.tools.art.card import blank, layer
from game.tools.art.figures import french_court
from game.tools.art.index import draw_rank
from game.tools.art.pen import Colour, Pen
from game.tools.art.suits import FOUR_COLOUR, SUIT_COLOUR, draw_suit

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")

_L, _C, _R = 128.0, 210.0, 292.0
_TOP, _BOT, _MID = 128.0, 472.0, 300.0
_ROW4 = [_TOP + (_BOT - _TOP) * i / 3 for i in range(4)]

PIP_LAYOUTS: dict[str, list[tuple[float, float]]] = {
    "2": [(_C, _TOP), (_C, _BOT)],
    "3": [(_C, _TOP), (_C, _MID), (_C, _BOT)],
    "4": [(_L, _TOP), (_R, _TOP), (_L, _BOT), (_R, _BOT)],
    "5": [(_L, _TOP), (_R, _TOP), (_C, _MID), (_L, _BOT), (_R, _BOT)],
    "6": [(x, y) for y in (_TOP, _MID, _BOT) for x in (_L, _R)],
    "7": [*[(x, y) for y in (_TOP, _MID, _BOT) for x in (_L, _R)], (_C, (_TOP + _MID) / 2)],
    "8": [
        *[(x, y) for y in (_TOP, _MID, _BOT) for x in (_L, _R)],
        (_C, (_TOP + _MID) / 2),
        (_C, (_MID + _BOT) / 2),
    ],
    "9": [*[(x, y) for y in _ROW4 for x in (_L, _R)], (_C, _MID)],
    "10": [
        *[(x, y) for y in _ROW4 for x in (_L, _R)],
        (_C, (_ROW4[0] + _ROW4[1]) / 2),
        (_C, (_ROW4[2] + _ROW4[3]) / 2),
    ],
}
"""Pip centres in card pixels (420 × 600) for 2–10, the classic arrangements."""

PIP_SIZE = 70.0
INDEX_X, INDEX_RANK_Y, INDEX_SUIT_Y = 42.0, 52.0, 114.0


def suit_ink(suit: str, four_colour: bool = False) -> Colour:
    """The ink of ``suit``: red and black, or each suit its own in the four-colour deck."""
    return (FOUR_COLOUR if four_colour else SUIT_COLOUR)[suit]


def draw_index(pen: Pen, rank: str, suit: str, ink: Colour) -> None:
    """Rank and suit in the top-left corner and, turned 180°, in the bottom-right one."""
    top = layer()
    size = 50.0 if rank == "10" else 62.0
    draw_rank(top, INDEX_X, INDEX_RANK_Y, rank, size, ink)
    draw_suit(top, suit, INDEX_X, INDEX_SUIT_Y, 42, colour=ink)
    pen.paste(top)
    pen.paste(top, rotate180=True)


def draw_ace(pen: Pen, suit: str, ink: Colour) -> None:
    """One big pip; the ace of spades gets the traditional ornate ring."""
    if suit == "S":
        pen.circle(CARD_W / 2, CARD_H / 2, 118, None, (28, 28, 34), 3)
        pen.circle(CARD_W / 2, CARD_H / 2, 108, None, (196, 30, 45), 2)
    draw_suit(pen, suit, CARD_W / 2, CARD_H / 2, 170 if suit == "S" else 150, colour=ink)


def french_face(rank: str, suit: str, four_colour: bool = False) -> Image.Image:
    """The finished 420 × 600 RGBA face of one French card (in the four-colour deck's inks if
    ``four_colour``: only the suit's ink changes, never a shape)."""
    ink = suit_ink(suit, four_colour)
    pen = blank()
    if rank == "A":
        draw_ace(pen, suit, ink)
    elif rank in PIP_LAYOUTS:
        for x, y in PIP_LAYOUTS[rank]:
            draw_suit(pen, suit, x, y, PIP_SIZE, flip=y > _MID + 1, colour=ink)
    else:
        french_court(pen, rank, suit, ink)
    draw_index(pen, rank, suit, ink)
    return pen.finish()
