"""A rule-based Capodama seat: the habits of a sensible club player, no search.

- Doubles the suit where its own cards are worth most, and (3 players) makes its own most
  valuable card the 4th trump.
- Passes a card worth nothing from a short suit; a capo holding QH passes it to gain a dama.
- Leads aces of plain suits, else a low card of its longest suit.
- Following: when a known partner holds the trick safely it adds points; when an opponent
  holds it, it wins with the cheapest card that wins if the trick is worth it, else it
  throws its cheapest card.  Trumps are spent where the points pay for them.

It reads only its view: its own hand, the public play and what its seat knows of the teams.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from game.engine import Card, Move
from game.engine.capodama import CapodamaView
from game.engine.capodama_cards import STRENGTH, card_points, trick_winner

__all__ = ["CapodamaRulesSeat", "ally_test"]

#: What holding each trump is worth, strongest first (AH, 7H, QH, then a 3-player 4th trump).
_TRUMP_COST = (40, 25, 14, 12)


class CapodamaRulesSeat:
    name = "rules"

    def choose(self, view: CapodamaView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        kind = legal_moves[0].kind
        if kind == "double":
            return self._double(view, legal_moves)
        if kind == "trump":
            return self._trump(view, legal_moves)
        if kind == "pass":
            return self._pass(view, legal_moves)
        seat = view.seat if view.current_player is None else view.current_player
        return self._play(view, view.hands.get(seat, view.hand), legal_moves)

    # -- announcements ---------------------------------------------------------------------
    @staticmethod
    def _double(view: CapodamaView, moves: Sequence[Move]) -> Move:
        def worth(m: Move) -> tuple[int, int]:
            mine = [c for c in view.hand if c.suit == m.arg]
            return sum(card_points(c, None) + STRENGTH[c.index] for c in mine), len(mine)

        return max(moves, key=worth)

    @staticmethod
    def _trump(view: CapodamaView, moves: Sequence[Move]) -> Move:
        mine = {c for c in view.hand}
        own = [m for m in moves if m.card in mine]
        pool = own or list(moves)
        return max(pool, key=lambda m: (card_points(m.card, view.doubled), STRENGTH[m.card.index]))

    def _pass(self, view: CapodamaView, moves: Sequence[Move]) -> Move:
        if view.seat == view.capo:
            dama = view.side_cards[1]  # QH: a capo holding it passes it, not to play alone
            for m in moves:
                if m.cards[0] == dama:
                    return m
        counts = Counter(c.suit for c in view.hand)

        def cost(m: Move) -> tuple[int, ...]:
            return tuple(
                v
                for c in m.cards
                for v in (self._keep_value(view, c), counts[c.suit], STRENGTH[c.index])
            )

        return min(moves, key=cost)

    @staticmethod
    def _keep_value(view: CapodamaView, c: Card) -> int:
        """How much a card is worth keeping: its points, plus its power as a trump."""
        power = _TRUMP_COST[view.trumps.index(c)] if c in view.trumps else 0
        return card_points(c, view.doubled) + power

    # -- card play -------------------------------------------------------------------------
    def _play(self, view: CapodamaView, hand: tuple[Card, ...], moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        me = view.current_player
        assert me is not None
        trumps = set(view.trumps)
        if not view.trick:
            return self._lead(view, hand, moves, trumps)
        cards = [c for _, c in view.trick]
        seats = [s for s, _ in view.trick]
        win_pos = trick_winner(cards, view.fourth_trump)
        holder = seats[win_pos]
        remaining = view.seats - len(cards) - 1
        on_table = sum(card_points(c, view.doubled) for c in cards)
        ally = ally_test(view, me)

        def wins_with(c: Card) -> bool:
            return trick_winner([*cards, c], view.fourth_trump) == len(cards)

        if ally(holder) and (remaining == 0 or self._safe(view, cards[win_pos], trumps)):
            # Partner holds the trick: give it the most points without spending a trump.
            plain = [m for m in moves if m.card not in trumps] or list(moves)
            return max(
                plain, key=lambda m: (card_points(m.card, view.doubled), -STRENGTH[m.card.index])
            )
        winners = [m for m in moves if wins_with(m.card)]
        if winners:
            best = min(
                winners, key=lambda m: self._keep_value(view, m.card) + STRENGTH[m.card.index]
            )
            gain = on_table + card_points(best.card, view.doubled)
            spends_trump = best.card in trumps
            worth_it = gain >= (14 if spends_trump else 0) or (remaining == 0 and gain > 0)
            if not spends_trump or worth_it:
                return best
        return min(moves, key=lambda m: (self._keep_value(view, m.card), STRENGTH[m.card.index]))

    def _lead(
        self, view: CapodamaView, hand: tuple[Card, ...], moves: Sequence[Move], trumps: set[Card]
    ) -> Move:
        played = {c for _, t, _, _ in view.tricks for _, c in t}
        for m in moves:  # a plain ace that nothing of its suit can beat
            if m.card.rank == "A" and m.card not in trumps:
                return m
        for m in moves:  # a plain 7 once the ace of its suit is gone
            c = m.card
            if (
                c.rank == "7"
                and c not in trumps
                and any(p.rank == "A" and p.suit == c.suit for p in played)
            ):
                return m
        plain = [m for m in moves if m.card not in trumps] or list(moves)
        length = Counter(c.suit for c in hand if c not in trumps)
        return min(
            plain,
            key=lambda m: (
                card_points(m.card, view.doubled),
                -length[m.card.suit],
                STRENGTH[m.card.index],
            ),
        )

    @staticmethod
    def _safe(view: CapodamaView, card: Card, trumps: set[Card]) -> bool:
        """Whether ``card`` is sure to hold the trick: the top trump still out."""
        gone = {c for _, t, _, _ in view.tricks for _, c in t} | {c for _, c in view.trick}
        order = [t for t in view.trumps]
        higher = order[: order.index(card)] if card in trumps else order
        return card in trumps and all(t in gone or t in view.hand for t in higher)


def ally_test(view: CapodamaView, me: int) -> Callable[[int], bool]:
    """Whether a seat is on ``me``'s side as far as the view tells: the capo side as known
    (view.partners), the capo's opponents once that side is whole (or the capo plays alone),
    and ``me`` alone while its partners are unknown; in the solitaire every hand is the
    player's."""
    partners = set(view.partners)
    if view.players == 1:
        return lambda s: True
    if me in partners:
        return lambda s: s in partners
    expected = len(view.side_cards)  # the capo alone, or with the holders of QH (and KH)
    if expected == 1:
        return lambda s: s != view.capo
    if len(partners) >= expected:
        return lambda s: s not in partners
    return lambda s: s == me
