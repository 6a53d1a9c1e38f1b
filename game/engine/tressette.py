"""Tressette with Buongioco for 3 and 4 players, as RULES.md reads seed 003.

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

The match is the state: when the last trick of a deal is taken the deal is scored (event
"deal_scored"), then the match ends (event "match_over") or the next deal is dealt in the same
``play`` call.  ``deal={...}`` sets the first deal explicitly: ``dealer``, ``hands`` (a list per
seat, 10 cards each in 4 players, 13 in 3), and optionally ``scores`` and ``deals_won`` per side
so a test can start a match that is already under way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import Event, GameInfo, GameState, Move, Option, RecordError
from .cards import ITALIAN, Card, cards_of, iter_bits, parse_card
from .tressette_tables import (
    FOUR_BATONS,
    RAW,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    buongioco_combos,
    deal_points,
    deck_indices,
)

__all__ = [
    "DEALS_TO_WIN",
    "INFO",
    "TARGET",
    "Declaration",
    "TressetteState",
    "TressetteView",
    "make",
]

#: Match end (RULES.md): the first side with 31 cumulative points or 3 won deals.
TARGET = 31
DEALS_TO_WIN = 3
HAND_SIZE = {3: 13, 4: 10}


#: Every Italian card by index, so hot paths skip a lookup.
_CARDS: tuple[Card, ...] = ITALIAN.cards


def _card(i: int) -> Card:
    return _CARDS[i]


_PLAY = [Move("play", (_card(i),), str(_card(i))) for i in range(40)]
_DECLARE = Move("declare", (), "buongioco")

#: One declared combination: its name ("three aces", "Napoli of cups"), cards and points.
Declaration = tuple[str, tuple[Card, ...], int]


def _sorted_hand(mask: int) -> tuple[Card, ...]:
    """A hand as a player holds it: by suit, strongest first."""
    return tuple(_card(i) for i in sorted(iter_bits(mask), key=lambda i: (SUIT[i], -STRENGTH[i])))


@dataclass(frozen=True)
class TressetteView:
    """What one seat may know: its own hand, and everything played or declared in public.

    ``sides`` lists the seats of each side (side of seat s: ``s % 2`` in 4 players, ``s`` in 3);
    per-side tuples (``raw_points``, ``buongioco``, ``totals``, ``deals_won``) follow that order,
    per-seat ones (``hand_sizes``, ``declared``, ``shown``, ``scores``) follow seats.
    ``tricks`` holds every completed trick of this deal as (leader, ((seat, card), ...), winner,
    raw points of its cards); ``raw_points`` is what each side has captured so far (the last
    trick's point included once the deal is over).
    """

    game: str
    players: int
    seat: int
    side: int
    sides: tuple[tuple[int, ...], ...]
    deal_no: int
    dealer: int
    phase: str
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    leader: int
    trick_no: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int, int], ...]
    raw_points: tuple[int, ...]
    declared: tuple[bool, ...]
    declarations: tuple[tuple[int, tuple[Declaration, ...]], ...]
    shown: tuple[tuple[Card, ...], ...]
    buongioco: tuple[int, ...]
    totals: tuple[int, ...]
    deals_won: tuple[int, ...]
    scores: tuple[int, ...]
    last_deal_points: tuple[int, ...] | None
    target: int
    deals_to_win: int
    last_trick_whole: bool
    winners: tuple[int, ...]

    @property
    def led_suit(self) -> str | None:
        return self.trick[0][1].suit if self.trick else None

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the suits (indices 0-3, D C S B) it has shown it holds none of this deal.

        A player who does not follow the led suit has none left: the rules oblige him to follow
        when able.  Search seats use it to guess hands the seat could really face.
        """
        out: list[set[int]] = [set() for _ in range(self.players)]
        tricks = [t for _, t, _, _ in self.tricks]
        if self.trick:
            tricks.append(self.trick)
        for trick in tricks:
            led = trick[0][1].suit_index
            for seat, c in trick[1:]:
                if c.suit_index != led:
                    out[seat].add(led)
        return tuple(frozenset(v) for v in out)


class TressetteState(GameState):
    """A Tressette match: deals until a side has 31 points or 3 won deals."""

    def __init__(
        self,
        players: int,
        options: dict[str, Any],
        seed: int,
        deal: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(players, options, seed, deal)
        self._n = players
        self._nsides = 2 if players == 4 else players
        self._whole = bool(options["last_trick_whole"])
        self._rng = random.Random(seed)
        self._cards = deck_indices(players)
        self._totals = [0] * self._nsides
        self._deals_won = [0] * self._nsides
        self._winners: tuple[int, ...] = ()
        self._last_points: tuple[int, ...] | None = None
        self._deal_no = 0
        dealer = self._rng.randrange(self._n)
        if deal is not None:
            self._start_explicit(deal)
        else:
            self._start_deal(dealer)

    # -- sides ---------------------------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return seat % 2 if self._n == 4 else seat

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3)) if self._n == 4 else tuple((s,) for s in range(self._n))

    # -- dealing ---------------------------------------------------------------------------
    def _reset_deal(self, dealer: int) -> None:
        n = self._n
        self._deal_no += 1
        self._dealer = dealer
        self._hands = [0] * n
        self._won = [0] * n
        self._raw = [0] * self._nsides
        self._bg = [0] * self._nsides
        self._declared: list[tuple[tuple[str, int, int], ...] | None] = [None] * n
        self._shown = [0] * n
        self._leader = (dealer - 1) % n
        self._trick: list[tuple[int, int]] = []
        self._tricks: list[tuple[int, tuple[tuple[int, int], ...], int, int]] = []
        self._phase = "play"
        self._legal: list[Move] | None = None

    def _deal_order(self, dealer: int, count: int) -> list[int]:
        """Seats receiving each card: one at a time counter-clockwise from the dealer's right."""
        n = self._n
        return [(dealer - 1 - k) % n for k in range(count)]

    def _start_deal(self, dealer: int) -> None:
        self._reset_deal(dealer)
        cards = self._cards[:]
        self._rng.shuffle(cards)
        self._deal_cards(cards, self._deal_order(dealer, len(cards)))

    def _start_explicit(self, deal: dict[str, Any]) -> None:
        """The first deal from ``deal`` (dealer, hands, optional scores and deals_won)."""
        if not isinstance(deal, dict):
            raise RecordError("deal must be a dict with 'dealer' and 'hands'")
        unknown = set(deal) - {"dealer", "hands", "scores", "deals_won"}
        if unknown:
            raise RecordError(
                f"deal has unknown keys {sorted(unknown)}: use dealer, hands, scores, deals_won"
            )
        n, ns = self._n, self._nsides
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RecordError(f"deal dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        hands_text = deal.get("hands")
        if not isinstance(hands_text, list) or len(hands_text) != n:
            raise RecordError(f"deal hands must be a list of {n} hands, one per seat")
        try:
            hands = [[parse_card(t, ITALIAN).index for t in _split(h)] for h in hands_text]
        except ValueError as exc:
            raise RecordError(f"deal: {exc}") from None
        size = HAND_SIZE[n]
        for s, h in enumerate(hands):
            if len(h) != size:
                raise RecordError(f"deal hand of seat {s} has {len(h)} cards, not {size}")
        every = [c for h in hands for c in h]
        if sorted(every) != self._cards:
            extra = sorted(set(every) - set(self._cards)) or sorted(
                {c for c in every if every.count(c) > 1}
            )
            missing = sorted(set(self._cards) - set(every))
            note = " (the 4 of batons is removed in 3 players)" if FOUR_BATONS in extra else ""
            raise RecordError(
                f"deal must use each card of the {n}-player deck once: "
                f"wrong or repeated {_names(extra)}, missing {_names(missing)}{note}"
            )
        for key, target in (("scores", self._totals), ("deals_won", self._deals_won)):
            value = deal.get(key, [0] * ns)
            if (
                not isinstance(value, list)
                or len(value) != ns
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
            ):
                raise RecordError(
                    f"deal {key} must be a list of {ns} whole numbers >= 0, one per side"
                )
            target[:] = value
        if max(self._totals) >= TARGET or max(self._deals_won) >= DEALS_TO_WIN:
            raise RecordError(
                f"deal scores/deals_won describe a match already over "
                f"({TARGET} points or {DEALS_TO_WIN} deals)"
            )
        self._reset_deal(dealer)
        cards, order = [], []
        for k in range(size):
            for s in self._deal_order(dealer, n):
                cards.append(hands[s][k])
                order.append(s)
        self._deal_cards(cards, order)

    def _deal_cards(self, cards: list[int], order: list[int]) -> None:
        hands = self._hands
        for c, s in zip(cards, order, strict=True):
            hands[s] |= 1 << c
        self.events.append(
            Event(
                "dealt",
                self._dealer,
                tuple(_CARDS[c] for c in cards),
                {
                    "to": tuple(order),
                    "deal_no": self._deal_no,
                    "dealer": self._dealer,
                    "leader": self._leader,
                },
                tuple(frozenset((s,)) for s in order),
            )
        )

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
        n = view.players
        if view.phase != "play" or view.current_player is None:
            raise ValueError("only a position of the card play can be rebuilt from a view")
        others = [s for s in range(n) if s != view.seat]
        if sorted(hidden) != others:
            raise ValueError(f"hidden must give the hands of seats {others}, not {sorted(hidden)}")
        masks = [0] * n
        masks[view.seat] = _italian_mask(view.hand)
        every = 0
        count = 0
        for s in others:
            if len(hidden[s]) != view.hand_sizes[s]:
                raise ValueError(
                    f"seat {s} holds {view.hand_sizes[s]} cards, the guess gives {len(hidden[s])}"
                )
            masks[s] = _italian_mask(hidden[s])
            every |= masks[s]
            count += len(hidden[s])
        if every.bit_count() != count:
            raise ValueError("the guess names a card twice")
        played = _italian_mask(c for _, t, _, _ in view.tricks for _, c in t)
        played |= _italian_mask(c for _, c in view.trick)
        seen = masks[view.seat] | played
        if every & seen:
            raise ValueError(
                f"the guess names cards the view shows: {_names(list(iter_bits(every & seen)))}"
            )
        deck = sum(1 << i for i in deck_indices(n))
        if every | seen != deck:
            raise ValueError(
                f"the guess does not hold exactly the unseen cards of the {n}-player deck: "
                f"wrong {_names(list(iter_bits((every | seen) & ~deck)))}, "
                f"missing {_names(list(iter_bits(deck & ~(every | seen))))}"
            )
        voids = view.voids()
        for s in others:
            kept = _italian_mask(view.shown[s])
            if kept & ~masks[s]:
                raise ValueError(
                    f"seat {s} declared {_names(list(iter_bits(kept & ~masks[s])))} and has not "
                    "played them: they are in its hand"
                )
            for suit in voids[s]:
                if masks[s] & SUIT_MASK[suit]:
                    raise ValueError(
                        f"seat {s} failed to follow {ITALIAN.suit_names[suit]}: it holds none"
                    )
        new = object.__new__(cls)
        GameState.__init__(new, n, {"last_trick_whole": view.last_trick_whole}, seed, None)
        new._n = n
        new._nsides = 2 if n == 4 else n
        new._whole = view.last_trick_whole
        new._rng = random.Random(seed)
        new._cards = deck_indices(n)
        new._totals = list(view.totals)
        new._deals_won = list(view.deals_won)
        new._winners = ()
        new._last_points = view.last_deal_points
        new._deal_no = view.deal_no - 1
        new._reset_deal(view.dealer)
        new._hands = masks
        new._raw = list(view.raw_points)
        new._bg = list(view.buongioco)
        for s, combos in view.declarations:
            new._declared[s] = tuple((name, _italian_mask(cs), pts) for name, cs, pts in combos)
            new._shown[s] = _italian_mask(c for _, cs, _ in combos for c in cs)
        new._leader = view.leader
        new._trick = [(s, c.index) for s, c in view.trick]
        new._tricks = [
            (lead, tuple((s, c.index) for s, c in t), w, r) for lead, t, w, r in view.tricks
        ]
        for _, t, w, _ in new._tricks:
            for _, c in t:
                new._won[w] |= 1 << c
        return new

    # -- protocol --------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        if self._phase == "over":
            return None
        return (self._leader - len(self._trick)) % self._n

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def scores(self) -> list[int]:
        """Cumulative match points per seat (partners both list their side's total)."""
        return [self._totals[self.side_of(s)] for s in range(self._n)]

    @property
    def totals(self) -> tuple[int, ...]:
        """Cumulative match points per side."""
        return tuple(self._totals)

    @property
    def deals_won(self) -> tuple[int, ...]:
        return tuple(self._deals_won)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the side that won the match, once it is over."""
        return self._winners

    @property
    def trick_no(self) -> int:
        """The trick being played, counted from 1."""
        return len(self._tricks) + 1

    def _can_declare(self, seat: int) -> bool:
        return (
            len(self._tricks) < 2
            and self._declared[seat] is None
            and bool(buongioco_combos(self._hands[seat]))
        )

    def _legal_mask(self, seat: int) -> int:
        hand = self._hands[seat]
        if not self._trick:
            return hand
        follow = hand & SUIT_MASK[SUIT[self._trick[0][1]]]
        return follow or hand

    def legal_moves(self) -> list[Move]:
        legal = self._legal
        if legal is not None:
            return list(legal)
        legal = []
        if self._phase == "play":
            seat = (self._leader - len(self._trick)) % self._n
            if len(self._tricks) < 2 and self._can_declare(seat):
                legal.append(_DECLARE)
            m = self._legal_mask(seat)
            while m:
                low = m & -m
                legal.append(_PLAY[low.bit_length() - 1])
                m ^= low
        self._legal = legal
        return list(legal)

    def is_legal(self, move: Move) -> bool:
        if self._phase != "play":
            return False
        seat = (self._leader - len(self._trick)) % self._n
        if move.kind == "play":
            c = move.cards[0]
            return c >= 64 and bool(self._legal_mask(seat) >> (c & 63) & 1)
        if move.kind == "declare":
            return self._can_declare(seat)
        return False

    def _parse_other(self, key: str) -> Move | None:
        if key in ("BUONGIOCO", "DECLARE", "BUON GIOCO"):
            return _DECLARE
        try:
            return _PLAY[parse_card(key, ITALIAN).index]
        except ValueError:
            return None

    def why_illegal(self, move: Move) -> str:
        seat = (self._leader - len(self._trick)) % self._n
        who = f"seat {seat}"
        if move.kind == "declare":
            if self._declared[seat] is not None:
                return f"{who} has already declared Buongioco in this deal"
            if len(self._tricks) >= 2:
                return (
                    f"Buongioco may be declared only in trick 1 or 2, before playing; "
                    f"this is trick {len(self._tricks) + 1}"
                )
            return (
                f"{who} holds no Buongioco combination: three or four aces, 2s or 3s, "
                "or a Napoli (1, 2 and 3 of one suit)"
            )
        if move.kind != "play":
            return f"{who} must play a card or declare 'buongioco', not {move.kind!r}"
        c = move.cards[0]
        if c < 64 or not self._hands[seat] >> (c & 63) & 1:
            if c >= 64 and (c & 63) == FOUR_BATONS and self._n == 3:
                return f"{who} does not hold 4B: the 4 of batons is removed in 3 players"
            return f"{who} does not hold {c}"
        led = SUIT[self._trick[0][1]]
        held = " ".join(str(x) for x in _sorted_hand(self._hands[seat] & SUIT_MASK[led]))
        return (
            f"you must follow {ITALIAN.suit_names[led]}: {c} is not {ITALIAN.suit_names[led]} "
            f"and you hold {held}"
        )

    def _apply(self, move: Move) -> None:
        self._legal = None
        seat = (self._leader - len(self._trick)) % self._n
        if move.kind == "declare":
            self._declare(seat)
        else:
            self._play_card(seat, move.cards[0] & 63)

    def _declare(self, seat: int) -> None:
        combos = buongioco_combos(self._hands[seat])
        self._declared[seat] = combos
        shown = 0
        points = 0
        for _, mask, pts in combos:
            shown |= mask
            points += pts
        self._shown[seat] = shown
        self._bg[self.side_of(seat)] += points
        self.events.append(
            Event(
                "declared",
                seat,
                tuple(cards_of(shown, ITALIAN)),
                {
                    "combos": tuple(
                        (name, tuple(cards_of(mask, ITALIAN)), pts) for name, mask, pts in combos
                    ),
                    "points": points,
                    "side": self.side_of(seat),
                    "trick_no": len(self._tricks) + 1,
                },
            )
        )

    def _play_card(self, seat: int, c: int) -> None:
        self._hands[seat] &= ~(1 << c)
        self._trick.append((seat, c))
        self.events.append(Event("played", seat, (_CARDS[c],), {"trick_no": len(self._tricks) + 1}))
        if len(self._trick) == self._n:
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
        side = self.side_of(winner)
        self._won[winner] |= mask
        self._raw[side] += raw
        done = tuple(trick)
        self._tricks.append((self._leader, done, winner, raw))
        self._trick = []
        self._leader = winner
        last = not self._hands[winner]
        self.events.append(
            Event(
                "trick",
                winner,
                tuple(_CARDS[c] for _, c in done),
                {
                    "seats": tuple(s for s, _ in done),
                    "winning_card": _card(best),
                    "raw": raw,
                    "side": side,
                    "trick_no": len(self._tricks),
                    "last": last,
                },
            )
        )
        if last:
            self._score_deal(winner)

    def _score_deal(self, last_winner: int) -> None:
        ns = self._nsides
        bonus = 3 if self._whole else 1
        self._raw[self.side_of(last_winner)] += bonus
        raw = tuple(self._raw)
        rounded = tuple(deal_points(r, self._whole) for r in raw)
        bg = tuple(self._bg)
        points = tuple(rounded[i] + bg[i] for i in range(ns))
        top = max(points)
        best = [i for i in range(ns) if points[i] == top]
        deal_winner = best[0] if len(best) == 1 else None
        for i in range(ns):
            self._totals[i] += points[i]
        if deal_winner is not None:
            self._deals_won[deal_winner] += 1
        self._last_points = points
        sides = self.sides
        self.events.append(
            Event(
                "deal_scored",
                None,
                (),
                {
                    "deal_no": self._deal_no,
                    "sides": sides,
                    "raw": raw,
                    "last_trick": last_winner,
                    "last_trick_raw": bonus,
                    "rounded": rounded,
                    "buongioco": bg,
                    "points": points,
                    "winner_side": deal_winner,
                    "winner_seats": sides[deal_winner] if deal_winner is not None else (),
                    "awards": tuple(points[self.side_of(s)] for s in range(self._n)),
                    "totals": tuple(self._totals),
                    "deals_won": tuple(self._deals_won),
                    "scores": tuple(self.scores),
                },
            )
        )
        champion = self._match_winner()
        if champion is not None:
            self._winners = sides[champion]
            self._phase = "over"
            self._legal = None
            self.events.append(
                Event("match_over", None, (), {"winners": self._winners, "side": champion})
            )
            return
        self._start_deal((self._dealer - 1) % self._n)

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
        if not q:
            return None
        key = {i: (self._totals[i], self._deals_won[i]) for i in q}
        top = max(key.values())
        best = [i for i in q if key[i] == top]
        return best[0] if len(best) == 1 else None

    # -- views, copies, equality -----------------------------------------------------------
    def view(self, seat: int) -> TressetteView:
        n = self._n
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat!r}")
        declarations = tuple(
            (s, tuple((name, tuple(cards_of(m, ITALIAN)), p) for name, m, p in combos))
            for s, combos in enumerate(self._declared)
            if combos is not None
        )
        return TressetteView(
            game="tressette",
            players=n,
            seat=seat,
            side=self.side_of(seat),
            sides=self.sides,
            deal_no=self._deal_no,
            dealer=self._dealer,
            phase=self._phase,
            current_player=self.current_player,
            hand=_sorted_hand(self._hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            leader=self._leader,
            trick_no=len(self._tricks) + 1,
            trick=tuple((s, _card(c)) for s, c in self._trick),
            tricks=tuple(
                (lead, tuple((s, _card(c)) for s, c in t), w, r) for lead, t, w, r in self._tricks
            ),
            raw_points=tuple(self._raw),
            declared=tuple(d is not None for d in self._declared),
            declarations=declarations,
            shown=tuple(_sorted_hand(self._shown[s] & self._hands[s]) for s in range(n)),
            buongioco=tuple(self._bg),
            totals=tuple(self._totals),
            deals_won=tuple(self._deals_won),
            scores=tuple(self.scores),
            last_deal_points=self._last_points,
            target=TARGET,
            deals_to_win=DEALS_TO_WIN,
            last_trick_whole=self._whole,
            winners=self._winners,
        )

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The true hand of ``seat``: for tests and tools, never for AI seats."""
        return _sorted_hand(self._hands[seat])

    def won_cards(self, seat: int) -> tuple[Card, ...]:
        """Cards ``seat`` has taken in tricks this deal (public: every trick is seen)."""
        return tuple(cards_of(self._won[seat], ITALIAN))

    def clone(self) -> TressetteState:
        new = object.__new__(TressetteState)
        new.__dict__.update(self.__dict__)
        new.options = dict(self.options)
        new._history = self._history[:]
        new.events = self.events[:]
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        for name in (
            "_totals",
            "_deals_won",
            "_hands",
            "_won",
            "_raw",
            "_bg",
            "_declared",
            "_shown",
            "_trick",
            "_tricks",
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
            tuple(self._raw),
            tuple(self._bg),
            tuple(self._declared),
            tuple(self._shown),
            tuple(self._totals),
            tuple(self._deals_won),
            self._last_points,
            self._winners,
            self._leader,
            tuple(self._trick),
            tuple(self._tricks),
            self._rng.getstate(),
            tuple(self._history),
            len(self.events),
        )


def _split(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    raise RecordError(f"cards must be a list or a text like '3D RB', not {value!r}")


def _italian_mask(cards: Iterable[Card]) -> int:
    """The bitmask of Italian ``cards``; a ValueError for anything that is not one."""
    m = 0
    for c in cards:
        if not isinstance(c, Card) or c.deck is not ITALIAN:
            raise ValueError(f"{c!r} is not a card of the Italian deck")
        m |= 1 << c.index
    return m


def _names(idx: list[int]) -> str:
    return " ".join(str(_card(i)) for i in idx) or "none"


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
    deals=lambda players: tuple(_card(i) for i in deck_indices(players)),
    summary="Trick-taking without trumps for 3, or 4 in two sides: 3 2 1 rule the suit; "
    "declare Buongioco; first side to 31 points or 3 deals.",
)


TressetteState.info = INFO


def make(
    players: int, seed: int, deal: dict[str, Any] | None, options: dict[str, Any]
) -> TressetteState:
    return TressetteState(players, options, seed, deal)
