"""Cattura for 2 to 4 players, by the rules in assets/rules.

One match is one deal (the seed scores a single game and says nothing of several; the rules
neither).  Seats are numbered clockwise and play goes clockwise: seat ``s + 1`` is next, the
first player sits left of the dealer.  DECISION: the first dealer is drawn from the seed.

The table: each hand is a bitmask of French card indices, each player's captured cards too
(they lie face up, so they are public), the battlefield is a list bottom to top (every card of
it was laid face up, so the whole stack is public knowledge and the view shows it), and the draw
deck is a tuple, top first, that clones share (a view shows only its count).

The rules' parts live beside this module: the card tables and scoring (``cattura_cards``), the
moves and their text (``cattura_moves``), refusals with their reason codes
(``cattura_refusals``), explicit deals (``cattura_deal``) and the event payloads
(``cattura_events``).

Move text (case-insensitive; ``play`` accepts it back):

- ``send 5H``: put 5H on the battlefield (its value must differ from the top card's), then draw
  one card if the deck is not empty.
- ``take 8H with 3D 5C``: capture the top card 8H; the cards after ``with`` go onto the
  battlefield in the order written, so the LAST one ends on top.  The rule puts the larger on
  top, so unequal cards are always written smaller first; two equal values may be written in
  either order and each order is its own move (the capturer's choice of which lies on top).
  A card taken from the player's own captured cards is marked with ``*``: ``take 6D with 6S*``
  (a suit swap), ``take 7C with 2H 5S*``.  When typing, the ``*`` may be left out: the card can
  only be in one place, so the move is understood (the record keeps the canonical text).
- ``pass``: only for a player with an empty hand and no capture (possible in positions built
  through an explicit deal; in a dealt game a player whose hand empties starts the final round
  and takes no further turn, so no one ever starts a turn empty-handed).

End of the match: the moment a player holds 4 captured cards; or, when a player ends a turn with
an empty hand and fewer than 4 captures, each other player takes exactly one more turn (in turn
order) and the match ends.  DECISION: once that final round has started it is not restarted by
another player emptying his hand, and a player who reaches 4 captures during it still ends the
match at once.

Sending never repeats a position, but a suit swap (``take 6D with 6S*``) does not change the
capture count nor the hands: two players could swap back and forth for ever (two search seats
did, 7S for 7C for 7H and round again, in an arena deal).  The rules set no limit.  DECISION:
the same position coming back a third time (whose turn, every hand, every captured pile, the
top card, the deck and the final round alike) ends the match at once, scored as it stands
(reason ``"repetition"``).  Only suit swaps and passes leave the hands as they were, so the
positions are counted from the last move that took a card from a hand (``_seen``); a position
rebuilt from a view starts counting afresh.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from typing import Any, ClassVar

from .base import (
    BaseView,
    Event,
    GameInfo,
    GameState,
    IllegalMove,
    Move,
    StateFields,
    make_event,
    make_view,
    seat_result,
)
from .cards import FRENCH, Card
from .cattura_cards import (
    CARDS,
    DECK_MASK,
    FOUR_SUITS_BONUS,
    HAND_SIZE,
    REPETITIONS,
    WIN_CAPTURES,
    card,
    score_mask,
    sorted_cards,
)
from .cattura_deal import ExplicitDeal, read_deal
from .cattura_events import (
    Captured,
    CatturaOver,
    CatturaScored,
    Dealt,
    Drew,
    FinalRound,
    Passed,
    Position,
    Sent,
    Turned,
)
from .cattura_moves import legal_moves, read_move
from .cattura_refusals import refusal
from .dealspec import (
    BIT,
    SEEN_BY_RECEIVER,
    check_guess,
    deal_order,
    indices_mask,
    mask_cards,
    shuffle_as_random,
)
from .memo import Memo

__all__ = [
    "HAND_SIZE",
    "INFO",
    "REPETITIONS",
    "WIN_CAPTURES",
    "CatturaState",
    "CatturaView",
    "LastTurn",
    "last_turns",
]


@dataclass(frozen=True)
class CatturaView(BaseView):
    """What one seat may know.

    Public: every player's captured cards (face up), the whole battlefield stack (bottom to top;
    every card of it was laid face up), the draw deck's size, hand sizes, the live scores and the
    final-round state.  Private: only ``hand``, the seat's own cards.  The draw deck's order and
    other hands never appear.  ``recent_moves`` lists the last moves as the record writes them,
    one turn of each other player at most (the last ``players - 1``), oldest first
    (:func:`last_turns` says who made each and on what top card).
    """

    captured: tuple[tuple[Card, ...], ...]
    battlefield: tuple[Card, ...]
    deck_count: int
    final_by: int | None
    final_turns: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...]
    end_reason: str | None
    recent_moves: tuple[str, ...]

    @property
    def top(self) -> Card:
        """The card on top of the battlefield: the one a capture takes."""
        return self.battlefield[-1]

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see (the other hands and the draw deck), in deck order.

        Nothing narrows down where each of them lies: drawn cards are never shown.
        """
        unseen = self.unseen_mask
        return tuple(card(i) for i in CARDS if unseen >> i & 1)

    @property
    def unseen_mask(self) -> int:
        """:attr:`unseen` as a mask of card indices (the rule seat asks at every turn of a
        search's rollouts: from the masks below, a few ints or'ed)."""
        seen = self.hand_mask | self.battlefield_mask
        for pile in self.captured_masks:
            seen |= pile
        return DECK_MASK & ~seen

    @cached_property
    def battlefield_mask(self) -> int:
        """:attr:`battlefield` as a mask of card indices (a view from the engine comes with
        it)."""
        return _cards_mask(self.battlefield)

    @cached_property
    def hand_mask(self) -> int:
        """:attr:`hand` as a mask of card indices (a view from the engine comes with it)."""
        return _cards_mask(self.hand)

    @cached_property
    def captured_masks(self) -> tuple[int, ...]:
        """:attr:`captured` as masks of card indices (a view from the engine comes with them)."""
        return tuple(map(_cards_mask, self.captured))


