"""What the trick games' rules share (Capodama, Tressette, Briscola), so each game's modules
hold only what is its own.

- :class:`TrickState`, the three games' state base: a deal counter and dealer, the true hand in
  the game's order.
- :class:`SidesTrickState`, the base of the Italian-card trick games played in fixed sides
  (Tressette, Briscola): counter-clockwise play and dealing (the player after seat ``s`` is
  ``s - 1``), the trick being played and the completed ones, the deals won, the match's end,
  the fields every such view carries (:class:`TrickView`) and the helpers that fill them, and
  the rebuilding of a position's tricks from a view.
- Their tables: the sides (partners sit opposite in 4 players, else each alone), the deck of a
  player count (40 cards, one left out in 3 players), a hand's order (by suit, strongest first
  by a game's table).
- The payload bases of their events (:class:`TrickDealt`, :class:`TrickPlayed`,
  :class:`SideTrick`): each game subclasses them under its own class names (an event's kind is
  its class's name in records, saves and the online protocol).

What differs stays in the games: who wins a trick, the card points, which cards may be played,
the scoring and what else a view says.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, TypeVar

from . import base
from .base import (
    BaseView,
    Event,
    GameState,
    IllegalMove,
    MatchOver,
    Move,
    MovesByMask,
    ViewT_co,
    make_event,
    make_view,
)
from .cards import ITALIAN, Card, cards_of, parse_card
from .dealspec import deal_into, deal_order

__all__ = [
    "PLAY",
    "PLAYS",
    "SIDES",
    "SOLO",
    "SUIT",
    "SUIT_MASK",
    "ShownTrick",
    "SideTrick",
    "SidesTrickState",
    "TrickDealt",
    "TrickPlayed",
    "TrickState",
    "TrickView",
    "deck_indices",
    "deck_mask",
    "side_of",
    "sides_of",
    "suit_then_strength",
]

_CARDS: tuple[Card, ...] = ITALIAN.cards
#: The suit (0-3, D C S B) of each Italian card index, and the mask of each suit's cards.
SUIT = [i // 10 for i in range(40)]
SUIT_MASK = [((1 << 10) - 1) << (10 * s) for s in range(4)]
#: Each card's play, one move object for every state (the engine hands legal moves out again
#: and again), the plays of a mask of playable cards (each tuple made once), and each card
#: alone, as a "played" event's cards.
PLAY = [Move("play", (c,), str(c)) for c in _CARDS]
PLAYS = MovesByMask(PLAY, SUIT_MASK)
SOLO: tuple[tuple[Card, ...], ...] = tuple((c,) for c in _CARDS)

#: One completed trick as views show it: leader, (seat, card) in play order, winner, points.
ShownTrick = tuple[int, tuple[tuple[int, Card], ...], int, int]
#: The same as a state keeps it, cards as indices.
KeptTrick = tuple[int, tuple[tuple[int, int], ...], int, int]


# -- the tables ---------------------------------------------------------------------------------
def side_of(seat: int, players: int) -> int:
    """The side a seat plays for: partners sit opposite in 4 players (seat % 2), else alone."""
    return seat % 2 if players == 4 else seat


def sides_of(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side, by side: ((0, 2), (1, 3)) in 4 players, one seat each else."""
    count = 2 if players == 4 else players
    return tuple(tuple(s for s in range(players) if side_of(s, players) == k) for k in range(count))


#: The sides of each player count (a view asks at every move of a search's rollouts).
SIDES = {n: sides_of(n) for n in (2, 3, 4)}


def deck_indices(players: int, left_out: int) -> list[int]:
    """The Italian card indices a match of ``players`` deals: 40, or 39 without ``left_out``
    in 3 players (a new list: the deal shuffles it in place)."""
    return [i for i in range(40) if not (players == 3 and i == left_out)]


def deck_mask(players: int, left_out: int) -> int:
    """The ``players``-player deck as a mask of card indices (see :func:`deck_indices`)."""
    full = (1 << 40) - 1
    return full & ~(1 << left_out) if players == 3 else full


