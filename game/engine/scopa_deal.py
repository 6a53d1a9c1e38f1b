"""Scopa's explicit deals: reading and checking the ``deal=`` that sets up a first deal.

``deal`` keys: ``hands`` (one list of card texts per seat, all the same size: 3 at a new deal,
1 or 2 to start later in it) and ``table`` (the cards face up), and optionally ``dealer`` (a
seat, 0 by default), ``deck`` (the undealt cards in dealing order; shuffled from the seed when
absent), ``captured`` (one pile per side, cards already taken this deal), ``last_capturer`` (a
seat) and ``scores`` (the sides' match points before this deal).  The seat right of the dealer
plays first.  Every card must appear exactly once across hands, table, piles and deck, and the
deck must deal whole hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .base import RecordError
from .cards import ITALIAN
from .dealspec import (
    card_lists,
    check_counts,
    check_deal_keys,
    check_seat,
    exact_cover,
    indices_mask,
    iter_bits,
    parse_card_list,
)

__all__ = ["FULL", "HAND_SIZE", "ExplicitDeal", "captured_piles", "read_deal"]

#: Every card of the Italian deck, as a mask of card indices.
FULL = (1 << 40) - 1
#: Cards dealt to each hand at a time (a "hand of 3"), again whenever every hand is empty.
HAND_SIZE = 3
_OPTIONAL = ("dealer", "deck", "captured", "last_capturer", "scores")


@dataclass(frozen=True)
class ExplicitDeal:
    """A checked explicit deal, as card indices."""

    dealer: int
    hands: list[list[int]]
    table: list[int]
    captured: list[list[int]]
    deck: list[int]
    last_capturer: int | None
    scores: list[int]

    @property
    def fresh(self) -> bool:
        """A deal's very first table (where three or four Re call for a redeal)."""
        return len(self.hands[0]) == HAND_SIZE and len(self.table) == 4 and not any(self.captured)


def read_deal(deal: Any, players: int, nsides: int, rng: random.Random) -> ExplicitDeal:
    """The deal ``deal`` describes; a RecordError says what is wrong with it.

    A missing ``deck`` is the cards not named, shuffled with ``rng``.
    """
    check_deal_keys(deal, ("hands", "table"), _OPTIONAL)
    dealer = check_seat(deal.get("dealer", 0), players, "the deal's dealer")
    hands = card_lists(deal["hands"], players, ITALIAN, "the deal's hands")
    sizes = [len(h) for h in hands]
    if not 1 <= sizes[0] <= 3 or any(n != sizes[0] for n in sizes):
        raise RecordError(
            "the deal's hands must all hold the same number of cards, 1 to 3 (3 at a new "
            f"deal): got {sizes}"
        )
    table = parse_card_list(deal["table"], ITALIAN, "the deal's table")
    captured = captured_piles(deal.get("captured", [[]] * nsides), nsides)
    named = [*(c for h in hands for c in h), *table, *(c for p in captured for c in p)]
    if "deck" in deal:
        deck = parse_card_list(deal["deck"], ITALIAN, "the deal's deck")
    else:
        deck = list(iter_bits(FULL & ~indices_mask(named)))
        rng.shuffle(deck)
    places = {f"the hand of seat {s}": h for s, h in enumerate(hands)}
    places["the table"] = table
    places |= {f"the captured pile of side {k}": p for k, p in enumerate(captured)}
    places["the deck"] = deck
    exact_cover(places, FULL, ITALIAN)
    if len(deck) % (3 * players):
        raise RecordError(
            f"the deal's deck holds {len(deck)} cards: it must deal whole hands of 3 to "
            f"{players} players (a multiple of {3 * players})"
        )
    last = deal.get("last_capturer")
    if last is not None:
        check_seat(last, players, "the deal's last_capturer")
    scores = check_counts(deal.get("scores", [0] * nsides), nsides, "the deal's scores")
    return ExplicitDeal(dealer, hands, table, captured, deck, last, scores)


def captured_piles(value: Any, nsides: int) -> list[list[int]]:
    """The explicit deal's ``captured``: one list of card indices per side."""
    if not isinstance(value, list | tuple) or len(value) != nsides:
        raise RecordError(f"the deal's captured must be a list of {nsides} piles, one per side")
    return [
        parse_card_list(p, ITALIAN, f"the deal's captured pile of side {k}")
        for k, p in enumerate(value)
    ]
