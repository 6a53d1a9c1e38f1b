"""How Capodama is shown: the capo and the dama, the doubled suit and the trumps, the exchange,
the capo side's points, the solitaire's gauge, and the deal summary.

Every figure shown comes from the engine: thresholds, the solitaire's window and the trumps from
the view, running counts from the events' typed data, the deal's outcome from its result.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.engine import Card, DealScored, Dealt, Event, IllegalMove, Move, Trick
from game.engine.capodama import CapodamaView, pass_move
from game.engine.capodama_cards import hand_key
from game.engine.capodama_deal import HAND_SIZE
from game.engine.capodama_events import (
    Capo,
    CapodamaScored,
    Doubled,
    FourthTrump,
    Partner,
    PassChosen,
    Passed,
    TrickTaken,
)
from game.i18n import N_, _, ngettext

from .. import theme
from ..cards import card_size
from ..chooser import Choice, Chooser
from ..widgets import Button
from . import words
from .base import COMPASS, scored_as
from .tricks import TrickGameUI

if TYPE_CHECKING:
    from game.ai.capodama_verdict import Verdict


@dataclass
class HudModel:
    """What the panel shows, kept in step with the animation (not with the engine, which may
    already be a move ahead)."""

    title: str
    players: int
    deal_no: int = 0
    capo: int | None = None
    doubled: str | None = None
    trumps: tuple[Card, ...] = ()
    fourth: Card | None = None
    revealed: tuple[int, ...] = ()
    known_side: tuple[int, ...] = ()  # the capo side as the viewer knows it (view.partners)
    points: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    threshold: int = 0
    total: int = 0
    window: tuple[int, int] | None = None
    with_fourth: bool = False
    with_dama: bool = False
    target: int = 0
    turn: int | None = None
    seed: int = 0

    @classmethod
    def from_view(cls, title: str, view: CapodamaView, seed: int) -> HudModel:
        return cls(
            title=title,
            players=view.players,
            deal_no=view.deal_no,
            capo=view.capo if view.capo >= 0 else None,
            doubled=view.doubled,
            trumps=tuple(view.trumps),
            fourth=view.fourth_trump,
            revealed=tuple(view.revealed),
            known_side=view.partners,
            points=list(view.points_won),
            scores=list(view.scores),
            threshold=view.threshold,
            total=view.total,
            window=view.window,
            with_fourth=view.with_fourth_trump,
            with_dama=len(view.side_cards) > 1,
            target=view.target,
            turn=view.current_player,
            seed=seed,
        )

    def copy(self) -> HudModel:
        return replace(self, points=list(self.points), scores=list(self.scores))

    @property
    def capo_side(self) -> tuple[int, ...]:
        """The capo, the partners revealed so far and what the viewer knows of its side."""
        if self.capo is None:
            return ()
        return tuple(sorted({self.capo, *self.revealed, *self.known_side}))

    def side_points(self) -> tuple[int, int]:
        side = self.capo_side
        mine = sum(self.points[s] for s in side if s < len(self.points))
        return mine, sum(self.points) - mine

    def key(self) -> tuple[Any, ...]:
        return (
            self.title, self.deal_no, self.capo, self.doubled, tuple(map(int, self.trumps)),
            self.fourth, self.revealed, self.known_side, tuple(self.points), tuple(self.scores),
            self.turn,
        )  # fmt: skip


#: how long a card the exchange brought stays marked in the hand, in seconds
RECEIVED_MARK = 3.0


class CapodamaUI(TrickGameUI[CapodamaView, HudModel]):
    name = "capodama"
    title = N_("Capodama")
    hand_max = HAND_SIZE
    batch_kinds = (Passed,)

    def __init__(self) -> None:
        super().__init__()
        self.ready: set[int] = set()  # seats that chose their pass
        self.pending_pass: tuple[Card, ...] = ()
        self.received: set[Card] = set()  # what the exchange brought the viewer, marked a moment
        self.received_at = 0.0
        self.verdict = ""  # the solitaire's verdict in words ("" while none is known)

    # -- words --------------------------------------------------------------------------------
    def seat_name(self, seat: int, viewer: int, seats: int, kinds: list[str], players: int) -> str:
        """The solitaire's two hands, both the player's, by their places: South (the capo,
        at the bottom) and North, as at a two-player table."""
        if players == 1:
            return _(COMPASS[seats][seat])
        return super().seat_name(seat, viewer, seats, kinds, players)

    def hand_key(self, card: Card) -> Any:
        return hand_key(card)  # the engine's: by suit, strongest first, as its views sort

    def prompt(self, kind: str, players: int, solitaire_hand: str = "") -> str:
        if kind == "double":
            return _("You are the capo: choose the doubled suit")
        if kind == "trump":
            return _("Choose the 4th trump")
        if kind == "pass":
            if self.pass_count() == 2:
                return _("Choose a card for your left, then one for your right")
            return _("Choose a card to pass to your left")
        if players == 1:
            return _("Play a card for {hand}").format(hand=solitaire_hand)
        return _("Your turn: play a card")

    def prompt_text(self) -> str:
        t = self.t
        current = t.state.current_player
        hand = t.names[current] if t.solitaire and current is not None else ""
        return self.prompt(t.prompt.kind, t.state.players, hand)

    # -- the panel ----------------------------------------------------------------------------
    def new_model(self, view: CapodamaView, seed: int) -> HudModel:
        return HudModel.from_view(self.title, view, seed)

    def model_key(self, model: HudModel) -> Any:
        return (*model.key(), self.verdict)

    def show_verdict(self, verdict: Verdict | None) -> None:
        """The solitaire's live verdict, in the panel under the gauge."""
        self.verdict = verdict_words(verdict)

    def seat_scores(self, model: HudModel) -> list[int]:
        return model.scores

    def badges(self, seat: int) -> list[tuple[str, Any]]:
        m = self.t.panel
        out: list[tuple[str, Any]] = []
        if m.capo == seat:
            out.append((_("CAPO"), theme.GOLD))
        if seat in m.revealed:
            out.append((_("DAMA"), (236, 120, 150)))
        if seat in self.ready and seat != self.t.viewer:
            out.append((_("READY"), theme.GREEN))
        return out

    def hud_items(self, m: HudModel, names: list[str], deck: str) -> list[Any]:
        solitaire = m.players == 1
        items: list[Any] = [
            ("title", _("Capodama solitaire") if solitaire else _(m.title)),
            (
                "sub",
                _("Deal no. {number}").format(number=m.seed)
                if solitaire
                else _("{players} players · deal {number}").format(
                    players=m.players, number=m.deal_no
                ),
            ),
            ("heading", _("Capo")),
            ("text", names[m.capo] if m.capo is not None and m.capo < len(names) else "—"),
        ]
        if m.with_dama:
            dama = ", ".join(names[r] for r in m.revealed) if m.revealed else _("not yet revealed")
            items.append(("small", _("Dama: {who}").format(who=dama), "dim"))
        items.append(("heading", _("Doubled suit")))
        if m.doubled:
            items.append(("suit", self.suit_ace(m.doubled), self.suit_label(m.doubled, deck)))
        else:
            items.append(("small", _("not named yet"), "faint"))
        items += [("heading", _("Trumps")), ("cards", list(m.trumps))]
        if m.with_fourth and m.fourth is None:
            items.append(("small", _("4th trump: not named yet"), "faint"))
        if m.window is not None:
            items.append(("heading", _("The capo's points")))
            # the window and the deal's total travel with the points: the gauge draws them
            items.append(("gauge", m.points[0] if m.points else 0, m.window, m.total))
            if self.verdict:
                items.append(("small", self.verdict, "gold"))
        else:
            mine, others = m.side_points()
            items += [
                ("heading", _("Points this deal")),
                ("text", _("Capo side  {points}").format(points=mine), "gold"),
                ("text", _("Others     {points}").format(points=others), "bold"),
                (
                    "small",
                    _("Capo side needs {needed} of {total}").format(
                        needed=m.threshold, total=m.total
                    ),
                    "dim",
                ),
                ("heading", _("Match points (to {target})").format(target=m.target)),
                (
                    "rows",
                    [
                        (name, m.scores[s] if s < len(m.scores) else 0, s == m.turn)
                        for s, name in enumerate(names)
                    ],
                ),
            ]
        return items

    # -- events -------------------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        if super().enqueue(e):
            return True
        q = self.t.queue
        match e.data:
            case Capo():
                q.add(lambda: self._on_capo(e), "capo")
            case Doubled() as doubled:
                q.add(lambda: self._on_doubled(e, doubled), "doubled")
            case FourthTrump():
                q.add(lambda: self._on_trump(e), "trump")
            case PassChosen():
                q.add(lambda: self._ready(e.seat), "pass_chosen")
            case Partner():
                q.add(lambda: self._on_partner(e), "partner")
            case DealScored() as scored:
                q.add(lambda: self._scores(scored), "scores")
                return False  # the table opens the summary
            case _:
                return False
        return True

    def _scores(self, scored: DealScored) -> float:
        self.t.panel.scores = list(scored.scores)
        return 0.0

    def set_aside(self, view: CapodamaView) -> int:
        return view.set_aside

    def on_new_deal(self, dealt: Dealt) -> None:
        m = self.t.panel
        self.ready = set()
        m.deal_no = dealt.deal_no
        m.capo = None
        m.doubled = None
        if m.fourth is not None:
            m.trumps = tuple(c for c in m.trumps if c != m.fourth)
        m.fourth = None
        m.revealed = ()
        m.known_side = ()
        m.points = [0] * self.t.state.seats

    def on_trick(self, winner: int, trick: Trick) -> None:
        m = self.t.panel
        assert isinstance(trick, TrickTaken)  # Capodama's engine counts its tricks' points
        if winner < len(m.points):
            m.points[winner] += trick.points

    def _on_capo(self, e: Event) -> float:
        t = self.t
        t.panel.capo = e.seat
        if not t.solitaire:
            card = self.card_the(e.cards[0], t.deck)
            if _seat(e) == t.viewer and t.kind_of(t.viewer) == "human":
                said = _("You hold {card}: capo").format(card=card)
            else:
                said = _("{who} holds {card}: capo").format(who=t.short_name(_seat(e)), card=card)
            t.app.toast(said, "info", 2.2)
        return t.table.d(0.25)

    def _on_doubled(self, e: Event, doubled: Doubled) -> float:
        t = self.t
        t.panel.doubled = doubled.suit
        if not t.solitaire and e.seat != t.viewer:
            suit = self.suit_label(doubled.suit, t.deck)
            t.app.toast(
                _("{who} doubles {suit}").format(who=t.short_name(_seat(e)), suit=suit), "info", 2.2
            )
        return t.table.d(0.3)

    def _on_trump(self, e: Event) -> float:
        t = self.t
        card = e.cards[0]
        t.panel.fourth = card
        t.panel.trumps = (*t.panel.trumps, card)
        t.app.toast(_("4th trump: {card}").format(card=self.card_label(card, t.deck)), "info", 2.5)
        return t.table.d(0.3)

    def _ready(self, seat: int | None) -> float:
        if seat is not None:
            self.ready.add(seat)
        return 0.0

    def enqueue_batch(self, batch: list[Event]) -> None:
        self.t.queue.add(lambda: self._on_passed(batch), "passed")

    def _on_passed(self, batch: list[Event]) -> float:
        self.ready = set()
        self.pending_pass = ()
        self.t.prompt.selected = []
        passes: list[tuple[int, int, Card | None]] = []
        for e in batch:
            match e.data:
                case Passed(to=to):
                    passes.append((_seat(e), to, e.cards[0]))
        viewer = self.t.viewer
        self.received = {c for _g, to, c in passes if to == viewer and c is not None}
        self.received_at = self.t.time
        return self.t.table.pass_cards(passes)

    def _on_partner(self, e: Event) -> float:
        t = self.t
        seat = _seat(e)
        t.panel.revealed = (*t.panel.revealed, seat)
        if seat == t.viewer and t.kind_of(seat) == "human":
            said = _("You played {card}: partner of the capo!")
        else:
            said = _("{who} played {card}: partner of the capo!")
        said = said.format(who=t.short_name(seat), card=self.card_the(e.cards[0], t.deck))
        t.app.toast(words.capitalized(said), "info", 2.5)
        return 0.0

    def rebuild(self, v: CapodamaView) -> None:
        t = self.t
        hands = t.hidden_hands(v)
        piles = {s: v.tricks_won[s] * t.state.seats for s in range(t.state.seats)}
        t.table.rebuild(hands, v.trick, piles, v.set_aside, v.dealer)
        t.moment.shown_last = list(v.last_trick or [])
        t.moment.last_winner = v.last_winner

    def own_hands(self, view: CapodamaView) -> dict[int, tuple[Card, ...]]:
        return view.hands

    def on_sync(self, view: CapodamaView) -> None:
        pending = view.phase == "exchange" and any(view.passes_chosen) and not view.received
        self.pending_pass = tuple(view.passed) if pending else ()
        self.t.panel.known_side = view.partners

    # -- decisions ----------------------------------------------------------------------------
    def decision(self, legal: list[Move]) -> str:
        return legal[0].kind

    def place_prompt(self) -> None:
        """The doubled suit and the pass are buttons (the table lines them up in the band);
        the 4th trump is a grid of cards in the middle, where no trick lies yet."""
        t = self.t
        kind = t.prompt.kind
        if kind == "double":
            for m in t.prompt.legal:
                assert m.arg is not None  # a doubling names its suit
                label = self.suit_label(m.arg, t.deck).capitalize()
                t.prompt.buttons.append(Button(label, partial(t.apply, m), tag=f"double {m.arg}"))
        elif kind == "pass":
            b = Button(
                _("Pass"), self.confirm_pass, primary=True, tag="confirm", key=pygame.K_RETURN
            )
            t.prompt.buttons.append(b)
            self._update_pass_button()
        elif kind == "trump":
            lay = t.table.layout
            chooser = Chooser(
                self.prompt("trump", t.state.players),
                [Choice(m, (m.cards[0],)) for m in t.prompt.legal],
                grid=True,
            )
            box = lay.center_box
            cols = min(7, len(t.prompt.legal))
            rows = -(-len(t.prompt.legal) // cols)
            fit_w = (box.w - 60 * lay.scale) / cols * 0.9
            fit_h = (box.h - 80 * lay.scale) / rows / card_size(100)[1] * 100 * 0.92
            width = max(24, round(min(lay.small * 0.95, fit_w, fit_h)))
            chooser.place_grid(box.center, width, lay.scale)
            t.prompt.chooser = chooser

    def button_icon(self, b: Button) -> Card | None:
        """The doubled-suit buttons show the suit's ace."""
        if self.t.prompt.kind == "double" and b.tag.startswith("double "):
            return self.suit_ace(b.tag.split()[-1])
        return None

    def pass_count(self) -> int:
        t = self.t
        return len(t.prompt.legal[0].cards) if t.prompt.legal and t.prompt.kind == "pass" else 0

    def _update_pass_button(self) -> None:
        t = self.t
        if t.prompt.kind != "pass":
            return
        need = self.pass_count()
        for b in t.prompt.buttons:
            if b.tag == "confirm":
                b.enabled = len(t.prompt.selected) == need
                if need == 2 and len(t.prompt.selected) < 2:
                    b.label = _("Pick left, then right")
                elif t.prompt.selected and need == 2:
                    left, right = (self.card_short(c) for c in t.prompt.selected)
                    b.label = _("Pass → left: {left}, right: {right}").format(
                        left=left, right=right
                    )
                elif t.prompt.selected:
                    b.label = _("Pass {card} → {who}").format(
                        card=self.card_short(t.prompt.selected[0]),
                        who=t.short_name((t.viewer + 1) % t.state.seats),
                    )
                else:
                    b.label = _("Choose a card to pass")

    def confirm_pass(self) -> None:
        t = self.t
        if len(t.prompt.selected) != self.pass_count():
            return
        chosen = tuple(t.prompt.selected)
        move = next((m for m in t.prompt.legal if m.cards == chosen), None)
        if move is None:
            t.refuse(pass_move(chosen))
        else:
            t.apply(move)

    def click_card(self, sp: Any) -> None:
        t = self.t
        if sp.card is None:
            return
        kind = t.prompt.kind
        st = t.state
        if kind == "play":
            current = st.current_player
            if t.solitaire and current is not None and sp.owner != current:
                said = _("It is the turn of {hand}").format(hand=t.names[current])
                t.app.toast(said, "warn", 2.0)
                return
            t.apply(str(sp.card))
        elif kind == "pass":
            self._toggle_pass(sp.card)
        elif kind == "double":
            t.app.toast(_("First choose the doubled suit"), "warn", 2.0)
        elif kind == "trump":
            t.app.toast(_("First choose the 4th trump"), "warn", 2.0)

    def _toggle_pass(self, card: Card) -> None:
        t = self.t
        if card in t.prompt.selected:
            t.prompt.selected.remove(card)
            self._update_pass_button()
            return
        need = self.pass_count()
        if len(t.prompt.selected) >= need:
            t.prompt.selected = t.prompt.selected[1:] if need == 2 else []
        trial = [*t.prompt.selected, card]
        ok = any(tuple(m.cards[: len(trial)]) == tuple(trial) for m in t.prompt.legal)
        if not ok:
            filler = next(
                (
                    m.cards[len(trial) :]
                    for m in t.prompt.legal
                    if m.cards[0] != card and card not in m.cards
                ),
                (),
            )
            cards = tuple(trial) + tuple(filler)
            t.refuse(pass_move(cards[:need] if len(cards) >= need else tuple(trial)))
            return
        t.prompt.selected = trial
        self._update_pass_button()

    def legal_cards(self) -> set[Card]:
        t = self.t
        if t.prompt.kind == "play":
            return {m.cards[0] for m in t.prompt.legal}
        if t.prompt.kind == "pass":
            k = len(t.prompt.selected) if len(t.prompt.selected) < self.pass_count() else 0
            pre = tuple(t.prompt.selected[:k])
            return {m.cards[k] for m in t.prompt.legal if tuple(m.cards[:k]) == pre}
        return set()

    def next_change(self, now: float) -> float | None:
        left = self.received_at + RECEIVED_MARK - now
        return left if self.received and left > 0 else None

    def marks(self, out: dict[int, str]) -> None:
        t = self.t
        if self.received and t.time - self.received_at < RECEIVED_MARK:
            for sp in t.table.hands[t.viewer]:
                if sp.card in self.received and not sp.moving:
                    out[id(sp)] = "received"
        if self.pending_pass and not t.prompt.kind:
            for sp in t.table.hands[t.viewer]:
                if sp.card in self.pending_pass:
                    out[id(sp)] = "selected"  # the card the viewer chose waits to be passed

    # -- refusals ----------------------------------------------------------------------------
    REFUSALS: ClassVar[dict[str, str]] = {
        "must_double": N_("first {seat} must choose the doubled suit"),
        "bad_double": N_("{suit} cannot be the doubled suit"),
        "not_a_suit": N_("{text} is not a suit"),
        "must_name_trump": N_("first {seat} must choose the 4th trump"),
        "bad_trump": N_("{card} cannot be the 4th trump"),
        "must_pass": N_("first {seat} must choose the cards to pass"),
        "not_in_hand": N_("{card} is not in that hand"),
        "ace_never_passed": N_("{card} can never be passed: it makes the capo"),
        "pass_same_card": N_("pass two different cards, one to each neighbour"),
        "capo_cannot_receive": N_("the capo can never receive {card}: pass another card"),
        "must_play": N_("now {seat} must play a card"),
        "must_follow": N_("you must follow {suit} or play a trump: {card} is neither"),
    }

    def refusal_template(self, exc: IllegalMove) -> str | None:
        if exc.code == "pass_count":
            n = int(exc.parts["count"])
            return ngettext("pass exactly {count} card", "pass exactly {count} cards", n)
        return super().refusal_template(exc)

    def move_words(self, move: Move) -> str:
        """Announcements and passes in words; card plays as the cards."""
        if move.kind == "double" and move.arg is not None:
            return _("doubling {suit}").format(suit=self.suit_label(move.arg, self.t.deck))
        if move.kind == "trump":
            return _("{card} as the 4th trump").format(card=self.card_words(move.card))
        if move.kind == "pass":
            cards = words.join_words([self.card_words(c) for c in move.cards])
            return _("passing {cards}").format(cards=cards)
        return super().move_words(move)

    # -- the deal summary ---------------------------------------------------------------------
    def summary_lines(self, data: DealScored, names: list[str], players: int) -> list[str]:
        """The deal summary as lines of plain words, from the engine's deal result."""
        d = scored_as(data, CapodamaScored)
        lines: list[str] = []
        if d.window is not None:
            lo, hi = d.window
            lines.append(
                _(
                    "The capo took {points} of {total} points (the window is {low} to {high})."
                ).format(points=d.points, total=d.total, low=lo, high=hi)
            )
            lines.append(_("Won!") if d.capo_won else _("Lost."))
            return lines
        partners = [names[s] for s in d.team if s != d.capo]
        if partners:
            side = _("{capo} with {partners}").format(
                capo=names[d.capo], partners=words.join_words(partners)
            )
        else:
            side = _("{capo} alone").format(capo=names[d.capo])
        lines.append(_("Capo side: {side}.").format(side=side))
        lines.append(
            _("They took {points} of {total} points (needed {needed}).").format(
                points=d.points, total=d.total, needed=d.threshold
            )
        )
        if d.capo_won and d.grand_slam:
            lines.append(_("The capo side wins the deal — all {total}!").format(total=d.total))
        elif d.capo_won:
            lines.append(_("The capo side wins the deal."))
        elif d.shutout:
            lines.append(_("The opponents win the deal — the capo side took nothing!"))
        else:
            lines.append(_("The opponents win the deal."))
        gains = [r.awards for r in d.results]
        won = [names[s] for s, gain in enumerate(gains) if gain > 0]
        if won:
            lines.append(_("+{points} to {who}.").format(points=max(gains), who=", ".join(won)))
        return lines


def verdict_words(v: Verdict | None) -> str:
    """The verdict as the panel says it: exact in the second half, sampled in the first, the
    outcome once the deal is scored; the window is the verdict's, read from the view."""
    if v is None:
        return ""
    window = "{}–{}".format(*v.window)
    if v.final:
        if v.reachable:
            return _("{window} reached: the deal is won").format(window=window)
        return _("{window} missed: the deal is lost").format(window=window)
    if v.exact:
        if v.reachable:
            return _("{window} still reachable").format(window=window)
        return _("{window} no longer reachable").format(window=window)
    if v.reachable:
        return ngettext(
            "{window} still reachable in {hits} of {n} sampled deal",
            "{window} still reachable in {hits} of {n} sampled deals",
            v.worlds,
        ).format(window=window, hits=v.hits, n=v.worlds)
    return ngettext(
        "{window} out of reach in the {n} sampled deal",
        "{window} out of reach in all {n} sampled deals",
        v.worlds,
    ).format(window=window, n=v.worlds)


def _seat(e: Event) -> int:
    """The seat of an event that always names one (capo, doubled, passed, partner)."""
    assert e.seat is not None
    return e.seat
