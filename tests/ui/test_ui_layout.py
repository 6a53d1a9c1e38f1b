"""The table's layout: nothing the player must read covers anything else, at every seat count and
window size, and a finished trick stays on the table as long as the player asked.

The geometric tests lay out the real table scene of every game and player count at the four
sizes the issue names (fullscreen taken as the common 1366×768, 2560×1440 and 4K screens), at
both text sizes of Settings, and check that no two of its rectangles (hands, name plates, won
piles with Scopa's flags and their words, the trick or the middle, the label of a held trick,
the band of prompts and buttons) overlap, that buttons and messages stay inside the band, that
no card of a trick hides the corner index of another and no card of the middle lies under the
label, and that a plate with its badges stays inside its rectangle.  The messages are drawn
for real in windows of 1024×600, 1280×720 and 1920×1080: the new-deal announcement, a refusal
and a banner, alone and together, land clear of every hand (raised cards included), plate and
the trick.  Every pile at its fullest is drawn for real at every size (a dozen scope sticking
out of each Scopa pile with their words, four Cattura captures face up): its cards, words and
counts lie in the places the layout keeps for them, on no hand, plate, other pile or the
middle.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest
from ui_harness import click, drive_to_play, human_turn, run_until, start_game

from game.catalog import CATALOG
from game.engine.cattura import WIN_CAPTURES
from game.engine.registry import GAMES
from game.ui import runner
from game.ui.cards import card_size, index_rect
from game.ui.settings import TEXT_SIZES, apply_look
from game.ui.table.draw import TablePainter
from game.ui.widgets import Toasts

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (1366, 768), (2560, 1440), (3840, 2160)]
CASES = [(name, p) for name in CATALOG for p in GAMES[name].players]
#: the window sizes the messages are drawn at: the smallest, the default and the common screen
WINDOWS = SIZES[:3]
#: the longest messages a table shows in English: the new-deal announcement, a refusal
ANNOUNCE = "South-West holds the ace of hearts: capo"
REFUSAL = (
    "You must follow hearts: the 2 of diamonds is not a heart and you hold the king of hearts"
    " and the jack of hearts"
)
BANNER = ("Buongioco!", "South-West declares three aces (3) and Napoli of hearts (3) — 6")


def _overlaps(regions: dict[str, pygame.Rect]) -> list[str]:
    return [
        f"{a} {regions[a]} × {b} {regions[b]}"
        for a, b in itertools.combinations(regions, 2)
        if regions[a].colliderect(regions[b])
    ]


@pytest.mark.parametrize("text", TEXT_SIZES)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_two_places_on_the_table_overlap(app, name: str, players: int, text: str) -> None:
    """At both text sizes of Settings (large text grows the plates, band and panel): the places
    overlap nowhere, no card of a whole trick hides another's corner and the label of a held
    trick lies on no card of the middle."""
    app.settings.text_size = text
    apply_look(app.settings)
    table = start_game(app, name, players)
    for size in SIZES:
        table.resize(size)
        lay = table.model.table.layout
        cards = _middle_cards(table)
        if lay.center_kind != "stack":  # Cattura's stack hides its lower cards: only the top counts
            assert _hidden_corners(cards) == [], (name, players, size, text)
        regions = lay.regions()
        assert _overlaps(regions) == [], (name, players, size, text)
        assert len(regions) == 3 + (5 if lay.flags else 3) * table.model.state.seats
        assert [c for c in cards if c.colliderect(regions["label"])] == [], (name, players, size)
        for key, rect in regions.items():
            assert lay.table.contains(rect), (name, players, size, key, rect)
        # the longest prompt's buttons stay in the band, clear of the prompt's text
        labels = ["Pass → left: Cavallo of swords, right: 10 of batons", "Buongioco!", "Diamonds"]
        rects = lay.band_buttons([lay.button_width(t, icon=True) for t in labels])
        text = lay.band_text(rects)
        for r in rects:
            assert lay.band.contains(r) and not r.colliderect(text), (size, r, text)


def test_a_plate_with_badges_fits_its_place(app) -> None:
    table = start_game(app, "capodama", 6)
    for size in SIZES[:3]:
        table.resize(size)
        lay = table.model.table.layout
        names = ["A very long seat name · search", "A very long seat name"]
        badges = [("CAPO", (240, 200, 90)), ("READY", (120, 220, 140))]
        rest = [("12", badges, lay.plate_width(seat)) for seat in range(6)]
        text, form = table.painter._fit_plates([names] * 6, rest)
        for seat in range(6):
            most = lay.plate_width(seat)
            img = table.painter._plate_image(names[form], "12", badges, most, text)
            assert img.get_width() <= most
            assert img.get_height() == lay.plate_h


def test_the_band_shows_the_prompt_and_the_pass_names_both_cards(app) -> None:
    """6-player Capodama: the pass button reads "Pass → left: …, right: …" in the band."""
    app.settings.deck = "french"
    table = start_game(app, "capodama", 6, seed=2)
    assert run_until(
        app, lambda: table.model.synced and table.model.prompt.kind in ("pass", "play"), 4000
    )
    while table.model.prompt.kind != "pass":  # the capo doubles first if the human is the capo
        if table.model.prompt.kind == "double":
            click(app, table.model.prompt.buttons[0].rect.center)
        app.step()
    assert table.painter.band_message() == table.model.gui.prompt_text() != ""
    for _ in range(2):
        legal = table.model.legal_cards()
        sp = next(
            s
            for s in table.model.table.hands[0]
            if s.card in legal and s.card not in table.model.prompt.selected
        )
        table.model.gui.click_card(sp)
    app.step()
    (confirm,) = [b for b in table.model.prompt.buttons if b.tag == "confirm"]
    left, right = (table.model.gui.card_short(c) for c in table.model.prompt.selected)
    assert confirm.label == f"Pass → left: {left}, right: {right}"
    assert table.model.table.layout.band.contains(confirm.rect)


def _to_held_trick(app, table) -> None:
    """Play the human's first legal card until a finished trick is held on the table."""
    for _ in range(40):
        if (
            run_until(
                app,
                lambda: (
                    table.model.moment.held is not None
                    or (table.model.synced and table.model.prompt.kind == "play")
                ),
                3000,
            )
            and table.model.moment.held is not None
        ):
            return
        table.model.apply(table.model.prompt.legal[0])
    raise AssertionError("no trick was ever held")


