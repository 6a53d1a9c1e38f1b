"""Scopa moves and the capture arithmetic: card values, subset sums, move objects and text.

Move text (case-insensitive when read back):

- ``"2D"``: the card is placed on the table (kind ``"place"``);
- ``"5S x 5C"``: 5S takes the 5C (kind ``"capture"``);
- ``"7B x 1D 6S"``: 7B takes a set of cards whose values add up to 7.

The captured cards are written in a canonical order, by value then suit (D C S B), so every
capture has exactly one text; reading accepts them in any order, with spaces, commas or ``+``.
Every move is a :class:`ScopaMove` created once and cached, so generating legal moves allocates
nothing after warm-up; ``taken`` is the captured cards' bitmask, ``bit`` the played card's.

The capture rule: a card of value v that finds a table card of value v must take
exactly one such card (each choice is its own move) and may not take a sum; otherwise it must
take one set of two or more table cards adding up to v (each set its own move); otherwise it is
placed.  A card that can capture may not be placed.  The sets come from :func:`packed_sums`, a
walk over the table's subsets that prunes every sum above the value wanted (the state keeps
its answers per value and table cards, see ``scopa._sum_sets``).
"""

from __future__ import annotations

from .base import Event, Move, Played, make_event
from .cards import ITALIAN, Card, CardError, iter_bits, ordered_cards, parse_card
from .memo import Memo

__all__ = [
    "CARD",
    "SUM_UNIT",
    "VALUE",
    "VALUE_MASKS",
    "ScopaMove",
    "capture_move",
    "hand_indices",
    "packed_sums",
    "parse_move_text",
    "sorted_cards",
]

#: Card by index 0..39.
CARD: tuple[Card, ...] = tuple(ITALIAN.by_index(i) for i in range(40))
#: Capture value by card index: 1..7, Fante 8, Cavallo 9, Re 10.
VALUE: tuple[int, ...] = tuple(i % 10 + 1 for i in range(40))
#: The four cards of each value, as a bitmask (index 0 unused).
VALUE_MASKS: tuple[int, ...] = (
    0,
    *(sum(1 << (s * 10 + v - 1) for s in range(4)) for v in range(1, 11)),
)
#: How a player sorts cards (and move text lists the captured ones): by value, then suit D C S B.
_ORDER_KEY: tuple[int, ...] = tuple(VALUE[i] * 4 + i // 10 for i in range(40))


#: The cards of a mask by value, then suit D C S B: a hand, the table, a capture (each mask's
#: tuple kept).
sorted_cards = ordered_cards(CARD, _ORDER_KEY.__getitem__, "scopa cards")


#: the payload of every "played" event (it has no fields: the seat and card say it all)
_PLAYED = Played()


class ScopaMove(Move):
    """A Scopa move; ``bit`` is the played card's bitmask, ``taken`` the captured cards'.

    ``shown[seat]`` is the "played" event of the move made by ``seat``, built once: events are
    immutable, so every log shares it.
    """

    __slots__ = ("bit", "index", "shown", "solo", "taken", "took")

    def __init__(self, played: int, taken: int) -> None:
        card = CARD[played]
        if taken:
            caps = sorted_cards(taken)
            super().__init__("capture", (card, *caps), f"{card} x {' '.join(str(c) for c in caps)}")
        else:
            super().__init__("place", (card,), str(card))
        self.index = played
        self.bit = 1 << played
        self.taken = taken
        self.solo = (card,)
        self.took = self.cards[1:]
        self.shown: tuple[Event, ...] = tuple(
            make_event((_PLAYED, seat, self.solo, None)) for seat in range(6)
        )

    @property
    def played(self) -> Card:
        return self.cards[0]

    @property
    def captured(self) -> tuple[Card, ...]:
        return self.cards[1:]


_PLACE: tuple[ScopaMove, ...] = tuple(ScopaMove(i, 0) for i in range(40))
_CAPTURES: Memo[int, ScopaMove] = Memo("scopa capture moves", 1 << 13)


def capture_move(played: int, taken: int) -> ScopaMove:
    """The move where card index ``played`` takes the cards of bitmask ``taken`` (cached)."""
    key = taken << 6 | played
    move = _CAPTURES.get(key)
    if move is None:
        move = _CAPTURES.keep(key, ScopaMove(played, taken))
    return move


_HANDS: Memo[int, tuple[int, ...]] = Memo("scopa hands", 1 << 14)


def hand_indices(hand: int) -> tuple[int, ...]:
    """The card indices of a hand of at most 3 cards (memoised: there are 10,701 such hands)."""
    found = _HANDS.get(hand)
    if found is None:
        found = _HANDS.keep(hand, tuple(iter_bits(hand)))
    return found


#: A subset of :func:`packed_sums` is one int: its values' sum times ``SUM_UNIT``, plus its mask.
SUM_UNIT = 1 << 40


def packed_sums(table: int, limit: int = 10) -> list[int]:
    """Every subset of ``table`` whose values add up to at most ``limit``, each (mask, sum)
    packed into the int ``sum * SUM_UNIT + mask``, so the walk adds and compares plain ints
    instead of pairs.

    The empty set and singletons are included; callers look for sets adding up to a value no
    single table card matches, and every such set has two or more cards.  Pruning at ``limit``
    (the highest value the hand needs) keeps the walk to a few dozen sets on real tables.
    """
    subs = [0]
    m = table
    while m:
        low = m & -m
        m ^= low
        v = VALUE[low.bit_length() - 1]
        if v <= limit:
            top = (limit - v + 1) * SUM_UNIT  # the subsets that still have room for v
            step = v * SUM_UNIT + low
            subs += [e + step for e in subs if e < top]
    return subs


def parse_move_text(key: str) -> Move | None:
    """The move written ``key`` (upper-cased, single-spaced), legal or not; None if no move.

    Understands ``"2D"`` and ``"5S X 5C"`` / ``"7B X 6S 1D"`` / ``"7B X 1D + 6S"``.  A capture
    that lists a card twice, or the played card among the taken ones, is returned as written
    (a plain :class:`Move`, not cached) so that the refusal can say what is wrong with it.
    """
    words = [w for w in key.replace("+", " ").split() if w]
    try:
        if len(words) == 1:
            return _PLACE[parse_card(words[0], ITALIAN).index]
        if len(words) >= 3 and words[1] == "X":
            played = parse_card(words[0], ITALIAN).index
            taken = [parse_card(w, ITALIAN).index for w in words[2:]]
        else:
            return None
    except CardError:
        return None
    mask = 0
    for i in taken:
        mask |= 1 << i
    if len(set(taken)) != len(taken) or mask >> played & 1:
        return Move("capture", (CARD[played], *(CARD[i] for i in taken)), key)
    return capture_move(played, mask)
