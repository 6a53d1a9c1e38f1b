"""Capodama for 1 to 6 players, as RULES.md reads the seeds.

Seats are numbered clockwise: seat ``s + 1`` is the left neighbour of seat ``s``, so dealing,
passing left and play all go to ``s + 1``.  Hands are int bitmasks over the French deck's card
indices; every move is created once and reused, which keeps random play well above the
3,000 four-player deals per second the bench asks for.

Variants by player count (RULES.md's table): the deck, the capo side and its threshold, the
exchange (4 to 6 players), the 4th trump (3 players), the set-aside second half (1 and 2 players)
and the solitaire (1 player controlling both hands, won with 80 to 85 points).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .base import Event, GameInfo, GameState, IllegalMove, Move, Option, RecordError
from .cards import FRENCH, Card, cards_of, iter_bits, mask_of, parse_card

__all__ = [
    "BASE_POINTS",
    "STRENGTH",
    "CapodamaState",
    "CapodamaView",
    "card_points",
    "deal_awards",
    "deck_for",
    "legal_mask",
    "match_winner",
    "trick_winner",
    "winning_index",
]

_R = {r: i for i, r in enumerate(FRENCH.ranks)}
_S = {s: i for i, s in enumerate(FRENCH.suits)}
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def _idx(text: str) -> int:
    return parse_card(text, FRENCH).index


AH, H7, QH, KH = _idx("AH"), _idx("7H"), _idx("QH"), _idx("KH")

#: Strength within a suit, per card index: A 7 J K Q 10 9 8 6 5 4 3 (higher wins).
_ORDER = ("3", "4", "5", "6", "8", "9", "10", "Q", "K", "J", "7", "A")
STRENGTH = [0] * 52
BASE_POINTS = [0] * 52
SUIT = [0] * 52
for _i in range(52):
    _rank = FRENCH.ranks[_i % 13]
    SUIT[_i] = _i // 13
    STRENGTH[_i] = _ORDER.index(_rank) + 1 if _rank in _ORDER else 0
    BASE_POINTS[_i] = {"A": 11, "7": 7, "J": 5, "K": 4, "Q": 3}.get(_rank, 0)
SUIT_MASK = [sum(1 << (s * 13 + r) for r in range(13)) for s in range(4)]

_RANKS_BY_PLAYERS = {
    1: "A 7 J K Q 10 9 8",
    2: "A 7 J K Q 10 9 8",
    3: "A 7 J K Q 10",
    4: "A 7 J K Q 10 9 8",
    5: "A 7 J K Q 10 9 8 6 5",
    6: "A 7 J K Q 10 9 8 6 5 4 3",
}
THRESHOLD = {1: 80, 2: 80, 3: 80, 4: 82, 5: 82, 6: 82}
SOLITAIRE_WINDOW = (80, 85)
DOUBLE_SUITS = (DIAMONDS, CLUBS, SPADES)


@cache
def deck_for(players: int) -> tuple[Card, ...]:
    """The cards of the ``players``-player variant, in deck order."""
    ranks = _RANKS_BY_PLAYERS[players].split()
    return tuple(c for c in FRENCH.cards if c.rank in ranks)


def card_points(card: Card | int, doubled: str | int | None) -> int:
    """Card points of ``card`` when ``doubled`` (a suit letter or index) is the doubled suit."""
    i = int(card) & 63
    d = _S[doubled] if isinstance(doubled, str) else doubled
    return BASE_POINTS[i] * (2 if SUIT[i] == d else 1)


def legal_mask(hand: int, led: int | None, trump_mask: int) -> int:
    """The cards of ``hand`` (a mask) that may be played on a trick led with card index ``led``.

    Holding the led suit (trumps of that suit count): that suit's cards plus every trump held;
    otherwise any card.  The one statement of the following rule, for the state and the solver.
    """
    if led is None:
        return hand
    follow = hand & SUIT_MASK[SUIT[led]]
    return follow | (hand & trump_mask) if follow else hand


def winning_index(cards: Sequence[int], fourth: int = -1) -> int:
    """Position in play order of the winning card among card indices ``cards``.

    The highest trump wins (AH > 7H > QH > the 4th trump, index ``fourth``), else the highest
    card of the led suit.
    """
    best, pos = 0, -1
    for k, c in enumerate(cards):
        t = 4 if c == AH else 3 if c == H7 else 2 if c == QH else 1 if c == fourth else 0
        if t > best:
            best, pos = t, k
    if pos >= 0:
        return pos
    led = SUIT[cards[0]]
    best = -1
    for k, c in enumerate(cards):
        if SUIT[c] == led and STRENGTH[c] > best:
            best, pos = STRENGTH[c], k
    return pos


def trick_winner(cards: Sequence[Card | int], fourth: Card | int | None = None) -> int:
    """Position in ``cards`` (in play order) of the card that wins the trick."""
    return winning_index([int(c) & 63 for c in cards], -1 if fourth is None else int(fourth) & 63)


_CARD = [FRENCH.by_index(i) for i in range(52)]
_card = _CARD.__getitem__


_PLAY = [Move("play", (_card(i),), str(_card(i))) for i in range(52)]


@cache
def _plays_of_suit(suit: int, ranks: int) -> tuple[Move, ...]:
    """The card-play moves of one suit's 13-bit slice of a hand mask.

    Legal-move lists are built from four cached slices instead of bit by bit: the hot path of
    every search and simulation asks for them after each card.
    """
    base = suit * 13
    return tuple(_PLAY[base + r] for r in range(13) if ranks >> r & 1)


_DOUBLE = {
    s: Move("double", (), f"double {FRENCH.suits[s]}", FRENCH.suits[s]) for s in DOUBLE_SUITS
}
_TRUMP = [Move("trump", (_card(i),), f"trump {_card(i)}") for i in range(52)]
_PASS1 = [Move("pass", (_card(i),), f"pass {_card(i)}") for i in range(52)]
_PASS2: dict[tuple[int, int], Move] = {}
_EXCHANGED = Move("pass", (), "pass (made)")  # stands for passes a rebuilt state cannot know


def _pass2(left: int, right: int) -> Move:
    m = _PASS2.get((left, right))
    if m is None:
        m = Move("pass", (_card(left), _card(right)), f"pass {_card(left)} {_card(right)}")
        _PASS2[(left, right)] = m
    return m


def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """The cards in a uniformly random order.

    Sorting by independent uniform keys is a uniform shuffle (ties have probability ~2**-53)
    and costs half of ``random.shuffle`` on 32 cards, which the bench and searches feel.
    """
    key = rng.random
    return sorted(cards, key=lambda _: key())


def _sorted_hand(mask: int) -> tuple[Card, ...]:
    """A hand in the order a player holds it: by suit, strongest first."""
    return tuple(_card(i) for i in sorted(iter_bits(mask), key=lambda i: (SUIT[i], -STRENGTH[i])))


@dataclass(frozen=True)
class CapodamaView:
    """What one seat may know.  Cards a seat cannot see appear only as counts.

    ``hands`` holds the hands this seat sees (its own; both in the solitaire).  ``partners`` is the
    capo side as far as this seat knows it: the capo, partners revealed by play, and what the
    seat's own hand and exchange tell it.
    """

    game: str
    players: int
    seats: int
    seat: int
    deal_no: int
    dealer: int
    phase: str
    current_player: int | None
    hand: tuple[Card, ...]
    hands: dict[int, tuple[Card, ...]]
    hand_sizes: tuple[int, ...]
    capo: int
    doubled: str | None
    fourth_trump: Card | None
    trumps: tuple[Card, ...]
    partners: tuple[int, ...]
    revealed: tuple[int, ...]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    passes_chosen: tuple[bool, ...]
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int, int], ...]
    last_trick: tuple[tuple[int, Card], ...] | None
    last_winner: int | None
    points_won: tuple[int, ...]
    tricks_won: tuple[int, ...]
    set_aside: int
    threshold: int
    scores: tuple[int, ...]
    target: int
    result: str | None

    @property
    def led_suit(self) -> str | None:
        return self.trick[0][1].suit if self.trick else None

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the suits (indices 0-3, S H D C) it has shown it holds none of.

        The following rule (:func:`legal_mask`) lets a player who holds the led suit play only
        that suit or a trump, so a card that is neither shows the suit is gone; a trump of
        another suit shows nothing (it may always cut), and a trump of the led suit follows it
        (a led AH asks for hearts).  In 1 and 2 players the second half deals new cards, so only
        the tricks since then count.  Search seats use it to guess hands the seat could face.
        """
        out: list[set[int]] = [set() for _ in range(self.seats)]
        tricks = [t for _, t, _, _ in self.tricks]
        if self.seats == 2 and len(tricks) >= 8:
            tricks = tricks[8:]
        if self.trick:
            tricks.append(self.trick)
        trumps = frozenset(self.trumps)
        for trick in tricks:
            led = trick[0][1].suit_index
            for seat, c in trick[1:]:
                if c.suit_index != led and c not in trumps:
                    out[seat].add(led)
        return tuple(frozenset(v) for v in out)


