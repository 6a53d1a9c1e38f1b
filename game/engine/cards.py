"""Cards of the two decks Tavolo plays with, and their text notation.

A card is a :class:`Card`, an ``int`` subclass whose value identifies deck, suit and rank, so a
card is a cheap immutable value that sorts, hashes and compares like an int while printing in its
deck's native notation (``AH``, ``10S`` for French cards; ``7D``, ``CC``, ``RB`` for Italian
ones).  Every card of both decks exists once, created at import: engines index tables by
``card.index`` (0..51 French, 0..39 Italian) and keep hands as int bitmasks of ``1 << index``.

The notation of the two decks overlaps (``7D`` is a card of both), so parsing always names the
deck: ``parse_card("QH", "french")``.  Each game plays one native deck (``game.engine.GAMES``
tells which); the other deck is only a display skin, which lives in the UI layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .memo import Memo

__all__ = [
    "FRENCH",
    "ITALIAN",
    "Card",
    "CardError",
    "Deck",
    "bit_list",
    "cards_of",
    "deck_named",
    "mask_of",
    "ordered_cards",
    "parse_card",
    "parse_cards",
]


class CardError(ValueError):
    """Card text that names no card of the deck; the message says what is allowed."""


_ITALIAN_OFFSET = 64


class Card(int):
    """One card of one deck; prints in its deck's notation."""

    __slots__ = ()

    @property
    def deck(self) -> Deck:
        return ITALIAN if self >= _ITALIAN_OFFSET else FRENCH

    @property
    def index(self) -> int:
        """Position of the card in its deck, 0..51 (French) or 0..39 (Italian)."""
        return self & 63

    @property
    def bit(self) -> int:
        return 1 << (self & 63)

    @property
    def suit(self) -> str:
        deck = self.deck
        return deck.suits[(self & 63) // len(deck.ranks)]

    @property
    def rank(self) -> str:
        deck = self.deck
        return deck.ranks[(self & 63) % len(deck.ranks)]

    @property
    def suit_index(self) -> int:
        return (self & 63) // len(self.deck.ranks)

    @property
    def rank_index(self) -> int:
        return (self & 63) % len(self.deck.ranks)

    def __str__(self) -> str:
        return _TEXT[int(self)]

    def __repr__(self) -> str:
        return f"Card({_TEXT[int(self)]})"


_TEXT: dict[int, str] = {}


@dataclass(frozen=True, eq=False)
class Deck:
    """A deck's notation: rank symbols low to high by face, suit symbols, and its cards."""

    name: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    suit_names: tuple[str, ...]
    rank_names: tuple[str, ...]
    offset: int

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits)

    def card(self, rank: str, suit: str) -> Card:
        return _CARDS[
            self.offset + self.suits.index(suit) * len(self.ranks) + self.ranks.index(rank)
        ]

    def by_index(self, index: int) -> Card:
        return _CARDS[self.offset + index]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(_CARDS[self.offset + i] for i in range(self.size))

    def suit_name(self, suit: str) -> str:
        return self.suit_names[self.suits.index(suit)]

    def rank_name(self, rank: str) -> str:
        return self.rank_names[self.ranks.index(rank)]

    def describe(self, card: Card) -> str:
        """Plain words for a card, for messages: 'queen of hearts', 'Cavallo of coins'."""
        return f"{self.rank_name(card.rank)} of {self.suit_name(card.suit)}"


