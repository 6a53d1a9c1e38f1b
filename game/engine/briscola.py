"""Briscola for 2, 3 or 4 players, by the rules in assets/rules/briscola.txt.

Seats are numbered clockwise, and Briscola deals and plays COUNTER-clockwise, as Tressette: the
player after seat ``s`` is ``s - 1`` (his right), the first card goes to the dealer's right,
who leads the first trick; each trick's winner leads the next and the deal passes right.  Four
players play in two sides sitting opposite (seats 0 + 2 against 1 + 3); two and three play each
for himself, three with the 2 of coins set aside.

Each player is dealt three cards, then the next card is turned face up: its suit is trumps, and
it lies under the stock, drawn last.  Nobody must follow suit: every card in hand may be played.
After each trick, while the stock lasts, its winner draws first and the others follow in playing
order.  When the last trick is taken the deal is scored (:class:`.BriscolaScored`); the match
goes to the first side to win ``deals_to_win`` deals (a rule option chosen at setup; a drawn
deal counts for nobody), else it waits between deals until ``deal_next()``.

Moves are a card (``"3D"``, ``"RB"``).  Refusals (:class:`IllegalMove`): "not_in_hand" and
"card_removed" (seat, card; the 2 of coins in 3 players), "not_a_move" (text).

A view hides the other hands and the stock's face-down cards; the trump card is public while it
lies under the stock and, once drawn, who holds it (``trump_to``) until it is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .base import (
    EVERYONE,
    GameInfo,
    IllegalMove,
    Move,
    Option,
    StateFields,
    make_event,
    seat_result,
)
from .briscola_cards import (
    DEAL_POINTS,
    HAND_SIZE,
    POINTS,
    SET_ASIDE,
    SUIT,
    WIN_POINTS,
    deal_winner,
    deck_indices,
    deck_mask,
    hand_order,
    side_of,
    trick_winner,
)
from .briscola_deal import ExplicitDeal, read_deal
from .briscola_events import BriscolaScored, Dealt, Drew, Played, TrickWon
from .cards import ITALIAN, Card, ordered_cards
from .dealspec import SEEN_BY_RECEIVER, check_guess, mask_cards, shuffle_as_random
from .tricks import PLAYS, SOLO, SidesTrickState, TrickView

__all__ = ["INFO", "MATCH_LENGTHS", "BriscolaState", "BriscolaView"]

#: The match lengths offered at setup: the deals a side must win.
MATCH_LENGTHS = (1, 2, 3, 5)

_CARDS: tuple[Card, ...] = ITALIAN.cards
_sorted_hand = ordered_cards(_CARDS, hand_order, "briscola hands")
_PLAYED = tuple(Played(k) for k in range(1, 22))


@dataclass(frozen=True)
class BriscolaView(TrickView):
    """What one seat may know: its own hand, every card played, the trump card (the fields
    every trick view carries are :class:`.tricks.TrickView`'s).

    ``trump`` is the card turned at the deal (its suit is trumps); ``stock`` counts the cards
    still to draw, the trump card among them while ``trump_to`` is None (it lies under the
    stock and is drawn last); once drawn, ``trump_to`` is the seat that drew it (public: it lay
    face up).  Per-side tuples (``points``, ``deals_won``) follow ``sides``; ``set_aside`` is
    the card left out of the deck (the 2 of coins in 3 players), else None.
    """

    trump: Card
    trump_to: int | None
    stock: int
    points: tuple[int, ...]
    deals_won: tuple[int, ...]
    deals_to_win: int
    last_deal_points: tuple[int, ...] | None
    set_aside: Card | None
    winners: tuple[int, ...]

    @property
    def face_down(self) -> int:
        """The stock's face-down cards (the trump card not counted)."""
        return self.stock - (1 if self.trump_to is None and self.stock else 0)


class BriscolaState(SidesTrickState[BriscolaView]):
    """A Briscola match: deals until a side has won ``deals_to_win`` of them."""

    FIELDS: ClassVar[StateFields] = SidesTrickState.fields(
        match=(),
        deal={
            "_points": lambda s: [0] * len(s.sides),
            "_stock": (),
            "_trump": 0,
            "_trump_to": -1,
        },
    )
    _sorted_hand = staticmethod(_sorted_hand)

    _points: list[int]
    #: the cards still to draw, top first: the trump card last while it lies there
    _stock: tuple[int, ...]
    _trump: int
    _trump_to: int

    def _open(self) -> None:
        super()._open()
        self._reset_fields()

    def _begin(self, deal: dict[str, Any] | None) -> None:
        dealer = self._rng.randrange(self.players)
        if deal is None:
            self._start_deal(dealer)
            return
        spec = read_deal(deal, self.players, self.options["deals_to_win"])
        self._start_explicit(spec)

    # -- dealing ---------------------------------------------------------------------------
    def _start_deal(self, dealer: int) -> None:
        self._reset_deal(dealer)
        cards = deck_indices(self.players)
        shuffle_as_random(cards, self._rng)
        n = self.players * HAND_SIZE
        hands, trump, rest = cards[:n], cards[n], cards[n + 1 :]
        self._deal_cards(hands, trump, rest)

    def _start_explicit(self, deal: ExplicitDeal) -> None:
        self._deals_won[:] = deal.deals_won
        self._reset_deal(deal.dealer)
        self._deal_cards(self._as_dealt(deal.hands), deal.trump, deal.stock)

    def _deal_cards(self, cards: list[int], trump: int, rest: Sequence[int]) -> None:
        """Deal ``cards`` one at a time counter-clockwise from the dealer's right, turn
        ``trump`` and lay it under the stock ``rest``."""
        order, seen = self._deal_round(cards)
        self._trump = trump
        self._stock = (*rest, trump)
        dealt = Dealt(
            order, self._deal_no, self._dealer, self._leader, _CARDS[trump], len(rest) + 1
        )
        self._log_dealt(dealt, cards, seen)

    # -- rebuilding a position from a view (for search seats) -------------------------------
    @classmethod
    def from_view(
        cls,
        view: BriscolaView,
        hidden: Mapping[int, Sequence[Card]],
        pile: Sequence[Card] = (),
        seed: int = 0,
    ) -> BriscolaState:
        """A state that agrees with ``view`` and a guess at what it hides: ``hidden`` gives
        every other seat's hand, ``pile`` the stock's face-down cards (top first; the trump
        card, known, is not in it).  ``state.view(view.seat) == view`` holds for the result;
        the next deal is shuffled from ``seed``.  A guess the seat could rule out is refused
        with a ValueError: a wrong size, a card twice or shown, or the drawn trump card not
        in the hand of the seat that drew it.
        """
        if view.phase != "play" or view.current_player is None:
            raise ValueError("only a position of the card play can be rebuilt from a view")
        n = view.players
        full = deck_mask(n)
        seen = [*view.hand, *(c for _, t, _, _ in view.tricks for _, c in t)]
        seen += [c for _, c in view.trick]
        trump_here = view.trump_to is None and view.stock > 0
        if trump_here:
            seen.append(view.trump)
        check_guess(
            (view.seat,), view.hand_sizes, hidden, pile, view.face_down, seen, ITALIAN, full
        )
        masks = [
            mask_cards(view.hand if s == view.seat else hidden[s], ITALIAN, full) for s in range(n)
        ]
        holder = view.trump_to
        if (
            holder is not None
            and holder != view.seat
            and view.trump not in _played(view)
            and not masks[holder] & view.trump.bit
        ):
            raise ValueError(f"seat {holder} drew {view.trump} and has not played it")
        new = cls._rebuilt(view, {"deals_to_win": view.deals_to_win}, seed)
        new._hands = masks
        new._points = list(view.points)
        new._trump = view.trump.index
        new._trump_to = -1 if holder is None else holder
        stock = [c.index for c in pile]
        new._stock = (*stock, view.trump.index) if trump_here else tuple(stock)
        new._rebuild_tricks(view)
        return new

    # -- protocol --------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Deals won per seat (partners both list their side's)."""
        return self._per_seat(self._deals_won)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still to draw, top first (the trump card last while it lies there): for
        tools and tests, never for AI seats."""
        return tuple(_CARDS[c] for c in self._stock)

    @property
    def trump(self) -> Card:
        return _CARDS[self._trump]

    def _find_legal(self) -> tuple[Move, ...]:
        if self._phase != "play":
            return ()
        return PLAYS(self._hands[(self._leader - len(self._trick)) % self.players])

    def why_illegal(self, move: Move) -> IllegalMove:
        seat = (self._leader - len(self._trick)) % self.players
        c = move.cards[0] if move.cards else None
        if c is None or move.kind != "play":
            return IllegalMove(
                f"seat {seat} must play a card, not {move.text!r}", "not_a_move", text=move.text
            )
        return self._not_held(seat, c, SET_ASIDE, "it is set aside in 3 players")

    def _apply(self, move: Move) -> None:
        seat = (self._leader - len(self._trick)) % self.players
        c = move.cards[0].index
        self._hands[seat] &= ~(1 << c)
        trick = self._trick
        trick.append((seat, c))
        if self._log:
            shown = (_PLAYED[len(self._tricks)], seat, SOLO[c], None)
            self.events.append(make_event(shown))
        if len(trick) == self.players:
            self._finish_trick()

    def _finish_trick(self) -> None:
        n = self.players
        trick = self._trick
        won = trick_winner([c for _, c in trick], SUIT[self._trump])
        winner, best = trick[won]
        points = 0
        mask = 0
        for _, c in trick:
            mask |= 1 << c
            points += POINTS[c]
        side = side_of(winner, n)
        self._won[winner] |= mask
        self._points[side] += points
        leader = self._leader
        self._tricks.append((leader, tuple(trick), winner, points))
        self._trick = []
        self._leader = winner
        last = not any(self._hands) and not self._stock
        if self._log:
            seats = tuple(s for s, _ in trick)
            payload = TrickWon(seats, _CARDS[best], side, len(self._tricks), last, points)
            shown = tuple([_CARDS[c] for _, c in trick])
            self.events.append(make_event((payload, winner, shown, None)))
        if self._stock:
            self._draw(winner)
        elif last:
            self._score_deal()

    def _draw(self, winner: int) -> None:
        """Each seat draws a card, ``winner`` first and the others in playing order."""
        n = self.players
        stock = self._stock
        order = tuple((winner - k) % n for k in range(n))
        drawn = stock[:n]
        self._stock = stock[n:]
        trump = self._trump
        for s, c in zip(order, drawn, strict=True):
            self._hands[s] |= 1 << c
            if c == trump:
                self._trump_to = s
        if self._log:
            seen = tuple(
                EVERYONE if c == trump else SEEN_BY_RECEIVER[s]
                for s, c in zip(order, drawn, strict=True)
            )
            data = Drew(order, len(self._stock))
            self.events.append(make_event((data, winner, tuple(_CARDS[c] for c in drawn), seen)))

    def _score_deal(self) -> None:
        n = self.players
        points = tuple(self._points)
        winner = deal_winner(points)
        if winner is not None:
            self._deals_won[winner] += 1
        self._last_points = points
        target = self.options["deals_to_win"]
        sides = [side_of(s, n) for s in range(n)]
        results = tuple(seat_result(k == winner, points[k], int(k == winner)) for k in sides)
        scored = BriscolaScored(
            deal_no=self._deal_no,
            results=results,
            scores=tuple(self.scores),
            sides=self.sides,
            points=points,
            winner_side=winner,
            deals_won=tuple(self._deals_won),
            deals_to_win=target,
        )
        self._log_scored(None, scored)
        self._end_deal(None if winner is None or self._deals_won[winner] < target else winner)

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> BriscolaView:
        n = self.players
        return self._trick_view(
            BriscolaView,
            seat,
            trump=_CARDS[self._trump],
            trump_to=None if self._trump_to < 0 else self._trump_to,
            stock=len(self._stock),
            points=tuple(self._points),
            deals_won=tuple(self._deals_won),
            deals_to_win=self.options["deals_to_win"],
            last_deal_points=self._last_points,
            set_aside=_CARDS[SET_ASIDE] if n == 3 else None,
            winners=self._winners,
        )


def _played(view: BriscolaView) -> set[Card]:
    return {c for _, t, _, _ in view.tricks for _, c in t} | {c for _, c in view.trick}


INFO = GameInfo(
    name="briscola",
    title="Briscola",
    deck=ITALIAN,
    players=(2, 3, 4),
    options={
        "deals_to_win": Option(
            2, MATCH_LENGTHS, "the match goes to the first side to win this many deals"
        ),
    },
    deals=lambda players: tuple(_CARDS[i] for i in deck_indices(players)),
    summary="Trick-taking with a trump suit for 2, 3, or 4 in two sides: three cards in hand, "
    "no need to follow suit; 61 of the 120 card points win the deal.",
    numbers={"hand_size": HAND_SIZE, "deal_points": DEAL_POINTS, "win_points": WIN_POINTS},
)
