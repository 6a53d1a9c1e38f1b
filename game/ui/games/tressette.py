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

from game.engine import Card, Event
from game.engine.tressette import Combo, TressetteView
from game.engine.tressette_events import Dealt, Declared, TressetteScored, TrickWon
from game.engine.tressette_tables import hand_order, raw_of

from .. import theme
from ..widgets import Button
from .table_api import TableApi
from .tricks import TrickGameUI
from .words import join_words

_THIRDS = {0: "", 1: "⅓", 2: "⅔"}


def thirds(raw: int) -> str:
    """Raw points (thirds of a point) as a player says them: 20 -> '6 ⅔', 3 -> '1'."""
    whole, part = divmod(raw, 3)
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


class TressetteUI(TrickGameUI):
    name = "tressette"
    title = "Tressette"

    REFUSALS: ClassVar[dict[str, str]] = {
        "must_follow": "you must follow {suit}: {card} is not {suit} and you hold {held}",
        "not_in_hand": "you do not hold {card}",
        "card_removed": "{card} is left out of the deck in this game",
        "already_declared": "you have already declared Buongioco in this deal",
        "declare_too_late": (
            "Buongioco may be declared only up to trick {until}, before playing: "
            "this is trick {trick_no}"
        ),
        "no_combination": "you hold no Buongioco combination",
    }

    def attach(self, table: TableApi) -> None:
        super().attach(table)
        players = table.state.players
        self.hand_max = len(table.state.info.cards_for(players)) // players

    def hand_key(self, card: Card) -> Any:
        return hand_order(card)

    # -- words --------------------------------------------------------------------------------
    def side_name(self, seats: Sequence[int], names: list[str]) -> str:
        return " & ".join(names[s].split(" (")[0] for s in seats)

    def combo_words(self, combo: Combo, deck: str) -> str:
        """'three aces', 'Napoli of cups' (of hearts in French cards): from the combination's
        parts, in the deck on screen."""
        if combo.suit is not None:
            return f"Napoli of {self.suit_label(combo.suit, deck)}"
        rank = self.card_label(combo.cards[0], deck).split(" of ")[0]
        return f"{'four' if len(combo.cards) == 4 else 'three'} {rank}s"

    def combos_words(self, combos: Sequence[Combo], deck: str) -> str:
        return join_words([f"{self.combo_words(c, deck)} ({c.points})" for c in combos])

    def values_words(self, m: TressetteModel, deck: str) -> str:
        """What the cards are worth, from the engine's raw points per rank (one suit's cards)."""
        by_value: dict[int, list[str]] = {}
        for c in self.t.state.deck.cards:
            if c.suit_index == 0 and raw_of(c.bit):
                rank = self.card_label(c, deck).split(" of ")[0]
                by_value.setdefault(raw_of(c.bit), []).append(rank)
        values = sorted(by_value.items(), reverse=True)
        last = thirds(m.last_raw) + (", fractions dropped" if m.whole else "")
        text = "; ".join(f"{join_words(ranks)} {thirds(v)}" for v, ranks in values)
        text += f"; last trick {last}"
        return text[:1].upper() + text[1:]

    # -- the panel ----------------------------------------------------------------------------
    def new_model(self, v: TressetteView, seed: int) -> TressetteModel:
        return TressetteModel(
            players=v.players, sides=v.sides, deal_no=v.deal_no, raw=list(v.raw_points),
            buongioco=list(v.buongioco), totals=list(v.totals), deals_won=list(v.deals_won),
            scores=list(v.scores), declared=list(v.declared), turn=v.current_player,
            target=v.target, deals_to_win=v.deals_to_win, whole=v.last_trick_whole,
            last_raw=v.last_trick_raw, trick_no=v.trick_no, combos=list(v.declarations),
        )  # fmt: skip

    def model_key(self, model: TressetteModel) -> Any:
        return model.key()

    def seat_scores(self, model: TressetteModel) -> list[int]:
        return model.scores

    def badges(self, seat: int) -> list[tuple[str, Any]]:
        m = self.t.model
        if seat < len(m.declared) and m.declared[seat]:
            return [("BUONGIOCO", theme.GOLD)]
        return []

    def hud_items(self, m: TressetteModel, names: list[str], deck: str) -> list[Any]:
        teams = any(len(side) > 1 for side in m.sides)
        items: list[Any] = [
            ("title", self.title),
            ("sub", f"{m.players} players{' in two sides' if teams else ', each alone'}"
             f" · deal {m.deal_no}"),
            ("heading", f"This deal · trick {m.trick_no}"),
        ]  # fmt: skip
        for k, seats in enumerate(m.sides):
            bg = f"  + {m.buongioco[k]} Buongioco" if m.buongioco[k] else ""
            items.append(
                ("text", f"{self.side_name(seats, names)}: {thirds(m.raw[k])}{bg}", "bold")
            )
        items.append(("small", self.values_words(m, deck), "dim"))
        if m.combos:
            items.append(("heading", "Buongioco"))
            items += [
                ("small", f"{self.t.short_name(seat)}: {self.combos_words(combos, deck)}", "normal")
                for seat, combos in m.combos
            ]
        items.append(("heading", f"Match · {m.target} points or {m.deals_to_win} deals"))
        rows = [
            (
                self.side_name(seats, names),
                f"{m.totals[k]} · {m.deals_won[k]}d",
                m.turn is not None and m.turn in seats,
            )
            for k, seats in enumerate(m.sides)
        ]
        items.append(("rows", rows))
        items.append(("small", "points · deals won", "faint"))
        return items

    # -- events -------------------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        q = self.t.queue
        if super().enqueue(e):
            return True
        if e.kind == "declared":
            q.add(lambda: self._on_declared(e), "declared")
            return True
        if e.kind == "deal_scored":
            q.add(lambda: self._on_scored(e), "scores")
        return False

    def on_new_deal(self, e: Event) -> None:
        m = self.t.model
        data = e.payload(Dealt)
        m.deal_no = data.deal_no
        m.raw = [0] * len(m.raw)
        m.buongioco = [0] * len(m.buongioco)
        m.declared = [False] * len(m.declared)
        m.combos = []
        m.trick_no = 1

    def on_trick(self, e: Event) -> None:
        m = self.t.model
        data = e.payload(TrickWon)
        m.raw[data.side] += data.raw
        m.trick_no = data.trick_no if data.last else data.trick_no + 1

    def _on_scored(self, e: Event) -> float:
        m = self.t.model
        data = e.payload(TressetteScored)
        m.raw = list(data.raw)
        m.totals = list(data.totals)
        m.deals_won = list(data.deals_won)
        m.scores = list(data.scores)
        return 0.0

    def _on_declared(self, e: Event) -> float:
        t = self.t
        data = e.payload(Declared)
        seat = e.seat or 0
        m = t.model
        m.declared[seat] = True
        m.buongioco[data.side] += data.points
        m.combos.append((seat, data.combos))
        who = t.short_name(seat)
        verb = "declare" if who == "You" else "declares"
        said = self.combos_words(data.combos, t.deck)
        t.show_banner("Buongioco!", f"{who} {verb} {said} — {data.points}", 2.4)
        t.app.audio.play("chime")
        if seat != t.viewer:
            return t.table.reveal(seat, list(e.cards))
        return t.table.d(0.3)

    def rebuild(self, v: TressetteView) -> None:
        t = self.t
        hands = t.hidden_hands(v)
        for s, shown in enumerate(v.shown):
            if s != t.viewer and shown:
                hands[s] = list(shown) + [None] * (v.hand_sizes[s] - len(shown))
        piles = {s: 0 for s in range(t.state.seats)}
        for _leader, cards, winner, _raw in v.tricks:
            piles[winner] += len(cards)
        t.table.rebuild(hands, v.trick, piles, 0, v.dealer)
        if v.tricks:
            _leader, cards, winner, _raw = v.tricks[-1]
            t.shown_last = list(cards)
            t.last_winner = winner

    # -- decisions ----------------------------------------------------------------------------
    def prompt_text(self) -> str:
        if any(m.kind == "declare" for m in self.t.legal):
            return "Your turn: play a card, or declare Buongioco"
        return "Your turn: play a card"

    def place_prompt(self) -> None:
        t = self.t
        declare = next((m for m in t.legal if m.kind == "declare"), None)
        if declare is None:
            return
        b = Button(
            "Buongioco!", lambda: t.apply(declare), primary=True, tag="buongioco", key=pygame.K_b
        )
        t.buttons.append(b)

    def legal_cards(self) -> set[Card]:
        return {m.cards[0] for m in self.t.legal if m.kind == "play"}

    # -- the deal summary ---------------------------------------------------------------------
    def summary_lines(self, data: Any, names: list[str], players: int) -> list[str]:
        d: TressetteScored = data
        lines = [f"Last trick: {names[d.last_trick]} (+{thirds(d.last_trick_raw)})."]
        if d.winner_side is None:
            lines.append("The deal is tied: nobody wins it.")
        else:
            seats = d.sides[d.winner_side]
            verb = "win" if len(seats) > 1 else "wins"
            lines.append(f"{self.side_name(seats, names)} {verb} the deal.")
        return lines

    def summary_table(self, data: Any, names: list[str]) -> tuple[list[str], list[list[str]]]:
        d: TressetteScored = data
        head = ["", "Taken", "Rounded", "Buongioco", "Deal", "Match", "Deals"]
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

    def summary_scores(self, data: Any, names: list[str]) -> list[tuple[str, str, bool]]:
        return []  # the table above already holds the match points
