"""Scopa for 2 and 3 players alone, 4 in two teams and 6 in three teams, as RULES.md reads the seed.

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
the deck is shuffled from one 256-bit draw: random play runs at about 3,700 two-player deals
per second on one core of the project machine (the bench asks for 3,000).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from .base import Event, GameInfo, GameState, Move, Option, RecordError
from .cards import ITALIAN, Card, CardError, cards_of, parse_card
from .dealspec import check_guess
from .scopa_moves import (
    _CAPTURES,
    _HANDS,
    _PLACE,
    CARD,
    VALUE,
    VALUE_MASKS,
    ScopaMove,
    capture_move,
    hand_indices,
    parse_move_text,
    subset_sums,
)
from .scopa_scoring import deal_points

__all__ = ["INFO", "ScopaState", "ScopaView", "make", "sides_for"]

_SIDES = {2: 2, 3: 3, 4: 2, 6: 3}
_SEEN = tuple(frozenset((s,)) for s in range(6))
_FULL_DECK = list(range(40))
#: Builds an Event from a full 5-tuple without the NamedTuple's Python-level ``__new__``
#: (the event log is written on every play, so this is a measurable share of a random deal).
_event = partial(tuple.__new__, Event)
_VALUE_ORDER = tuple(VALUE[i] * 4 + i // 10 for i in range(40))


def sides_for(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side: side ``k`` holds the seats ``s`` with ``s % sides == k``."""
    k = _SIDES[players]
    return tuple(tuple(s for s in range(players) if s % k == side) for side in range(k))


def _deal_order(players: int, dealer: int) -> tuple[int, ...]:
    """Seats receiving the cards of one hand of 3, one at a time, starting right of the dealer."""
    return tuple((dealer - 1 - j) % players for j in range(players)) * 3


#: (players, dealer) -> (deal order of one hand, who sees each card): built once.
_ORDERS = {
    (n, d): (_deal_order(n, d), tuple(_SEEN[s] for s in _deal_order(n, d)))
    for n in _SIDES
    for d in range(n)
}