class CapodamaState(GameState):
    """A Capodama match (one deal for the solitaire)."""

    def __init__(
        self,
        players: int,
        options: dict[str, Any],
        seed: int,
        deal: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(players, options, seed, deal)
        self._n = 2 if players <= 2 else players
        self._rng = random.Random(seed)
        self._cards = [c.index for c in deck_for(players)]
        self._scores = [0] * players
        self._winners: tuple[int, ...] = ()
        self._deal_no = 0
        dealer = self._rng.randrange(self._n) if players > 1 else 0
        if deal is not None:
            dealer = self._start_explicit(deal)
        else:
            self._start_deal(dealer)

    # -- dealing ---------------------------------------------------------------------------
    def _reset_deal(self, dealer: int) -> None:
        n = self._n
        self._deal_no += 1
        self._dealer = dealer
        self._hands = [0] * n
        self._won = [0] * n
        self._points = [0] * n
        self._tricks_won = [0] * n
        self._capo = -1
        self._doubled = -1
        self._fourth = -1
        self._trump_mask = (1 << AH) | (1 << H7) | (1 << QH)
        self._phase = "double"
        self._pass_choice: list[Move | None] = [None] * n
        self._passed: list[tuple[int, ...]] = [()] * n
        self._received: list[tuple[int, ...]] = [()] * n
        self._team: frozenset[int] = frozenset()
        self._revealed: list[int] = []
        self._leader = 0
        self._trick: list[tuple[int, int]] = []
        self._tricks: list[tuple[int, tuple[tuple[int, int], ...], int, int]] = []
        self._set_aside: list[int] = []
        self._result: str | None = None
        self._legal: list[Move] | None = None
        self._legal_bits = 0

    def _start_deal(self, dealer: int) -> None:
        self._reset_deal(dealer)
        rng = self._rng
        if self._n > 2:
            cards = _shuffled(self._cards, rng)
            order = [(dealer + 1 + k) % self._n for k in range(len(cards))]
        else:
            rest = _shuffled([c for c in self._cards if c != AH], rng)
            self._set_aside, first = rest[:16], rest[16:]
            if self.players == 2:
                first = _shuffled([*first, AH], rng)
                order = [(dealer + 1 + k) % 2 for k in range(16)]
                cards = first
            else:  # solitaire: the player (seat 0) takes AH, the other 15 start with seat 1
                cards = [AH, *first]
                order = [0] + [1 if k % 2 == 0 else 0 for k in range(15)]
        self._deal_cards(cards, order)

    def _start_explicit(self, deal: dict[str, Any]) -> int:
        """Set up the first deal from an explicit ``deal`` dict (dealer, hands, set_aside)."""
        if not isinstance(deal, dict):
            raise RecordError("deal must be a dict with 'dealer', 'hands' (and 'set_aside')")
        unknown = set(deal) - {"dealer", "hands", "set_aside"}
        if unknown:
            raise RecordError(
                f"deal has unknown keys {sorted(unknown)}: use dealer, hands, set_aside"
            )
        n = self._n
        dealer = deal.get("dealer", 0)
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RecordError(f"deal dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        hands_text = deal.get("hands")
        if not isinstance(hands_text, list) or len(hands_text) != n:
            raise RecordError(f"deal hands must be a list of {n} hands")
        try:
            hands = [[parse_card(t, FRENCH).index for t in _split(h)] for h in hands_text]
            aside = [parse_card(t, FRENCH).index for t in _split(deal.get("set_aside", []))]
        except ValueError as exc:
            raise RecordError(f"deal: {exc}") from None
        for s, h in enumerate(hands):
            if len(h) != 8:
                raise RecordError(f"deal hand of seat {s} has {len(h)} cards, not 8")
        want_aside = 16 if n == 2 else 0
        if len(aside) != want_aside:
            raise RecordError(f"deal set_aside must hold {want_aside} cards, not {len(aside)}")
        every = [c for h in hands for c in h] + aside
        if sorted(every) != sorted(self._cards):
            extra = sorted(set(every) - set(self._cards)) or sorted(
                {c for c in every if every.count(c) > 1}
            )
            missing = sorted(set(self._cards) - set(every))
            raise RecordError(
                f"deal must use each card of the {self.players}-player deck once: "
                f"wrong or repeated {_names(extra)}, missing {_names(missing)}"
            )
        if self.players == 1 and AH not in hands[0]:
            raise RecordError("in the solitaire the player (seat 0) holds AH")
        if self.players == 2 and AH in aside:
            raise RecordError("in 2 players AH is dealt, never set aside")
        self._reset_deal(dealer)
        self._set_aside = aside
        cards, order = [], []
        for k in range(8):
            for j in range(n):
                s = (dealer + 1 + j) % n
                cards.append(hands[s][k])
                order.append(s)
        self._deal_cards(cards, order)
        return dealer

    def _deal_cards(self, cards: list[int], order: list[int], half: int = 1) -> None:
        hands = self._hands
        for c, s in zip(cards, order, strict=True):
            hands[s] |= 1 << c
        public = self.players == 1
        self.events.append(
            Event(
                "dealt",
                self._dealer,
                tuple(_card(c) for c in cards),
                {"to": tuple(order), "deal_no": self._deal_no, "half": half},
                None if public else tuple(frozenset((s,)) for s in order),
            )
        )
        if half == 1:
            self._capo = next(s for s in range(self._n) if hands[s] >> AH & 1)
            self._leader = self._capo
            self.events.append(Event("capo", self._capo, (_card(AH),)))

    # -- protocol --------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        phase = self._phase
        if phase == "play":
            return (self._leader + len(self._trick)) % self._n
        if phase == "exchange":
            return next(
                (self._capo + k) % self._n
                for k in range(self._n)
                if self._pass_choice[(self._capo + k) % self._n] is None
            )
        if phase == "over":
            return None
        return self._capo

    def controller(self, seat: int) -> int:
        return 0 if self.players == 1 else seat

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning player(s) once the match is over."""
        return self._winners

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def deal_no(self) -> int:
        """1 for the first deal of the match, then 2, 3..."""
        return self._deal_no

    @classmethod
    def from_view(
        cls,
        view: CapodamaView,
        hidden: dict[int, Sequence[Card]],
        set_aside: Sequence[Card] = (),
        seed: int = 0,
    ) -> CapodamaState:
        """A state of the card-play phase that agrees with ``view`` and a guess at what it hides.

        ``hidden`` gives the hands the view does not show (each of the right size) and
        ``set_aside`` the order of the face-down pile (1 and 2 players).  Search seats build
        such states ("determinizations") to look ahead; the capo side follows from where AH, QH
        (and KH) are or were played.  Raises ValueError when the guess does not fit the view.
        """
        if view.phase != "play":
            raise ValueError("only a position of the card play can be rebuilt from a view")
        n = view.seats
        hands = [0] * n
        for seat, cards in {**hidden, **view.hands}.items():
            hands[seat] = mask_of(cards)
        if tuple(h.bit_count() for h in hands) != view.hand_sizes:
            raise ValueError("the guessed hands do not have the sizes the view shows")
        if len(set_aside) != view.set_aside:
            raise ValueError(f"the set-aside pile holds {view.set_aside} cards")
        new = object.__new__(cls)
        GameState.__init__(new, view.players, {"target": view.target}, seed, None)
        new._n = n
        new._rng = random.Random(seed)
        new._cards = [c.index for c in deck_for(view.players)]
        new._scores = list(view.scores)
        new._winners = ()
        new._deal_no = view.deal_no - 1
        new._reset_deal(view.dealer)
        new._hands = hands
        new._capo = view.capo
        new._doubled = _S[view.doubled] if view.doubled else -1
        if view.fourth_trump is not None:
            new._fourth = view.fourth_trump.index
            new._trump_mask |= 1 << new._fourth
        new._phase = "play"
        new._revealed = list(view.revealed)
        new._leader = view.leader
        new._trick = [(s, c.index) for s, c in view.trick]
        new._tricks = [
            (lead, tuple((s, c.index) for s, c in t), w, p) for lead, t, w, p in view.tricks
        ]
        for _, t, w, _ in new._tricks:
            for _, c in t:
                new._won[w] |= 1 << c
        new._points = list(view.points_won)
        new._tricks_won = list(view.tricks_won)
        new._set_aside = [c.index for c in set_aside]
        if n >= 4:  # the exchange is over; the seat remembers its own part of it
            new._pass_choice = [_EXCHANGED] * n
            new._passed[view.seat] = tuple(c.index for c in view.passed)
            new._received[view.seat] = tuple(c.index for c in view.received)
        played = {c: s for _, t, _, _ in new._tricks for s, c in t}
        played.update((c, s) for s, c in new._trick)
        if n >= 4:
            marks = (AH, QH, KH) if n == 6 else (AH, QH)
            holders = set()
            for c in marks:
                holder = played.get(c)
                if holder is None:
                    holder = next(s for s in range(n) if hands[s] >> c & 1)
                holders.add(holder)
            new._team = frozenset(holders)
        return new

    def _legal_mask(self, seat: int) -> int:
        trick = self._trick
        return legal_mask(self._hands[seat], trick[0][1] if trick else None, self._trump_mask)

    def legal_moves(self) -> list[Move]:
        legal = self._legal
        if legal is not None:
            return list(legal)
        phase = self._phase
        if phase == "play":
            m = self._legal_bits = self._legal_mask((self._leader + len(self._trick)) % self._n)
            legal = [
                *_plays_of_suit(0, m & 0x1FFF),
                *_plays_of_suit(1, m >> 13 & 0x1FFF),
                *_plays_of_suit(2, m >> 26 & 0x1FFF),
                *_plays_of_suit(3, m >> 39),
            ]
        elif phase == "double":
            legal = [_DOUBLE[s] for s in DOUBLE_SUITS]
        elif phase == "trump":
            legal = [_TRUMP[i] for i in self._cards if not self._trump_mask >> i & 1]
        elif phase == "exchange":
            legal = self._pass_moves(self.current_player)  # type: ignore[arg-type]
        else:
            legal = []
        self._legal = legal
        return list(legal)

    def _pass_candidates(self, seat: int) -> tuple[list[int], list[int]]:
        """Cards ``seat`` may pass left and right; the capo never receives QH (nor KH in 6p)."""
        n = self._n
        hand = [i for i in iter_bits(self._hands[seat]) if i != AH]
        guarded = {QH, KH} if n == 6 else {QH}
        left = [i for i in hand if not ((seat + 1) % n == self._capo and i in guarded)]
        right = [i for i in hand if not ((seat - 1) % n == self._capo and i in guarded)]
        return left, right

    def _pass_moves(self, seat: int) -> list[Move]:
        left, right = self._pass_candidates(seat)
        if self._n < 6:
            return [_PASS1[i] for i in left]
        return [_pass2(a, b) for a in left for b in right if a != b]

    def play(self, move: Move | str) -> None:
        # Fast path for the move made most often, a legal card play; everything else (and
        # every refusal, with its reason) goes through the general GameState.play.
        if self._phase == "play" and type(move) is Move and move.kind == "play":
            c = move.cards[0]
            if c < 64:
                if self._legal is None:
                    hand = self._legal_mask((self._leader + len(self._trick)) % self._n)
                else:  # legal_moves() just computed it for this position
                    hand = self._legal_bits
                if hand >> c & 1:
                    self._history.append(move.text)
                    self._legal = None
                    self._play_card(c)
                    return
        super().play(move)

    def is_legal(self, move: Move) -> bool:
        if self._phase == "play":
            if move.kind != "play" or move.cards[0] >= 64:
                return False
            seat = (self._leader + len(self._trick)) % self._n
            return bool(self._legal_mask(seat) >> move.cards[0] & 1)
        return move in self.legal_moves()

    def _parse_other(self, key: str) -> Move | None:
        words = key.split()
        try:
            if words[0] == "PASS" and len(words) in (2, 3):
                cards = tuple(parse_card(w, FRENCH) for w in words[1:])
                return Move("pass", cards, "pass " + " ".join(map(str, cards)))
            if words[0] == "TRUMP" and len(words) == 2:
                c = parse_card(words[1], FRENCH)
                return Move("trump", (c,), f"trump {c}")
            if words[0] == "DOUBLE" and len(words) == 2:
                return Move("double", (), f"double {words[1]}", words[1])
        except ValueError:
            return None
        return super()._parse_other(key)

    def why_illegal(self, move: Move) -> str:
        phase = self._phase
        seat = self.current_player
        who = f"seat {seat}"
        if phase == "double":
            if move.kind != "double":
                return (
                    f"the capo ({who}) must first name the doubled suit: "
                    "'double D', 'double C' or 'double S'"
                )
            return f"{move.arg!r} cannot be doubled: name diamonds (D), clubs (C) or spades (S)"
        if phase == "trump":
            if move.kind != "trump":
                return f"the capo ({who}) must name the 4th trump, for example 'trump 10S'"
            return (
                f"{move.card} cannot be the 4th trump: it is already a trump or not in the "
                "24-card deck"
            )
        if phase == "exchange":
            if move.kind != "pass":
                return f"{who} must choose the card(s) to pass, for example 'pass 8S'"
            return self._why_bad_pass(seat, move)  # type: ignore[arg-type]
        if move.kind != "play":
            return f"cards are being played: {who} must play a card, not {move.kind!r}"
        c = move.cards[0]
        if c >= 64 or not self._hands[seat] >> c.index & 1:  # type: ignore[index]
            return f"{who} does not hold {c}"
        led = FRENCH.suit_names[SUIT[self._trick[0][1]]]
        return f"you must follow {led} (or play a trump): {c} is neither"

    def _why_bad_pass(self, seat: int, move: Move) -> str:
        n = self._n
        want = 2 if n == 6 else 1
        if len(move.cards) != want:
            return (
                "in 6 players pass one card left and a different one right: 'pass QS 8D'"
                if n == 6
                else "pass exactly one card to the left, for example 'pass 8S'"
            )
        for c in move.cards:
            if c >= 64 or not self._hands[seat] >> c.index & 1:
                return f"seat {seat} does not hold {c}"
            if c.index == AH:
                return "the ace of hearts can never be passed"
        if n == 6 and move.cards[0] == move.cards[1]:
            return "pass two different cards, one to each neighbour"
        return (
            "the capo can never receive QH" + (" or KH" if n == 6 else "") + ": pass another card"
        )

    def _apply(self, move: Move) -> None:
        self._legal = None
        phase = self._phase
        if phase == "play":
            self._play_card(move.cards[0] & 63)
        elif phase == "double":
            self._doubled = _S[move.arg]  # type: ignore[index]
            self.events.append(Event("doubled", self._capo, (), {"suit": move.arg}))
            if self.players == 3:
                self._phase = "trump"
            elif self.players >= 4:
                self._phase = "exchange"
            else:
                self._phase = "play"
        elif phase == "trump":
            self._fourth = move.cards[0] & 63
            self._trump_mask |= 1 << self._fourth
            self.events.append(Event("trump", self._capo, (move.cards[0],)))
            self._phase = "play"
        elif phase == "exchange":
            seat = self.current_player
            self._pass_choice[seat] = move  # type: ignore[index]
            self.events.append(Event("pass_chosen", seat))
            if all(c is not None for c in self._pass_choice):
                self._exchange()

    def _exchange(self) -> None:
        n = self._n
        hands = self._hands
        moves: list[tuple[int, int, int]] = []  # giver, receiver, card
        for s, mv in enumerate(self._pass_choice):
            assert mv is not None
            moves.append((s, (s + 1) % n, mv.cards[0] & 63))
            if n == 6:
                moves.append((s, (s - 1) % n, mv.cards[1] & 63))
        for giver, _, c in moves:
            hands[giver] &= ~(1 << c)
        for giver, receiver, c in moves:
            hands[receiver] |= 1 << c
            self._passed[giver] += (c,)
            self._received[receiver] += (c,)
            self.events.append(
                Event(
                    "passed",
                    giver,
                    (_card(c),),
                    {"to": receiver},
                    (frozenset((giver, receiver)),),
                )
            )
        self._settle_team()
        self._phase = "play"
        self.events.append(Event("exchanged", self._capo))

    def _settle_team(self) -> None:
        marks = (AH, QH, KH) if self._n == 6 else (AH, QH)
        self._team = frozenset(s for s in range(self._n) for c in marks if self._hands[s] >> c & 1)

    def _play_card(self, c: int) -> None:
        seat = (self._leader + len(self._trick)) % self._n
        self._hands[seat] &= ~(1 << c)
        self._trick.append((seat, c))
        self.events.append(Event("played", seat, (_card(c),)))
        if (c == QH or (c == KH and self._n == 6)) and self._n >= 4 and seat not in self._revealed:
            self._revealed.append(seat)
            self.events.append(Event("partner", seat, (_card(c),)))
        if len(self._trick) == self._n:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self._trick
        winner = trick[winning_index([c for _, c in trick], self._fourth)][0]
        doubled = self._doubled
        pts = 0
        mask = 0
        for _, c in trick:
            mask |= 1 << c
            p = BASE_POINTS[c]
            pts += p + p if SUIT[c] == doubled else p
        self._won[winner] |= mask
        self._points[winner] += pts
        self._tricks_won[winner] += 1
        done = tuple(trick)
        self._tricks.append((self._leader, done, winner, pts))
        self._trick = []
        self._leader = winner
        self.events.append(
            Event("trick", winner, tuple(_card(c) for _, c in done), {"points": pts})
        )
        if self._hands[winner]:
            return
        if self._set_aside:
            aside, self._set_aside = self._set_aside, []
            order = [(self._dealer + 1 + k) % 2 for k in range(16)]
            self._deal_cards(aside, order, half=2)
            return
        self._score_deal()

    def _score_deal(self) -> None:
        team = self._team or frozenset((self._capo,))
        self._team = team
        p = sum(self._points[s] for s in team)
        assert sum(self._points) == 150
        data: dict[str, Any] = {
            "capo": self._capo,
            "team": tuple(sorted(team)),
            "points": p,
            "points_by_seat": tuple(self._points),
            "deal_no": self._deal_no,
        }
        if self.players == 1:
            lo, hi = SOLITAIRE_WINDOW
            won = lo <= p <= hi
            self._scores = [1 if won else 0]
            self._result = "won" if won else "lost"
            data.update(won=won, window=SOLITAIRE_WINDOW, scores=(self._scores[0],))
            self.events.append(Event("deal_scored", self._capo, (), data))
            self._winners = (0,) if won else ()
            self._phase = "over"
            self.events.append(Event("match_over", None, (), {"winners": self._winners}))
            return
        threshold = THRESHOLD[self.players]
        awards = deal_awards(p, threshold, team, self._n)
        for s in range(self._n):
            self._scores[s] += awards[s]
        self._result = "capo side" if p >= threshold else "opponents"
        data.update(threshold=threshold, awards=tuple(awards), scores=tuple(self._scores))
        self.events.append(Event("deal_scored", self._capo, (), data))
        winner = match_winner(self._scores, self.options["target"])
        if winner is not None:
            self._winners = (winner,)
            self._phase = "over"
            self.events.append(Event("match_over", winner, (), {"winners": self._winners}))
            return
        self._start_deal(self._capo)

    # -- views, copies, equality -----------------------------------------------------------
    def view(self, seat: int) -> CapodamaView:
        n = self._n
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat!r}")
        solitaire = self.players == 1
        visible = range(n) if solitaire else (seat,)
        hands = {s: _sorted_hand(self._hands[s]) for s in visible}
        partners = {self._capo, *self._revealed}
        if n >= 4 and self._phase in ("play", "over"):
            if seat in self._team:
                partners.add(seat)
            marks = (QH, KH) if n == 6 else (QH,)
            for k, c in enumerate(self._passed[seat]):  # left first, then (6p) right
                if c in marks:  # a seat knows where its passed QH (6p: KH) went
                    partners.add((seat + 1) % n if k == 0 else (seat - 1) % n)
        trumps = [_card(AH), _card(H7), _card(QH)]
        if self._fourth >= 0:
            trumps.append(_card(self._fourth))
        last = self._tricks[-1] if self._tricks else None
        pending = self._pass_choice[seat]
        return CapodamaView(
            game="capodama",
            players=self.players,
            seats=n,
            seat=seat,
            deal_no=self._deal_no,
            dealer=self._dealer,
            phase=self._phase,
            current_player=self.current_player,
            hand=hands[seat],
            hands=hands,
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            capo=self._capo,
            doubled=FRENCH.suits[self._doubled] if self._doubled >= 0 else None,
            fourth_trump=_card(self._fourth) if self._fourth >= 0 else None,
            trumps=tuple(trumps),
            partners=tuple(sorted(partners)),
            revealed=tuple(self._revealed),
            passed=tuple(pending.cards)
            if pending is not None and not self._passed[seat]
            else tuple(_card(c) for c in self._passed[seat]),
            received=tuple(_card(c) for c in self._received[seat]),
            passes_chosen=tuple(c is not None for c in self._pass_choice),
            leader=self._leader,
            trick=tuple((s, _card(c)) for s, c in self._trick),
            tricks=tuple(
                (lead, tuple((s, _card(c)) for s, c in t), w, p) for lead, t, w, p in self._tricks
            ),
            last_trick=tuple((s, _card(c)) for s, c in last[1]) if last else None,
            last_winner=last[2] if last else None,
            points_won=tuple(self._points),
            tricks_won=tuple(self._tricks_won),
            set_aside=len(self._set_aside),
            threshold=THRESHOLD[self.players],
            scores=tuple(self._scores),
            target=self.options["target"],
            result=self._result,
        )

    def team(self) -> tuple[int, ...]:
        """The capo side as settled (all seats know it only at the end of the deal)."""
        return tuple(sorted(self._team or {self._capo}))

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The true hand of ``seat``: for tests and tools, never for AI seats."""
        return _sorted_hand(self._hands[seat])

    def won_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(cards_of(self._won[seat], FRENCH))

    def set_aside_cards(self) -> tuple[Card, ...]:
        return tuple(_card(c) for c in self._set_aside)

    def clone(self) -> CapodamaState:
        new = object.__new__(CapodamaState)
        new.__dict__.update(self.__dict__)
        new.options = dict(self.options)
        new._history = self._history[:]
        new.events = self.events[:]
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        for name in (
            "_scores",
            "_hands",
            "_won",
            "_points",
            "_tricks_won",
            "_pass_choice",
            "_passed",
            "_received",
            "_revealed",
            "_trick",
            "_tricks",
            "_set_aside",
        ):
            setattr(new, name, getattr(self, name)[:])
        new._legal = None
        return new

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.players,
            tuple(sorted(self.options.items())),
            self._deal_no,
            self._dealer,
            self._phase,
            tuple(self._hands),
            tuple(self._won),
            tuple(self._points),
            tuple(self._scores),
            self._capo,
            self._doubled,
            self._fourth,
            tuple(str(m) for m in self._pass_choice),
            tuple(self._passed),
            tuple(self._received),
            self._team,
            tuple(self._revealed),
            self._leader,
            tuple(self._trick),
            tuple(self._tricks),
            tuple(self._set_aside),
            self._rng.getstate(),
            tuple(self._history),
            len(self.events),
        )


def deal_awards(points: int, threshold: int, team: frozenset[int], seats: int) -> list[int]:
    """Match points each seat gains from a deal where the capo side took ``points`` of 150.

    All 150: each capo-side player +2; at least the threshold: +1 each; below it: each
    opponent +1; none at all: each opponent +2.
    """
    if points == 150:
        return [2 if s in team else 0 for s in range(seats)]
    if points >= threshold:
        return [1 if s in team else 0 for s in range(seats)]
    gain = 1 if points > 0 else 2
    return [0 if s in team else gain for s in range(seats)]


def match_winner(scores: Sequence[int], target: int) -> int | None:
    """The match winner: the single player holding the highest score, if it reaches target."""
    top = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == top]
    return leaders[0] if top >= target and len(leaders) == 1 else None


def _split(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    raise RecordError(f"cards must be a list or a text like 'AH 7S', not {value!r}")


def _names(idx: list[int]) -> str:
    return " ".join(str(_card(i)) for i in idx) or "none"


INFO = GameInfo(
    name="capodama",
    title="Capodama",
    deck=FRENCH,
    players=(1, 2, 3, 4, 5, 6),
    options={
        "target": Option(7, (3, 5, 7, 9, 11), "match points that win the match"),
    },
    retired=("deck",),
    deals=deck_for,
    summary="Trick-taking for 1 to 6: the capo (AH) and the dama (QH) need 82 of 150 points.",
)

CapodamaState.info = INFO


def make(
    players: int, seed: int, deal: dict[str, Any] | None, options: dict[str, Any]
) -> CapodamaState:
    return CapodamaState(players, options, seed, deal)


__all__ += ["INFO", "IllegalMove", "make"]
