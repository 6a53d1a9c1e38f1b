"""Cattura for 2 to 4 players, as RULES.md reads the seed.

One match is one deal (the seed scores a single game and says nothing of several; RULES.md
neither).  Seats are numbered clockwise and play goes clockwise: seat ``s + 1`` is next, the
first player sits left of the dealer.  DECISION: the first dealer is drawn from the seed.

The table: each hand is a bitmask of French card indices, each player's captured cards too
(they lie face up, so they are public), the battlefield is a list bottom to top (every card of
it was laid face up, so the whole stack is public knowledge and the view shows it), and the draw
deck is a shared tuple read through a pointer (a clone costs nothing for it; a view shows only
its count).

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
capture count nor the hands: two players could swap back and forth for ever.  The rules set no
limit, and neither does the engine; the rule-based seat only swaps when the swap raises its own
score, which can happen finitely often.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import Event, GameInfo, GameState, Move, RecordError
from .cards import FRENCH, Card, CardError, parse_card
from .cattura_cards import (
    CARDS,
    DECK_MASK,
    VALUE,
    VALUE_MASK,
    card,
    score_breakdown,
    score_mask,
)
from .dealspec import check_guess

__all__ = ["HAND_SIZE", "INFO", "WIN_CAPTURES", "CatturaState", "CatturaView", "make"]

HAND_SIZE = 5
WIN_CAPTURES = 4

_SEND = [Move("send", (card(i),), f"send {card(i)}") for i in range(52)]
_PASS = Move("pass", (), "pass")
_NONE = 63
_TAKES: dict[int, Move] = {}


def _take(t: int, a: int, ca: int, b: int = _NONE, cb: int = 0) -> Move:
    """The capture of ``t`` putting ``a`` then ``b`` (on top) onto the battlefield.

    ``ca``/``cb`` are 1 when the card comes from the player's own captured cards.  Each move is
    built once and kept, so legal-move lists allocate nothing after the first few games.
    """
    key = t | a << 6 | ca << 12 | b << 13 | cb << 19
    m = _TAKES.get(key)
    if m is None:
        used = [(a, ca)] if b == _NONE else [(a, ca), (b, cb)]
        text = f"take {card(t)} with " + " ".join(f"{card(x)}{'*' if c else ''}" for x, c in used)
        src = "".join("c" if c else "h" for _, c in used)
        m = Move("take", (card(t), *(card(x) for x, _ in used)), text, src)
        _TAKES[key] = m
    return m


def _sorted(mask: int) -> tuple[Card, ...]:
    """Cards of a mask by value then suit, the way a player fans them."""
    out = []
    for v in range(1, 9):
        m = mask & VALUE_MASK[v]
        while m:
            low = m & -m
            out.append(card(low.bit_length() - 1))
            m ^= low
    return tuple(out)


@dataclass(frozen=True)
class CatturaView:
    """What one seat may know.

    Public: every player's captured cards (face up), the whole battlefield stack (bottom to top;
    every card of it was laid face up), the draw deck's size, hand sizes, the live scores and the
    final-round state.  Private: only ``hand``, the seat's own cards.  The draw deck's order and
    other hands never appear.
    """

    game: str
    players: int
    seat: int
    dealer: int
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    battlefield: tuple[Card, ...]
    deck_count: int
    final_by: int | None
    final_turns: tuple[int, ...]
    scores: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...]
    end_reason: str | None

    @property
    def top(self) -> Card:
        """The card on top of the battlefield: the one a capture takes."""
        return self.battlefield[-1]


class CatturaState(GameState):
    """A Cattura match: a single deal."""

    def __init__(
        self,
        players: int,
        options: dict[str, Any],
        seed: int,
        deal: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(players, options, seed, deal)
        self._hands = [0] * players
        self._caps = [0] * players
        self._field: list[int] = []
        self._deck: tuple[int, ...] = ()
        self._dp = 0
        self._final_by = -1
        self._final_left = 0
        self._over = False
        self._end_reason: str | None = None
        self._winners: tuple[int, ...] = ()
        self._legal: list[Move] | None = None
        if deal is None:
            self._deal_random(random.Random(seed))
        else:
            self._deal_explicit(deal)

    # -- dealing -------------------------------------------------------------------------------
    def _deal_random(self, rng: random.Random) -> None:
        n = self.players
        self._dealer = rng.randrange(n)
        cards = list(CARDS)
        rng.shuffle(cards)
        self._deal_cards(cards[: HAND_SIZE * n], cards[HAND_SIZE * n], cards[HAND_SIZE * n + 1 :])

    def _deal_cards(self, dealt: list[int], first: int, deck: list[int]) -> None:
        """Deal ``dealt`` one at a time clockwise from the dealer's left, then turn ``first``."""
        n = self.players
        order = tuple((self._dealer + 1 + k) % n for k in range(len(dealt)))
        for c, s in zip(dealt, order, strict=True):
            self._hands[s] |= 1 << c
        self._deck = tuple(deck)
        self._dp = 0
        self._field = [first]
        self._turn = (self._dealer + 1) % n
        self.events.append(
            Event(
                "dealt",
                self._dealer,
                tuple(card(c) for c in dealt),
                {"to": order, "deal_no": 1, "deck": len(deck)},
                tuple(frozenset((s,)) for s in order),
            )
        )
        self.events.append(Event("turned", None, (card(first),), {"deck": len(deck)}))

    def _deal_explicit(self, deal: dict[str, Any]) -> None:
        """Set up from an explicit deal.

        A fresh deal: ``dealer``, ``hands`` (5 card texts per seat), ``battlefield`` (the one
        turned card) and ``deck`` (top first).  A position in mid-deal adds any of ``captured``
        (per seat, at most 3 each), ``turn`` (the seat to play; default left of the dealer) and
        ``final_turns`` (how many last turns remain after an empty hand; ``final_by`` the seat
        that emptied it), and then allows hands of 0 to 5 cards and a taller battlefield.
        """
        if not isinstance(deal, dict):
            raise RecordError("deal must be a dict with 'dealer', 'hands', 'battlefield', 'deck'")
        known = {"dealer", "hands", "battlefield", "deck", "captured", "turn", "final_turns"}
        known |= {"final_by"}
        unknown = set(deal) - known
        if unknown:
            raise RecordError(
                f"deal has unknown keys {sorted(unknown)}: use {', '.join(sorted(known))}"
            )
        n = self.players
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RecordError(f"deal dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        self._dealer = dealer
        position = bool({"captured", "turn", "final_turns", "final_by"} & set(deal))
        hands = _card_lists(deal.get("hands"), n, "hands")
        caps = _card_lists(deal.get("captured", [[] for _ in range(n)]), n, "captured")
        field = _cards(deal.get("battlefield"), "battlefield")
        deck = _cards(deal.get("deck", []), "deck")
        for s, h in enumerate(hands):
            if position and len(h) > HAND_SIZE:
                raise RecordError(f"deal hand of seat {s} has {len(h)} cards, at most {HAND_SIZE}")
            if not position and len(h) != HAND_SIZE:
                raise RecordError(f"deal hand of seat {s} has {len(h)} cards, not {HAND_SIZE}")
        for s, c in enumerate(caps):
            if len(c) >= WIN_CAPTURES:
                raise RecordError(
                    f"deal captured cards of seat {s}: {len(c)} would already have ended the "
                    f"match; at most {WIN_CAPTURES - 1}"
                )
        if not field or (not position and len(field) != 1):
            raise RecordError(
                "deal battlefield must hold the one turned card"
                if not position
                else "deal battlefield must hold at least one card"
            )
        turn = deal.get("turn", (dealer + 1) % n)
        if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < n:
            raise RecordError(f"deal turn must be a seat from 0 to {n - 1}, not {turn!r}")
        final_left = deal.get("final_turns", 0)
        if (
            isinstance(final_left, bool)
            or not isinstance(final_left, int)
            or not 0 <= final_left < n
        ):
            raise RecordError(f"deal final_turns must be from 0 to {n - 1}, not {final_left!r}")
        final_by = deal.get("final_by", (turn - (n - final_left)) % n if final_left else -1)
        if final_left and (
            isinstance(final_by, bool) or not isinstance(final_by, int) or not 0 <= final_by < n
        ):
            raise RecordError(f"deal final_by must be a seat from 0 to {n - 1}, not {final_by!r}")
        every = [c for h in hands for c in h] + [c for p in caps for c in p] + field + deck
        if sorted(every) != sorted(CARDS):
            extra = sorted({c for c in every if every.count(c) > 1 or not DECK_MASK >> c & 1})
            missing = sorted(set(CARDS) - set(every))
            raise RecordError(
                "deal must use each card A to 8 of the four suits once (32 cards): "
                f"wrong or repeated {_names(extra)}, missing {_names(missing)}"
            )
        if not position:
            self._deal_cards(
                [hands[(dealer + 1 + j) % n][k] for k in range(HAND_SIZE) for j in range(n)],
                field[0],
                deck,
            )
            return
        for s in range(n):
            self._hands[s] = _mask(hands[s])
            self._caps[s] = _mask(caps[s])
        self._field = field
        self._deck = tuple(deck)
        self._turn = turn
        self._final_left = final_left
        self._final_by = final_by if final_left else -1
        order = tuple(s for s in range(n) for _ in hands[s])
        self.events.append(
            Event(
                "dealt",
                dealer,
                tuple(card(c) for h in hands for c in h),
                {"to": order, "deal_no": 1, "deck": len(deck), "position": True},
                tuple(frozenset((s,)) for s in order),
            )
        )
        self.events.append(
            Event(
                "position",
                None,
                tuple(card(c) for c in field),
                {
                    "captured": tuple(tuple(card(c) for c in p) for p in caps),
                    "deck": len(deck),
                    "turn": turn,
                    "final_turns": final_left,
                },
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
            view.seat,
            view.hand_sizes,
            hidden,
            deck,
            view.deck_count,
            [*view.hand, *view.battlefield, *(c for p in view.captured for c in p)],
            _card_mask,
            DECK_MASK,
            lambda m: _names(_idx(m)),
        )
        new = object.__new__(cls)
        GameState.__init__(new, n, {}, seed, None)
        new._dealer = view.dealer
        new._hands = [_card_mask(view.hand if s == view.seat else hidden[s]) for s in range(n)]
        new._caps = [_card_mask(p) for p in view.captured]
        new._field = [c.index for c in view.battlefield]
        new._deck = tuple(c.index for c in deck)
        new._dp = 0
        new._turn = view.current_player
        new._final_left = len(view.final_turns)
        new._final_by = -1 if view.final_by is None else view.final_by
        new._over = False
        new._end_reason = None
        new._winners = ()
        new._legal = None
        return new

    # -- protocol ------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._turn

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def scores(self) -> list[int]:
        """The live score of each player's captured cards (the match is one deal)."""
        return [score_mask(m) for m in self._caps]

    @property
    def winners(self) -> tuple[int, ...]:
        """Every player with the best score once the match is over (a tie is a shared win)."""
        return self._winners

    @property
    def end_reason(self) -> str | None:
        """``"four captured"`` or ``"final round"`` once over."""
        return self._end_reason

    @property
    def top(self) -> Card:
        return card(self._field[-1])

    def legal_moves(self) -> list[Move]:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self._over else self._moves()
        return list(legal)

    def _moves(self) -> list[Move]:
        seat = self._turn
        hand = self._hands[seat]
        caps = self._caps[seat]
        t = self._field[-1]
        v = VALUE[t]
        out = []
        m = hand & ~VALUE_MASK[v]
        while m:
            low = m & -m
            out.append(_SEND[low.bit_length() - 1])
            m ^= low
        for pile, src in ((hand, 0), (caps, 1)):
            m = pile & VALUE_MASK[v]
            while m:
                low = m & -m
                out.append(_take(t, low.bit_length() - 1, src))
                m ^= low
        m = hand
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            a = VALUE[i]
            if a >= v:
                continue
            b = v - a
            if a <= b:  # two hand cards: the larger on top; equal values give both orders
                h = hand & VALUE_MASK[b] & ~low
                while h:
                    hb = h & -h
                    out.append(_take(t, i, 0, hb.bit_length() - 1, 0))
                    h ^= hb
            c = caps & VALUE_MASK[b]
            while c:
                cb = c & -c
                c ^= cb
                j = cb.bit_length() - 1
                if a <= b:
                    out.append(_take(t, i, 0, j, 1))
                if a >= b:
                    out.append(_take(t, j, 1, i, 0))
        if not out:
            out.append(_PASS)
        return out

    def is_legal(self, move: Move) -> bool:
        if self._over:
            return False
        legal = self._legal
        if legal is None:
            legal = self._legal = self._moves()
        return move in legal

    def _parse_other(self, key: str) -> Move | None:
        """Understand move text that is not a legal move now, so the refusal says why.

        A capture typed without the ``*`` marks is resolved to the legal move it can only mean.
        """
        if key == "PASS":
            return _PASS
        words = key.split()
        try:
            if words[0] == "SEND" and len(words) == 2:
                c = parse_card(words[1], FRENCH)
                return Move("send", (c,), f"send {c}")
            if words[0] == "TAKE" and len(words) >= 4 and words[2] == "WITH":
                t = parse_card(words[1], FRENCH)
                used = []
                for w in words[3:]:
                    star = w.endswith("*")
                    used.append((parse_card(w.rstrip("*"), FRENCH), star))
                if not any(star for _, star in used) and not self._over:
                    caps = self._caps[self._turn]
                    marked = [(c, bool(caps >> c.index & 1)) for c, _ in used]
                    text = f"take {t} with " + " ".join(f"{c}{'*' if s else ''}" for c, s in marked)
                    for mv in self.legal_moves():
                        if mv.text == text:
                            return mv
                text = f"take {t} with " + " ".join(f"{c}{'*' if s else ''}" for c, s in used)
                return Move(
                    "take",
                    (t, *(c for c, _ in used)),
                    text,
                    "".join("c" if s else "h" for _, s in used),
                )
        except (CardError, IndexError):
            return None
        return None

    def why_illegal(self, move: Move) -> str:
        seat = self._turn
        who = f"seat {seat}"
        hand = self._hands[seat]
        caps = self._caps[seat]
        t = self._field[-1]
        v = VALUE[t]
        top = f"the top of the battlefield is {card(t)} (value {v})"
        for c in move.cards:
            if c >= 64 or not DECK_MASK >> c.index & 1:
                return f"{c} is not a Cattura card: the deck holds A to 8 of each suit"
        if move.kind == "pass":
            return (
                f"{who} may not pass: passing is only for an empty hand with no capture; "
                f"moves now look like {', '.join(m.text for m in self.legal_moves()[:3])}"
            )
        if move.kind == "send":
            c = move.cards[0]
            if not hand:
                return f"{who} has no cards in hand: it can only swap a captured card or pass"
            if not hand >> c.index & 1:
                return f"{who} does not hold {c}"
            return f"{c} has the value of the top card: send another card, or capture with it"
        if move.kind != "take":
            return f"{who} must send a card, capture the top card, or pass"
        target, *used = move.cards
        if len(used) > 2:
            return "capture with one or two cards, never three or more"
        if target.index != t:
            return f"only the top card can be captured: {top}, not {target}"
        srcs = move.arg or ""
        for c, s in zip(used, srcs, strict=False):
            if s == "c" and not caps >> c.index & 1:
                return f"{c}* is not among {who}'s own captured cards"
            if s == "h" and not hand >> c.index & 1:
                if caps >> c.index & 1:
                    return f"{c} is one of {who}'s captured cards: mark it {c}*"
                return f"{who} does not hold {c} (only your own hand and captures may be used)"
        if len(used) == 2 and used[0] == used[1]:
            return f"{used[0]} cannot be used twice"
        if srcs == "cc":
            return "never two captured cards: capture with at most one of your captured cards"
        total = sum(VALUE[c.index] for c in used)
        if total != v:
            shown = " + ".join(str(c) for c in used)
            return f"{shown} makes {total}, but {top}: the cards used must make exactly {v}"
        a, b = used
        return (
            f"the larger card goes on top: write it last, "
            f"'take {target} with {b}{'*' if srcs[1] == 'c' else ''} "
            f"{a}{'*' if srcs[0] == 'c' else ''}'"
            if VALUE[a.index] > VALUE[b.index]
            else "that capture is not allowed now"
        )

    def _apply(self, move: Move) -> None:
        self._legal = None
        seat = self._turn
        kind = move.kind
        if kind == "send":
            i = move.cards[0].index
            self._hands[seat] &= ~(1 << i)
            onto = self._field[-1]
            self._field.append(i)
            self.events.append(Event("sent", seat, (move.cards[0],), {"onto": card(onto)}))
            if self._dp < len(self._deck):
                d = self._deck[self._dp]
                self._dp += 1
                self._hands[seat] |= 1 << d
                self.events.append(
                    Event(
                        "drew",
                        seat,
                        (card(d),),
                        {"deck": len(self._deck) - self._dp},
                        (frozenset((seat,)),),
                    )
                )
        elif kind == "take":
            target, *used = move.cards
            t = self._field.pop()
            self._caps[seat] |= 1 << t
            for c, src in zip(used, move.arg or "", strict=True):
                if src == "c":
                    self._caps[seat] &= ~(1 << c.index)
                else:
                    self._hands[seat] &= ~(1 << c.index)
                self._field.append(c.index)
            self.events.append(
                Event(
                    "captured",
                    seat,
                    tuple(move.cards),
                    {
                        "target": target,
                        "used": tuple(used),
                        "from": tuple("captured" if s == "c" else "hand" for s in move.arg or ""),
                        "captured": self._caps[seat].bit_count(),
                        "score": score_mask(self._caps[seat]),
                    },
                )
            )
        else:
            self.events.append(Event("passed", seat))
        n = self.players
        if self._caps[seat].bit_count() >= WIN_CAPTURES:
            self._finish("four captured", seat)
            return
        if self._final_left:
            self._final_left -= 1
            if not self._final_left:
                self._finish("final round", seat)
                return
        elif not self._hands[seat]:
            self._final_by = seat
            self._final_left = n - 1
            self.events.append(
                Event(
                    "final_round",
                    seat,
                    (),
                    {"turns": n - 1, "seats": tuple((seat + k) % n for k in range(1, n))},
                )
            )
        self._turn = (seat + 1) % n

    def _finish(self, reason: str, seat: int) -> None:
        self._over = True
        self._end_reason = reason
        scores = self.scores
        best = max(scores)
        self._winners = tuple(s for s, p in enumerate(scores) if p == best)
        self.events.append(
            Event(
                "deal_scored",
                seat,
                (),
                {
                    "deal_no": 1,
                    "reason": reason,
                    "captured": tuple(_sorted(m) for m in self._caps),
                    "breakdown": tuple(score_breakdown(m) for m in self._caps),
                    "scores": tuple(scores),
                    "winners": self._winners,
                },
            )
        )
        self.events.append(
            Event(
                "match_over",
                self._winners[0] if len(self._winners) == 1 else None,
                (),
                {"winners": self._winners, "reason": reason},
            )
        )

    # -- views, copies, equality ---------------------------------------------------------------
    def final_turns(self) -> tuple[int, ...]:
        """The seats that still have their last turn to take, in order (empty before and after)."""
        if self._over or not self._final_left:
            return ()
        return tuple((self._turn + k) % self.players for k in range(self._final_left))

    def view(self, seat: int) -> CatturaView:
        n = self.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat!r}")
        return CatturaView(
            game="cattura",
            players=n,
            seat=seat,
            dealer=self._dealer,
            current_player=self.current_player,
            hand=_sorted(self._hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            captured=tuple(_sorted(m) for m in self._caps),
            battlefield=tuple(card(c) for c in self._field),
            deck_count=len(self._deck) - self._dp,
            final_by=self._final_by if self._final_by >= 0 else None,
            final_turns=self.final_turns(),
            scores=tuple(self.scores),
            is_over=self._over,
            winners=self._winners,
            end_reason=self._end_reason,
        )

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The true hand of ``seat``: for tests and tools, never for AI seats."""
        return _sorted(self._hands[seat])

    def captured(self, seat: int) -> tuple[Card, ...]:
        return _sorted(self._caps[seat])

    def battlefield(self) -> tuple[Card, ...]:
        """The battlefield stack, bottom to top."""
        return tuple(card(c) for c in self._field)

    def deck_cards(self) -> tuple[Card, ...]:
        """The draw deck, top first: for tests and tools, never for AI seats."""
        return tuple(card(c) for c in self._deck[self._dp :])

    def clone(self) -> CatturaState:
        new = object.__new__(CatturaState)
        new.__dict__.update(self.__dict__)
        new.options = dict(self.options)
        new._history = self._history[:]
        new.events = self.events[:]
        new._hands = self._hands[:]
        new._caps = self._caps[:]
        new._field = self._field[:]
        new._legal = None
        return new

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.players,
            tuple(sorted(self.options.items())),
            self._dealer,
            self._turn,
            tuple(self._hands),
            tuple(self._caps),
            tuple(self._field),
            self._deck[self._dp :],
            self._final_by,
            self._final_left,
            self._over,
            self._end_reason,
            self._winners,
            tuple(self._history),
            len(self.events),
        )


def _cards(value: Any, what: str) -> list[int]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list | tuple):
        raise RecordError(f"deal {what} must be a list of card texts like ['AH', '7S']")
    out = []
    for v in value:
        try:
            c = parse_card(str(v), FRENCH)
        except CardError as exc:
            raise RecordError(f"deal {what}: {exc}") from None
        if not DECK_MASK >> c.index & 1:
            raise RecordError(f"deal {what}: {c} is not a Cattura card (A to 8 only)")
        out.append(c.index)
    return out


def _card_lists(value: Any, n: int, what: str) -> list[list[int]]:
    if not isinstance(value, list | tuple) or len(value) != n:
        raise RecordError(f"deal {what} must be a list of {n} card lists, one per seat")
    return [_cards(v, f"{what} of seat {s}") for s, v in enumerate(value)]


def _mask(idx: list[int]) -> int:
    m = 0
    for i in idx:
        m |= 1 << i
    return m


def _card_mask(cards: Iterable[Card]) -> int:
    """The bitmask of Cattura ``cards``; a ValueError for anything that is not one."""
    m = 0
    for c in cards:
        if not isinstance(c, Card) or c >= 64 or not DECK_MASK >> c & 1:
            raise ValueError(f"{c!r} is not a Cattura card (A to 8 of the French deck)")
        m |= 1 << c
    return m


def _idx(mask: int) -> list[int]:
    return [i for i in CARDS if mask >> i & 1]


def _names(idx: list[int]) -> str:
    return " ".join(str(card(i)) for i in idx) or "none"


INFO = GameInfo(
    name="cattura",
    title="Cattura",
    deck=FRENCH,
    players=(2, 3, 4),
    retired=("deck",),
    deals=lambda players: tuple(card(i) for i in CARDS),
    summary="Capture the battlefield's top card with equal sums; 4 captures end it.",
)
CatturaState.info = INFO


def make(
    players: int, seed: int, deal: dict[str, Any] | None, options: dict[str, Any]
) -> CatturaState:
    return CatturaState(players, options, seed, deal)
