"""The committed deck art: every card of every game has a picture in both decks, and they differ.

These tests read the PNGs in assets/ (they never redraw them: ``python -m game.tools.art`` does), so
they catch a card missing after a skin change, a face drawn twice, a court card that is only a
pip card with a letter, or a red suit printed black.
"""

from __future__ import annotations

import hashlib
import itertools
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageFont, ImageStat

from game.engine.cards import FRENCH, ITALIAN, Card, parse_card
from game.resources import asset_path
from game.skins import (
    BACKS,
    DECKS,
    REGIONAL,
    SUITS_OF,
    can_show,
    card_label,
    face_image,
    next_deck,
)
from game.tools.art import CARD_H, CARD_W

FR_RANKS = FRENCH.ranks
IT_RANKS = ITALIAN.ranks
STOCK = (250, 245, 232)

# Each game's native cards (the rules): Capodama's largest (6-player) deck is 3-10, J, Q, K, A;
# Cattura plays A-8; Scopa and Tressette the whole Italian deck.
NATIVE_CARDS: dict[str, list[Card]] = {
    "capodama": [c for c in FRENCH.cards if c.rank != "2"],
    "cattura": [c for c in FRENCH.cards if c.rank in ("A", "2", "3", "4", "5", "6", "7", "8")],
    "scopa": list(ITALIAN.cards),
    "tressette": list(ITALIAN.cards),
}
SIX_PLAYER_ONLY = ("3", "4")


@cache
def face(deck: str, stem: str) -> Image.Image:
    """The committed picture as RGBA (the regional decks are stored in a palette of colours
    with their transparency, :func:`game.tools.art.card.save_png`)."""
    with Image.open(asset_path("cards", deck, f"{stem}.png")) as img:
        assert img.mode == "RGBA" or (img.mode == "P" and "transparency" in img.info), stem
        return img.convert("RGBA")


ITALIAN_SUITED = ["italian", *REGIONAL]


def all_faces() -> list[tuple[str, str]]:
    fr = [("french", r + s) for s in FRENCH.suits for r in FR_RANKS]
    it = [(d, r + s) for d in ITALIAN_SUITED for s in ITALIAN.suits for r in IT_RANKS]
    return fr + it


def ink(img: Image.Image, box: tuple[int, int, int, int] | None = None) -> tuple[float, ...]:
    """Mean colour of the printed pixels (opaque and clearly unlike the blank stock)."""
    region = (img.crop(box) if box else img).convert("RGBA")
    rgb = region.convert("RGB")
    away = ImageChops.difference(rgb, Image.new("RGB", rgb.size, STOCK)).convert("L")
    mask = ImageChops.multiply(
        away.point(lambda v: 255 if v > 80 else 0),
        region.getchannel("A").point(lambda a: 255 if a == 255 else 0),
    )
    assert mask.getbbox() is not None, "no ink found"
    return tuple(ImageStat.Stat(rgb, mask).mean)


# ---------------------------------------------------------------- files and sizes


@pytest.mark.parametrize("game", sorted(NATIVE_CARDS))
@pytest.mark.parametrize("deck", DECKS)
def test_every_card_of_every_game_has_its_image(game: str, deck: str) -> None:
    shown = 0
    for card in NATIVE_CARDS[game]:
        if game == "capodama" and SUITS_OF[deck] == "italian" and card.rank in SIX_PLAYER_ONLY:
            with pytest.raises(ValueError, match=f"no picture in {deck} cards"):
                face_image(game, card, deck)
            continue
        folder, stem = face_image(game, card, deck)
        assert folder == deck
        assert asset_path("cards", folder, f"{stem}.png").is_file(), (game, str(card), stem)
        shown += 1
    expected = {"capodama": 40 if deck != "french" else 48, "cattura": 32}.get(game, 40)
    assert shown == expected


