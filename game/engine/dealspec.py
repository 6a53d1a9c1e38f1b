"""Card lists, masks, seat checks and shuffles shared by every game's engine.

Each game reads explicit deals (``deal={...}``: hands, tables, piles written as card text), turns
cards into bitmasks and back, names cards in refusals and checks that a deal or a guessed world
uses every card of its deck exactly once.  Those chores are the same in all four games, so they
live here once; a game module keeps only what its own rules say.

Card *indices* here are positions within a deck (``Card.index``: 0–51 French, 0–39 Italian),
which is what the engines store in their masks.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import cache
from itertools import repeat, starmap
from operator import itemgetter
from typing import Any

from .base import RecordError
from .cards import Card, CardError, Deck, cards_of, iter_bits, parse_card

__all__ = [
    "BIT",
    "card_lists",
    "check_counts",
    "check_deal_keys",
    "check_guess",
    "check_seat",
    "deal_into",
    "deal_order",
    "exact_cover",
    "indices_mask",
    "iter_bits",
    "mask_cards",
    "names",
    "parse_card_list",
    "shuffle_as_random",
    "shuffled",
    "split_cards",
]


#: Who may see a card dealt to a seat: its receiver alone (one set per seat, shared).
SEEN_BY_RECEIVER: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(6))


@cache
def deal_order(
    seats: int, dealer: int, count: int, step: int
) -> tuple[tuple[int, ...], tuple[frozenset[int], ...]]:
    """Who receives each of ``count`` cards dealt one at a time from the dealer's neighbour
    on side ``step`` (+1: the left, going clockwise; -1: the right, counter-clockwise), and
    who may see each (its receiver): the same at every deal of a dealer, so made once."""
    order = tuple((dealer + step * (1 + k)) % seats for k in range(count))
    return order, tuple(SEEN_BY_RECEIVER[s] for s in order)


#: The bit of each card index (every deck here has fewer than 64 cards): the games' hot paths
#: index it rather than shift.
BIT = [1 << i for i in range(64)]


def deal_into(hands: list[int], order: Sequence[int], cards: Sequence[int]) -> None:
    """Add ``cards``, dealt one at a time to the seats of ``order`` round the table, to the
    hand masks ``hands`` (one per seat): card j and every n-th after it go to the same seat
    (n = ``len(hands)``), so each seat's cards are added with one sum, not card by card."""
    n = len(hands)
    for j in range(n):
        hands[order[j]] |= sum(map(BIT.__getitem__, cards[j::n]))


def indices_mask(idx: Iterable[int]) -> int:
    """The bitmask of card indices."""
    m = 0
    for i in idx:
        m |= 1 << i
    return m


def names(idx: Iterable[int] | int, deck: Deck) -> str:
    """Card indices (or a mask) written in ``deck``'s notation, for messages; "none" if empty."""
    mask = idx if isinstance(idx, int) else indices_mask(idx)
    return " ".join(str(c) for c in cards_of(mask, deck)) or "none"


def shuffled(cards: Sequence[int], rng: random.Random) -> list[int]:
    """A new shuffled list of ``cards``: one random sort key per card (faster than shuffle).

    The keys are drawn, paired and sorted by C-level iterators (no Python loop per card), in
    the order seeded records depend on: a key per card in the given order, ties by card.
    """
    keys = starmap(rng.random, repeat((), len(cards)))
    return list(map(itemgetter(1), sorted(zip(keys, cards, strict=True))))


#: Per list position i (from 1), the bits a draw below i + 1 takes: ``(i + 1).bit_length()``.
_DRAW_BITS = [(i + 1).bit_length() for i in range(64)]


