"""What trick-taking games share at the table (Capodama, Tressette): dealing hands, cards flying
to the trick, the trick pausing on its winner and sweeping to his pile, and the last trick kept
to be looked at.  Which cards may be played is the engine's legal moves; the winner is the
engine's :class:`~game.engine.Trick` event.
"""

from __future__ import annotations

from game.engine import Dealt, Event, Played, Trick
from game.i18n import _

from .base import GameUI, ModelT, ViewT


class TrickGameUI(GameUI[ViewT, ModelT]):
    taking_kinds = (Trick,)

    def enqueue(self, e: Event) -> bool:
        t, q = self.t, self.t.queue
        match e.data:
            case Dealt() as dealt:
                first = dealt.starts_deal
                left = self.set_aside(t.state.view(t.viewer)) if first else 0
                if first:
                    q.add(t.table.gather, "gather")
                q.add(lambda: self._on_dealt(e, dealt, left), "dealt")
                q.add(t.table.sort_hands, "sort")
            case Played():
                q.add(lambda: self._on_played(e), "played")
            case Trick() as trick:
                q.add(lambda: self._on_trick_pause(e), "trick")
                q.add(lambda: self._on_sweep(e, trick), "sweep")
            case _:
                return False
        return True

    def set_aside(self, view: ViewT) -> int:
        """Cards waiting face down in the deck pile while a deal is dealt (none but in
        Capodama's set-aside half)."""
        return 0

    def _on_dealt(self, e: Event, dealt: Dealt, left: int) -> float:
        t = self.t
        t.prompt.selected = []
        if dealt.starts_deal:
            t.moment.shown_last = []
            self.on_new_deal(dealt)
        t.app.audio.play("shuffle")
        return t.table.deal(list(e.cards), list(dealt.to), e.seat or 0, left)

    def on_new_deal(self, dealt: Dealt) -> None:
        """A new deal starts: reset what the panel counts per deal."""

    def _on_played(self, e: Event) -> float:
        return self.t.table.play(e.seat or 0, e.cards[0])

    def _on_trick_pause(self, e: Event) -> float:
        t = self.t
        t.moment.winner_mark = next((sp for s, sp in t.table.trick if s == e.seat), None)
        return t.hold(_("Won by {who}").format(who=t.who(e.seat or 0)), t.moment.winner_mark)

    def _on_sweep(self, e: Event, trick: Trick) -> float:
        t = self.t
        t.moment.winner_mark = None
        t.moment.end_hold()
        winner = e.seat or 0
        n = len(e.cards)
        t.moment.shown_last = [(s, sp.card) for s, sp in t.table.trick if sp.card is not None][:n]
        t.moment.last_winner = winner
        self.on_trick(winner, trick)
        return t.table.sweep(winner)

    def on_trick(self, winner: int, trick: Trick) -> None:
        """A trick was won by ``winner``: update the panel's running counts."""
