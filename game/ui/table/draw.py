"""Drawing the table scene: felt, cards with their highlights, name plates, counts, the prompt,
the chooser, the banner and the last trick or capture.

The table scene owns one :class:`TablePainter` (``scene.painter``); the painter only reads the
table's model (:mod:`.model`), so drawing can never change what the table does.  It also says
what the band along the bottom reads and where its buttons go.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import _

from .. import background, theme
from ..cards import card_size
from ..games.base import LastLook
from ..games.words import KIND_WORDS
from ..hud import Hud
from ..option_words import rules_in_force
from ..scenes.common import dim
from .seats import ONLINE

if TYPE_CHECKING:
    from ..focus import KeyFocus
    from .model import TableModel


class TablePainter:
    """The table drawn from its model, with its highlights."""

    def __init__(self, model: TableModel) -> None:
        self.t = model
        self.hud = Hud(model.images)
        self._band_labels: list[str] = []
        self._plates: dict[tuple[Any, ...], pygame.Surface] = {}
        #: the plates' text size and name form, for the plates' contents it was chosen for
        self._plate_choice: tuple[Any, tuple[int, int]] | None = None
        # where the last frame drew the glow and the banner (scene.damage redraws them alone)
        self.glow_rect: pygame.Rect | None = None
        self.banner_rect: pygame.Rect | None = None
        #: where the last frame drew the box under the side panel's items (None: none)
        self.side_box: pygame.Rect | None = None

    # -- highlights -----------------------------------------------------------------------------
    def marks(self) -> dict[int, str]:
        sc = self.t
        out: dict[int, str] = {}
        if sc.moment.winner_mark is not None:
            out[id(sc.moment.winner_mark)] = "winner"
        sc.gui.marks(out)
        hands = sc.active_hands()
        kind = sc.prompt.kind
        if not hands or kind not in ("play", "pass"):
            return out
        legal = sc.legal_cards()
        current = sc.state.current_player
        selected = sc.prompt.selected
        for s in hands:
            for sp in sc.table.hands[s]:
                if id(sp) in out:
                    continue
                if sp.card in selected:
                    out[id(sp)] = "selected"
                elif sc.solitaire and s != current and kind == "play":
                    out[id(sp)] = "dim"
                elif sp.card in legal:
                    out[id(sp)] = "hover" if sp is sc.prompt.hover else "legal"
                else:
                    out[id(sp)] = "dim"
        return out

    # -- the band -------------------------------------------------------------------------------
    def band_message(self) -> str:
        """What the band says: what a held trick waits for, else the prompt."""
        t = self.t
        if t.moment.held is not None and t.moment.held_until_click:
            return _("Click or press a key to go on")
        if not t.prompt.kind or not t.synced:
            return ""
        hint = t.hints.band_text(self.band_text())
        if hint:
            return hint
        if t.prompt.chooser is not None and t.prompt.chooser.grid:
            return ""  # the chooser carries the question as its title
        return t.gui.prompt_text()

    def lay_band(self) -> None:
        """Line the prompt's buttons up in the band, right-aligned, each as wide as its label
        (again whenever a label changes: the pass button names the cards chosen)."""
        t = self.t
        lay = t.table.layout
        icon = t.gui.button_icon
        widths = [lay.button_width(b.label, icon(b) is not None) for b in t.prompt.buttons]
        for b, rect in zip(t.prompt.buttons, lay.band_buttons(widths), strict=True):
            b.place(rect)
        self._band_labels = [b.label for b in t.prompt.buttons]

    def band_text(self) -> pygame.Rect:
        """The part of the band for the prompt and the messages (left of the buttons)."""
        t = self.t
        if [b.label for b in t.prompt.buttons] != self._band_labels:
            self.lay_band()
        return t.table.layout.band_text([b.rect for b in t.prompt.buttons])

    def _rules_items(self) -> list[Any]:
        """The panel's "Rules in force": the match's yes/no options set otherwise than by
        default (Scopa's house rules, cappotto...), as the engine lists them."""
        state = self.t.state
        lines = rules_in_force(state.name, state.options)
        if not lines:
            return []
        return [("heading", _("Rules in force")), *(("small", line, "dim") for line in lines)]

    # -- the frame ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, glow: Callable[[], float], focus: KeyFocus) -> None:
        """The frame: ``glow`` is the strength of the glow of the seat to play (it breathes),
        ``focus`` the keyboard focus drawn over the cards."""
        sc = self.t
        surface.blit(background.felt(surface.get_size()), (0, 0))
        lay = sc.table.layout
        self._draw_plates(surface, glow)
        sc.table.draw(surface, sc.face_key, sc.back_key, self.marks(), sc.lift)
        self._draw_counts(surface)
        sc.gui.draw_extras(surface)
        gui, model = sc.gui, sc.panel
        names = sc.names
        rules = tuple(sorted(sc.state.options.items()))  # a new match may change them
        key = (sc.deck, i18n.revision(), gui.model_key(model), tuple(names), rules)
        buttons = min((b.rect.top for b in sc.prompt.panel_buttons), default=lay.panel.bottom)
        keys = self._keys_hint()
        side = self.side_height()
        top = buttons - keys.get_height() - lay.gap - side
        self.hud.draw(
            surface,
            lay.panel,
            key,
            lambda: [*gui.hud_items(model, names, sc.deck), *self._rules_items()],
            sc.face_key,
            top - lay.panel.top,
        )
        self.side_box = None
        if side:
            pad = round(16 * lay.scale)
            self.side_box = pygame.Rect(lay.panel.x + pad, top, lay.panel.w - 2 * pad, side)
            self.draw_side(surface, self.side_box)
        surface.blit(keys, keys.get_rect(midtop=(lay.panel.centerx, top + side)))
        for b in sc.prompt.panel_buttons:
            b.draw(surface)
        self._draw_prompt(surface)
        self._draw_held(surface)
        if sc.prompt.chooser is not None and sc.synced:
            sc.prompt.chooser.draw(surface, sc.images, sc.face_key, lay.scale)
        sc.hints.draw(surface)  # the coach's hint ringed (game/ui/table/hint.py)
        focus.draw(surface)  # the keyboard focus ring (game/ui/focus.py)
        if sc.moment.banner is not None:
            self._draw_banner(surface, sc.moment.banner)
        look = sc.gui.last_look() if sc.moment.show_last else None
        if look is not None:
            self._draw_last(surface, look)

    def side_height(self) -> int:
        """How tall a box kept under the side panel's items, over its buttons, is (0: none;
        a replay shows its review there, on the panel, never over a hand)."""
        return 0

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw that box in ``rect``."""

    def _keys_hint(self) -> pygame.Surface:
        """The line "F1: all the keys" above the panel's buttons, where a newcomer sees it."""
        size = round(13 * self.t.table.layout.text)
        return theme.text(_("F1: all the keys"), size, theme.INK_FAINT)

    def plate_words(self) -> list[tuple[str, str]]:
        """Each seat's plate as drawn: its name and its score (apart from the name, in a chip
        of its own; "" where none is shown).  Every AI seat's name carries its level, or none
        does, whichever all the plates have room for ("West · normal" beside "East · normal",
        never beside "East")."""
        return [(name, score) for name, score, _b, _w in self._plates_now()[1]]

    def _plates_now(self) -> tuple[int, list[tuple[str, str, list[tuple[str, Any]], int]]]:
        """The plates' text size and, per seat, (name, score, badges, width)."""
        sc = self.t
        lay = sc.table.layout
        scores = sc.gui.seat_scores(sc.panel)
        forms: list[list[str]] = []
        rest: list[tuple[str, list[tuple[str, Any]], int]] = []
        for seat in range(sc.state.seats):
            short = sc.short_name(seat)
            names = [short, short]
            if sc.online is not None and sc.kind_of(seat) == ONLINE:
                names[0] = sc.names[seat]  # who plays it online: an AI level, or away
            elif not sc.solitaire and sc.kind_of(seat) != "human":
                kind = _(KIND_WORDS.get(sc.kind_of(seat), sc.kind_of(seat)))
                names[0] = _("{name} · {kind}").format(name=short, kind=kind)
            forms.append(names)
            score = str(scores[seat]) if not sc.solitaire and seat < len(scores) else ""
            rest.append((score, sc.gui.badges(seat), lay.plate_width(seat)))
        key = (tuple(map(tuple, forms)), tuple((a, tuple(b), c) for a, b, c in rest), lay.text)
        if self._plate_choice is None or self._plate_choice[0] != key:
            self._plate_choice = (key, self._fit_plates(forms, rest))
        size, form = self._plate_choice[1]
        return size, [
            (names[form], score, badges, most)
            for names, (score, badges, most) in zip(forms, rest, strict=True)
        ]

    def _fit_plates(
        self, forms: list[list[str]], rest: list[tuple[str, list[tuple[str, Any]], int]]
    ) -> tuple[int, int]:
        """The form of the names (0: with the level, 1: without) and the largest text size at
        which every plate fits its place: the level is kept down to the plate's smallest step
        for the text size of Settings, else dropped on every plate, never on some only; the
        smallest size and the short names when nothing fits."""
        lay = self.t.table.layout
        s = lay.text  # the plate's height and its text follow the text size of Settings
        steps = [round(k * s) for k in (16, 14, 12)]
        # large text goes on down to the normal text's smallest size, a pixel at a time
        sizes = steps + list(range(steps[-1] - 1, round(12 * lay.scale) - 1, -1))
        for form, tried in ((0, steps), (1, sizes)):
            for size in tried:
                if all(
                    _plate_width(names[form], score, badges, size) <= most
                    for names, (score, badges, most) in zip(forms, rest, strict=True)
                ):
                    return size, form
        return sizes[-1], 1

    def _draw_plates(self, surface: pygame.Surface, glow_of: Callable[[], float]) -> None:
        sc = self.t
        lay = sc.table.layout
        # no seat is marked to play while the table shows something else (a held trick, a
        # summary): the engine may already be at the next deal
        current = sc.state.current_player if sc.synced else None
        size, plates = self._plates_now()
        for seat, (name, score, badges, most) in enumerate(plates):
            plate = self._plate_image(name, score, badges, most, size)
            rect = plate.get_rect(center=lay.plate_rect(seat).center)
            if current is not None and seat == current:
                pulse = glow_of()  # breathes as a turn begins, then holds still
                glow = _glow(rect.w + 14, rect.h + 14)
                glow.set_alpha(int(255 * pulse))
                self.glow_rect = glow.get_rect(center=rect.center)
                surface.blit(glow, self.glow_rect)
                pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=rect.h // 2)
            surface.blit(plate, rect.topleft)

    def _plate_image(
        self, name: str, score: str, badges: list[tuple[str, Any]], most: int, size: int
    ) -> pygame.Surface:
        """A name plate no wider than ``most``: the name at ``size``, then the score in a chip
        of its own (so "West" and its 1 never read as "West 1"), then the badges."""
        lay = self.t.table.layout
        key = (name, score, tuple(badges), most, size, lay.plate_h, theme.LOOK.key)
        cached = self._plates.get(key)
        if cached is not None:
            return cached
        if len(self._plates) > 64:
            self._plates.clear()
        h = lay.plate_h
        ink = theme.panel_colours(200)[2]
        k = size / 16  # paddings follow the font, so a smaller font frees room too
        w = min(_plate_width(name, score, badges, size), most)
        plate = _plate(w, h).copy()
        img = theme.text(name, size, ink, True)
        plate.blit(img, img.get_rect(midleft=(round(12 * k), h // 2)))
        x = round(12 * k) + img.get_width() + round(8 * k)
        chips: list[tuple[str, Any, Any]] = [(score, (16, 24, 20), ink)] if score else []
        chips += [(tag, color, (20, 16, 8)) for tag, color in badges]
        for i, (words, color, text_ink) in enumerate(chips):
            tag = theme.text(
                words, round(size * (0.85 if i == 0 and score else 0.75)), text_ink, True
            )
            br = pygame.Rect(x, 0, tag.get_width() + round(10 * k), round(h * 0.7))
            br.centery = h // 2
            pygame.draw.rect(plate, color, br, border_radius=br.h // 2)
            if i == 0 and score:
                pygame.draw.rect(plate, ink, br, 1, border_radius=br.h // 2)
            plate.blit(tag, tag.get_rect(center=br.center))
            x = br.right + round(4 * k)
        self._plates[key] = plate
        return plate

    def _count_badge(self, text: str) -> pygame.Surface:
        """A count in a dark pill with a gold rim (drawn whole, so it lands where it is put)."""
        s = self.t.table.layout.text
        t = theme.text(text, round(13 * s), theme.INK, True)
        r = pygame.Rect(0, 0, max(t.get_width() + 10, t.get_height() + 4), t.get_height() + 4)
        badge = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(badge, (20, 30, 26), r, border_radius=r.h // 2)
        pygame.draw.rect(badge, theme.GOLD, r, 1, border_radius=r.h // 2)
        badge.blit(t, t.get_rect(center=r.center))
        return badge

    def _draw_counts(self, surface: pygame.Surface) -> None:
        """The number on each won pile, and on the draw deck where it stays on the table: in
        the top corner of the card, so it covers nothing beside it."""
        sc = self.t
        lay = sc.table.layout
        pad = max(1, lay.gap // 2)
        counts = []
        for seat in range(sc.state.seats):
            pile = sc.table.piles[seat]
            if pile and not any(sp.moving for sp in pile):
                counts.append((sc.gui.pile_badge(seat), lay.pile_rect(seat)))
        if sc.gui.center and sc.table.deck_count > 0:
            x, y = sc.table.deck_at()
            deck = pygame.Rect((0, 0), lay.small_size)
            deck.center = (round(x), round(y))
            counts.append((str(sc.table.deck_count), deck))
        for text, card in counts:
            if text:
                badge = self._count_badge(text)
                surface.blit(badge, badge.get_rect(topright=(card.right - pad, card.top + pad)))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        """The band along the bottom: the prompt (or what a held trick waits for) at its left,
        the action buttons at its right."""
        sc = self.t
        text = self.band_message()
        if not text and not sc.prompt.buttons:
            return
        lay = sc.table.layout
        s = lay.text  # the band's height and its text follow the text size of Settings
        band = lay.band
        surface.blit(_band(band.w, band.h), band.topleft)
        if (
            text and not sc.app.toasts.items and sc.moment.banner is None
        ):  # a message takes its place
            area = self.band_text()
            ink = theme.panel_colours(215)[2]
            lines, size = theme.fit_lines(text, area.w - round(24 * s), area.h, round(19 * s))
            step = theme.font(size, True).get_linesize()
            y = area.centery - step * (len(lines) - 1) / 2
            for line in lines:
                img = theme.text(line, size, ink, True)
                surface.blit(img, img.get_rect(midleft=(area.x + round(14 * s), round(y))))
                y += step
        icon = sc.gui.button_icon
        for b in sc.prompt.buttons:
            b.draw(surface)
            card = icon(b)
            if card is not None:
                ace = sc.images.get(sc.face_key(card), round(b.rect.h * 0.55))
                at = (b.rect.x + round(10 * lay.scale), b.rect.centery)
                surface.blit(ace, ace.get_rect(midleft=at))

    def label_rect(self, label: str, card: pygame.Rect) -> tuple[pygame.Rect, int]:
        """Where a held trick's label goes and its text size: in the layout's strip under the
        trick (clear of every card, plate and hand), below the card that took it as far as the
        strip allows; the text set smaller when the strip is narrower than the label."""
        lay = self.t.table.layout
        strip = lay.label_box
        pad = round(8 * lay.scale)
        size = theme.line_size(label, strip.w - 2 * pad, strip.h, lay.label_text, 9)
        box = pygame.Rect(
            0, 0, min(strip.w, theme.font(size, True).size(label)[0] + 2 * pad), strip.h
        )
        box.midtop = (
            min(max(card.centerx, strip.x + box.w // 2), strip.right - box.w // 2),
            strip.y,
        )
        return box, size

    def _draw_held(self, surface: pygame.Surface) -> None:
        """While a finished trick or a capture is held: "Won by West" under the trick, below
        the card that took it."""
        sc = self.t
        held = sc.moment.held
        if held is None:
            return
        label, sprite = held
        box, size = self.label_rect(label, sc.sprite_rect(sprite))
        img = theme.text(label, size, (30, 22, 8), True)
        pygame.draw.rect(surface, theme.GOLD, box, border_radius=box.h // 2)
        at = img.get_rect(center=box.center)
        at.left = max(at.left, box.left)  # a label longer than the strip at 9 px is cut short
        surface.blit(img, at, pygame.Rect(0, 0, box.right - at.left, img.get_height()))

    def message_areas(self) -> tuple[pygame.Rect | None, pygame.Rect]:
        """Where the table's messages go, in the band's part for the prompt (the layout keeps
        it clear of every hand, plate and card): the banner's place (None when there is no
        banner) and the toasts' place; a banner and toasts shown at once share it, the banner
        above."""
        sc = self.t
        area = self.band_text()
        if sc.moment.banner is None:
            return None, area
        if not sc.app.toasts.items:
            return area, area
        top = pygame.Rect(area.x, area.y, area.w, area.h // 2)
        return top, pygame.Rect(area.x, top.bottom, area.w, area.h - top.h)

    def _draw_banner(self, surface: pygame.Surface, banner: tuple[str, str, float, float]) -> None:
        """A banner ("Scopa!", "Buongioco!") in the band: its title in large gold letters and
        what it says beside, both as large as the band allows."""
        text, sub, age, ttl = banner
        area = self.message_areas()[0]
        if area is None:
            return
        lay = self.t.table.layout
        s = lay.text
        alpha = 255
        if age < 0.15:
            alpha = int(255 * age / 0.15)
        elif ttl - age < 0.4:
            alpha = int(255 * max(0.0, ttl - age) / 0.4)
        pad = max(2, round(4 * s))
        inner = area.inflate(-2 * round(14 * s), -2 * pad)
        big = theme.text(
            text, theme.line_size(text, inner.w // 2, inner.h, round(40 * s)), theme.GOLD, True
        )
        gap = round(16 * s) if sub else 0
        room = inner.w - big.get_width() - gap
        lines, small = theme.fit_lines(sub, room, inner.h, round(19 * s)) if sub else ([], 0)
        step = theme.font(small, True).get_linesize() if sub else 0
        subs = [theme.text(line, small, theme.INK, True) for line in lines]
        width = big.get_width() + gap + max((t.get_width() for t in subs), default=0)
        panel = theme.rounded_panel(area.size, (8, 16, 12, 225), area.h // 2, theme.GOLD, 2)
        self.banner_rect = pygame.Rect(area)
        panel.set_alpha(alpha)
        surface.blit(panel, area.topleft)
        x = area.centerx - width // 2
        big = big.copy()  # the cached text is shared: its fade is this copy's
        big.set_alpha(alpha)
        surface.blit(big, big.get_rect(midleft=(x, area.centery)))
        y = area.centery - step * (len(subs) - 1) / 2
        for line in subs:
            img = line.copy()
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(midleft=(x + big.get_width() + gap, round(y))))
            y += step

    def _draw_last(self, surface: pygame.Surface, look: LastLook) -> None:
        """The last trick or capture on a panel over the middle of the table: its title,
        and each card with its caption (who played it, or what it did in the capture)."""
        sc = self.t
        lay = sc.table.layout
        s = lay.scale
        cx, cy = lay.center
        w = lay.small
        cw, ch = card_size(w)
        captions = [theme.text(said, round(12 * s), theme.INK_DIM) for _c, said in look.cards]
        column = max(cw, *(c.get_width() for c in captions))  # a card, or a wider caption
        gap = round(10 * s)
        row = len(look.cards) * (column + gap) - gap
        title = theme.text(look.title, round(17 * s), theme.INK, True)
        width = max(row, title.get_width()) + round(40 * s)
        height = ch + round(80 * s)
        dim(surface, 120)  # an opaque panel over a dimmed table, like every overlay
        panel = theme.rounded_panel((width, height), theme.OVERLAY, 16, theme.GOLD, 2)
        r = panel.get_rect(center=(round(cx), round(cy)))
        surface.blit(panel, r.topleft)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(10 * s))))
        x = r.centerx - row // 2 + column // 2  # the middle of the first column
        for (card, _said), caption in zip(look.cards, captions, strict=True):
            img = sc.images.get(sc.face_key(card), w)
            surface.blit(img, img.get_rect(midtop=(x, r.y + round(40 * s))))
            surface.blit(caption, caption.get_rect(midtop=(x, r.y + round(44 * s) + ch)))
            x += column + gap

    def toast_zone(self) -> pygame.Rect:
        """Where the app's messages go: the band's part for the prompt (beside the buttons,
        under a banner), so a message never covers a hand, a plate, a card or a button."""
        return self.message_areas()[1]


_PLATES: dict[tuple[int, int, str, bool], pygame.Surface] = {}


def _panel(w: int, h: int, kind: str, alpha: int) -> pygame.Surface:
    """A plate or the band: translucent on the felt, or white-edged black (high contrast)."""
    key = (w, h, kind, theme.LOOK.contrast)
    surf = _PLATES.get(key)
    if surf is None:
        if len(_PLATES) > 200:
            _PLATES.clear()
        fill, edge, _ink, edge_w = theme.panel_colours(alpha)
        surf = theme.rounded_panel((w, h), fill, h // 2, edge, edge_w)
        _PLATES[key] = surf
    return surf


def _plate_width(name: str, score: str, badges: list[tuple[str, Any]], size: int) -> int:
    """How wide a plate is with ``name``, its ``score`` chip and its ``badges`` at ``size``."""
    k = size / 16
    w = theme.font(size, True).size(name)[0] + round(24 * k)
    chips = [(score, 0.85)] if score else []
    chips += [(tag, 0.75) for tag, _c in badges]
    for words, part in chips:
        w += theme.font(round(size * part), True).size(words)[0] + round(14 * k)
    return w


def _plate(w: int, h: int) -> pygame.Surface:
    return _panel(w, h, "plate", 200)


def _band(w: int, h: int) -> pygame.Surface:
    return _panel(w, h, "band", 215)


def _glow(w: int, h: int) -> pygame.Surface:
    """The soft gold halo around the plate of the seat to play (alpha pulses per frame)."""
    key = (w, h, "glow", False)
    surf = _PLATES.get(key)
    if surf is None:
        surf = theme.rounded_panel((w, h), (*theme.GOLD, 90), h // 2)
        _PLATES[key] = surf
    return surf
