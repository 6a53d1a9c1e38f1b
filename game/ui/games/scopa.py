"""How Scopa is shown: the table's face-up cards in the middle, the deck with its count, each
side's capture pile with its scope sticking out face up, and the "Scopa!" banner.

The last capture (who took, with which card, which cards, and whether it was a scopa) is kept
when it is held on the table, and L or a click on a capture pile shows it again, as the trick
games show their last trick.

Playing: a click on a hand card plays it when the engine lists one move for it (a capture or
placing it); when it lists several (which equal card, which set of cards), the cards those
captures could take light up on the table and a small chooser lists them: a click on a table
card narrows the choice until one capture is left, or a click on a row of the chooser picks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.engine import Card, DealScored, Event, Move, Played
from game.engine.scopa import ScopaView
from game.engine.scopa_deal import HAND_SIZE
from game.engine.scopa_events import (
    Captured,
    Dealt,
    Leftovers,
    Redeal,
    ScopaScored,
    Sweep,
    TableDealt,
)
from game.engine.scopa_scoring import HouseAward
from game.i18n import N_, _, ngettext

from .. import theme
from ..chooser import Choice, Chooser
from . import words
from .base import GameUI, LastLook, scored_as
from .words import join_words

#: The house rules' awards of a deal by their rule, as the summary names them.
HOUSE_AWARDS = {"re_bello": N_("Re bello"), "napola": N_("Napola")}


@dataclass
class ScopaModel:
    players: int
    sides: tuple[tuple[int, ...], ...]
    deal_no: int
    cards: tuple[int, ...]
    coins: tuple[int, ...]
    settebello: int | None  # side holding the 7 of coins (the engine's running figures)
    scope: list[int]
    side_scores: list[int]
    scores: list[int]
    deck: int
    target: int
    turn: int | None

    def key(self) -> tuple[Any, ...]:
        return (
            self.deal_no, self.cards, self.coins, self.settebello, tuple(self.scope),
            tuple(self.side_scores), self.deck, self.turn,
        )  # fmt: skip


class ScopaUI(GameUI[ScopaView, ScopaModel]):
    name = "scopa"
    title = N_("Scopa")
    hand_max = HAND_SIZE
    center = "grid"
    pile_stride = 4
    pile_flags = True
    taking_kinds = (Captured,)
    LAST_BUTTON = N_("Last capture (L)")
    LAST_NONE = N_("Nothing has been captured in this deal yet")
    HOLD_LABEL = N_("Capture stays")
    #: the panel counts the cards left in the deck (Scopone deals them all at once: none)
    deck_line = True

    REFUSALS: ClassVar[dict[str, str]] = {
        "not_in_hand": N_("{seat} cannot play {card}: it is not in the hand"),
        "must_capture": N_(
            "{card} can capture, so it may not be placed on the table: play {moves}"
        ),
        "must_take_equal": N_(
            "a card of the same value as {card} is on the table ({equal}): it must take exactly "
            "one such card, never a sum: play {moves}"
        ),
        "nothing_to_take": N_("{card} can take nothing on the table: place it"),
        "wrong_value": N_(
            "{card} (worth {value}) cannot take {taken} (worth {taken_value}): play {moves}"
        ),
        "wrong_sum": N_("{cards} add up to {total}, not {value}: play {moves}"),
        "not_on_table": N_("{card} is not on the table"),
        "taken_twice": N_("{card} is chosen twice"),
        "takes_itself": N_("{card} is the card played: it cannot also be taken"),
        "house_capture": N_("under the house rules in force, {card} may only play {moves}"),
    }

    def __init__(self) -> None:
        super().__init__()
        self.sides: tuple[tuple[int, ...], ...] = ()
        # what the panel and the summary name, as the engine's view gives them
        self.seven: Card | None = None  # the settebello
        self.coins = ""  # the suit of the "most coins" point
        self.picking: Card | None = None  # the hand card whose capture is being chosen
        self.picks: list[Card] = []
        self.deck_left = 0
        self._flash: list[Card] = []  # the cards a capture takes, lit while it is held
        #: the deal's last capture: (seat, the card that took, the cards taken, a scopa)
        self.last: tuple[int, Card, tuple[Card, ...], bool] | None = None

    # -- sides and their piles ----------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return next((k for k, seats in enumerate(self.sides) if seat in seats), seat)

    def keeper(self, side: int) -> int:
        """The seat whose place holds a side's pile: the side's seat nearest the viewer."""
        t = self.t
        seats = self.sides[side] if side < len(self.sides) else (side,)
        return min(seats, key=lambda s: (s - t.viewer) % t.state.seats)

    def side_name(self, side: int, names: list[str]) -> str:
        seats = self.sides[side] if side < len(self.sides) else (side,)
        short = self.t.short_name if self.t is not None else names.__getitem__
        return " & ".join(short(s) for s in seats)

    def move_words(self, move: Move) -> str:
        """'the 5 of swords to take the 5 of cups': a capture says what it takes."""
        played = self.card_words(move.cards[0])
        if move.kind != "capture":
            return played
        taken = join_words([self.card_words(c) for c in move.cards[1:]])
        return _("{card} to take {taken}").format(card=played, taken=taken)

    # -- the panel ----------------------------------------------------------------------------
    def new_model(self, v: ScopaView, seed: int) -> ScopaModel:
        self.sides = v.sides
        self.seven, self.coins = v.settebello, v.coins_suit
        so_far = v.so_far
        return ScopaModel(
            players=v.players, sides=v.sides, deal_no=v.deal_no, cards=so_far.cards,
            coins=so_far.coins, settebello=so_far.awards.settebello, scope=list(v.scope),
            side_scores=list(v.side_scores), scores=list(v.scores), deck=v.deck_count,
            target=v.target, turn=v.current_player,
        )  # fmt: skip

    def model_key(self, model: ScopaModel) -> Any:
        return model.key()

    def seat_scores(self, model: ScopaModel) -> list[int]:
        return model.scores

    def hud_items(self, m: ScopaModel, names: list[str], deck: str) -> list[Any]:
        teams = {
            4: _("{players} players in two sides · deal {number}"),
            6: _("{players} players in three sides · deal {number}"),
        }.get(m.players, _("{players} players, each alone · deal {number}"))
        seven = self._the_seven(deck)
        coin = self.suit_label(self.coins, deck)
        items: list[Any] = [
            ("title", _(self.title)),
            ("sub", teams.format(players=m.players, number=m.deal_no)),
            ("heading", _("Taken this deal")),
        ]
        for k in range(len(m.sides)):
            items.append(("text", self.side_name(k, names), "bold"))
            said = [
                ngettext("{count} card", "{count} cards", m.cards[k]).format(count=m.cards[k]),
                _("{suit}: {count}").format(suit=coin, count=m.coins[k]),
            ]
            if m.scope[k]:
                n = m.scope[k]
                said.append(ngettext("{count} scopa", "{count} scope", n).format(count=n))
            items.append(("small", " · ".join(said), "dim"))
        owner = _("nobody yet") if m.settebello is None else self.side_name(m.settebello, names)
        items.append(
            (
                "small",
                _("{seven}: {who}").format(seven=seven, who=owner),
                "gold" if m.settebello is not None else "faint",
            )
        )
        if self.deck_line:
            left = ngettext(
                "{count} card left in the deck", "{count} cards left in the deck", m.deck
            ).format(count=m.deck)
            items.append(("small", left, "faint"))
        items.append(("heading", _("Match points (to {target})").format(target=m.target)))
        items.append(
            (
                "rows",
                [
                    (self.side_name(k, names), m.side_scores[k], m.turn in m.sides[k])
                    for k in range(len(m.sides))
                ],
            )
        )
        return items

    def pile_badge(self, seat: int) -> str:
        t = self.t
        n = len(t.table.piles[seat]) + len(t.table.flags[seat])
        return str(n) if n else ""

    def draw_extras(self, surface: Any) -> None:
        """Under a pile with scope: how many, in words (the cards stick out of the pile too),
        in the line the layout keeps for them, set smaller where the line is short."""
        t = self.t
        lay = t.table.layout
        for seat in range(t.state.seats):
            n = len(t.table.flags[seat])
            if n and not any(sp.moving for sp in t.table.flags[seat]):
                said = ngettext("{count} scopa", "{count} scope", n).format(count=n)
                box = lay.flag_label_rect(seat)
                size = theme.line_size(said, box.w, box.h, lay.flag_text, 8)
                img = theme.text(said, size, theme.GOLD, True)
                surface.blit(img, img.get_rect(center=box.center))

    # -- events -------------------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        t, q = self.t, self.t.queue
        match e.data:
            case Dealt() as dealt:
                self.deck_left = dealt.deck_left
                if dealt.hand_no == 1:
                    q.add(t.table.gather, "gather")
                    q.add(lambda: self._new_deal(dealt), "new deal")
                q.add(lambda: self._deal(e, dealt), "dealt")
                q.add(t.table.sort_hands, "sort")
            case TableDealt():
                left = self.deck_left - len(e.cards)
                q.add(lambda: t.table.deal_center(list(e.cards), left), "table")
            case Redeal() as redeal:
                q.add(lambda: self._redeal(redeal), "redeal")
            case Played():
                q.add(lambda: self._played(e), "played")
            case Captured() as captured:
                q.add(lambda: self._pause_on(e, captured), "capture pause")
                q.add(lambda: self._captured(e, captured), "captured")
            case Sweep() as sweep:
                q.add(lambda: self._scopa(e, sweep), "scopa")
            case Leftovers(side=side):
                q.add(lambda: self._leftovers(e, side), "leftovers")
            case ScopaScored() as scored:
                q.add(lambda: self._scored(scored), "scores")
                return False  # the table opens the summary
            case _:
                return False
        return True

    def _new_deal(self, dealt: Dealt) -> float:
        m = self.t.panel
        m.deal_no = dealt.deal_no
        m.scope = [0] * len(m.scope)
        self.last = None
        self.t.app.audio.play("shuffle")
        return 0.0

    def _deal(self, e: Event, dealt: Dealt) -> float:
        t = self.t
        dur = t.table.deal(list(e.cards), list(dealt.to), e.seat or 0, dealt.deck_left)
        return dur + t.table.d(0.1)

    def _redeal(self, redeal: Redeal) -> float:
        n = redeal.kings
        self.t.show_banner(
            _("Redeal"),
            ngettext(
                "{count} Re on the table: the same dealer deals again",
                "{count} Re on the table: the same dealer deals again",
                n,
            ).format(count=n),
            1.8,
        )
        return self.t.table.d(1.2)

    def _played(self, e: Event) -> float:
        t = self.t
        t.table.to_center(e.seat or 0, e.cards[0])
        return t.table.d(0.4)

    def _pause_on(self, e: Event, data: Captured) -> float:
        """The capture held on the table: the cards taken lit, and "Taken by West" beside the
        card that took them."""
        t = self.t
        t.moment.winner_mark = None
        self._flash = list(e.cards)
        took = data.card
        self.last = (e.seat or 0, took, tuple(e.cards), data.scopa)
        sprite = next((sp for sp in t.table.center if sp.card == took), None)
        return t.hold(_("Taken by {who}").format(who=t.who(e.seat or 0)), sprite)

    def _captured(self, e: Event, data: Captured) -> float:
        t = self.t
        self._flash = []
        t.moment.end_hold()
        flag = data.card if data.scopa else None
        return t.table.sweep_center([*e.cards, data.card], self.keeper(data.side), flag)

    def _scopa(self, e: Event, data: Sweep) -> float:
        t = self.t
        t.panel.scope[data.side] = data.count
        who = t.who(e.seat or 0)
        t.show_banner(_("Scopa!"), _("The table swept by {who}").format(who=who), 1.6)
        t.app.audio.play("chime")
        return t.table.d(0.5)

    def _leftovers(self, e: Event, side: int | None) -> float:
        t = self.t
        if side is None:
            t.app.toast(_("Nobody captured: the cards left on the table count for nobody"), "info")
            return t.table.gather()
        who = self.side_name(side, t.names)
        t.app.toast(
            _("The cards left on the table go to {who}, the last to capture").format(who=who),
            "info",
            2.5,
        )
        return t.table.sweep_center(list(e.cards), self.keeper(side))

    def _scored(self, data: ScopaScored) -> float:
        m = self.t.panel
        m.side_scores = list(data.side_scores)
        m.scores = list(data.scores)
        return 0.0

    def on_sync(self, view: ScopaView) -> None:
        self.t.table.deck_count = view.deck_count  # the count on the pile, exactly

    def rebuild(self, v: ScopaView) -> None:
        t = self.t
        self.sides = v.sides
        hands = t.hidden_hands(v)
        piles: dict[int, int] = {s: 0 for s in range(t.state.seats)}
        flags: dict[int, list[Card]] = {s: [] for s in range(t.state.seats)}
        for seat, card, _taken, scopa in v.captures:
            if scopa:
                flags[self.keeper(self.side_of(seat))].append(card)
        for k, n in enumerate(v.captured_counts):
            keep = self.keeper(k)
            piles[keep] += n - len(flags[keep])
        t.table.rebuild(hands, (), piles, v.deck_count, v.dealer, center=v.table, flags=flags)
        self.deck_left = v.deck_count
        self.last = v.captures[-1] if v.captures else None

    def last_look(self) -> LastLook | None:
        """The deal's last capture: who took, with which card, the cards taken."""
        if self.last is None:
            return None
        seat, card, taken, scopa = self.last
        said = (
            _("Last capture — a scopa by {who} with {card}")
            if scopa
            else _("Last capture — taken by {who} with {card}")
        )
        who, played = self.t.who(seat), self.card_short(card)
        cards = ((card, _("played")), *((c, _("taken")) for c in taken))
        return LastLook(said.format(who=who, card=played), cards)

    # -- decisions ----------------------------------------------------------------------------
    def options(self, card: Card) -> list[Move]:
        return [m for m in self.t.prompt.legal if m.cards[0] == card]

    def prompt_text(self) -> str:
        if self.picking is not None:
            card = self.card_the(self.picking, self.t.deck)
            return _("What does {card} take? Click a lit table card").format(card=card)
        return _("Your turn: play a card")

    def place_prompt(self) -> None:
        self.picking = None
        self.picks = []

    def _chooser(self, card: Card, moves: list[Move]) -> None:
        t = self.t
        lay = t.table.layout
        s = lay.scale
        rows = [Choice(m, tuple(m.cards[1:]), _("takes")) for m in moves]
        chooser = Chooser(words.capitalized(self.card_the(card, t.deck)) + ":", rows)
        box = lay.chooser_box()
        chooser.place_rows(box, round(lay.small * 0.7), s)
        t.prompt.chooser = chooser

    def legal_cards(self) -> set[Card]:
        return {m.cards[0] for m in self.t.prompt.legal}

    def _candidates(self) -> set[Card]:
        if self.picking is None:
            return set()
        return {c for m in self.options(self.picking) for c in m.cards[1:]}

    def clickable(self, sp: Any) -> bool:
        if sp.moving:
            return False
        if sp.zone == "center":
            return sp.card in self._candidates()
        return super().clickable(sp)

    def click_card(self, sp: Any) -> None:
        t = self.t
        card = sp.card
        if card is None:
            return
        if sp.zone == "center":
            self._pick(card)
            return
        moves = self.options(card)
        if not moves:
            return
        if len(moves) == 1:
            t.apply(moves[0])
            return
        self.picking, self.picks = card, []
        t.prompt.selected = [card]
        self._chooser(card, moves)

    def _pick(self, card: Card) -> None:
        t = self.t
        assert self.picking is not None
        moves = self.options(self.picking)
        picks = (
            [*self.picks, card] if card not in self.picks else [p for p in self.picks if p != card]
        )
        left = [m for m in moves if set(picks) <= set(m.cards[1:])]
        if not left:
            picks = [card]
            left = [m for m in moves if card in m.cards[1:]]
        exact = [m for m in left if set(m.cards[1:]) == set(picks)]
        if len(left) == 1:
            t.apply(left[0])
        elif len(exact) == 1 and len(picks) > 1:
            t.apply(exact[0])
        else:
            self.picks = picks
            self._chooser(self.picking, left)

    def cancel(self) -> bool:
        if self.picking is None:
            return False
        self.picking, self.picks = None, []
        self.t.prompt.selected = []
        self.t.prompt.chooser = None
        return True

    def marks(self, out: dict[int, str]) -> None:
        t = self.t
        flash = self._flash
        cands = self._candidates() if t.prompt.kind else set()
        for sp in t.table.center:
            if sp.card in flash:
                out[id(sp)] = "winner"
            elif sp.card in self.picks:
                out[id(sp)] = "selected"
            elif sp.card in cands:
                out[id(sp)] = "hover" if sp is t.prompt.hover else "legal"

    # -- the deal summary ---------------------------------------------------------------------
    def summary_lines(self, data: DealScored, names: list[str], players: int) -> list[str]:
        d = scored_as(data, ScopaScored)
        aw = d.figures.awards

        def who(side: int | None) -> str:
            return _("nobody (a tie)") if side is None else self.side_name(side, names)

        deck = self.t.deck if self.t is not None else "italian"
        coins = self.suit_label(self.coins, deck)
        seven = self._the_seven(deck)
        lines = [
            _("Most cards: {cards} · most {suit}: {coins}.").format(
                cards=who(aw.cards), suit=coins, coins=who(aw.coins)
            ),
            _("{seven}: {who} · primiera: {primiera}.").format(
                seven=seven, who=who(aw.settebello), primiera=who(aw.primiera)
            ),
        ]
        for award in d.figures.house:  # the house rules' awards, each its own line
            lines.append(self._house_line(award, names))
        return lines

    def _house_line(self, award: HouseAward, names: list[str]) -> str:
        """A house rule's award in words: "Re bello: You (+1)." / "Napola: nobody."."""
        rule = _(HOUSE_AWARDS[award.rule]) if award.rule in HOUSE_AWARDS else award.rule
        if award.side is None:
            return _("{rule}: nobody.").format(rule=rule)
        return _("{rule}: {who} (+{points}).").format(
            rule=rule, who=self.side_name(award.side, names), points=award.points
        )

    def summary_table(
        self, data: DealScored, names: list[str]
    ) -> tuple[list[str], list[list[str]]]:
        d = scored_as(data, ScopaScored)
        f = d.figures
        aw = f.awards
        deck = self.t.deck if self.t is not None else "italian"
        seven = self._seven_label(deck).capitalize()
        coins = self.suit_label(self.coins, deck).capitalize()
        head = ["", _("Cards"), coins, seven, _("Primiera"), _("Scope"), _("Deal"), _("Match")]

        def star(winner: int | None, k: int, text: str) -> str:
            return text + (" ★" if winner == k else "")

        rows = []
        for k in range(len(d.sides)):
            prim = str(f.primiera[k]) + ("" if f.primiera_complete[k] else "*")
            rows.append(
                [
                    self.side_name(k, names),
                    star(aw.cards, k, str(f.cards[k])),
                    star(aw.coins, k, str(f.coins[k])),
                    "★" if aw.settebello == k else "",
                    star(aw.primiera, k, prim),
                    str(f.scope[k]),
                    f"+{f.points[k]}",
                    str(d.side_scores[k]),
                ]
            )
        return head, rows

    def summary_scores(self, data: DealScored, names: list[str]) -> list[tuple[str, str, bool]]:
        return []  # the table above already holds the match points

    def _seven_label(self, deck: str) -> str:
        if self.seven is None:
            return _("settebello")
        return self.card_label(self.seven, deck)

    def _the_seven(self, deck: str) -> str:
        """The settebello with its article, at the start of a line ("The 7 of coins")."""
        if self.seven is None:
            return _("settebello")
        return words.capitalized(self.card_the(self.seven, deck))
