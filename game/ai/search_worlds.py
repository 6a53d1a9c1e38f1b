"""Guessing what a view hides: one sampler of hidden cards for every game's search seat.

A search seat looks ahead in "worlds": full states that agree with everything its view shows,
the hidden cards guessed at random.  What differs between games is only *what* is hidden and
what the view tells about it, so a game describes that once per decision as :class:`Hidden`
(the unseen cards, how many go to each place, the cards the view pins to a seat, the suits each
seat has shown it lacks) and :func:`place_hidden` does the guessing, exactly and never failing
when a placement exists (:func:`deal_constrained`, Hall's condition).  :class:`WorldSampler`
joins that to the game's ``from_view``: the sampler the search core draws worlds from.

What play tells comes in two strengths.  Hard facts (a card the view pins, a suit a seat has
shown it lacks) are constraints: no world breaks them.  Soft facts (a capo almost always passes
the dama, a player who could declare Buongioco almost always does) are a likelihood:
``Hidden.weight`` says how likely the opponents' observed choices are in a placement, under a
model of the opponents, and the sampler keeps a placement with that probability (rejection,
at most :data:`MAX_TRIES` draws, then the likeliest drawn), so the worlds follow the
posterior without a weight ever reaching the search core.

Places are seats (ints from 0) and :data:`PILE`, the face-down cards in no hand (the deck, the
set-aside pile), whose order is uniformly random.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from game.engine import BaseView, Card, GameState

from .base import Seat
from .play_model import PlayModel

__all__ = [
    "MAX_TRIES",
    "MODEL_TRIES",
    "PILE",
    "Hidden",
    "Placement",
    "Rebuild",
    "Replay",
    "TrickView",
    "WorldSampler",
    "deal_constrained",
    "hands_and_pile",
    "place_hidden",
    "played_by",
    "unseen",
    "weighted_placement",
]

#: The place of face-down cards that are in no hand (the deck, the set-aside pile).
PILE = -1

#: Draws per world at most when a soft fact weighs them (see :meth:`WorldSampler.prepare`).
MAX_TRIES = 16
#: Draws per world at most when a model of the players weighs them too: with five others to
#: explain, few guesses explain every play, and each draw replays the deal, so the likeliest
#: of a few stands in for the many a rejection would need.
MODEL_TRIES = 6

#: Where the hidden cards went in one draw: per place, its cards.
Placement = dict[int, list[Card]]


ViewT = TypeVar("ViewT", bound=BaseView)
StateT = TypeVar("StateT", bound=GameState[BaseView])


@dataclass(frozen=True, slots=True)
class Hidden:
    """What one view hides, and what it tells about where the hidden cards are.

    ``pool``: every card the view does not show.  ``sizes``: how many of them each place holds
    (every hidden seat's hand size, and :data:`PILE`'s count when there is a pile).  ``fixed``:
    cards of the pool the view places in a seat's hand (a declared card not yet played, a card
    the seat itself passed).  ``voids``: suit indices a seat has shown it holds none of.
    ``banned``: cards a seat is known not to hold (beyond its voids).  ``weight``: the soft
    facts, how likely (0 to 1) the opponents' observed choices are in a placement, relative to
    the likeliest placement; None when play tells nothing soft.
    """

    pool: tuple[Card, ...]
    sizes: Mapping[int, int]
    fixed: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    voids: Mapping[int, frozenset[int]] = field(default_factory=dict)
    banned: Mapping[int, frozenset[Card]] = field(default_factory=dict)
    weight: Callable[[Placement], float] | None = None


def unseen(cards: Iterable[Card], seen: Iterable[Card]) -> tuple[Card, ...]:
    """The ``cards`` (a game's deal, in deck order) that are not among ``seen``."""
    shown = {c.index for c in seen}
    return tuple(c for c in cards if c.index not in shown)


def hands_and_pile(pool: Sequence[Card], hand_sizes: Sequence[int], seat: int, pile: int) -> Hidden:
    """What a view hides where play tells nothing of who holds what (any card may be played at
    any time, every capture is public): the unseen ``pool`` split into the other seats' hands
    (``hand_sizes``) and a ``pile`` of that many cards."""
    sizes = {s: n for s, n in enumerate(hand_sizes) if s != seat}
    sizes[PILE] = pile
    return Hidden(tuple(pool), sizes)


class TrickView(Protocol):
    """A trick-taking game's view: the tricks played (leader, (seat, card)..., winner,
    points) and the trick on the table."""

    @property
    def tricks(self) -> tuple[tuple[int, tuple[tuple[int, Card], ...], int, int], ...]: ...
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...


def played_by(view: TrickView, seat: int, first_trick: int = 0) -> list[Card]:
    """The cards ``seat`` played, in the tricks from ``first_trick`` on and the one on the
    table (what the seat held then and no longer holds)."""
    done = [c for _, t, _, _ in view.tricks[first_trick:] for s, c in t if s == seat]
    return done + [c for s, c in view.trick if s == seat and len(view.tricks) >= first_trick]


def place_hidden(hidden: Hidden, rng: random.Random) -> Placement:
    """A random placement of ``hidden.pool`` honouring sizes, fixed cards, voids and banned
    cards exactly.

    Without voids or banned cards the free cards are shuffled and cut (a uniformly random
    deal); with them they go through :func:`deal_constrained`.  The pile is shuffled at the
    end, so its order is uniformly random whatever order its cards were placed in (a hand's
    order means nothing).
    A ValueError says the view admits no placement (a view of a real position always has one).
    """
    pinned = {c for cards in hidden.fixed.values() for c in cards}
    free = [c for c in hidden.pool if c not in pinned]
    places: dict[int, list[Card]] = {p: list(hidden.fixed.get(p, ())) for p in hidden.sizes}
    room = {p: n - len(places[p]) for p, n in hidden.sizes.items()}
    if any(n < 0 for n in room.values()) or sum(room.values()) != len(free):
        raise ValueError("the hidden cards do not fit the places the view shows")
    if any(hidden.voids.get(p) or hidden.banned.get(p) for p in room):
        voids, banned = hidden.voids, hidden.banned

        def allowed(c: Card) -> list[int]:
            return [
                p
                for p in room
                if c.suit_index not in voids.get(p, ()) and c not in banned.get(p, ())
            ]

        for p, cards in deal_constrained(free, room, allowed, rng).items():
            places[p] += cards
    else:
        rng.shuffle(free)
        pos = 0
        for p in sorted(room):
            places[p] += free[pos : pos + room[p]]
            pos += room[p]
    if PILE in places:
        rng.shuffle(places[PILE])  # hands are sets; the pile's order is dealt
    return places


#: A game's ``from_view``: a state from a view, the hidden hands, the pile (in order) and a seed.
Rebuild = Callable[[ViewT, dict[int, list[Card]], list[Card], int], StateT]


#: A game's replay of the deal so far under a placement: the deal as it was dealt (or its
#: card play as it began), and the texts of the moves made since (see :mod:`.play_model`);
#: None where the game replays nothing.
Replay = Callable[[ViewT, Placement], tuple[GameState[BaseView], Sequence[str]] | None]


@dataclass(frozen=True)
class WorldSampler(Generic[ViewT, StateT]):
    """A game's sampler: what its views hide (``hidden``), and its states rebuilt from a view
    and a placement of the hidden cards (``rebuild``, the game's ``from_view``; the pile is
    empty where there is none).  :meth:`prepare` reads the view once per decision; the
    function it returns draws one world per call.  A game that can replay its deal
    (``replay``) lets a seat weigh the worlds by how well a model of the players explains
    the plays seen (:class:`~.play_model.PlayModel`)."""

    hidden: Callable[[ViewT], Hidden]
    rebuild: Rebuild[ViewT, StateT]
    replay: Replay[ViewT] | None = None

    def prepare(self, view: ViewT, model: Seat | None = None) -> Callable[[random.Random], StateT]:
        """The world drawer for ``view``; with a ``model`` of the other players (and a game
        that replays), the worlds are weighed by how well it explains their plays too."""
        spec = self.hidden(view)
        tries = MAX_TRIES
        if model is not None and self.replay is not None:
            weight = _modelled(spec.weight, self.replay, view, model)
            spec = dataclasses.replace(spec, weight=weight)
            tries = MODEL_TRIES

        def draw(rng: random.Random) -> StateT:
            hands = weighted_placement(spec, rng, tries)
            pile = hands.pop(PILE, [])
            return self.rebuild(view, hands, pile, rng.randrange(2**31))

        return draw


def _modelled(
    weight: Callable[[Placement], float] | None, replay: Replay[ViewT], view: ViewT, model: Seat
) -> Callable[[Placement], float]:
    """``weight`` (the game's soft facts) times how well ``model`` explains the plays seen."""
    plays = PlayModel(model, lambda hands: replay(view, hands))

    def both(hands: Placement) -> float:
        w = 1.0 if weight is None else weight(hands)
        return w * plays.likeliness(hands) if w > 0.0 else 0.0

    return both


def weighted_placement(hidden: Hidden, rng: random.Random, tries: int = MAX_TRIES) -> Placement:
    """A placement honouring the hard facts, kept with probability ``hidden.weight`` of it.

    Rejection sampling: each draw of :func:`place_hidden` is accepted with its weight, so the
    accepted placements follow the prior times the likelihood (the posterior of the soft
    facts).  After ``tries`` rejections the likeliest placement drawn is taken: the cost stays
    bounded and the hard facts still hold, whatever the weights.
    """
    weight = hidden.weight
    if weight is None:
        return place_hidden(hidden, rng)
    best: Placement = {}
    best_w = -1.0
    for _ in range(tries):
        hands = place_hidden(hidden, rng)
        w = weight(hands)
        if rng.random() < w:
            return hands
        if w > best_w:
            best, best_w = hands, w
    return best


def _hall(count: Sequence[int], left: Sequence[int]) -> bool:
    """Hall's condition: for every set of seats (a bitmask), the cards allowed only inside it
    fit in its free room.  ``count[t]`` counts the cards whose allowed seats are the set ``t``;
    ``left[j]`` is seat ``j``'s free room."""
    if count[0]:
        return False
    k = len(left)
    full = (1 << k) - 1
    need = list(count)  # becomes, per set of seats, the cards allowed only inside it
    for j in range(k):
        b = 1 << j
        for sub in range(full + 1):
            if sub & b:
                need[sub] += need[sub ^ b]
    cap = [0] * (full + 1)
    for sub in range(1, full + 1):
        low = sub & -sub
        cap[sub] = cap[sub ^ low] + left[low.bit_length() - 1]
        if need[sub] > cap[sub]:
            return False
    return True


def deal_constrained(
    cards: Sequence[Card],
    room: Mapping[int, int],
    allowed: Callable[[Card], Sequence[int]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """Place ``cards`` into hands with ``room[seat]`` free places, each card in a seat it allows.

    ``allowed(card)`` names the seats that may hold ``card``.  Cards are placed most
    constrained first, each in a seat drawn with weight its free room (with no constraints this
    is a uniformly random deal) among the seats that keep a complete placement possible
    (:func:`_hall`, checked for each choice).  So it never fails when any placement exists, and
    raises ValueError when none does (the sizes do not add up, or the constraints exclude
    every way).
    """
    seats = sorted(room)
    if sum(room.values()) != len(cards):
        raise ValueError(f"{len(cards)} cards for {sum(room.values())} places")
    k = len(seats)
    full = (1 << k) - 1
    typed: list[tuple[int, Card]] = []
    for c in cards:
        ok = allowed(c)
        typed.append((sum(1 << j for j, s in enumerate(seats) if s in ok), c))
    count = [0] * (full + 1)  # cards per allowed-set type (a bitmask of seats)
    for t, _ in typed:
        count[t] += 1
    left = [room[s] for s in seats]
    if not _hall(count, left):
        raise ValueError("no placement of the hidden cards fits the constraints")
    rng.shuffle(typed)
    typed.sort(key=lambda tc: tc[0].bit_count())
    hands: dict[int, list[Card]] = {s: [] for s in seats}
    constrained = sum(1 for t, _ in typed if t != full)
    for t, c in typed:
        count[t] -= 1
        constrained -= t != full
        open_ = [j for j in range(k) if t >> j & 1 and left[j] > 0]
        options: list[int] = []
        weights: list[int] = []
        for j in open_:
            left[j] -= 1
            # A lone choice, or one with only unconstrained cards after it, always completes.
            if len(open_) == 1 or not constrained or _hall(count, left):
                options.append(j)
                weights.append(left[j] + 1)
            left[j] += 1
        pick = rng.choices(options, weights)[0]
        hands[seats[pick]].append(c)
        left[pick] -= 1
    return hands
