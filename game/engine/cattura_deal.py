"""Cattura's explicit deals (``deal={...}``), read and checked before any card moves.

A fresh deal: ``dealer`` (default 0), ``hands`` (5 card texts per seat), ``battlefield`` (the
one turned card) and ``deck`` (top first).  A position in mid-deal adds any of ``captured`` (per
seat, at most 3 each), ``turn`` (the seat to play; default left of the dealer) and
``final_turns`` (how many last turns remain after an empty hand; ``final_by`` the seat that
emptied it), and then allows hands of 0 to 5 cards and a taller battlefield.  Together the
places must hold the 32 cards exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .base import RecordError
from .cards import FRENCH
from .cattura_cards import DECK_MASK, HAND_SIZE, WIN_CAPTURES
from .dealspec import card_lists, check_deal_keys, check_seat, exact_cover, parse_card_list

__all__ = ["ExplicitDeal", "read_deal"]

_POSITION_KEYS = ("captured", "turn", "final_turns", "final_by")


@dataclass(frozen=True)
class ExplicitDeal:
    """An explicit deal as card indices; ``position`` when it is a mid-deal table."""

    dealer: int
    hands: list[list[int]]
    captured: list[list[int]]
    battlefield: list[int]
    deck: list[int]
    position: bool
    turn: int
    final_turns: int
    final_by: int


def read_deal(deal: Any, n: int) -> ExplicitDeal:
    """The explicit deal ``deal`` for ``n`` players; a RecordError says what is wrong."""
    check_deal_keys(deal, ("hands",), ("dealer", "battlefield", "deck", *_POSITION_KEYS))
    dealer = check_seat(deal.get("dealer", 0), n, "dealer")
    position = any(k in deal for k in _POSITION_KEYS)
    hands = card_lists(deal["hands"], n, FRENCH, "hands", DECK_MASK)
    caps = card_lists(deal.get("captured", [[]] * n), n, FRENCH, "captured", DECK_MASK)
    field = parse_card_list(deal.get("battlefield", []), FRENCH, "battlefield", DECK_MASK)
    deck = parse_card_list(deal.get("deck", []), FRENCH, "deck", DECK_MASK)
    _check_sizes(hands, caps, field, position)
    turn = check_seat(deal.get("turn", (dealer + 1) % n), n, "turn")
    final_turns, final_by = _final_round(deal, n, turn)
    places = {f"the hand of seat {s}": h for s, h in enumerate(hands)}
    places |= {f"the captured cards of seat {s}": c for s, c in enumerate(caps)}
    exact_cover({**places, "the battlefield": field, "the deck": deck}, DECK_MASK, FRENCH)
    return ExplicitDeal(dealer, hands, caps, field, deck, position, turn, final_turns, final_by)


def _check_sizes(
    hands: list[list[int]], caps: list[list[int]], field: list[int], position: bool
) -> None:
    for s, h in enumerate(hands):
        if position and len(h) > HAND_SIZE:
            raise RecordError(f"deal hand of seat {s} has {len(h)} cards, at most {HAND_SIZE}")
        if not position and len(h) != HAND_SIZE:
            raise RecordError(f"deal hand of seat {s} has {len(h)} cards, not {HAND_SIZE}")
    for s, c in enumerate(caps):
        if len(c) >= WIN_CAPTURES:
            raise RecordError(
                f"deal captured cards of seat {s}: {len(c)} would already have ended the "
                f"match; at most {WIN_CAPTURES - 1}"
            )
    if not position and len(field) != 1:
        raise RecordError("deal battlefield must hold the one turned card")
    if not field:
        raise RecordError("deal battlefield must hold at least one card")


def _final_round(deal: dict[str, Any], n: int, turn: int) -> tuple[int, int]:
    """How many last turns remain and who emptied the hand (-1 when no final round is on)."""
    left = deal.get("final_turns", 0)
    if isinstance(left, bool) or not isinstance(left, int) or not 0 <= left < n:
        raise RecordError(f"deal final_turns must be from 0 to {n - 1}, not {left!r}")
    if not left:
        return 0, -1
    by = check_seat(deal.get("final_by", (turn - (n - left)) % n), n, "final_by")
    return left, by
