"""How Cattura is shown: the battlefield stack in the middle (its top card clear, a few below
fanned out), the draw deck with its count, and each player's captured cards face up in front of
him.

Playing: a click on a hand card of another value than the top card sends it; a card that can
only capture (the top card's value) captures with it.  The captures the engine allows are listed
in a chooser (each with the cards it puts back, the one on top last, and "yours" on a card from
your own captures); a click on a card narrows that list, a click on a row makes that capture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine import Card, Event, Move

from .. import theme
from ..chooser import Choice, Chooser
from .base import GameUI


@dataclass
class CatturaModel:
    players: int
    captured: list[tuple[Card, ...]]
    scores: list[int]
    deck: int
    final_by: int | None
    final_turns: tuple[int, ...]
    turn: int | None

    def key(self) -> tuple[Any, ...]:
        return (
            tuple(self.captured), tuple(self.scores), self.deck, self.final_by,
            self.final_turns, self.turn,
        )  # fmt: skip


class CatturaUI(GameUI):
    name = "cattura"
    title = "Cattura"
    hand_max = 5
    center = "stack"

    def __init__(self) -> None:
        super().__init__()
        self.picked: list[tuple[Card, bool]] = []  # (card, from own captures) chosen so far

    def hand_key(self, card: Card) -> Any:
        return (card.rank_index, card.suit_index)

    def deck_cards(self) -> list[Card]:
        from game.engine import GAMES

        ranks = ("A", "2", "3", "4", "5", "6", "7", "8")
        return [c for c in GAMES["cattura"].deck.cards if c.rank in ranks]

    # -- the panel ----------------------------------------------------------------------------
    def new_model(self, v: Any, seed: int) -> CatturaModel:
        return CatturaModel(
            players=v.players, captured=list(v.captured), scores=list(v.scores),
            deck=v.deck_count, final_by=v.final_by, final_turns=tuple(v.final_turns),
            turn=v.current_player,
        )  # fmt: skip

    def model_key(self, model: CatturaModel) -> Any:
        return model.key()

    def seat_scores(self, model: CatturaModel) -> list[int]:
        return model.scores

    def badges(self, seat: int) -> list[tuple[str, Any]]:
        m = self.t.model
        if seat in m.final_turns:
            return [("LAST TURN", theme.GOLD)]
        return []

    def hud_items(self, m: CatturaModel, names: list[str], deck: str) -> list[Any]:
        items: list[Any] = [
            ("title", self.title),
            ("sub", f"{m.players} players · 4 captures end it"),
            ("heading", "Captured (score)"),
        ]
        for s, name in enumerate(names):
            on = m.turn == s
            items.append(("rows", [(name.split(" (")[0], m.scores[s], on)]))
            if m.captured[s]:
                items.append(("cards", list(m.captured[s])))
        items.append(("heading", "Draw deck"))
        items.append(("small", f"{m.deck} cards" if m.deck else "empty: no more drawing", "dim"))
        if m.final_by is not None:
            items.append(("heading", "Final round"))
            who = names[m.final_by].split(" (")[0]
            last = ", ".join(names[s].split(" (")[0] for s in m.final_turns) or "—"
            items.append(("small", f"{who} emptied the hand; last turns: {last}", "gold"))
        return items

    def pile_badge(self, seat: int) -> str:
        return ""

    # -- events -------------------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        t, q = self.t, self.t.queue
        data = e.data or {}
        k = e.kind
        if k == "dealt":
            q.add(t.table.gather, "gather")
            left = data.get("deck", 0) + (0 if data.get("position") else 1)
            q.add(lambda: self._deal(e, left), "dealt")
            q.add(t.table.sort_hands, "sort")
        elif k == "turned":
            q.add(lambda: t.table.deal_center(list(e.cards), data.get("deck", 0)), "turned")
        elif k == "position":
            q.add(lambda: self._position(e), "position")
        elif k == "sent":
            q.add(lambda: self._sent(e), "sent")
        elif k == "drew":
            q.add(
                lambda: t.table.draw_to_hand(e.seat or 0, e.cards[0], data.get("deck", 0)), "drew"
            )
        elif k == "captured":
            q.add(lambda: self._captured(e), "captured")
            q.add(lambda: self._put_back(e), "put back")
        elif k == "passed":
            q.add(lambda: self._passed(e), "passed")
        elif k == "final_round":
            q.add(lambda: self._final(e), "final round")
        else:
            return False
        return True

    def _deal(self, e: Event, left: int) -> float:
        t = self.t
        t.app.audio.play("shuffle")
        return t.table.deal(list(e.cards), list((e.data or {})["to"]), e.seat or 0, left)

    def _position(self, e: Event) -> float:
        """An explicit position (tests, puzzles): the battlefield and captures as given."""
        t = self.t
        data = e.data or {}
        t.table.deck_count = data.get("deck", 0)
        t.table.deal_center(list(e.cards), data.get("deck", 0))
        for s, cards in enumerate(data.get("captured", ())):
            t.table.front[s] = []
            for c in cards:
                from ..anim import CardSprite

                sp = CardSprite(c, t.table.deck_at(), t.table.layout.small, False, "front", s)
                t.table.front[s].append(sp)
            t.table.place_front(s, t.table.d(0.3))
        return t.table.d(0.4)

    def _sent(self, e: Event) -> float:
        t = self.t
        t.table.to_center(e.seat or 0, e.cards[0])
        return t.table.d(0.4)

    def _captured(self, e: Event) -> float:
        t = self.t
        seat = e.seat or 0
        data = e.data or {}
        if seat < len(t.model.scores):
            t.model.scores[seat] = data.get("score", t.model.scores[seat])
        who = t.short_name(seat)
        verb = "take" if who == "You" else "takes"
        t.app.toast(f"{who} {verb} {self.card_words(e.cards[0])}", "info", 1.8)
        return t.table.take_top(seat)

    def _put_back(self, e: Event) -> float:
        t = self.t
        seat = e.seat or 0
        data = e.data or {}
        for card, src in zip(data.get("used", ()), data.get("from", ()), strict=False):
            t.table.to_center(seat, card, from_front=src == "captured")
        t.table.place_front(seat, t.table.d(0.3))
        return t.table.d(0.45)

    def _passed(self, e: Event) -> float:
        t = self.t
        t.app.toast(f"{t.short_name(e.seat or 0)} cannot play and passes", "info", 2.0)
        return t.table.d(0.4)

    def _final(self, e: Event) -> float:
        t = self.t
        data = e.data or {}
        who = t.short_name(e.seat or 0)
        rest = ", ".join(t.short_name(s) for s in data.get("seats", ()))
        t.show_banner("Final round", f"{who}: hand empty · one more turn for {rest}", 2.2)
        return t.table.d(0.8)

    def rebuild(self, v: Any) -> None:
        t = self.t
        hands = t.hidden_hands(v)
        front = {s: list(cards) for s, cards in enumerate(v.captured)}
        t.table.rebuild(hands, (), {}, v.deck_count, v.dealer, center=v.battlefield, front=front)

    # -- decisions ----------------------------------------------------------------------------
    def takes(self) -> list[Move]:
        return [m for m in self.t.legal if m.kind == "take"]

    @staticmethod
    def used(m: Move) -> list[tuple[Card, bool]]:
        """The cards a take puts on the battlefield, with whether each is a captured one."""
        return [(c, src == "c") for c, src in zip(m.cards[1:], m.arg or "", strict=False)]

    def _matching(self) -> list[Move]:
        return [m for m in self.takes() if all(p in self.used(m) for p in self.picked)]

    def prompt_text(self) -> str:
        if any(m.kind == "pass" for m in self.t.legal):
            return "You cannot play: pass"
        if self.picked:
            return "Choose the capture below, or click the other card"
        return "Your turn: send a card, or capture the top card"

    def place_prompt(self) -> None:
        t = self.t
        self.picked = []
        if any(m.kind == "pass" for m in t.legal):
            from ..widgets import Button

            lay = t.table.layout
            s = lay.scale
            b = Button(
                "Pass", lambda: t.apply("pass"), primary=True, size=round(19 * s), tag="pass"
            )
            cx, cy = lay.center
            b.place(
                pygame.Rect(
                    round(cx - 90 * s),
                    round(cy + lay.big_size[1] * 0.7),
                    round(180 * s),
                    round(42 * s),
                )
            )
            t.buttons.append(b)
        self._chooser(self.takes())

    def _chooser(self, moves: list[Move]) -> None:
        t = self.t
        if not moves:
            t.chooser = None
            return
        lay = t.table.layout
        s = lay.scale
        rows = []
        for m in moves:
            used = self.used(m)
            marks = ["", *("yours" if own else "" for _c, own in used)]
            if len(used) == 2:
                marks[-1] = (marks[-1] + " top").strip()
            rows.append(Choice(m, tuple(m.cards), "take", tuple(marks)))
        title = "Captures you can make" if not self.picked else "Captures with that card"
        chooser = Chooser(title, rows)
        left = lay.hand_positions(t.viewer, max(1, len(t.table.hands[t.viewer])))[0][0]
        right = round(left - lay.big_size[0] * 0.6 - 10 * s)
        top = lay.center_box.centery
        for seat in range(t.state.seats):  # clear of the cards in front of a left-hand seat
            spot = lay.spot(seat)
            if spot.side == "left":
                pos = lay.front_positions(seat, 4)
                top = max(top, round(max(y for _x, y in pos) + lay.small_size[1] / 2 + 8 * s))
        box = pygame.Rect(lay.table.x + round(10 * s), top, 0, 0)
        box.w = max(80, right - box.x)
        box.h = lay.table.bottom - round(10 * s) - top
        chooser.place_rows(box, round(lay.small * 0.62), s)
        t.chooser = chooser

    def legal_cards(self) -> set[Card]:
        out: set[Card] = set()
        for m in self.t.legal:
            if m.kind == "send":
                out.add(m.cards[0])
            elif m.kind == "take":
                out.update(c for c, own in self.used(m) if not own)
        return out

    def clickable(self, sp: Any) -> bool:
        t = self.t
        if sp.moving:
            return False
        if sp.zone == "front" and sp.owner == t.viewer:
            return any((sp.card, True) in self.used(m) for m in self.takes())
        return super().clickable(sp)

    def click_card(self, sp: Any) -> None:
        t = self.t
        card = sp.card
        if card is None:
            return
        own = sp.zone == "front"
        send = next((m for m in t.legal if m.kind == "send" and m.cards[0] == card), None)
        if not own and send is not None and not self.picked:
            t.apply(send)
            return
        pick = (card, own)
        if pick in self.picked:
            self.picked.remove(pick)
        else:
            self.picked.append(pick)
        moves = self._matching()
        if not moves:
            self.picked = [pick]
            moves = self._matching()
        if not moves:
            probe = Move("send", (card,), f"send {card}")
            t.refuse(probe)
            self.picked = []
            self._chooser(self.takes())
            return
        done = [m for m in moves if set(self.used(m)) == set(self.picked)]
        if len(moves) == 1:
            t.apply(moves[0])
        elif done and all(set(self.used(m)) == set(self.picked) for m in moves):
            # the same cards in either order (equal values): the chooser asks which on top
            self._chooser(moves)
            t.selected = [c for c, _own in self.picked]
        else:
            t.selected = [c for c, _own in self.picked]
            self._chooser(moves)

    def cancel(self) -> bool:
        if not self.picked:
            return False
        self.picked = []
        self.t.selected = []
        self._chooser(self.takes())
        return True

    def marks(self, out: dict[int, str]) -> None:
        t = self.t
        if not t.prompt_kind:
            return
        usable = {c for m in self.takes() for c, own in self.used(m) if own}
        for sp in t.table.front[t.viewer]:
            if (sp.card, True) in self.picked:
                out[id(sp)] = "selected"
            elif sp.card in usable:
                out[id(sp)] = "hover" if sp is t.hover else "legal"
        if t.table.center and self.takes():
            out[id(t.table.center[-1])] = "winner"

    # -- the summary --------------------------------------------------------------------------
    def summary_lines(self, data: dict[str, Any], names: list[str], players: int) -> list[str]:
        reason = data.get("reason", "")
        why = {
            "four captured": "a player has captured 4 cards",
            "final round": "the final round is over",
        }.get(reason, reason)
        winners = data.get("winners", ())
        who = " and ".join(names[s] for s in winners)
        lines = [f"The game ends: {why}.", f"{who} win{'s' if len(winners) == 1 else ''}!"]
        deck = self.t.deck if self.t is not None else "french"
        for s, cards in enumerate(data.get("captured", ())):
            words = ", ".join(self.card_label(c, deck) for c in cards) or "nothing"
            lines.append(f"{names[s]}: {words}.")
        return lines

    def summary_table(
        self, data: dict[str, Any], names: list[str]
    ) -> tuple[list[str], list[list[str]]]:
        head = ["", "Cards", "Faces", "Suit bonus", "4 suits", "Score"]
        rows = []
        for s, b in enumerate(data.get("breakdown", ())):
            bonus = sum(b["suit_bonus"].values())
            rows.append(
                [
                    names[s],
                    str(len(data["captured"][s])),
                    str(b["faces"]),
                    f"+{bonus}" if bonus else "",
                    f"+{b['four_suits']}" if b["four_suits"] else "",
                    str(b["total"]),
                ]
            )
        return head, rows

    def summary_scores(self, data: dict[str, Any], names: list[str]) -> list[tuple[str, str, bool]]:
        return []

    def deal_won(self, data: dict[str, Any], viewer: int) -> bool:
        return viewer in data.get("winners", ())
