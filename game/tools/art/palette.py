"""The few inks shared by the court figures and emblems of both decks.

Printed cards use a handful of flat colours; keeping ours in one place makes the two decks look
like one set and keeps the PNGs small (flat areas compress well).
"""

from __future__ import annotations

from game.tools.art.pen import Colour

INK: Colour = (38, 30, 28)
RED: Colour = (190, 36, 42)
DARK_RED: Colour = (130, 24, 30)
BLUE: Colour = (36, 72, 156)
LIGHT_BLUE: Colour = (120, 160, 210)
GOLD: Colour = (236, 184, 46)
DARK_GOLD: Colour = (176, 124, 24)
GREEN: Colour = (46, 120, 66)
DARK_GREEN: Colour = (28, 80, 44)
BLACK: Colour = (30, 30, 36)
WHITE: Colour = (252, 250, 244)
SKIN: Colour = (247, 214, 184)
CHEEK: Colour = (236, 150, 140)
BROWN: Colour = (120, 72, 36)
DARK_BROWN: Colour = (78, 46, 24)
BLOND: Colour = (222, 176, 80)
GREY: Colour = (150, 150, 158)
STEEL: Colour = (206, 214, 226)
TINT: Colour = (244, 234, 210)
HORSE: Colour = (250, 248, 240)
HORSE_SHADE: Colour = (210, 204, 192)
