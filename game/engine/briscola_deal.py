"""Briscola positions given from outside: explicit first deals, and guessed worlds for search.

An explicit deal (``deal={...}``) names the hands, the trump card turned and optionally the
dealer, the stock (top first; left out, it is every other card in deck order) and the deals
each side has won so far.  A guessed world gives the hands a seat cannot see and the stock's
face-down cards.  Both are refused with a message saying what is wrong, through the shared
checks of :mod:`.dealspec`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .base import RecordError
from .briscola_cards import HAND_SIZE, deck_indices, deck_mask, sides_of
from .cards import ITALIAN
from .dealspec import (
    card_lists,
    check_counts,
    check_deal_keys,
    check_seat,
    exact_cover,
    indices_mask,
    parse_card_list,
)

__all__ = ["ExplicitDeal", "read_deal"]


@dataclass(frozen=True)
class ExplicitDeal:
    """A checked explicit deal: card indices per seat, the trump card, the stock's face-down
    cards top first, and the deals won so far per side."""

    dealer: int
    hands: list[list[int]]
    trump: int
    stock: list[int]
    deals_won: list[int]


def read_deal(deal: Any, players: int, deals_to_win: int) -> ExplicitDeal:
    """The first deal from ``deal``: ``hands`` (three cards per seat) and ``trump`` (one card),
    optional ``dealer`` (seat 0), ``stock`` (top first) and ``deals_won`` per side (a match
    already under way); RecordError otherwise."""
    check_deal_keys(deal, ("hands", "trump"), ("dealer", "stock", "deals_won"))
    dealer = check_seat(deal.get("dealer", 0), players, "the deal's dealer")
    full = deck_mask(players)
    hands = card_lists(deal["hands"], players, ITALIAN, "the deal's hands", full)
    for s, h in enumerate(hands):
        if len(h) != HAND_SIZE:
            raise RecordError(f"the deal's hand of seat {s} has {len(h)} cards, not {HAND_SIZE}")
    trump = parse_card_list(deal["trump"], ITALIAN, "the deal's trump", full)
    if len(trump) != 1:
        raise RecordError(f"the deal's trump must be one card, not {len(trump)}")
    taken = indices_mask([*trump, *(c for h in hands for c in h)])
    if "stock" in deal:
        stock = parse_card_list(deal["stock"], ITALIAN, "the deal's stock", full)
    else:
        stock = [c for c in deck_indices(players) if not taken >> c & 1]
    parts: dict[str, Sequence[int]] = {f"seat {s}": h for s, h in enumerate(hands)}
    exact_cover({**parts, "the trump": trump, "the stock": stock}, full, ITALIAN)
    sides = len(sides_of(players))
    won = check_counts(deal.get("deals_won", [0] * sides), sides, "the deal's deals_won")
    if max(won) >= deals_to_win:
        raise RecordError(
            f"the deal's deals_won describe a match already over ({deals_to_win} deals)"
        )
    return ExplicitDeal(dealer, hands, trump[0], stock, won)