def test_a_trick_waits_for_a_click_when_asked(app) -> None:
    app.settings.hold = "click"
    table = start_game(app, "capodama", 4, seed=4)
    drive_to_play(app)
    _to_held_trick(app, table)
    label, sprite = table.model.moment.held
    assert label.startswith("Won by ") and sprite is table.model.moment.winner_mark
    assert table.painter.band_message() == "Click or press a key to go on"
    trick = list(table.model.table.played)
    for _ in range(300):  # ten seconds of frames: nothing moves on
        app.step()
    assert table.model.moment.held is not None and list(table.model.table.played) == trick
    click(app, (5, 5))  # anywhere on the felt
    run_until(app, lambda: table.model.moment.held is None, 60)
    assert table.model.moment.held is None and not table.model.table.played


def test_a_held_trick_lasts_the_hold_set_in_settings(app) -> None:
    """The hold scales with the setting: a long hold keeps the trick more frames than short."""
    held_frames = {}
    for hold in ("short", "long"):
        app.settings.hold = hold
        app.settings.speed = "normal"
        table = start_game(app, "tressette", 4, seed=2)
        drive_to_play(app)
        _to_held_trick(app, table)
        frames = 0
        while table.model.moment.held is not None and frames < 1000:
            app.step()
            frames += 1
        held_frames[hold] = frames
        app.scenes.pop()
    assert 0 < held_frames["short"] < held_frames["long"] < 1000
    # at 30 frames a second: 0.8 s and 3 s, give or take the frame the hold began in
    assert abs(held_frames["short"] - 24) <= 2 and abs(held_frames["long"] - 90) <= 2