def suit_then_strength(strength: Sequence[int]) -> Callable[[Card | int], tuple[int, int]]:
    """How a hand of Italian cards is held: by suit, then strongest first by ``strength`` (per
    card index).  The key takes a card index, or a :class:`Card` (whose index it reads)."""

    def order(card: Card | int) -> tuple[int, int]:
        i = int(card) & 63
        return SUIT[i], -strength[i]

    return order


# -- the events ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TrickDealt(base.Dealt):
    """A deal was dealt counter-clockwise by ``dealer``: the event's cards go one by one to the
    seats in ``to``; ``leader`` leads the first trick."""

    dealer: int
    leader: int


@dataclass(frozen=True, slots=True)
class TrickPlayed(base.Played):
    """The event's seat played the event's card into trick ``trick_no``."""

    trick_no: int


@dataclass(frozen=True, slots=True)
class SideTrick(base.Trick):
    """The event's seat won a trick for its ``side``: who played (in order), the winning card,
    the trick's number and whether it was the deal's last.  Each game adds its cards' points
    in its own unit under its own name, and answers :attr:`worth` with them."""

    seats: tuple[int, ...]
    winning_card: Card
    side: int
    trick_no: int
    last: bool

    @property
    def worth(self) -> int:
        """The trick's card points, in the game's unit (Tressette's thirds of a point)."""
        raise NotImplementedError


# -- the view -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrickView(BaseView):
    """What every seat of a trick game in fixed sides knows besides :class:`BaseView`: its
    ``side`` (an index in ``sides``), the deal's number and phase, the ``leader`` of the trick
    being played, that trick (``trick_no`` counts it from 1, or is the last trick's once the
    deal is played out), and every completed trick of the deal as (leader, ((seat, card), ...),
    winner, card points in the game's unit).  Each game's view adds its own fields after these.
    """

    side: int = field()
    sides: tuple[tuple[int, ...], ...] = field()
    deal_no: int = field()
    phase: str = field()
    leader: int
    trick_no: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[ShownTrick, ...]

    def side_of(self, seat: int) -> int:
        """The index in ``sides`` of ``seat``'s side."""
        return side_of(seat, self.players)


