"""Tressette with Buongioco for 3 and 4 players, by the rules in assets/rules/tressette.txt.

Seats are numbered clockwise, and Tressette deals and plays COUNTER-clockwise: the player after
seat ``s`` is ``s - 1`` (his right), the first card goes to the dealer's right (``dealer - 1``),
who leads trick 1; each trick's winner leads the next and the deal passes right.  Four players
play in two sides sitting opposite (seats 0 + 2 against 1 + 3; side = seat % 2); three play each
for himself with the 4 of batons removed (side = seat).

Moves: a card (``"3D"``, ``"RB"``), or ``"buongioco"`` (alias ``"declare"``), the declaration a
player may make once per deal, at his own turn in trick 1 or 2 before playing, when his hand
holds at least one combination.  The engine computes the combinations from the hand then.

DECISION (what a declaration reveals): in real play the declarer names each combination, and
naming "three aces" is played with the missing suit named, so every card of every declared
combination becomes public.  They are shown in the "declared" event and in every view
(``declarations``, and ``shown``: declared cards still in the declarer's hand).

The match is the state: when the last trick of a deal is taken the deal is scored (a
:class:`.TressetteScored` event), then the match ends (a ``MatchOver`` event) or waits between
deals until ``deal_next()`` deals the next one.  Event data are the typed payloads of
:mod:`.tressette_events`.  ``deal={...}`` sets the first deal explicitly: ``dealer``, ``hands``
(a list per seat, 10 cards each in 4 players, 13 in 3), and optionally ``scores`` and
``deals_won`` per side so a test can start a match that is already under way
(:func:`.tressette_deal.read_deal`).

Refusals (:class:`IllegalMove`) carry a reason code and its parts: "must_follow" (suit, card,
held: the cards of the led suit in hand), "not_in_hand" and "card_removed" (seat, card; the 4 of
batons in 3 players), "already_declared" (seat), "declare_too_late" (trick_no, until: the last
trick that allows it), "no_combination" (seat), "not_a_move" (text).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .base import (
    Event,
    GameInfo,
    GameState,
    IllegalMove,
    MatchOver,
    Move,
    MovesByMask,
    Option,
    StateFields,
    make_event,
    make_view,
    seat_result,
)
from .cards import ITALIAN, Card, cards_of, mask_of, ordered_cards, parse_card
from .dealspec import deal_into, deal_order, shuffle_as_random
from .memo import Memo
from .tressette_deal import ExplicitDeal, guess_hands, read_deal
from .tressette_events import Dealt, Declared, Played, TressetteScored, TrickWon
from .tressette_tables import (
    DEALS_TO_WIN,
    DECLARE_TRICKS,
    FOUR_BATONS,
    HAND_SIZE,
    RAW,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    TARGET,
    THIRDS,
    Combo,
    buongioco_combos,
    deal_points,
    deck_indices,
    hand_order,
    has_buongioco,
    side_of,
    sides_of,
)
from .tressette_view import TressetteView

__all__ = [
    "DEALS_TO_WIN",
    "DECLARE",
    "INFO",
    "TARGET",
    "Combo",
    "TressetteState",
    "TressetteView",
]


#: Every Italian card by index, so hot paths skip a lookup.
_CARDS: tuple[Card, ...] = ITALIAN.cards

_PLAY = [Move("play", (_CARDS[i],), str(_CARDS[i])) for i in range(40)]
#: The declaration of Buongioco, one move object for every state.
DECLARE = Move("declare", (), "buongioco")
#: the card plays of a mask of playable cards, each tuple made once
_PLAYS = MovesByMask(_PLAY, SUIT_MASK)
#: Each card alone, as a "played" event's cards, and each seat alone, as who sees a dealt card.
_SOLO: tuple[tuple[Card, ...], ...] = tuple((c,) for c in _CARDS)

#: One completed trick: leader, (seat, card index) in play order, winner, raw points.
_Trick = tuple[int, tuple[tuple[int, int], ...], int, int]


#: The seats of each side per player count (see :func:`.tressette_tables.sides_of`).
_SIDES = {n: sides_of(n) for n in (3, 4)}


#: The "trick" events' payloads, made once each (immutable; rollouts log many), by the key
#: players, leader, winner, winning card, raw points, trick number and last (see _trick_won).
_TRICK_WON: Memo[int, TrickWon] = Memo("tressette tricks", 1 << 13)


def _trick_won(key: int) -> TrickWon:
    """The payload of ``key`` (``_finish_trick`` packs it), made and kept."""
    last, trick_no, raw = key & 1, key >> 1 & 31, key >> 6 & 63
    best, winner, leader, n = key >> 12 & 63, key >> 18 & 3, key >> 20 & 3, key >> 22
    seats = tuple((leader - k) % n for k in range(n))
    return _TRICK_WON.keep(
        key, TrickWon(seats, _CARDS[best], raw, side_of(winner, n), trick_no, bool(last))
    )


#: A hand as a player holds it: by suit, strongest first (each mask's tuple kept).
_sorted_hand = ordered_cards(_CARDS, hand_order, "tressette hands")


def _shown_trick(trick: _Trick) -> tuple[int, tuple[tuple[int, Card], ...], int, int]:
    """How views show a completed ``trick``."""
    lead, cards, winner, raw = trick
    return lead, tuple([(s, _CARDS[c]) for s, c in cards]), winner, raw


#: Payloads are immutable: the one for each trick number is made once (rollouts log many).
_PLAYED = tuple(Played(k) for k in range(max(HAND_SIZE.values()) + 2))
#: so are events: each "played" event by ``(tricks done << 3 | seat) << 6 | card``, made when
#: first logged
_PLAYED_EVENTS: Memo[int, Event] = Memo("tressette plays", 1 << 13)


def _played_event(key: int) -> Event:
    """The "played" event of ``key`` (see ``_PLAYED_EVENTS``)."""
    return _PLAYED_EVENTS.keep(
        key, make_event((_PLAYED[(key >> 9) + 1], key >> 6 & 7, _SOLO[key & 63], None))
    )


class TressetteState(GameState[TressetteView]):
    """A Tressette match: deals until a side has 31 points or 3 won deals."""

    FIELDS: ClassVar[StateFields] = StateFields(
        match=("_rng", "_totals", "_deals_won", "_winners", "_last_points", "_deal_no", "_dealer"),
        deal={
            "_hands": lambda s: [0] * s._n,
            "_won": lambda s: [0] * s._n,
            "_raw": lambda s: [0] * s._nsides,
            "_bg": lambda s: [0] * s._nsides,
            "_declared": lambda s: [None] * s._n,
            "_shown": lambda s: [0] * s._n,
            "_leader": lambda s: (s._dealer - 1) % s._n,
            "_trick": lambda s: [],
            "_tricks": lambda s: [],
            "_phase": "play",
            # the deal's completed tricks as views show them, as far as worked out (a tuple:
            # clones share it, and each extends its own when a view asks)
            "_tricks_shown": (),
        },
        unsnapped=("_tricks_shown",),
    )

    # fixed for the match (shared by clones).  A state keeps at most 29 attributes: CPython
    # reads the attributes of an object that has more from a dict, a quarter slower (the
    # sides, the deck and the last trick's points are looked up instead of kept).
    _n: int
    _nsides: int
    _whole: bool
    # the match
    _rng: random.Random
    _totals: list[int]
    _deals_won: list[int]
    _winners: tuple[int, ...]
    _last_points: tuple[int, ...] | None
    _deal_no: int
    _dealer: int
    # the deal: masks of card indices per seat, points per side
    _hands: list[int]
    _won: list[int]
    _raw: list[int]
    _bg: list[int]
    _declared: list[tuple[Combo, ...] | None]
    _shown: list[int]
    _leader: int
    _trick: list[tuple[int, int]]
    _tricks: list[_Trick]
    _tricks_shown: tuple[tuple[int, tuple[tuple[int, Card], ...], int, int], ...]
    _phase: str

    def _begin(self, deal: dict[str, Any] | None) -> None:
        dealer = self._rng.randrange(self._n)
        if deal is not None:
            self._start_explicit(read_deal(deal, self.players))
        else:
            self._start_deal(dealer)

    def _open(self) -> None:
        """The match's fixed figures and a match with no deal played yet."""
        n = self.players
        whole = bool(self.options["last_trick_whole"])
        self._n = n
        self._nsides = len(_SIDES[n])
        self._whole = whole
        self._rng = random.Random(self.seed)
        self._totals = [0] * self._nsides
        self._deals_won = [0] * self._nsides
        self._winners = ()
        self._last_points = None
        self._deal_no = 0

    # -- sides ---------------------------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return side_of(seat, self._n)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return _SIDES[self._n]

    @property
    def _bonus(self) -> int:
        """The raw points of the last trick: a whole point (3) under the house rule
        ``last_trick_whole``, else 1."""
        return 3 if self._whole else 1

    # -- dealing ---------------------------------------------------------------------------
    def _reset_deal(self, dealer: int) -> None:
        self._deal_no += 1
        self._dealer = dealer
        self._reset_fields()

    def _start_deal(self, dealer: int) -> None:
        self._reset_deal(dealer)
        cards = deck_indices(self._n)  # a new list, shuffled in place
        shuffle_as_random(cards, self._rng)
        self._deal_cards(cards)

    def _start_explicit(self, deal: ExplicitDeal) -> None:
        """The first deal as given, dealt one card at a time like a shuffled one."""
        self._totals[:] = deal.totals
        self._deals_won[:] = deal.deals_won
        self._reset_deal(deal.dealer)
        order = deal_order(self._n, deal.dealer, self._n, -1)[0]
        rounds = range(HAND_SIZE[self._n])
        self._deal_cards([deal.hands[s][k] for k in rounds for s in order])

    def _deal_cards(self, cards: list[int]) -> None:
        """Deal ``cards`` one at a time counter-clockwise from the dealer's right."""
        n = self._n
        order, seen = deal_order(n, self._dealer, len(cards), -1)
        deal_into(self._hands, order, cards)
        dealt = Dealt(order, self._deal_no, self._dealer, self._leader)
        shown = tuple(map(_CARDS.__getitem__, cards))
        self.events.append(make_event((dealt, self._dealer, shown, seen)))

    # -- rebuilding a position from a view (for search seats) -------------------------------
    @classmethod
    def from_view(
        cls, view: TressetteView, hidden: Mapping[int, Sequence[Card]], seed: int = 0
    ) -> TressetteState:
        """A state that agrees with ``view`` and a guess at the other hands.

        ``hidden`` gives the hand of every other seat, each of the size the view shows.
        Supported: any position of the card play where someone is to move (trick 1's
        Buongioco window included), in any deal of the match, whichever seat the view belongs
        to.  Search seats build such states ("determinizations") to look ahead;
        ``state.view(view.seat) == view`` holds for the result.  The next deal is shuffled
        from ``seed``.

        The guess must be one the seat could not rule out, else ValueError: every other seat
        given, the right sizes, no card twice, no card the view shows (own hand, played), the
        declared cards not yet played in their declarer's hand, and no card of a suit its
        holder failed to follow (:meth:`TressetteView.voids`).
        """
        if view.phase != "play" or view.current_player is None:
            raise ValueError("only a position of the card play can be rebuilt from a view")
        masks = guess_hands(view, hidden)
        new = cls._match_of(view, seed)
        new._hands = masks
        new._raw = list(view.raw_points)
        new._bg = list(view.buongioco)
        for s, combos in view.declarations:
            new._declared[s] = combos
            new._shown[s] = _union(combos)
        new._leader = view.leader
        new._trick = [(s, c.index) for s, c in view.trick]
        for lead, t, w, r in view.tricks:
            new._tricks.append((lead, tuple((s, c.index) for s, c in t), w, r))
            for _, c in t:
                new._won[w] |= c.bit
        return new

    @classmethod
    def as_dealt(
        cls, view: TressetteView, hands: Sequence[Sequence[Card]], seed: int = 0
    ) -> TressetteState:
        """The deal of ``view`` as it was dealt, seat ``s`` holding ``hands[s]``.

        A search seat that models the other players replays the deal from here, move by move
        (``play`` takes each move's text), to ask which of their plays a model would have
        made.  The hands are not checked against the view: a guess that contradicts it shows
        as a replayed move that is not legal.
        """
        new = cls._match_of(view, seed)
        new._hands = [mask_of(h) for h in hands]
        return new

    @classmethod
    def _match_of(cls, view: TressetteView, seed: int) -> TressetteState:
        """A state of ``view``'s match at the start of its deal, no card in any hand."""
        new = cls._blank(view.players, {"last_trick_whole": view.last_trick_whole}, seed)
        new._totals = list(view.totals)
        new._deals_won = list(view.deals_won)
        new._last_points = view.last_deal_points
        new._deal_no = view.deal_no - 1
        new._reset_deal(view.dealer)
        return new

    # -- protocol --------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        if self._phase == "over" or self._next_dealer is not None:
            return None
        return (self._leader - len(self._trick)) % self._n

    @property
    def phase(self) -> str:
        """The phase: "play", "over", or "between_deals" from a deal's scoring to :meth:`deal_next`
        (where views still show the ended deal's "play")."""
        return "between_deals" if self._next_dealer is not None else self._phase

    @property
    def scores(self) -> list[int]:
        """Cumulative match points per seat (partners both list their side's total)."""
        totals = self._totals
        n = self._n
        return [totals[side_of(s, n)] for s in range(n)]

    @property
    def totals(self) -> tuple[int, ...]:
        """Cumulative match points per side."""
        return tuple(self._totals)

    @property
    def deals_won(self) -> tuple[int, ...]:
        return tuple(self._deals_won)

    @property
    def trick_no(self) -> int:
        """The trick being played, counted from 1; once the deal is played out, the last one
        (a summary under the ended deal says "trick 10 of 10", never 11)."""
        return len(self._tricks) + (1 if any(self._hands) else 0)

    def _turn(self) -> int:
        """The seat to play (during the card play)."""
        return (self._leader - len(self._trick)) % self._n

    def _can_declare(self, seat: int) -> bool:
        return (
            len(self._tricks) < DECLARE_TRICKS
            and self._declared[seat] is None
            and has_buongioco(self._hands[seat])
        )

    def _find_legal(self) -> tuple[Move, ...]:
        if self._phase != "play":
            return ()
        seat = (self._leader - len(self._trick)) % self._n  # once per move of every rollout
        m = self._hands[seat]
        if self._trick:
            m = m & SUIT_MASK[SUIT[self._trick[0][1]]] or m
        legal = _PLAYS(m)
        if self._can_declare(seat):
            legal = (DECLARE, *legal)
        return legal

    def _parse_other(self, key: str) -> Move | None:
        if key in ("BUONGIOCO", "DECLARE", "BUON GIOCO"):
            return DECLARE
        try:
            return _PLAY[parse_card(key, ITALIAN).index]
        except ValueError:
            return None

    def why_illegal(self, move: Move) -> IllegalMove:
        seat = self._turn()
        if move.kind == "declare":
            return self._why_not_declare(seat)
        if move.kind != "play":
            return IllegalMove(
                f"seat {seat} must play a card or declare 'buongioco', not {move.kind!r}",
                "not_a_move",
                text=move.text,
            )
        c = move.cards[0]
        if c.deck is not ITALIAN or not self._hands[seat] & c.bit:
            if c.deck is ITALIAN and c.index == FOUR_BATONS and self._n == 3:
                return IllegalMove(
                    f"seat {seat} does not hold 4B: the 4 of batons is removed in 3 players",
                    "card_removed",
                    seat=seat,
                    card=c,
                )
            return IllegalMove(f"seat {seat} does not hold {c}", "not_in_hand", seat=seat, card=c)
        led = SUIT[self._trick[0][1]]
        suit = ITALIAN.suit_names[led]
        held = _sorted_hand(self._hands[seat] & SUIT_MASK[led])
        return IllegalMove(
            f"you must follow {suit}: {c} is not {suit} and you hold {' '.join(map(str, held))}",
            "must_follow",
            suit=ITALIAN.suits[led],
            card=c,
            held=held,
        )

    def _why_not_declare(self, seat: int) -> IllegalMove:
        if self._declared[seat] is not None:
            return IllegalMove(
                f"seat {seat} has already declared Buongioco in this deal",
                "already_declared",
                seat=seat,
            )
        trick_no = self.trick_no
        if trick_no > DECLARE_TRICKS:
            return IllegalMove(
                "Buongioco may be declared only in trick 1 or 2, before playing; "
                f"this is trick {trick_no}",
                "declare_too_late",
                trick_no=trick_no,
                until=DECLARE_TRICKS,
            )
        return IllegalMove(
            f"seat {seat} holds no Buongioco combination: three or four aces, 2s or 3s, "
            "or a Napoli (1, 2 and 3 of one suit)",
            "no_combination",
            seat=seat,
        )

    def _apply(self, move: Move) -> None:
        seat = (self._leader - len(self._trick)) % self._n  # _turn() inline: every move
        if move.kind == "declare":
            self._declare(seat)
        else:
            self._play_card(seat, move.cards[0] & 63)

    def _declare(self, seat: int) -> None:
        combos = buongioco_combos(self._hands[seat])
        self._declared[seat] = combos
        shown = _union(combos)
        points = sum(c.points for c in combos)
        side = self.side_of(seat)
        self._shown[seat] = shown
        self._bg[side] += points
        self.events.append(
            Event(
                Declared(combos, points, side, len(self._tricks) + 1),
                seat,
                tuple(cards_of(shown, ITALIAN)),
            )
        )

    def _play_card(self, seat: int, c: int) -> None:
        self._hands[seat] &= ~(1 << c)
        trick = self._trick
        trick.append((seat, c))
        if self._log:
            key = (len(self._tricks) << 3 | seat) << 6 | c
            self.events.append(_PLAYED_EVENTS.get(key) or _played_event(key))
        if len(trick) == self._n:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self._trick
        led = SUIT[trick[0][1]]
        winner, best = trick[0]
        raw = 0
        mask = 0
        for seat, c in trick:
            mask |= 1 << c
            raw += RAW[c]
            if SUIT[c] == led and STRENGTH[c] > STRENGTH[best]:
                winner, best = seat, c
        n = self._n
        self._won[winner] |= mask
        self._raw[side_of(winner, n)] += raw
        leader = self._leader
        self._tricks.append((leader, tuple(trick), winner, raw))
        self._trick = []
        self._leader = winner
        last = not self._hands[winner]
        if self._log:
            self._log_trick(trick, leader, winner, best, raw, last)
        if last:
            self._score_deal(winner)

    def _log_trick(
        self,
        trick: list[tuple[int, int]],
        leader: int,
        winner: int,
        best: int,
        raw: int,
        last: bool,
    ) -> None:
        """The "trick" event of the trick just taken (payloads made once per key)."""
        n = self._n
        key = ((((n << 2 | leader) << 2 | winner) << 6 | best) << 6 | raw) << 5 | len(self._tricks)
        key = key << 1 | last
        won = _TRICK_WON.get(key) or _trick_won(key)
        shown = tuple([_CARDS[c] for _, c in trick])
        self.events.append(make_event((won, winner, shown, None)))

    def _score_deal(self, last_winner: int) -> None:
        """The last trick is taken: score the deal, then end the match or deal the next one."""
        n = self._n
        self._raw[side_of(last_winner, n)] += self._bonus
        raw = tuple(self._raw)
        whole = self._whole
        rounded = tuple([deal_points(r, whole) for r in raw])
        bg = tuple(self._bg)
        points = tuple([r + b for r, b in zip(rounded, bg, strict=True)])
        winner = _unique_best(points, range(self._nsides))
        totals = self._totals
        for i, p in enumerate(points):
            totals[i] += p
        if winner is not None:
            self._deals_won[winner] += 1
        self._last_points = points
        sides = [side_of(s, n) for s in range(n)]
        results = tuple([seat_result(k == winner, points[k], points[k]) for k in sides])
        scored = TressetteScored(
            deal_no=self._deal_no,
            results=results,
            scores=tuple([totals[k] for k in sides]),
            sides=self.sides,
            raw=raw,
            last_trick=last_winner,
            last_trick_raw=self._bonus,
            rounded=rounded,
            buongioco=bg,
            points=points,
            winner_side=winner,
            totals=tuple(self._totals),
            deals_won=tuple(self._deals_won),
        )
        self._log_scored(None, scored)
        champion = self._match_winner()
        if champion is None:
            self._between((self._dealer - 1) % self._n)
            return
        self._winners = self.sides[champion]
        self._phase = "over"
        self.events.append(Event(MatchOver(self._winners)))

    def _match_winner(self) -> int | None:
        """The side that wins the match now, or None.

        A side qualifies with >= 31 points or 3 won deals; among several qualifiers the higher
        cumulative score wins, then more deals won; a full tie means another deal.
        """
        q = [
            i
            for i in range(self._nsides)
            if self._totals[i] >= TARGET or self._deals_won[i] >= DEALS_TO_WIN
        ]
        keys = [(self._totals[i], self._deals_won[i]) for i in q]
        return _unique_best(keys, q)

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> TressetteView:
        n = self._n
        self._check_viewer(seat)
        hands = self._hands
        return make_view(
            TressetteView,
            game="tressette",
            players=n,
            seat=seat,
            side=side_of(seat, n),
            sides=self.sides,
            deal_no=self._deal_no,
            dealer=self._dealer,
            phase=self._phase,
            current_player=None if self._phase == "over" else self._turn(),
            hand=_sorted_hand(hands[seat]),
            hand_sizes=tuple([h.bit_count() for h in hands]),
            leader=self._leader,
            trick_no=self.trick_no,
            trick=tuple([(s, _CARDS[c]) for s, c in self._trick]),
            tricks=self._shown_tricks(),
            raw_points=tuple(self._raw),
            declared=tuple([d is not None for d in self._declared]),
            declarations=tuple([(s, d) for s, d in enumerate(self._declared) if d is not None]),
            shown=tuple([_sorted_hand(m & h) for m, h in zip(self._shown, hands, strict=True)]),
            buongioco=tuple(self._bg),
            totals=tuple(self._totals),
            deals_won=tuple(self._deals_won),
            scores=tuple(self.scores),
            last_deal_points=self._last_points,
            target=TARGET,
            deals_to_win=DEALS_TO_WIN,
            last_trick_whole=self._whole,
            last_trick_raw=self._bonus,
            winners=self._winners,
        )

    def _shown_tricks(self) -> tuple[tuple[int, tuple[tuple[int, Card], ...], int, int], ...]:
        """The deal's completed tricks as views show them: kept, and only the tricks completed
        since the last view are added (a rollout asks for a view at every card)."""
        shown = self._tricks_shown
        tricks = self._tricks
        if len(shown) != len(tricks):
            shown += tuple([_shown_trick(t) for t in tricks[len(shown) :]])
            self._tricks_shown = shown
        return shown

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The true hand of ``seat``: for tests and tools, never for AI seats."""
        return _sorted_hand(self._hands[seat])

    def won_cards(self, seat: int) -> tuple[Card, ...]:
        """Cards ``seat`` has taken in tricks this deal (public: every trick is seen)."""
        return tuple(cards_of(self._won[seat], ITALIAN))


def _union(combos: Sequence[Combo]) -> int:
    """The mask of every card of ``combos``."""
    m = 0
    for c in combos:
        m |= c.mask
    return m


def _unique_best(keys: Sequence[Any], who: Sequence[int]) -> int | None:
    """The one of ``who`` whose key is the highest, or None if none or several share it."""
    if not keys:
        return None
    top = max(keys)
    best = [w for w, k in zip(who, keys, strict=True) if k == top]
    return best[0] if len(best) == 1 else None


INFO = GameInfo(
    name="tressette",
    title="Tressette",
    deck=ITALIAN,
    players=(3, 4),
    options={
        "last_trick_whole": Option(
            False,
            (False, True),
            "house rule: the last trick is worth a whole point and fractions are dropped",
        ),
    },
    deals=lambda players: tuple(_CARDS[i] for i in deck_indices(players)),
    retired=("deck",),  # earlier records carry the deck shown as an option
    summary="Trick-taking without trumps for 3, or 4 in two sides: 3 2 1 rule the suit; "
    "declare Buongioco; first side to 31 points or 3 deals.",
    numbers={
        "hand_size": HAND_SIZE,
        "raw_per_point": THIRDS,
        "target": TARGET,
        "deals_to_win": DEALS_TO_WIN,
        "declare_tricks": DECLARE_TRICKS,
    },
)