def shuffle_as_random(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, only quicker.

    Games whose seeded records were made with :meth:`random.Random.shuffle` must keep its
    permutation, so this makes the very same draws: from the last position down, a
    ``getrandbits`` of the bits of ``i + 1``, drawn again while it is not below ``i + 1``
    (``Random._randbelow``), then the swap.  One loop instead of a Python call per card.
    A test checks it against ``Random.shuffle`` itself.
    """
    draw = rng.getrandbits
    bits = _DRAW_BITS
    for i in range(len(cards) - 1, 0, -1):
        k = bits[i]
        j = draw(k)
        while j > i:
            j = draw(k)
        cards[i], cards[j] = cards[j], cards[i]


def split_cards(value: Any, what: str) -> list[str]:
    """Card texts from ``"AH 7S"`` (spaces or commas) or a list; RecordError otherwise."""
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    raise RecordError(f"{what}: cards must be a list or a text like 'AH 7S', not {value!r}")


def parse_card_list(value: Any, deck: Deck, what: str, allowed: int = -1) -> list[int]:
    """Card indices of ``value`` in ``deck``; ``allowed`` masks the cards the game uses."""
    out = []
    for text in split_cards(value, what):
        try:
            c = parse_card(text, deck)
        except CardError as exc:
            raise RecordError(f"{what}: {exc}") from None
        if not allowed >> c.index & 1:
            raise RecordError(f"{what}: {c} is not a card of this game")
        out.append(c.index)
    return out


def card_lists(value: Any, n: int, deck: Deck, what: str, allowed: int = -1) -> list[list[int]]:
    """One card list per seat (or side): exactly ``n`` lists; RecordError otherwise."""
    if not isinstance(value, list | tuple) or len(value) != n:
        raise RecordError(f"{what} must be a list of {n} card lists, one per seat")
    return [parse_card_list(v, deck, f"{what} of seat {s}", allowed) for s, v in enumerate(value)]


def check_seat(value: Any, n: int, what: str) -> int:
    """A seat number 0..n-1 (a bool is not a seat); RecordError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise RecordError(f"{what} must be a seat number from 0 to {n - 1}, not {value!r}")
    return value


def check_counts(value: Any, n: int, what: str) -> list[int]:
    """``n`` whole numbers from 0 (a match under way: scores, deals won); RecordError otherwise."""
    if (
        not isinstance(value, list | tuple)
        or len(value) != n
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise RecordError(f"{what} must be a list of {n} whole numbers from 0, one per side")
    return list(value)


def check_deal_keys(deal: Any, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """An explicit deal is a dict with the ``required`` keys and no others than ``optional``."""
    req = tuple(required)
    if not isinstance(deal, dict):
        raise RecordError(f"deal must be a dict with {', '.join(map(repr, req))}")
    missing = [k for k in req if k not in deal]
    if missing:
        raise RecordError(f"the deal has no {missing[0]!r}")
    unknown = sorted(set(deal) - set(req) - set(optional))
    if unknown:
        allowed = ", ".join(sorted({*req, *optional}))
        raise RecordError(f"the deal has unknown keys {unknown}: it takes {allowed}")


def exact_cover(parts: Mapping[str, Sequence[int]], full: int, deck: Deck) -> None:
    """The named card lists together hold every card of ``full`` exactly once.

    The RecordError names the first place a card appears twice, or the cards left out.
    """
    seen: dict[int, str] = {}
    for where, cards in parts.items():
        for c in cards:
            if c in seen:
                raise RecordError(
                    f"the deal names {names([c], deck)} twice ({seen[c]} and {where})"
                )
            seen[c] = where
    missing = full & ~indices_mask(seen)
    if missing:
        raise RecordError(f"the deal leaves out {names(missing, deck)}")


def mask_cards(cards: Iterable[Any], deck: Deck, allowed: int = -1) -> int:
    """The mask of ``cards`` (Card values of ``deck``); a ValueError for anything else."""
    m = 0
    offset = deck.offset
    size = deck.size
    for c in cards:  # the index from the deck's offset: no property read per card
        if not isinstance(c, Card) or not 0 <= c - offset < size or not allowed >> c - offset & 1:
            raise ValueError(f"{c!r} is not a card of this game's {deck.name} deck")
        m |= 1 << c - offset
    return m


def check_guess(
    known: Collection[int],
    hand_sizes: Sequence[int],
    hidden: Mapping[int, Sequence[Card]],
    pile: Sequence[Card],
    pile_count: int,
    seen: Iterable[Card],
    deck: Deck,
    full: int,
) -> None:
    """Refuse, with a ValueError saying what is wrong, a guess that does not fit a view.

    ``known`` are the seats whose hands the view shows (the viewer's own; both in Capodama's
    solitaire).  ``hidden`` must give every other seat's hand at its size and ``pile`` the
    face-down pile at its size; together with the ``seen`` cards they must be the game's
    ``full`` mask of ``deck``, each card once (a card of another deck or game is refused).
    Every game's ``from_view`` shares it.
    """

    def mask_of(cards: Iterable[Card]) -> int:
        return mask_cards(cards, deck, full)

    def name_mask(mask: int) -> str:
        return names(mask, deck)

    others = [s for s in range(len(hand_sizes)) if s not in known]
    if sorted(hidden) != others:
        raise ValueError(f"hidden must give the hands of seats {others}, not {sorted(hidden)}")
    for s in others:
        if len(hidden[s]) != hand_sizes[s]:
            raise ValueError(
                f"seat {s} holds {hand_sizes[s]} cards, the guess gives {len(hidden[s])}"
            )
    if len(pile) != pile_count:
        raise ValueError(
            f"the face-down pile holds {pile_count} cards, the guess gives {len(pile)}"
        )
    shown = mask_of(seen)
    guessed = [c for s in others for c in hidden[s]] + list(pile)
    gmask = mask_of(guessed)
    if gmask.bit_count() != len(guessed):
        raise ValueError("the guess names a card twice")
    if gmask & shown:
        raise ValueError(f"the guess names cards the view shows: {name_mask(gmask & shown)}")
    if gmask | shown != full:
        raise ValueError(f"the guess leaves out {name_mask(full & ~(gmask | shown))}")
