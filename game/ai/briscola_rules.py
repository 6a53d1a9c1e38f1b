"""A rule-based Briscola seat: the habits of a sensible player, no search.

- Leads a card that gives little away: a low non-trump card worth nothing (a *liscio*), else
  the cheapest non-trump card, keeping trumps and counting cards for later.
- Follows, when the trick is the partner's (4 players): adds points (a *carico*, an ace or a
  3 of another suit) when it plays last or the partner's card is a trump; else throws low.
- Follows, when an opponent holds the trick: takes it cheaply where that pays, with a
  non-trump card of the suit led first, a trump only for a trick worth a figure or more
  (the lowest trump that wins); otherwise it throws the card that gives the fewest points,
  keeping its trumps.

It reads only its view: its own hand, the trick on the table and the trump card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Move
from game.engine.briscola import BriscolaView
from game.engine.briscola_cards import POINTS, STRENGTH, SUIT, trick_winner

__all__ = ["BriscolaRulesSeat"]

#: A trick worth at least this many card points is worth a trump (a Re or more).
TRUMP_FOR = 4


def _cost(card: int, trump: int) -> float:
    """How dear a card is to give up: its points, a trump's worth as a trump, its rank."""
    worth = POINTS[card] + STRENGTH[card] * 0.1
    return worth + (6 + STRENGTH[card] * 0.5 if SUIT[card] == trump else 0)


class BriscolaRulesSeat:
    name = "rules"

    def choose(self, view: BriscolaView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        trump = SUIT[view.trump.index]
        by_index = {m.cards[0].index: m for m in legal_moves}
        cards = list(by_index)
        cheapest = min(cards, key=lambda c: _cost(c, trump))
        if not view.trick:
            return by_index[cheapest]
        played = [c.index for _, c in view.trick]
        best_seat = view.trick[trick_winner(played, trump)][0]
        at_stake = sum(POINTS[c] for c in played)
        last = len(view.trick) == view.players - 1
        if view.side_of(best_seat) == view.side:
            best_card = played[trick_winner(played, trump)]
            if last or SUIT[best_card] == trump:
                loads = [c for c in cards if SUIT[c] != trump and POINTS[c] >= 10]
                if loads:
                    return by_index[max(loads, key=lambda c: POINTS[c])]
            return by_index[cheapest]
        winners = [c for c in cards if trick_winner([*played, c], trump) == len(played)]
        plain = [c for c in winners if SUIT[c] != trump]
        if plain:
            return by_index[max(plain, key=lambda c: (POINTS[c], STRENGTH[c]))]
        trumps = [c for c in winners if SUIT[c] == trump]
        if trumps and (at_stake >= TRUMP_FOR or POINTS[cheapest] >= 10):
            return by_index[min(trumps, key=lambda c: _cost(c, trump))]
        return by_index[cheapest]
