"""Why Cattura refuses a move: a reason code, its parts and the English sentence.

Codes and their parts (``IllegalMove.parts``):

- ``not_cattura_card`` (card): a card outside A to 8.
- ``cannot_pass`` (seat, moves): a pass while a move is possible (``moves``: a few of them).
- ``empty_hand`` (seat): a send with no card in hand.
- ``not_held`` (seat, card): a hand card the player does not hold.
- ``same_value`` (card, top): a send of the top card's value.
- ``not_a_capture`` (seat): a move of no Cattura form.
- ``too_many_cards``: a capture with three cards or more.
- ``not_top`` (card, top): a capture of a card that is not on top.
- ``not_captured`` (seat, card): a card marked ``*`` that is not among the player's captures.
- ``mark_captured`` (seat, card): a captured card written without its ``*``.
- ``used_twice`` (card): the same card twice.
- ``two_captured``: two captured cards.
- ``wrong_sum`` (used, total, top, value): the used cards do not make the top card's value.
- ``larger_on_top`` (move): unequal cards written larger first; ``move`` is the right order.
- ``not_allowed``: any other capture (none is left once the checks above pass).
"""

from __future__ import annotations

from .base import IllegalMove, Move
from .cards import Card
from .cattura_cards import DECK_MASK, VALUE, card
from .cattura_moves import take

__all__ = ["refusal"]


def refusal(move: Move, seat: int, hand: int, caps: int, t: int, legal: list[Move]) -> IllegalMove:
    """The refusal of ``move`` (known to be illegal) for ``seat`` holding ``hand`` and ``caps``
    when ``t`` is on top and ``legal`` are the moves it may make."""
    for c in move.cards:
        if c >= 64 or not DECK_MASK >> c.index & 1:
            return IllegalMove(
                f"{c} is not a Cattura card: the deck holds A to 8 of each suit",
                "not_cattura_card",
                card=c,
            )
    if move.kind == "pass":
        shown = legal[:3]
        return IllegalMove(
            f"seat {seat} may not pass: passing is only for an empty hand with no capture; "
            f"moves now look like {', '.join(m.text for m in shown)}",
            "cannot_pass",
            seat=seat,
            moves=shown,
        )
    if move.kind == "send":
        return _send(move.cards[0], seat, hand, t)
    if move.kind == "take":
        return _take(move, seat, hand, caps, t)
    return IllegalMove(
        f"seat {seat} must send a card, capture the top card, or pass", "not_a_capture", seat=seat
    )


def _send(c: Card, seat: int, hand: int, t: int) -> IllegalMove:
    if not hand:
        return IllegalMove(
            f"seat {seat} has no cards in hand: it can only swap a captured card or pass",
            "empty_hand",
            seat=seat,
        )
    if not hand >> c.index & 1:
        return _not_held(seat, c)
    return IllegalMove(
        f"{c} has the value of the top card: send another card, or capture with it",
        "same_value",
        card=c,
        top=card(t),
    )


def _not_held(seat: int, c: Card) -> IllegalMove:
    return IllegalMove(
        f"seat {seat} does not hold {c} (only your own hand and captures may be used)",
        "not_held",
        seat=seat,
        card=c,
    )


def _take(move: Move, seat: int, hand: int, caps: int, t: int) -> IllegalMove:
    target, *used = move.cards
    srcs = move.arg or ""
    if len(used) > 2:
        return IllegalMove("capture with one or two cards, never three or more", "too_many_cards")
    if target.index != t:
        return IllegalMove(
            f"only the top card can be captured: the top of the battlefield is {card(t)} "
            f"(value {VALUE[t]}), not {target}",
            "not_top",
            card=target,
            top=card(t),
        )
    for c, s in zip(used, srcs, strict=False):
        wrong = _wrong_source(c, s == "c", seat, hand, caps)
        if wrong is not None:
            return wrong
    if len(used) == 2 and used[0] == used[1]:
        return IllegalMove(f"{used[0]} cannot be used twice", "used_twice", card=used[0])
    if srcs == "cc":
        return IllegalMove(
            "never two captured cards: capture with at most one of your captured cards",
            "two_captured",
        )
    return _arithmetic(target, used, srcs, t)


def _wrong_source(c: Card, own: bool, seat: int, hand: int, caps: int) -> IllegalMove | None:
    """The refusal of using ``c`` from the captures (``own``) or the hand, if it is not there."""
    if own and not caps >> c.index & 1:
        return IllegalMove(
            f"{c}* is not among seat {seat}'s own captured cards", "not_captured", seat=seat, card=c
        )
    if not own and not hand >> c.index & 1:
        if caps >> c.index & 1:
            return IllegalMove(
                f"{c} is one of seat {seat}'s captured cards: mark it {c}*",
                "mark_captured",
                seat=seat,
                card=c,
            )
        return _not_held(seat, c)
    return None


def _arithmetic(target: Card, used: list[Card], srcs: str, t: int) -> IllegalMove:
    """A capture from the right places that makes the wrong sum or lies in the wrong order."""
    v = VALUE[t]
    total = sum(VALUE[c.index] for c in used)
    if total != v:
        shown = " + ".join(str(c) for c in used)
        return IllegalMove(
            f"{shown} makes {total}, but the top of the battlefield is {target} (value {v}): "
            f"the cards used must make exactly {v}",
            "wrong_sum",
            used=tuple(used),
            total=total,
            top=target,
            value=v,
        )
    a, b = used
    if VALUE[a.index] <= VALUE[b.index]:  # every such capture is listed: not reached in play
        return IllegalMove("that capture is not allowed now", "not_allowed")
    right = take(t, b.index, srcs[1] == "c", a.index, srcs[0] == "c")
    return IllegalMove(
        f"the larger card goes on top: write it last, '{right.text}'", "larger_on_top", move=right
    )
