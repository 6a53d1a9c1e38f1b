"""The exact solver of the Capodama solitaire, once every card is face up.

After trick 8 the set-aside cards are dealt face up, and the player, who chooses for both hands,
knows everything: the rest of the deal is a perfect-information puzzle.  The game asks one
question of it, again after every move: can the capo's final points still land in the view's
window, and which move keeps them able to?  The solver asks exactly that, not the whole set of
reachable totals (the reference solver, :mod:`.capodama_solver_ref`, which the tests check this
one against), which is what makes it fast:

- Points so far are folded in: the rest must bring the capo a gain in ``[lo, hi]``, the window
  minus the points already won, and the search stops at the first play that does.
- The gain of the rest lies in ``[0, R]`` (R: the points still out), so a window reaching past R
  only asks "can the gain reach lo" and one reaching below 0 only "can it stay within hi".
  Those answers fail soft (a "no" comes with the best gain found possible) and are kept as
  bounds on the largest and smallest gain of each position, shared by every window that asks:
  a "no" for lo is a "no" for every larger lo.
- A transposition table keyed on the two remaining hands (bitmasks) and the leader.
- Equivalent cards merged: two cards of one hand of the same suit, trumpness and points (the
  following rule and the points see nothing else) that no card of the other hand tells apart
  (each beats, and is beaten by, the same cards of it) lead to mirror-image positions, so only
  one of them is tried.  The other hand only shrinks and the three properties are fixed, so
  they stay equivalent below, too.
- Move ordering: when the window asks for most of the points still out, the tricks that bring
  the capo most come first, else those that bring least.

Before trick 8 the set-aside order is hidden, so the solitaire seat falls back to the search
seat there (and for the doubled suit).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import FRENCH, Move
from game.engine.capodama import CapodamaState, CapodamaView
from game.engine.capodama_cards import SUIT, card_points, legal_mask, winning_index
from game.engine.cards import mask_of
from game.engine.memo import forget_also

from .capodama_search import CapodamaSearchSeat

__all__ = [
    "Position",
    "SolitaireSeat",
    "best_move",
    "clear_cache",
    "is_open",
    "position",
    "reachable",
    "solve",
    "winning_moves",
]

#: One play of a whole trick from a position: (capo's gain, the trick's points, the capo's hand
#: after it, the other hand after it, who leads next: 0 the capo, 1 the other hand, the card
#: led, the reply).
_Child = tuple[int, int, int, int, int, int, int]

#: Positions remembered before the tables are emptied: half a KB each as a rule, up to 2 KB.
#: One question from a cold start visits a few hundred (the median of 300 deals), rarely more
#: than a few thousand; the tables live as long as the app, so this bounds what they keep.
_MEMO_LIMIT = 10_000


@dataclass(frozen=True)
class Position:
    """A solitaire position in the solver's terms, the capo's side first.

    ``hands`` are bitmasks (capo, other), ``leader`` 0 for the capo, ``led`` the card already led
    in the trick under way (or None; the hands no longer hold it), ``lo``/``hi`` the gain the
    rest must bring the capo (the view's window minus the points won), ``out`` the points still
    out (the cards in the hands and the led card).
    """

    hands: tuple[int, int]
    leader: int
    led: int | None
    doubled: int
    trumps: int
    lo: int
    hi: int
    out: int


class _Tables:
    """Per doubled suit and trump set: points, who wins each pair of cards, card kinds."""

    def __init__(self, doubled: int, trumps: int) -> None:
        cards = range(52)
        self.points = [card_points(c, doubled) for c in cards]
        #: beats[c]: the cards c wins against when c is led and they reply; beaten[c]: the
        #: cards that win when they are led and c replies.
        self.beats = [
            sum(1 << d for d in cards if d != c and winning_index((c, d)) == 0) for c in cards
        ]
        self.beaten = [sum(1 << z for z in cards if self.beats[z] >> c & 1) for c in cards]
        kinds = [(SUIT[c], trumps >> c & 1, self.points[c]) for c in cards]
        self.kind = [kinds.index(k) for k in kinds]
        self.peers = [sum(1 << d for d in cards if d != c and kinds[d] == kinds[c]) for c in cards]


class _Solver:
    """The transposition tables and the searches for one doubled suit and trump set."""

    def __init__(self, doubled: int, trumps: int) -> None:
        self.t = _Tables(doubled, trumps)
        self.trumps = trumps
        self.clear()

    def clear(self) -> None:
        self.cards = 0  # every card of the positions remembered
        self.kids: dict[int, list[_Child]] = {}
        self.windows: dict[tuple[int, int, int], bool] = {}
        # Per position, what is known of the largest gain of the rest (at least top_lb, at
        # most top_ub) and of the smallest (at most low_ub, at least low_lb).
        self.top_lb: dict[int, int] = {}
        self.top_ub: dict[int, int] = {}
        self.low_ub: dict[int, int] = {}
        self.low_lb: dict[int, int] = {}

    def size(self) -> int:
        return len(self.kids) + len(self.windows)

    # -- tricks ------------------------------------------------------------------------------
    def distinct(self, mask: int, hand: int, opponent: int) -> list[int]:
        """The cards of ``mask`` (some of ``hand``'s), one per class of cards equivalent against
        ``opponent``: of one kind, and beating and beaten by the same cards of it."""
        t = self.t
        out: list[int] = []
        seen: set[tuple[int, int, int]] = set()
        while mask:
            low = mask & -mask
            mask ^= low
            c = low.bit_length() - 1
            if t.peers[c] & hand:
                sig = (t.kind[c], t.beats[c] & opponent, t.beaten[c] & opponent)
                if sig in seen:
                    continue
                seen.add(sig)
            out.append(c)
        return out

    def replies(self, cap: int, oth: int, leader: int, c: int, merge: bool = True) -> list[_Child]:
        """The tricks completing ``c`` led (still in the leader's hand), one per legal reply, or
        with ``merge`` one per class of equivalent replies (alike against c too).  The search's
        innermost loop, so written out in full."""
        t = self.t
        beats, points, peers = t.beats, t.points, t.peers
        lead_hand, other = (cap, oth) if leader == 0 else (oth, cap)
        after = lead_hand & ~(1 << c)
        pc, bc, loser = points[c], beats[c], 1 - leader
        legal = legal_mask(other, c, self.trumps)
        out: list[_Child] = []
        seen: set[tuple[int, int, int]] = set()
        while legal:
            low = legal & -legal
            legal ^= low
            d = low.bit_length() - 1
            if merge and peers[d] & other:
                sig = (t.kind[d], beats[d] & lead_hand, t.beaten[d] & lead_hand)
                if sig in seen:
                    continue
                seen.add(sig)
            tot = pc + points[d]
            w = leader if bc >> d & 1 else loser
            if leader == 0:
                out.append((tot if w == 0 else 0, tot, after, other ^ low, w, c, d))
            else:
                out.append((tot if w == 0 else 0, tot, other ^ low, after, w, c, d))
        return out

    def children(self, cap: int, oth: int, leader: int, key: int) -> list[_Child]:
        """Every distinct whole trick from a position, the capo's largest gain first."""
        kids = self.kids.get(key)
        if kids is None:
            lead_hand, other = (cap, oth) if leader == 0 else (oth, cap)
            kids = []
            for c in self.distinct(lead_hand, lead_hand, other):
                kids += self.replies(cap, oth, leader, c)
            kids.sort(reverse=True)
            self.kids[key] = kids
        return kids

    # -- the question ------------------------------------------------------------------------
    def can(self, cap: int, oth: int, leader: int, lo: int, hi: int, out: int) -> bool:
        """Can the rest bring the capo a gain in [lo, hi], ``out`` points being still out?"""
        if lo <= 0:
            if hi >= out:
                return True
            return hi >= 0 and self.least(cap, oth, leader, hi, out) <= hi
        if lo > out or lo > hi:
            return False
        if hi >= out:
            return self.most(cap, oth, leader, lo, out) >= lo
        return self.land(cap, oth, leader, lo, hi, out)

    def most(self, cap: int, oth: int, leader: int, lo: int, out: int) -> int:
        """Can the gain reach ``lo`` (0 < lo <= out)?  Fails soft: a result v >= lo is a gain
        the rest can bring, one below lo a bound no play exceeds (kept for later questions)."""
        key = cap << 53 | oth << 1 | leader
        known = self.top_lb.get(key, 0)
        if known >= lo:
            return known
        bound = self.top_ub.get(key, out)
        if bound < lo:
            return bound
        best = 0
        for g, tot, c2, o2, w, _, _ in self.children(cap, oth, leader, key):
            rest = out - tot
            if g + rest <= best:
                continue
            need = lo - g
            if need <= 0:
                v = g  # reached whatever follows
            elif need > rest:
                v = g + rest  # out of reach: all that is left is a bound
            else:
                v = g + self.most(c2, o2, w, need, rest)
            if v >= lo:
                self.top_lb[key] = v
                return v
            best = max(best, v)
        self.top_ub[key] = best
        return best

    def least(self, cap: int, oth: int, leader: int, hi: int, out: int) -> int:
        """Can the gain stay within ``hi`` (0 <= hi < out)?  Fails soft: a result v <= hi is a
        gain the rest can stay within, one above hi a bound every play exceeds."""
        key = cap << 53 | oth << 1 | leader
        known = self.low_ub.get(key, out)
        if known <= hi:
            return known
        bound = self.low_lb.get(key, 0)
        if bound > hi:
            return bound
        best = out
        for g, tot, c2, o2, w, _, _ in reversed(self.children(cap, oth, leader, key)):
            if g >= best or g > hi:
                best = min(best, g)
                break
            rest = out - tot
            room = hi - g
            v = g + rest if room >= rest else g + self.least(c2, o2, w, room, rest)
            if v <= hi:
                self.low_ub[key] = v
                return v
            best = min(best, v)
        self.low_lb[key] = best
        return best

    def land(self, cap: int, oth: int, leader: int, lo: int, hi: int, out: int) -> bool:
        """Can the gain land in [lo, hi] (0 < lo <= hi < out)?"""
        key = cap << 53 | oth << 1 | leader
        wkey = (key, lo, hi)
        known = self.windows.get(wkey)
        if known is None:
            if (
                self.most(cap, oth, leader, lo, out) < lo
                or self.least(cap, oth, leader, hi, out) > hi
            ):
                self.windows[wkey] = False
                return False
            kids = self.children(cap, oth, leader, key)
            known = any(
                self.can(c2, o2, w, lo - g, hi - g, out - tot)
                for g, tot, c2, o2, w, _, _ in _on_course(kids, lo, hi, out)
            )
            self.windows[wkey] = known
        return known

    def keeps(self, kid: _Child, lo: int, hi: int, out: int) -> bool:
        """Does the window stay reachable after the trick ``kid``?"""
        g, tot, cap, oth, w, _, _ = kid
        return self.can(cap, oth, w, lo - g, hi - g, out - tot)


def _on_course(kids: list[_Child], lo: int, hi: int, out: int) -> list[_Child]:
    """The tricks in the order to try them for a gain in [lo, hi] of ``out``: the capo's
    largest gains first when the window asks for most of the points, else the smallest."""
    return kids if lo + hi >= out else kids[::-1]


_SOLVERS: dict[tuple[int, int], _Solver] = {}


def _solver_for(p: Position) -> _Solver:
    """The solver for ``p``'s doubled suit and trumps.  What it remembers stays true for any
    deal, but is only of use within one, so it is forgotten when a position holds a card the
    positions before did not (a new deal), or when it grows past the limit; and a new deal
    forgets what the solvers of the other doubled suits remember, so the tables hold one deal's
    positions at most, not one per doubled suit and trump set ever met."""
    key = (p.doubled, p.trumps)
    s = _SOLVERS.get(key)
    if s is None:
        s = _SOLVERS[key] = _Solver(p.doubled, p.trumps)
    cards = p.hands[0] | p.hands[1] | (0 if p.led is None else 1 << p.led)
    if cards & ~s.cards or s.size() > _MEMO_LIMIT:
        for other in _SOLVERS.values():
            other.clear()
        s.cards = cards
    return s


def clear_cache() -> None:
    """Forget every position solved (a benchmark's cold start, a table of the app closing);
    the card tables stay."""
    for s in _SOLVERS.values():
        s.clear()


forget_also(clear_cache)


# -- positions -------------------------------------------------------------------------------
def _view_of(where: CapodamaView | CapodamaState) -> CapodamaView:
    return where if isinstance(where, CapodamaView) else where.view(0)


def is_open(where: CapodamaView | CapodamaState) -> bool:
    """True when ``where`` is the solitaire's play with every card face up (solvable)."""
    view = _view_of(where)
    return view.window is not None and not view.set_aside and view.phase == "play"


def position(where: CapodamaView | CapodamaState) -> Position:
    """The solver's terms for a solitaire view (or state) with every card face up."""
    view = _view_of(where)
    if not is_open(view) or view.window is None:
        raise ValueError("the solver needs a solitaire position with every card face up")
    capo = view.capo
    lo, hi = view.window
    won = view.points_won[capo]
    doubled = FRENCH.suits.index(view.doubled) if view.doubled else -1
    led = view.trick[0][1].index if view.trick else None
    hands = (mask_of(view.hands[capo]), mask_of(view.hands[1 - capo]))
    cards = hands[0] | hands[1] | (0 if led is None else 1 << led)
    return Position(
        hands=hands,
        leader=0 if view.leader == capo else 1,
        led=led,
        doubled=doubled,
        trumps=mask_of(view.trumps),
        lo=lo - won,
        hi=hi - won,
        out=sum(card_points(c, doubled) for c in range(52) if cards >> c & 1),
    )


def _plays(s: _Solver, p: Position) -> list[_Child]:
    """The distinct ways to finish the trick under way (or play the next one), in the order
    the search tries them."""
    cap, oth = p.hands
    if p.led is None:
        kids = s.children(cap, oth, p.leader, cap << 53 | oth << 1 | p.leader)
    else:
        cap, oth = (cap | 1 << p.led, oth) if p.leader == 0 else (cap, oth | 1 << p.led)
        kids = s.replies(cap, oth, p.leader, p.led)
        kids.sort(reverse=True)
    return _on_course(kids, p.lo, p.hi, p.out)


def reachable(where: CapodamaView | CapodamaState) -> bool:
    """Can the capo's final points still land in the view's window?  (Raises ValueError
    unless every card is face up: see :func:`is_open`.)"""
    return solve(position(where))


def solve(p: Position) -> bool:
    """Can the rest of ``p`` bring the capo a gain in ``[p.lo, p.hi]``?"""
    s = _solver_for(p)
    if p.led is None:
        cap, oth = p.hands
        return s.can(cap, oth, p.leader, p.lo, p.hi, p.out)
    return any(s.keeps(kid, p.lo, p.hi, p.out) for kid in _plays(s, p))


def _card_of(kid: _Child, p: Position) -> int:
    """The card the player to move plays in ``kid``: the lead, or the reply to the led card."""
    return kid[5] if p.led is None else kid[6]


def best_move(where: CapodamaView | CapodamaState, legal: Sequence[Move]) -> Move | None:
    """A legal card play after which a total in the window is still reachable, or None when
    none is (the deal is lost whatever is played)."""
    p = position(where)
    s = _solver_for(p)
    by_card = {m.card.index: m for m in legal if m.kind == "play"}
    for kid in _plays(s, p):
        card = _card_of(kid, p)
        if card in by_card and s.keeps(kid, p.lo, p.hi, p.out):
            return by_card[card]
    return None


def winning_moves(where: CapodamaView | CapodamaState, legal: Sequence[Move]) -> list[Move]:
    """Every legal card play after which a total in the window is still reachable."""
    p = position(where)
    s = _solver_for(p)
    cap, oth = p.hands
    good = []
    for move in legal:
        x = move.card.index
        if p.led is None:
            ok = any(s.keeps(kid, p.lo, p.hi, p.out) for kid in s.replies(cap, oth, p.leader, x))
        else:
            c = p.led
            cap, oth = (cap | 1 << c, oth) if p.leader == 0 else (cap, oth | 1 << c)
            kids = s.replies(cap, oth, p.leader, c, merge=False)
            ok = any(s.keeps(kid, p.lo, p.hi, p.out) for kid in kids if kid[6] == x)
        if ok:
            good.append(move)
    return good


class SolitaireSeat:
    """Plays the solitaire: exact once all cards are face up, searching before that."""

    name = "solver"

    def __init__(self) -> None:
        self._search = CapodamaSearchSeat(samples=16)

    def choose(self, view: CapodamaView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if is_open(view):
            move = best_move(view, legal_moves)
            if move is not None:
                return move
        return self._search.choose(view, legal_moves, rng)
