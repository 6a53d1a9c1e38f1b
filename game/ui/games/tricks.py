"""What trick-taking games share at the table (Capodama, Tressette): dealing hands, cards flying
to the trick, the trick pausing on its winner and sweeping to his pile, and the last trick kept
to be looked at.  Which cards may be played is the engine's legal moves; the winner is the
engine's "trick" event.
"""

from __future__ import annotations

from typing import Any

from game.engine import Dealt, Event
from game.i18n import _

from .base import GameUI


class TrickGameUI(GameUI):
    def enqueue(self, e: Event) -> bool:
        t, q = self.t, self.t.queue
        k = e.kind
        if k == "dealt":
            first = e.payload(Dealt).starts_deal
            left = self.set_aside_now(t.state, t.viewer) if first else 0
            if first:
                q.add(t.table.gather, "gather")
            q.add(lambda: self._on_dealt(e, left), "dealt")
            q.add(t.table.sort_hands, "sort")
        elif k == "played":
            q.add(lambda: self._on_played(e), "played")
        elif k == "trick":
            q.add(lambda: self._on_trick_pause(e), "trick")
            q.add(lambda: self._on_sweep(e), "sweep")
        else:
            return False
        return True

    def _on_dealt(self, e: Event, left: int) -> float:
        t = self.t
        t.selected = []
        data = e.payload(Dealt)
        if data.starts_deal:
            t.shown_last = []
            self.on_new_deal(e)
        t.app.audio.play("shuffle")
        return t.table.deal(list(e.cards), list(data.to), e.seat or 0, left)

    def on_new_deal(self, e: Event) -> None:
        """A new deal starts: reset what the panel counts per deal."""

    def _on_played(self, e: Event) -> float:
        return self.t.table.play(e.seat or 0, e.cards[0])

    def _on_trick_pause(self, e: Event) -> float:
        t = self.t
        t.winner_mark = next((sp for s, sp in t.table.trick if s == e.seat), None)
        return t.hold(_("Won by {who}").format(who=t.who(e.seat or 0)), t.winner_mark)

    def _on_sweep(self, e: Event) -> float:
        t = self.t
        t.winner_mark = None
        t.end_hold()
        winner = e.seat or 0
        n = len(e.cards)
        t.shown_last = [(s, sp.card) for s, sp in t.table.trick if sp.card is not None][:n]
        t.last_winner = winner
        self.on_trick(e)
        return t.table.sweep(winner)

    def on_trick(self, e: Event) -> None:
        """A trick was won: update the panel's running counts."""

    def rebuild_tricks(
        self, view: Any, hands: dict[int, list[Any]], piles: dict[int, int], deck_count: int = 0
    ) -> None:
        t = self.t
        t.table.rebuild(hands, view.trick, piles, deck_count, view.dealer)
