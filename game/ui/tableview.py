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
    ) -> None:
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
        self.deck_count = 0
        self.dealer = 0
        self._z = 1000
        self.layout = TableLayout(size, seats, viewer, solitaire=solitaire)

    # -- geometry -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = TableLayout(size, self.seats, self.viewer, solitaire=self.solitaire)
        self.place_all(0.0)

    def set_viewer(self, viewer: int) -> None:
        self.viewer = viewer
        self.layout = TableLayout(self.layout.size, self.seats, viewer, solitaire=self.solitaire)

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
            out.extend(self.piles[s])
        for s in range(self.seats):
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

    def place_all(self, duration: float) -> None:
        """Put every card where it belongs now (after a resize or a rebuild)."""
        for s in range(self.seats):
            self.place_hand(s, duration)
            for k, sp in enumerate(self.piles[s]):
                sp.motions.clear()
                sp.x, sp.y = self.pile_pos(s, k // max(1, self.seats))
                sp.w = self.layout.small
                sp.z = 10 + k
        for k, (s, sp) in enumerate(self.trick):
            sp.motions.clear()
            sp.x, sp.y = self.layout.spot(s).trick
            sp.w = self.layout.trick_w
            sp.z = 500 + k
        self.loose.clear()

    # -- the moves of the show ----------------------------------------------------------------
    def clear(self) -> None:
        self.hands = {s: [] for s in range(self.seats)}
        self.trick = []
        self.piles = {s: [] for s in range(self.seats)}
        self.loose = []
        self.deck_count = 0

    def rebuild(
        self,
        hands: dict[int, list[Card | None]],
        trick: Iterable[tuple[int, Card]],
        piles: dict[int, int],
        deck_count: int,
        dealer: int,
    ) -> None:
        """Lay the table out as it is now, without animation (continue, undo, perspective)."""
        self.clear()
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
        dest = self.layout.dealer_deck(self.dealer)
        dur = self.d(0.45)
        k = 0
        for sp in self.sprites:
            sp.move_to(dest, self.layout.small, dur, delay=self.d(0.004) * k, face_up=False)
            k += 1
        self.loose = self.sprites
        self.hands = {s: [] for s in range(self.seats)}
        self.trick = []
        self.piles = {s: [] for s in range(self.seats)}
        if k:
            self.sound("shuffle")
        return dur + self.d(0.004) * k if k else 0.0

    def deal(self, cards: list[Card | None], to: list[int], dealer: int, left_after: int) -> float:
        """Deal ``cards`` one at a time from the dealer's deck to the seats in ``to``."""
        self.dealer = dealer
        origin = self.layout.dealer_deck(dealer)
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
        layer = base // max(1, self.seats)
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
            for sp, p in zip(hand, pos, strict=True):
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
        x, y = self.layout.dealer_deck(self.dealer)
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
