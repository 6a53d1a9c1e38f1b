"""How Tressette with Buongioco is shown: tricks as in Capodama, the Buongioco button when the
engine allows the declaration, the declared combination as a banner with its cards turned face
up in the declarer's hand, each side's raw points as points and thirds, and the match to the
points or won deals the view names.

Every figure comes from the engine: the view (sides, target, what the last trick adds), the
typed event payloads (:mod:`game.engine.tressette_events`) and the refusals' reason codes.
Combinations are named here from their parts (rank or suit) in the deck on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pygame

from game.engine import Card, DealScored, Dealt, Event
from game.engine.tressette import Combo, TressetteView
from game.engine.tressette_events import Declared, TressetteScored
from game.engine.tressette_tables import hand_order, raw_of, whole_and_thirds
from game.i18n import N_, _

from .. import theme
from ..widgets import Button
from . import words
from .base import scored_as
from .table_api import TableApi
from .tricks import SidesTrickUI
from .words import join_words

_THIRDS = {0: "", 1: "⅓", 2: "⅔"}


def thirds(raw: int) -> str:
    """Raw points (thirds of a point) as a player says them: 20 -> '6 ⅔', 3 -> '1'."""
    whole, part = whole_and_thirds(raw)
    if not part:
        return str(whole)
    return f"{whole} {_THIRDS[part]}" if whole else _THIRDS[part]


@dataclass
class TressetteModel:
    """The panel's figures, moved on by the animation (raw points grow as tricks sweep)."""

    players: int
    sides: tuple[tuple[int, ...], ...]
    deal_no: int
    raw: list[int]
    buongioco: list[int]
    totals: list[int]
    deals_won: list[int]
    scores: list[int]
    declared: list[bool]
    turn: int | None
    target: int
    deals_to_win: int
    whole: bool
    last_raw: int
    trick_no: int = 1
    #: each declaration of this deal: the seat and its combinations
    combos: list[tuple[int, tuple[Combo, ...]]] = field(default_factory=list)

    def key(self) -> tuple[Any, ...]:
        return (
            self.deal_no, tuple(self.raw), tuple(self.buongioco), tuple(self.totals),
            tuple(self.deals_won), tuple(self.declared), self.turn, tuple(self.combos),
        )  # fmt: skip


