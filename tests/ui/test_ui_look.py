"""The look for every eye: four-colour French cards, the high-contrast table, large text, and
sharp cards on a 4K window.

Each option is switched the way a player does it (Escape, Settings, a click on the row's arrow)
over a table in play, and the test reads what the next frame drew: the hue of the suit signs in
the cards' corners, the felt's pixels, the sizes of the plates, the band and their text.
"""

from __future__ import annotations

import colorsys
import json
import math

import pygame
import pytest
from ui_harness import click, click_button, key, run_until, start_game

from game.resources import asset_path
from game.ui import theme
from game.ui.cards import ART_W, CardImages
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import TEXT_SIZES, Settings, load_settings, settings_path
from game.ui.widgets import button_text


def open_settings(app) -> SettingsScene:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    click_button(app, app.scenes.top, "settings")
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    return settings


def close_settings(app) -> None:
    key(app, pygame.K_ESCAPE)  # Settings
    key(app, pygame.K_ESCAPE)  # the pause menu
    for _ in range(3):
        app.step()
    assert not isinstance(app.scenes.top, SettingsScene | PauseScene)


def table_with_suits(app, suits: str):
    """A Capodama table whose human hand holds a card of each of ``suits``, ready to play."""
    for seed in range(1, 40):
        table = start_game(app, "capodama", 4, seed=seed)
        assert run_until(app, lambda t=table: t.model.synced and t.model.prompt.kind != "", 4000)
        held = {sp.card.suit for sp in table.model.table.hands[table.model.viewer]}
        if set(suits) <= held:
            return table
        app.scenes.pop()
    raise AssertionError(f"no deal gives the human {suits}")


def corner_hue(app, table, suit: str) -> tuple[float, float]:
    """(hue, saturation) of the inked pixels round the suit sign in the top-left corner of the
    human's first card of ``suit``, as the last frame drew it."""
    sp = next(sp for sp in table.model.table.hands[table.model.viewer] if sp.card.suit == suit)
    r = table.model.sprite_rect(sp)
    box = pygame.Rect(0, 0, round(r.w * 0.09), round(r.h * 0.06))
    box.center = (r.x + round(r.w * 0.1), r.y + round(r.h * 0.19))  # the corner's suit sign
    inked = []
    for x in range(box.left, box.right):
        for y in range(box.top, box.bottom):
            c = app.screen.get_at((x, y))
            if sum(abs(a - b) for a, b in zip(c[:3], (250, 245, 232), strict=True)) > 150:
                inked.append(c[:3])
    assert len(inked) > 10, (suit, box)
    mean = [sum(c[i] for c in inked) / len(inked) / 255 for i in range(3)]
    h, s, _v = colorsys.rgb_to_hsv(*mean)
    return h, s


def test_four_colours_are_chosen_in_settings_and_drawn_at_once(app) -> None:
    app.persist = True
    app.settings.deck = "french"
    table = table_with_suits(app, "HDC")
    app.step()
    before = {s: corner_hue(app, table, s) for s in "HDC"}
    for suit in "HD":  # both red
        hue, saturation = before[suit]
        assert min(hue, 1 - hue) < 0.04 and saturation > 0.6, (suit, before[suit])
    assert before["C"][1] < 0.3  # black clubs
    settings = open_settings(app)
    assert settings.four_sel.fmt(False) != settings.four_sel.fmt(True)
    click(app, settings.four_sel.right.rect.center)
    assert app.settings.four_colour is True
    close_settings(app)
    after = {s: corner_hue(app, table, s) for s in "HDC"}
    assert after["H"] == pytest.approx(before["H"], abs=0.02)
    assert abs(after["D"][0] - 0.61) < 0.06 and after["D"][1] > 0.6  # blue
    assert abs(after["C"][0] - 0.33) < 0.06 and after["C"][1] > 0.6  # green
    assert load_settings()[0].four_colour is True  # remembered


def felt_spread(app, table) -> int:
    """Largest minus smallest brightness over an empty stretch of felt (above the left seat)."""
    lay = table.model.table.layout
    left = min(lay.plate_rect(s).left for s in range(table.model.state.seats))
    box = pygame.Rect(lay.table.x + 4, lay.table.y + 4, max(20, left - 8), 40)
    values = [
        sum(app.screen.get_at((x, y))[:3])
        for x in range(box.left, box.right, 3)
        for y in range(box.top, box.bottom, 3)
    ]
    return max(values) - min(values)