@dataclass(frozen=True)
class LastTurn:
    """A turn of :func:`last_turns`: whose it was, its move and the top card it met."""

    seat: int
    move: Move
    top: Card


def last_turns(view: CatturaView) -> list[LastTurn]:
    """The last turn of each other player (the view's recent moves), oldest first, each with
    its seat and the top card it met: what its player could have captured then.

    Play goes clockwise, one turn each, so the move ``k`` back was made by the seat ``k`` before
    the one to play.  The tops are rebuilt backwards from the battlefield now: a sent card
    comes off it; a capture's used cards come off and the card it took goes back on top.
    """
    if view.current_player is None:
        return []
    field = list(view.battlefield)
    turns: list[LastTurn] = []
    for k, text in enumerate(reversed(view.recent_moves), start=1):
        move = read_move(text.upper(), None, [])
        assert move is not None  # the record holds only legal moves
        if move.kind == "send":
            field.pop()
        elif move.kind == "take":
            del field[len(field) - len(move.cards) + 1 :]
            field.append(move.cards[0])
        turns.append(LastTurn((view.current_player - k) % view.players, move, field[-1]))
    turns.reverse()
    return turns


def _cards_mask(cards: Iterable[Any]) -> int:
    """The mask of Cattura ``cards``; a ValueError for anything that is not one."""
    return mask_cards(cards, FRENCH, DECK_MASK)


# Events and payloads are immutable, so the frequent ones are made once, when first logged
# (search rollouts log many events): keyed by seat << 12 | card << 6 | the other number.
_SENT: Memo[int, Event] = Memo("cattura sends", 1 << 13)
_DREW: Memo[int, Event] = Memo("cattura draws", 1 << 13)
_PASSED = Passed()
#: who sees a card dealt or drawn by each seat


def _sent(key: int) -> Event:
    """The "sent" event of ``seat << 12 | card << 6 | former top card``."""
    return _SENT.keep(
        key, make_event((Sent(card(key & 63)), key >> 12, (card(key >> 6 & 63),), None))
    )


def _drew(key: int) -> Event:
    """The "drew" event of ``seat << 12 | card << 6 | cards left in the deck``."""
    seat = key >> 12
    return _DREW.keep(
        key,
        make_event((Drew(key & 63), seat, (card(key >> 6 & 63),), (SEEN_BY_RECEIVER[seat],))),
    )


#: ``Move.arg`` of a capture (one letter per used card) as the payload's from_captured flags
_OWN = {
    "".join(src): tuple(x == "c" for x in src) for n in (0, 1, 2) for src in product("hc", repeat=n)
}