FRENCH = Deck(
    name="french",
    ranks=("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    suits=("S", "H", "D", "C"),
    suit_names=("spades", "hearts", "diamonds", "clubs"),
    rank_names=("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"),
    offset=0,
)
ITALIAN = Deck(
    name="italian",
    ranks=("1", "2", "3", "4", "5", "6", "7", "F", "C", "R"),
    suits=("D", "C", "S", "B"),
    suit_names=("coins", "cups", "swords", "batons"),
    rank_names=("ace", "2", "3", "4", "5", "6", "7", "Fante", "Cavallo", "Re"),
    offset=_ITALIAN_OFFSET,
)
DECKS = {FRENCH.name: FRENCH, ITALIAN.name: ITALIAN}

_CARDS: dict[int, Card] = {}
_PARSE: dict[tuple[str, str], Card] = {}
for _deck in (FRENCH, ITALIAN):
    for _s, _suit in enumerate(_deck.suits):
        for _r, _rank in enumerate(_deck.ranks):
            _value = _deck.offset + _s * len(_deck.ranks) + _r
            _card = Card(_value)
            _CARDS[_value] = _card
            _TEXT[_value] = _rank + _suit
            _PARSE[(_deck.name, _rank + _suit)] = _card
# Accepted spellings beyond the canonical ones: "1H" for the French ace, "AD" for the Italian 1.
for _suit in FRENCH.suits:
    _PARSE[("french", "1" + _suit)] = FRENCH.card("A", _suit)
for _suit in ITALIAN.suits:
    _PARSE[("italian", "A" + _suit)] = ITALIAN.card("1", _suit)


def deck_named(deck: Deck | str) -> Deck:
    if isinstance(deck, Deck):
        return deck
    try:
        return DECKS[deck.lower()]
    except (KeyError, AttributeError):
        raise CardError(f"unknown deck {deck!r}: the decks are 'french' and 'italian'") from None


def parse_card(text: str, deck: Deck | str = FRENCH) -> Card:
    """The card written ``text`` in ``deck``'s notation; a :class:`CardError` says why not."""
    d = deck_named(deck)
    if isinstance(text, Card) and text.deck is d:
        return text
    if not isinstance(text, str):
        raise CardError(f"a card is written as text such as {_example(d)}, not {text!r}")
    key = text.strip().upper()
    card = _PARSE.get((d.name, key))
    if card is None:
        raise CardError(
            f"{text!r} is not a card of the {d.name} deck: write rank then suit, "
            f"ranks {' '.join(d.ranks)}, suits {' '.join(d.suits)} "
            f"({', '.join(d.suit_names)}), for example {_example(d)}"
        )
    return card


def parse_cards(text: str | Iterable[str], deck: Deck | str = FRENCH) -> list[Card]:
    """Cards from ``"AH 10S QD"`` (spaces or commas) or from a list of card texts."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(p, deck) for p in parts]


def _example(d: Deck) -> str:
    return "'AH', '10S'" if d is FRENCH else "'7D', 'CC'"


def cards_of(mask: int, deck: Deck) -> list[Card]:
    """The cards of a bitmask, in deck order."""
    out = []
    base = deck.offset
    while mask:
        low = mask & -mask
        out.append(_CARDS[base + low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << (c & 63)
    return m


def bit_list(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first, as a list (quicker than iterating
    :func:`iter_bits` where every index is wanted)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: How many masks an :func:`ordered_cards` function keeps before it starts afresh.
ORDERED_KEPT = 1 << 14


def ordered_cards(
    cards: Sequence[Card], key: Callable[[int], Any], name: str
) -> Callable[[int], tuple[Card, ...]]:
    """A function from a mask of card indices to those ``cards`` sorted by ``key(index)``.

    Each mask's tuple is kept (up to :data:`ORDERED_KEPT` masks, then they are dropped and made
    again): views show the same hands and piles over and over, most of all in a search's
    rollouts, where a view is built for every move.
    """
    kept: Memo[int, tuple[Card, ...]] = Memo(name, ORDERED_KEPT)
    rank = [0] * len(cards)  # each index's place in the order: one int compared per card
    for place, index in enumerate(sorted(range(len(cards)), key=key)):
        rank[index] = place
    by_rank = rank.__getitem__

    def ordered(mask: int) -> tuple[Card, ...]:
        found = kept.get(mask)
        if found is None:
            indices = bit_list(mask)
            indices.sort(key=by_rank)
            found = kept.keep(mask, tuple([cards[i] for i in indices]))
        return found

    return ordered