def _shuffled(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck of the 40 card indices, from one draw of 256 random bits.

    Fisher-Yates with the indices read as the mixed-radix digits of one big random number:
    40! < 2**160, so the permutations are uniform to within 2**-96, and one ``getrandbits``
    replaces forty ``randrange`` calls (the shuffle was a tenth of a random deal's time).
    """
    cards = _FULL_DECK[:]
    r = rng.getrandbits(256)
    for i in range(39, 0, -1):
        r, j = divmod(r, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _sorted_cards(mask: int) -> tuple[Card, ...]:
    """Cards of a mask by value, then suit D C S B: how a player sorts a hand or the table."""
    return tuple(CARD[i] for i in sorted(_bits(mask), key=_VALUE_ORDER.__getitem__))


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class ScopaView:
    """What one seat may know: its own hand, and what every player saw.

    Captured piles lie face down, but every capture was shown to all as it was made, so the
    captured cards (``captured``, ``captures``) are public here.  The deck's order and the other
    hands appear only as counts.  Per-side tuples are indexed by side (``sides[k]`` its seats).
    ``captures`` lists this deal's captures as (seat, played card, cards taken, scopa).
    """

    game: str
    players: int
    seat: int
    side: int
    sides: tuple[tuple[int, ...], ...]
    deal_no: int
    dealer: int
    current_player: int | None
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    deck_count: int
    captured: tuple[tuple[Card, ...], ...]
    captured_counts: tuple[int, ...]
    scope: tuple[int, ...]
    captures: tuple[tuple[int, Card, tuple[Card, ...], bool], ...]
    last_capturer: int | None
    side_scores: tuple[int, ...]
    scores: tuple[int, ...]
    target: int
    cappotto: bool
    primiera_all_suits: bool
    last_deal: dict[str, Any] | None
    winners: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def partners(self) -> tuple[int, ...]:
        return self.sides[self.side]


class ScopaState(GameState):
    """A Scopa match: deals until one side reaches the target strictly ahead of the others."""

    def __init__(
        self,
        players: int,
        options: dict[str, Any],
        seed: int,
        deal: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(players, options, seed, deal)
        self._nsides = _SIDES[players]
        self._sides = sides_for(players)
        self._rng = random.Random(seed)
        self._side_scores = [0] * self._nsides
        self._winners: tuple[int, ...] = ()
        self._last_deal: dict[str, Any] | None = None
        self._deal_no = 0
        dealer = self._rng.randrange(players)
        if deal is not None:
            self._start_explicit(deal)
        else:
            self._start_deal(dealer)

    # -- dealing ---------------------------------------------------------------------------
    def _reset_deal(self, dealer: int) -> None:
        self._dealer = dealer
        self._hands = [0] * self.players
        self._in_hands = 0
        self._table = 0
        self._table_sum = 0  # the values on the table added up: 10 or less allows a sweep
        self._deck: list[int] = []
        self._deck_pos = 0
        self._hand_no = 0
        self._captured = [0] * self._nsides
        self._unclaimed = 0
        self._scope = [0] * self._nsides
        self._captures: list[tuple[int, int, int, bool]] = []
        self._last_capturer = -1
        self._current: int | None = (dealer - 1) % self.players
        self._legal: list[ScopaMove] | None = None

    def _start_deal(self, dealer: int) -> None:
        """Shuffle and deal a new deal: hands, then the table; redeal on three or four Re."""
        self._deal_no += 1
        rng = self._rng
        n3 = 3 * self.players
        while True:
            self._reset_deal(dealer)
            cards = _shuffled(rng)
            self._deck = cards
            self._deal_hand()
            self._deal_table(cards[n3 : n3 + 4])
            self._deck_pos = n3 + 4
            if not self._kings_redeal():
                return

    def _kings_redeal(self) -> bool:
        """Three or four Re on the first table: announce the redeal (the caller reshuffles)."""
        kings = (self._table & VALUE_MASKS[10]).bit_count()
        if kings < 3:
            return False
        self.events.append(
            Event(
                "redeal",
                self._dealer,
                _sorted_cards(self._table),
                {"kings": kings, "deal_no": self._deal_no},
            )
        )
        return True

    def _deal_hand(self) -> None:
        """Deal 3 cards to each player from the deck, one at a time, right of the dealer first."""
        order, seen = _ORDERS[(self.players, self._dealer)]
        pos = self._deck_pos
        k = len(order)
        cards = self._deck[pos : pos + k]
        hands = self._hands
        for c, s in zip(cards, order, strict=True):
            hands[s] |= 1 << c
        self._deck_pos = pos + k
        self._in_hands = k
        self._hand_no += 1
        self._current = (self._dealer - 1) % self.players
        self.events.append(
            Event(
                "dealt",
                self._dealer,
                tuple([CARD[c] for c in cards]),
                {
                    "to": order,
                    "deal_no": self._deal_no,
                    "hand_no": self._hand_no,
                    "deck_left": len(self._deck) - self._deck_pos,
                },
                seen,
            )
        )

    def _deal_table(self, cards: list[int]) -> None:
        for c in cards:
            self._table |= 1 << c
            self._table_sum += VALUE[c]
        self.events.append(
            Event(
                "table_dealt",
                self._dealer,
                tuple(CARD[c] for c in cards),
                {"deal_no": self._deal_no},
            )
        )

    def _start_explicit(self, deal: dict[str, Any]) -> None:
        """Set up the first deal from ``deal``: see :func:`make` for the keys."""
        n = self.players
        if not isinstance(deal, dict):
            raise RecordError("deal must be a dict with 'dealer', 'hands', 'table' (and 'deck')")
        known = {"dealer", "hands", "table", "deck", "captured", "last_capturer", "scores"}
        unknown = set(deal) - known
        if unknown:
            raise RecordError(
                f"deal has unknown keys {sorted(unknown)}: use {', '.join(sorted(known))}"
            )
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RecordError(f"deal dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        hands_text = deal.get("hands")
        if not isinstance(hands_text, list) or len(hands_text) != n:
            raise RecordError(f"deal hands must be a list of {n} hands, one per seat")
        hands = [_parse_list(h, f"deal hand of seat {s}") for s, h in enumerate(hands_text)]
        size = len(hands[0])
        if not 1 <= size <= 3 or any(len(h) != size for h in hands):
            raise RecordError(
                "deal hands must all hold the same number of cards, 1 to 3 (3 at a new deal): "
                f"got {[len(h) for h in hands]}"
            )
        if "table" not in deal:
            raise RecordError("deal needs 'table': the cards face up on the table")
        table = _parse_list(deal["table"], "deal table")
        captured_text = deal.get("captured", [[] for _ in range(self._nsides)])
        if not isinstance(captured_text, list) or len(captured_text) != self._nsides:
            raise RecordError(f"deal captured must be a list of {self._nsides} piles, one per side")
        captured = [
            _parse_list(p, f"deal captured pile of side {k}") for k, p in enumerate(captured_text)
        ]
        given = [c for h in hands for c in h] + table + [c for p in captured for c in p]
        if "deck" in deal:
            deck = _parse_list(deal["deck"], "deal deck")
        else:
            left = set(range(40)) - set(given)
            deck = sorted(left)
            self._rng.shuffle(deck)
        every = given + deck
        if sorted(every) != _FULL_DECK:
            repeated = sorted({c for c in every if every.count(c) > 1})
            missing = sorted(set(range(40)) - set(every))
            raise RecordError(
                "deal must use each of the 40 cards exactly once (hands, table, captured, "
                f"deck): repeated {_names(repeated)}, missing {_names(missing)}"
            )
        if len(deck) % (3 * n):
            raise RecordError(
                f"deal deck holds {len(deck)} cards: it must deal whole hands of 3 to "
                f"{n} players (a multiple of {3 * n})"
            )
        last = deal.get("last_capturer")
        if last is not None and (
            isinstance(last, bool) or not isinstance(last, int) or not 0 <= last < n
        ):
            raise RecordError(f"deal last_capturer must be a seat from 0 to {n - 1} or None")
        scores = deal.get("scores", [0] * self._nsides)
        if (
            not isinstance(scores, list)
            or len(scores) != self._nsides
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in scores)
        ):
            raise RecordError(
                f"deal scores must be a list of {self._nsides} match scores (whole numbers "
                "from 0), one per side"
            )
        self._side_scores = list(scores)
        self._deal_no = 1
        self._reset_deal(dealer)
        # The deal event lists the hands in deal order: round-robin from the dealer's right.
        order = _deal_order(n, dealer)[: n * size]
        dealt = [hands[s][k] for k in range(size) for s in order[:n]]
        for c, s in zip(dealt, order, strict=True):
            self._hands[s] |= 1 << c
        self._in_hands = n * size
        self._hand_no = 1
        self.events.append(
            Event(
                "dealt",
                dealer,
                tuple(CARD[c] for c in dealt),
                {"to": order, "deal_no": 1, "hand_no": 1, "deck_left": len(deck)},
                tuple(_SEEN[s] for s in order),
            )
        )
        self._deal_table(table)
        self._deck = dealt + deck
        self._deck_pos = len(dealt)
        for k, pile in enumerate(captured):
            for c in pile:
                self._captured[k] |= 1 << c
        self._last_capturer = -1 if last is None else last
        fresh = size == 3 and len(table) == 4 and not any(captured)
        if fresh and self._kings_redeal():
            self._deal_no = 0
            self._start_deal(dealer)

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
            view.seat,
            view.hand_sizes,
            hidden,
            deck,
            view.deck_count,
            [*view.hand, *view.table, *(c for p in view.captured for c in p)],
            _mask_of_italian,
            (1 << 40) - 1,
            lambda m: _names(_bits(m)),
        )
        new = object.__new__(cls)
        GameState.__init__(
            new,
            n,
            {
                "target": view.target,
                "cappotto": view.cappotto,
                "primiera_all_suits": view.primiera_all_suits,
            },
            seed,
            None,
        )
        new._nsides = _SIDES[n]
        new._sides = sides_for(n)
        new._rng = random.Random(seed)
        new._side_scores = list(view.side_scores)
        new._winners = ()
        new._last_deal = _copy_data(view.last_deal)
        new._deal_no = view.deal_no
        new._reset_deal(view.dealer)
        for s in range(n):
            new._hands[s] = _mask_of_italian(view.hand if s == view.seat else hidden[s])
        new._in_hands = sum(view.hand_sizes)
        new._table = _mask_of_italian(view.table)
        new._table_sum = sum(VALUE[c.index] for c in view.table)
        new._deck = [c.index for c in deck]
        new._deck_pos = 0
        # Which hand of 3 this is (a label of the "dealt" events): the hands dealt so far, as
        # in a shuffled deal; a position built through an explicit deal may not fit, hence >= 1.
        new._hand_no = max(1, (36 - view.deck_count) // (3 * n))
        new._captured = [_mask_of_italian(p) for p in view.captured]
        new._scope = list(view.scope)
        new._captures = [
            (s, c.index, _mask_of_italian(taken), scopa) for s, c, taken, scopa in view.captures
        ]
        new._last_capturer = -1 if view.last_capturer is None else view.last_capturer
        new._current = view.current_player
        return new

    # -- protocol --------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_over(self) -> bool:
        return self._current is None

    @property
    def scores(self) -> list[int]:
        """Match points per player: each seat shows its side's total."""
        k = self._nsides
        return [self._side_scores[s % k] for s in range(self.players)]

    @property
    def side_scores(self) -> list[int]:
        return list(self._side_scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the winning side once the match is over."""
        return self._winners

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self._sides

    def side_of(self, seat: int) -> int:
        return seat % self._nsides

    def _moves(self) -> list[ScopaMove]:
        """The legal moves, built once per position (the hot path of random play and search).

        Cards whose value lies on the table yield one capture per equal card; the others
        share one walk over the table's subsets (pruned at their highest value), yielding a
        capture per set adding up to their value, or the placing of the card if none does.
        """
        legal = self._legal
        if legal is not None:
            return legal
        legal = []
        seat = self._current
        if seat is not None:
            table = self._table
            total = self._table_sum
            caps = _CAPTURES
            need = []
            limit = 0
            hand = self._hands[seat]
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
                else:
                    need.append(i)
                    if v > limit:
                        limit = v
            if need and table.bit_count() <= 2:
                # One or two cards and no equal value: only the pair could add up to v, and
                # v < total here, so nothing can be taken.
                for i in need:
                    legal.append(_PLACE[i])
            elif need:
                sums = subset_sums(table, limit)
                for i in need:
                    v = VALUE[i]
                    n = len(legal)
                    for sm, s in sums:
                        if s == v:
                            legal.append(caps.get(sm << 6 | i) or capture_move(i, sm))
                    if len(legal) == n:
                        legal.append(_PLACE[i])
        self._legal = legal
        return legal

    def legal_moves(self) -> list[Move]:
        return list(self._moves())

    def is_legal(self, move: Move) -> bool:
        return move in self._moves()

    def play(self, move: Move | str) -> None:
        """As :meth:`GameState.play`, with a fast path for a legal move object (random play
        and search hand back the very objects :meth:`legal_moves` gave)."""
        if self._current is not None and move.__class__ is ScopaMove and move in self._moves():
            self._history.append(move.text)  # type: ignore[union-attr]
            self._apply(move)  # type: ignore[arg-type]
            return
        super().play(move)

    def _parse_other(self, key: str) -> Move | None:
        return parse_move_text(key)

    def why_illegal(self, move: Move) -> str:
        seat = self._current
        who = f"seat {seat}"
        if move.kind not in ("place", "capture") or not move.cards:
            return f"{move.text!r} is not a Scopa move: play a card, e.g. '2D' or '5S x 5C'"
        played = move.cards[0]
        if played.deck is not ITALIAN:
            return f"{played} is not a card of the Italian deck"
        i = played.index
        if not self._hands[seat] >> i & 1:  # type: ignore[index]
            return f"{who} does not hold {played}"
        v = VALUE[i]
        options = [m for m in self._moves() if m.cards[0] == played]
        listed = ", ".join(repr(m.text) for m in options)
        if move.kind == "place":
            return (
                f"{played} can capture, so it may not be placed on the table: play {listed} "
                "(or another card)"
            )
        taken = move.cards[1:]
        if len(set(taken)) != len(taken):
            return "a captured card is listed twice"
        for c in taken:
            if c == played:
                return f"{played} is the card played: it cannot also be taken"
            if c.deck is not ITALIAN or not self._table >> c.index & 1:
                return f"{c} is not on the table"
        same = self._table & VALUE_MASKS[v]
        if same:
            names = " ".join(str(c) for c in _sorted_cards(same))
            if len(taken) > 1:
                return (
                    f"a card of the same value as {played} is on the table ({names}): it must "
                    f"take exactly one such card, never a sum: play {listed}"
                )
            return f"{played} (value {v}) cannot take {taken[0]} (value {VALUE[taken[0].index]})"
        total = sum(VALUE[c.index] for c in taken)
        if not options or options[0].kind == "place":
            return f"{played} can take nothing on the table: play {played!s} to place it"
        if len(taken) == 1:
            return (
                f"{played} (value {v}) cannot take {taken[0]} (value {VALUE[taken[0].index]}): "
                f"play {listed}"
            )
        return (
            f"{' + '.join(str(c) for c in taken)} add up to {total}, not {v}: "
            f"{played} may take {listed}"
        )

    def _apply(self, move: Move) -> None:
        # The hot path of every random deal and search: no allocation beyond the events.
        self._legal = None
        seat: int = self._current  # type: ignore[assignment]
        bit = move.bit  # type: ignore[attr-defined]
        self._hands[seat] ^= bit
        self._in_hands -= 1
        events = self.events
        events.append(_event(("played", seat, move.solo, None, None)))  # type: ignore[attr-defined]
        taken = move.taken  # type: ignore[attr-defined]
        if taken:  # the cards taken always add up to the played card's value
            table = self._table ^ taken
            self._table = table
            self._table_sum -= VALUE[move.index]  # type: ignore[attr-defined]
            side = seat % self._nsides
            self._captured[side] |= taken | bit
            self._last_capturer = seat
            scopa = not table and (self._in_hands > 0 or self._deck_pos < len(self._deck))
            if scopa:
                self._scope[side] += 1
            self._captures.append((seat, move.index, taken, scopa))  # type: ignore[attr-defined]
            data = {"card": move.cards[0], "side": side, "scopa": scopa}
            events.append(_event(("captured", seat, move.took, data, None)))  # type: ignore[attr-defined]
            if scopa:
                data = {"side": side, "count": self._scope[side]}
                events.append(_event(("scopa", seat, move.solo, data, None)))  # type: ignore[attr-defined]
        else:
            self._table |= bit
            self._table_sum += VALUE[move.index]  # type: ignore[attr-defined]
        if self._in_hands:
            self._current = (seat - 1) % self.players
        elif self._deck_pos < len(self._deck):
            self._deal_hand()
        else:
            self._end_deal()

    def _end_deal(self) -> None:
        table = self._table
        last = self._last_capturer
        holder = next((s for s, c, t, _ in self._captures if (t | 1 << c) >> 6 & 1), None)
        if holder is None and table >> 6 & 1 and last >= 0:
            holder = last
        if table:
            if last >= 0:
                side = last % self._nsides
                self._captured[side] |= table
            else:  # nobody captured in the whole deal: the cards count for no side
                side = None
                self._unclaimed |= table
            self.events.append(
                Event(
                    "leftovers",
                    last if last >= 0 else None,
                    _sorted_cards(table),
                    {"side": side},
                )
            )
            self._table = 0
            self._table_sum = 0
        data = deal_points(self._captured, self._scope, self.options["primiera_all_suits"])
        for k, p in enumerate(data["points"]):
            self._side_scores[k] += p
        data["deal_no"] = self._deal_no
        data["dealer"] = self._dealer
        data["sides"] = self._sides
        data["scores"] = tuple(self._side_scores)
        data["settebello_seat"] = holder
        self._last_deal = data
        self.events.append(Event("deal_scored", None, (), data))
        self._current = None
        winner = self._match_winner()
        if winner is not None:
            side, reason = winner
            self._winners = self._sides[side]
            self.events.append(
                Event(
                    "match_over",
                    None,
                    (),
                    {"winners": self._winners, "side": side, "reason": reason},
                )
            )
            return
        self._start_deal((self._dealer - 1) % self.players)

    def _match_winner(self) -> tuple[int, str] | None:
        scores = self._side_scores
        top = max(scores)
        leaders = [k for k, v in enumerate(scores) if v == top]
        if top >= self.options["target"] and len(leaders) == 1:
            return leaders[0], "target"
        if self.options["cappotto"] and top >= 7 and sum(scores) == top:
            return leaders[0], "cappotto"
        return None

    # -- views, copies, equality -----------------------------------------------------------
    def view(self, seat: int) -> ScopaView:
        n = self.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat!r}")
        return ScopaView(
            game="scopa",
            players=n,
            seat=seat,
            side=seat % self._nsides,
            sides=self._sides,
            deal_no=self._deal_no,
            dealer=self._dealer,
            current_player=self._current,
            hand=_sorted_cards(self._hands[seat]),
            table=_sorted_cards(self._table),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            deck_count=len(self._deck) - self._deck_pos,
            captured=tuple(_sorted_cards(m) for m in self._captured),
            captured_counts=tuple(m.bit_count() for m in self._captured),
            scope=tuple(self._scope),
            captures=tuple((s, CARD[c], _sorted_cards(t), sc) for s, c, t, sc in self._captures),
            last_capturer=self._last_capturer if self._last_capturer >= 0 else None,
            side_scores=tuple(self._side_scores),
            scores=tuple(self.scores),
            target=self.options["target"],
            cappotto=self.options["cappotto"],
            primiera_all_suits=self.options["primiera_all_suits"],
            last_deal=_copy_data(self._last_deal),
            winners=self._winners,
        )

    # Tools and tests (never for AI seats): the true hidden state.
    def hand(self, seat: int) -> tuple[Card, ...]:
        return _sorted_cards(self._hands[seat])

    def table(self) -> tuple[Card, ...]:
        return _sorted_cards(self._table)

    def captured_cards(self, side: int) -> tuple[Card, ...]:
        return _sorted_cards(self._captured[side])

    def deck_cards(self) -> tuple[Card, ...]:
        """The undealt cards in the order they will be dealt."""
        return tuple(CARD[c] for c in self._deck[self._deck_pos :])

    def unclaimed_cards(self) -> tuple[Card, ...]:
        return _sorted_cards(self._unclaimed)

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def deal_no(self) -> int:
        return self._deal_no

    def clone(self) -> ScopaState:
        new = object.__new__(ScopaState)
        new.__dict__.update(self.__dict__)
        new.options = dict(self.options)
        new._history = self._history[:]
        new.events = self.events[:]
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._hands = self._hands[:]
        new._captured = self._captured[:]
        new._scope = self._scope[:]
        new._captures = self._captures[:]
        new._side_scores = self._side_scores[:]
        new._deck = self._deck[:]
        new._legal = None
        return new

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.players,
            tuple(sorted(self.options.items())),
            self._deal_no,
            self._dealer,
            self._current,
            tuple(self._hands),
            self._table,
            tuple(self._deck[self._deck_pos :]),
            tuple(self._captured),
            self._unclaimed,
            tuple(self._scope),
            tuple(self._captures),
            self._last_capturer,
            tuple(self._side_scores),
            self._winners,
            self._rng.getstate(),
            tuple(self._history),
            len(self.events),
        )


def _copy_data(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy of a deal_scored data dict, so that a view cannot alter the state's log."""
    if data is None:
        return None
    return {k: dict(v) if isinstance(v, dict) else v for k, v in data.items()}


def _mask_of_italian(cards: Sequence[Card] | Any) -> int:
    """The bitmask of Italian ``cards``; a ValueError for anything that is not one."""
    m = 0
    for c in cards:
        if not isinstance(c, Card) or c.deck is not ITALIAN:
            raise ValueError(f"{c!r} is not a card of the Italian deck")
        m |= 1 << c.index
    return m


def _parse_list(value: Any, what: str) -> list[int]:
    if isinstance(value, str):
        parts = value.replace(",", " ").split()
    elif isinstance(value, list | tuple):
        parts = [str(v) for v in value]
    else:
        raise RecordError(f"{what}: cards must be a list or a text like '7D RB', not {value!r}")
    try:
        return [parse_card(p, ITALIAN).index for p in parts]
    except CardError as exc:
        raise RecordError(f"{what}: {exc}") from None


def _names(idx: list[int]) -> str:
    return " ".join(str(c) for c in cards_of(sum(1 << i for i in idx), ITALIAN)) or "none"


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
    },
    summary="Fishing game for 2, 3, 4 (two teams) or 6 (three teams): sweep the table.",
)
ScopaState.info = INFO


def make(
    players: int, seed: int, deal: dict[str, Any] | None, options: dict[str, Any]
) -> ScopaState:
    """A Scopa match.

    ``deal`` (optional) sets the first deal explicitly: ``dealer`` (seat), ``hands`` (one list
    of card texts per seat, all the same size: 3 at a new deal, 1 or 2 to start later in it),
    ``table`` (the cards face up), and optionally ``deck`` (the undealt cards in dealing order;
    shuffled from the seed when absent), ``captured`` (one pile per side, cards already taken
    this deal), ``last_capturer`` (a seat) and ``scores`` (the sides' match points before this
    deal).  The seat right of the dealer plays first.
    """
    return ScopaState(players, options, seed, deal)
