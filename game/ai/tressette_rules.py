"""A rule-based Tressette seat: the habits of a sensible player, no search.

- Declares Buongioco at its first chance (it is free points and the window closes after trick 2).
- Counts cards: every card not in its hand and not yet played is "out"; a card is a *master*
  when no out card of its suit ranks higher (a 3 always is).
- Leads: cashes a master card (3s and 2s before a master ace, so the ace behind them becomes
  master), else a low card of its longest suit, keeping away from suits where it holds an
  unguarded ace.
- Follows: when the partner (4 players) holds the trick safely it adds counting cards, the ace
  first, keeping its 3s and 2s, which take tricks of their own later; when it can win for sure
  (a master card, or it plays last) it wins with its cheapest such card; a risky win is tried
  only with a figure and only for a trick worth something; otherwise it throws a non-counting
  low card (4 to 7) and saves aces.

It reads only its view: its own hand, the tricks played, the current trick and declarations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Move
from game.engine.tressette import TressetteView
from game.engine.tressette_tables import RAW, STRENGTH, SUIT, SUIT_MASK, deck_mask, trick_winner

__all__ = ["TressetteRulesSeat"]

#: How much a card is worth keeping in hand, per rank index (1 2 3 4 5 6 7 F C R): aces for
#: their 3 raw, 3s and 2s for the tricks they take, figures for their point, the rest by rank.
_KEEP_BY_RANK = (30.0, 10.0, 12.0, 0.0, 0.1, 0.2, 0.3, 3.0, 3.2, 3.4)
KEEP = [_KEEP_BY_RANK[i % 10] for i in range(40)]
#: Preference when giving cards to a partner who holds the trick: points first, 3s and 2s last.
_GIVE_BY_RANK = (9.0, -2.0, -3.0, 0.0, 0.1, 0.2, 0.3, 1.0, 1.1, 1.2)
GIVE = [_GIVE_BY_RANK[i % 10] for i in range(40)]
ACE, TWO, THREE = 0, 1, 2


class TressetteRulesSeat:
    name = "rules"

    def choose(self, view: TressetteView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        for m in legal_moves:
            if m.kind == "declare":
                return m
        if len(legal_moves) == 1:
            return legal_moves[0]
        mine = 0
        for c in view.hand:  # a card's index is its value's low six bits (no property read)
            mine |= 1 << (c & 63)
        played = 0
        for _, t, _, _ in view.tricks:
            for _, c in t:
                played |= 1 << (c & 63)
        for _, c in view.trick:
            played |= 1 << (c & 63)
        out = deck_mask(view.players) & ~mine & ~played
        by_index = {m.cards[0] & 63: m for m in legal_moves}
        if not view.trick:
            return by_index[self._lead(mine, out, list(by_index))]
        return by_index[self._follow(view, mine, out, list(by_index))]

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _master(i: int, out: int) -> bool:
        """No card still out in ``i``'s suit ranks above it."""
        rest = out & SUIT_MASK[SUIT[i]]
        s = STRENGTH[i]
        while rest:
            low = rest & -rest
            if STRENGTH[low.bit_length() - 1] > s:
                return False
            rest ^= low
        return True

    # -- leading ---------------------------------------------------------------------------
    def _lead(self, mine: int, out: int, legal: list[int]) -> int:
        masters = [i for i in legal if self._master(i, out)]
        if masters:
            # Cash masters in suits the others still hold (they must follow and may drop
            # points); 3s and 2s first, so an ace behind them becomes master in its turn.
            def cash(i: int) -> tuple[bool, int, float]:
                return (bool(out & SUIT_MASK[SUIT[i]]), i % 10 != ACE, -KEEP[i])

            return max(masters, key=cash)
        length = [(mine & SUIT_MASK[s]).bit_count() for s in range(4)]

        def guarded_ace(s: int) -> bool:
            """Holding the ace of ``s`` without its 3 or 2: leading that suit exposes the ace."""
            base = 10 * s
            return bool(mine >> base & 1) and not mine >> (base + THREE) & 1

        def lead_key(i: int) -> tuple[float, ...]:
            s = SUIT[i]
            return (
                KEEP[i] >= 3.0,  # a counting card or a boss card led blind is a gift
                guarded_ace(s) and i % 10 != ACE,
                -length[s],
                KEEP[i],
            )

        return min(legal, key=lead_key)

    # -- following -------------------------------------------------------------------------
    def _follow(self, view: TressetteView, mine: int, out: int, legal: list[int]) -> int:
        me = view.current_player
        assert me is not None
        cards = [c & 63 for _, c in view.trick]
        seats = [s for s, _ in view.trick]
        led = SUIT[cards[0]]
        win = trick_winner(cards)
        best = cards[win]
        holder = seats[win]
        remaining = view.players - len(cards) - 1
        on_table = sum(RAW[c] for c in cards)
        partner = next((s for s in view.sides[view.side] if s != me), -1)

        # Whether the trick is sure to stay where it is: nobody after me can beat ``best``.
        # In 4 players, when I play third the last player is an opponent; when I play second
        # both my partner and an opponent follow, so only a master card is safe.
        held_safe = remaining == 0 or self._master(best, out)

        if holder == partner and held_safe:
            return max(legal, key=lambda i: (GIVE[i], -STRENGTH[i]))

        winners = [i for i in legal if SUIT[i] == led and STRENGTH[i] > STRENGTH[best]]
        sure = [i for i in winners if remaining == 0 or self._master(i, out)]
        if sure:
            return min(sure, key=lambda i: (KEEP[i] - RAW[i], STRENGTH[i]))
        if holder != partner and winners and on_table >= 1:
            risky = [i for i in winners if i % 10 >= 7]  # figures only: never risk 1, 2, 3
            if risky:
                return min(risky, key=lambda i: STRENGTH[i])
        return self._dump(mine, legal, led)

    @staticmethod
    def _dump(mine: int, legal: list[int], led: int) -> int:
        """The card that costs least to lose: a 4 to 7 first, aces last.

        When discarding off-suit, prefer a short suit's card and never the last guard (a low
        card kept with a lone ace or 2)."""

        def cost(i: int) -> tuple[float, int]:
            s = SUIT[i]
            k = KEEP[i]
            if SUIT[i] != led:
                held = mine & SUIT_MASK[s]
                lone_guard = held.bit_count() == 2 and bool(held & (0b11 << (10 * s)))
                if lone_guard and i % 10 not in (ACE, TWO):
                    k += 2.0
            return k, STRENGTH[i]

        return min(legal, key=cost)
