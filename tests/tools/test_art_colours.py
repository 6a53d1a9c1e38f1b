"""The four-colour French deck: every suit its own ink, each readable on the card and unlike the
others and the felt, measured with the WCAG contrast ratio and the CIE76 colour difference.

A contrast ratio of 4.5 is what small text needs to be read (WCAG AA); a colour difference
(ΔE, CIE L*a*b*) of 25 is far beyond the 2 or 3 an eye notices side by side, so two inks that
far apart are told apart at a glance.
"""

from __future__ import annotations

import colorsys
import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from game.engine.cards import FRENCH
from game.resources import asset_path
from game.skins import REGIONAL, shown_folder
from game.tools.art.card import STOCK
from game.tools.art.felt import DARK, LIGHT, MID
from game.tools.art.suits import FOUR_COLOUR, SUIT_COLOUR
from game.ui.theme import CONTRAST_FELT

Rgb = tuple[float, float, float]


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: Rgb) -> float:
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Rgb, b: Rgb) -> float:
    lo, hi = sorted((luminance(a), luminance(b)))
    return (hi + 0.05) / (lo + 0.05)


def lab(rgb: Rgb) -> Rgb:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: Rgb, b: Rgb) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def pip_ink(folder: str, stem: str) -> Rgb:
    """Mean colour of the printed pixels of a card's middle (its pips), read from the PNG."""
    with Image.open(asset_path("cards", folder, f"{stem}.png")) as img:
        rgba = img.convert("RGBA").crop((90, 90, 330, 510))
    rgb = rgba.convert("RGB")
    away = ImageChops.difference(rgb, Image.new("RGB", rgb.size, STOCK)).convert("L")
    mask = away.point(lambda v: 255 if v > 80 else 0)
    assert mask.getbbox() is not None
    r, g, b = ImageStat.Stat(rgb, mask).mean
    return r, g, b


FELTS = {"felt dark": DARK, "felt": MID, "felt light": LIGHT, "high-contrast felt": CONTRAST_FELT}


def test_every_ink_reads_on_the_card_stock() -> None:
    for suit, ink in FOUR_COLOUR.items():
        assert contrast(ink, STOCK) >= 4.5, (suit, contrast(ink, STOCK))


def test_the_four_inks_differ_from_each_other_and_from_the_felt() -> None:
    figures = {
        f"{a}/{b}": delta_e(FOUR_COLOUR[a], FOUR_COLOUR[b])
        for a, b in itertools.combinations("SHDC", 2)
    }
    assert min(figures.values()) >= 40, figures
    assert delta_e(FOUR_COLOUR["D"], FOUR_COLOUR["C"]) >= 100  # blue and green: far apart
    for name, felt in FELTS.items():
        for suit in "DC":
            assert delta_e(FOUR_COLOUR[suit], felt) >= 25, (suit, name)
    # the two-colour deck is what the four colours fix: its diamonds are its hearts' red
    assert delta_e(SUIT_COLOUR["D"], SUIT_COLOUR["H"]) == 0


def test_the_committed_pictures_carry_the_four_inks() -> None:
    """Each suit's 5 is printed in its ink in the four-colour folder; spades and hearts are the
    same as in the two-colour deck, diamonds and clubs change hue."""
    four = shown_folder("french", True)
    assert four != "french" and shown_folder("italian", True) == "italian"
    for suit in FRENCH.suits:
        drawn = pip_ink(four, f"5{suit}")
        assert delta_e(drawn, FOUR_COLOUR[suit]) < 12, (suit, drawn)
    hue = {s: colorsys.rgb_to_hsv(*(c / 255 for c in pip_ink(four, f"5{s}")))[0] for s in "HDC"}
    assert abs(hue["D"] - 0.61) < 0.06 and abs(hue["C"] - 0.33) < 0.06, hue
    assert min(hue["H"], 1 - hue["H"]) < 0.03, hue
    for suit in "SH":
        assert delta_e(pip_ink(four, f"5{suit}"), pip_ink("french", f"5{suit}")) < 3


@pytest.mark.parametrize("deck", ["italian", *REGIONAL])
def test_every_italian_suited_deck_prints_its_swords_apart_in_colour(deck: str) -> None:
    """In each Italian-suited deck, regional ones included, the swords are the one cool ink
    (blue steel) among the warm gold, red and wood of the other suits: a sword card is told
    from the others at a glance, far beyond what an eye notices (ΔE 25)."""
    swords = pip_ink(deck, "5S")
    for suit in "DCB":
        assert delta_e(swords, pip_ink(deck, f"5{suit}")) >= 25, (deck, suit)
