"""What every game's state shares: moves, events, errors, records and the play protocol.

A game is a subclass of :class:`GameState` registered in :data:`GAMES` with a :class:`GameInfo`
that says its deck, player counts and options.  The state holds a whole match.  Every decision a
player takes is a :class:`Move` (card plays, and also choices such as a doubled suit or a
declaration), so the UI and the AI seats drive every decision the same way:
``state.legal_moves()`` then ``state.play(move)``.

The state also writes an append-only log of :class:`Event` values (dealt, played, trick won...)
that the UI animates from; events that carry hidden cards say who may see them, and
:meth:`GameState.events_for` gives one seat's redacted copy.

Chance is a step of its own (OpenSpiel's chance node is the model): the move that scores a deal
leaves a match that goes on *between deals*, where nobody is to move, and only
:meth:`GameState.deal_next` deals the next deal.  Reading a state never changes it, and whoever
stops at a deal's scoring (random play, a search's rollouts) never pays for the next shuffle.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, partial
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar, cast

from .cards import Card, CardError, Deck, mask_of, parse_card

__all__ = [
    "EVERYONE",
    "BaseView",
    "CardMove",
    "DealScored",
    "Dealt",
    "Event",
    "EventFields",
    "GameInfo",
    "GameState",
    "IllegalMove",
    "MatchOver",
    "Move",
    "MovesByMask",
    "Option",
    "Payload",
    "Played",
    "RecordError",
    "RuleNumber",
    "SeatResult",
    "StateFields",
    "Trick",
    "make_event",
    "make_view",
    "seat_result",
]


class IllegalMove(ValueError):
    """A move the rules do not allow now; the state is unchanged.

    The message says why in English (for logs, tests and the command line).  ``code`` names the
    reason ("must_follow", "not_your_turn"...) and ``parts`` holds what the sentence is made of
    (cards, suits, seats), so the UI can say it in the player's language and deck without
    reading the English sentence.
    """

    def __init__(self, message: str, code: str = "illegal", **parts: Any) -> None:
        super().__init__(message)
        self.code = code
        self.parts: dict[str, Any] = parts


class RecordError(ValueError):
    """A game record that cannot be replayed; the message says which part is wrong."""


class Move:
    """One decision, with a canonical text form that :meth:`GameState.play` accepts back.

    ``kind`` names the decision ("play", "double", "pass", "capture"...), ``cards`` the cards it
    uses, ``arg`` any other choice (a suit letter...).  Moves compare and hash by their text, and
    games create each move once and reuse it, so building legal-move lists costs no allocation.
    """

    __slots__ = ("arg", "cards", "kind", "text")

    def __init__(self, kind: str, cards: tuple[Card, ...], text: str, arg: str | None = None):
        self.kind = kind
        self.cards = cards
        self.text = text
        self.arg = arg

    @property
    def card(self) -> Card:
        return self.cards[0]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


class CardMove(Move):
    """A move of one card that a game makes once per card and hands out again and again.

    ``index`` is the card's index in its deck and ``bit`` its mask bit, as plain ints, so a
    game's hot path tests and applies the move without reading the card object.
    """

    __slots__ = ("bit", "index")

    def __init__(self, kind: str, card: Card, text: str | None = None) -> None:
        super().__init__(kind, (card,), str(card) if text is None else text)
        self.index = card & 63
        self.bit = 1 << self.index


class MovesByMask:
    """The moves of the cards in a mask, in card order: ``moves(mask)``.

    Games whose moves are one card each (a card play, a pass) look their legal moves up by
    the mask of cards allowed instead of building a list after every card.  The mask is cut
    into ``groups`` (a suit each), and each group's part is looked up in one table of parts,
    filled as parts are first seen: it holds at most ``2**k`` tuples for a group of ``k``
    cards, so it stops growing after the first few hundred deals.  A mask inside one group
    (following suit, most often) is itself a part, found by the first lookup.  No whole mask
    is kept: hands are nearly all new, a memo of them missed a third of the time, and the
    tuples it kept made the garbage collector walk ever more objects (a tenth of a random
    deal's time).
    """

    __slots__ = ("by_bit", "groups", "parts")

    def __init__(self, moves: Sequence[Move], groups: Sequence[int]) -> None:
        """``moves[i]`` is the move of card index ``i``; ``groups`` are disjoint masks, in
        card order, that cover every card."""
        self.by_bit = {1 << i: m for i, m in enumerate(moves)}
        self.groups = tuple(groups)
        self.parts: dict[int, tuple[Move, ...]] = {}

    def __call__(self, mask: int) -> tuple[Move, ...]:
        parts = self.parts
        found = parts.get(mask)
        if found is not None:
            return found
        found = ()
        for group in self.groups:
            part = mask & group
            if part:
                found += parts.get(part) or self._part(part)
                mask ^= part
                if not mask:
                    break
        return found

    def _part(self, part: int) -> tuple[Move, ...]:
        moves = []
        rest = part
        while rest:
            low = rest & -rest
            moves.append(self.by_bit[low])
            rest ^= low
        found = self.parts[part] = tuple(moves)
        return found


@dataclass(frozen=True, slots=True)
class Payload:
    """What one event says happened: its class is the event's kind (readers ``match`` on it),
    its fields the kind's data; each game declares its own subclasses."""


@dataclass(frozen=True, slots=True)
class Dealt(Payload):
    """Cards dealt one by one: the event's cards go to the seats in ``to``, in that order."""

    to: tuple[int, ...]
    deal_no: int

    @property
    def starts_deal(self) -> bool:
        """Whether these cards open a new deal (the table gathers the last one first)."""
        return True


@dataclass(frozen=True, slots=True)
class Played(Payload):
    """The event's seat played the event's card (a card play that took nothing yet: to a
    trick, or onto the table)."""


@dataclass(frozen=True, slots=True)
class Trick(Payload):
    """The event's seat won a trick: the event's cards, in play order (each trick-taking game
    adds what it counts)."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How a deal went for one seat, as the rules judge it.

    ``won``: the seat's side won the deal (or, where a deal has no loser, did as well as any);
    ``points``: what its side took in the deal, in the game's own unit; ``awards``: the match
    points it gained.  The UI reads these instead of re-deriving a winner.
    """

    won: bool
    points: int
    awards: int


@lru_cache(maxsize=None, typed=True)
def seat_result(won: bool, points: int, awards: int) -> SeatResult:
    """The :class:`SeatResult` of these values: immutable, so one object serves every deal
    that ends that way (every deal's scoring makes one per seat)."""
    return SeatResult(won, points, awards)


@dataclass(frozen=True, slots=True)
class DealScored(Payload):
    """A deal ended and was scored: the result per seat and the match scores after it."""

    deal_no: int
    results: tuple[SeatResult, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchOver(Payload):
    """The match has a result: the winning seats (several where a side or a tie wins)."""

    winners: tuple[int, ...]


#: The ``seen_by`` of a card every seat sees among cards some do not (Briscola's turned trump
#: as it is drawn): every seat of any game, so that a spectator, who holds no seat, sees it too.
EVERYONE: frozenset[int] = frozenset(range(8))


class Event(NamedTuple):
    """Something that happened, for the UI to show.

    ``data`` says what, and its :class:`Payload` class is the event's kind: readers dispatch
    with ``match event.data: case Dealt(to=to): ...``.  ``seat`` is who did it, ``cards`` the
    cards it moved.  ``seen_by`` is ``None`` when every card in ``cards`` is public; otherwise
    it is a tuple parallel to ``cards`` giving, for each card, the seats that may see it (the
    others see ``None``).
    """

    data: Payload
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    seen_by: tuple[frozenset[int], ...] | None = None

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (``None``: a spectator who sees only public cards,
        those seen by :data:`EVERYONE`)."""
        if self.seen_by is None:
            return self
        cards = tuple(
            c if (seat in who if seat is not None else who >= EVERYONE) else None
            for c, who in zip(self.cards, self.seen_by, strict=True)
        )
        return self._replace(cards=cards)  # type: ignore[arg-type]


#: An :class:`Event`'s four fields, in order.
EventFields = tuple[Payload, int | None, tuple[Card, ...], tuple[frozenset[int], ...] | None]
#: Builds an Event from its four fields without the NamedTuple's Python-level ``__new__``: the
#: hot paths of random play and search log an event on almost every move.
make_event = cast(Callable[[EventFields], Event], partial(tuple.__new__, Event))


@dataclass(frozen=True)
class BaseView:
    """What every game's view of one seat says, whatever the game (each game's view is a
    subclass that adds its own fields).

    ``game`` names the game, ``players`` counts the players, ``seat`` is whose view it is,
    ``dealer`` who dealt the deal shown and ``current_player`` who decides next (None once the
    match is over; between deals, as the ended deal's last move left it: see
    :meth:`GameState.view`); ``hand`` is the seat's own hand, ``hand_sizes`` how many cards
    each seat holds and ``scores`` the match scores per seat.

    Four more are answered by every view: ``sides`` lists the seats of each side (each seat
    alone where a game has no fixed teams), ``side`` is the index of the seat's own side in
    ``sides``, ``deal_no`` counts the match's deals from 1 (always 1 where a match is one
    deal), and ``phase`` names the decision being taken ("play" while cards are played, "over"
    once the match is over; a game with announcements names those).  A game whose view stores
    one of them declares it as a field, written ``name: type = field()``: a bare annotation
    would take the default below as the field's default value.  The defaults are not fields
    (so a view's fields, its equality and its digest stay the game's own), and a view works
    them out only when read.
    """

    #: What a view of this game carries besides its fields: attributes the state hands to
    #: :func:`make_view` that are not fields, each a ``cached_property`` giving its default
    #: (Scopa's house rules: so the views, their equality and the digests of matches without
    #: them stay as they were); the online protocol carries them as it carries fields.
    EXTRAS: ClassVar[tuple[str, ...]] = ()

    game: str
    players: int
    seat: int
    dealer: int
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return tuple((s,) for s in range(self.players))

    @cached_property
    def side(self) -> int:
        return next(k for k, seats in enumerate(self.sides) if self.seat in seats)

    @cached_property
    def deal_no(self) -> int:
        return 1

    @cached_property
    def phase(self) -> str:
        return "over" if self.current_player is None else "play"


ViewT = TypeVar("ViewT", bound=BaseView)
#: the view type of a game's state (a state only hands views out, so a Capodama state is a
#: state of :class:`BaseView` too)
ViewT_co = TypeVar("ViewT_co", bound=BaseView, covariant=True)


def make_view(cls: type[ViewT], **fields: Any) -> ViewT:
    """A frozen dataclass view of ``cls`` built from its ``fields`` without the frozen
    ``__init__``, which sets each field through ``object.__setattr__``: a search builds a view
    for every move of every rollout, and that was a third of a view's cost.  Every field must
    be given (views have no defaults nor ``__post_init__``); the views' tests compare them."""
    view = object.__new__(cls)
    view.__dict__.update(fields)
    return view