class TressetteUI(SidesTrickUI[TressetteView, TressetteModel]):
    name = "tressette"
    title = N_("Tressette")

    REFUSALS: ClassVar[dict[str, str]] = {
        "must_follow": N_("you must follow {suit}: {card} is not {suit} and you hold {held}"),
        "not_in_hand": N_("you do not hold {card}"),
        "card_removed": N_("{card} is left out of the deck in this game"),
        "already_declared": N_("you have already declared Buongioco in this deal"),
        "declare_too_late": N_(
            "Buongioco may be declared only up to trick {until}, before playing: "
            "this is trick {trick_no}"
        ),
        "no_combination": N_("you hold no Buongioco combination"),
    }

    def attach(self, table: TableApi) -> None:
        super().attach(table)
        players = table.state.players
        self.hand_max = len(table.state.info.cards_for(players)) // players

    def hand_key(self, card: Card) -> Any:
        return hand_order(card)

    # -- words --------------------------------------------------------------------------------
    def combo_words(self, combo: Combo, deck: str) -> str:
        """'three aces', 'Napoli of cups' (of hearts in French cards): from the combination's
        parts, in the deck on screen."""
        if combo.suit is not None:
            return _("Napoli of {suit}").format(suit=self.suit_label(combo.suit, deck))
        ranks = words.rank_plural(self.name, combo.cards[0], deck)
        if len(combo.cards) == 4:
            return _("four {ranks}").format(ranks=ranks)
        return _("three {ranks}").format(ranks=ranks)

    def combos_words(self, combos: Sequence[Combo], deck: str) -> str:
        return join_words([f"{self.combo_words(c, deck)} ({c.points})" for c in combos])

    def values_words(self, m: TressetteModel, deck: str) -> str:
        """What the cards are worth, from the engine's raw points per rank (one suit's cards)."""
        by_value: dict[int, list[str]] = {}
        for c in self.t.state.deck.cards:
            if c.suit_index == 0 and raw_of(c.bit):
                rank = words.rank_plural(self.name, c, deck)
                by_value.setdefault(raw_of(c.bit), []).append(rank)
        values = sorted(by_value.items(), reverse=True)
        if m.whole:
            last = _("{points}, fractions dropped").format(points=thirds(m.last_raw))
        else:
            last = thirds(m.last_raw)
        parts = [
            _("{ranks} {points}").format(ranks=join_words(ranks), points=thirds(v))
            for v, ranks in values
        ]
        parts.append(_("last trick {points}").format(points=last))
        return words.capitalized("; ".join(parts))

    # -- the panel ----------------------------------------------------------------------------
    def new_model(self, v: TressetteView, seed: int) -> TressetteModel:
        return TressetteModel(
            players=v.players, sides=v.sides, deal_no=v.deal_no, raw=list(v.raw_points),
            buongioco=list(v.buongioco), totals=list(v.totals), deals_won=list(v.deals_won),
            scores=list(v.scores), declared=list(v.declared), turn=v.current_player,
            target=v.target, deals_to_win=v.deals_to_win, whole=v.last_trick_whole,
            last_raw=v.last_trick_raw, trick_no=v.trick_no, combos=list(v.declarations),
        )  # fmt: skip

    def badges(self, seat: int) -> list[tuple[str, Any]]:
        m = self.t.panel
        if seat < len(m.declared) and m.declared[seat]:
            return [(_("BUONGIOCO"), theme.GOLD)]
        return []

    def hud_items(self, m: TressetteModel, names: list[str], deck: str) -> list[Any]:
        items: list[Any] = [
            ("title", _(self.title)),
            self.sides_sub(m),
            ("heading", _("This deal · trick {number}").format(number=m.trick_no)),
        ]
        points = [
            thirds(raw) + ("  " + _("+ {points} Buongioco").format(points=bg) if bg else "")
            for raw, bg in zip(m.raw, m.buongioco, strict=True)
        ]
        items += self.side_lines(m, names, points)
        items.append(("small", self.values_words(m, deck), "dim"))
        if m.combos:
            items.append(("heading", _("Buongioco")))
            items += [
                (
                    "small",
                    _("{who}: {combinations}").format(
                        who=self.t.short_name(seat), combinations=self.combos_words(combos, deck)
                    ),
                    "normal",
                )
                for seat, combos in m.combos
            ]
        items.append(
            (
                "heading",
                _("Match · {target} points or {deals} deals").format(
                    target=m.target, deals=m.deals_to_win
                ),
            )
        )
        items += self.side_rows(
            m,
            names,
            [
                _("{points} · {deals}d").format(points=total, deals=won)
                for total, won in zip(m.totals, m.deals_won, strict=True)
            ],
        )
        items.append(("small", _("points · deals won"), "faint"))
        return items

    # -- events -------------------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        q = self.t.queue
        if super().enqueue(e):
            return True
        match e.data:
            case Declared() as declared:
                q.add(lambda: self._on_declared(e, declared), "declared")
                return True
            case TressetteScored() as scored:
                q.add(lambda: self._on_scored(scored), "scores")
        return False

    def on_new_deal(self, dealt: Dealt) -> None:
        m = self.t.panel
        m.deal_no = dealt.deal_no
        m.raw = [0] * len(m.raw)
        m.buongioco = [0] * len(m.buongioco)
        m.declared = [False] * len(m.declared)
        m.combos = []
        m.trick_no = 1

    def take(self, side: int, worth: int) -> None:
        self.t.panel.raw[side] += worth

    def _on_scored(self, data: TressetteScored) -> float:
        m = self.t.panel
        m.raw = list(data.raw)
        m.totals = list(data.totals)
        m.deals_won = list(data.deals_won)
        m.scores = list(data.scores)
        return 0.0

    def _on_declared(self, e: Event, data: Declared) -> float:
        t = self.t
        seat = e.seat or 0
        m = t.panel
        m.declared[seat] = True
        m.buongioco[data.side] += data.points
        m.combos.append((seat, data.combos))
        said = self.combos_words(data.combos, t.deck)
        if seat == t.viewer and t.kind_of(seat) == "human":
            sub = _("You declare {combinations} — {points}")
        else:
            sub = _("{who} declares {combinations} — {points}")
        sub = sub.format(who=t.short_name(seat), combinations=said, points=data.points)
        t.show_banner(_("Buongioco!"), sub, 2.4)
        t.app.audio.play("chime")
        if seat != t.viewer:
            return t.table.reveal(seat, list(e.cards))
        return t.table.d(0.3)

    def rebuild(self, v: TressetteView) -> None:
        t = self.t
        hands = t.hidden_hands(v)
        for s, shown in enumerate(v.shown):
            if shown and None in hands[s]:  # a hidden hand shows what Buongioco declared
                hands[s] = list(shown) + [None] * (v.hand_sizes[s] - len(shown))
        self.rebuild_tricks(v, hands, 0)

    # -- decisions ----------------------------------------------------------------------------
    def prompt_text(self) -> str:
        if any(m.kind == "declare" for m in self.t.prompt.legal):
            return _("Your turn: play a card, or declare Buongioco")
        return _("Your turn: play a card")

    def place_prompt(self) -> None:
        t = self.t
        declare = next((m for m in t.prompt.legal if m.kind == "declare"), None)
        if declare is None:
            return
        b = Button(
            _("Buongioco!"), lambda: t.apply(declare), primary=True, tag="buongioco", key=pygame.K_b
        )
        t.prompt.buttons.append(b)

    def legal_cards(self) -> set[Card]:
        return {m.cards[0] for m in self.t.prompt.legal if m.kind == "play"}

    # -- the deal summary ---------------------------------------------------------------------
    def summary_lines(self, data: DealScored, names: list[str], players: int) -> list[str]:
        d = scored_as(data, TressetteScored)
        lines = [
            _("Last trick: {who} (+{points}).").format(
                who=names[d.last_trick], points=thirds(d.last_trick_raw)
            )
        ]
        lines.append(self.winner_line(d.winner_side, d.sides, names))
        return lines

    def summary_table(
        self, data: DealScored, names: list[str]
    ) -> tuple[list[str], list[list[str]]]:
        d = scored_as(data, TressetteScored)
        head = ["", _("Taken"), _("Rounded"), _("Buongioco"), _("Deal"), _("Match"), _("Deals")]
        rows = [
            [
                self.side_name(seats, names),
                thirds(d.raw[k]),
                str(d.rounded[k]),
                str(d.buongioco[k]),
                str(d.points[k]),
                str(d.totals[k]),
                str(d.deals_won[k]),
            ]
            for k, seats in enumerate(d.sides)
        ]
        return head, rows