def _middle_cards(table: Any) -> list[pygame.Rect]:
    """Where the cards of the middle lie: a whole trick (each seat's card at its place), or
    as many of Scopa's table cards as can lie there, or Cattura's stack."""
    lay = table.model.table.layout
    if lay.center_kind == "grid":
        pos, w = lay.grid_positions(10)
    elif lay.center_kind == "stack":
        pos, w = lay.stack_positions(8), lay.center_w
    else:
        pos, w = [lay.spot(seat).trick for seat in range(table.model.state.seats)], lay.trick_w
    rects = []
    for x, y in pos:
        r = pygame.Rect((0, 0), card_size(w))
        r.center = (round(x), round(y))
        rects.append(r)
    return rects


def _hidden_corners(cards: list[pygame.Rect]) -> list[str]:
    """Cards of a trick whose corner index another card covers (whichever was played last);
    Scopa's table cards lie apart."""
    return [
        f"card {a} under {b}"
        for a, b in itertools.permutations(cards, 2)
        if a != b and b.colliderect(index_rect(a))
    ]


def _window(app: Any, size: tuple[int, int]) -> None:
    """The window takes ``size``, and the app lays its scenes out for it."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resized(size)


class _Blits(pygame.Surface):
    """The window, noting where each blit lands while ``on`` names the drawing noted (the
    messages, a pile's extras): all of them in ``rects``, and by drawing in ``by``."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.on = ""
        self.rects: list[pygame.Rect] = []
        self.by: dict[str, list[pygame.Rect]] = {}

    def blit(self, source: Any, dest: Any, area: Any = None, special_flags: int = 0) -> Any:
        if self.on:
            size = pygame.Rect(area).size if area is not None else source.get_size()
            self.rects.append(pygame.Rect(tuple(dest)[:2], size))
            self.by.setdefault(self.on, []).append(self.rects[-1])
        return super().blit(source, dest, area, special_flags)


def _noting(monkeypatch: Any, owner: type, name: str) -> None:
    """While ``owner.name`` draws, the window notes its blits under that name."""
    real = getattr(owner, name)

    def noted(self: Any, surface: Any, *args: Any, **kw: Any) -> Any:
        assert isinstance(surface, _Blits), "drawn on another surface than the window's"
        surface.on = name
        try:
            return real(self, surface, *args, **kw)
        finally:
            surface.on = ""

    monkeypatch.setattr(owner, name, noted)


@pytest.mark.parametrize("text", TEXT_SIZES)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_message_covers_a_hand_a_plate_or_the_trick(
    app, monkeypatch, name: str, players: int, text: str
) -> None:
    """Toasts (the new-deal announcement, a refusal) and a banner, alone and together, drawn in
    a real window at each size: every pixel they draw lies clear of every hand, raised cards
    included, every plate and won pile, the trick or the middle and a held trick's label."""
    app.settings.text_size = text
    apply_look(app.settings)
    _noting(monkeypatch, Toasts, "draw")
    _noting(monkeypatch, TablePainter, "_draw_banner")
    table = start_game(app, name, players)
    for size in WINDOWS:
        window = _Blits(size)
        monkeypatch.setattr(runner, "window_surface", lambda window=window: window)
        _window(app, size)
        assert app.screen is window
        lay = table.model.table.layout
        clear = {k: r for k, r in lay.regions().items() if k != "band"}
        for toasts, banner in (((ANNOUNCE, REFUSAL), False), ((), True), ((REFUSAL,), True)):
            app.toasts.items.clear()
            for said in toasts:
                app.toast(said, "warn", 5.0)
            table.model.moment.banner = None
            if banner:
                table.model.show_banner(*BANNER, 5.0)
            window.rects.clear()
            app.step()
            assert window.rects, (size, toasts, banner)
            covered = [
                f"{r} over {k} {c}"
                for r in window.rects
                for k, c in clear.items()
                if r.colliderect(c)
            ]
            assert covered == [], (name, players, size, text, toasts, banner)
            assert all(window.get_rect().contains(r) for r in window.rects)


#: scope on every pile of the test: a dozen, so that the words are at their longest ("12 scope")
SCOPE = 12


def _extras_everywhere(table: Any) -> None:
    """Lay the table out again as it is, with the most a pile shows on every seat: a dozen
    scope sticking out of a Scopa pile of won cards, Cattura's captures face up (as many as
    end the match)."""
    tv = table.model.table
    seats = range(table.model.state.seats)
    known = [sp.card for sp in tv.sprites if sp.card is not None]
    scopa = table.model.state.name == "scopa"
    shown = {
        s: [known[k % len(known)] for k in range(SCOPE if scopa else WIN_CAPTURES)] for s in seats
    }
    tv.rebuild(
        {s: [sp.card for sp in tv.hands[s]] for s in seats},
        (),
        {s: 8 for s in seats} if scopa else {},
        tv.deck_count,
        tv.dealer,
        center=[sp.card for sp in tv.center],
        front=None if scopa else shown,
        flags=shown if scopa else None,
    )


@pytest.mark.parametrize("text", TEXT_SIZES)
@pytest.mark.parametrize(("name", "players"), [c for c in CASES if c[0] in ("scopa", "cattura")])
def test_nothing_a_pile_shows_covers_a_hand_a_plate_or_the_middle(
    app, monkeypatch, name: str, players: int, text: str
) -> None:
    """Every seat's pile at its fullest, drawn in a real window at every size: a dozen scope
    sticking out of each Scopa pile with "12 scope" under it, and Cattura's captures face up.
    Each of those cards lies in its pile's place (a flag in the strip beside the pile, under the
    pile) and on no other place; the words lie in their line under the pile, on no place and no
    card; the count on a pile or the deck lies on that card."""
    app.settings.text_size = text
    apply_look(app.settings)
    table = start_game(app, name, players)
    assert run_until(app, lambda: human_turn(table))
    _noting(monkeypatch, type(table.model.gui), "draw_extras")
    _noting(monkeypatch, TablePainter, "_draw_counts")
    monkeypatch.setattr(app, "redraw_all", True)  # every frame drawn whole
    for size in SIZES:
        window = _Blits(size)
        monkeypatch.setattr(runner, "window_surface", lambda window=window: window)
        _window(app, size)
        _extras_everywhere(table)
        app.step()
        lay = table.model.table.layout
        regions = lay.regions()
        cards = [table.model.sprite_rect(sp) for sp in table.model.table.sprites]
        wrong = []
        for seat in range(players):
            own = {f"pile{seat}", f"flags{seat}"}
            place = lay.pile_rect(seat).unionall([r for k, r in regions.items() if k in own])
            shown = [*table.model.table.flags[seat], *table.model.table.front[seat]]
            assert len(shown) == (SCOPE if name == "scopa" else WIN_CAPTURES)
            for sp in shown:
                r = table.model.sprite_rect(sp)
                on = [k for k, c in regions.items() if c.colliderect(r) and k not in own]
                if on or not place.contains(r):
                    wrong.append(f"seat {seat}'s {sp.card} at {r} on {on}, out of {place}")
        words = window.by.get("draw_extras", [])
        assert len(words) == (players if name == "scopa" else 0)
        for r in words:  # in their line, on nothing else
            on = [k for k, c in regions.items() if c.colliderect(r)]
            under = [c for c in cards if c.colliderect(r)]
            mine = len(on) == 1 and on[0].startswith("flagwords") and regions[on[0]].contains(r)
            if not mine or under:
                wrong.append(f"words at {r} on {on} and on the cards at {under}")
        deck = pygame.Rect((0, 0), lay.small_size)
        deck.center = (round(table.model.table.deck_at()[0]), round(table.model.table.deck_at()[1]))
        for r in window.by.get("_draw_counts", []):  # on its pile, or on the deck
            on = [k for k, c in regions.items() if c.colliderect(r)]
            on_pile = len(on) == 1 and on[0].startswith("pile") and regions[on[0]].contains(r)
            if not on_pile and not (deck.contains(r) and on in ([], ["trick"])):
                wrong.append(f"count at {r} on {on}")
        assert not wrong, f"{name}, {players} players, {size}, {text} text:\n" + "\n".join(wrong)


def test_a_notice_the_band_has_no_room_for_waits_unread(app) -> None:
    """At 1024×600 two refusals fill the band: a notice shown just before them waits, without
    fading, until they are gone, and is read in its turn."""
    _window(app, (1024, 600))
    start_game(app, "capodama", 6)
    notice = "Your statistics could not be saved: the disk is full"
    app.toasts.show(notice, "warn", 1.0, notice=True)
    app.toast(REFUSAL, "warn", 3.0)
    app.toast(REFUSAL.replace("hearts", "spades"), "warn", 3.0)
    for _ in range(60):  # two seconds: the notice's own second would have passed unseen
        app.step()
    assert notice in app.toasts.texts
    assert run_until(app, lambda: notice not in app.toasts.texts, 300)


def test_a_full_trick_shows_every_corner_and_its_label_covers_no_card(app) -> None:
    """6 players in the smallest window, a whole trick held: each card's corner shows whoever
    played last, and "Won by …" lies on no card, plate or hand."""
    app.settings.hold = "click"
    _window(app, (1024, 600))
    table = start_game(app, "capodama", 6, seed=5)
    drive_to_play(app)
    _to_held_trick(app, table)
    lay = table.model.table.layout
    label, sprite = table.model.moment.held
    assert label.startswith("Won by ") and len(table.model.table.played) == 6
    cards = [table.model.sprite_rect(sp) for sp in table.model.table.played]
    assert _hidden_corners(cards) == []
    box, _size = table.painter.label_rect(label, table.model.sprite_rect(sprite))
    on = [table.model.sprite_rect(sp) for sp in table.model.table.sprites]
    on += [r for k, r in lay.regions().items() if k not in ("trick", "label")]
    assert [r for r in on if r.colliderect(box)] == [], box
    assert lay.label_box.contains(box)


def test_trick_cards_keep_their_size_after_continue(app) -> None:
    table = start_game(app, "capodama", 4, seed=6)
    drive_to_play(app)
    table.model.apply(table.model.prompt.legal[0])
    run_until(app, lambda: not table.model.busy(), 200)
    widths = {round(sp.w) for sp in table.model.table.played}
    assert widths == {table.model.table.layout.trick_w}
    table.model.rebuild()
    assert {round(sp.w) for sp in table.model.table.played} == widths


@pytest.mark.parametrize(("name", "players"), [("capodama", 4), ("scopa", 2), ("tressette", 3)])
def test_nobody_is_marked_to_play_under_the_summary(app, name: str, players: int) -> None:
    from ui_harness import autoplay_to_summary

    table = autoplay_to_summary(app, name, players)
    items = table.model.gui.hud_items(table.model.panel, table.model.names, table.model.deck)
    marked = [row for kind, *rest in items if kind == "rows" for row in rest[0] if row[2]]
    assert marked == []
    assert table.model.state.between_deals  # the next deal waits for the summary to close


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_the_middle_is_the_same_from_every_seat(app, seats):
    """The middle of a Scopa table lies between the others' hands whichever seat the table is
    seen from (an online player sits at any seat; a table of several humans turns to each)."""
    from game.ui.layout import TableLayout

    boxes = {
        tuple(TableLayout((1280, 720), seats, viewer, hand_max=3, center="grid").center_box)
        for viewer in range(seats)
    }
    assert len(boxes) == 1, boxes
