"""A rule-based Cattura seat: a one-move look-ahead with a sensible player's weights, no search.

Every legal move is valued as

    own score gained now (faces and suit bonuses, exact, the rules' scoring)
  - what the next player is likely to capture from the new top card
  + a fraction of the change in the hand's capture potential
  + the end of the match where the move brings it

- Captures: high cards, cards that complete a suit pair/triple/four or the four-suit set, and
  upgrades (capturing an 8 with a captured 3 plus a hand 5 swaps a 3 for an 8) all show up as
  score gained.  A suit swap with an own captured card is made only when it raises the score,
  so two rule seats cannot swap back and forth for ever.
- The next player's risk: the chance, from the cards this seat has not seen (the other hands
  and the deck, counted hypergeometrically), that the next hand can make the top card's value
  with one card or two, or with one of its public captured cards; weighted by what it would
  gain, and more when that capture would hand it the match (3 captured already).  So when it
  cannot capture it sends low cards, and it does not leave a high card on top.
- Capture potential: the values its hand can make (single cards, pairs, a hand card with a
  captured card), each weighted by its value and how many such cards are still unseen; so it
  keeps pairs that make common sums and spends the loose cards.
- The end: reaching 4 captures ends the match at once, welcome when it leads and avoided when it
  trails; emptying the hand gives each other player one last turn, welcome only when it leads.

It reads only its view: its hand, the public captured cards and battlefield, the counts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb

from game.engine import Move
from game.engine.cattura import WIN_CAPTURES, CatturaView
from game.engine.cattura_cards import VALUE, VALUE_MASK, score_mask
from game.engine.memo import Memo

__all__ = ["CatturaRulesSeat"]

_POTENTIAL_WEIGHT = 0.3
_WIN_BONUS = 40.0
_LOSS_PENALTY = 25.0
_NEVER = -1e9


def _p_any(u: int, k: int, h: int) -> float:
    """P(a hand of h cards drawn from a pool of u holds at least one of k given cards)."""
    if k <= 0 or h <= 0 or u <= 0:
        return 0.0
    h = min(h, u)
    return 1.0 - comb(u - k, h) / comb(u, h)


def _p_two(u: int, k: int, h: int) -> float:
    """P(such a hand holds at least two of k given cards)."""
    if k < 2 or h < 2 or u <= 0:
        return 0.0
    h = min(h, u)
    none = comb(u - k, h) / comb(u, h)
    one = k * comb(u - k, h - 1) / comb(u, h)
    return max(0.0, 1.0 - none - one)


#: the probabilities above by ``u << 16 | k << 8 | h`` (-1: the cases that are 0)
_P_ANY: Memo[int, float] = Memo("cattura one of k", 1 << 12)
_P_TWO: Memo[int, float] = Memo("cattura two of k", 1 << 12)


def _reach(hand: int, caps: int) -> int:
    """The values (as bits) a hand makes alone, with a second hand card, or with a card of
    the captured ``caps``."""
    reach = 0
    cards = []
    m = hand
    while m:
        low = m & -m
        cards.append(VALUE[low.bit_length() - 1])
        m ^= low
    capvals = [v for v in range(1, 9) if caps & VALUE_MASK[v]]
    for i, a in enumerate(cards):
        reach |= 1 << a
        for b in cards[i + 1 :]:
            if a + b <= 8:
                reach |= 1 << (a + b)
        for c in capvals:
            if a + c <= 8:
                reach |= 1 << (a + c)
    return reach


#: the cards of the values up to each value 1..8 (index 0 unused)
_UP_TO = [0] * 9
for _v in range(1, 9):
    _UP_TO[_v] = _UP_TO[_v - 1] | VALUE_MASK[_v]
#: ``_Context._risk_of`` by what it depends on
_RISKS: Memo[tuple[int, ...], tuple[float, float]] = Memo("cattura risks", 1 << 14)

#: :func:`_reach` by ``hand | caps << 64``
_REACH: Memo[int, int] = Memo("cattura reach", 1 << 14)


class CatturaRulesSeat:
    name = "rules"

    def choose(self, view: CatturaView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        ctx = _Context(view, view.hand_mask, list(view.captured_masks), view.unseen_mask)
        best = legal_moves[0]
        best_value = float("-inf")
        for m in legal_moves:
            value = ctx.value(m)
            if value > best_value + 1e-9:
                best, best_value = m, value
        return best


class _Context:
    """What the seat knows this turn, and the valuation of one move."""

    def __init__(self, view: CatturaView, hand: int, caps: list[int], unseen: int) -> None:
        self.view = view
        self.me = view.seat
        self.n = view.players
        self.hand = hand
        self.caps = caps
        self.mine = caps[self.me]
        self.score = score_mask(self.mine)
        self.others_best = max((s for k, s in enumerate(view.scores) if k != self.me), default=0)
        self.unseen_n = unseen.bit_count()
        self.k = [(unseen & VALUE_MASK[v]).bit_count() for v in range(9)]
        self.next = (self.me + 1) % self.n
        # The match ends after this move for everyone when this is the last final turn.
        self.last_turn = len(view.final_turns) == 1
        self.in_final = bool(view.final_turns)
        self._risks: dict[int, tuple[float, float]] = {}
        self._worth: dict[int, float] = {}
        self.potential_now = self.potential(hand, self.mine)

    # -- probabilities -------------------------------------------------------------------------
    # Each figure below depends only on its arguments and the counts of unseen cards, so it is
    # worked out once: the probabilities for good (module tables), the rest per turn.
    def p_any(self, k: int, h: int) -> float:
        """P(a hand of h cards drawn from the unseen pool holds at least one of k given cards)."""
        u = self.unseen_n
        key = u << 16 | k << 8 | h if k > 0 and h > 0 else -1
        p = _P_ANY.get(key)
        if p is None:
            p = _P_ANY.keep(key, _p_any(u, k, h))
        return p

    def p_two(self, k: int, h: int) -> float:
        """P(such a hand holds at least two of k given cards)."""
        u = self.unseen_n
        key = u << 16 | k << 8 | h if k >= 2 and h >= 2 else -1
        p = _P_TWO.get(key)
        if p is None:
            p = _P_TWO.keep(key, _p_two(u, k, h))
        return p

    def risk(self, x: int, my_score_after: int) -> float:
        """What the next player can be expected to gain from a top card of value ``x``."""
        known = self._risks.get(x)
        if known is None:
            known = self._risks[x] = self._risk_of(x)
        damage, p_hand = known
        seat = self.next
        # Their capture of it would end the match: it matters most when it would beat us.
        if (
            self.caps[seat].bit_count() == WIN_CAPTURES - 1
            and self.view.scores[seat] + x + 2 >= my_score_after
        ):
            damage += p_hand * _WIN_BONUS * 0.5
        return damage

    def _risk_of(self, x: int) -> tuple[float, float]:
        """:meth:`risk` before the end of the match is weighed, and the chance that the next
        hand can make ``x``: kept for good by what it depends on (the value, the pool's size,
        the next hand's size, the unseen counts of the values up to ``x``, and which of those
        values the next player's captured cards hold)."""
        seat = self.next
        h = self.view.hand_sizes[seat]
        theirs = self.caps[seat]
        k = self.k
        key = (x, self.unseen_n, h, theirs & _UP_TO[x], *k[1 : x + 1])
        known = _RISKS.get(key)
        if known is not None:
            return known
        miss = 1.0 - self.p_any(k[x], h)
        for a in range(1, x // 2 + 1):
            b = x - a
            p = self.p_two(k[a], h) if a == b else self.p_any(k[a], h) * self.p_any(k[b], h)
            miss *= 1.0 - p
        p_hand = 1.0 - miss
        damage = p_hand * (x + 2)
        for c in range(1, x):
            if theirs & VALUE_MASK[c]:
                p = self.p_any(k[x - c], h)
                damage = max(damage, p * (x - c + 1))
        if theirs & VALUE_MASK[x]:
            damage += 0.5
        return _RISKS.keep(key, (damage, p_hand))

    # -- hand potential ------------------------------------------------------------------------
    def potential(self, hand: int, caps: int) -> float:
        """The values this hand can make, weighted by value and how often they may turn up."""
        key = hand | caps << 64
        reach = _REACH.get(key)
        if reach is None:
            reach = _REACH.keep(key, _reach(hand, caps))
        total = self._worth.get(reach)
        if total is None:
            total = 0.0
            for x in range(1, 9):
                if reach >> x & 1:
                    total += x * (self.k[x] + 1) / 5
            self._worth[reach] = total
        return total

    # -- one move ------------------------------------------------------------------------------
    def value(self, move: Move) -> float:
        hand = self.hand
        mine = self.mine
        if move.kind == "pass":
            return 0.0
        if move.kind == "send":
            c = move.cards[0] & 63
            hand_after = hand & ~(1 << c)
            top = VALUE[c]
            gained = 0
            mine_after = mine
        else:
            target, *used = move.cards
            mine_after = mine | 1 << target.index
            hand_after = hand
            for c, src in zip(used, move.arg or "", strict=True):
                if src == "c":
                    mine_after &= ~(1 << c.index)
                else:
                    hand_after &= ~(1 << c.index)
            top = VALUE[used[-1].index]
            gained = score_mask(mine_after) - self.score
            if move.arg == "c" and gained <= 0:
                return _NEVER  # a swap that gains nothing: it could go back and forth for ever
        after = self.score + gained
        value = float(gained)
        if mine_after.bit_count() >= WIN_CAPTURES:
            return value + self._ending(after)
        if self.last_turn:
            return value
        value -= self.risk(top, after)
        if not self.in_final:
            hand_after_pot = self.potential(hand_after, mine_after)
            if move.kind == "send" and self.view.deck_count > 0:
                hand_after_pot += 1.0  # a card is drawn
            value += _POTENTIAL_WEIGHT * (hand_after_pot - self.potential_now)
            if not hand_after:  # the others take one last turn each, we take none
                value += 3.0 if after > self.others_best else -3.0
        return value

    def _ending(self, after: int) -> float:
        if after > self.others_best:
            return _WIN_BONUS
        if after == self.others_best:
            return _WIN_BONUS / 2
        return -_LOSS_PENALTY + (after - self.others_best)
