"""Scopone's explicit deals: reading and checking the ``deal=`` that sets up a first deal.

``deal`` keys: ``hands`` (one list of card texts per seat, all the same size: the whole hand
at a new deal, 10 cards *scientifico* and 9 *classico*, or fewer to start later in it) and
``table`` (the cards face up), and optionally ``dealer`` (a seat, 0 by default), ``captured``
(one pile per side, cards already taken this deal), ``last_capturer`` (a seat) and
``scores`` (the sides' match points before this deal).  The seat right of the dealer plays
first.  One deal uses the whole deck, so there is no ``deck``: every card must appear exactly
once across hands, table and piles.
"""

from __future__ import annotations

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
    parse_card_list,
)
from .scopa_deal import FULL, ExplicitDeal, captured_piles

__all__ = ["CLASSICO_HAND", "HAND_SIZE", "SIDES", "TABLE_CARDS", "ScoponeDeal", "read_deal"]

#: Cards in each hand *scientifico*: the whole deck dealt to four players, none on the table.
HAND_SIZE = 10
#: Cards in each hand *classico*, and the cards then dealt face up on the table.
CLASSICO_HAND = 9
TABLE_CARDS = 4
#: Two sides of partners sitting opposite (seats i and i + 2).
SIDES = 2
_OPTIONAL = ("dealer", "captured", "last_capturer", "scores")


@dataclass(frozen=True)
class ScoponeDeal(ExplicitDeal):
    """A checked explicit Scopone deal, as card indices; ``classico`` the way it was dealt."""

    classico: bool

    @property
    def fresh(self) -> bool:
        """A *classico* deal's very first table (where three or four Re call for a redeal)."""
        return (
            self.classico
            and len(self.hands[0]) == CLASSICO_HAND
            and len(self.table) == TABLE_CARDS
            and not any(self.captured)
        )


def read_deal(deal: Any, players: int, classico: bool) -> ScoponeDeal:
    """The deal ``deal`` describes; a RecordError says what is wrong with it."""
    check_deal_keys(deal, ("hands", "table"), _OPTIONAL)
    dealer = check_seat(deal.get("dealer", 0), players, "the deal's dealer")
    hands = card_lists(deal["hands"], players, ITALIAN, "the deal's hands")
    size = CLASSICO_HAND if classico else HAND_SIZE
    sizes = [len(h) for h in hands]
    if not 1 <= sizes[0] <= size or any(n != sizes[0] for n in sizes):
        raise RecordError(
            f"the deal's hands must all hold the same number of cards, 1 to {size} ({size} at "
            f"a new deal): got {sizes}"
        )
    table = parse_card_list(deal["table"], ITALIAN, "the deal's table")
    piles = captured_piles(deal.get("captured", [[]] * SIDES), SIDES)
    places = {f"the hand of seat {s}": h for s, h in enumerate(hands)}
    places["the table"] = table
    places |= {f"the captured pile of side {k}": p for k, p in enumerate(piles)}
    exact_cover(places, FULL, ITALIAN)
    last = deal.get("last_capturer")
    if last is not None:
        check_seat(last, players, "the deal's last_capturer")
    scores = check_counts(deal.get("scores", [0] * SIDES), SIDES, "the deal's scores")
    return ScoponeDeal(dealer, hands, table, piles, [], last, scores, classico)