def solid_width(ring: pygame.Surface) -> int:
    """How many opaque pixels the ring has across its left side, half-way down."""
    y = ring.get_height() // 2
    return sum(1 for x in range(ring.get_width() // 2) if ring.get_at((x, y))[3] == 255)


def test_the_high_contrast_table_is_flat_dark_with_strong_outlines(app) -> None:
    app.persist = True
    table = start_game(app, "capodama", 4, seed=2)
    assert run_until(app, lambda: table.model.synced and table.model.prompt.kind != "", 4000)
    app.step()
    assert felt_spread(app, table) > 12  # the felt's grain and shading
    ring = table.model.images.ring(table.model.table.layout.big, (120, 220, 160), "legal")
    settings = open_settings(app)
    click(app, settings.contrast_sel.right.rect.center)
    assert app.settings.high_contrast is True
    close_settings(app)
    assert felt_spread(app, table) == 0  # one plain colour
    lay = table.model.table.layout
    x = lay.table.x + 6
    assert app.screen.get_at((x, lay.table.y + 6))[:3] == theme.CONTRAST_FELT
    strong = table.model.images.ring(lay.big, (120, 220, 160), "legal")
    # the outline is opaque and wider than the soft glow's solid line
    assert solid_width(strong) >= max(4, lay.big // 12) > solid_width(ring)
    # plates and band: white text on black
    fill, _edge, ink, _w = theme.panel_colours(200)
    assert ink == (255, 255, 255) and fill[:3] == (0, 0, 0)
    plate = lay.plate_rect(table.model.viewer)
    drawn = {app.screen.get_at((x, plate.centery))[:3] for x in range(plate.left, plate.right)}
    assert (255, 255, 255) in drawn or any(min(c) > 230 for c in drawn)
    assert load_settings()[0].high_contrast is True


def drawn_sizes(app, table, monkeypatch, texts: list[str]) -> dict[str, int]:
    """The font size each of ``texts`` was drawn in by the next frame (the largest, if many)."""
    seen: dict[str, int] = {}
    table.painter._plates.clear()  # the plates are drawn anew, not taken from their cache
    real = theme.text

    def spy(s: str, size: int, *args, **kw):
        if s in texts:
            seen[s] = max(seen.get(s, 0), size)
        return real(s, size, *args, **kw)

    monkeypatch.setattr(theme, "text", spy)
    app.redraw_all = True
    app.step()
    app.redraw_all = False
    monkeypatch.setattr(theme, "text", real)
    return seen


def test_large_text_grows_plates_band_and_buttons_and_keeps_the_table_clear(
    app, monkeypatch
) -> None:
    app.persist = True
    table = start_game(app, "tressette", 4, seed=2)
    assert run_until(app, lambda: table.model.synced and table.model.prompt.kind == "play", 4000)
    words = [
        table.painter.band_message(),
        table.model.short_name(table.model.viewer),
    ]  # the score has its chip
    fonts = drawn_sizes(app, table, monkeypatch, words)
    assert set(fonts) == set(words), fonts
    small = table.model.table.layout
    sizes = (small.plate_h, small.band_h, small.panel_w, button_text(small.scale))
    settings = open_settings(app)
    assert settings.text_sel.fmt("large") != settings.text_sel.fmt("normal")
    click(app, settings.text_sel.right.rect.center)
    assert app.settings.text_size == "large"
    close_settings(app)
    big = table.model.table.layout
    grown = (big.plate_h, big.band_h, big.panel_w, button_text(big.scale))
    assert all(b > a for a, b in zip(sizes, grown, strict=True)), (sizes, grown)
    assert big.text == pytest.approx(small.text * theme.TEXT_FACTORS["large"])
    assert run_until(app, lambda: table.painter.band_message() == words[0], 60)
    larger = drawn_sizes(app, table, monkeypatch, words)
    assert all(larger[w] > fonts[w] for w in words), (fonts, larger)  # the band and a plate
    for size in ((1280, 720), (1024, 600)):
        table.resize(size)
        regions = list(table.model.table.layout.regions().values())
        for i, a in enumerate(regions):
            assert a.collidelist(regions[i + 1 :]) < 0, size
    assert load_settings()[0].text_size == "large"


def test_bad_look_entries_fall_back_with_a_message(app) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    bad = {"four_colour": "yes", "high_contrast": 1, "text_size": "huge", "deck": "italian"}
    path.write_text(json.dumps(bad), encoding="utf-8")
    settings, msg = load_settings()
    assert msg is not None
    for name in ("four_colour", "high_contrast", "text_size"):
        assert name in msg
    default = Settings()
    assert (settings.four_colour, settings.high_contrast, settings.text_size) == (
        default.four_colour,
        default.high_contrast,
        default.text_size,
    )
    assert settings.deck == "italian"  # the good entry is kept
    assert set(TEXT_SIZES) == set(theme.TEXT_FACTORS) and "large" in TEXT_SIZES


@pytest.mark.parametrize(("game", "players"), [("capodama", 4), ("scopa", 2), ("cattura", 2)])
def test_a_4k_window_draws_every_card_from_larger_art(app, monkeypatch, game, players) -> None:
    """At 3840×2160 no card is drawn wider than its picture, so none is blown up (blurred)."""
    table = start_game(app, game, players, seed=3)
    table.resize((3840, 2160))
    widths: list[int] = []
    real_get, real_quick = table.model.images.get, table.model.images.quick
    monkeypatch.setattr(table.model.images, "get", lambda k, w: widths.append(w) or real_get(k, w))
    monkeypatch.setattr(
        table.model.images, "quick", lambda k, size: widths.append(size[0]) or real_quick(k, size)
    )
    for _ in range(90):
        app.step()
    assert widths and max(widths) == max(table.model.table.layout.sizes)
    assert max(widths) <= ART_W, (max(widths), ART_W)
    for folder in ("french", "french4", "italian", "backs"):
        for path in sorted(asset_path("cards", folder).glob("*.png"))[:3]:
            assert pygame.image.load(str(path)).get_width() == ART_W


def test_a_scaled_card_hides_the_cards_under_it(app) -> None:
    """Scaling keeps a card opaque inside (smoothscale alone left it 1 to 2 % see-through, and
    a fanned hand showed the indices of the cards beneath) and its rounded corners clear."""
    images = CardImages()
    for width in (344, 220, 131, 60):
        card = images.get(("french", "8C"), width)
        w, h = card.get_size()
        r = math.ceil(w * 26 / ART_W)
        inside = [card.get_at((x, y))[3] for x in range(r, w - r, 3) for y in range(1, h - 1, 3)]
        assert min(inside) == 255, width
        assert card.get_at((0, 0))[3] <= 8 and card.get_at((w - 1, h - 1))[3] <= 8