@dataclass(frozen=True)
class Option:
    """One rule variant a game accepts: its default and the values allowed; ``players`` the
    player counts where it means anything (empty: every count), so a menu offers it only there
    (a solitaire deal stands alone: no match target); ``needs`` the option that must be on for
    this one to mean anything (whether the ace's sweep is a scopa, under asso piglia tutto)."""

    default: Any
    choices: tuple[Any, ...]
    help: str
    players: tuple[int, ...] = ()
    needs: str = ""

    def means_anything(self, options: Mapping[str, Any]) -> bool:
        """Whether this option changes anything beside ``options`` (the full set)."""
        return not self.needs or bool(options.get(self.needs))


#: A rule's number as :attr:`GameInfo.numbers` holds it: one, a few (a window's bounds), or one
#: per player count.
RuleNumber = int | tuple[int, ...] | Mapping[int, int]


@dataclass(frozen=True)
class GameInfo:
    """What the registry tells about a game before any state exists.

    ``retired`` names options older versions wrote into records that no longer mean anything
    (such as the deck shown): :func:`load_record` drops them so old saves still load.
    """

    name: str
    title: str
    deck: Deck
    players: tuple[int, ...]
    options: dict[str, Option] = field(default_factory=dict)
    summary: str = ""
    retired: tuple[str, ...] = ()
    #: the cards a match deals for a player count (default: the whole deck)
    deals: Callable[[int], tuple[Card, ...]] | None = None
    #: per player count, the points a deal must land in to be won, where a deal is won that
    #: way rather than by reaching a threshold (the Capodama solitaire's window)
    windows: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    #: the rule's numbers by name (hand sizes, thresholds, divisors, windows, totals; per
    #: player count where they differ): what a reader above the engine asks the engine for
    #: (a view, a result, a function, the constant itself) rather than writes down itself.
    #: tests/app/test_layers.py collects them and fails on any restated under game/ui.
    numbers: Mapping[str, RuleNumber] = field(default_factory=dict)

    def options_for(self, players: int) -> dict[str, Option]:
        """The options that mean anything in a match of ``players``."""
        return {k: o for k, o in self.options.items() if not o.players or players in o.players}

    def cards_for(self, players: int) -> tuple[Card, ...]:
        """Every card a match of ``players`` deals."""
        return self.deals(players) if self.deals is not None else self.deck.cards

    def check_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The full option set with defaults filled in; a clear ValueError for anything else."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.players:
            allowed = ", ".join(str(p) for p in self.players)
            raise ValueError(f"{self.title} is played by {allowed} players, not {players!r}")
        out = {}
        for key, value in options.items():
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"{self.title} has no option {key!r}; its options are: {known}")
            spec = self.options[key]
            if value not in spec.choices or isinstance(value, bool) != isinstance(
                spec.default, bool
            ):
                allowed = ", ".join(repr(c) for c in spec.choices)
                raise ValueError(f"{self.title} option {key}={value!r} is not allowed: {allowed}")
            out[key] = value
        for key, spec in self.options.items():
            out.setdefault(key, spec.default)
        return out


