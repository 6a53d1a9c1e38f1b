"""Scopa for 2 and 3 players alone, 4 in two teams and 6 in three teams (assets/rules/scopa.txt).

Seats are numbered clockwise (``s + 1`` sits at the left of ``s``); Scopa plays and deals
counter-clockwise, so the player after ``s`` is ``s - 1`` and the deal passes right (the next
dealer is ``dealer - 1``).  Partners sit opposite: 4 players form sides {0, 2} and {1, 3}, 6
players {0, 3}, {1, 4} and {2, 5}; in every count a seat's side is ``seat % sides``.  With 4 or
6 players the next to play is therefore always an opponent.

Decisions taken where the seed leaves a choice (documented in the README):

- The four table cards are dealt after the hands (the seed allows before, between or after).
- Three or four Re among the four table cards of a deal's first table: the same dealer
  reshuffles the whole deck and deals again (event ``"redeal"``); the deal number stays.  An
  explicit ``deal=`` with such a table is redealt the same way, from the seed.
- Hands: 3 cards each, one at a time starting right of the dealer, repeated until the deck is
  gone (2 players 6 hands, 3 players 4, 4 players 3, 6 players 2); the player right of the
  dealer starts every hand.
- A scopa is a capture that empties the table, except on the very last play of the deal.
  The cards left on the table at the end go to the side of the last player who captured
  (event ``"leftovers"``, never a scopa); should nobody have captured in the whole deal, they
  go to nobody and count for no side.
- Points are added only after the whole deal; a side wins with at least the target and strictly
  more than every other side.  Cappotto (option): a side that has 7 or more while every other
  side has 0 after a deal wins at once.

Hands, table and piles are int bitmasks over the Italian deck's card indices; moves are
created once (see :mod:`.scopa_moves`), the running table total spares most subset walks, and
the deck is shuffled from one 256-bit draw (``python -m game.tools.bench`` gives the speed of random
play).

Sibling modules hold the rest: :mod:`.scopa_moves` (moves and the capture arithmetic),
:mod:`.scopa_scoring` (deal points), :mod:`.scopa_events` (the typed event payloads) and
:mod:`.scopa_deal` (explicit deals).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from .base import (
    BaseView,
    Event,
    GameInfo,
    GameState,
    IllegalMove,
    Move,
    Option,
    StateFields,
    ViewT,
    make_event,
    make_view,
    seat_result,
)
from .cards import ITALIAN, Card, bit_list
from .dealspec import SEEN_BY_RECEIVER, check_guess, deal_into, mask_cards, names
from .memo import Memo
from .scopa_deal import FULL, HAND_SIZE, ExplicitDeal, read_deal
from .scopa_events import (
    CAPTURED,
    Dealt,
    Leftovers,
    Redeal,
    ScopaOver,
    ScopaScored,
    Sweep,
    TableDealt,
)
from .scopa_house import HOUSE_OPTIONS, NO_HOUSE, HouseRules, house_awards, house_captures
from .scopa_moves import (
    _CAPTURES,
    _HANDS,
    _PLACE,
    CARD,
    SUM_UNIT,
    VALUE,
    VALUE_MASKS,
    ScopaMove,
    capture_move,
    hand_indices,
    packed_sums,
    parse_move_text,
    sorted_cards,
)
from .scopa_scoring import (
    COINS_MASK,
    SETTEBELLO,
    DealFigures,
    deal_points,
    unique_best,
)

__all__ = ["INFO", "RoundPlay", "ScopaState", "ScopaView", "round_plays", "sides_for", "sweepers"]

_COINS: str = CARD[COINS_MASK.bit_length() - 1].suit
_SETTEBELLO: Card = CARD[SETTEBELLO]

_SIDES = {2: 2, 3: 3, 4: 2, 6: 3}
_FULL_DECK = list(range(40))
#: The "dealt" payloads made so far (immutable, so shared by every match that deals the same
#: hand number of the same deal number from the same dealer): one fewer object per hand.
_DEALT: Memo[int, Dealt] = Memo("scopa deals", 1 << 10)


def sides_for(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side: side ``k`` holds the seats ``s`` with ``s % sides == k``."""
    return _SIDES_FOR[players]


#: :func:`sides_for` by player count, worked out once (every new match asks)
_SIDES_FOR = {
    n: tuple(tuple(s for s in range(n) if s % k == side) for side in range(k))
    for n, k in _SIDES.items()
}


