"""How Briscola is shown: three cards in hand, the stock beside the middle with the trump card
turned face up under it (drawn last), tricks as in the other trick games, each side's card
points as its tricks sweep, and the match to the deals won the view names.

Every figure comes from the engine: the view (sides, the trump card, the stock, the points and
the deals to win), the typed event payloads (:mod:`game.engine.briscola_events`) and the
refusals' reason codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from game.engine import Card, DealScored, Event
from game.engine.briscola import BriscolaView
from game.engine.briscola_cards import HAND_SIZE, hand_order
from game.engine.briscola_events import BriscolaScored, Dealt, Drew
from game.i18n import N_, _, ngettext

from ..anim import CardSprite
from ..piles import Pile, Slot
from .base import scored_as
from .tricks import SidesTrickUI


@dataclass
class BriscolaModel:
    """The panel's figures, moved on by the animation (points grow as tricks sweep)."""

    players: int
    sides: tuple[tuple[int, ...], ...]
    deal_no: int
    trump: Card
    stock: int
    points: list[int]
    deals_won: list[int]
    scores: list[int]
    turn: int | None
    deals_to_win: int
    trick_no: int = 1

    def key(self) -> tuple[Any, ...]:
        return (
            self.deal_no, self.trump, self.stock, tuple(self.points), tuple(self.deals_won),
            self.turn, self.trick_no,
        )  # fmt: skip


