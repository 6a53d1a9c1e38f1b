"""What trick-taking games share at the table (Capodama, Tressette, Briscola): dealing hands,
cards flying to the trick, the trick pausing on its winner and sweeping to his pile, and the
last trick kept to be looked at (:class:`TrickGameUI`); and, for the games in fixed sides
(Tressette, Briscola, :class:`SidesTrickUI`), the sides' names, lines and rows on the panel,
each trick's points counted to its side as it sweeps, the deal's winner said under it, and the
table laid out again from the view's tricks.  Which cards may be played is the engine's legal
moves; the winner is the engine's :class:`~game.engine.Trick` event.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from game.engine import Card, DealScored, Dealt, Event, Played, Trick
from game.engine.tricks import SideTrick, TrickView
from game.i18n import _

from .base import GameUI, ModelT, PanelModel, ViewT


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


class SidesModel(PanelModel, Protocol):
    """What :class:`SidesTrickUI` reads of a panel model besides the turn and scores: the
    match's players and sides, the deal's number, the trick being played, and the figures that
    redraw the panel when they change (``key``)."""

    players: int
    sides: tuple[tuple[int, ...], ...]
    deal_no: int
    trick_no: int

    def key(self) -> tuple[Any, ...]: ...


SidesViewT = TypeVar("SidesViewT", bound=TrickView)
SidesModelT = TypeVar("SidesModelT", bound=SidesModel)


class SidesTrickUI(TrickGameUI[SidesViewT, SidesModelT]):
    """The table of a trick game in fixed sides (Tressette, Briscola): its sides named by their
    seats, each trick's points (the engine's :class:`~game.engine.tricks.SideTrick`) added to
    its side as the trick sweeps (:meth:`take`), and the deal's result in a table of its own
    (so no match scores under it)."""

    def model_key(self, model: SidesModelT) -> Any:
        return model.key()

    def side_name(self, seats: Sequence[int], names: list[str]) -> str:
        short = self.t.short_name if self.t is not None else names.__getitem__
        return " & ".join(short(s) for s in seats)

    # -- the panel ----------------------------------------------------------------------------
    def sides_sub(self, m: SidesModelT) -> tuple[Any, ...]:
        """The panel's line under the title: who plays with whom, and the deal."""
        if any(len(side) > 1 for side in m.sides):
            said = _("{players} players in two sides · deal {number}")
        else:
            said = _("{players} players, each alone · deal {number}")
        return ("sub", said.format(players=m.players, number=m.deal_no))

    def side_lines(self, m: SidesModelT, names: list[str], points: Sequence[str]) -> list[Any]:
        """The panel's line per side: its name and its ``points`` (as the game says them)."""
        return [
            (
                "text",
                _("{side}: {points}").format(side=self.side_name(seats, names), points=said),
                "bold",
            )
            for seats, said in zip(m.sides, points, strict=True)
        ]

    def side_rows(self, m: SidesModelT, names: list[str], values: Sequence[str]) -> list[Any]:
        """The match's rows: each side, its ``values``, marked while one of it is to play."""
        rows = [
            (self.side_name(seats, names), values[k], m.turn is not None and m.turn in seats)
            for k, seats in enumerate(m.sides)
        ]
        return [("rows", rows)]

    def on_trick(self, winner: int, trick: Trick) -> None:
        assert isinstance(trick, SideTrick)  # the engine counts its tricks' points
        self.take(trick.side, trick.worth)
        m = self.t.panel
        m.trick_no = trick.trick_no if trick.last else trick.trick_no + 1

    def take(self, side: int, worth: int) -> None:
        """A trick worth ``worth`` (in the game's unit) swept to ``side``: count it."""

    # -- the table ----------------------------------------------------------------------------
    def rebuild_tricks(
        self, v: SidesViewT, hands: dict[int, list[Card | None]], face_down: int
    ) -> None:
        """Lay the table out from ``v``: ``hands``, the trick on the table, each won pile as its
        tricks made it, ``face_down`` cards in the deck, and the last trick kept for L."""
        t = self.t
        piles = {s: 0 for s in range(t.state.seats)}
        for _leader, cards, winner, _points in v.tricks:
            piles[winner] += len(cards)
        t.table.rebuild(hands, v.trick, piles, face_down, v.dealer)
        if v.tricks:
            _leader, cards, winner, _points = v.tricks[-1]
            t.moment.shown_last = list(cards)
            t.moment.last_winner = winner

    # -- the deal summary ---------------------------------------------------------------------
    def winner_line(
        self, winner_side: int | None, sides: Sequence[Sequence[int]], names: list[str]
    ) -> str:
        """Who won the deal (``winner_side`` of ``sides``; None: nobody)."""
        if winner_side is None:
            return _("The deal is tied: nobody wins it.")
        seats = sides[winner_side]
        side = self.side_name(seats, names)
        if len(seats) > 1:
            return _("{side} win the deal.").format(side=side)
        if self.is_you(seats[0]):
            return _("You win the deal.")
        return _("{side} wins the deal.").format(side=side)

    def summary_scores(self, data: DealScored, names: list[str]) -> list[tuple[str, str, bool]]:
        return []  # the deal's table already holds the match's figures
