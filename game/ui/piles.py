"""Piles: the generic pieces the table is made of (KPatience's libkcardgame is the model).

A :class:`Pile` is an ordered list of card sprites, bottom first, that carries its own
:data:`Layout` (a fanned hand, a won-trick pile, the middle of the table...) and the seat it
belongs to.  Where each card of a pile lies is a :class:`Slot`, worked out by the pile's layout
from the window's; the table view's few generic operations (lay a pile out, send a card to a
pile, take a card from a pile) do the rest, so a new table shape needs a new pile with its
layout, not edits all over the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from game.engine import Card

from .anim import CardSprite


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one card of a pile lies: its centre, width, drawing order and face."""

    pos: tuple[float, float]
    width: float
    z: int
    face_up: bool


#: Where the cards of a pile lie when it holds ``count`` of them (the pile, count -> slots).
Layout = Callable[["Pile", int], list[Slot]]


class Pile(list[CardSprite]):
    """Sprites bottom first, laid out by ``layout``.  ``zone`` is what the pile's sprites say
    they are in (games and clicks read ``sprite.zone``); ``turns`` says whether laying the pile
    out turns its cards to their slot's face (a hand keeps each card's face: a revealed card
    stays up); ``in_order`` keeps the cards in the table's order while their faces are shown (a
    hand in suit order)."""

    def __init__(
        self,
        zone: str,
        layout: Layout,
        owner: int = -1,
        *,
        turns: bool = True,
        in_order: bool = False,
    ) -> None:
        super().__init__()
        self.zone = zone
        self.layout = layout
        self.owner = owner
        self.turns = turns
        self.in_order = in_order

    def __repr__(self) -> str:
        return f"Pile({self.zone}{self.owner}, {list.__repr__(self)})"

    def slots(self, count: int | None = None) -> list[Slot]:
        """Where the pile's cards lie (for ``count`` cards: the pile once it has grown)."""
        return self.layout(self, len(self) if count is None else count)

    def take(self, card: Card) -> CardSprite | None:
        """Remove and return the sprite showing ``card`` (None if the pile has none)."""
        for sp in self:
            if sp.card == card:
                self.remove(sp)
                return sp
        return None


class SeatPiles:
    """One pile of a kind per seat (the hands, the won piles...), indexed by seat, all laid
    out by one ``layout`` (which reads each pile's owner).

    Assigning a list to a seat fills that seat's pile with it: the pile stays the table's."""

    def __init__(
        self,
        zone: str,
        layout: Layout,
        seats: int,
        *,
        turns: bool = True,
        in_order: bool = False,
    ) -> None:
        self._piles = [Pile(zone, layout, s, turns=turns, in_order=in_order) for s in range(seats)]

    def __getitem__(self, seat: int) -> Pile:
        return self._piles[seat]

    def __setitem__(self, seat: int, cards: Iterable[CardSprite]) -> None:
        self._piles[seat][:] = list(cards)

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self._piles)))

    def __len__(self) -> int:
        return len(self._piles)

    def get(self, seat: int, default: list[CardSprite] | None = None) -> list[CardSprite] | None:
        return self._piles[seat] if 0 <= seat < len(self._piles) else default

    def values(self) -> list[Pile]:
        return list(self._piles)

    def items(self) -> list[tuple[int, Pile]]:
        return list(enumerate(self._piles))
