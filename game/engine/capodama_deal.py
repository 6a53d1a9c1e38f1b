"""Capodama's explicit deals: ``deal={"dealer": 0, "hands": [...], "set_aside": [...]}``.

Tests, bug reports and records set up a first deal card by card.  The dict is checked here,
with a :class:`RecordError` that names what is wrong, before the state deals it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .base import RecordError
from .capodama_cards import AH, deck_for
from .cards import FRENCH
from .dealspec import card_lists, check_deal_keys, check_seat, exact_cover, parse_card_list

__all__ = ["HAND_SIZE", "SET_ASIDE", "ExplicitDeal", "read_deal"]

HAND_SIZE = 8
#: the face-down half of the 1- and 2-player game
SET_ASIDE = 16


@dataclass(frozen=True)
class ExplicitDeal:
    """A checked explicit deal: the dealer, each seat's hand and the set-aside pile in order."""

    dealer: int
    hands: list[list[int]]
    set_aside: list[int]


def read_deal(deal: Any, players: int) -> ExplicitDeal:
    """The explicit ``deal`` of a ``players``-player match, checked card by card."""
    check_deal_keys(deal, ("hands",), ("dealer", "set_aside"))
    seats = 2 if players <= 2 else players
    dealer = check_seat(deal.get("dealer", 0), seats, "the deal's dealer")
    cards = [c.index for c in deck_for(players)]
    allowed = sum(1 << c for c in cards)
    hands = card_lists(deal["hands"], seats, FRENCH, "the deal's hands", allowed)
    aside = parse_card_list(deal.get("set_aside", []), FRENCH, "the deal's set_aside", allowed)
    for s, h in enumerate(hands):
        if len(h) != HAND_SIZE:
            raise RecordError(f"the deal's hand of seat {s} has {len(h)} cards, not {HAND_SIZE}")
    want = SET_ASIDE if seats == 2 else 0
    if len(aside) != want:
        raise RecordError(f"the deal's set_aside must hold {want} cards, not {len(aside)}")
    exact_cover(
        {**{f"the hand of seat {s}": h for s, h in enumerate(hands)}, "the set_aside": aside},
        allowed,
        FRENCH,
    )
    if players == 1 and AH not in hands[0]:
        raise RecordError("in the solitaire the player (seat 0) holds AH")
    if players == 2 and AH in aside:
        raise RecordError("in 2 players AH is dealt, never set aside")
    return ExplicitDeal(dealer, hands, aside)