@dataclass(frozen=True)
class StateFields:
    """The fields a game's state keeps, declared once; clone, equality and resets follow.

    ``match``: kept for the whole match; ``deal``: reset at every new deal, each to its value:
    a factory called with the state (``lambda s: [0] * s.players``), or an immutable value
    used as it is (``-1``, ``"double"``, ``frozenset()``; a list or dict must come from a
    factory, since every deal needs its own); ``cache``: derived values that a clone drops
    (set to None) and equality ignores.  A clone copies lists, dicts and random generators and
    shares everything else (ints, tuples, frozensets, moves), so a field must hold immutable
    values inside its list or dict.  ``unsnapped`` fields are copied but left out of equality
    (bookkeeping that two equal positions may differ in).
    """

    match: tuple[str, ...] = ()
    deal: Mapping[str, Any] = field(default_factory=dict)
    cache: tuple[str, ...] = ()
    unsnapped: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name, value in self.deal.items():
            if isinstance(value, list | dict | set):
                raise TypeError(f"deal field {name} needs a factory, not a shared {value!r}")

    @cached_property
    def kept(self) -> tuple[str, ...]:
        """Every field a clone copies, in declaration order."""
        return (*self.match, *self.deal)

    @cached_property
    def compared(self) -> tuple[str, ...]:
        """Every field equality compares."""
        return tuple(n for n in self.kept if n not in self.unsnapped)

    @cached_property
    def reset(self) -> Callable[[Any], None]:
        """One function that sets every deal field of a state to its starting value (the
        immutable values first, then the factories' in declaration order) and every cache to
        None, written out as one attribute store per field: a new deal of every game and every
        rollout of a search runs it, and plain stores take a third of a loop of ``setattr``.
        It stores attributes, never the instance ``__dict__``: reading ``__dict__`` makes
        CPython drop the compact attribute storage that keeps every later field read fast."""
        for name in (*self.deal, *self.cache):
            if not name.isidentifier():
                raise ValueError(f"field {name!r} is not a name")
        env: dict[str, Any] = {}
        lines = []
        deal = sorted(self.deal.items(), key=lambda item: callable(item[1]))  # stable
        for k, (name, value) in enumerate(deal):
            env[f"value{k}"] = value
            call = "(self)" if callable(value) else ""
            lines.append(f"self.{name} = value{k}{call}")
        lines += [f"self.{name} = None" for name in self.cache]
        body = "".join(f"\n    {line}" for line in lines) or "\n    pass"
        exec(f"def reset(self):{body}", env)
        return cast(Callable[[Any], None], env["reset"])


