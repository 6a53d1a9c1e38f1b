"""The cards on the table as sprites in piles: where each one is, where it goes, and drawing them.

This is the view model of the table scene, a scene of piles (:mod:`game.ui.piles`): each seat's
hand, won-trick pile, scopa flags and face-up captures, the trick, the middle of the table, and
the deck (a count: its cards are not sprites until dealt).  Each pile carries its layout (where
its k-th card lies); three generic operations do every move: :meth:`TableView.place` lays a
pile out again, :meth:`TableView.send` puts a card on a pile with a flight to its slot, and
:meth:`TableView.take` lifts a card off a pile.  The moves the show is made of (deal, play,
sweep, pass, gather...) are short compositions of those, named for what the games call them;
nothing here decides anything about the game.  A card the viewer may not see is a sprite whose
``card`` is None until the engine's events reveal it (when it is played).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame

from game.engine import Card

from . import theme
from .anim import CardSprite, ease_in_out_cubic, ease_out_cubic
from .cards import CardImages, card_size
from .layout import TableLayout
from .piles import Pile, SeatPiles, Slot

Highlight = str  # "", "legal", "dim", "hover", "selected", "winner"

_RINGS: dict[str, tuple[int, int, int]] = {
    "legal": (120, 220, 160),
    "hover": (255, 236, 150),
    "selected": theme.GOLD,
    "winner": theme.GOLD,
    "received": (140, 200, 255),  # a card the exchange just brought
}


class TableView:
    def __init__(
        self,
        images: CardImages,
        seats: int,
        viewer: int,
        *,
        solitaire: bool,
        hand_key: Callable[[Card], Any],
        size: tuple[int, int],
        sound: Callable[[str], None] = lambda name: None,
        hand_max: int,
        center: str = "",
        pile_stride: int = 0,
        pile_cards: int = 1,
        flags: bool = False,
    ) -> None:
        """``center`` "grid" (Scopa's table cards) or "stack" (Cattura's battlefield) lays
        cards in the middle; ``pile_stride`` is how many cards make one layer of a won pile
        (one trick: the number of seats, by default); ``pile_cards`` and ``flags`` are the
        layout's (:class:`~game.ui.layout.TableLayout`): how many face-up cards a pile shows
        side by side, and whether cards stick out of the piles."""
        self.images = images
        self.seats = seats
        self.viewer = viewer
        self.solitaire = solitaire
        self.hand_key = hand_key
        self.sound = sound
        self.speed = 1.0
        self.hands = SeatPiles("hand", self._hand_slots, seats, turns=False, in_order=True)
        self.piles = SeatPiles("pile", self._won_slots, seats)  # won tricks, face down
        self.flags = SeatPiles("pile", self._flag_slots, seats)  # face up, out of a won pile
        self.front = SeatPiles("front", self._front_slots, seats)  # face-up captures by a seat
        #: Scopa's table (a grid), Cattura's battlefield (a stack, bottom first)
        self.center = Pile("center", self._stack_slots if center == "stack" else self._grid_slots)
        #: the trick, in play order (each card's owner played it)
        self.played = Pile("trick", self._trick_slots)
        self.loose: list[CardSprite] = []  # cards flying back to the deck
        self._stack: list[Pile] = []  # bottom to top (equal depths draw in this order)
        for s in range(seats):
            self.add_pile(self.flags[s])
            self.add_pile(self.piles[s])
        self.add_pile(self.center)
        for s in range(seats):
            self.add_pile(self.front[s])
            self.add_pile(self.hands[s])
        self.add_pile(self.played)
        self.deck_count = 0
        self.dealer = 0
        #: every hand is shown face up (a replay's look at all the hands)
        self.open_hands = False
        self._z = 1000
        self.hand_max = hand_max
        self.center_kind = center
        self.pile_stride = pile_stride or seats
        self.pile_cards = pile_cards
        self.pile_flags = flags
        self.layout = self._layout(size, viewer)

    def _layout(self, size: tuple[int, int], viewer: int) -> TableLayout:
        return TableLayout(
            size, self.seats, viewer, solitaire=self.solitaire, hand_max=self.hand_max,
            center=self.center_kind, pile_cards=self.pile_cards, flags=self.pile_flags,
        )  # fmt: skip

    # -- geometry -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self._layout(size, self.viewer)
        self.place_all()

    def set_viewer(self, viewer: int) -> None:
        self.viewer = viewer
        self.layout = self._layout(self.layout.size, viewer)

    def shows_face(self, seat: int) -> bool:
        """Whether the viewer sees ``seat``'s hand face up."""
        return self.solitaire or self.open_hands or seat == self.viewer

    def hand_width(self, seat: int) -> int:
        return self.layout.spot(seat).card_w

    def d(self, seconds: float) -> float:
        """A duration scaled by the speed setting."""
        return seconds * self.speed

    def _next_z(self) -> int:
        self._z += 1
        return self._z

    @property
    def trick(self) -> list[tuple[int, CardSprite]]:
        """The trick as (seat that played it, sprite), in play order."""
        return [(sp.owner, sp) for sp in self.played]

    @property
    def sprites(self) -> list[CardSprite]:
        out: list[CardSprite] = [*self.loose]
        for pile in self._stack:
            out.extend(pile)
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

    # -- the layouts of the table's piles: where the k-th card of each lies ----------------------
    def add_pile(self, pile: Pile) -> Pile:
        """Put ``pile`` (with its layout) on the table, over the piles already there."""
        self._stack.append(pile)
        return pile

    def slots(self, pile: Pile, count: int | None = None) -> list[Slot]:
        """Where the cards of ``pile`` lie (for ``count`` cards: the pile once it has grown)."""
        return pile.slots(count)

    def _hand_slots(self, pile: Pile, count: int) -> list[Slot]:
        seat = pile.owner
        w = self.hand_width(seat)
        base = 300 if self.layout.rel(seat) == 0 else 100
        up = self.shows_face(seat)
        pos = self.layout.hand_positions(seat, count)
        return [Slot(p, w, base + i, up) for i, p in enumerate(pos)]

    def _won_slots(self, pile: Pile, count: int) -> list[Slot]:
        w, stride = self.layout.small, max(1, self.pile_stride)
        return [
            Slot(self.pile_pos(pile.owner, k // stride), w, 10 + k, False) for k in range(count)
        ]

    def _flag_slots(self, pile: Pile, count: int) -> list[Slot]:
        """Under the won pile, each later card under the ones before (it sticks out further)."""
        pos = self.layout.flag_positions(pile.owner, count)
        return [Slot(p, self.layout.small, 9 - min(k, 9), True) for k, p in enumerate(pos)]

    def _front_slots(self, pile: Pile, count: int) -> list[Slot]:
        pos = self.layout.front_positions(pile.owner, count)
        return [Slot(p, self.layout.small, 150 + k, True) for k, p in enumerate(pos)]

    def _grid_slots(self, pile: Pile, count: int) -> list[Slot]:
        pos, w = self.layout.grid_positions(count)
        return [Slot(p, w, 200 + k, True) for k, p in enumerate(pos)]

    def _stack_slots(self, pile: Pile, count: int) -> list[Slot]:
        w = self.layout.center_w
        return [Slot(p, w, 200 + k, True) for k, p in enumerate(self.layout.stack_positions(count))]

    def _trick_slots(self, pile: Pile, count: int) -> list[Slot]:
        w = self.layout.trick_w
        return [
            Slot(self.layout.spot(sp.owner).trick, w, 500 + k, True) for k, sp in enumerate(pile)
        ]

    def pile_pos(self, seat: int, k: int) -> tuple[float, float]:
        x, y = self.layout.spot(seat).pile
        return (x + k * 0.0, y - min(k, 12) * 1.2)

    def deck_at(self) -> tuple[float, float]:
        """Where the draw deck lies: beside the middle when cards lie there (Scopa, Cattura),
        else in front of the dealer."""
        if self.center_kind:
            return self.layout.deck_pos
        return self.layout.dealer_deck(self.dealer)

    # -- the generic operations -----------------------------------------------------------------
    def place(
        self,
        pile: Pile,
        duration: float,
        delay: float = 0.0,
        *,
        turn: bool | None = None,
        always: bool = False,
    ) -> None:
        """Lay ``pile`` out again: each card glides to its slot (or jumps there, with no
        duration).  ``turn`` (the pile's default) turns the cards to their slot's face;
        ``always`` sends even the cards already in place (their flight restarts)."""
        turn = pile.turns if turn is None else turn
        if pile.in_order:
            self._sort(pile)
        for sp, slot in zip(pile, self.slots(pile), strict=True):
            sp.z = slot.z
            up = slot.face_up and sp.card is not None
            if duration <= 0 and delay <= 0:
                sp.motions.clear()
                sp.x, sp.y = slot.pos
                sp.w, sp.squash = slot.width, 1.0
                if turn:
                    sp.face_up = up
            elif always or (sp.x, sp.y, sp.w) != (*slot.pos, slot.width) or sp.moving:
                face = up if turn else None
                sp.move_to(
                    slot.pos, slot.width, duration, delay=delay, face_up=face,
                    ease=ease_in_out_cubic,
                )  # fmt: skip

    def send(
        self,
        sp: CardSprite,
        pile: Pile,
        duration: float,
        *,
        delay: float = 0.0,
        ease: Callable[[float], float] = ease_in_out_cubic,
        on_start: Callable[[], None] | None = None,
        at: Slot | None = None,
        width: float | None = None,
    ) -> None:
        """Put ``sp`` on top of ``pile`` and fly it to its slot there (``at``: a slot of the
        pile as it will be), turning it to the slot's face.  A card sent to a seat's pile
        belongs to that seat."""
        pile.append(sp)
        sp.zone = pile.zone
        if pile.owner >= 0:
            sp.owner = pile.owner
        slot = at or self.slots(pile)[-1]
        sp.z = slot.z
        sp.move_to(
            slot.pos, slot.width if width is None else width, duration, delay=delay,
            face_up=slot.face_up and sp.card is not None, ease=ease, on_start=on_start,
        )  # fmt: skip

    def take(self, pile: Pile, card: Card | None) -> CardSprite:
        """The sprite of ``card`` lifted off ``pile`` (an unseen one if the card was hidden)."""
        sp = pile.take(card) if card is not None else None
        if sp is not None:
            return sp
        hidden = [x for x in pile if x.card is None]
        if hidden:
            sp = hidden[len(hidden) // 2]
            pile.remove(sp)
        elif pile:  # should not happen: the events and the view disagree; show it anyway
            sp = pile.pop(len(pile) // 2)
        else:
            slot = self.slots(pile, 1)[0]
            return CardSprite(card, slot.pos, slot.width, False, pile.zone, pile.owner)
        sp.card = card
        return sp

    def _from_deck(self, card: Card | None, zone: str, owner: int = -1) -> CardSprite:
        """A new sprite face down on the deck."""
        return CardSprite(card, self.deck_at(), self.layout.small, False, zone, owner)

    # -- placing --------------------------------------------------------------------------------
    def _sort(self, pile: Pile) -> None:
        """Put ``pile`` in the game's order (``hand_key``) when the viewer sees every card."""
        if pile and self.slots(pile, 1)[0].face_up:
            known = [(sp, sp.card) for sp in pile if sp.card is not None]
            if len(known) == len(pile):
                pile[:] = [sp for sp, c in sorted(known, key=lambda pair: self.hand_key(pair[1]))]

    def place_hand(self, seat: int, duration: float, delay: float = 0.0) -> None:
        self.place(self.hands[seat], duration, delay)

    def place_center(self, duration: float, delay: float = 0.0) -> None:
        """Lay the middle cards out again (the table reflows when a card comes or goes)."""
        self.place(self.center, duration, delay)

    def place_front(self, seat: int, duration: float) -> None:
        self.place(self.front[seat], duration, always=True)

    def place_all(self) -> None:
        """Put every card where it belongs now (after a resize or a rebuild)."""
        for pile in self._stack:
            self.place(pile, 0.0)
        self.loose.clear()

    # -- the moves of the show ----------------------------------------------------------------
    def clear(self) -> None:
        for pile in self._stack:
            pile.clear()
        self.loose = []
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
        self.dealer = dealer
        self.deck_count = deck_count
        self._lay(self.center, center)
        for s, cards in (front or {}).items():
            self._lay(self.front[s], cards)
        for s, cards in (flags or {}).items():
            self._lay(self.flags[s], cards)
        for s, hand in hands.items():
            self._lay(self.hands[s], hand)
        for s, n in piles.items():
            self._lay(self.piles[s], [None] * n)
        self.played.extend(CardSprite(c, (0, 0), 0, True, "trick", s) for s, c in trick)
        self.place_all()

    def _lay(self, pile: Pile, cards: Iterable[Card | None]) -> None:
        """Put cards on ``pile`` without animation (``place_all`` lays them out), a card face
        up when it is known (a pile that turns its cards turns them to its own face)."""
        pile.extend(CardSprite(c, (0, 0), 0, c is not None, pile.zone, pile.owner) for c in cards)

    def gather(self) -> float:
        """Everything left on the table goes back to the deck before a new deal."""
        dest = self.deck_at()
        dur = self.d(0.45)
        gathered = self.sprites
        for k, sp in enumerate(gathered):
            sp.move_to(dest, self.layout.small, dur, delay=self.d(0.004) * k, face_up=False)
        for pile in self._stack:
            pile.clear()
        self.loose = gathered
        if not gathered:
            return 0.0
        self.sound("shuffle")
        return dur + self.d(0.004) * len(gathered)

    def deal(self, cards: list[Card | None], to: list[int], dealer: int, left_after: int) -> float:
        """Deal ``cards`` one at a time from the dealer's deck to the seats in ``to``."""
        self.dealer = dealer
        self.deck_count = len(cards) + left_after
        gap = self.d(0.075 if len(cards) <= 24 else 0.06)
        fly = self.d(0.32)
        final = {s: self.slots(self.hands[s], len(self.hands[s]) + to.count(s)) for s in set(to)}

        def dealt_one() -> None:
            self.deck_count = max(left_after, self.deck_count - 1)
            self.sound("flick")

        for k, (card, s) in enumerate(zip(cards, to, strict=True)):
            hand = self.hands[s]
            sp = self._from_deck(card, "hand", s)
            at = final[s][len(hand)]
            self.send(sp, hand, fly, delay=gap * k, ease=ease_out_cubic, on_start=dealt_one, at=at)
            sp.z = self._next_z()
        if self.speed <= 0:
            self.deck_count = left_after
        return gap * max(0, len(cards) - 1) + fly

    # -- the middle (Scopa's table, Cattura's battlefield) --------------------------------------
    def deal_center(self, cards: list[Card], left_after: int) -> float:
        """Cards from the deck, one at a time, face up into the middle."""
        gap, fly = self.d(0.12), self.d(0.32)
        first = len(self.center)
        self.center.extend(self._from_deck(card, "center") for card in cards)
        slots = self.slots(self.center)
        self.place(self.center, self.d(0.25))  # the cards already there make room
        for k, sp in enumerate(self.center[first:]):
            slot = slots[first + k]
            sp.x, sp.y = self.deck_at()
            sp.move_to(
                slot.pos, slot.width, fly, delay=gap * k, face_up=True,
                on_start=lambda: self.sound("flick"),
            )  # fmt: skip
        self.deck_count = left_after
        return gap * max(0, len(cards) - 1) + fly

    def to_center(self, seat: int, card: Card, from_front: bool = False) -> CardSprite:
        """A card from ``seat``'s hand (or its face-up captures) onto the middle."""
        sp = self.front[seat].take(card) if from_front else None
        if sp is None:
            sp = self.take(self.hands[seat], card)
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
        for k, sp in enumerate(moving):
            self.center.remove(sp)
            if flag is not None and sp.card == flag:
                self.send(sp, self.flags[pile_seat], dur, ease=ease_out_cubic)
            else:
                self.send(sp, self.piles[pile_seat], dur, delay=self.d(0.03) * k)
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

    # -- hands and tricks -------------------------------------------------------------------------
    def draw_to_hand(self, seat: int, card: Card | None, left_after: int) -> float:
        """One card from the deck to ``seat``'s hand (face up only for its owner)."""
        self.hands[seat].append(self._from_deck(card, "hand", seat))
        self.deck_count = left_after
        dur = self.d(0.34)
        self.place(self.hands[seat], dur, turn=True, always=True)
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

    def play(self, seat: int, card: Card) -> float:
        """A card from ``seat``'s hand to its place in the trick."""
        dur = self.d(0.34)
        sp = self.take(self.hands[seat], card)
        # the trick's own size, the one a rebuilt table (undo, continue) lays it at
        self.send(sp, self.played, dur, ease=ease_out_cubic, on_start=lambda: self.sound("slide"))
        self.place_hand(seat, self.d(0.25))
        return dur

    def sweep(self, winner: int) -> float:
        """The trick goes face down onto the winner's pile."""
        dur = self.d(0.42)
        for k, sp in enumerate(list(self.played)):
            self.send(sp, self.piles[winner], dur, delay=self.d(0.03) * k)
        self.played.clear()
        self.sound("sweep")
        return dur + self.d(0.03) * self.seats

    def pass_cards(self, passes: list[tuple[int, int, Card | None]]) -> float:
        """The exchange: each chosen card slides to its receiver, face down for the others."""
        dur = self.d(0.55)
        moved = [(receiver, self.take(self.hands[giver], card)) for giver, receiver, card in passes]
        for receiver, sp in moved:
            sp.owner = receiver
            self.hands[receiver].append(sp)
        for s in range(self.seats):  # a received card takes its place in the fan, not on top
            self.place(self.hands[s], dur, turn=True, always=True)
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
                    ring = self.images.ring(w, _RINGS.get(mark, theme.INK), mark)
                    surface.blit(ring, ring.get_rect(center=r.center))