def test_all_faces_and_backs_same_size_rgba_with_transparent_corners() -> None:
    images = [face(d, s) for d, s in all_faces()]
    images += [face("backs", name) for name in BACKS]
    assert len(images) == 52 + 40 * len(ITALIAN_SUITED) + len(BACKS)
    for img in images:
        assert img.size == (CARD_W, CARD_H)
        assert img.getpixel((0, 0))[3] == 0  # rounded corner
        assert img.getpixel((CARD_W - 1, CARD_H - 1))[3] == 0
        assert img.getpixel((CARD_W // 2, 4))[3] == 255  # the edge itself is card
        # anti-aliased: the corner curve has partly transparent pixels
        alphas = {img.getpixel((x, 3))[3] for x in range(0, 30)}
        assert any(0 < a < 255 for a in alphas)


def test_every_deck_is_stored_small() -> None:
    """Every deck is kept in a palette (game/tools/art/card.py): in full colour each would take
    2 to 3 MB, and the one-file executable must stay small."""
    total = sum(
        asset_path("cards", deck, f"{stem}.png").stat().st_size for deck, stem in all_faces()
    )
    assert total < 5_000_000, total
    for deck, stem in all_faces():
        with Image.open(asset_path("cards", deck, f"{stem}.png")) as img:
            assert img.mode == "P", f"{deck}/{stem} is stored in {img.mode}"


def test_no_two_faces_are_identical() -> None:
    digests: dict[str, tuple[str, str]] = {}
    for deck, stem in all_faces():
        h = hashlib.sha256(face(deck, stem).tobytes()).hexdigest()
        assert h not in digests, f"{deck}/{stem} is identical to {digests[h]}"
        digests[h] = (deck, stem)


def test_backs_listed_exist_and_differ_and_read_the_same_both_ways() -> None:
    assert len(BACKS) >= 2 and BACKS[0] == "red"
    backs = [face("backs", b).convert("RGB") for b in BACKS]
    for a, b in itertools.combinations(backs, 2):
        assert a.tobytes() != b.tobytes()
    for img in backs:  # a face-down card must not show which way round it lies
        turned = img.rotate(180)
        diff = sum(ImageStat.Stat(ImageChops.difference(img, turned)).mean) / 3
        assert diff < 6, diff
        # a pattern, not a flat colour: many distinct colours in the middle
        assert len(img.crop((60, 60, 360, 540)).getcolors(1 << 20) or []) > 50


# ---------------------------------------------------------------- colour and content


@pytest.mark.parametrize("suit", FRENCH.suits)
def test_french_red_suits_are_red_and_black_suits_are_not(suit: str) -> None:
    for rank in FR_RANKS:
        img = face("french", rank + suit)
        # pip cards: the whole face; court cards: the corner index only (the figures are coloured)
        box = (0, 0, 80, 130) if rank in "JQK" else None
        r, g, b = ink(img, box)
        if suit in "HD":
            assert r > g + 80 and r > b + 80, (rank + suit, r, g, b)
        else:
            assert max(r, g, b) - min(r, g, b) < 30 and r < 90, (rank + suit, r, g, b)


def test_italian_suits_have_their_own_colours() -> None:
    """Swords are blue steel, batons brown wood, coins and cups gold: suit at a glance."""
    for rank in ("2", "4", "6"):
        rs, gs, bs = ink(face("italian", rank + "S"))
        assert bs > rs + 20, (rank, "swords", rs, gs, bs)
        rb, gb, bb = ink(face("italian", rank + "B"))
        assert rb > bb + 50, (rank, "batons", rb, gb, bb)
        for suit in "DC":
            r, g, b = ink(face("italian", rank + suit))
            assert r > b + 40 and g > b, (rank, suit, r, g, b)  # warm gold and red


def _warm(rgb: tuple[float, ...]) -> bool:
    r, g, b = rgb
    return r > b + 40 and g > b


def _steel(rgb: tuple[float, ...]) -> bool:
    r, g, b = rgb
    return b > r + 15 and b > g + 15


REGIONAL_INKS = {
    "piacentine": lambda r, g, b: g > r + 8 and g > b + 30,  # green cudgels, yellow knots
    "siciliane": lambda r, g, b: r > b + 50 and r > g + 20,  # brown mazze
    "trevigiane": lambda r, g, b: r > g + 40 and r > b + 50,  # red-brown staves
}
"""What each regional deck's batons are printed in (regional_emblems.py)."""


@pytest.mark.parametrize("deck", REGIONAL)
def test_regional_suits_are_printed_in_their_decks_inks(deck: str) -> None:
    """Every regional deck keeps the suits apart by colour as printed there: gold and red
    coins and cups, blue-steel swords, and batons in the deck's own wood."""
    for rank in ("2", "4", "6"):
        assert _steel(ink(face(deck, rank + "S"))), (deck, rank)
        assert REGIONAL_INKS[deck](*ink(face(deck, rank + "B"))), (deck, rank)
        for suit in "DC":
            assert _warm(ink(face(deck, rank + suit))), (deck, rank, suit)


def _turned_diff(img: Image.Image) -> float:
    """How far the middle of a card is from itself turned 180°: 0 for a double-headed figure."""
    rgb = img.convert("RGB")
    box = (60, 90, 360, 510)
    turned = rgb.transpose(Image.Transpose.ROTATE_180)
    return sum(ImageStat.Stat(ImageChops.difference(rgb.crop(box), turned.crop(box))).mean) / 3


@pytest.mark.parametrize("deck", ITALIAN_SUITED)
def test_only_piacentine_courts_are_double_headed(deck: str) -> None:
    """Piacentine courts read the same either way up, as printed there; the other Italian-suited
    decks stand their figures full length."""
    for court in ("F", "C", "R"):
        for suit in ITALIAN.suits:
            d = _turned_diff(face(deck, court + suit))
            assert (d < 2) if deck == "piacentine" else (d > 30), (deck, court + suit, d)


CENTRE = (90, 130, 330, 470)
"""The middle of the card, clear of both corner indices."""
COURT_VS_PIP_MIN = 40.0
"""Mean absolute difference (0-255 per channel) the centre of a court card must keep from every
pip card of its suit.  Measured: two pip cards of a suit can differ by as little as 2-6 there
(French 9 vs 10, which share eight pips); the drawn courts differ by at least 54 (Italian) and
66 (French), so 40 fails a court that is a pip layout or a letter in a box, and passes ours."""


def _centre_diff(a: Image.Image, b: Image.Image) -> float:
    d = ImageChops.difference(a.convert("RGB").crop(CENTRE), b.convert("RGB").crop(CENTRE))
    return sum(ImageStat.Stat(d).mean) / 3


@pytest.mark.parametrize(
    ("deck", "suit"),
    [("french", s) for s in FRENCH.suits] + [(d, s) for d in ITALIAN_SUITED for s in ITALIAN.suits],
)
def test_court_cards_differ_from_pip_cards_beyond_the_index(deck: str, suit: str) -> None:
    courts = ("J", "Q", "K") if deck == "french" else ("F", "C", "R")
    ranks = FR_RANKS if deck == "french" else IT_RANKS
    for court in courts:
        for pip in (r for r in ranks if r not in courts):
            d = _centre_diff(face(deck, court + suit), face(deck, pip + suit))
            assert d > COURT_VS_PIP_MIN, (deck, court + suit, pip + suit, d)
    for a, b in itertools.combinations(courts, 2):  # and the three courts differ from each other
        assert _centre_diff(face(deck, a + suit), face(deck, b + suit)) > 15


# ---------------------------------------------------------------- the skin mapping


@pytest.mark.parametrize(
    ("game", "card", "deck", "expected"),
    [
        ("capodama", "QH", "italian", ("italian", "CD")),
        ("capodama", "AH", "italian", ("italian", "1D")),
        ("capodama", "7H", "italian", ("italian", "7D")),
        ("capodama", "JD", "italian", ("italian", "FC")),
        ("capodama", "KC", "italian", ("italian", "RB")),
        ("capodama", "10S", "italian", ("italian", "6S")),
        ("capodama", "9H", "italian", ("italian", "5D")),
        ("capodama", "8D", "italian", ("italian", "4C")),
        ("capodama", "6C", "italian", ("italian", "3B")),
        ("capodama", "5S", "italian", ("italian", "2S")),
        ("capodama", "10S", "french", ("french", "10S")),
        ("cattura", "8H", "italian", ("italian", "FD")),
        ("cattura", "3C", "italian", ("italian", "3B")),
        ("cattura", "AS", "french", ("french", "AS")),
        ("scopa", "CC", "french", ("french", "QH")),
        ("scopa", "7D", "french", ("french", "7D")),
        ("scopa", "RB", "french", ("french", "KC")),
        ("scopa", "FS", "french", ("french", "JS")),
        ("tressette", "1B", "french", ("french", "AC")),
        ("tressette", "3D", "italian", ("italian", "3D")),
    ],
)
def test_face_image_follows_rules_md(
    game: str, card: str, deck: str, expected: tuple[str, str]
) -> None:
    assert face_image(game, card, deck) == expected
    native = "french" if game in ("capodama", "cattura") else "italian"
    assert face_image(game, parse_card(card, native), deck) == expected  # a Card works too


@pytest.mark.parametrize("game", sorted(NATIVE_CARDS))
@pytest.mark.parametrize("deck", DECKS)
def test_skin_mapping_is_one_to_one(game: str, deck: str) -> None:
    cards = [
        c
        for c in NATIVE_CARDS[game]
        if not (game == "capodama" and deck != "french" and c.rank in SIX_PLAYER_ONLY)
    ]
    images = {face_image(game, c, deck) for c in cards}
    assert len(images) == len(cards)
    # suits map as whole suits: the four native suits land on four distinct suits
    suit_map: dict[str, set[str]] = {}
    for c in cards:
        suit_map.setdefault(c.suit, set()).add(face_image(game, c, deck)[1][-1])
    assert all(len(v) == 1 for v in suit_map.values())
    assert len({next(iter(v)) for v in suit_map.values()}) == 4


def test_can_show_refuses_only_six_player_capodama_in_italian() -> None:
    msg = can_show("capodama", 6, "italian")
    assert msg is not None and "6-player Capodama" in msg and "Italian" in msg
    for players in (1, 2, 3, 4, 5):
        assert can_show("capodama", players, "italian") is None
    assert can_show("capodama", 6, "french") is None
    for deck in REGIONAL:  # forty Italian cards in every Italian-suited deck
        assert can_show("capodama", 6, deck) is not None
        assert can_show("capodama", 4, deck) is None
    for game in ("scopa", "tressette", "cattura"):
        for deck in DECKS:
            assert can_show(game, 4, deck) is None


def test_d_goes_round_the_decks_a_game_can_show_in_order() -> None:
    seen, deck = [], "french"
    for _ in DECKS:
        deck = next_deck("scopa", 2, deck)
        seen.append(deck)
    assert seen == ["italian", "piacentine", "siciliane", "trevigiane", "french"]
    assert next_deck("capodama", 4, "trevigiane") == "french"
    assert next_deck("capodama", 6, "french") == "french"  # no other deck holds its 48 cards
    assert next_deck(None, 0, "siciliane") == "trevigiane"  # no table: any next deck


def test_bad_names_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        face_image("poker", "AH", "french")
    with pytest.raises(ValueError, match="unknown deck"):
        face_image("scopa", "7D", "spanish")
    with pytest.raises(ValueError, match="not a card"):
        face_image("scopa", "QH", "french")  # Q is not an Italian rank
    with pytest.raises(ValueError, match="no picture in italian cards"):
        face_image("capodama", "4H", "italian")
    with pytest.raises(ValueError, match="no picture in trevigiane cards"):
        face_image("cattura", "9H", "trevigiane")


def test_card_label_names_the_card_as_displayed() -> None:
    assert card_label("capodama", "QH", "italian") == "Cavallo of coins"
    assert card_label("capodama", "QH", "french") == "queen of hearts"
    assert card_label("scopa", "CC", "french") == "queen of hearts"
    assert card_label("scopa", "7D", "italian") == "7 of coins"
    assert card_label("tressette", "RB", "french") == "king of clubs"
    # a French game's ace shown in Italian cards is the 1 printed on it, no French "ace"
    assert card_label("capodama", "AH", "italian") == "1 of coins"
    assert card_label("cattura", "AS", "italian") == "1 of swords"
    assert card_label("scopa", "1D", "italian") == "ace of coins"  # its own deck's words


# ---------------------------------------------------------------- table, icon, font, sheets


def test_felt_is_textured_and_tiles_seamlessly() -> None:
    with Image.open(asset_path("table", "felt.png")) as img:
        felt = img.convert("RGB")
    w, h = felt.size
    assert w == h >= 256
    r, g, b = ImageStat.Stat(felt).mean
    assert g > r + 30 and g > b + 15  # green
    assert ImageStat.Stat(felt.convert("L")).stddev[0] > 3  # not flat

    def column(x: int) -> Image.Image:
        return felt.crop((x, 0, x + 1, h))

    def row(y: int) -> Image.Image:
        return felt.crop((0, y, w, y + 1))

    def step(a: Image.Image, b: Image.Image) -> float:
        return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean)

    inner = step(column(w // 2), column(w // 2 + 1))
    assert step(column(w - 1), column(0)) < 2 * inner + 1  # the seam is no harder than inside
    inner = step(row(h // 2), row(h // 2 + 1))
    assert step(row(h - 1), row(0)) < 2 * inner + 1


def test_icon_sizes_and_ico() -> None:
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        with Image.open(asset_path("icon", f"tavolo-{size}.png")) as img:
            assert img.size == (size, size) and img.mode == "RGBA"
            assert img.getpixel((0, 0))[3] == 0  # transparent around the cards
            assert img.getchannel("A").getextrema()[1] == 255
    with Image.open(asset_path("icon", "tavolo.ico")) as ico:
        sizes = ico.info["sizes"]
        for size in (16, 32, 48, 256):
            assert (size, size) in sizes
        ico.size = (32, 32)
        ico.load()
        assert ico.size == (32, 32)


@pytest.mark.parametrize("name", ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"])
def test_font_has_the_suit_glyphs(name: str) -> None:
    font = ImageFont.truetype(str(asset_path("fonts", name)), 40)
    for glyph in "♠♥♦♣":
        assert font.getmask(glyph).getbbox() is not None, glyph
    # and the glyphs are distinct shapes, not one fallback box
    masks = {bytes(font.getmask(g)) for g in "♠♥♦♣"}
    assert len(masks) == 4


def test_licences_are_shipped() -> None:
    dejavu = asset_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in dejavu and "Permission is hereby granted" in dejavu
    art = asset_path("LICENSE-art.txt").read_text(encoding="utf-8")
    assert "MIT" in art and "game/tools/art" in art


@pytest.mark.parametrize(("deck", "columns"), [("french", 13), *((d, 10) for d in ITALIAN_SUITED)])
def test_contact_sheets_show_the_whole_deck(deck: str, columns: int) -> None:
    with Image.open(asset_path("preview", f"{deck}.png")) as img:
        w, h = img.size
    assert w >= columns * 105 and h >= 5 * 150  # four suits and a row of backs
    assert w <= 2000  # reads on GitHub without zooming out
