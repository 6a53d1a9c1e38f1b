"""Where everything sits at the table, computed from the window size and the number of seats.

The viewer's seat is at the bottom; the others go clockwise around an ellipse (seat ``s + 1``
sits at the left of seat ``s``, so on screen the next seat is to the left, then across, then
right).  Sizes derive from the window so the table looks the same from 1024×600 to 4K; the HUD
panel takes a strip on the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from .cards import card_size
from .theme import ui_scale


@dataclass
class SeatSpot:
    rel: int  # 0 = the viewer at the bottom, then clockwise
    angle: float
    anchor: tuple[float, float]  # centre of the hand
    card_w: int  # width of this hand's cards
    spacing: float  # distance between card centres in the hand
    trick: tuple[float, float]
    pile: tuple[float, float]
    plate: tuple[float, float]  # centre of the name plate
    side: str  # "bottom", "left", "top", "right"


class TableLayout:
    def __init__(
        self,
        size: tuple[int, int],
        seats: int,
        viewer: int,
        *,
        solitaire: bool = False,
        panel: bool = True,
        hand_max: int = 8,
        center: str = "",
    ) -> None:
        """``hand_max`` is the most cards a hand holds (sizes the side hands); ``center`` is
        what lies in the middle: "" a trick, "grid" Scopa's table cards, "stack" Cattura's
        battlefield."""
        self.size = size
        self.hand_max = hand_max
        self.center_kind = center
        self.seats = seats
        self.viewer = viewer
        self.solitaire = solitaire
        w, h = size
        self.scale = s = ui_scale(size)
        self.panel_w = round(min(340, max(230, 270 * s))) if panel else 0
        self.panel = pygame.Rect(w - self.panel_w, 0, self.panel_w, h)
        self.table = pygame.Rect(0, 0, w - self.panel_w, h)
        tw, th = self.table.size
        self.big = round(min(th * 0.165, tw / 8.6))
        self.small = round(self.big * (0.92 if solitaire else 0.64))
        self.trick_w = round(self.big * (0.8 if seats > 4 else 0.86))
        th_card = card_size(self.trick_w)[1]
        bw, bh = card_size(self.big)
        sw, sh = card_size(self.small)
        self.margin = m = round(14 * s)
        self.plate_h = round(26 * s)
        self.center = (self.table.centerx, self.table.centery - bh * 0.12)
        cx, cy = self.center
        self.trick_r = (bw * (0.75 if seats > 4 else 0.64), th_card * 0.42)
        self.spots: list[SeatSpot] = []
        small_hand_w = sw + (min(hand_max, 8) - 1) * sw * 0.3
        for rel in range(seats):
            angle = math.pi / 2 + 2 * math.pi * rel / seats
            ca, sa = math.cos(angle), math.sin(angle)
            if rel == 0:
                anchor = (cx - bw * 0.2 if not solitaire else cx, th - m - bh * 0.52)
                # short hands (Scopa 3, Cattura 5) fan out wider: every card fully readable
                card_w = self.big
                spacing = bw * (1.06 if hand_max <= 3 else 0.8 if hand_max <= 5 else 0.66)
                side = "bottom"
            else:
                card_w = self.small
                spacing = sw * (0.66 if solitaire else 0.3)
                top_y = m + self.plate_h + sh / 2 + (self.plate_h * 0.2)
                rx = tw / 2 - small_hand_w / 2 - m - sw * 1.25
                ry_top = cy - top_y
                y = cy + sa * ry_top if sa < 0 else cy + sa * (th - m - bh - cy - sh * 0.2)
                anchor = (cx + ca * rx, y)
                if solitaire:
                    anchor = (cx, m + sh / 2 + self.plate_h * 0.2)
                side = "top" if abs(ca) < 0.3 else ("left" if ca < 0 else "right")
            tx = cx + math.cos(angle) * self.trick_r[0]
            ty = cy + math.sin(angle) * self.trick_r[1]
            if seats == 2:
                ty = cy + math.sin(angle) * th_card * 0.3
                tx = cx + (bw * 0.18 if rel == 0 else -bw * 0.18)
            cw, ch = card_size(card_w)
            hand_w = cw + spacing * (min(hand_max, 8) - 1)
            if rel == 0 and hand_max <= 5:
                anchor = (cx, anchor[1])
            if rel == 0:
                pile = (anchor[0] + hand_w / 2 + sw * 1.1, anchor[1] + bh * 0.1)
                pile = (min(self.table.right - sw * 0.75, pile[0]), pile[1])
                plate = (anchor[0], anchor[1] - ch / 2 - self.plate_h * 0.9)
            else:
                dx = hand_w / 2 + sw * 0.85
                # the won tricks lie on the outer side of the hand, away from the trick
                pile = (anchor[0] + (dx if side in ("top", "right") else -dx), anchor[1])
                if solitaire:
                    pile = (anchor[0] + hand_w / 2 + sw * 1.1, anchor[1])
                lo, hi = self.table.x + sw * 0.7, self.table.right - sw * 0.7
                pile = (min(hi, max(lo, pile[0])), pile[1])
                plate = (anchor[0], anchor[1] + ch / 2 + self.plate_h * 0.75)
            self.spots.append(
                SeatSpot(rel, angle, anchor, card_w, spacing, (tx, ty), pile, plate, side)
            )
        if solitaire or seats == 2:
            self.deck_pos = (cx - bw * 2.6, cy)
        else:
            self.deck_pos = (cx, cy)
        self._center_box(tw, th, sw, sh, bh)

    def _center_box(self, tw: float, th: float, sw: int, sh: int, bh: int) -> None:
        """The middle of the table for games that lay cards there (Scopa, Cattura): a box
        between the hands, with the draw deck at its left."""
        cx = self.center[0]
        top = max(
            (sp.plate[1] + self.plate_h for sp in self.spots if sp.side == "top"),
            default=self.margin + sh * 0.4,
        )
        bottom = self.spots[0].plate[1] - self.plate_h * 1.9  # above the prompt line
        side_x = [abs(sp.anchor[0] - cx) for sp in self.spots if sp.side in ("left", "right")]
        half_w = (min(side_x) - sw * 0.9) if side_x else tw * 0.36
        half_w = max(sw * 3.0, min(half_w, tw * 0.4))
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
        """Centres of up to four face-up cards lying in front of ``seat`` (Cattura's captures):
        a row beside the hand for the bottom and top seats, under the name plate for a side
        seat, kept inside the table."""
        spot = self.spot(seat)
        sw, sh = card_size(self.small)
        gap = round(sw * 0.1)
        ax, ay = spot.anchor
        cw = card_size(spot.card_w)[0]
        hand_w = cw + spot.spacing * (min(self.hand_max, 8) - 1)
        if spot.side in ("left", "right"):
            x0 = ax - 1.5 * (sw + gap)
            y = spot.plate[1] + self.plate_h * 0.7 + sh / 2
        else:
            x0 = ax + hand_w / 2 + sw * 0.9
            y = ay
            if x0 + 3 * (sw + gap) > self.table.right - sw * 0.6:  # no room for a row: 2×2
                x0 = min(x0, self.table.right - sw * 0.6 - (sw + gap))
                return [
                    (x0 + (k % 2) * (sw + gap), y + (k // 2 - 0.5) * (sh + gap))
                    for k in range(count)
                ]
        x0 = min(max(x0, self.table.x + sw * 0.6), self.table.right - sw * 0.6 - 3 * (sw + gap))
        return [(x0 + k * (sw + gap), y) for k in range(count)]

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
        """Centres of ``count`` cards in ``seat``'s hand, left to right."""
        spot = self.spot(seat)
        ax, ay = spot.anchor
        spacing = spot.spacing
        if spot.rel == 0 and count > 8:
            spacing *= 8 / count
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