class BriscolaUI(SidesTrickUI[BriscolaView, BriscolaModel]):
    name = "briscola"
    title = N_("Briscola")
    hand_max = HAND_SIZE

    REFUSALS: ClassVar[dict[str, str]] = {
        "not_in_hand": N_("you do not hold {card}"),
        "card_removed": N_("{card} is left out of the deck in this game"),
    }

    _turned: Pile | None = None
    _stock: Pile | None = None

    @property
    def turned(self) -> Pile:
        """The trump card turned face up under the stock, until it is drawn: a pile of the
        table's own, added on first use (:meth:`attach` runs before the table is made)."""
        if self._turned is None:
            self._turned = self.t.table.add_pile(Pile("trump", self._trump_slots))
        return self._turned

    @property
    def stock(self) -> Pile:
        """The stock's face-down cards, stacked over the trump card: the table's deck stays
        in front of the dealer while dealing, and the stock lies apart for the whole deal."""
        if self._stock is None:
            self.turned  # noqa: B018  # the trump card's pile first: it lies under the stock
            self._stock = self.t.table.add_pile(Pile("stock", self._stock_slots))
        return self._stock

    def _stock_at(self) -> tuple[float, float]:
        """Where the stock lies: left of the middle with two players, else in the top left
        corner, clear of every hand and of the trick."""
        lay = self.t.table.layout
        if self.t.state.seats == 2:
            return lay.deck_pos
        sw, sh = lay.small_size
        return (lay.table.x + lay.margin + sw * 0.6, lay.margin + sh * 0.55)

    def _stock_slots(self, pile: Pile, count: int) -> list[Slot]:
        x, y = self._stock_at()
        w = self.t.table.layout.small
        return [Slot((x - min(k, 6), y - min(k, 6) * 1.5), w, 6 + k, False) for k in range(count)]

    def _trump_slots(self, pile: Pile, count: int) -> list[Slot]:
        """The trump card sticks out from under the stock, toward the middle."""
        x, y = self._stock_at()
        w = self.t.table.layout.small
        return [Slot((x + w * 0.6, y), w, 5, True) for _ in range(count)]

    def hand_key(self, card: Card) -> Any:
        return hand_order(card)

    # -- the panel ----------------------------------------------------------------------------
    def new_model(self, v: BriscolaView, seed: int) -> BriscolaModel:
        return BriscolaModel(
            players=v.players, sides=v.sides, deal_no=v.deal_no, trump=v.trump, stock=v.stock,
            points=list(v.points), deals_won=list(v.deals_won), scores=list(v.scores),
            turn=v.current_player, deals_to_win=v.deals_to_win, trick_no=v.trick_no,
        )  # fmt: skip

    def hud_items(self, m: BriscolaModel, names: list[str], deck: str) -> list[Any]:
        items: list[Any] = [
            ("title", _(self.title)),
            self.sides_sub(m),
            ("heading", _("Trumps")),
            ("suit", m.trump, self.suit_label(m.trump.suit, deck)),
            ("small", ngettext("{count} card left to draw", "{count} cards left to draw",
                               m.stock).format(count=m.stock), "dim"),
            ("heading", _("This deal · trick {number}").format(number=m.trick_no)),
        ]  # fmt: skip
        items += self.side_lines(m, names, [str(points) for points in m.points])
        items.append(
            (
                "heading",
                ngettext(
                    "Match · first to {count} deal",
                    "Match · first to {count} deals",
                    m.deals_to_win,
                ).format(count=m.deals_to_win),
            )
        )
        items += self.side_rows(m, names, [str(won) for won in m.deals_won])
        items.append(("small", _("deals won"), "faint"))
        return items

    # -- events -------------------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        t, q = self.t, self.t.queue
        match e.data:
            case Dealt() as dealt:
                q.add(t.table.gather, "gather")
                q.add(lambda: self._on_dealt(e, dealt, dealt.stock - 1), "dealt")
                q.add(lambda: self._turn_trump(dealt), "trump")
                q.add(t.table.sort_hands, "sort")
                return True
            case Drew() as drew:
                for seat, card in zip(drew.to, e.cards, strict=True):
                    q.add(partial(self._draw, seat, card), "drew")
                return True
            case BriscolaScored() as scored:
                q.add(lambda: self._on_scored(scored), "scores")
                return False
        return super().enqueue(e)

    def _turn_trump(self, dealt: Dealt) -> float:
        """The cards left after the deal become the stock, the trump card turned under it."""
        table = self.t.table
        dur = table.d(0.4)
        start, w = table.deck_at(), table.layout.small
        table.deck_count = 0
        self.turned.clear()
        self.stock.clear()
        table.send(CardSprite(dealt.trump, start, w, False, "trump"), self.turned, dur)
        for _card in range(dealt.stock - 1):
            table.send(CardSprite(None, start, w, False, "stock"), self.stock, dur)
        self.t.panel.trump = dealt.trump
        return dur

    def _draw(self, seat: int, card: Card | None) -> float:
        """One card drawn from the top of the stock, the trump card once the stock is gone."""
        t = self.t
        table = t.table
        t.panel.stock = max(0, t.panel.stock - 1)
        pile = self.stock if self.stock else self.turned
        if not pile:  # the events and the table disagree: show the draw anyway
            pile.append(CardSprite(card, self._stock_at(), table.layout.small, False, "stock"))
        sp = pile.pop()
        sp.card, sp.zone, sp.owner = card, "hand", seat
        table.hands[seat].append(sp)
        dur = table.d(0.34)
        table.place(table.hands[seat], dur, turn=True, always=True)
        table.sound("flick")
        return dur

    def on_new_deal(self, dealt: Any) -> None:
        m = self.t.panel
        m.deal_no = dealt.deal_no
        m.points = [0] * len(m.points)
        m.trick_no = 1
        m.stock = dealt.stock

    def take(self, side: int, worth: int) -> None:
        self.t.panel.points[side] += worth

    def _on_scored(self, data: BriscolaScored) -> float:
        m = self.t.panel
        m.points = list(data.points)
        m.deals_won = list(data.deals_won)
        m.scores = list(data.scores)
        return 0.0

    def rebuild(self, v: BriscolaView) -> None:
        self.rebuild_tricks(v, self.t.hidden_hands(v), v.face_down)
        if v.trump_to is None and v.stock:
            table = self.t.table
            self.turned.append(
                CardSprite(v.trump, table.deck_at(), table.layout.small, True, "trump")
            )
            table.place(self.turned, 0.0)

    # -- the deal summary ---------------------------------------------------------------------
    def summary_lines(self, data: DealScored, names: list[str], players: int) -> list[str]:
        d = scored_as(data, BriscolaScored)
        return [self.winner_line(d.winner_side, d.sides, names)]

    def summary_table(
        self, data: DealScored, names: list[str]
    ) -> tuple[list[str], list[list[str]]]:
        d = scored_as(data, BriscolaScored)
        head = ["", _("Points"), _("Deals won")]
        rows = [
            [self.side_name(seats, names), str(d.points[k]), str(d.deals_won[k])]
            for k, seats in enumerate(d.sides)
        ]
        return head, rows
