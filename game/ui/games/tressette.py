"""How Tressette with Buongioco is shown: tricks as in Capodama, the Buongioco button when the
engine allows the declaration, the declared combination as a banner with its cards turned face
up in the declarer's hand, each side's raw points as points and thirds, and the match to 31
points or 3 won deals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine import Card, Event
from game.engine.tressette_tables import STRENGTH, SUIT

from .. import theme
from ..widgets import Button
from .tricks import TrickGameUI

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
    trick_no: int = 1
    combos: list[str] = field(default_factory=list)

    def key(self) -> tuple[Any, ...]:
        return (
            self.deal_no, tuple(self.raw), tuple(self.buongioco), tuple(self.totals),
            tuple(self.deals_won), tuple(self.declared), self.turn, tuple(self.combos),
        )  # fmt: skip


class TressetteUI(TrickGameUI):
    name = "tressette"
    title = "Tressette"

    @property
    def hand_max(self) -> int:  # type: ignore[override]
        return 13 if self.t is not None and self.t.state.players == 3 else 10

    def hand_key(self, card: Card) -> Any:
        return (SUIT[card.index], -STRENGTH[card.index])

    def deck_cards(self) -> list[Card]:
        return list(self.t.state.deck.cards)

    # -- sides --------------------------------------------------------------------------------
    sides: tuple[tuple[int, ...], ...] = ()

    def side_name(self, side: int, names: list[str]) -> str:
        seats = self.sides[side] if side < len(self.sides) else (side,)
        return " & ".join(names[s].split(" (")[0] for s in seats)

    # -- the panel ----------------------------------------------------------------------------
    def new_model(self, v: Any, seed: int) -> TressetteModel:
        self.sides = v.sides
        combos = [
            f"{self.t.short_name(seat)}: " + ", ".join(f"{n} ({p})" for n, _c, p in decl)
            for seat, decl in v.declarations
        ]
        return TressetteModel(
            players=v.players, sides=v.sides, deal_no=v.deal_no, raw=list(v.raw_points),
            buongioco=list(v.buongioco), totals=list(v.totals), deals_won=list(v.deals_won),
            scores=list(v.scores), declared=list(v.declared), turn=v.current_player,
            target=v.target, deals_to_win=v.deals_to_win, whole=v.last_trick_whole,
            trick_no=v.trick_no, combos=combos,
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
        teams = m.players == 4
        items: list[Any] = [
            ("title", self.title),
            ("sub", f"{m.players} players{' in two sides' if teams else ', each alone'}"
             f" · deal {m.deal_no}"),
            ("heading", f"This deal · trick {min(m.trick_no, 13)}"),
        ]  # fmt: skip
        for k in range(len(m.sides)):
            bg = f"  + {m.buongioco[k]} Buongioco" if m.buongioco[k] else ""
            items.append(("text", f"{self.side_name(k, names)}: {thirds(m.raw[k])}{bg}", "bold"))
        last = "a whole point, fractions dropped" if m.whole else "1 raw point (⅓)"
        items.append(("small", f"Aces 1, figures and 2s and 3s ⅓; last trick {last}", "dim"))
        if m.combos:
            items.append(("heading", "Buongioco"))
            items += [("small", self.t.say(c) if self.t else c, "normal") for c in m.combos]
        items.append(("heading", f"Match · {m.target} points or {m.deals_to_win} deals"))
        items.append(
            (
                "rows",
                [
                    (
                        self.side_name(k, names),
                        f"{m.totals[k]} · {m.deals_won[k]}d",
                        m.turn is not None and m.turn in m.sides[k],
                    )
                    for k in range(len(m.sides))
                ],
            )
        )
        items.append(("small", "points · deals won", "faint"))
        return items

    # -- events -------------------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        if super().enqueue(e):
            return True
        q = self.t.queue
        if e.kind == "declared":
            q.add(lambda: self._on_declared(e), "declared")
            return True
        if e.kind == "deal_scored":
            q.add(lambda: self._on_scored(e), "scores")
        return False

    def on_new_deal(self, e: Event) -> None:
        m = self.t.model
        m.deal_no = (e.data or {}).get("deal_no", m.deal_no)
        m.raw = [0] * len(m.raw)
        m.buongioco = [0] * len(m.buongioco)
        m.declared = [False] * len(m.declared)
        m.combos = []
        m.trick_no = 1

    def on_trick(self, e: Event) -> None:
        m = self.t.model
        data = e.data or {}
        m.raw[data.get("side", 0)] += data.get("raw", 0)
        m.trick_no = data.get("trick_no", m.trick_no) + 1

    def _on_scored(self, e: Event) -> float:
        m = self.t.model
        data = e.data or {}
        m.raw = list(data.get("raw", m.raw))
        m.totals = list(data.get("totals", m.totals))
        m.deals_won = list(data.get("deals_won", m.deals_won))
        m.scores = list(data.get("scores", m.scores))
        return 0.0

    def _on_declared(self, e: Event) -> float:
        t = self.t
        data = e.data or {}
        seat = e.seat or 0
        combos = ", ".join(f"{name} ({pts})" for name, _cards, pts in data.get("combos", ()))
        who = t.short_name(seat)
        m = t.model
        m.declared[seat] = True
        m.buongioco[data.get("side", 0)] += data.get("points", 0)
        m.combos.append(f"{who}: {combos}")
        verb = "declare" if who == "You" else "declares"
        t.show_banner("Buongioco!", t.say(f"{who} {verb} {combos} — {data.get('points', 0)}"), 2.4)
        t.app.audio.play("chime")
        if seat != t.viewer:
            return t.table.reveal(seat, list(e.cards))
        return t.table.d(0.3)

    def rebuild(self, v: Any) -> None:
        t = self.t
        hands = t.hidden_hands(v)
        for s, shown in enumerate(v.shown):
            if s != t.viewer and shown:
                hands[s] = list(shown) + [None] * (v.hand_sizes[s] - len(shown))
        n = t.state.seats
        piles = {s: 0 for s in range(n)}
        for _leader, cards, winner, _raw in v.tricks:
            piles[winner] += len(cards)
        t.table.rebuild(hands, v.trick, piles, 0, v.dealer)
        if v.tricks:
            _leader, cards, winner, _raw = v.tricks[-1]
            t.shown_last = list(cards)
            t.last_winner = winner

    # -- decisions ----------------------------------------------------------------------------
    def prompt(self, kind: str, players: int, solitaire_hand: str = "") -> str:
        return "Your turn: play a card"

    def prompt_text(self) -> str:
        if any(m.kind == "declare" for m in self.t.legal):
            return "Your turn: play a card, or declare Buongioco"
        return "Your turn: play a card"

    def place_prompt(self) -> None:
        t = self.t
        declare = next((m for m in t.legal if m.kind == "declare"), None)
        if declare is None:
            return
        lay = t.table.layout
        s = lay.scale
        spot = lay.spot(t.viewer)
        bw, bh = round(190 * s), round(42 * s)
        x = round(spot.plate[0] + lay.big_size[0] * 2.9)
        x = min(x, lay.table.right - bw - round(12 * s))
        y = round(spot.plate[1] - lay.plate_h * 1.2 - bh / 2)
        b = Button(
            "Buongioco!", lambda: t.apply(declare), primary=True, size=round(19 * s),
            tag="buongioco", key=pygame.K_b,
        )  # fmt: skip
        b.place(pygame.Rect(x, y, bw, bh))
        t.buttons.append(b)

    def legal_cards(self) -> set[Card]:
        return {m.cards[0] for m in self.t.legal if m.kind == "play"}

    # -- the deal summary ---------------------------------------------------------------------
    def summary_lines(self, data: dict[str, Any], names: list[str], players: int) -> list[str]:
        last = data.get("last_trick")
        lines = []
        if last is not None:
            raw = data.get("last_trick_raw", 1)
            lines.append(f"Last trick: {names[last]} (+{thirds(raw)}).")
        win = data.get("winner_side")
        if win is None:
            lines.append("The deal is tied: nobody wins it.")
        else:
            lines.append(f"{self.side_name(win, names)} win{'s' if players == 3 else ''} the deal.")
        return lines

    def summary_table(
        self, data: dict[str, Any], names: list[str]
    ) -> tuple[list[str], list[list[str]]]:
        head = ["", "Taken", "Rounded", "Buongioco", "Deal", "Match", "Deals"]
        rows = []
        for k in range(len(data.get("sides", ()))):
            rows.append(
                [
                    self.side_name(k, names),
                    thirds(data["raw"][k]),
                    str(data["rounded"][k]),
                    str(data["buongioco"][k]),
                    str(data["points"][k]),
                    str(data["totals"][k]),
                    str(data["deals_won"][k]),
                ]
            )
        return head, rows

    def summary_scores(self, data: dict[str, Any], names: list[str]) -> list[tuple[str, str, bool]]:
        return []  # the table above already holds the match points

    def deal_won(self, data: dict[str, Any], viewer: int) -> bool:
        return viewer in data.get("winner_seats", ())
