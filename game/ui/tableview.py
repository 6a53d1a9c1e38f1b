"""The cards on the table as sprites: where each one is, where it goes, and drawing them.

This is the view model of the table scene.  It knows seats, hands, the trick, the won-trick piles
and the deck pile, and offers the moves the show is made of (deal, play, sweep, pass, gather);
it never decides anything about the game.  A card the viewer may not see is a sprite whose
``card`` is None until the engine's events reveal it (when it is played).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from game.engine import Card

from . import theme
from .anim import CardSprite, ease_in_out_cubic
from .cards import CardImages, card_size
from .layout import TableLayout

Highlight = str  # "", "legal", "dim", "hover", "selected", "winner"


class TableView:
    def __init__(
        self,
        images: CardImages,
        seats: int,
        viewer: int,
        *,
        solitaire: bool,
        hand_key: Callable[[Card], object],
        size: tuple[int, int],
        sound: Callable[[str], None] = lambda name: None,
        hand_max: int = 8,
        center: str = "",
        pile_stride: int = 0,
    ) -> None:
        """``center`` "grid" (Scopa's table cards) or "stack" (Cattura's battlefield) lays
        cards in the middle; ``pile_stride`` is how many cards make one layer of a won pile
        (one trick: the number of seats, by default)."""
        self.images = images
        self.seats = seats
        self.viewer = viewer
        self.solitaire = solitaire
        self.hand_key = hand_key
        self.sound = sound
        self.speed = 1.0
        self.hands: dict[int, list[CardSprite]] = {s: [] for s in range(seats)}
        self.trick: list[tuple[int, CardSprite]] = []
        self.piles: dict[int, list[CardSprite]] = {s: [] for s in range(seats)}
        self.loose: list[CardSprite] = []  # cards flying back to the deck
        self.center: list[CardSprite] = []  # Scopa's table, Cattura's battlefield (bottom first)
        self.front: dict[int, list[CardSprite]] = {s: [] for s in range(seats)}  # face-up, by seat
        self.flags: dict[int, list[CardSprite]] = {s: [] for s in range(seats)}  # out of a pile
        self.deck_count = 0
        self.dealer = 0
        self._z = 1000
        self.hand_max = hand_max
        self.center_kind = center
        self.pile_stride = pile_stride or seats
        self.layout = self._layout(size, viewer)

    def _layout(self, size: tuple[int, int], viewer: int) -> TableLayout:
        return TableLayout(
            size, self.seats, viewer, solitaire=self.solitaire, hand_max=self.hand_max,
            center=self.center_kind,
        )  # fmt: skip

    # -- geometry -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(size, self.viewer)
        self.place_all(0.0)

    def set_viewer(self, viewer: int) -> None:
        self.viewer = viewer
        self.layout = self._layout(self.layout.size, viewer)

    def shows_face(self, seat: int) -> bool:
        """Whether the viewer sees ``seat``'s hand face up."""
        return self.solitaire or seat == self.viewer

    def hand_width(self, seat: int) -> int:
        return self.layout.spot(seat).card_w

    def d(self, seconds: float) -> float:
        """A duration scaled by the speed setting."""
        return seconds * self.speed

    def _next_z(self) -> int:
        self._z += 1
        return self._z

    @property
    def sprites(self) -> list[CardSprite]:
        out: list[CardSprite] = [*self.loose]
        for s in range(self.seats):
            out.extend(self.flags[s])
            out.extend(self.piles[s])
        out.extend(self.center)
        for s in range(self.seats):
            out.extend(self.front[s])
            out.extend(self.hands[s])
        out.extend(sp for _, sp in self.trick)
        return out

    @property
    def moving(self) -> bool:
        return any(sp.moving for sp in self.sprites)

    def update(self, dt: float) -> None:
        for sp in self.sprites:
            if sp.motions:
                sp.update(dt)
        if self.loose and not any(sp.moving for sp in self.loose):
            self.loose.clear()

    def settle(self) -> None:
        for sp in self.sprites:
            sp.settle()
        self.loose.clear()

    # -- placing ------------------------------------------------------------------------------
    def ordered(self, seat: int) -> list[CardSprite]:
        hand = self.hands[seat]
        if self.shows_face(seat) and all(sp.card is not None for sp in hand):
            hand.sort(key=lambda sp: self.hand_key(sp.card))  # type: ignore[arg-type]
        return hand

    def place_hand(self, seat: int, duration: float, delay: float = 0.0) -> None:
        hand = self.ordered(seat)
        pos = self.layout.hand_positions(seat, len(hand))
        w = self.hand_width(seat)
        base = 300 if self.layout.rel(seat) == 0 else 100
        for i, (sp, p) in enumerate(zip(hand, pos, strict=True)):
            sp.z = base + i
            if duration <= 0 and delay <= 0:
                sp.motions.clear()
                sp.x, sp.y, sp.w, sp.squash = p[0], p[1], w, 1.0
            elif (sp.x, sp.y, sp.w) != (p[0], p[1], w) or sp.moving:
                sp.move_to(p, w, duration, delay=delay, ease=ease_in_out_cubic)

    def pile_pos(self, seat: int, k: int) -> tuple[float, float]:
        x, y = self.layout.spot(seat).pile
        return (x + k * 0.0, y - min(k, 12) * 1.2)

    def flag_pos(self, seat: int, k: int) -> tuple[float, float]:
        """Where the k-th card sticking out of ``seat``'s pile lies (a scopa, face up): half
        under the pile, toward the middle of the table, each a little further along."""
        x, y = self.layout.spot(seat).pile
        sw, sh = self.layout.small_size
        cx, _cy = self.layout.center
        d = 1 if x < cx else -1
        return (x + d * sw * (0.45 + 0.14 * k), y + sh * 0.12)

    def center_slots(self, count: int) -> tuple[list[tuple[float, float]], int]:
        if self.center_kind == "stack":
            return self.layout.stack_positions(count), self.layout.center_w
        return self.layout.grid_positions(count)

    def place_center(self, duration: float, delay: float = 0.0) -> None:
        """Lay the middle cards out again (the table reflows when a card comes or goes)."""
        pos, w = self.center_slots(len(self.center))
        for k, (sp, p) in enumerate(zip(self.center, pos, strict=True)):
            sp.z = 200 + k
            if duration <= 0 and delay <= 0:
                sp.motions.clear()
                sp.x, sp.y, sp.w, sp.face_up = p[0], p[1], w, True
            elif (sp.x, sp.y, sp.w) != (p[0], p[1], w) or sp.moving:
                sp.move_to(p, w, duration, delay=delay, face_up=True, ease=ease_in_out_cubic)

    def place_front(self, seat: int, duration: float) -> None:
        pos = self.layout.front_positions(seat, len(self.front[seat]))
        for k, (sp, p) in enumerate(zip(self.front[seat], pos, strict=True)):
            sp.z = 150 + k
            if duration <= 0:
                sp.motions.clear()
                sp.x, sp.y, sp.w, sp.face_up = p[0], p[1], self.layout.small, True
            else:
                sp.move_to(p, self.layout.small, duration, face_up=True, ease=ease_in_out_cubic)

    def place_all(self, duration: float) -> None:
        """Put every card where it belongs now (after a resize or a rebuild)."""
        for s in range(self.seats):
            self.place_hand(s, duration)
            for k, sp in enumerate(self.piles[s]):
                sp.motions.clear()
                sp.x, sp.y = self.pile_pos(s, k // max(1, self.pile_stride))
                sp.w = self.layout.small
                sp.z = 10 + k
            for k, sp in enumerate(self.flags[s]):
                sp.motions.clear()
                sp.x, sp.y = self.flag_pos(s, k)
                sp.w = self.layout.small
                sp.z = 5 + k
            self.place_front(s, 0.0)
        for k, (s, sp) in enumerate(self.trick):
            sp.motions.clear()
            sp.x, sp.y = self.layout.spot(s).trick
            sp.w = self.layout.trick_w
            sp.z = 500 + k
        self.place_center(0.0)
        self.loose.clear()

    # -- the moves of the show ----------------------------------------------------------------
    def clear(self) -> None:
        self.hands = {s: [] for s in range(self.seats)}
        self.trick = []
        self.piles = {s: [] for s in range(self.seats)}
        self.loose = []
        self.center = []
        self.front = {s: [] for s in range(self.seats)}
        self.flags = {s: [] for s in range(self.seats)}
        self.deck_count = 0

    def rebuild(
        self,
        hands: dict[int, list[Card | None]],
        trick: Iterable[tuple[int, Card]],
        piles: dict[int, int],
        deck_count: int,
        dealer: int,
        center: Iterable[Card] = (),
        front: dict[int, list[Card]] | None = None,
        flags: dict[int, list[Card]] | None = None,
    ) -> None:
        """Lay the table out as it is now, without animation (continue, undo, perspective)."""
        self.clear()
        self.center = [CardSprite(c, (0, 0), self.layout.small, True, "center") for c in center]
        for s, cards in (front or {}).items():
            self.front[s] = [
                CardSprite(c, (0, 0), self.layout.small, True, "front", s) for c in cards
            ]
        for s, cards in (flags or {}).items():
            self.flags[s] = [
                CardSprite(c, (0, 0), self.layout.small, True, "pile", s) for c in cards
            ]
        self.dealer = dealer
        self.deck_count = deck_count
        for s, cards in hands.items():
            self.hands[s] = [
                CardSprite(c, (0, 0), self.hand_width(s), c is not None, "hand", s) for c in cards
            ]
        self.trick = [
            (s, CardSprite(c, (0, 0), self.layout.trick_w, True, "trick", s)) for s, c in trick
        ]
        for s, n in piles.items():
            self.piles[s] = [
                CardSprite(None, (0, 0), self.layout.small, False, "pile", s) for _ in range(n)
            ]
        self.place_all(0.0)

    def gather(self) -> float:
        """Everything left on the table goes back to the deck before a new deal."""
        dest = self.deck_at()
        dur = self.d(0.45)
        k = 0
        for sp in self.sprites:
            sp.move_to(dest, self.layout.small, dur, delay=self.d(0.004) * k, face_up=False)
            k += 1
        self.loose = self.sprites
        self.hands = {s: [] for s in range(self.seats)}
        self.trick = []
        self.piles = {s: [] for s in range(self.seats)}
        self.center = []
        self.front = {s: [] for s in range(self.seats)}
        self.flags = {s: [] for s in range(self.seats)}
        if k:
            self.sound("shuffle")
        return dur + self.d(0.004) * k if k else 0.0

    def deal(self, cards: list[Card | None], to: list[int], dealer: int, left_after: int) -> float:
        """Deal ``cards`` one at a time from the dealer's deck to the seats in ``to``."""
        self.dealer = dealer
        origin = self.deck_at()
        self.deck_count = len(cards) + left_after
        gap = self.d(0.075 if len(cards) <= 24 else 0.06)
        fly = self.d(0.32)
        counts = {s: len(self.hands[s]) for s in range(self.seats)}
        final = {s: counts[s] + to.count(s) for s in range(self.seats)}
        slots = {s: self.layout.hand_positions(s, final[s]) for s in range(self.seats)}

        def dealt_one() -> None:
            self.deck_count = max(left_after, self.deck_count - 1)
            self.sound("flick")

        for k, (card, s) in enumerate(zip(cards, to, strict=True)):
            up = self.shows_face(s) and card is not None
            sp = CardSprite(card, origin, self.layout.small, False, "hand", s)
            sp.z = self._next_z()
            sp.x, sp.y = origin
            sp.move_to(
                slots[s][counts[s]],
                self.hand_width(s),
                fly,
                delay=gap * k,
                face_up=up,
                on_start=dealt_one,
            )
            counts[s] += 1
            self.hands[s].append(sp)
        total = gap * max(0, len(cards) - 1) + fly
        if self.speed <= 0:
            self.deck_count = left_after
        return total

    def deck_at(self) -> tuple[float, float]:
        """Where the draw deck lies: beside the middle when cards lie there (Scopa, Cattura),
        else in front of the dealer."""
        if self.center_kind:
            return self.layout.deck_pos
        return self.layout.dealer_deck(self.dealer)

    # -- the middle (Scopa's table, Cattura's battlefield) --------------------------------------
    def deal_center(self, cards: list[Card], left_after: int) -> float:
        """Cards from the deck, one at a time, face up into the middle."""
        origin = self.deck_at()
        gap, fly = self.d(0.12), self.d(0.32)
        first = len(self.center)
        for card in cards:
            sp = CardSprite(card, origin, self.layout.small, False, "center", -1)
            self.center.append(sp)
        pos, w = self.center_slots(len(self.center))
        self.place_center(self.d(0.25))
        for k, sp in enumerate(self.center[first:]):
            sp.x, sp.y = origin
            sp.move_to(
                pos[first + k], w, fly, delay=gap * k, face_up=True,
                on_start=lambda: self.sound("flick"),
            )  # fmt: skip
        self.deck_count = left_after
        return gap * max(0, len(cards) - 1) + fly

    def to_center(self, seat: int, card: Card, from_front: bool = False) -> CardSprite:
        """A card from ``seat``'s hand (or its face-up captures) onto the middle."""
        if from_front:
            sp = next((x for x in self.front[seat] if x.card == card), None)
            if sp is not None:
                self.front[seat].remove(sp)
        else:
            sp = None
        if sp is None:
            sp = self._take(seat, card)
        sp.card = card
        sp.zone = "center"
        self.center.append(sp)
        self.place_center(self.d(0.34))
        self.place_hand(seat, self.d(0.25))
        self.sound("slide")
        return sp

    def center_sprites(self, cards: list[Card]) -> list[CardSprite]:
        return [sp for sp in self.center if sp.card in cards]

    def sweep_center(self, cards: list[Card], pile_seat: int, flag: Card | None = None) -> float:
        """Cards of the middle sweep onto ``pile_seat``'s pile face down (a scopa's card stays
        face up, sticking out of the pile); the rest of the middle closes up."""
        dur = self.d(0.45)
        moving = self.center_sprites(cards)
        base = len(self.piles[pile_seat])
        for k, sp in enumerate(moving):
            self.center.remove(sp)
            if flag is not None and sp.card == flag:
                sp.zone = "pile"
                self.flags[pile_seat].append(sp)
                sp.z = 5 + len(self.flags[pile_seat])
                n = len(self.flags[pile_seat]) - 1
                sp.move_to(self.flag_pos(pile_seat, n), self.layout.small, dur, face_up=True)
                continue
            sp.zone = "pile"
            sp.z = 10 + base + k
            sp.move_to(
                self.pile_pos(pile_seat, (base + k) // max(1, self.pile_stride)),
                self.layout.small, dur, delay=self.d(0.03) * k, face_up=False,
                ease=ease_in_out_cubic,
            )  # fmt: skip
            self.piles[pile_seat].append(sp)
        self.place_center(self.d(0.3), delay=self.d(0.15))
        self.sound("sweep")
        return dur + self.d(0.03) * len(moving)

    def take_top(self, seat: int) -> float:
        """Cattura: the top card of the battlefield goes face up in front of ``seat``."""
        if not self.center:
            return 0.0
        sp = self.center.pop()
        sp.zone = "front"
        sp.owner = seat
        self.front[seat].append(sp)
        self.place_front(seat, self.d(0.42))
        self.sound("sweep")
        return self.d(0.42)

    def draw_to_hand(self, seat: int, card: Card | None, left_after: int) -> float:
        """One card from the deck to ``seat``'s hand (face up only for its owner)."""
        origin = self.deck_at()
        sp = CardSprite(card, origin, self.layout.small, False, "hand", seat)
        sp.z = self._next_z()
        self.hands[seat].append(sp)
        self.deck_count = left_after
        dur = self.d(0.34)
        hand = self.ordered(seat)
        pos = self.layout.hand_positions(seat, len(hand))
        for i, (x, p) in enumerate(zip(hand, pos, strict=True)):
            x.z = (300 if self.layout.rel(seat) == 0 else 100) + i
            up = self.shows_face(seat) and x.card is not None
            x.move_to(p, self.hand_width(seat), dur, face_up=up, ease=ease_in_out_cubic)
        self.sound("flick")
        return dur

    def reveal(self, seat: int, cards: list[Card]) -> float:
        """Turn face up these cards of a hidden hand (a Buongioco shows the declared cards)."""
        dur = self.d(0.4)
        hand = self.hands[seat]
        known = {sp.card for sp in hand}
        for card in cards:
            if card in known:
                continue
            sp = next((x for x in hand if x.card is None), None)
            if sp is None:
                break
            sp.card = card
            sp.move_to((sp.x, sp.y), sp.w, dur, face_up=True)
        return dur

    def sort_hands(self) -> float:
        """After a deal, hands visible to the viewer slide into suit order."""
        dur = self.d(0.3)
        for s in range(self.seats):
            self.place_hand(s, dur)
        return dur

    def _take(self, seat: int, card: Card | None) -> CardSprite:
        """The sprite of ``card`` in ``seat``'s hand (a hidden one if the card was unseen)."""
        hand = self.hands[seat]
        for sp in hand:
            if card is not None and sp.card == card:
                hand.remove(sp)
                return sp
        hidden = [sp for sp in hand if sp.card is None]
        if hidden:
            sp = hidden[len(hidden) // 2]
            hand.remove(sp)
            sp.card = card
            return sp
        if hand:  # should not happen: the events and the view disagree; show it anyway
            sp = hand.pop(len(hand) // 2)
            sp.card = card
            return sp
        sp = CardSprite(card, self.layout.spot(seat).anchor, self.hand_width(seat), False)
        return sp

    def play(self, seat: int, card: Card) -> float:
        sp = self._take(seat, card)
        sp.zone = "trick"
        sp.z = 500 + len(self.trick)
        dur = self.d(0.34)
        sp.move_to(
            self.layout.spot(seat).trick,
            self.layout.big,
            dur,
            face_up=True,
            on_start=lambda: self.sound("slide"),
        )
        self.trick.append((seat, sp))
        self.place_hand(seat, self.d(0.25))
        return dur

    def sweep(self, winner: int) -> float:
        dur = self.d(0.42)
        base = len(self.piles[winner])
        layer = base // max(1, self.pile_stride)
        for k, (_, sp) in enumerate(self.trick):
            sp.zone = "pile"
            sp.z = 10 + base + k
            sp.move_to(
                self.pile_pos(winner, layer),
                self.layout.small,
                dur,
                delay=self.d(0.03) * k,
                face_up=False,
                ease=ease_in_out_cubic,
            )
            self.piles[winner].append(sp)
        self.trick = []
        self.sound("sweep")
        return dur + self.d(0.03) * self.seats

    def pass_cards(self, passes: list[tuple[int, int, Card | None]]) -> float:
        """The exchange: each chosen card slides to its receiver, face down for the others."""
        dur = self.d(0.55)
        moved: list[tuple[int, CardSprite]] = []
        for giver, receiver, card in passes:
            sp = self._take(giver, card)
            sp.owner = receiver
            sp.z = self._next_z()
            moved.append((receiver, sp))
        for receiver, sp in moved:
            self.hands[receiver].append(sp)
        for s in range(self.seats):
            hand = self.ordered(s)
            pos = self.layout.hand_positions(s, len(hand))
            base = 300 if self.layout.rel(s) == 0 else 100
            for i, (sp, p) in enumerate(zip(hand, pos, strict=True)):
                sp.z = base + i  # a received card takes its place in the fan, not on top
                up = self.shows_face(s) and sp.card is not None
                sp.move_to(p, self.hand_width(s), dur, face_up=up, ease=ease_in_out_cubic)
        self.sound("slide")
        return dur

    # -- drawing ------------------------------------------------------------------------------
    def sprite_key(
        self, sp: CardSprite, face_key: Callable[[Card], tuple[str, str]], back: tuple[str, str]
    ) -> tuple[str, str]:
        if sp.face_up and sp.card is not None:
            return face_key(sp.card)
        return back

    def draw_deck(self, surface: pygame.Surface, back: tuple[str, str]) -> None:
        if self.deck_count <= 0:
            return
        w = self.layout.small
        img = self.images.get(back, w)
        x, y = self.deck_at()
        layers = min(6, 1 + self.deck_count // 6)
        shadow = self.images.shadow(w)
        surface.blit(shadow, shadow.get_rect(center=(x + 3, y + 5)))
        for i in range(layers):
            surface.blit(img, img.get_rect(center=(x - i, y - i * 1.5)))

    def draw(
        self,
        surface: pygame.Surface,
        face_key: Callable[[Card], tuple[str, str]],
        back: tuple[str, str],
        marks: dict[int, Highlight],
        lift: Callable[[CardSprite], float],
    ) -> None:
        self.draw_deck(surface, back)
        # a settled pile shows only its top card: the others are hidden under it anyway
        hidden: set[int] = set()
        for pile in self.piles.values():
            if pile and not any(sp.moving for sp in pile):
                hidden.update(id(sp) for sp in pile[:-1])
        # an overlapped card of a settled hand needs no shadow: its neighbour covers it
        unshadowed: set[int] = set()
        for hand in self.hands.values():
            unshadowed.update(id(sp) for sp in hand[:-1] if not sp.moving)
        sprites = sorted((sp for sp in self.sprites if id(sp) not in hidden), key=lambda sp: sp.z)
        sizes = self.layout.sizes
        for sp in sprites:
            w = round(sp.w)
            if w <= 0:
                continue
            key = self.sprite_key(sp, face_key, back)
            size = card_size(w)
            img = self.images.get(key, w) if w in sizes else self.images.quick(key, size)
            x, y = sp.x, sp.y - lift(sp)
            if sp.squash < 0.999:
                img = pygame.transform.scale(img, (max(1, round(size[0] * sp.squash)), size[1]))
            if sp.squash >= 0.999 and w in sizes and id(sp) not in unshadowed:
                shadow = self.images.shadow(w)
                surface.blit(shadow, shadow.get_rect(center=(x + w * 0.03, y + w * 0.05)))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
            mark = marks.get(id(sp), "")
            if mark and w in sizes:
                r = img.get_rect(center=(round(x), round(y)))
                if mark == "dim":
                    surface.blit(self.images.veil(w), r.topleft)
                else:
                    color = {
                        "legal": (120, 220, 160),
                        "hover": (255, 236, 150),
                        "selected": theme.GOLD,
                        "winner": theme.GOLD,
                    }.get(mark, theme.INK)
                    ring = self.images.ring(w, color, mark)  # type: ignore[arg-type]
                    surface.blit(ring, ring.get_rect(center=r.center))
