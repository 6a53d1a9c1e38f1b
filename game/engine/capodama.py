"""Capodama for 1 to 6 players, by the rules in assets/rules/capodama.txt.

Seats are numbered clockwise: seat ``s + 1`` is the left neighbour of seat ``s``, so dealing,
passing left and play all go to ``s + 1``.  Hands are int bitmasks over the French deck's card
indices; every move is created once and reused, which keeps random play well above the
3,000 four-player deals per second the bench asks for.

Variants by player count (the rules' table): the deck, the capo side and its threshold, the
exchange (4 to 6 players), the 4th trump (3 players), the set-aside second half (1 and 2 players)
and the solitaire (1 player controlling both hands, won with 80 to 85 points).  The card rules
(strength, points, following, the trick winner, awards) are in :mod:`.capodama_cards`, the
events' typed data in :mod:`.capodama_events`, explicit deals in :mod:`.capodama_deal`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, lru_cache
from typing import Any, ClassVar

from .base import (
    BaseView,
    CardMove,
    Event,
    GameInfo,
    IllegalMove,
    MatchOver,
    Move,
    MovesByMask,
    Option,
    Played,
    StateFields,
    make_event,
    make_view,
    seat_result,
)
from .capodama_cards import (
    AH,
    BASE_POINTS,
    DOUBLE_SUITS,
    KH,
    QH,
    SOLITAIRE_WINDOW,
    SUIT,
    SUIT_MASK,
    THRESHOLD,
    TOTAL,
    TRUMPS,
    deal_awards,
    deck_for,
    hand_key,
    legal_mask,
    match_winner,
    side_marks,
    winning_index,
)
from .capodama_deal import HAND_SIZE, SET_ASIDE, read_deal
from .capodama_events import (
    Capo,
    CapodamaScored,
    Dealt,
    Doubled,
    Exchanged,
    FourthTrump,
    Partner,
    PassChosen,
    Passed,
    TrickTaken,
)
from .cards import FRENCH, Card, bit_list, cards_of, mask_of, ordered_cards, parse_card
from .dealspec import BIT, check_guess, deal_into, deal_order, shuffled
from .memo import Memo
from .tricks import TrickState

__all__ = ["INFO", "CapodamaState", "CapodamaView", "pass_move"]

_CARD = [FRENCH.by_index(i) for i in range(52)]
_card = _CARD.__getitem__
_TRUMP_MASK = sum(1 << c for c in TRUMPS)

_PLAY = [CardMove("play", _card(i)) for i in range(52)]
#: Card plays by the mask of playable cards (the hot path of every simulation and search).
_PLAYS = MovesByMask(_PLAY, SUIT_MASK)


#: The payload of a "passed" event per receiver, and who sees its card per giver and
#: receiver: made once.
_PASSED = [Passed(r) for r in range(6)]
_PASS_SEEN = [[(frozenset((g, r)),) for r in range(6)] for g in range(6)]
_PASS_CHOSEN = [Event(PassChosen(), s) for s in range(6)]
#: The logged "played" event of each seat and card: immutable, so made once, never per play.
_PLAYED = [[Event(Played(), s, (_card(i),)) for i in range(52)] for s in range(6)]
#: A trick's entry of each seat and card, (seat, Card): immutable, so made once, never per play.
_ENTRY = [[(s, _card(i)) for i in range(52)] for s in range(6)]
#: Card points per doubled suit (-1: none yet) and card: the doubled suit's count twice.
_POINTS_IF = {
    d: tuple(p + p if SUIT[i] == d else p for i, p in enumerate(BASE_POINTS))
    for d in (-1, 0, 1, 2, 3)
}


#: Who receives each card of the solitaire's first half: AH to the player (seat 0), then the
#: other 15 alternately from seat 1.
_SOLITAIRE_ORDER = (0, *(1 if k % 2 == 0 else 0 for k in range(15)))


@cache
def _deck_indices(players: int) -> tuple[int, ...]:
    """The card indices of the ``players``-player deck (every new match asks for them)."""
    return tuple(c.index for c in deck_for(players))


@cache
def _deck_mask(players: int) -> int:
    """The mask of the ``players``-player deck (every world a search seat rebuilds asks)."""
    return mask_of(deck_for(players))


@cache
def _side_cards(seats: int) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """The cards whose holders make the capo side (AH first), those of them that reveal a
    partner, the mask of the latter and of them all: the same for every match of ``seats``."""
    marks = side_marks(seats)
    return marks, marks[1:], sum(1 << c for c in marks[1:]), sum(1 << c for c in marks)


#: Per table size, the mask of the cards that reveal their holder as the capo's partner.
_REVEALING = [_side_cards(n)[2] if n >= 2 else 0 for n in range(7)]


@lru_cache(maxsize=1024)
def _dealt(order: tuple[int, ...], deal_no: int, half: int) -> Dealt:
    """The payload of a "dealt" event: immutable, so one serves every deal alike."""
    return Dealt(order, deal_no, half)


#: The "capo" and "exchanged" events naming each seat: made once.
_CAPO = [Event(Capo(), s, (_card(AH),)) for s in range(6)]
_EXCHANGED_EVENT = [Event(Exchanged(), s) for s in range(6)]

_DOUBLE = {
    s: Move("double", (), f"double {FRENCH.suits[s]}", FRENCH.suits[s]) for s in DOUBLE_SUITS
}
#: The cards the capo may never receive (QH; KH too with six), and their masks.
_GUARDED, _GUARDED_6 = (QH,), (QH, KH)
_GUARD, _GUARD_6 = 1 << QH, 1 << QH | 1 << KH
_DOUBLED = {FRENCH.suits[s]: Doubled(FRENCH.suits[s]) for s in DOUBLE_SUITS}
_DOUBLES = tuple(_DOUBLE[s] for s in DOUBLE_SUITS)
_TRUMP = [Move("trump", (_card(i),), f"trump {_card(i)}") for i in range(52)]
_PASS1 = [Move("pass", (_card(i),), f"pass {_card(i)}") for i in range(52)]
_PASSES1 = MovesByMask(_PASS1, SUIT_MASK)
_PASS2: Memo[tuple[int, int], Move] = Memo("capodama passes", 1 << 12)
_EXCHANGED = Move("pass", (), "pass (made)")  # stands for passes a rebuilt state cannot know


def _pass2(left: int, right: int) -> Move:
    m = _PASS2.get((left, right))
    if m is None:
        m = Move("pass", (_card(left), _card(right)), f"pass {_card(left)} {_card(right)}")
        _PASS2.keep((left, right), m)
    return m


def pass_move(cards: Sequence[Card]) -> Move:
    """The exchange move passing ``cards`` (left, then right with six), legal or not.

    The table builds a pass from the cards a player picked and plays it, or has it refused
    with the reason, without writing move text itself.
    """
    if len(cards) == 1:
        return _PASS1[cards[0].index]
    if len(cards) == 2:
        return _pass2(cards[0].index, cards[1].index)
    return Move("pass", tuple(cards), " ".join(["pass", *map(str, cards)]))


#: A hand in the order a player holds it: by suit, strongest first (each mask's tuple kept).
_sorted_hand = ordered_cards(_CARD, hand_key, "capodama hands")


@dataclass(frozen=True)
class CapodamaView(BaseView):
    """What one seat may know.  Cards a seat cannot see appear only as counts.

    ``hands`` holds the hands this seat sees (its own; both in the solitaire).  ``partners`` is the
    capo side as far as this seat knows it: the capo, partners revealed by play, and what the
    seat's own hand and exchange tell it; ``side_points`` the card points of those seats and of
    the others so far.  ``side_cards`` are the cards whose holders make the capo side (AH, QH,
    KH with six), ``trumps`` the trumps strongest first (``with_fourth_trump``: the capo names
    a 4th), ``threshold`` what the capo side needs of ``total`` and ``window`` the solitaire's
    winning range (None in the other variants).  The capo side changes every deal and is
    hidden while it plays, so ``sides`` has each hand alone (``seats`` of them: the solitaire
    plays two hands).
    """

    seats: int
    deal_no: int = field()
    phase: str = field()
    hands: dict[int, tuple[Card, ...]]
    capo: int
    doubled: str | None
    fourth_trump: Card | None
    trumps: tuple[Card, ...]
    with_fourth_trump: bool
    side_cards: tuple[Card, ...]
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
    side_points: tuple[int, int]
    tricks_won: tuple[int, ...]
    set_aside: int
    threshold: int
    total: int
    window: tuple[int, int] | None
    target: int
    result: str | None

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return tuple((s,) for s in range(self.seats))

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


#: Payloads are immutable: one per possible trick's points, made once (rollouts log many).
_TAKEN = tuple(TrickTaken(p) for p in range(TOTAL + 1))


class CapodamaState(TrickState[CapodamaView]):
    """A Capodama match (one deal for the solitaire)."""

    FIELDS: ClassVar[StateFields] = StateFields(
        match=("_rng", "_scores", "_winners", "_deal_no", "_dealer"),
        deal={
            "_hands": lambda s: [0] * s._n,
            "_points": lambda s: [0] * s._n,
            "_capo": -1,
            "_doubled": -1,
            "_trump_mask": _TRUMP_MASK,  # the 4th trump (3 players) is in it too
            "_phase": "double",
            "_pass_choice": lambda s: [None] * s._n,
            "_passed": lambda s: [()] * s._n,
            "_received": lambda s: [()] * s._n,
            "_team": frozenset(),
            "_revealed": lambda s: [],
            "_leader": 0,
            "_trick": lambda s: [],
            "_tricks": lambda s: [],
            "_set_aside": lambda s: [],
            "_to_move": -1,  # the seat to decide (-1: none), kept up to date
        },
    )
    _sorted_hand = staticmethod(_sorted_hand)

    _hands: list[int]
    _points: list[int]
    _capo: int
    _doubled: int
    _trump_mask: int
    _phase: str
    _pass_choice: list[Move | None]
    _passed: list[tuple[int, ...]]
    _received: list[tuple[int, ...]]
    _team: frozenset[int]
    _revealed: list[int]
    _leader: int
    _trick: list[tuple[int, Card]]  # the cards as the events log them
    _tricks: list[tuple[int, tuple[tuple[int, Card], ...], int, int]]
    _set_aside: list[int]
    _to_move: int

    def _begin(self, deal: dict[str, Any] | None) -> None:
        dealer = self._rng.randrange(self._n) if self.players > 1 else 0
        if deal is not None:
            self._start_explicit(deal)
        else:
            self._start_deal(dealer)

    def _open(self) -> None:
        """The match fields, before any deal (also for positions rebuilt from a view)."""
        players = self.players
        self._n = 2 if players <= 2 else players
        self._rng = random.Random(self.seed)
        self._scores = [0] * players
        self._winners: tuple[int, ...] = ()
        self._deal_no = 0
        self._dealer = 0

    # -- dealing ---------------------------------------------------------------------------
    def _start_deal(self, dealer: int) -> None:
        self._reset_deal(dealer)
        rng = self._rng
        if self._n > 2:
            self._deal_cards(shuffled(_deck_indices(self.players), rng))
            return
        rest = shuffled([c for c in _deck_indices(self.players) if c != AH], rng)
        self._set_aside, first = rest[:16], rest[16:]
        if self.players == 2:
            self._deal_cards(shuffled([*first, AH], rng))
        else:  # solitaire: the player (seat 0) takes AH, the other 15 start with seat 1
            self._deal_cards([AH, *first], _SOLITAIRE_ORDER)

    def _start_explicit(self, deal: dict[str, Any]) -> None:
        """Set up the first deal from an explicit ``deal`` dict (dealer, hands, set_aside)."""
        spec = read_deal(deal, self.players)
        n = self._n
        self._reset_deal(spec.dealer)
        self._set_aside = list(spec.set_aside)
        self._deal_cards(
            [spec.hands[(spec.dealer + 1 + j) % n][k] for k in range(8) for j in range(n)]
        )

    def _deal_cards(
        self, cards: list[int], order: tuple[int, ...] | None = None, half: int = 1
    ) -> None:
        """Deal ``cards`` one by one: round the table from the dealer's left unless ``order``
        (the solitaire's, whose cards are all public) says who receives each."""
        hands = self._hands
        if order is None:
            n = self._n
            order, seen = deal_order(n, self._dealer, len(cards), 1)
            deal_into(hands, order, cards)
        else:
            seen = None
            for c, s in zip(cards, order, strict=True):
                hands[s] |= 1 << c
        if self.players == 1:
            seen = None  # the solitaire's player sees both hands
        dealt = _dealt(order, self._deal_no, half)
        shown = tuple(map(_CARD.__getitem__, cards))
        events = self.events
        events.append(make_event((dealt, self._dealer, shown, seen)))
        if half == 1:
            self._capo = order[cards.index(AH)]
            self._leader = self._to_move = self._capo
            events.append(_CAPO[self._capo])

    # -- what follows from the fields ------------------------------------------------------
    # A state keeps at most 29 attributes: CPython reads the attributes of an object that has
    # more from a dict, a quarter slower.  So what the tricks and the trump mask already say
    # is worked out when asked, not kept (the points are kept: a view may give them alone).
    @property
    def _fourth(self) -> int:
        """The 3-player capo's 4th trump (card index), -1 if none is named."""
        return (self._trump_mask ^ _TRUMP_MASK).bit_length() - 1

    @property
    def _won(self) -> list[int]:
        """The cards (a mask) each seat took in this deal's tricks so far."""
        won = [0] * self._n
        for _, trick, winner, _ in self._tricks:
            for _, c in trick:
                won[winner] |= 1 << (c & 63)
        return won

    @property
    def _tricks_won(self) -> list[int]:
        """How many tricks each seat took in this deal so far."""
        won = [0] * self._n
        for _, _, winner, _ in self._tricks:
            won[winner] += 1
        return won

    @property
    def _result(self) -> str | None:
        """How the deal went once it is scored (None before): the solitaire "won" or "lost",
        else the "capo side" or the "opponents" won."""
        scored = self._last_scored
        if not isinstance(scored, CapodamaScored) or scored.deal_no != self._deal_no:
            return None
        if self.players == 1:
            return "won" if scored.capo_won else "lost"
        return "capo side" if scored.capo_won else "opponents"

    # -- protocol --------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        seat = self._to_move
        return seat if seat >= 0 and self._next_dealer is None else None

    def controller(self, seat: int) -> int:
        return 0 if self.players == 1 else seat

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    @property
    def phase(self) -> str:
        """The phase: "double", "trump", "exchange", "play", "over", or "between_deals" from
        a deal's scoring to :meth:`deal_next` (where views still show the ended deal's
        "play")."""
        return "between_deals" if self._next_dealer is not None else self._phase

    @property
    def deal_no(self) -> int:
        """1 for the first deal of the match, then 2, 3..."""
        return self._deal_no

    @classmethod
    def from_view(
        cls,
        view: CapodamaView,
        hidden: Mapping[int, Sequence[Card]],
        set_aside: Sequence[Card] = (),
        seed: int = 0,
    ) -> CapodamaState:
        """A state of the card-play phase that agrees with ``view`` and a guess at what it hides.

        ``hidden`` gives the hands the view does not show (each of the right size) and
        ``set_aside`` the order of the face-down pile (1 and 2 players).  Search seats build
        such states ("determinizations") to look ahead; the capo side follows from where AH, QH
        (and KH) are or were played.

        Raises ValueError when the guess does not fit the view (see :func:`.check_guess`):
        seats missing or extra, wrong sizes, a card twice, a card outside the variant's deck,
        or one the view already shows (the hands it shows, the cards played).
        """
        if view.phase != "play":
            raise ValueError("only a position of the card play can be rebuilt from a view")
        shown = [c for hand in view.hands.values() for c in hand]
        shown += [c for _, t, _, _ in view.tricks for _, c in t]
        shown += [c for _, c in view.trick]
        full = _deck_mask(view.players)
        check_guess(
            view.hands, view.hand_sizes, hidden, set_aside, view.set_aside, shown, FRENCH, full
        )
        hands = [
            mask_of(view.hands[s] if s in view.hands else hidden[s]) for s in range(view.seats)
        ]
        new = cls._match_of(view, seed)
        new._restore_play(view, hands, [c.index for c in set_aside])
        return new

    @classmethod
    def at_play_start(
        cls, view: CapodamaView, hands: Sequence[Sequence[Card]], seed: int = 0
    ) -> CapodamaState:
        """The card play of ``view``'s deal as it began (3 to 6 players), seat ``s`` holding
        ``hands[s]``: the bidding and the exchange as the view shows them, no card played.

        A search seat that models the other players replays the card play from here, move by
        move (``play`` takes each card's text), to ask which of their cards a model would
        have played.  The hands are not checked against the view: a guess that contradicts it
        shows as a replayed card that is not legal.
        """
        if view.phase != "play" or view.seats < 3:
            raise ValueError("only the card play of 3 to 6 players replays from its start")
        first = view.tricks[0][1] if view.tricks else view.trick
        begun = replace(
            view,
            leader=first[0][0] if first else view.leader,
            trick=(),
            tricks=(),
            points_won=(0,) * view.seats,
            revealed=(),
        )
        new = cls._match_of(view, seed)
        new._restore_play(begun, [mask_of(h) for h in hands], [])
        return new

    @classmethod
    def _match_of(cls, view: CapodamaView, seed: int) -> CapodamaState:
        """A state of ``view``'s match at the start of its deal, no card in any hand."""
        new = cls._blank(view.players, {"target": view.target}, seed)
        new._scores = list(view.scores)
        new._deal_no = view.deal_no - 1
        new._reset_deal(view.dealer)
        return new

    def _restore_play(self, view: CapodamaView, hands: list[int], set_aside: list[int]) -> None:
        """The card-play fields of a state rebuilt from ``view`` and the guessed ``hands``."""
        n = self._n
        self._hands = hands
        self._capo = view.capo
        self._doubled = FRENCH.suits.index(view.doubled) if view.doubled else -1
        if view.fourth_trump is not None:
            self._trump_mask |= 1 << view.fourth_trump.index
        self._phase = "play"
        self._revealed = list(view.revealed)
        self._leader = view.leader
        self._trick = [(s, _CARD[c.index]) for s, c in view.trick]
        self._to_move = (view.leader + len(view.trick)) % n
        self._tricks = [
            (lead, tuple(_ENTRY[s][c.index] for s, c in t), w, p) for lead, t, w, p in view.tricks
        ]
        self._points = list(view.points_won)
        self._set_aside = set_aside
        if n >= 4:  # the exchange is over; the seat remembers its own part of it
            self._pass_choice = [_EXCHANGED] * n
            self._passed[view.seat] = tuple(c.index for c in view.passed)
            self._received[view.seat] = tuple(c.index for c in view.received)
            played: dict[int, int] = {c: s for _, t, _, _ in self._tricks for s, c in t}
            played.update((c, s) for s, c in self._trick)
            self._team = frozenset(
                played[c] if c in played else next(s for s in range(n) if hands[s] >> c & 1)
                for c in _side_cards(n)[0]
            )

    def _find_legal(self) -> tuple[Move, ...]:
        if self._phase == "play":  # the hot path of every simulation and search
            trick = self._trick
            return _PLAYS(
                legal_mask(
                    self._hands[self._to_move], trick[0][1] if trick else None, self._trump_mask
                )
            )
        return self._other_legal()

    def _other_legal(self) -> tuple[Move, ...]:
        """The legal moves outside the card play: the double, the 4th trump, the passes."""
        phase = self._phase
        if phase == "double":
            return _DOUBLES
        if phase == "trump":
            cards = _deck_indices(self.players)
            return tuple(_TRUMP[i] for i in cards if not self._trump_mask >> i & 1)
        if phase == "exchange":
            return self._pass_moves(self._to_move)
        return ()

    def _guarded(self) -> tuple[int, ...]:
        """Cards the capo may never receive: QH, and KH with six."""
        return _GUARDED_6 if self._n == 6 else _GUARDED

    def _pass_moves(self, seat: int) -> tuple[Move, ...]:
        """The passes ``seat`` may make: never AH, and the capo never receives QH (nor KH in
        6p); with six, a card to the left and a different one to the right."""
        n = self._n
        hand = self._hands[seat] & ~(1 << AH)
        guard = _GUARD_6 if n == 6 else _GUARD
        left = hand & ~guard if (seat + 1) % n == self._capo else hand
        if n < 6:
            return _PASSES1(left)
        right = bit_list(hand & ~guard if (seat - 1) % n == self._capo else hand)
        return tuple([_pass2(a, b) for a in bit_list(left) for b in right if a != b])

    def _parse_other(self, key: str) -> Move | None:
        words = key.split()
        try:
            if words[0] == "PASS" and len(words) in (2, 3):
                return pass_move([parse_card(w, FRENCH) for w in words[1:]])
            if words[0] == "TRUMP" and len(words) == 2:
                c = parse_card(words[1], FRENCH)
                return Move("trump", (c,), f"trump {c}")
            if words[0] == "DOUBLE" and len(words) == 2:
                return Move("double", (), f"double {words[1]}", words[1])
        except ValueError:
            return None
        return super()._parse_other(key)

    # -- refusals --------------------------------------------------------------------------
    def why_illegal(self, move: Move) -> IllegalMove:
        """The reason ``move`` is refused: a code per rule, with the cards, suit and seat."""
        phase = self._phase
        seat = self.current_player
        assert seat is not None  # play() refuses every move once the match is over
        if phase == "double":
            return self._why_bad_double(seat, move)
        if phase == "trump":
            if move.kind != "trump":
                return IllegalMove(
                    f"the capo (seat {seat}) must name the 4th trump, for example 'trump 10S'",
                    "must_name_trump",
                    seat=seat,
                )
            return IllegalMove(
                f"{move.card} cannot be the 4th trump: it is already a trump or not in the "
                "24-card deck",
                "bad_trump",
                card=move.card,
            )
        if phase == "exchange":
            if move.kind != "pass":
                return IllegalMove(
                    f"seat {seat} must choose the card(s) to pass, for example 'pass 8S'",
                    "must_pass",
                    seat=seat,
                )
            return self._why_bad_pass(seat, move)
        if move.kind != "play":
            return IllegalMove(
                f"cards are being played: seat {seat} must play a card, not {move.kind!r}",
                "must_play",
                seat=seat,
            )
        return self._why_bad_card(seat, move.card)

    @staticmethod
    def _why_bad_double(seat: int, move: Move) -> IllegalMove:
        if move.kind != "double":
            return IllegalMove(
                f"the capo (seat {seat}) must first name the doubled suit: "
                "'double D', 'double C' or 'double S'",
                "must_double",
                seat=seat,
            )
        message = f"{move.arg!r} cannot be doubled: name diamonds (D), clubs (C) or spades (S)"
        if move.arg in FRENCH.suits:
            return IllegalMove(message, "bad_double", suit=move.arg)
        return IllegalMove(message, "not_a_suit", text=move.arg)

    def _why_bad_card(self, seat: int, card: Card) -> IllegalMove:
        unheld = self._unheld(seat, (card,))
        if unheld is not None:
            return unheld
        led = FRENCH.suits[SUIT[self._trick[0][1]]]
        return IllegalMove(
            f"you must follow {FRENCH.suit_name(led)} (or play a trump): {card} is neither",
            "must_follow",
            card=card,
            suit=led,
        )

    def _unheld(self, seat: int, cards: Sequence[Card]) -> IllegalMove | None:
        """The refusal of a move naming a card ``seat`` does not hold, if it names one."""
        for c in cards:
            if c.deck is not FRENCH or not self._hands[seat] >> c.index & 1:
                return IllegalMove(
                    f"seat {seat} does not hold {c}", "not_in_hand", seat=seat, card=c
                )
        return None

    def _why_bad_pass(self, seat: int, move: Move) -> IllegalMove:
        n = self._n
        want = 2 if n == 6 else 1
        if len(move.cards) != want:
            message = (
                "in 6 players pass one card left and a different one right: 'pass QS 8D'"
                if n == 6
                else "pass exactly one card to the left, for example 'pass 8S'"
            )
            return IllegalMove(message, "pass_count", count=want)
        unheld = self._unheld(seat, move.cards)
        if unheld is not None:
            return unheld
        if _card(AH) in move.cards:
            return IllegalMove(
                "the ace of hearts can never be passed", "ace_never_passed", card=_card(AH)
            )
        if n == 6 and move.cards[0] == move.cards[1]:
            return IllegalMove(
                "pass two different cards, one to each neighbour",
                "pass_same_card",
                card=move.cards[0],
            )
        guarded = self._guarded()
        to_capo = next(
            (
                c
                for k, c in enumerate(move.cards)
                if c.index in guarded and (seat + (1 if k == 0 else -1)) % n == self._capo
            ),
            move.cards[0],
        )
        return IllegalMove(
            "the capo can never receive "
            + " or ".join(str(_card(c)) for c in guarded)
            + ": pass another card",
            "capo_cannot_receive",
            card=to_capo,
        )

    # -- moves -----------------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        phase = self._phase
        if phase == "play":
            self._play_card(move.cards[0] & 63)
        elif phase == "double":
            assert move.arg is not None
            self._doubled = FRENCH.suits.index(move.arg)
            self.events.append(Event(_DOUBLED[move.arg], self._capo))
            self._phase = "trump" if self.players == 3 else "exchange" if self._n >= 4 else "play"
        elif phase == "trump":
            self._trump_mask |= 1 << (move.cards[0] & 63)
            self.events.append(Event(FourthTrump(), self._capo, (move.cards[0],)))
            self._phase = "play"
        elif phase == "exchange":
            seat = self._to_move
            self._pass_choice[seat] = move
            if self._log:
                self.events.append(_PASS_CHOSEN[seat])
            self._to_move = (seat + 1) % self._n  # the exchange goes round from the capo
            if self._to_move == self._capo:  # back at the capo: every seat has chosen
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
        log = self._log
        for giver, receiver, c in moves:
            hands[receiver] |= 1 << c
            self._passed[giver] += (c,)
            self._received[receiver] += (c,)
            if log:
                seen = _PASS_SEEN[giver][receiver]
                self.events.append(make_event((_PASSED[receiver], giver, (_CARD[c],), seen)))
        marks = _side_cards(n)[3]
        self._team = frozenset([s for s in range(n) if hands[s] & marks])
        self._phase = "play"
        self._to_move = self._capo
        if log:
            self.events.append(_EXCHANGED_EVENT[self._capo])

    def _play_card(self, c: int) -> None:
        """The current seat plays card index ``c``, which it holds and may play."""
        seat = self._to_move
        self._hands[seat] ^= BIT[c]
        trick = self._trick
        trick.append(_ENTRY[seat][c])
        log = self._log
        if log:
            self.events.append(_PLAYED[seat][c])
        if _REVEALING[self._n] >> c & 1 and seat not in self._revealed:
            self._revealed.append(seat)
            if log:
                self.events.append(Event(Partner(), seat, (_card(c),)))
        if len(trick) == self._n:
            self._finish_trick()
        else:
            self._to_move = (seat + 1) % self._n

    def _finish_trick(self) -> None:
        trick = self._trick
        cards = tuple([c for _, c in trick])  # Card objects: the event logs them as they are
        leader = self._leader
        winner = (leader + winning_index(cards, self._fourth)) % self._n
        pts = sum(map(_POINTS_IF[self._doubled].__getitem__, cards))
        self._points[winner] += pts
        self._tricks.append((leader, tuple(trick), winner, pts))
        self._trick = []
        self._leader = self._to_move = winner
        if self._log:
            self.events.append(make_event((_TAKEN[pts], winner, cards, None)))
        if self._hands[winner]:
            return
        if self._set_aside:
            aside, self._set_aside = self._set_aside, []
            self._deal_cards(aside, half=2)
            return
        self._score_deal()

    # -- scoring ---------------------------------------------------------------------------
    def _score_deal(self) -> None:
        team = self._team or frozenset((self._capo,))
        self._team = team
        by_seat = self._points
        p = sum([by_seat[s] for s in team])
        assert sum(by_seat) == TOTAL
        solitaire = self.players == 1
        if solitaire:
            lo, hi = SOLITAIRE_WINDOW
            won = lo <= p <= hi
            self._scores = [1 if won else 0]
            awards = [self._scores[0]] * self._n
            results = tuple([seat_result(won, p, awards[s]) for s in range(self._n)])
        else:
            won = p >= THRESHOLD[self.players]
            awards = deal_awards(p, THRESHOLD[self.players], team, self._n)
            for s in range(self._n):
                self._scores[s] += awards[s]
            results = tuple(
                [
                    seat_result((s in team) == won, p if s in team else TOTAL - p, awards[s])
                    for s in range(self._n)
                ]
            )
        scored = CapodamaScored(
            deal_no=self._deal_no,
            results=results,
            scores=tuple(self._scores),
            capo=self._capo,
            team=tuple(sorted(team)),
            points=p,
            total=TOTAL,
            threshold=THRESHOLD[self.players],
            window=SOLITAIRE_WINDOW if solitaire else None,
            capo_won=won,
            grand_slam=p == TOTAL,
            shutout=p == 0,
            points_by_seat=tuple(by_seat),
        )
        self._log_scored(self._capo, scored)
        self._end_of_deal(won)

    def _end_of_deal(self, capo_won: bool) -> None:
        """The match ends (the solitaire after its one deal) or the capo deals the next."""
        seat: int | None = None  # who the match_over event names: the winner, not the solitaire
        if self.players == 1:
            self._winners = (0,) if capo_won else ()
        else:
            seat = match_winner(self._scores, self.options["target"])
            if seat is None:
                self._between(self._capo)
                return
            self._winners = (seat,)
        self._phase = "over"
        self._to_move = -1
        self.events.append(Event(MatchOver(self._winners), seat))

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> CapodamaView:
        n = self._n
        self._check_viewer(seat)
        visible = range(n) if self.players == 1 else (seat,)
        hands = {s: _sorted_hand(self._hands[s]) for s in visible}
        partners = self._known_side(seat)
        trumps = [_card(c) for c in TRUMPS]
        if self._fourth >= 0:
            trumps.append(_card(self._fourth))
        last = self._tricks[-1] if self._tricks else None
        pending = self._pass_choice[seat]
        by_seat = self._points
        side = sum(by_seat[s] for s in partners)
        return make_view(
            CapodamaView,
            game="capodama",
            players=self.players,
            seats=n,
            seat=seat,
            deal_no=self._deal_no,
            dealer=self._dealer,
            phase=self._phase,
            current_player=self._to_move if self._to_move >= 0 else None,
            hand=hands[seat],
            hands=hands,
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            capo=self._capo,
            doubled=FRENCH.suits[self._doubled] if self._doubled >= 0 else None,
            fourth_trump=_card(self._fourth) if self._fourth >= 0 else None,
            trumps=tuple(trumps),
            with_fourth_trump=self.players == 3,
            side_cards=tuple(_card(c) for c in side_marks(n)),
            partners=partners,
            revealed=tuple(self._revealed),
            passed=tuple(pending.cards)
            if pending is not None and not self._passed[seat]
            else tuple(_card(c) for c in self._passed[seat]),
            received=tuple(_card(c) for c in self._received[seat]),
            passes_chosen=tuple(c is not None for c in self._pass_choice),
            leader=self._leader,
            trick=tuple(self._trick),  # entries (seat, Card) as played: the view shows them
            tricks=tuple(self._tricks),
            last_trick=last[1] if last else None,
            last_winner=last[2] if last else None,
            points_won=tuple(by_seat),
            side_points=(side, sum(by_seat) - side),
            tricks_won=tuple(self._tricks_won),
            set_aside=len(self._set_aside),
            threshold=THRESHOLD[self.players],
            total=TOTAL,
            window=SOLITAIRE_WINDOW if self.players == 1 else None,
            scores=tuple(self._scores),
            target=self.options["target"],
            result=self._result,
        )

    def _known_side(self, seat: int) -> tuple[int, ...]:
        """The capo side as ``seat`` knows it: the capo, revealed partners, and after the
        exchange itself (if on the side) and where its passed QH (6p: KH) went."""
        n = self._n
        partners = {self._capo, *self._revealed}
        if n >= 4 and self._phase in ("play", "over"):
            if seat in self._team:
                partners.add(seat)
            for k, c in enumerate(self._passed[seat]):  # left first, then (6p) right
                if c in _side_cards(n)[1]:
                    partners.add((seat + 1) % n if k == 0 else (seat - 1) % n)
        return tuple(sorted(partners))

    def team(self) -> tuple[int, ...]:
        """The capo side as settled (all seats know it only at the end of the deal)."""
        return tuple(sorted(self._team or {self._capo}))

    def won_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(cards_of(self._won[seat], FRENCH))

    def set_aside_cards(self) -> tuple[Card, ...]:
        return tuple(_card(c) for c in self._set_aside)


INFO = GameInfo(
    name="capodama",
    title="Capodama",
    deck=FRENCH,
    players=(1, 2, 3, 4, 5, 6),
    options={
        "target": Option(
            7, (3, 5, 7, 9, 11), "match points that win the match", players=(2, 3, 4, 5, 6)
        ),
    },
    windows={1: SOLITAIRE_WINDOW},
    retired=("deck",),
    deals=deck_for,
    summary="Trick-taking for 1 to 6: the capo (AH) and the dama (QH) need 82 of 150 points.",
    numbers={
        "hand_size": HAND_SIZE,
        "set_aside": SET_ASIDE,
        "total_points": TOTAL,
        "threshold": THRESHOLD,
        "solitaire_window": SOLITAIRE_WINDOW,
    },
)