def _copy_value(value: Any) -> Any:
    kind = type(value)
    if kind is list:
        return value[:]
    if kind is dict:
        return dict(value)
    if kind is random.Random:
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    return value


def _frozen(value: Any) -> Any:
    """A comparable, hashable form of a field value (lists become tuples, generators states)."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, random.Random):
        return value.getstate()
    if isinstance(value, Move):
        return value.text
    return value


class GameState(ABC, Generic[ViewT_co]):
    """A whole match of one game; see the package docstring for the protocol.

    Generic in the game's view class (``CapodamaState`` is a ``GameState[CapodamaView]``).

    A game declares its fields once in ``FIELDS`` (:class:`StateFields`); :meth:`clone`,
    equality and :meth:`_reset_fields` (called by the game at each new deal) derive from it.
    """

    info: ClassVar[GameInfo]
    FIELDS: ClassVar[StateFields] = StateFields()

    players: int
    options: dict[str, Any]
    events: list[Event]
    seed: int
    # Fields below with a class-level default are set on a state only when they differ from
    # it: CPython keeps an object's attributes in a compact, fast layout only up to 30 names,
    # and the games' own fields come close to that.
    _deal_spec: dict[str, Any] | None = None
    _history: list[str]
    #: each seat's hand as a mask of card indices (bit ``1 << card.index``), in every game
    _hands: list[int]
    _winners: tuple[int, ...]
    #: how many :class:`DealScored` events the log holds (see :attr:`deals_scored`)
    _deals_scored: int = 0
    #: the legal moves of this position as :meth:`legal_sequence` found them (None until
    #: asked, and after every move; none between deals): :meth:`play` accepts those by
    #: identity.  A clone shares them: it is the same position, and nobody changes them.
    _legal: Sequence[Move] | None = None
    #: the payload of the last deal scored (see :attr:`last_scored`)
    _last_scored: DealScored | None = None
    #: between deals, the seat that deals the next deal (see :meth:`deal_next`); else None
    _next_dealer: int | None = None
    #: the history's length when :meth:`deal_next` last dealt (-1: never), so that a record
    #: says whether the step after its last move was taken (see :meth:`record`)
    _dealt_at: int = -1
    #: False once :meth:`mute` is called: the games then skip their per-move events
    _log: bool = True

    def __init__(
        self, players: int, options: dict[str, Any], seed: int, deal: dict[str, Any] | None = None
    ) -> None:
        """A new match: the fields every game keeps, the game's own (:meth:`_open`), then its
        first deal (:meth:`_begin`), from the seed or from the explicit ``deal``."""
        self._keep(players, options, seed, deal)
        self._open()
        self._begin(deal)

    def _keep(
        self, players: int, options: dict[str, Any], seed: int, deal: dict[str, Any] | None
    ) -> None:
        """The fields every game keeps: who plays, the rule options, the seed and the record."""
        self.players = players
        self.options = options
        self.seed = seed
        if deal is not None:
            self._deal_spec = deal
        self._history = []
        self.events = []

    @classmethod
    def _blank(cls, players: int, options: dict[str, Any], seed: int) -> Self:
        """A match opened but not dealt: where ``from_view`` rebuilds a position."""
        new = object.__new__(cls)
        new._keep(players, options, seed, None)
        new._open()
        return new

    def _open(self) -> None:
        """Set the game's match fields before any deal; the default resets the declared ones."""
        self._reset_fields()

    @abstractmethod
    def _begin(self, deal: dict[str, Any] | None) -> None:
        """Deal the match's first deal: shuffled from the seed, or the explicit ``deal``."""

    # -- what each game provides -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides next; ``None`` when nobody is to move: between deals (see
        :attr:`between_deals`) and once the match is over (see :attr:`is_over`)."""

    @property
    def seats(self) -> int:
        """How many hands sit at the table (one per player unless a game says otherwise)."""
        return self.players

    def legal_moves(self) -> list[Move]:
        """Every move the current player may make, each exactly once (none when nobody is to
        move: between deals and once the match is over)."""
        return list(self.legal_sequence())

    def legal_sequence(self) -> Sequence[Move]:
        """:meth:`legal_moves` as the engine keeps them for this position, not a copy: for
        loops that only read the moves and play one back (random play, the search's
        rollouts), one list copy less per move.  Not to be changed or kept past the move.

        The game finds them (:meth:`_find_legal`) once per position; between deals there are
        none (:meth:`_between` keeps an empty list), whatever the ended deal's fields say."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._find_legal()
        return legal

    @abstractmethod
    def _find_legal(self) -> Sequence[Move]:
        """The legal moves of this position, in the game's order: the one hook of the play
        protocol (:meth:`legal_sequence` keeps what it returns until the next move, and
        :meth:`play` accepts those very objects without comparing any text).  Empty once the
        match is over.  A game creates each move once and hands it out again and again."""

    @abstractmethod
    def _apply(self, move: Move) -> None:
        """Carry out a move already known to be legal (one of :meth:`_find_legal`'s)."""

    def _start_deal(self, dealer: int) -> None:
        """Shuffle and deal the match's next deal, ``dealer`` dealing (see :meth:`deal_next`):
        every game of several deals has one."""
        raise NotImplementedError(f"{self.info.title} has no next deal")

    @abstractmethod
    def why_illegal(self, move: Move) -> IllegalMove:
        """The refusal of ``move`` (known to be illegal): its reason code, parts and sentence."""

    @abstractmethod
    def view(self, seat: int) -> ViewT_co:
        """What ``seat`` may know, as an immutable value: never another seat's hidden cards.

        Between deals a view shows the ended deal as its last move left it (the position the
        deal's summary counts), down to the seat its fields would name to play next, although
        :attr:`current_player` is None until :meth:`deal_next`."""

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Match points per player."""

    @abstractmethod
    def hand(self, seat: int) -> tuple[Card, ...]:
        """The true hand of ``seat``: for tools and tests, never for AI seats."""

    def with_hand(self, seat: int, cards: Iterable[Card]) -> Self:
        """A copy in which ``seat`` holds ``cards`` instead of its hand, all else as it is (the
        deck, the piles, the turn): for a tool that checks what a view hides (the soak), never
        for AI seats, and not a position to play on."""
        new = self.clone()
        new._hands[seat] = mask_of(cards)
        new._legal = None
        return new

    @property
    def is_over(self) -> bool:
        """True once the match has a result (never between deals): nobody is left to move."""
        return self._next_dealer is None and self.current_player is None

    @property
    def between_deals(self) -> bool:
        """True from the move that scores a deal, when the match goes on, until
        :meth:`deal_next` deals the next one.  Meanwhile nobody is to move
        (:attr:`current_player` is None, no legal moves, :meth:`play` refuses with the code
        ``"between_deals"``), :attr:`is_over` is False, and views show the ended deal."""
        return self._next_dealer is not None

    def deal_next(self) -> None:
        """Leave the between-deals phase: deal the match's next deal (its :class:`Dealt`
        events are logged).  Only here does a match move from one deal to the next: a loop
        that plays whole matches calls it whenever :attr:`between_deals`, one that stops at a
        deal's scoring never does.  Raises :class:`IllegalMove` (code ``"not_between_deals"``),
        state unchanged, when the state is not between deals."""
        dealer = self._next_dealer
        if dealer is None:
            raise IllegalMove(
                "no deal is waiting to be dealt: the state is not between deals",
                "not_between_deals",
            )
        self._next_dealer = None
        self._legal = None
        self._dealt_at = len(self._history)
        self._start_deal(dealer)

    @property
    def deals_scored(self) -> int:
        """How many deals this match has scored (its :class:`DealScored` events)."""
        return self._deals_scored

    @property
    def last_scored(self) -> DealScored | None:
        """The result of the deal last scored (the last :class:`DealScored` event's payload),
        None before the first: what a search's rollout reads at the end of its deal."""
        return self._last_scored

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (several where a side or a tie wins)."""
        return self._winners

    def clone(self) -> Self:
        """An independent copy, cheap enough for search (from the declared ``FIELDS``)."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        new.options = dict(self.options)
        new._history = self._history[:]
        new.events = self.events[:]
        for name in self.FIELDS.kept:
            d[name] = _copy_value(d[name])
        for name in self.FIELDS.cache:
            d[name] = None
        return new

    def mute(self) -> None:
        """Stop logging what each move did (and each hand of 3 Scopa deals): for a playout
        that only wants the deal's result (random play in ``python -m game.tools.bench``, a search's
        rollouts).

        Building those events was 5% (Capodama, Scopa) to a quarter (Tressette) of a random
        deal's time, and nobody reads them there: the games' state never depends on its log,
        views are built from the state, and a deal's result is the ``deal_scored`` event,
        which is still logged with ``match_over`` and the rest that comes once a deal.  A
        muted state's clones are muted.
        """
        self._log = False

    def _snapshot(self) -> tuple[Any, ...]:
        """The whole state as nested tuples, for equality after a replay."""
        d = self.__dict__
        return (
            self.players,
            tuple(sorted(self.options.items())),
            tuple(self._history),
            len(self.events),
            self._next_dealer,
            *(_frozen(d[name]) for name in self.FIELDS.compared),
        )

    def _reset_fields(self) -> None:
        """Set every per-deal field to its declared starting value and drop the caches."""
        self.FIELDS.reset(self)

    def _between(self, dealer: int) -> None:
        """The deal just scored and the match goes on: wait between deals until
        :meth:`deal_next` deals the next one, ``dealer`` dealing.  The ended deal's fields stay
        as its last move left them, for the views."""
        self._next_dealer = dealer
        self._legal = ()

    def _log_scored(self, seat: int | None, scored: DealScored) -> None:
        """Log the :class:`DealScored` event of a deal that just ended, and count it."""
        self.events.append(Event(scored, seat))
        self._deals_scored += 1
        self._last_scored = scored

    # -- shared behaviour ---------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.info.name

    @property
    def deck(self) -> Deck:
        return self.info.deck

    def _check_viewer(self, seat: object) -> None:
        """Refuse, with a ValueError, a ``view`` asked for a seat that is not at this table."""
        n = self.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat!r}")

    def controller(self, seat: int) -> int:
        """The player who decides for ``seat`` (differs only in the solitaire)."""
        return seat

    def parse_move(self, text: object) -> Move:
        """The move written ``text``; an :class:`IllegalMove` explains text that is no move now."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise IllegalMove(
                f"a move is given as text or a Move, not {text!r}", "not_a_move", text=repr(text)
            )
        key = " ".join(text.upper().replace(",", " ").split())
        if not key:
            raise IllegalMove("an empty text is not a move", "not_a_move", text=text)
        for legal in self.legal_moves():
            if legal.text.upper() == key:
                return legal
        move = self._parse_other(key)
        if move is None:
            examples = ", ".join(repr(m.text) for m in self.legal_moves()[:4])
            raise IllegalMove(
                f"{text!r} is not a move of {self.info.title} here"
                + (f"; moves now look like {examples}" if examples else ""),
                "not_a_move",
                text=text,
            )
        return move

    def _parse_other(self, key: str) -> Move | None:
        """Parse move text that is not a legal move now, so the refusal can say why.

        The default understands a bare card; games with more move forms extend it.
        """
        try:
            card = parse_card(key, self.deck)
        except CardError:
            return None
        return Move("play", (card,), str(card))

    def is_legal(self, move: object) -> bool:
        """Whether :meth:`play` would take ``move`` now (anything may be asked: junk is not)."""
        try:
            self.legal_move(move)
        except IllegalMove:
            return False
        return True

    def play(self, move: Move | str) -> None:
        """Make ``move`` (a Move or its text) for the current player.

        Raises :class:`IllegalMove`, with the reason, and leaves the state unchanged when
        nobody is to move (between deals, once the match is over) or the move is not allowed
        now.  A move object that :meth:`legal_sequence` handed out for this position is legal
        as it stands: random play and search pass those back, and it is found by identity, no
        move text compared.  Anything else goes through :meth:`legal_move`, and the move played
        is the engine's own.  Every move goes into the history here, and only here.
        """
        if type(move) is not str:
            legal = self._legal
            if legal is None:
                legal = self.legal_sequence()
            for given in legal:
                if given is move:
                    self._legal = None
                    self._history.append(move.text)
                    self._apply(move)
                    return
        own = self.legal_move(move)
        self._legal = None
        self._history.append(own.text)
        self._apply(own)

    def legal_move(self, move: object) -> Move:
        """The engine's own legal move that ``move`` stands for; IllegalMove otherwise.

        The one check every object given to :meth:`play` meets, whatever the game.  Text is
        read by :meth:`parse_move`.  A Move object stands for its text, which must be a legal
        move's text exactly (moves are equal when their texts are): its kind and cards are
        never read, since a Move made elsewhere may hold anything there, and the record keeps
        only the text.  So the games' rules only ever see moves they made themselves.
        """
        if self.current_player is None:
            raise self._nobody_to_move()
        given = False  # a Move object, now stood for by its text
        if isinstance(move, Move):
            text = move.text
            if not isinstance(text, str):
                raise IllegalMove(
                    f"a move's text must be a text, not {text!r}", "not_a_move", text=repr(text)
                )
            for legal in self.legal_sequence():
                if legal.text == text:
                    return legal
            move, given = text, True
        named = self.parse_move(move)
        for legal in self.legal_sequence():
            if legal == named:
                if given:  # the move is legal, but written in a way the engine never writes it
                    raise IllegalMove(
                        f"{move!r} is not how {self.info.title} writes a move: {legal.text!r} is",
                        "not_a_move",
                        text=move,
                    )
                return legal
        raise self.why_illegal(named)

    def _nobody_to_move(self) -> IllegalMove:
        """The refusal of any move when nobody is to move: between deals, or the match over."""
        if self._next_dealer is not None:
            return IllegalMove(
                "the deal is over: no move until the next deal is dealt (deal_next)",
                "between_deals",
            )
        return IllegalMove("the match is over: no more moves", "match_over")

    def play_as(self, seat: int, move: Move | str) -> None:
        """Like :meth:`play`, but refuses a move made for a seat whose turn it is not, and a
        ``seat`` that is no seat number (``True == 1`` in Python, but a bool is not a seat)."""
        n = self.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise IllegalMove(
                f"a seat is a number from 0 to {n - 1}, not {seat!r}", "not_a_seat", seat=repr(seat)
            )
        current = self.current_player
        if current is None:
            raise self._nobody_to_move()
        if seat != current:
            raise IllegalMove(
                f"it is not seat {seat}'s turn: seat {current} is to play",
                "not_your_turn",
                seat=seat,
                current=current,
            )
        self.play(move)

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The event log from ``start`` on, with the cards ``seat`` may not see replaced by None."""
        return [e.for_seat(seat) for e in self.events[start:]]

    @property
    def history(self) -> list[str]:
        """The moves made so far, as text."""
        return list(self._history)

    def record(self) -> dict[str, Any]:
        """A JSON-able record that :func:`load_record` replays to an equal state.

        A record holds the moves; the steps that dealt each next deal follow from them (a move
        after a scored deal was made in the next deal), but for the last: ``"deal_next": true``
        says the next deal was dealt after the last move, where the state stands now."""
        rec: dict[str, Any] = {
            "format": "tavolo-record/1",
            "game": self.info.name,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
        }
        if self._deal_spec is not None:
            rec["deal"] = self._deal_spec
        rec["moves"] = list(self._history)
        if self._dealt_at == len(self._history):
            rec["deal_next"] = True
        return rec

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return type(self) is type(other) and self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]