class CatturaState(GameState[CatturaView]):
    """A Cattura match: a single deal."""

    FIELDS: ClassVar[StateFields] = StateFields(
        match=("_dealer",),
        deal={
            "_hands": lambda s: [0] * s.players,
            "_caps": lambda s: [0] * s.players,
            "_field": lambda s: [],  # the battlefield, bottom to top
            # the battlefield's cards from the bottom up as far as a view has shown them (a
            # tuple: clones share it; a capture cuts it back to the cards left under the top)
            "_field_shown": (),
            "_deck": lambda s: (),  # the draw deck, top first (a tuple: clones share it)
            "_turn": 0,
            "_final_by": -1,
            "_final_left": 0,
            "_over": False,
            "_end_reason": None,
            "_winners": (),
            # how often each position came back since a card last left a hand (see above)
            "_seen": lambda s: {},
        },
        unsnapped=("_field_shown",),
    )

    _dealer: int
    _hands: list[int]
    _caps: list[int]
    _field: list[int]
    _field_shown: tuple[Card, ...]
    _deck: tuple[int, ...]
    _turn: int
    _final_by: int
    _final_left: int
    _over: bool
    _end_reason: str | None
    _winners: tuple[int, ...]
    _seen: dict[tuple[int, ...], int]

    def _begin(self, deal: dict[str, Any] | None) -> None:
        if deal is None:
            self._deal_random(random.Random(self.seed))
        else:
            self._deal_explicit(read_deal(deal, self.players))

    # -- dealing -------------------------------------------------------------------------------
    def _deal_random(self, rng: random.Random) -> None:
        n = self.players
        self._dealer = rng.randrange(n)
        cards = list(CARDS)
        shuffle_as_random(cards, rng)
        self._deal_cards(cards[: HAND_SIZE * n], cards[HAND_SIZE * n], cards[HAND_SIZE * n + 1 :])

    def _deal_cards(self, dealt: list[int], first: int, deck: list[int]) -> None:
        """Deal ``dealt`` one at a time clockwise from the dealer's left, then turn ``first``."""
        n = self.players
        order, seen = deal_order(n, self._dealer, len(dealt), 1)
        for c, s in zip(dealt, order, strict=True):
            self._hands[s] |= 1 << c
        self._deck = tuple(deck)
        self._field = [first]
        self._turn = (self._dealer + 1) % n
        self.events.append(
            Event(Dealt(order, 1, len(deck)), self._dealer, tuple(map(card, dealt)), seen)
        )
        self.events.append(Event(Turned(len(deck)), None, (card(first),)))

    def _deal_explicit(self, deal: ExplicitDeal) -> None:
        """Set up from an explicit deal (see :mod:`.cattura_deal`)."""
        n = self.players
        self._dealer = deal.dealer
        hands = deal.hands
        if not deal.position:
            self._deal_cards(
                [hands[(deal.dealer + 1 + j) % n][k] for k in range(HAND_SIZE) for j in range(n)],
                deal.battlefield[0],
                deal.deck,
            )
            return
        self._hands = [indices_mask(h) for h in hands]
        self._caps = [indices_mask(c) for c in deal.captured]
        self._field = list(deal.battlefield)
        self._deck = tuple(deal.deck)
        self._turn = deal.turn
        self._final_left = deal.final_turns
        self._final_by = deal.final_by
        order = tuple(s for s in range(n) for _ in hands[s])
        self.events.append(
            Event(
                Dealt(order, 1, len(deal.deck), position=True),
                deal.dealer,
                tuple(card(c) for h in hands for c in h),
                tuple(frozenset((s,)) for s in order),
            )
        )
        self.events.append(
            Event(
                Position(
                    tuple(tuple(card(c) for c in p) for p in deal.captured),
                    len(deal.deck),
                    deal.turn,
                    deal.final_turns,
                ),
                None,
                tuple(card(c) for c in deal.battlefield),
            )
        )

    # -- rebuilding a position from a view (for search seats) -------------------------------
    @classmethod
    def from_view(
        cls,
        view: CatturaView,
        hidden: Mapping[int, Sequence[Card]],
        deck: Sequence[Card],
        seed: int = 0,
    ) -> CatturaState:
        """A state that agrees with ``view`` and a guess at what it hides.

        ``hidden`` gives the hand of every other seat (each of the size the view shows; the
        cards a player drew are among them) and ``deck`` the draw deck, top first
        (``deck_count`` cards).  Supported: any position where someone is to move, the final
        round included, whichever seat the view belongs to.  Search seats build such states
        ("determinizations") to look ahead; ``state.view(view.seat) == view`` holds for the
        result.  ``seed`` is kept as the state's seed (a match is one deal: nothing is
        shuffled later).

        Raises ValueError when the guess does not fit the view: other seats missing or extra,
        wrong sizes, a card twice, a card outside the 32-card deck, or one the view already
        shows (own hand, captured cards, battlefield).
        """
        n = view.players
        if view.is_over or view.current_player is None:
            raise ValueError("the match is over: there is no position to rebuild")
        check_guess(
            (view.seat,),
            view.hand_sizes,
            hidden,
            deck,
            view.deck_count,
            [*view.hand, *view.battlefield, *(c for p in view.captured for c in p)],
            FRENCH,
            DECK_MASK,
        )
        new = cls._blank(n, {}, seed)
        new._dealer = view.dealer
        new._hands = [_cards_mask(view.hand if s == view.seat else hidden[s]) for s in range(n)]
        new._caps = [_cards_mask(p) for p in view.captured]
        new._field = [c.index for c in view.battlefield]
        new._deck = tuple(c.index for c in deck)
        new._turn = view.current_player
        new._final_left = len(view.final_turns)
        new._final_by = -1 if view.final_by is None else view.final_by
        new._history = list(view.recent_moves)
        return new

    # -- protocol ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self._over else self._turn

    @property
    def scores(self) -> list[int]:
        """The live score of each player's captured cards (the match is one deal)."""
        return [score_mask(m) for m in self._caps]

    @property
    def end_reason(self) -> str | None:
        """``"four captured"`` or ``"final round"`` once over."""
        return self._end_reason

    @property
    def top(self) -> Card:
        return card(self._field[-1])

    def _find_legal(self) -> Sequence[Move]:
        if self._over:
            return ()
        seat = self._turn
        return legal_moves(self._hands[seat], self._caps[seat], self._field[-1])

    def _parse_other(self, key: str) -> Move | None:
        """Understand move text that is not a legal move now, so the refusal says why.

        A capture typed without the ``*`` marks is resolved to the legal move it can only mean.
        """
        if self._over:
            return read_move(key, None, [])
        return read_move(key, self._caps[self._turn], self.legal_sequence())

    def why_illegal(self, move: Move) -> IllegalMove:
        seat = self._turn
        return refusal(
            move, seat, self._hands[seat], self._caps[seat], self._field[-1], self.legal_moves()
        )

    def _apply(self, move: Move) -> None:
        seat = self._turn
        kind = move.kind
        if kind == "send":
            self._send(seat, move.cards[0] & 63)
        elif kind == "take":
            self._capture(seat, move)
            if self._caps[seat].bit_count() >= WIN_CAPTURES:  # only a capture adds one
                self._finish("four captured", seat)
                return
        elif self._log:
            self.events.append(Event(_PASSED, seat))
        self._end_turn(seat)
        if kind == "send" or "h" in (move.arg or ""):
            if self._seen:  # a card left a hand: no position before this one comes back
                self._seen = {}
        elif not self._over:
            self._count_position(seat)

    def _count_position(self, seat: int) -> None:
        """After a suit swap or a pass: end the match if this position is here a third time."""
        key = (
            self._turn,
            self._field[-1],
            len(self._deck),
            self._final_left,
            *self._hands,
            *self._caps,
        )
        seen = self._seen[key] = self._seen.get(key, 0) + 1
        if seen >= REPETITIONS:
            self._finish("repetition", seat)

    def _send(self, seat: int, i: int) -> None:
        hands = self._hands
        field = self._field
        log = self._log
        if log:
            key = seat << 12 | i << 6 | field[-1]
            self.events.append(_SENT.get(key) or _sent(key))
        field.append(i)
        deck = self._deck
        if deck:
            d = deck[0]
            self._deck = deck = deck[1:]
            hands[seat] = hands[seat] & ~(1 << i) | 1 << d
            if log:
                key = seat << 12 | d << 6 | len(deck)
                self.events.append(_DREW.get(key) or _drew(key))
        else:
            hands[seat] &= ~(1 << i)

    def _capture(self, seat: int, move: Move) -> None:
        target, *used = move.cards
        field = self._field
        caps = self._caps[seat] | 1 << field.pop()
        if len(self._field_shown) > len(field):
            self._field_shown = self._field_shown[: len(field)]
        hand = self._hands[seat]
        own = _OWN[move.arg or ""]
        for c, from_caps in zip(used, own, strict=True):
            i = c & 63  # the card's index: a French card is its index
            if from_caps:
                caps &= ~BIT[i]
            else:
                hand &= ~BIT[i]
            field.append(i)
        self._caps[seat] = caps
        self._hands[seat] = hand
        if self._log:
            payload = Captured(target, tuple(used), own, caps.bit_count(), score_mask(caps))
            self.events.append(make_event((payload, seat, move.cards, None)))

    def _end_turn(self, seat: int) -> None:
        """After a turn that did not end the match with a fourth capture: an empty hand starts
        the final round, the final round's last turn ends the match, else the next seat."""
        n = self.players
        if self._final_left:
            self._final_left -= 1
            if not self._final_left:
                self._finish("final round", seat)
                return
        elif not self._hands[seat]:
            self._final_by = seat
            self._final_left = n - 1
            seats = tuple((seat + k) % n for k in range(1, n))
            self.events.append(Event(FinalRound(n - 1, seats), seat))
        self._turn = (seat + 1) % n

    def _finish(self, reason: str, seat: int) -> None:
        self._over = True
        self._end_reason = reason
        caps = self._caps
        scores = tuple(map(score_mask, caps))
        best = max(scores)
        self._winners = winners = tuple(s for s, p in enumerate(scores) if p == best)
        results = tuple([seat_result(s in winners, p, p) for s, p in enumerate(scores)])
        scored = CatturaScored(
            1,
            results,
            scores,
            reason,
            tuple(map(sorted_cards, caps)),
            winners,
        )
        self._log_scored(seat, scored)
        self.events.append(
            Event(CatturaOver(winners, reason), winners[0] if len(winners) == 1 else None)
        )

    # -- views ---------------------------------------------------------------------------------
    def final_turns(self) -> tuple[int, ...]:
        """The seats that still have their last turn to take, in order (empty before and after)."""
        if self._over or not self._final_left:
            return ()
        return tuple((self._turn + k) % self.players for k in range(self._final_left))

    def view(self, seat: int) -> CatturaView:
        self._check_viewer(seat)
        hands = self._hands
        caps = self._caps
        view = make_view(
            CatturaView,
            game="cattura",
            players=self.players,
            seat=seat,
            dealer=self._dealer,
            current_player=None if self._over else self._turn,
            hand=sorted_cards(hands[seat]),
            hand_sizes=tuple([h.bit_count() for h in hands]),
            captured=tuple(map(sorted_cards, caps)),
            battlefield=self._shown_field(),
            deck_count=len(self._deck),
            final_by=self._final_by if self._final_by >= 0 else None,
            final_turns=self.final_turns(),
            scores=tuple(map(score_mask, caps)),
            is_over=self._over,
            winners=self._winners,
            end_reason=self._end_reason,
            recent_moves=tuple(self._history[1 - self.players :]),
        )
        # the masks the view's cached properties would work out from its cards, as they are
        known = view.__dict__
        known["hand_mask"] = hands[seat]
        known["captured_masks"] = tuple(caps)
        known["battlefield_mask"] = sum(map(BIT.__getitem__, self._field))  # distinct bits
        return view

    def _shown_field(self) -> tuple[Card, ...]:
        """The battlefield as views show it: only the cards laid since the last view are
        added (cards are only laid on top, and a capture cuts the kept part back)."""
        shown = self._field_shown
        field = self._field
        if len(shown) != len(field):
            shown += tuple(map(card, field[len(shown) :]))
            self._field_shown = shown
        return shown

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The true hand of ``seat``: for tests and tools, never for AI seats."""
        return sorted_cards(self._hands[seat])

    def captured(self, seat: int) -> tuple[Card, ...]:
        return sorted_cards(self._caps[seat])

    def battlefield(self) -> tuple[Card, ...]:
        """The battlefield stack, bottom to top."""
        return tuple(card(c) for c in self._field)

    def deck_cards(self) -> tuple[Card, ...]:
        """The draw deck, top first: for tests and tools, never for AI seats."""
        return tuple(card(c) for c in self._deck)


INFO = GameInfo(
    name="cattura",
    title="Cattura",
    deck=FRENCH,
    players=(2, 3, 4),
    retired=("deck",),
    deals=lambda players: tuple(card(i) for i in CARDS),
    summary="Capture the battlefield's top card with equal sums; 4 captures end it.",
    numbers={
        "hand_size": HAND_SIZE,
        "win_captures": WIN_CAPTURES,
        "repetitions": REPETITIONS,
        "four_suits_bonus": FOUR_SUITS_BONUS,
    },
)
