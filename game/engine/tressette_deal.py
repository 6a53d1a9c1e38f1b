"""Tressette positions given from outside: explicit first deals, and guessed worlds for search.

An explicit deal (``deal={...}``) names the dealer, every hand and optionally the match so far;
a guessed world gives the hands a seat cannot see.  Both are refused with a message saying what
is wrong, through the shared checks of :mod:`.dealspec`; what is Tressette's own is here: the
hand size, the 3-player deck, the score that would already end the match, and, for a guess, the
declared cards and the suits a seat failed to follow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import RecordError
from .cards import ITALIAN, Card
from .dealspec import (
    card_lists,
    check_counts,
    check_deal_keys,
    check_guess,
    check_seat,
    exact_cover,
    mask_cards,
    names,
)
from .tressette_tables import DEALS_TO_WIN, HAND_SIZE, SUIT_MASK, TARGET, deck_mask, sides_of
from .tressette_view import TressetteView

__all__ = ["ExplicitDeal", "guess_hands", "read_deal"]


@dataclass(frozen=True)
class ExplicitDeal:
    """A checked explicit deal: card indices per seat, and the match so far per side."""

    dealer: int
    hands: list[list[int]]
    totals: list[int]
    deals_won: list[int]


def read_deal(deal: Any, players: int) -> ExplicitDeal:
    """The first deal from ``deal``: ``hands`` (one per seat), optional ``dealer`` (seat 0),
    ``scores`` and ``deals_won`` per side (a match already under way); RecordError otherwise."""
    check_deal_keys(deal, ("hands",), ("dealer", "scores", "deals_won"))
    dealer = check_seat(deal.get("dealer", 0), players, "the deal's dealer")
    full = deck_mask(players)
    hands = card_lists(deal["hands"], players, ITALIAN, "the deal's hands", full)
    size = HAND_SIZE[players]
    for s, h in enumerate(hands):
        if len(h) != size:
            raise RecordError(f"the deal's hand of seat {s} has {len(h)} cards, not {size}")
    exact_cover({f"seat {s}": h for s, h in enumerate(hands)}, full, ITALIAN)
    sides = len(sides_of(players))
    totals = check_counts(deal.get("scores", [0] * sides), sides, "the deal's scores")
    deals_won = check_counts(deal.get("deals_won", [0] * sides), sides, "the deal's deals_won")
    if max(totals) >= TARGET or max(deals_won) >= DEALS_TO_WIN:
        raise RecordError(
            f"the deal's scores/deals_won describe a match already over "
            f"({TARGET} points or {DEALS_TO_WIN} deals)"
        )
    return ExplicitDeal(dealer, hands, totals, deals_won)


def guess_hands(view: TressetteView, hidden: Mapping[int, Sequence[Card]]) -> list[int]:
    """Every seat's hand as a mask, from ``view`` and a guess at the others; ValueError if the
    seat could rule the guess out (see :meth:`TressetteState.from_view`)."""
    full = deck_mask(view.players)

    def mask_of(cards: Any) -> int:
        return mask_cards(cards, ITALIAN, full)

    seen = [*view.hand, *(c for _, t, _, _ in view.tricks for _, c in t)]
    seen += [c for _, c in view.trick]
    check_guess((view.seat,), view.hand_sizes, hidden, (), 0, seen, ITALIAN, full)
    masks = [
        mask_of(hidden[s]) if s != view.seat else mask_of(view.hand) for s in range(view.players)
    ]
    voids = view.voids()
    for s in hidden:
        kept = mask_of(view.shown[s]) & ~masks[s]
        if kept:
            raise ValueError(
                f"seat {s} declared {names(kept, ITALIAN)} and has not played them: "
                "they are in its hand"
            )
        for suit in voids[s]:
            if masks[s] & SUIT_MASK[suit]:
                raise ValueError(
                    f"seat {s} failed to follow {ITALIAN.suit_names[suit]}: it holds none"
                )
    return masks
