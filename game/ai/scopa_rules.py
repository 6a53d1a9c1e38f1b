"""A rule-based Scopa seat: the habits of a sensible player, no search.

Each legal move gets a score in deal points (roughly what it is worth at the end of the deal):

- what it captures: every card counts toward "most cards", coins toward "most coins", the
  settebello is worth a whole point, and the primiera cards (7s, then 6s, then aces) more than
  the rest; a capture that sweeps the table scores a scopa;
- what it leaves on the table: the valuable cards there may be taken by the next player (an
  opponent: partners sit opposite, and play goes to the right), and a table whose values add up
  to 10 or less can be swept by a single card of that value.  The risk is the chance that the
  next player holds such a card, counted from the cards this seat has not seen (the other
  hands and the deck; every capture was shown, so the captured piles are known);
- on the very last play of the deal there is no scopa, and the table goes to the last capturer.

Under house rules it asks the engine what they change: which values would sweep the table it
leaves, whether a sweep is a scopa (the ace's whole-table take may not be), and it values the
king of coins as the settebello under re bello and the low coins more under napola.

So it takes the settebello and coins, prefers captures that take more and better cards, sweeps
when it can, and otherwise places a card that exposes little: never a 7 lightly, preferably a
card that leaves the table above 10 or whose sweeping value is mostly already seen.
It reads only its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb

from game.engine import Card, Move
from game.engine.cards import ITALIAN
from game.engine.memo import Memo
from game.engine.scopa import ScopaView
from game.engine.scopa_house import RE_BELLO, HouseRules
from game.engine.scopa_moves import VALUE
from game.engine.scopa_scoring import COINS_MASK, SETTEBELLO

__all__ = ["ScopaRulesSeat", "card_worth"]

SCOPA = 1.0
#: Share of a card's worth lost when it is left on the table for the opponents.
EXPOSE = 0.45
_PRIMIERA_WORTH = {7: 0.35, 6: 0.2, 1: 0.12, 5: 0.05}


def card_worth(card: Card) -> float:
    """What capturing ``card`` is worth, in deal points (a rough, fixed estimate)."""
    i = card.index
    v = VALUE[i]
    worth = 0.1 + _PRIMIERA_WORTH.get(v, 0.02)
    if COINS_MASK >> i & 1:
        worth += 0.12
        if i == SETTEBELLO:
            worth += 1.0
    return worth


def _chance(unseen: int, good: int, drawn: int) -> float:
    """Chance that ``drawn`` cards from ``unseen`` include at least one of ``good`` cards."""
    if good <= 0 or drawn <= 0:
        return 0.0
    if unseen - good < drawn:
        return 1.0
    return 1.0 - comb(unseen - good, drawn) / comb(unseen, drawn)


#: :func:`card_worth` by card index, and :func:`_chance` by its arguments: worked out once
_WORTH = [card_worth(ITALIAN.by_index(i)) for i in range(40)]
#: Under napola, what each of the ace, 2 and 3 of coins (a share of the 3 points they open) and
#: each next coin (one more point, if the run reaches it) adds to a card's worth.
NAPOLA_OPENER = 0.5
NAPOLA_NEXT = 0.15


def _house_worth(rules: HouseRules) -> list[float]:
    """:data:`_WORTH` with the house rules' awards added: the king of coins worth a point
    under re bello, the coins of a napola under napola (kept per set of rules)."""
    if not (rules.re_bello or rules.napola):
        return _WORTH
    worth = _WORTHS.get(rules)
    if worth is not None:
        return worth
    worth = _WORTHS[rules] = _WORTH[:]
    if rules.re_bello:
        worth[RE_BELLO] += 1.0
    if rules.napola:
        for i in range(10):  # the coins, ace first
            worth[i] += NAPOLA_OPENER if i < 3 else NAPOLA_NEXT
    return worth


_WORTHS: dict[HouseRules, list[float]] = {}
_CHANCES: Memo[tuple[int, int, int], float] = Memo("scopa chances", 1 << 12)


class ScopaRulesSeat:
    name = "rules"

    def choose(self, view: ScopaView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        return max(legal_moves, key=_Turn(view).score)

    def score(self, view: ScopaView, move: Move) -> float:
        """The move's estimated worth in deal points (see the module docstring)."""
        return _Turn(view).score(move)


class _Turn:
    """What the seat reads from its view once per decision, and the score of one move."""

    def __init__(self, view: ScopaView) -> None:
        self.view = view
        me = view.current_player if view.current_player is not None else view.seat
        cards_left = sum(view.hand_sizes)
        self.final = view.deck_count == 0 and cards_left == 1  # the last play of the deal
        self.next_hand = view.hand_sizes[(me - 1) % view.players]
        self.next_is_final = view.deck_count == 0 and cards_left == 2
        self.table = view.table
        self.counts: list[int] | None = None
        rules = view.rules
        self.worth = _house_worth(rules)
        #: the house rules that change captures, if any (None: the seed's capture rule)
        self.house = rules if rules.captures else None

    def score(self, move: Move) -> float:
        """The move's estimated worth in deal points (see the module docstring)."""
        view = self.view
        final = self.final
        played, taken = move.cards[0], move.cards[1:]
        after = [c for c in self.table if c not in taken]
        if move.kind == "place":
            after.append(played)
        worth = self.worth
        score = 0.0
        if taken:
            score += worth[played & 63] + sum([worth[c & 63] for c in taken])
            if not after and not final and self._is_scopa(played, taken):
                score += SCOPA
        left_worth = sum([worth[c & 63] for c in after])
        if final:  # the table goes to the last capturer
            mine = bool(taken) or (
                view.last_capturer is not None and view.last_capturer % len(view.sides) == view.side
            )
            return score + (left_worth if mine else -left_worth)
        if not after:
            return score
        # Cards left where the next player may take them, and the sweep they may allow.
        score -= EXPOSE * left_worth
        if self.house is None:
            total = sum([VALUE[c & 63] for c in after])
            sweeps: tuple[int, ...] = (total,) if total <= 10 else ()
        else:
            sweeps = self.house.sweeping_values(_mask(after))
        if sweeps and not self.next_is_final:
            counts = self.counts
            if counts is None:
                counts = self.counts = _unseen_values(view)
            key = (sum(counts), sum([counts[v] for v in sweeps]), self.next_hand)
            p = _CHANCES.get(key)
            if p is None:
                p = _CHANCES.keep(key, _chance(*key))
            score -= p * (SCOPA + (1 - EXPOSE) * left_worth)
        return score

    def _is_scopa(self, played: Card, taken: Sequence[Card]) -> bool:
        """Whether a capture of the whole table is a scopa (under asso piglia tutto, the ace's
        whole-table take may not be: the engine says)."""
        if self.house is None:
            return True
        return self.house.is_scopa(played & 63, _mask(taken), _mask(self.table))


def _mask(cards: Sequence[Card]) -> int:
    """The cards as a bitmask of their indices."""
    m = 0
    for c in cards:
        m |= 1 << (c & 63)
    return m


def _unseen_values(view: ScopaView) -> list[int]:
    """How many cards of each value this seat has not seen (other hands and deck)."""
    counts = [0] + [4] * 10
    seen = [*view.hand, *view.table]
    for pile in view.captured:
        seen.extend(pile)
    for c in seen:
        counts[VALUE[c & 63]] -= 1
    return counts
