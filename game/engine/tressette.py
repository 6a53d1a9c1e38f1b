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

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .base import (
    Event,
    GameInfo,
    IllegalMove,
    Move,
    Option,
    StateFields,
    make_event,
    seat_result,
)
from .cards import ITALIAN, Card, cards_of, mask_of, ordered_cards
from .dealspec import shuffle_as_random
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
)
from .tressette_view import TressetteView
from .tricks import PLAYS, SIDES, SOLO, SidesTrickState

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

#: The declaration of Buongioco, one move object for every state.
DECLARE = Move("declare", (), "buongioco")


#: The "trick" events' payloads, made once each (immutable; rollouts log many), by the key
#: players, leader, winner, winning card, raw points, trick number and last (see _trick_won).
_TRICK_WON: Memo[int, TrickWon] = Memo("tressette tricks", 1 << 13)


def _trick_won(key: int) -> TrickWon:
    """The payload of ``key`` (``_finish_trick`` packs it), made and kept."""
    last, trick_no, raw = key & 1, key >> 1 & 31, key >> 6 & 63
    best, winner, leader, n = key >> 12 & 63, key >> 18 & 3, key >> 20 & 3, key >> 22
    seats = tuple((leader - k) % n for k in range(n))
    return _TRICK_WON.keep(
        key, TrickWon(seats, _CARDS[best], side_of(winner, n), trick_no, bool(last), raw)
    )


#: A hand as a player holds it: by suit, strongest first (each mask's tuple kept).
_sorted_hand = ordered_cards(_CARDS, hand_order, "tressette hands")


#: Payloads are immutable: the one for each trick number is made once (rollouts log many).
_PLAYED = tuple(Played(k) for k in range(max(HAND_SIZE.values()) + 2))
#: so are events: each "played" event by ``(tricks done << 3 | seat) << 6 | card``, made when
#: first logged
_PLAYED_EVENTS: Memo[int, Event] = Memo("tressette plays", 1 << 13)


def _played_event(key: int) -> Event:
    """The "played" event of ``key`` (see ``_PLAYED_EVENTS``)."""
    return _PLAYED_EVENTS.keep(
        key, make_event((_PLAYED[(key >> 9) + 1], key >> 6 & 7, SOLO[key & 63], None))
    )


class TressetteState(SidesTrickState[TressetteView]):
    """A Tressette match: deals until a side has 31 points or 3 won deals."""

    FIELDS: ClassVar[StateFields] = SidesTrickState.fields(
        match=("_totals",),
        deal={
            "_raw": lambda s: [0] * s._nsides,
            "_bg": lambda s: [0] * s._nsides,
            "_declared": lambda s: [None] * s._n,
            "_shown": lambda s: [0] * s._n,
        },
    )
    _sorted_hand = staticmethod(_sorted_hand)

    # fixed for the match (shared by clones).  A state keeps at most 29 attributes: CPython
    # reads the attributes of an object that has more from a dict, a quarter slower (the
    # sides, the deck and the last trick's points are looked up instead of kept).
    _n: int
    _nsides: int
    _whole: bool
    # the match (besides the shared fields of SidesTrickState)
    _totals: list[int]
    # the deal: points per side, declarations per seat
    _raw: list[int]
    _bg: list[int]
    _declared: list[tuple[Combo, ...] | None]
    _shown: list[int]

    def _begin(self, deal: dict[str, Any] | None) -> None:
        dealer = self._rng.randrange(self._n)
        if deal is not None:
            self._start_explicit(read_deal(deal, self.players))
        else:
            self._start_deal(dealer)

    def _open(self) -> None:
        """The match's fixed figures and a match with no deal played yet."""
        super()._open()
        n = self.players
        self._n = n
        self._nsides = len(SIDES[n])
        self._whole = bool(self.options["last_trick_whole"])
        self._totals = [0] * self._nsides

    @property
    def _bonus(self) -> int:
        """The raw points of the last trick: a whole point (3) under the house rule
        ``last_trick_whole``, else 1."""
        return 3 if self._whole else 1

    # -- dealing ---------------------------------------------------------------------------
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
        self._deal_cards(self._as_dealt(deal.hands))

    def _deal_cards(self, cards: list[int]) -> None:
        """Deal ``cards`` one at a time counter-clockwise from the dealer's right."""
        order, seen = self._deal_round(cards)
        self._log_dealt(Dealt(order, self._deal_no, self._dealer, self._leader), cards, seen)

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
        new._rebuild_tricks(view)
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
        new = cls._rebuilt(view, {"last_trick_whole": view.last_trick_whole}, seed)
        new._totals = list(view.totals)
        return new

    # -- protocol --------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self._n

    @property
    def scores(self) -> list[int]:
        """Cumulative match points per seat (partners both list their side's total)."""
        return self._per_seat(self._totals)

    @property
    def totals(self) -> tuple[int, ...]:
        """Cumulative match points per side."""
        return tuple(self._totals)

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
        legal = PLAYS(m)
        if self._can_declare(seat):
            legal = (DECLARE, *legal)
        return legal

    def _parse_other(self, key: str) -> Move | None:
        if key in ("BUONGIOCO", "DECLARE", "BUON GIOCO"):
            return DECLARE
        return super()._parse_other(key)

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
            return self._not_held(seat, c, FOUR_BATONS, "the 4 of batons is removed in 3 players")
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
        self._end_deal(self._match_winner())

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
        hands = self._hands
        return self._trick_view(
            TressetteView,
            seat,
            raw_points=tuple(self._raw),
            declared=tuple([d is not None for d in self._declared]),
            declarations=tuple([(s, d) for s, d in enumerate(self._declared) if d is not None]),
            shown=tuple([_sorted_hand(m & h) for m, h in zip(self._shown, hands, strict=True)]),
            buongioco=tuple(self._bg),
            totals=tuple(self._totals),
            deals_won=tuple(self._deals_won),
            last_deal_points=self._last_points,
            target=TARGET,
            deals_to_win=DEALS_TO_WIN,
            last_trick_whole=self._whole,
            last_trick_raw=self._bonus,
            winners=self._winners,
        )


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
