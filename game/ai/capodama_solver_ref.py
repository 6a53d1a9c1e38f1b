"""The first exact solver of the solitaire's open second half, kept as a reference.

It walks every way the remaining tricks can go, memoised on the two hands and the leader, and
returns the whole set of capo points still reachable as an int bitset (bit p: p points).  It
answers a bigger question than the game asks, which makes it slow (a few hundred ms a deal) but
simple enough to trust: the tests check the fast solver (:mod:`.capodama_solver`) against it,
and ``python -m game.tools.solver_bench`` times both in the same run.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.engine import FRENCH, Move
from game.engine.capodama import CapodamaView
from game.engine.capodama_cards import card_points, legal_mask, winning_index
from game.engine.cards import iter_bits, mask_of

__all__ = ["clear_cache", "reachable_totals", "winning_moves"]


def _beats(lead_card: int, reply: int) -> bool:
    """True when the card led wins a two-card trick against the reply (no 4th trump here)."""
    return winning_index((lead_card, reply)) == 0


@lru_cache(maxsize=400_000)
def _from_trick(h0: int, h1: int, lead: int, doubled: int, trumps: int) -> int:
    if not h0 and not h1:
        return 1
    out = 0
    for c in iter_bits(h0 if lead == 0 else h1):
        if lead == 0:
            out |= _after_lead(h0 & ~(1 << c), h1, 0, c, doubled, trumps)
        else:
            out |= _after_lead(h0, h1 & ~(1 << c), 1, c, doubled, trumps)
    return out


@lru_cache(maxsize=400_000)
def _after_lead(h0: int, h1: int, lead: int, c: int, doubled: int, trumps: int) -> int:
    out = 0
    other = 1 - lead
    for d in iter_bits(legal_mask(h1 if other == 1 else h0, c, trumps)):
        n0 = h0 & ~(1 << d) if other == 0 else h0
        n1 = h1 & ~(1 << d) if other == 1 else h1
        w = lead if _beats(c, d) else other
        rest = _from_trick(n0, n1, w, doubled, trumps)
        out |= rest << (card_points(c, doubled) + card_points(d, doubled)) if w == 0 else rest
    return out


def reachable_totals(
    hand0: int, hand1: int, leader: int, led: int | None, doubled: int, trumps: int
) -> int:
    """Points seat 0 (the capo) can still win from here, as a bitset.

    ``led`` is the card already led, by ``leader``, in the trick under way (or None); the
    hands no longer hold it.  ``trumps`` is the mask of the trumps (the view's).
    """
    if led is None:
        return _from_trick(hand0, hand1, leader, doubled, trumps)
    return _after_lead(hand0, hand1, leader, led, doubled, trumps)


def _position(view: CapodamaView) -> tuple[int, int, int, int | None, int, int, int]:
    """(hand0, hand1, leader, led card, doubled suit index, trump mask, points won by seat 0)."""
    led = view.trick[0][1].index if view.trick else None
    doubled = FRENCH.suits.index(view.doubled) if view.doubled else -1
    return (
        mask_of(view.hands[0]),
        mask_of(view.hands[1]),
        view.leader,
        led,
        doubled,
        mask_of(view.trumps),
        view.points_won[0],
    )


def winning_moves(view: CapodamaView, legal: Sequence[Move]) -> list[Move]:
    """The legal card plays after which a total in the view's window is still reachable."""
    if view.window is None or view.set_aside or view.phase != "play":
        raise ValueError("the solver needs a solitaire position with every card face up")
    lo, hi = view.window
    window = sum(1 << p for p in range(lo, hi + 1))
    h0, h1, leader, led, doubled, trumps, won = _position(view)
    good = []
    for move in legal:
        c = move.card.index
        n0 = h0 & ~(1 << c)
        n1 = h1 & ~(1 << c)
        if led is None:
            bits = reachable_totals(n0, n1, leader, c, doubled, trumps)
        else:
            w = leader if _beats(led, c) else 1 - leader
            gain = card_points(c, doubled) + card_points(led, doubled)
            rest = reachable_totals(n0, n1, w, None, doubled, trumps)
            bits = rest << gain if w == 0 else rest
        if (bits << won) & window:
            good.append(move)
    return good


def clear_cache() -> None:
    """Forget every position solved (a benchmark's cold start)."""
    _from_trick.cache_clear()
    _after_lead.cache_clear()
