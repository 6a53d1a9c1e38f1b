"""A card's corner names it at table size: the suit under the rank, and a 6 never reads as a 9.

In a fanned hand each card shows only its left strip, so the corner index alone must tell the
card; and a card lying upside down shows its bottom-right index turned, where a 6 looks like a 9.
These tests load the committed pictures through the app's own loader (``CardImages``, which
scales with smoothscale as the table does) at the widths the table layout gives its cards, and
compare the corners with each other, never with stored pixels:

- the Italian corners of two cards of one rank and different suits must differ at least half as much
  as the corners of two ranks of one suit typically do (the rank is what a player already reads
  there; without a suit mark the same-rank corners are identical);
- a 6 seen upside down must differ from an upright 9 at least as much as an upright 6 does
  (without the bar under the 6 and the 9, the turned 6 is far closer to the 9 than that).
"""

from __future__ import annotations

import itertools
import os
import statistics
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.cards import FRENCH, ITALIAN, Deck
from game.skins import REGIONAL
from game.tools.art import CARD_W
from game.tools.art import french as french_art
from game.tools.art import italian as italian_art
from game.ui.cards import CardImages
from game.ui.layout import TableLayout

DECK: dict[str, Deck] = {"french": FRENCH, "italian": ITALIAN, **dict.fromkeys(REGIONAL, ITALIAN)}
ITALIAN_SUITED = ["italian", *REGIONAL]
STRIP = 0.3
"""The part of a fanned card that shows, as a fraction of its width (and, for the corner,
of its height): the hand overlaps the rest."""


def table_widths() -> list[int]:
    """Card widths the table draws: the smallest (other seats' cards in a small window) and the
    viewer's hand in the smallest and the default window."""
    pygame.font.init()  # the layout sizes its label strip from the font
    small = TableLayout((1024, 600), 4, 0, hand_max=8)
    default = TableLayout((1280, 720), 4, 0, hand_max=8)
    return sorted({small.small, small.big, default.big})


@pytest.fixture(scope="module")
def images() -> Iterator[CardImages]:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield CardImages()
    pygame.display.quit()


def difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute difference per colour channel (0–255) of two same-size pictures."""
    pa, pb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    assert len(pa) == len(pb)
    return sum(abs(x - y) for x, y in zip(pa, pb, strict=True)) / len(pa)


def corner(images: CardImages, deck: str, stem: str, width: int) -> pygame.Surface:
    card = images.get((deck, stem), width)
    w, h = card.get_size()
    return card.subsurface(pygame.Rect(0, 0, round(w * STRIP), round(h * STRIP)))


@pytest.mark.parametrize("width", table_widths())
@pytest.mark.parametrize("deck", ITALIAN_SUITED)
def test_an_italian_corner_tells_the_suit_of_every_rank(
    images: CardImages, deck: str, width: int
) -> None:
    """Italian cards, the regional ones too, print no suit in the corner by tradition; ours add
    the suit mark (French corners carry their suit pip and red or black ink already)."""
    d = ITALIAN
    corners = {(r, s): corner(images, deck, r + s, width) for r in d.ranks for s in d.suits}
    between_ranks = statistics.median(
        difference(corners[a, s], corners[b, s])
        for s in d.suits
        for a, b in itertools.combinations(d.ranks, 2)
    )
    for rank in d.ranks:
        for a, b in itertools.combinations(d.suits, 2):
            between_suits = difference(corners[rank, a], corners[rank, b])
            assert between_suits >= between_ranks / 2, (deck, width, rank, a, b, between_suits)


NUMBER_BOX = (26, 34)
"""Half width and half height, in card units, of the box round a corner number: the number and
its bar, clear of the suit mark below it."""
SLACK = 2
"""Pixels the boxes may slide against each other: shapes are compared, not the rounding of
where the scaled corner landed."""


def number_box(
    images: CardImages, key: tuple[str, str], width: int, centre: tuple[float, float], turned: bool
) -> tuple[pygame.Surface, pygame.Rect]:
    """The card at ``width`` and the box round its top-left number, or, ``turned``, round the
    bottom-right one (the same box turned about the card's centre): as it shows on screen."""
    card = images.get(key, width)
    w, h = card.get_size()
    k = w / CARD_W
    (cx, cy), (hw, hh) = centre, NUMBER_BOX
    x0, y0 = round((cx - hw) * k), round((cy - hh) * k)
    x1, y1 = round((cx + hw) * k), round((cy + hh) * k)
    if turned:
        x0, y0, x1, y1 = w - x1, h - y1, w - x0, h - y0
    return card, pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def likeness(
    images: CardImages,
    seen: tuple[tuple[str, str], bool],
    other: tuple[tuple[str, str], bool],
    width: int,
    centre: tuple[float, float],
) -> float:
    """How far the number box of ``seen`` is from ``other``'s, at their best alignment."""
    card, box = number_box(images, seen[0], width, centre, seen[1])
    shown = card.subsurface(box)
    card2, box2 = number_box(images, other[0], width, centre, other[1])
    return min(
        difference(shown, card2.subsurface(box2.move(dx, dy)))
        for dx in range(-SLACK, SLACK + 1)
        for dy in range(-SLACK, SLACK + 1)
    )


# (deck, the card whose corner prints 6, the one that prints 9, where the number is centred)
SIX_NINE = [
    ("french", "6", "9", (french_art.INDEX_X, french_art.INDEX_RANK_Y)),
    *(  # the Cavallo prints 9
        (deck, "6", "C", (italian_art.INDEX_X, italian_art.INDEX_Y)) for deck in ITALIAN_SUITED
    ),
]


@pytest.mark.parametrize("width", table_widths())
@pytest.mark.parametrize(("deck", "six", "nine", "centre"), SIX_NINE)
def test_a_turned_6_does_not_read_as_a_9(
    images: CardImages,
    deck: str,
    six: str,
    nine: str,
    centre: tuple[float, float],
    width: int,
) -> None:
    for suit in DECK[deck].suits:
        s, n = (deck, six + suit), (deck, nine + suit)
        upright = likeness(images, (s, False), (n, False), width, centre)
        assert upright > 0, (deck, suit)  # the two numbers are drawn at all
        # a 6 upside down (its bottom-right corner) against an upright 9, and the other way
        assert likeness(images, (s, True), (n, False), width, centre) >= upright, (deck, suit)
        assert likeness(images, (n, True), (s, False), width, centre) >= upright, (deck, suit)