class MatchSoFar(Protocol):
    """What a trick view says of the match so far (each game's view has these fields)."""

    @property
    def players(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deal_no(self) -> int: ...
    @property
    def deals_won(self) -> tuple[int, ...]: ...
    @property
    def last_deal_points(self) -> tuple[int, ...] | None: ...


TrickViewT = TypeVar("TrickViewT", bound=TrickView)


# -- the states ---------------------------------------------------------------------------------
class TrickState(GameState[ViewT_co]):
    """What the three trick games' states keep alike: the deal's number and dealer, and each
    seat's hand as a mask of card indices shown in the order a player holds it
    (``_sorted_hand``, the game's own)."""

    #: a mask of card indices as the game's hands hold them (each game's order)
    _sorted_hand: ClassVar[staticmethod[[int], tuple[Card, ...]]]
    _deal_no: int
    _dealer: int
    _tricks: list[Any]

    def _reset_deal(self, dealer: int) -> None:
        """Count a new deal, dealt by ``dealer``, and reset every per-deal field."""
        self._deal_no += 1
        self._dealer = dealer
        self._reset_fields()

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The true hand of ``seat``: for tests, tools and the worlds a search guesses, never
        for an AI seat at the real table."""
        return self._sorted_hand(self._hands[seat])

    @property
    def tricks_taken(self) -> int:
        """The tricks of this deal already taken: a search counts its look-ahead in them."""
        return len(self._tricks)


class SidesTrickState(TrickState[TrickViewT]):
    """The state base of Tressette and Briscola: Italian cards, fixed sides, play and dealing
    counter-clockwise, each trick's winner leading the next, a match of deals that ends when a
    side has won it (the game says when) and waits between deals until then.

    A game declares its fields with :meth:`fields` (the shared ones added), deals with
    :meth:`_deal_round` (an explicit deal put in order by :meth:`_as_dealt`) and logs it with
    :meth:`_log_dealt`, builds its views with :meth:`_trick_view`, rebuilds a position from a
    view with :meth:`_rebuilt` and :meth:`_rebuild_tricks`, and ends a deal's scoring with
    :meth:`_end_deal`.
    """

    _rng: random.Random
    _won: list[int]
    _deals_won: list[int]
    _last_points: tuple[int, ...] | None
    _leader: int
    _trick: list[tuple[int, int]]
    _tricks: list[KeptTrick]
    _tricks_shown: tuple[ShownTrick, ...]
    _phase: str

    @staticmethod
    def fields(match: tuple[str, ...], deal: dict[str, Any]) -> base.StateFields:
        """The state's fields: the match's random generator, deals won, winners, last deal's
        points, deal number and dealer, then ``match``; per deal the hands, won cards, leader,
        trick, completed tricks, phase and the tricks as views show them (``_tricks_shown``:
        worked out as views ask, left out of equality), then ``deal``."""
        return base.StateFields(
            match=("_rng", "_deals_won", "_winners", "_last_points", "_deal_no", "_dealer", *match),
            deal={
                "_hands": lambda s: [0] * s.players,
                "_won": lambda s: [0] * s.players,
                **deal,
                "_leader": lambda s: (s._dealer - 1) % s.players,
                "_trick": lambda s: [],
                "_tricks": lambda s: [],
                "_phase": "play",
                # a tuple: clones share it, and each extends its own when a view asks
                "_tricks_shown": (),
            },
            unsnapped=("_tricks_shown",),
        )

    def _open(self) -> None:
        """A match with no deal played yet (the game sets its own match fields after)."""
        self._rng = random.Random(self.seed)
        self._deals_won = [0] * len(SIDES[self.players])
        self._winners = ()
        self._last_points = None
        self._deal_no = 0
        self._dealer = 0

    # -- dealing ------------------------------------------------------------------------------
    def _deal_round(
        self, cards: Sequence[int]
    ) -> tuple[tuple[int, ...], tuple[frozenset[int], ...]]:
        """Deal ``cards`` one at a time counter-clockwise from the dealer's right into the
        hands: who receives each card, and who may see it (its receiver)."""
        order, seen = deal_order(self.players, self._dealer, len(cards), -1)
        deal_into(self._hands, order, cards)
        return order, seen

    def _as_dealt(self, hands: Sequence[Sequence[int]]) -> list[int]:
        """The cards of ``hands`` (one list per seat, all of a size) in the order the deal hands
        them out one at a time, the dealer's right first: an explicit deal dealt like a
        shuffled one."""
        order = deal_order(self.players, self._dealer, self.players, -1)[0]
        return [hands[s][k] for k in range(len(hands[0])) for s in order]

    def _log_dealt(
        self, dealt: base.Dealt, cards: Sequence[int], seen: tuple[frozenset[int], ...]
    ) -> None:
        """Log the deal of ``cards`` (its payload ``dealt``), each seen by ``seen``."""
        shown = tuple(map(_CARDS.__getitem__, cards))
        self.events.append(make_event((dealt, self._dealer, shown, seen)))

    # -- the protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self._phase == "over" or self._next_dealer is not None:
            return None
        return (self._leader - len(self._trick)) % self.players

    @property
    def phase(self) -> str:
        """The phase: "play", "over", or "between_deals" from a deal's scoring to
        :meth:`deal_next` (where views still show the ended deal's "play")."""
        return "between_deals" if self._next_dealer is not None else self._phase

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return SIDES[self.players]

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.players)

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
        return (self._leader - len(self._trick)) % self.players

    def _not_held(self, seat: int, card: Card, left_out: int, why: str) -> IllegalMove:
        """The refusal of ``card``, which ``seat`` does not hold: "card_removed" where it is
        the card left out of the deck in 3 players (``left_out``; ``why`` says so in
        English), else "not_in_hand"."""
        if card.deck is ITALIAN and card.index == left_out and self.players == 3:
            return IllegalMove(
                f"seat {seat} does not hold {card}: {why}", "card_removed", seat=seat, card=card
            )
        return IllegalMove(f"seat {seat} does not hold {card}", "not_in_hand", seat=seat, card=card)

    def _parse_other(self, key: str) -> Move | None:
        """A card's text: its play."""
        try:
            return PLAY[parse_card(key, ITALIAN).index]
        except ValueError:
            return None

    def won_cards(self, seat: int) -> tuple[Card, ...]:
        """Cards ``seat`` has taken in tricks this deal (public: every trick is seen)."""
        return tuple(cards_of(self._won[seat], ITALIAN))

    def _per_seat(self, by_side: Sequence[int]) -> list[int]:
        """A per-side figure for every seat (partners both list their side's)."""
        n = self.players
        return [by_side[side_of(s, n)] for s in range(n)]

    def _end_deal(self, champion: int | None) -> None:
        """After a deal's scoring: the match won by side ``champion``, or (None) the wait
        between deals, the deal passing right."""
        if champion is None:
            self._between((self._dealer - 1) % self.players)
            return
        self._winners = self.sides[champion]
        self._phase = "over"
        self.events.append(Event(MatchOver(self._winners)))

    # -- views --------------------------------------------------------------------------------
    def _trick_view(self, cls: type[TrickViewT], seat: int, **own: Any) -> TrickViewT:
        """``seat``'s view of class ``cls``: the fields every trick view carries (see
        :class:`TrickView`), and the game's ``own``."""
        self._check_viewer(seat)
        n = self.players
        hands = self._hands
        phase = self._phase
        return make_view(
            cls,
            game=self.info.name,
            players=n,
            seat=seat,
            side=side_of(seat, n),
            sides=SIDES[n],
            deal_no=self._deal_no,
            dealer=self._dealer,
            phase=phase,
            current_player=None if phase == "over" else self._turn(),
            hand=self._sorted_hand(hands[seat]),
            hand_sizes=tuple([h.bit_count() for h in hands]),
            scores=tuple(self.scores),
            leader=self._leader,
            trick_no=self.trick_no,
            trick=tuple([(s, _CARDS[c]) for s, c in self._trick]),
            tricks=self._shown_tricks(),
            **own,
        )

    def _shown_tricks(self) -> tuple[ShownTrick, ...]:
        """The deal's completed tricks as views show them: kept, and only the tricks completed
        since the last view are added (a rollout asks for a view at every card)."""
        shown = self._tricks_shown
        tricks = self._tricks
        if len(shown) != len(tricks):
            shown += tuple(
                [
                    (lead, tuple([(s, _CARDS[c]) for s, c in cards]), winner, points)
                    for lead, cards, winner, points in tricks[len(shown) :]
                ]
            )
            self._tricks_shown = shown
        return shown

    # -- rebuilding a position from a view (for search seats) ---------------------------------
    @classmethod
    def _rebuilt(cls, view: MatchSoFar, options: dict[str, Any], seed: int) -> Self:
        """A state of ``view``'s match at the start of its deal, no card in any hand: its
        deals won, its last deal's points and its dealer; the next deal is shuffled from
        ``seed``."""
        new = cls._blank(view.players, options, seed)
        new._deals_won = list(view.deals_won)
        new._last_points = view.last_deal_points
        new._deal_no = view.deal_no - 1
        new._reset_deal(view.dealer)
        return new

    def _rebuild_tricks(self, view: TrickView) -> None:
        """The trick being played, the completed ones and the cards each seat won, as ``view``
        shows them."""
        self._leader = view.leader
        self._trick = [(s, c.index) for s, c in view.trick]
        for lead, t, w, p in view.tricks:
            self._tricks.append((lead, tuple((s, c.index) for s, c in t), w, p))
            for _, c in t:
                self._won[w] |= c.bit
