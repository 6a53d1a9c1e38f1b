"""How Cattura is shown: the battlefield stack in the middle (its top card clear, a few below
fanned out), the draw deck with its count, and each player's captured cards face up side by
side beside his hand, where a won pile would lie.

The last capture (who took the top card, with which cards) is kept when it is held on the table,
and L or a click on a player's captured cards shows it again, as the trick games show their last
trick.

Playing: a click on a hand card of another value than the top card sends it; a card that can
only capture (the top card's value) captures with it.  The captures the engine allows are listed
in a chooser (each with the cards it puts back, the one on top last, and "yours" on a card from
your own captures); a click on a card narrows that list, a click on a row makes that capture.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from game.engine import Card, DealScored, Event, Move
from game.engine.cattura import HAND_SIZE, REPETITIONS, WIN_CAPTURES, CatturaView
from game.engine.cattura_events import (
    Captured,
    CatturaScored,
    Dealt,
    Drew,
    FinalRound,
    Passed,
    Position,
    Sent,
    Turned,
)
from game.engine.cattura_moves import SEND
from game.i18n import N_, _, ngettext

from .. import theme
from ..chooser import Choice, Chooser
from . import words
from .base import GameUI, LastLook, scored_as


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


#: why the match ended, by the engine's reason
_ENDS = {
    "four captured": N_("a player has captured {count} cards"),
    "final round": N_("the final round is over"),
    "repetition": N_("the same position came up {repeats} times"),
}


class CatturaUI(GameUI[CatturaView, CatturaModel]):
    name = "cattura"
    title = N_("Cattura")
    hand_max = HAND_SIZE
    pile_cards = WIN_CAPTURES  # the captures lie face up side by side, in the pile's place
    center = "stack"
    taking_kinds = (Captured,)
    LAST_BUTTON = N_("Last capture (L)")
    LAST_NONE = N_("Nothing has been captured yet")
    HOLD_LABEL = N_("Capture stays")

    #: the engine's refusals (see game.engine.cattura_refusals), said to the player who tried
    REFUSALS: ClassVar[dict[str, str]] = {
        "not_cattura_card": N_("{card} is not a card of Cattura"),
        "cannot_pass": N_("you may pass only with an empty hand and no capture: try {moves}"),
        "empty_hand": N_("your hand is empty: capture with one of your captured cards, or pass"),
        "not_held": N_("you do not hold {card}"),
        "same_value": N_("{card} has the value of {top}: send another card, or capture with it"),
        "not_a_capture": N_("send a card, capture the top card, or pass"),
        "too_many_cards": N_("capture with one or two cards, never more"),
        "not_top": N_("only the top card can be captured: {top}, not {card}"),
        "not_captured": N_("{card} is not among your captured cards"),
        "mark_captured": N_("{card} is among your captured cards, not in your hand"),
        "used_twice": N_("{card} cannot be used twice"),
        "two_captured": N_("never two of your captured cards in one capture"),
        "wrong_sum": N_("{used} make {total}, but {top} is worth {value}"),
        "larger_on_top": N_("the larger card goes on top: {move}"),
        "not_allowed": N_("that capture is not allowed now"),
        "bad_mark": N_("{text} is not a card"),
    }

    def __init__(self) -> None:
        super().__init__()
        self.picked: list[tuple[Card, bool]] = []  # (card, from own captures) chosen so far
        self.last: tuple[int, Captured] | None = None  # the last capture: who, and what

    def hand_key(self, card: Card) -> Any:
        return (card.rank_index, card.suit_index)

    def move_words(self, move: Move) -> str:
        """A move as a refusal names it: "sending the 5 of hearts", "taking the 8 of hearts
        with the 3 of diamonds and the 5 of clubs (from your captures)", "passing"."""
        if move.kind == "send":
            return _("sending {card}").format(card=self.card_words(move.cards[0]))
        if move.kind == "take":
            used = [
                _("{card} (from your captures)").format(card=self.card_words(c))
                if own
                else self.card_words(c)
                for c, own in self.used(move)
            ]
            return _("taking {card} with {used}").format(
                card=self.card_words(move.cards[0]), used=words.join_words(used)
            )
        return _("passing") if move.kind == "pass" else super().move_words(move)

    # -- the panel ----------------------------------------------------------------------------
    def new_model(self, v: CatturaView, seed: int) -> CatturaModel:
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
        m = self.t.panel
        if seat in m.final_turns:
            return [(_("LAST TURN"), theme.GOLD)]
        return []

    def hud_items(self, m: CatturaModel, names: list[str], deck: str) -> list[Any]:
        items: list[Any] = [
            ("title", _(self.title)),
            (
                "sub",
                _("{players} players · {count} captures end it").format(
                    players=m.players, count=WIN_CAPTURES
                ),
            ),
            ("heading", _("Captured (score)")),
        ]
        short = self.t.short_name
        for s in range(len(names)):
            on = m.turn == s
            items.append(("rows", [(short(s), m.scores[s], on)]))
            if m.captured[s]:
                items.append(("cards", list(m.captured[s])))
        items.append(("heading", _("Draw deck")))
        if m.deck:
            left = ngettext("{count} card", "{count} cards", m.deck).format(count=m.deck)
        else:
            left = _("empty: no more drawing")
        items.append(("small", left, "dim"))
        if m.final_by is not None:
            items.append(("heading", _("Final round")))
            last = ", ".join(short(s) for s in m.final_turns) or "—"
            said = _("{who} emptied the hand; last turns: {last}").format(
                who=short(m.final_by), last=last
            )
            items.append(("small", said, "gold"))
        return items

    def pile_badge(self, seat: int) -> str:
        return ""

    # -- events -------------------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        t, q = self.t, self.t.queue
        match e.data:
            case Dealt() as dealt:
                q.add(t.table.gather, "gather")
                left = dealt.deck + (0 if dealt.position else 1)
                q.add(lambda: self._deal(e, dealt, left), "dealt")
                q.add(t.table.sort_hands, "sort")
            case Turned(deck=deck):
                q.add(lambda: t.table.deal_center(list(e.cards), deck), "turned")
            case Position() as position:
                q.add(lambda: self._position(e, position), "position")
            case Sent():
                q.add(lambda: self._sent(e), "sent")
            case Drew(deck=deck):
                q.add(lambda: t.table.draw_to_hand(e.seat or 0, e.cards[0], deck), "drew")
            case Captured() as captured:
                q.add(lambda: self._hold_capture(e, captured), "capture pause")
                q.add(lambda: self._captured(e, captured), "captured")
                q.add(lambda: self._put_back(e, captured), "put back")
            case Passed():
                q.add(lambda: self._passed(e), "passed")
            case FinalRound() as final:
                q.add(lambda: self._final(e, final), "final round")
            case _:
                return False
        return True

    def _deal(self, e: Event, data: Dealt, left: int) -> float:
        t = self.t
        t.app.audio.play("shuffle")
        return t.table.deal(list(e.cards), list(data.to), e.seat or 0, left)

    def _position(self, e: Event, data: Position) -> float:
        """An explicit position (tests, puzzles): the battlefield and captures as given."""
        t = self.t
        t.table.deck_count = data.deck
        t.table.deal_center(list(e.cards), data.deck)
        for s, cards in enumerate(data.captured):
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

    def _hold_capture(self, e: Event, data: Captured) -> float:
        """The top card about to be taken, held lit with who takes it and with what."""
        t = self.t
        top = t.table.center[-1] if t.table.center else None
        t.moment.winner_mark = top
        self.last = (e.seat or 0, data)
        used = " + ".join(self.card_short(c) for c in data.used)
        return t.hold(
            _("Taken by {who} with {used}").format(who=t.who(e.seat or 0), used=used), top
        )

    def _captured(self, e: Event, data: Captured) -> float:
        t = self.t
        t.moment.winner_mark = None
        t.moment.end_hold()
        seat = e.seat or 0
        if seat < len(t.panel.scores):
            t.panel.scores[seat] = data.score
        card = self.card_words(data.target)
        if seat == t.viewer and t.kind_of(seat) == "human":
            said = _("You take {card}").format(card=card)
        else:
            said = _("{who} takes {card}").format(who=t.short_name(seat), card=card)
        t.app.toast(said, "info", 1.8)
        return t.table.take_top(seat)

    def _put_back(self, e: Event, data: Captured) -> float:
        t = self.t
        seat = e.seat or 0
        for card, own in zip(data.used, data.from_captured, strict=True):
            t.table.to_center(seat, card, from_front=own)
        t.table.place_front(seat, t.table.d(0.3))
        return t.table.d(0.45)

    def _passed(self, e: Event) -> float:
        t = self.t
        t.app.toast(
            _("{who} cannot play and passes").format(who=t.short_name(e.seat or 0)), "info", 2.0
        )
        return t.table.d(0.4)

    def _final(self, e: Event, data: FinalRound) -> float:
        t = self.t
        who = t.short_name(e.seat or 0)
        rest = ", ".join(t.short_name(s) for s in data.seats)
        t.show_banner(
            _("Final round"),
            _("{who}: hand empty · one more turn for {rest}").format(who=who, rest=rest),
            2.2,
        )
        return t.table.d(0.8)

    def rebuild(self, v: CatturaView) -> None:
        t = self.t
        hands = t.hidden_hands(v)
        front = {s: list(cards) for s, cards in enumerate(v.captured)}
        t.table.rebuild(hands, (), {}, v.deck_count, v.dealer, center=v.battlefield, front=front)
        captures = [(e.seat or 0, e.data) for e in t.state.events if isinstance(e.data, Captured)]
        self.last = captures[-1] if captures else None

    def last_look(self) -> LastLook | None:
        """The last capture: who took which top card, with which cards (from the hand, or
        from the taker's own captures)."""
        if self.last is None:
            return None
        seat, data = self.last
        used = " + ".join(self.card_short(c) for c in data.used)
        title = _("Last capture — taken by {who} with {used}").format(
            who=self.t.who(seat), used=used
        )
        cards = [(data.target, _("taken"))]
        for card, own in zip(data.used, data.from_captured, strict=True):
            cards.append((card, _("from captures") if own else _("played")))
        return LastLook(title, tuple(cards))

    # -- decisions ----------------------------------------------------------------------------
    def takes(self) -> list[Move]:
        return [m for m in self.t.prompt.legal if m.kind == "take"]

    @staticmethod
    def used(m: Move) -> list[tuple[Card, bool]]:
        """The cards a take puts on the battlefield, with whether each is a captured one."""
        return [(c, src == "c") for c, src in zip(m.cards[1:], m.arg or "", strict=False)]

    def _matching(self) -> list[Move]:
        return [m for m in self.takes() if all(p in self.used(m) for p in self.picked)]

    def prompt_text(self) -> str:
        if any(m.kind == "pass" for m in self.t.prompt.legal):
            return _("You cannot play: pass")
        if self.picked:
            return _("Choose the capture below, or click the other card")
        return _("Your turn: send a card, or capture the top card")

    def place_prompt(self) -> None:
        t = self.t
        self.picked = []
        passing = next((m for m in t.prompt.legal if m.kind == "pass"), None)
        if passing is not None:
            from ..widgets import Button

            b = Button(_("Pass"), partial(t.apply, passing), primary=True, tag="pass")
            t.prompt.buttons.append(b)
        self._chooser(self.takes())

    def _chooser(self, moves: list[Move]) -> None:
        t = self.t
        if not moves:
            t.prompt.chooser = None
            return
        lay = t.table.layout
        s = lay.scale
        rows = []
        for m in moves:
            used = self.used(m)
            marks = ["", *(_("yours") if own else "" for _c, own in used)]
            if len(used) == 2:
                marks[-1] = (marks[-1] + " " + _("top")).strip()
            rows.append(Choice(m, tuple(m.cards), _("take"), tuple(marks)))
        title = _("Your captures") if not self.picked else _("With that card")
        chooser = Chooser(title, rows)
        box = lay.chooser_box()
        chooser.place_rows(box, round(lay.small * 0.62), s)
        t.prompt.chooser = chooser

    def legal_cards(self) -> set[Card]:
        out: set[Card] = set()
        for m in self.t.prompt.legal:
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
        send = next((m for m in t.prompt.legal if m.kind == "send" and m.cards[0] == card), None)
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
            t.refuse(SEND[card.index])
            self.picked = []
            self._chooser(self.takes())
            return
        done = [m for m in moves if set(self.used(m)) == set(self.picked)]
        if len(moves) == 1:
            t.apply(moves[0])
        elif done and all(set(self.used(m)) == set(self.picked) for m in moves):
            # the same cards in either order (equal values): the chooser asks which on top
            self._chooser(moves)
            t.prompt.selected = [c for c, _own in self.picked]
        else:
            t.prompt.selected = [c for c, _own in self.picked]
            self._chooser(moves)

    def cancel(self) -> bool:
        if not self.picked:
            return False
        self.picked = []
        self.t.prompt.selected = []
        self._chooser(self.takes())
        return True

    def marks(self, out: dict[int, str]) -> None:
        t = self.t
        if not t.prompt.kind:
            return
        usable = {c for m in self.takes() for c, own in self.used(m) if own}
        for sp in t.table.front[t.viewer]:
            if (sp.card, True) in self.picked:
                out[id(sp)] = "selected"
            elif sp.card in usable:
                out[id(sp)] = "hover" if sp is t.prompt.hover else "legal"
        if t.table.center and self.takes():
            out[id(t.table.center[-1])] = "winner"

    # -- the summary --------------------------------------------------------------------------
    def summary_lines(self, data: DealScored, names: list[str], players: int) -> list[str]:
        d = scored_as(data, CatturaScored)
        who = words.join_words([names[s] for s in d.winners])
        end = _ENDS.get(d.reason)
        lines = [
            _("The game ends: {why}.").format(
                why=_(end).format(count=WIN_CAPTURES, repeats=REPETITIONS) if end else d.reason
            ),
            _("You win!")
            if len(d.winners) == 1 and self.is_you(d.winners[0])
            else (_("{who} wins!") if len(d.winners) == 1 else _("{who} win!")).format(who=who),
        ]
        deck = self.t.deck if self.t is not None else "french"
        for s, cards in enumerate(d.captured):
            said = ", ".join(self.card_label(c, deck) for c in cards) or _("nothing")
            lines.append(_("{who}: {cards}.").format(who=names[s], cards=said))
        return lines

    def summary_table(
        self, data: DealScored, names: list[str]
    ) -> tuple[list[str], list[list[str]]]:
        d = scored_as(data, CatturaScored)
        head = ["", _("Cards"), _("Faces"), _("Suit bonus"), _("4 suits"), _("Score")]
        rows = [
            [
                names[s],
                str(len(d.captured[s])),
                str(b.faces),
                f"+{b.suits_total}" if b.suits_total else "",
                f"+{b.four_suits}" if b.four_suits else "",
                str(b.total),
            ]
            for s, b in enumerate(d.breakdown)
        ]
        return head, rows

    def summary_scores(self, data: DealScored, names: list[str]) -> list[tuple[str, str, bool]]:
        return []
