"""The three regional Italian-suited decks: Piacentine, Siciliane and Trevigiane.

Each is a :class:`~game.tools.art.italian.Style` of the Neapolitan face: its own emblems
(:mod:`game.tools.art.regional_emblems`), its own way of laying swords and batons on the number
cards, its own courts and corner marks (:mod:`game.tools.art.regional_marks`).  The corners keep
Tavolo's number and suit mark in every deck (the printed regional decks carry no corner index;
ours must read in a fanned hand).

- Piacentine: Spanish-derived, swords and cudgels lie apart, upright; the courts are
  double-headed and standing (the Re too).
- Siciliane: Spanish-derived, swords and *mazze* lie apart, slightly aslant; full-length
  courts, the Fante a young woman (the *donna*), the Cavallo of swords a Moor, the Re standing.
- Trevigiane (Venetian): curved sabres meet at hilt and tip in nested ovals, smooth staves
  interlace in a trellis; full-length courts, the Re seated, in Venetian red, gold and black.
"""

from __future__ import annotations

from game.tools.art import CARD_W
from game.tools.art.figures import Courts
from game.tools.art.italian import Spec, Style
from game.tools.art.palette import BLACK, BLUE, DARK_RED, GOLD, GREEN, RED
from game.tools.art.regional_emblems import (
    P_BLUE,
    P_GREEN,
    P_RED,
    P_YELLOW,
    PIACENTINE,
    S_BLUE,
    S_GREEN,
    S_RED,
    S_YELLOW,
    SICILIANE,
    TREVIGIANE,
)
from game.tools.art.regional_marks import PIACENTINE_MARKS, SICILIANE_MARKS, TREVIGIANE_MARKS

_CX = CARD_W / 2

APART: dict[int, tuple[list[tuple[float, float]], float]] = {
    2: ([(136, 300), (284, 300)], 330.0),
    3: ([(110, 300), (_CX, 300), (310, 300)], 320.0),
    4: ([(136, 186), (284, 186), (136, 414), (284, 414)], 200.0),
    5: ([(136, 160), (284, 160), (_CX, 300), (136, 440), (284, 440)], 150.0),
    6: ([(x, y) for y in (160, 300, 440) for x in (136.0, 284.0)], 140.0),
    7: (
        [(130, 160), (290, 160), (110, 300), (_CX, 300), (310, 300), (130, 440), (290, 440)],
        136.0,
    ),
}
"""Spanish-derived long suits, each emblem apart from the others: centres and length."""
APART_WIDTH = {
    "S": {2: 150, 3: 130, 4: 120, 5: 100, 6: 100, 7: 90},
    "B": {2: 170, 3: 150, 4: 140, 5: 116, 6: 116, 7: 104},
}


def upright_apart(suit: str, n: int) -> list[Spec]:
    """Piacentine: every sword and cudgel upright, apart."""
    spots, length = APART[n]
    return [(x, y, length, 0.0, False) for x, y in spots]


def aslant_apart(suit: str, n: int) -> list[Spec]:
    """Siciliane: apart, leaning alternately a little left and right."""
    spots, length = APART[n]
    return [(x, y, length, 10.0 if i % 2 else -10.0, False) for i, (x, y) in enumerate(spots)]


OVALS: dict[int, list[tuple[float, float]]] = {
    2: [(-16.0, 470.0)],
    3: [(-16.0, 470.0)],
    4: [(30.0, 500.0), (-20.0, 330.0)],
    5: [(30.0, 500.0), (-20.0, 330.0)],
    6: [(70.0, 510.0), (20.0, 390.0), (-26.0, 270.0)],
    7: [(70.0, 510.0), (20.0, 390.0), (-26.0, 270.0)],
}
"""Venetian sabres in mirrored pairs bowing outwards, crossing at hilt and tip: each pair's
(distance of the ends from the middle, length); the pairs nest into ovals, an odd count adds
one down the middle."""
TRELLIS = {2: [0.0], 3: [0.0], 4: [-52.0, 52.0], 5: [-60.0, 60.0], 6: [-96.0, 0.0, 96.0]}
TRELLIS[7] = [-100.0, 0.0, 100.0]
"""Venetian staves crossing in pairs (each pair an X) side by side: the crossings' offsets from
the middle; an odd count adds one upright down the middle."""


def venetian(suit: str, n: int) -> list[Spec]:
    """Trevigiane: sabres nest in ovals, staves interlace in a trellis."""
    specs: list[Spec] = []
    if suit == "S":
        for d, length in OVALS[n]:
            specs += [(_CX - d, 300.0, length, 0.0, False), (_CX + d, 300.0, length, 0.0, True)]
        if n % 2:
            specs.append((_CX, 300.0, 520.0, 0.0, False))
        return specs
    for d in TRELLIS[n]:
        specs += [(_CX + d, 300.0, 500.0, 16.0, False), (_CX + d, 300.0, 500.0, -16.0, False)]
    if n % 2:
        specs.append((_CX, 300.0, 500.0, 0.0, False))
    return specs


LONG_VENETIAN = {
    "S": {2: 330, 3: 330, 4: 300, 5: 300, 6: 250, 7: 250},
    "B": {n: 190 for n in range(2, 8)},
}

STYLES: dict[str, Style] = {
    "piacentine": Style(
        shapes=PIACENTINE,
        long_layout=upright_apart,
        long_width=APART_WIDTH,
        ace={"D": (230.0, 230.0), "C": (250.0, 250.0), "S": (440.0, 220.0), "B": (440.0, 240.0)},
        courts=Courts(
            schemes={
                "D": (P_RED, P_YELLOW),
                "C": (P_BLUE, P_YELLOW),
                "S": (P_GREEN, P_RED),
                "B": (P_YELLOW, P_BLUE),
            },
            shapes=PIACENTINE,
            seated_king=False,
            double=True,
        ),
        marks=PIACENTINE_MARKS,
    ),
    "siciliane": Style(
        shapes=SICILIANE,
        long_layout=aslant_apart,
        long_width=APART_WIDTH,
        ace={"D": (230.0, 230.0), "C": (240.0, 240.0), "S": (440.0, 230.0), "B": (440.0, 250.0)},
        courts=Courts(
            schemes={
                "D": (S_BLUE, S_YELLOW),
                "C": (S_RED, S_BLUE),
                "S": (S_YELLOW, S_RED),
                "B": (S_GREEN, S_YELLOW),
            },
            shapes=SICILIANE,
            seated_king=False,
            maid=True,
            moor=True,
            ground=(236, 206, 150),
        ),
        marks=SICILIANE_MARKS,
    ),
    "trevigiane": Style(
        shapes=TREVIGIANE,
        long_layout=venetian,
        long_width=LONG_VENETIAN,
        ace={"D": (230.0, 230.0), "C": (260.0, 260.0), "S": (460.0, 300.0), "B": (480.0, 220.0)},
        courts=Courts(
            schemes={
                "D": (DARK_RED, GOLD),
                "C": (BLACK, RED),
                "S": (RED, GOLD),
                "B": (GREEN, BLUE),
            },
            shapes=TREVIGIANE,
        ),
        marks=TREVIGIANE_MARKS,
    ),
}
"""Each regional deck's style, by its folder name in assets/cards."""