def _deal_order(players: int, dealer: int) -> tuple[int, ...]:
    """Seats receiving the cards of one hand of 3, one at a time, starting right of the dealer."""
    return tuple((dealer - 1 - j) % players for j in range(players)) * HAND_SIZE


#: (players, dealer) -> (deal order of one hand, who sees each card): built once.
_ORDERS = {
    (n, d): (_deal_order(n, d), tuple(SEEN_BY_RECEIVER[s] for s in _deal_order(n, d)))
    for n in _SIDES
    for d in range(n)
}


#: The "leftovers" payload per side that takes them (None: nobody): immutable, made once.
_LEFTOVERS = {side: Leftovers(side) for side in (None, 0, 1, 2)}


def _shuffled(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck of the 40 card indices, from one draw of 256 random bits.

    Fisher-Yates with the indices read as the mixed-radix digits of one big random number:
    40! < 2**160, so the permutations are uniform to within 2**-96, and one ``getrandbits``
    replaces forty ``randrange`` calls (the shuffle was a tenth of a random deal's time).
    Scopa keeps its own shuffle (not :func:`.dealspec.shuffled`): seeded records depend on it.
    """
    cards = _FULL_DECK[:]
    r = rng.getrandbits(256)
    for i in range(39, 0, -1):
        r, j = divmod(r, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


#: The cards worth at most v, by v (index 0 unused): all a card of value v can take a set of.
_UP_TO = tuple(sum(VALUE_MASKS[1 : v + 1]) for v in range(11))
#: The sets of two or more table cards adding up to v, by ``table cards worth <= v << 4 | v``
#: (see :func:`_sum_sets`): tuples of plain ints, so the collector never walks them.
_SUM_SETS: Memo[int, tuple[int, ...]] = Memo("scopa sums", 1 << 15)


def _sum_sets(key: int) -> tuple[int, ...]:
    """The masks of the sets of two or more cards adding up to ``v`` among ``cards``, for
    ``key = cards << 4 | v`` where no card of ``cards`` is worth v (a card that finds an equal
    one never takes a sum).  Kept by key: the cards a card can take are those worth at most its
    value, and those repeat from position to position far more than whole tables do (over 4
    in 5 lookups hit in random 2-player play)."""
    v = key & 15
    low = v * SUM_UNIT
    return _SUM_SETS.keep(
        key, tuple([e - low for e in packed_sums(key >> 4, v) if low <= e < low + SUM_UNIT])
    )


#: a capture as views show it, by the state's (seat, card index, taken mask, scopa) record
_SHOWN: Memo[tuple[int, int, int, bool], tuple[int, Card, tuple[Card, ...], bool]] = Memo(
    "scopa captures shown", 1 << 13
)


def _shown(capture: tuple[int, int, int, bool]) -> tuple[int, Card, tuple[Card, ...], bool]:
    """How views show ``capture``, kept since every view lists the deal's captures again."""
    seat, c, taken, scopa = capture
    return _SHOWN.keep(capture, (seat, CARD[c], sorted_cards(taken), scopa))


def _italian_mask(cards: Sequence[Card] | Any) -> int:
    return mask_cards(cards, ITALIAN)


@dataclass(frozen=True)
class ScopaView(BaseView):
    """What one seat may know: its own hand, and what every player saw.

    Captured piles lie face down, but every capture was shown to all as it was made, so the
    captured cards (``captured``, ``captures``) are public here.  The deck's order and the other
    hands appear only as counts.  Per-side tuples are indexed by side (``sides[k]`` its seats).
    ``captures`` lists this deal's captures as (seat, played card, cards taken, scopa).
    ``round_plays`` lists the moves of the hand of 3 in play so far, as the record writes them
    (:func:`round_plays` says who made each and on what table).
    ``last_deal`` is the previous deal's scoring, if any.  :attr:`so_far` gives the deal's
    running figures (coins, primiera, who holds the settebello...) so nobody recounts them.
    """

    EXTRAS: ClassVar[tuple[str, ...]] = ("rules",)

    side: int = field()
    sides: tuple[tuple[int, ...], ...] = field()
    deal_no: int = field()
    table: tuple[Card, ...]
    deck_count: int
    captured: tuple[tuple[Card, ...], ...]
    captured_counts: tuple[int, ...]
    scope: tuple[int, ...]
    captures: tuple[tuple[int, Card, tuple[Card, ...], bool], ...]
    round_plays: tuple[str, ...]
    last_capturer: int | None
    side_scores: tuple[int, ...]
    target: int
    cappotto: bool
    primiera_all_suits: bool
    last_deal: ScopaScored | None
    winners: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        """Whether the match has a result (between two deals nobody is to play either)."""
        return bool(self.winners)

    @cached_property
    def phase(self) -> str:
        """The phase: "play", "between_deals" from a deal's scoring to the next deal, or "over"."""
        if self.winners:
            return "over"
        return "play" if self.current_player is not None else "between_deals"

    @property
    def partners(self) -> tuple[int, ...]:
        return self.sides[self.side]

    @cached_property
    def rules(self) -> HouseRules:
        """The house rules in force.  Not a field (views of matches without house rules stay
        as they were): the state hands it to :func:`make_view`, a view built otherwise has
        none."""
        return NO_HOUSE

    @property
    def coins_suit(self) -> str:
        """The suit of the "most coins" point (the UI names it in the deck on screen)."""
        return _COINS

    @property
    def settebello(self) -> Card:
        """The settebello, the 7 of coins: a deal point on its own."""
        return _SETTEBELLO

    @property
    def so_far(self) -> DealFigures:
        """The deal's figures per side from the cards captured so far, scored as if the deal
        ended now (cards, coins, primiera, scope; ``awards`` names each point's leader so far,
        ``awards.settebello`` the side holding the 7 of coins)."""
        piles = [_italian_mask(p) for p in self.captured]
        house = house_awards(self.rules, piles)
        return deal_points(piles, self.scope, self.primiera_all_suits, house)


@dataclass(frozen=True, slots=True)
class RoundPlay:
    """One move of the hand of 3 in play: its seat, the move, and the table it was made on."""

    seat: int
    move: ScopaMove
    table: tuple[Card, ...]

    @property
    def swept(self) -> bool:
        """Whether the move took every card on the table."""
        return bool(self.table) and len(self.move.took) == len(self.table)


def round_plays(view: ScopaView) -> list[RoundPlay]:
    """The moves of the hand of 3 in play so far, first to last, each with its seat and the
    table it met: what a player could have done then (see :func:`sweepers`).

    The first move of every hand of 3 is the dealer's right-hand neighbour's, and play goes on
    to the right.  The tables are rebuilt backwards from the table now: a capture's cards go
    back on it, a placed card comes off it.  For a deal in play: at its end the last capturer
    takes what is left on the table, which is no move.
    """
    moves = [parse_move_text(text.upper()) for text in view.round_plays]
    table = set(view.table)
    plays: list[RoundPlay] = []
    for k in range(len(moves) - 1, -1, -1):
        move = moves[k]
        assert isinstance(move, ScopaMove)  # the record holds only legal moves
        if move.took:
            table.update(move.took)
        else:
            table.discard(move.played)
        seat = (view.dealer - 1 - k) % view.players
        plays.append(RoundPlay(seat, move, sorted_cards(_italian_mask(table))))
    plays.reverse()
    return plays


def sweepers(
    table: Sequence[Card], cards: Sequence[Card], rules: HouseRules = NO_HOUSE
) -> list[Card]:
    """The ``cards`` that, played on ``table``, could take every card on it (a scopa, unless
    it is the deal's last play or the ace's whole-table take), as the legal moves of that
    position under ``rules`` say."""
    if not table:
        return []
    whole = _italian_mask(table)
    probe = ScopaState._probe(_italian_mask(cards), whole, rules)
    return [CARD[m.index] for m in probe._find_legal() if m.taken == whole]


class ScopaState(GameState[ScopaView]):
    """A Scopa match: deals until one side reaches the target strictly ahead of the others."""

    FIELDS: ClassVar[StateFields] = StateFields(
        match=("_rng", "_side_scores", "_winners", "_last_deal", "_deal_no", "_dealer"),
        deal={
            "_hands": lambda s: [0] * s.players,
            "_in_hands": 0,
            "_table": 0,
            "_table_sum": 0,  # the values on the table added up: 10 or less sweeps
            "_deck": lambda s: [],  # the undealt cards, in dealing order
            "_hand_no": 0,
            "_round_start": 0,  # the record's length when the hands of 3 were last dealt
            "_captured": lambda s: [0] * s._nsides,
            "_unclaimed": 0,
            "_scope": lambda s: [0] * s._nsides,
            "_captures": lambda s: [],  # (seat, card index, taken mask, scopa) per capture
            "_last_capturer": -1,
            "_current": lambda s: (s._dealer - 1) % s.players,
        },
        # which hand of the deal this is: a label of the events, rebuilt from views as a guess
        # where the hand of 3 began in the record: a view rebuilds only that hand's moves
        unsnapped=("_hand_no", "_round_start"),
    )

    _nsides: int
    _sides: tuple[tuple[int, ...], ...]
    _house: HouseRules
    _rng: random.Random
    _side_scores: list[int]
    _winners: tuple[int, ...]
    _last_deal: ScopaScored | None
    _deal_no: int
    _dealer: int
    _hands: list[int]
    _in_hands: int
    _table: int
    _table_sum: int
    _deck: list[int]
    _hand_no: int
    _round_start: int
    _captured: list[int]
    _unclaimed: int
    _scope: list[int]
    _captures: list[tuple[int, int, int, bool]]
    _last_capturer: int
    _current: int | None

    def _begin(self, deal: dict[str, Any] | None) -> None:
        dealer = self._rng.randrange(self.players)  # drawn for explicit deals too: same stream
        if deal is not None:
            self._start_explicit(deal)
        else:
            self._start_deal(dealer)

    def _open(self) -> None:
        """The match before its first deal (for new matches and positions rebuilt from views)."""
        players = self.players
        self._nsides = _SIDES[players]
        self._sides = sides_for(players)
        self._house = HouseRules.from_options(self.options)
        self._rng = random.Random(self.seed)
        self._side_scores = [0] * self._nsides
        self._winners = ()
        self._last_deal = None
        self._deal_no = 0
        self._dealer = 0

    # -- dealing ---------------------------------------------------------------------------
    def _reset_deal(self, dealer: int) -> None:
        self._dealer = dealer
        self._reset_fields()

    def _start_deal(self, dealer: int) -> None:
        """Shuffle and deal a new deal: hands, then the table; redeal on three or four Re."""
        self._deal_no += 1
        while True:
            self._reset_deal(dealer)
            self._deck = _shuffled(self._rng)
            self._deal_hand()
            k = self._first_table()
            if k:
                table = self._deck[:k]
                del self._deck[:k]
                self._deal_table(table)
            if not self._kings_redeal():
                return

    def _first_table(self) -> int:
        """The cards dealt face up on the table after a deal's first hands (a hook: Scopone
        deals none in its *scientifico* way)."""
        return 4

    def _hand_order(self) -> tuple[tuple[int, ...], tuple[frozenset[int], ...]]:
        """Who receives each card of a hand dealt now, in dealing order, and who sees it: a
        hand of 3 each here (a hook: Scopone deals its whole hands at once)."""
        return _ORDERS[(self.players, self._dealer)]

    def _kings_redeal(self) -> bool:
        """Three or four Re on the first table: announce the redeal (the caller reshuffles)."""
        kings = (self._table & VALUE_MASKS[10]).bit_count()
        if kings < 3:
            return False
        redeal = Redeal(kings, self._deal_no)
        self.events.append(Event(redeal, self._dealer, sorted_cards(self._table)))
        return True

    def _deal_hand(self) -> None:
        """Deal a hand to each player from the deck (:meth:`_hand_order`: 3 cards each), one at
        a time, right of the dealer first."""
        order, seen = self._hand_order()
        k = len(order)
        deck = self._deck
        cards = deck[:k]
        del deck[:k]
        deal_into(self._hands, order, cards)
        self._in_hands = k
        self._hand_no += 1
        self._round_start = len(self._history)
        self._current = (self._dealer - 1) % self.players
        if self._log:
            self._log_dealt(cards, order, seen)

    def _log_dealt(
        self, cards: list[int], order: tuple[int, ...], seen: tuple[frozenset[int], ...]
    ) -> None:
        """The "dealt" event of the hand of ``cards`` just dealt in ``order``."""
        left = len(self._deck)
        key = (
            (((self._deal_no << 5 | self._hand_no) << 6 | left) << 6 | len(order)) << 6
            | self.players << 3
            | self._dealer
        )
        dealt = _DEALT.get(key)
        if dealt is None:
            dealt = _DEALT.keep(key, Dealt(order, self._deal_no, self._hand_no, left))
        cards_dealt = tuple([CARD[c] for c in cards])
        self.events.append(make_event((dealt, self._dealer, cards_dealt, seen)))

    def _deal_table(self, cards: list[int]) -> None:
        for c in cards:
            self._table |= 1 << c
            self._table_sum += VALUE[c]
        payload = TableDealt(self._deal_no)
        shown = tuple(map(CARD.__getitem__, cards))
        self.events.append(make_event((payload, self._dealer, shown, None)))

    def _start_explicit(self, deal: dict[str, Any]) -> None:
        """Set up the first deal from ``deal`` (see :mod:`.scopa_deal` for the keys)."""
        n = self.players
        spec = self._read_deal(deal)
        size = len(spec.hands[0])
        self._side_scores = list(spec.scores)
        self._deal_no = 1
        self._reset_deal(spec.dealer)
        # The deal event lists the hands in deal order: round-robin from the dealer's right.
        order = self._hand_order()[0][: n * size]
        dealt = [spec.hands[s][k] for k in range(size) for s in order[:n]]
        for c, s in zip(dealt, order, strict=True):
            self._hands[s] |= 1 << c
        self._in_hands = n * size
        self._hand_no = 1
        self.events.append(
            Event(
                Dealt(order, 1, 1, len(spec.deck)),
                spec.dealer,
                tuple(CARD[c] for c in dealt),
                tuple(SEEN_BY_RECEIVER[s] for s in order),
            )
        )
        self._deal_table(spec.table)
        self._deck = list(spec.deck)
        for k, pile in enumerate(spec.captured):
            for c in pile:
                self._captured[k] |= 1 << c
        self._last_capturer = -1 if spec.last_capturer is None else spec.last_capturer
        if spec.fresh and self._kings_redeal():
            self._deal_no = 0
            self._start_deal(spec.dealer)

    def _read_deal(self, deal: dict[str, Any]) -> ExplicitDeal:
        """The checked explicit ``deal`` (a hook: Scopone reads its own, with no deck)."""
        return read_deal(deal, self.players, self._nsides, self._rng)

    # -- rebuilding a position from a view (for search seats) -------------------------------
    @classmethod
    def from_view(
        cls,
        view: ScopaView,
        hidden: Mapping[int, Sequence[Card]],
        deck: Sequence[Card],
        seed: int = 0,
    ) -> ScopaState:
        """A state that agrees with ``view`` and a guess at what it hides.

        ``hidden`` gives the hand of every other seat (each of the size the view shows) and
        ``deck`` the undealt cards in the order they would be dealt (``deck_count`` of them).
        Supported: any position of a deal where someone is to play (the match not over), in
        any deal of the match, whichever seat the view belongs to.  Search seats build such
        states ("determinizations") to look ahead; ``state.view(view.seat) == view`` holds for
        the result.  The deal after this one is shuffled from ``seed``.

        Raises ValueError when the guess does not fit the view: other seats missing or extra,
        wrong sizes, a card twice, or a card the view already shows (hand, table, captures).
        """
        n = view.players
        if view.current_player is None:
            raise ValueError("the match is over: there is no position to rebuild")
        check_guess(
            (view.seat,),
            view.hand_sizes,
            hidden,
            deck,
            view.deck_count,
            [*view.hand, *view.table, *(c for p in view.captured for c in p)],
            ITALIAN,
            FULL,
        )
        new = cls._blank(n, cls._view_options(view), seed)
        new._side_scores = list(view.side_scores)
        new._last_deal = view.last_deal
        new._deal_no = view.deal_no
        new._reset_deal(view.dealer)
        for s in range(n):
            new._hands[s] = _italian_mask(view.hand if s == view.seat else hidden[s])
        new._in_hands = sum(view.hand_sizes)
        new._table = _italian_mask(view.table)
        new._table_sum = sum(VALUE[c.index] for c in view.table)
        new._deck = [c.index for c in deck]
        # Which hand of 3 this is (a label of the "dealt" events): the hands dealt so far, as
        # in a shuffled deal; a position built through an explicit deal may not fit, hence >= 1.
        new._hand_no = max(1, (36 - view.deck_count) // (HAND_SIZE * n))
        new._captured = [_italian_mask(p) for p in view.captured]
        new._scope = list(view.scope)
        new._captures = [
            (s, c.index, _italian_mask(taken), scopa) for s, c, taken, scopa in view.captures
        ]
        new._last_capturer = -1 if view.last_capturer is None else view.last_capturer
        new._current = view.current_player
        new._history = list(view.round_plays)  # the record of this hand of 3, as the view has it
        return new

    @classmethod
    def _view_options(cls, view: ScopaView) -> dict[str, Any]:
        """The match's options as ``view`` shows them (a hook: Scopone's view adds its way of
        dealing)."""
        return {
            "target": view.target,
            "cappotto": view.cappotto,
            "primiera_all_suits": view.primiera_all_suits,
            **view.rules.as_options(),
        }

    @classmethod
    def _probe(cls, hand: int, table: int, rules: HouseRules = NO_HOUSE) -> ScopaState:
        """A bare position for asking what a hand could take (see :func:`sweepers`): seat 0
        to play ``hand`` (a mask) on ``table`` (a mask) under ``rules``, nothing else set, no
        match around it.  Only its :meth:`_find_legal` may be asked."""
        probe = object.__new__(cls)
        probe._house = rules
        probe._current = 0
        probe._hands = [hand]
        probe._table = table
        probe._table_sum = sum(VALUE[c] for c in bit_list(table))
        return probe

    # -- protocol --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def scores(self) -> list[int]:
        """Match points per player: each seat shows its side's total."""
        k = self._nsides
        return [self._side_scores[s % k] for s in range(self.players)]

    @property
    def side_scores(self) -> list[int]:
        return list(self._side_scores)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self._sides

    def side_of(self, seat: int) -> int:
        return seat % self._nsides

    def _find_legal(self) -> list[ScopaMove]:
        """The legal moves, built once per position (the hot path of random play and search).

        Cards whose value lies on the table yield one capture per equal card.  A card worth
        more than the whole table is placed, one worth just as much sweeps it.  The others can
        take only a set of two or more cards adding up to their value, looked up by the table
        cards worth no more than they are (see :func:`_sum_sets`).  House rules that change
        the captures have their own walk (:func:`.scopa_house.house_captures`).
        """
        legal: list[ScopaMove] = []
        seat = self._current
        if seat is not None:
            if self._house.captures:
                return house_captures(self._house, hand_indices(self._hands[seat]), self._table)
            table = self._table
            total = self._table_sum
            caps = _CAPTURES
            hand = self._hands[seat]
            sums = []  # the captures of sets of two or more
            for i in _HANDS.get(hand) or hand_indices(hand):
                v = VALUE[i]
                same = table & VALUE_MASKS[v]
                if same:  # must take exactly one card of the same value, never a sum
                    while same:
                        b = same & -same
                        same ^= b
                        legal.append(caps.get(b << 6 | i) or capture_move(i, b))
                elif v > total:  # the whole table adds up to less: nothing to take
                    legal.append(_PLACE[i])
                elif v == total:  # only the whole table adds up to v: a sweep
                    legal.append(caps.get(table << 6 | i) or capture_move(i, table))
                elif table.bit_count() <= 2:  # only the pair adds up to more than one card
                    legal.append(_PLACE[i])
                else:
                    # a card worth more than v less the lowest table value has no partner
                    # in any set: leaving such cards out of the key, more lookups hit
                    low = table & _UP_TO[v]
                    ranks = (low | low >> 10 | low >> 20 | low >> 30) & 1023
                    least = (ranks & -ranks).bit_length()  # the lowest value on the table
                    key = (low & _UP_TO[v - least]) << 4 | v
                    sets = _SUM_SETS.get(key)
                    if sets is None:
                        sets = _sum_sets(key)
                    if sets:  # listed after the rest, as they always were
                        for sm in sets:
                            sums.append(caps.get(sm << 6 | i) or capture_move(i, sm))
                    else:
                        legal.append(_PLACE[i])
            if sums:
                legal += sums
        return legal

    def _parse_other(self, key: str) -> Move | None:
        return parse_move_text(key)

    # -- refusals ---------------------------------------------------------------------------
    def why_illegal(self, move: Move) -> IllegalMove:
        seat = self._current
        assert seat is not None  # play() refuses every move once the match is over
        if move.kind not in ("place", "capture") or not move.cards or move.card.deck is not ITALIAN:
            return IllegalMove(
                f"{move.text!r} is not a Scopa move: play a card, e.g. '2D' or '5S x 5C'",
                "not_a_move",
                text=move.text,
            )
        played = move.card
        if not self._hands[seat] >> played.index & 1:
            return IllegalMove(
                f"seat {seat} does not hold {played}", "not_in_hand", seat=seat, card=played
            )
        options: list[Move] = [m for m in self.legal_sequence() if m.card == played]
        listed = ", ".join(repr(m.text) for m in options)
        if move.kind == "place":
            return IllegalMove(
                f"{played} can capture, so it may not be placed on the table: play {listed} "
                "(or another card)",
                "must_capture",
                card=played,
                moves=options,
            )
        taken = move.cards[1:]
        return self._taken_wrong(played, taken) or self._capture_wrong(played, taken, options)

    def _taken_wrong(self, played: Card, taken: tuple[Card, ...]) -> IllegalMove | None:
        """The refusal of a capture listing cards it cannot take at all, if it does."""
        for k, c in enumerate(taken):
            if c in taken[:k]:
                return IllegalMove("a captured card is listed twice", "taken_twice", card=c)
        for c in taken:
            if c == played:
                return IllegalMove(
                    f"{played} is the card played: it cannot also be taken",
                    "takes_itself",
                    card=played,
                )
            if c.deck is not ITALIAN or not self._table >> c.index & 1:
                return IllegalMove(f"{c} is not on the table", "not_on_table", card=c)
        return None

    def _capture_wrong(
        self, played: Card, taken: tuple[Card, ...], options: list[Move]
    ) -> IllegalMove:
        """The refusal of a capture of table cards that the played card may not take."""
        v = VALUE[played.index]
        listed = ", ".join(repr(m.text) for m in options)
        if self._house.captures:  # the house rules' captures: say what the card may take
            return IllegalMove(
                f"under the house rules in force, {played} may only play {listed}",
                "house_capture",
                card=played,
                moves=options,
            )
        same = self._table & VALUE_MASKS[v]
        if same and len(taken) > 1:
            return IllegalMove(
                f"a card of the same value as {played} is on the table "
                f"({names(same, ITALIAN)}): it must take exactly one such card, never a sum: "
                f"play {listed}",
                "must_take_equal",
                card=played,
                equal=sorted_cards(same),
                moves=options,
            )
        if options[0].kind == "place":
            return IllegalMove(
                f"{played} can take nothing on the table: play {played!s} to place it",
                "nothing_to_take",
                card=played,
            )
        if len(taken) == 1:
            return IllegalMove(
                f"{played} (value {v}) cannot take {taken[0]} (value {VALUE[taken[0].index]}): "
                f"play {listed}",
                "wrong_value",
                card=played,
                value=v,
                taken=taken[0],
                taken_value=VALUE[taken[0].index],
                moves=options,
            )
        total = sum(VALUE[c.index] for c in taken)
        return IllegalMove(
            f"{' + '.join(str(c) for c in taken)} add up to {total}, not {v}: "
            f"{played} may take {listed}",
            "wrong_sum",
            cards=taken,
            total=total,
            value=v,
            card=played,
            moves=options,
        )

    # -- playing ----------------------------------------------------------------------------
    def _apply(self, given: Move) -> None:
        # The hot path of every random deal and search: no allocation beyond the events.
        move: ScopaMove = given  # type: ignore[assignment]  # play() hands on only _find_legal's
        seat = self._current
        assert seat is not None
        bit = move.bit
        self._hands[seat] ^= bit
        self._in_hands -= 1
        log = self._log
        if log:
            self.events.append(move.shown[seat])
        taken = move.taken
        if taken:  # without house captures, the cards taken add up to the played card's value
            table = self._table ^ taken
            house = self._house
            if house.captures:
                self._table_sum = sum(VALUE[c] for c in bit_list(table))
                sweeps = not table and house.is_scopa(move.index, taken, self._table)
            else:
                self._table_sum -= VALUE[move.index]
                sweeps = not table
            self._table = table
            side = seat % self._nsides
            self._captured[side] |= taken | bit
            self._last_capturer = seat
            scopa = sweeps and (self._in_hands > 0 or len(self._deck) > 0)
            self._captures.append((seat, move.index, taken, scopa))
            if log:
                payload = CAPTURED[move.index * 6 + side * 2 + scopa]
                self.events.append(make_event((payload, seat, move.took, None)))
            if scopa:
                self._scope[side] += 1
                if log:
                    sweep = Sweep(side, self._scope[side])
                    self.events.append(make_event((sweep, seat, move.solo, None)))
        else:
            self._table |= bit
            self._table_sum += VALUE[move.index]
        if self._in_hands:
            self._current = (seat - 1) % self.players
        elif self._deck:
            self._deal_hand()
        else:
            self._end_deal()

    def _end_deal(self) -> None:
        self._collect_leftovers()
        house = house_awards(self._house, self._captured)
        figures = deal_points(
            self._captured, self._scope, self.options["primiera_all_suits"], house
        )
        for k, p in enumerate(figures.points):
            self._side_scores[k] += p
        self._current = None
        self._last_deal = self._scored(figures)
        self._log_scored(None, self._last_deal)
        winner = self._match_winner()
        if winner is not None:
            side, reason = winner
            self._winners = self._sides[side]
            over = ScopaOver(self._winners, side, reason)
            self.events.append(Event(over))
            return
        self._between((self._dealer - 1) % self.players)

    def _collect_leftovers(self) -> None:
        """The cards left on the table go to the last capturer's side (or to nobody)."""
        table = self._table
        if not table:
            return
        last = self._last_capturer
        side = last % self._nsides if last >= 0 else None
        if side is not None:
            self._captured[side] |= table
        else:  # nobody captured in the whole deal: the cards count for no side
            self._unclaimed |= table
        seat = last if last >= 0 else None
        shown = sorted_cards(table)
        self.events.append(make_event((_LEFTOVERS[side], seat, shown, None)))
        self._table = 0
        self._table_sum = 0

    def _scored(self, figures: DealFigures) -> ScopaScored:
        """The deal_scored payload: every seat's result is its side's."""
        k = self._nsides
        points = figures.points
        best = unique_best(points)
        results = tuple(
            [seat_result(s % k == best, points[s % k], points[s % k]) for s in range(self.players)]
        )
        # the seat that took the settebello in play (leftovers are taken by nobody's card)
        holder = next((s for s, c, t, _ in self._captures if (t | 1 << c) >> SETTEBELLO & 1), None)
        return ScopaScored(
            deal_no=self._deal_no,
            results=results,
            scores=tuple(self.scores),
            dealer=self._dealer,
            sides=self._sides,
            side_scores=tuple(self._side_scores),
            figures=figures,
            settebello_seat=holder,
        )

    def _match_winner(self) -> tuple[int, str] | None:
        scores = self._side_scores
        top = max(scores)
        leaders = [k for k, v in enumerate(scores) if v == top]
        if top >= self.options["target"] and len(leaders) == 1:
            return leaders[0], "target"
        if self.options["cappotto"] and top >= 7 and sum(scores) == top:
            return leaders[0], "cappotto"
        return None

    # -- views and tools ---------------------------------------------------------------------
    def view(self, seat: int) -> ScopaView:
        return self._view(ScopaView, seat)

    def _view(self, cls: type[ViewT], seat: int, **more: Any) -> ViewT:
        """The view of ``seat`` as ``cls`` (ScopaView or a subclass whose ``more`` fields
        the caller gives): every field Scopa's view holds, filled here once for both."""
        n = self.players
        self._check_viewer(seat)
        return make_view(
            cls,
            game=self.info.name,
            players=n,
            seat=seat,
            side=seat % self._nsides,
            sides=self._sides,
            deal_no=self._deal_no,
            dealer=self._dealer,
            current_player=self._current,
            hand=sorted_cards(self._hands[seat]),
            table=sorted_cards(self._table),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            deck_count=len(self._deck),
            captured=tuple(sorted_cards(m) for m in self._captured),
            captured_counts=tuple(m.bit_count() for m in self._captured),
            scope=tuple(self._scope),
            captures=tuple([_SHOWN.get(e) or _shown(e) for e in self._captures]),
            round_plays=tuple(self._history[self._round_start :]),
            last_capturer=self._last_capturer if self._last_capturer >= 0 else None,
            side_scores=tuple(self._side_scores),
            scores=tuple(self.scores),
            target=self.options["target"],
            cappotto=self.options["cappotto"],
            primiera_all_suits=self.options["primiera_all_suits"],
            last_deal=self._last_deal,
            winners=self._winners,
            rules=self._house,
            **more,
        )

    # Tools and tests (never for AI seats): the true hidden state.
    def hand(self, seat: int) -> tuple[Card, ...]:
        return sorted_cards(self._hands[seat])

    def table(self) -> tuple[Card, ...]:
        return sorted_cards(self._table)

    def captured_cards(self, side: int) -> tuple[Card, ...]:
        return sorted_cards(self._captured[side])

    def deck_cards(self) -> tuple[Card, ...]:
        """The undealt cards in the order they will be dealt."""
        return tuple(CARD[c] for c in self._deck)

    def unclaimed_cards(self) -> tuple[Card, ...]:
        return sorted_cards(self._unclaimed)

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def deal_no(self) -> int:
        return self._deal_no


INFO = GameInfo(
    name="scopa",
    title="Scopa",
    deck=ITALIAN,
    players=(2, 3, 4, 6),
    options={
        "target": Option(11, (11, 21, 31), "match points that win (strictly ahead)"),
        "cappotto": Option(False, (False, True), "a side leading 7-0 after a deal wins"),
        "primiera_all_suits": Option(
            False, (False, True), "house rule: a side missing a suit cannot win the primiera"
        ),
        **HOUSE_OPTIONS,
    },
    summary="Fishing game for 2, 3, 4 (two teams) or 6 (three teams): sweep the table.",
    numbers={"hand_size": HAND_SIZE},
)
