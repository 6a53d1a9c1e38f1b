"""Where everything sits at the table, computed from the window size and the number of seats.

The viewer's seat is at the bottom; the others go clockwise around an ellipse (seat ``s + 1``
sits at the left of seat ``s``, so on screen the next seat is to the left, then across, then
right).  Sizes derive from the window so the table looks the same from 1024×600 to 4K; the HUD
panel takes a strip on the right.  The text size of Settings makes the name plates, the band
(prompt and buttons) and the side panel grow with their text, and the cards give way to them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from . import theme
from .cards import RATIO, card_size
from .theme import ui_scale
from .widgets import button_text

#: the width kept left of the viewer's hand for a list of captures (at scale 1)
CHOOSER_W = 250

#: Where each seat's card of a trick may lie, by seat count: patterns that give, per seat (0 the
#: viewer at the bottom, then clockwise as the seats sit), the offset of the card's centre from
#: the trick's middle in card widths and heights.  Each card lies toward its player, and no card
#: hides the corner index of another (:data:`~game.ui.cards.INDEX`) whichever was played last:
#: two cards are a card apart (a width across or a height down), or one lies up and to the right
#: of the other by more than the index, so the upper card's corner clears the lower card and the
#: lower card's corner lies left of the upper one.  The table takes the pattern that lets its
#: middle hold the largest cards; tests/ui/test_ui_layout.py checks the corners at every size.
Pattern = tuple[tuple[float, float], ...]
TRICK_FANS: dict[int, tuple[Pattern, ...]] = {
    2: (((-0.21, 0.39), (0.21, -0.39)),),
    3: (((0.0, 0.52), (-0.6, -0.52), (0.6, -0.52)),),
    4: (
        ((0.0, 0.52), (-1.04, 0.0), (0.0, -0.52), (1.04, 0.0)),
        ((-0.15, 0.4), (-1.2, 0.0), (0.15, -0.4), (1.2, 0.0)),
    ),
    5: (((0.0, 0.52), (-1.04, 0.2), (-0.52, -0.52), (0.52, -0.52), (1.04, 0.52)),),
    6: (
        ((0.27, 0.68), (-0.77, 0.35), (-0.52, -0.35), (-0.27, -0.68), (0.77, -0.35), (0.52, 0.35)),
        ((0.4, 0.52), (-0.9, 0.19), (-0.65, -0.19), (-0.4, -0.52), (0.9, -0.19), (0.65, 0.19)),
    ),
}
#: How much further apart than the pattern the trick's cards may lie when the middle has room.
TRICK_SPREAD = 1.2
#: How far apart, in card widths, the cards of a pile laid side by side lie (Cattura's captures,
#: face up): more than the corner index (:data:`~game.ui.cards.INDEX`), so every one reads.
PILE_FAN = 0.3
#: How far the cards that stick out of a pile face up (Scopa's scope) stick out, in card widths:
#: the first (on top) by enough to show its corner, each later one a little further under it,
#: up to the last step (the ones after it lie under that one).
FLAG_OUT = 0.28
FLAG_STEP = 0.06
#: How far apart the viewer's cards lie, in card widths, by the most cards its hand holds (up to
#: the first figure): a short hand spreads wide, a long one overlaps to fit the band.
FAN_SPACING = ((3, 1.06), (5, 0.8), (math.inf, 0.66))
#: The most cards a hand spreads over: a longer hand lies as wide, its cards closer.
FAN_MOST = 8
#: How far apart the other seats' cards lie, in card widths (face down, their corners need no
#: room): the closer figure for hands longer than :data:`FAN_MOST` (Tressette's 10 and 13,
#: Scopone's 10), so the middle keeps its room between them.
OTHERS_SPACING = 0.3
LONG_OTHERS_SPACING = 0.2
#: A fan of up to this many cards is centred on the table; a longer one shifts left, clear of
#: the side panel.
CENTRED_FAN = 5
FLAG_STEPS = 2


@dataclass
class SeatSpot:
    rel: int  # 0 = the viewer at the bottom, then clockwise
    anchor: tuple[float, float]  # centre of the hand
    card_w: int  # width of this hand's cards
    spacing: float  # distance between card centres in the hand
    trick: tuple[float, float]
    pile: tuple[float, float]
    plate: tuple[float, float]  # centre of the name plate
    side: str  # "bottom", "left", "top", "right"


class TableLayout:
    """Every place on the table for one window size and seat count.

    The felt is split so that nothing the player must read is ever covered: a *band* along the
    bottom holds the prompt, the action buttons and the table's messages; the viewer's hand sits
    on the band and its name plate over it; the other seats go round an ellipse above, each hand
    with its plate under it; each seat's won pile lies beside its hand (Scopa's scope sticking
    out of it on the far side, counted in words under it); the trick (or the middle of Scopa
    and Cattura) fills what is left in the centre, with a strip under it for the label of a held
    trick.  :meth:`regions` lists these rectangles, and a geometric test checks that none of
    them overlaps another for every game, seat count and window size.
    """

    def __init__(
        self,
        size: tuple[int, int],
        seats: int,
        viewer: int,
        *,
        solitaire: bool = False,
        panel: bool = True,
        hand_max: int,
        center: str = "",
        pile_cards: int = 1,
        flags: bool = False,
    ) -> None:
        """``hand_max`` is the most cards a hand holds (sizes the side hands); ``center`` is
        what lies in the middle: "" a trick, "grid" Scopa's table cards, "stack" Cattura's
        battlefield; ``pile_cards`` is how many cards a seat's pile shows side by side, face
        up (Cattura's captures); ``flags`` keeps room beside each pile for the cards that
        stick out of it and the words that count them (Scopa's scope)."""
        self.size = size
        self.hand_max = hand_max
        self.center_kind = center
        self.pile_cards = max(1, pile_cards)
        self.flags = flags
        self.seats = seats
        self.viewer = viewer
        self.solitaire = solitaire
        w, h = size
        self.scale = s = ui_scale(size)
        #: the size of the label of a held trick or capture
        self.label_text = round(16 * s)
        #: the scale of the table's text: :attr:`scale` times the text size of Settings
        self.text = t = theme.text_scale(size)
        # the side panel grows with its text (no cap: at 1920×1080 a capped panel cut lines off)
        self.panel_w = round(max(230 * t / s, 270 * t)) if panel else 0
        self.panel = pygame.Rect(w - self.panel_w, 0, self.panel_w, h)
        self.table = pygame.Rect(0, 0, w - self.panel_w, h)
        tw, th = self.table.size
        self.margin = m = round(14 * s)
        self.gap = round(6 * s)
        self.plate_h = round(26 * t)
        self.band_h = round(48 * t)
        #: the height of a held trick's label ("Won by West"), kept free under the trick
        self.label_h = theme.font(self.label_text, True).get_height() + round(8 * s)
        #: the prompt, the action buttons and the messages: a strip along the bottom of the felt
        self.band = pygame.Rect(m, th - self.gap - self.band_h, tw - 2 * m, self.band_h)
        self.big = round(min(self.band.top * 0.172, tw / 8.6))
        self.small = round(self.big * (0.92 if solitaire else 0.64))
        self.trick_w = round(self.big * (0.8 if seats > 4 else 0.86))
        sw = card_size(self.small)[0]
        #: the width of a seat's pile: one card, or its cards side by side
        self.pile_w = round(sw * (1 + PILE_FAN * (self.pile_cards - 1)))
        #: the strip beside a pile where its flags stick out (0 without flags), and the size
        #: and line height of the words under it that count them
        self.flag_w = round(sw * (FLAG_OUT + FLAG_STEP * FLAG_STEPS)) if flags else 0
        self.flag_text = round(13 * t)
        self.flag_label_h = theme.font(self.flag_text, True).get_linesize() if flags else 0
        self.spots: list[SeatSpot] = []
        self._place_viewer()
        self._place_others()
        if solitaire or seats == 2:
            self.deck_pos = (self.center[0] - card_size(self.big)[0] * 2.6, self.center[1])
        else:
            self.deck_pos = self.center
        self._center_box()
        self._place_trick()

    def _place_trick(self) -> None:
        """Each seat's card of the trick toward its player, in the pattern of
        :data:`TRICK_FANS` that fits the largest cards in the middle of the table (never larger
        than the trick size), spread a little when there is room to spare; the winner's label
        under the trick."""
        if self.center_kind:  # Scopa and Cattura lay their cards in the middle box instead
            self.label_box = self._label_under(self.center_box.bottom + self.gap)
            return
        box = self.center_box
        room_w, room_h = box.w, box.h - self.label_h - self.gap

        def extent(fan: Pattern) -> tuple[float, float, float, float]:
            us, vs = [u for u, _v in fan], [v for _u, v in fan]
            return min(us), max(us), min(vs), max(vs)

        def fits(fan: Pattern) -> float:  # the widest card this pattern lets the middle hold
            u0, u1, v0, v1 = extent(fan)
            return min(room_w / (u1 - u0 + 1), room_h / ((v1 - v0 + 1) * RATIO))

        fan = max(TRICK_FANS[self.seats], key=fits)
        self.trick_w = max(1, min(self.trick_w, math.floor(fits(fan))))
        cw, ch = card_size(self.trick_w)
        u0, u1, v0, v1 = extent(fan)
        su = max(1.0, min(TRICK_SPREAD, (room_w - cw) / ((u1 - u0) * cw)))
        sv = max(1.0, min(TRICK_SPREAD, (room_h - ch) / ((v1 - v0) * ch)))
        high = (v1 - v0) * sv * ch + ch  # the trick's height, its label under it
        top = box.centery - (high + self.gap + self.label_h) / 2
        for spot in self.spots:
            u, v = fan[spot.rel]
            spot.trick = (
                box.centerx + (u - (u0 + u1) / 2) * su * cw,
                top + ch / 2 + (v - v0) * sv * ch,
            )
        self.label_box = self._label_under(round(top + high + self.gap))

    def _label_under(self, top: int) -> pygame.Rect:
        """The strip for a held trick's or capture's label ("Won by West"): as wide as the
        middle of the table, from ``top``."""
        box = self.center_box
        return pygame.Rect(box.x, top, box.w, self.label_h)

    # -- seats around the table -------------------------------------------------------------------
    def _hand_w(self, card_w: int, spacing: float) -> float:
        return card_size(card_w)[0] + spacing * (min(self.hand_max, FAN_MOST) - 1)

    def _place_viewer(self) -> None:
        """The viewer's hand on the band, its plate just over the raised cards; the middle of
        the table halfway between the top seat's plate and the viewer's."""
        bw, bh = card_size(self.big)
        sh = card_size(self.small)[1]
        tw = self.table.w
        spacing = bw * next(s for most, s in FAN_SPACING if self.hand_max <= most)
        hand_w = self._hand_w(self.big, spacing)
        ay = self.band.top - self.gap - bh / 2
        ax = tw / 2 if (self.solitaire or self.hand_max <= CENTRED_FAN) else tw / 2 - bw * 0.2
        sw = card_size(self.small)[0]
        if self.center_kind:  # room at the left for the list of captures to choose from
            left = self.margin + self.gap + round(CHOOSER_W * self.scale)
            ax = max(ax, left + hand_w / 2)
            # and at the right for the pile and its flags, on the felt: a long hand (Scopone's
            # 10 cards) that would reach them lies closer
            right = self.table.right - sw / 4 - self.flag_w - self.pile_w - self.gap
            if ax + hand_w / 2 > right:
                hand_w = max(bw, right - left)
                spacing = (hand_w - bw) / max(1, min(self.hand_max, FAN_MOST) - 1)
                ax = left + hand_w / 2
        ax = max(self.margin + hand_w / 2, ax)
        plate_y = ay - bh / 2 - self.lift() - self.gap - self.plate_h / 2
        #: the lowest the other seats reach: the top of the viewer's plate
        self.floor = plate_y - self.plate_h / 2 - self.gap
        # the top seat's plate bottom (the solitaire's second hand is raised too)
        top_bottom = (
            self.margin + sh + self.gap + self.plate_h + (self.lift() if self.solitaire else 0)
        )
        self.center = (tw / 2, (top_bottom + self.floor) / 2)
        # the pile a little right of the hand, its flags (if any) right of it, all on the felt
        pile_x = min(
            self.table.right - sw / 4 - self.flag_w - self.pile_w / 2,
            ax + hand_w / 2 + bw * 0.75 - sw / 2 + self.pile_w / 2,
        )
        self._viewer = SeatSpot(
            0, (ax, ay), self.big, spacing, (0.0, 0.0), (pile_x, ay),
            (ax, plate_y), "bottom",
        )  # fmt: skip

    def _place_others(self) -> None:
        """Seat ``rel`` at angle 90° + rel·360°/seats round an ellipse: the hands as far out as
        the felt allows, each with its plate under it, and the trick card of each seat between
        its hand and the middle."""
        seats, m = self.seats, self.margin
        tw = self.table.w
        cx, cy = self.center
        sw, sh = card_size(self.small)
        if self.solitaire:  # the second hand, face up: every corner shows
            spacing = sw * 0.66
        else:
            long = self.hand_max > FAN_MOST
            spacing = sw * (LONG_OTHERS_SPACING if long else OTHERS_SPACING)
        hand_w = self._hand_w(self.small, spacing)
        # room outside the outermost hands for a won pile of one card; a wider pile, or flags
        # beside it, bring the seats in as far as the outermost seat needs
        room = tw / 2 - hand_w / 2 - m - sw - self.gap
        extra = self.pile_w - sw + self.flag_w
        widest = max(abs(math.cos(math.pi / 2 + 2 * math.pi * rel / seats)) for rel in range(seats))
        rx = room if widest < 1e-9 else min(room, (room - extra) / widest)
        top_y = m + sh / 2
        low_y = self.floor - self.plate_h - self.gap - sh / 2  # a lower hand and its plate
        for rel in range(seats):
            angle = math.pi / 2 + 2 * math.pi * rel / seats
            ca, sa = math.cos(angle), math.sin(angle)
            if rel == 0:
                self.spots.append(self._viewer)
                continue
            y = cy + sa * (cy - top_y) if sa < 0 else cy + sa * (low_y - cy)
            if sa < 0 and abs(ca) < 0.75:  # near the top: in the top row, over the trick
                y = top_y
            anchor = (cx + ca * rx, y)
            if self.solitaire:  # the second hand, face up and played too: room to raise it
                anchor = (cx, top_y + self.lift())
            side = "top" if abs(ca) < 0.3 else ("left" if ca < 0 else "right")
            dx = (hand_w / 2 + self.gap + self.pile_w / 2) * (1 if side in ("top", "right") else -1)
            # the won tricks lie on the outer side of the hand, away from the trick, or on
            # the inner side when the hand reaches the edge of the felt (their flags, if any,
            # beyond them, away from the hand)
            px = anchor[0] + dx
            reach = self.pile_w / 2 + self.flag_w
            if not self.table.x + reach <= px <= self.table.right - reach:
                px = anchor[0] - dx
            pile = (px, anchor[1])
            if self.solitaire:
                pile = (anchor[0] + hand_w / 2 + sw * 1.1, anchor[1])
            plate = (anchor[0], anchor[1] + sh / 2 + self.gap + self.plate_h / 2)
            self.spots.append(SeatSpot(rel, anchor, self.small, spacing, anchor, pile, plate, side))

    # -- rectangles ------------------------------------------------------------------------------
    def hand_rect(self, seat: int, count: int | None = None) -> pygame.Rect:
        """Where ``seat``'s hand of ``count`` cards (the most it holds) lies, raised cards
        included."""
        n = min(self.hand_max, FAN_MOST) if count is None else count
        pos = self.hand_positions(seat, max(1, n))
        spot = self.spot(seat)
        cw, ch = card_size(spot.card_w)
        rect = pygame.Rect(0, 0, round(pos[-1][0] - pos[0][0]) + cw, ch)
        rect.center = (round((pos[0][0] + pos[-1][0]) / 2), round(spot.anchor[1]))
        if spot.rel == 0 or self.solitaire:
            rect.top -= round(self.lift())
            rect.h += round(self.lift())
        return rect

    def plate_width(self, seat: int) -> int:
        """The widest a seat's name plate may be drawn (its name, score and badges are fitted
        into it): as wide as its hand, and never into a neighbour's."""
        spot = self.spot(seat)
        t = self.text
        if spot.rel == 0:
            return round(260 * t)
        return max(round(150 * t), min(self.hand_rect(seat).w, round(230 * t)))

    def plate_rect(self, seat: int) -> pygame.Rect:
        spot = self.spot(seat)
        rect = pygame.Rect(0, 0, self.plate_width(seat), self.plate_h)
        rect.center = (round(spot.plate[0]), round(spot.plate[1]))
        return rect

    def trick_rect(self) -> pygame.Rect:
        """Where the cards of a trick lie (the middle box for Scopa and Cattura)."""
        if self.center_kind:
            return pygame.Rect(self.center_box)
        w, h = card_size(self.trick_w)
        rects = []
        for spot in self.spots:
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(spot.trick[0]), round(spot.trick[1]))
            rects.append(r)
        return rects[0].unionall(rects[1:])

    def drop_rect(self) -> pygame.Rect:
        """Where a card dragged from the viewer's hand is played when let go: the trick (or
        the middle of Scopa and Cattura) and a card's width and half its height around it, on
        the felt above the hand."""
        w, h = card_size(self.big)
        area = self.trick_rect().inflate(2 * w, h).clip(self.table)
        area.height = max(0, min(area.bottom, self.hand_rect(self.viewer).top) - area.top)
        return area

    def band_buttons(self, widths: list[int]) -> list[pygame.Rect]:
        """Rectangles for action buttons of these widths, right-aligned in the band (shrunk
        alike when they would not fit beside a short prompt)."""
        pad = self.gap
        h = self.band.h - 2 * pad
        room = self.band.w * 0.7 - pad * (len(widths) + 1)
        k = min(1.0, room / max(1, sum(widths)))
        out: list[pygame.Rect] = []
        x = self.band.right - pad
        for wd in reversed(widths):
            bw = round(wd * k)
            x -= bw
            out.append(pygame.Rect(x, self.band.y + pad, bw, h))
            x -= pad
        return out[::-1]

    def band_text(self, buttons: list[pygame.Rect]) -> pygame.Rect:
        """The part of the band left for the prompt and the messages, left of the buttons."""
        right = min((b.x for b in buttons), default=self.band.right) - self.gap
        return pygame.Rect(self.band.x, self.band.y, right - self.band.x, self.band.h)

    def button_width(self, label: str, icon: bool = False) -> int:
        """The width a button needs for ``label`` in the one button font (and a card icon
        before it)."""
        w = theme.font(button_text(self.scale), True).size(label)[0] + round(36 * self.text)
        return w + (round(self.band.h * 0.55) if icon else 0)

    def chooser_box(self) -> pygame.Rect:
        """Where a list of choices goes (a Scopa or Cattura capture): left of the viewer's hand
        and above the band, below the middle of the table and every seat on that side."""
        hand = self.hand_rect(self.viewer)
        top = max(self.center_box.bottom, self.label_box.bottom) + self.gap
        for seat in range(self.seats):
            if seat != self.viewer:
                for r in self.seat_regions(seat).values():
                    if r.left < hand.left:
                        top = max(top, r.bottom + self.gap)
        left = self.table.x + self.margin
        return pygame.Rect(left, top, hand.left - self.gap - left, self.band.top - self.gap - top)

    def regions(self) -> dict[str, pygame.Rect]:
        """Every rectangle that must stay clear of every other: hands, name plates, won piles
        (and their flags with the words under them), the trick (or the middle), the label of a
        held trick and the band."""
        out = {"band": pygame.Rect(self.band), "trick": self.trick_rect()}
        out["label"] = pygame.Rect(self.label_box)
        for seat in range(self.seats):
            out.update(self.seat_regions(seat))
        return out

    def seat_regions(self, seat: int) -> dict[str, pygame.Rect]:
        """The places of one seat: its hand, name plate and won pile, and where there are
        flags, their strip and the words under it."""
        out = {
            f"hand{seat}": self.hand_rect(seat),
            f"plate{seat}": self.plate_rect(seat),
            f"pile{seat}": self.pile_rect(seat),
        }
        if self.flags:
            out[f"flags{seat}"] = self.flags_rect(seat)
            out[f"flagwords{seat}"] = self.flag_label_rect(seat)
        return out

    def pile_rect(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s won cards lie (side by side, where the pile shows several)."""
        rect = pygame.Rect(0, 0, self.pile_w, card_size(self.small)[1])
        rect.center = (round(self.spot(seat).pile[0]), round(self.spot(seat).pile[1]))
        return rect

    def _away(self, seat: int) -> int:
        """1 when ``seat``'s pile lies right of its hand, -1 when left: its flags lie further
        that way."""
        spot = self.spot(seat)
        return 1 if spot.pile[0] >= spot.anchor[0] else -1

    def flags_rect(self, seat: int) -> pygame.Rect:
        """The strip beside ``seat``'s pile, on the side away from its hand, where the cards
        that stick out of the pile show (Scopa's scope): as tall as the pile."""
        pile = self.pile_rect(seat)
        rect = pygame.Rect(0, pile.y, self.flag_w, pile.h)
        if self._away(seat) > 0:
            rect.left = pile.right
        else:
            rect.right = pile.left
        return rect

    def flag_label_rect(self, seat: int) -> pygame.Rect:
        """The line for the words that count a pile's flags ("2 scope"): right under the pile
        and its flags, on the felt the name plate leaves there."""
        block = self.pile_rect(seat).union(self.flags_rect(seat))
        plate = self.plate_rect(seat)
        left, right = block.left, block.right
        if plate.right > left and plate.left < right:  # the plate reaches under the pile
            if self._away(seat) > 0:
                left = max(left, plate.right + self.gap)
            else:
                right = min(right, plate.left - self.gap)
        top = block.bottom + max(1, self.gap // 2)
        return pygame.Rect(left, top, max(0, right - left), self.flag_label_h)

    def flag_positions(self, seat: int, count: int) -> list[tuple[float, float]]:
        """Centres of ``count`` cards sticking out of ``seat``'s pile, oldest first, into
        :meth:`flags_rect`: the first by enough to show its corner, each later one a step
        further (and under the ones before), the ones past the last step under that one."""
        pile = self.pile_rect(seat)
        sw = card_size(self.small)[0]
        out = [round(sw * (FLAG_OUT + FLAG_STEP * min(k, FLAG_STEPS))) for k in range(count)]
        if self._away(seat) > 0:  # a card's left edge is its centre less half its width
            return [(pile.right + o - sw + sw // 2, pile.centery) for o in out]
        return [(pile.left - o + sw // 2, pile.centery) for o in out]

    def _center_box(self) -> None:
        """The middle of the table for games that lay cards there (Scopa, Cattura): a box
        between the hands, with the draw deck at its left."""
        tw = self.table.w
        sw, sh = card_size(self.small)
        cx = self.center[0]
        # between the other seats: below the plates over it, inside the hands and plates beside
        top, half_w = self.margin + sh * 0.4, tw * 0.4
        least = card_size(self.trick_w)[0] * 1.3  # the narrowest the middle may be
        over: list[pygame.Rect] = []
        beside: list[pygame.Rect] = []
        for seat in (s for s in range(self.seats) if s != self.viewer):
            for r in self.seat_regions(seat).values():
                (over if r.right > cx - least and r.left < cx + least else beside).append(r)
        top = max([top] + [r.bottom + self.gap for r in over])
        # under the middle: the label of a held capture (a trick's label goes under the trick)
        bottom = self.floor - (self.label_h + self.gap if self.center_kind else 0)
        for r in beside:  # only what reaches down beside the middle narrows it
            if r.bottom > top and r.top < bottom:
                half_w = min(half_w, abs((r.left if r.left > cx else r.right) - cx) - self.gap)
        half_w = max(least, half_w)
        self.center_box = pygame.Rect(0, 0, round(2 * half_w), round(max(sh, bottom - top)))
        self.center_box.center = (round(cx), round((top + bottom) / 2))
        # the card width of the middle: the trick size while it fits, smaller when crowded
        self.center_w = self.trick_w
        cw = card_size(self.center_w)[0]
        self.stack_at: tuple[float, float] = self.center_box.center
        if self.center_kind == "grid":  # the deck waits in the top left corner, out of the way
            self.deck_pos = (self.table.x + self.margin + sw * 0.6, self.margin + sh * 0.55)
        elif self.center_kind == "stack":
            bx, by = self.center_box.center
            self.deck_pos = (bx - cw * 1.05, by)
            self.stack_at = (bx + cw * 0.75, by)

    # -- the middle -----------------------------------------------------------------------------
    def grid_positions(self, count: int) -> tuple[list[tuple[float, float]], int]:
        """Centres of ``count`` face-up cards in rows that reflow inside the middle box, and the
        card width (the trick size, or the small size when that does not fit)."""
        if count <= 0:
            return [], self.center_w
        box = self.center_box
        for w in (self.big, self.center_w, self.small, round(self.small * 0.85)):
            cw, ch = card_size(w)
            gap = max(4, round(w * 0.1))
            cols = max(1, int((box.w + gap) // (cw + gap)))
            rows = -(-count // cols)
            if rows * ch + (rows - 1) * gap <= box.h:
                break
        cols = min(cols, -(-count // rows))  # balanced rows: 7 cards are 4 + 3, not 6 + 1
        out = []
        y0 = box.centery - (rows * ch + (rows - 1) * gap) / 2 + ch / 2
        for r in range(rows):
            n = min(cols, count - r * cols)
            x0 = box.centerx - (n * cw + (n - 1) * gap) / 2 + cw / 2
            out += [(x0 + i * (cw + gap), y0 + r * (ch + gap)) for i in range(n)]
        return out, w

    def stack_positions(self, count: int) -> list[tuple[float, float]]:
        """Centres of a stack bottom to top: the last few cards fan out so the top is clear."""
        cx, cy = self.stack_at
        cw = card_size(self.center_w)[0]
        out = []
        for k in range(count):
            shown = min(count - 1 - k, 4)  # 0 for the top card
            out.append((cx - shown * cw * 0.09, cy - shown * cw * 0.04))
        return out

    def front_positions(self, seat: int, count: int) -> list[tuple[float, float]]:
        """Centres of the cards of ``seat``'s pile laid face up side by side, left to right
        (Cattura's captures): in its pile's place, closer together when there are more than
        the pile was made for."""
        rect = self.pile_rect(seat)
        sw = card_size(self.small)[0]
        step = (rect.w - sw) / max(1, self.pile_cards - 1, count - 1)
        return [(rect.x + sw // 2 + k * step, rect.centery) for k in range(count)]

    # -- seats --------------------------------------------------------------------------------
    def rel(self, seat: int) -> int:
        return (seat - self.viewer) % self.seats

    def spot(self, seat: int) -> SeatSpot:
        return self.spots[self.rel(seat)]

    def dealer_deck(self, dealer: int) -> tuple[float, float]:
        """Where the deck lies while ``dealer`` deals: in front of the dealer, toward the middle."""
        if self.solitaire or self.seats == 2:
            return self.deck_pos
        ax, ay = self.spot(dealer).anchor
        cx, cy = self.center
        return (cx + (ax - cx) * 0.45, cy + (ay - cy) * 0.45)

    def hand_positions(self, seat: int, count: int) -> list[tuple[float, float]]:
        """Centres of ``count`` cards in ``seat``'s hand, left to right: a hand longer than
        :data:`FAN_MOST` lies closer, as wide as that many (its :meth:`hand_rect`)."""
        spot = self.spot(seat)
        ax, ay = spot.anchor
        spacing = spot.spacing
        if count > FAN_MOST:
            spacing *= (FAN_MOST - 1) / (count - 1)
        x0 = ax - spacing * (count - 1) / 2
        return [(x0 + i * spacing, ay) for i in range(count)]

    def lift(self) -> float:
        """How far a playable card of the viewer's hand is raised."""
        return card_size(self.big)[1] * 0.1

    @property
    def sizes(self) -> tuple[int, ...]:
        """The card widths drawn from cached pictures (anything else is in flight)."""
        if self.center_kind == "grid":
            return (self.big, self.small, self.trick_w, round(self.small * 0.85))
        return (self.big, self.small, self.trick_w)

    @property
    def big_size(self) -> tuple[int, int]:
        return card_size(self.big)

    @property
    def small_size(self) -> tuple[int, int]:
        return card_size(self.small)
