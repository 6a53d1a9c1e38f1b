"""Capodama's card rules: decks per player count, strength, points, trumps, following, scoring.

Pure functions over French card indices (0-51, ``Card.index``) and bitmasks of them, shared by
the state (:mod:`game.engine.capodama`) and the solitaire solver: every rule of a trick and of a
deal's scoring is written here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .cards import FRENCH, Card, parse_card

__all__ = [
    "AH",
    "BASE_POINTS",
    "DOUBLE_SUITS",
    "H7",
    "KH",
    "QH",
    "SOLITAIRE_WINDOW",
    "STRENGTH",
    "SUIT",
    "SUIT_MASK",
    "THRESHOLD",
    "TOTAL",
    "TRUMPS",
    "card_points",
    "deal_awards",
    "deck_for",
    "hand_key",
    "legal_mask",
    "match_winner",
    "points_to_win",
    "side_marks",
    "trick_winner",
    "winning_index",
]

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def _idx(text: str) -> int:
    return parse_card(text, FRENCH).index


AH, H7, QH, KH = _idx("AH"), _idx("7H"), _idx("QH"), _idx("KH")

#: Strength within a suit, per card index: A 7 J K Q 10 9 8 6 5 4 3 (higher wins).
_ORDER = ("3", "4", "5", "6", "8", "9", "10", "Q", "K", "J", "7", "A")
_POINTS = {"A": 11, "7": 7, "J": 5, "K": 4, "Q": 3}
STRENGTH = [0] * 52
BASE_POINTS = [0] * 52
SUIT = [0] * 52
for _i in range(52):
    _rank = FRENCH.ranks[_i % 13]
    SUIT[_i] = _i // 13
    STRENGTH[_i] = _ORDER.index(_rank) + 1 if _rank in _ORDER else 0
    BASE_POINTS[_i] = _POINTS.get(_rank, 0)
SUIT_MASK = [sum(1 << (s * 13 + r) for r in range(13)) for s in range(4)]

_RANKS_BY_PLAYERS = {
    1: "A 7 J K Q 10 9 8",
    2: "A 7 J K Q 10 9 8",
    3: "A 7 J K Q 10",
    4: "A 7 J K Q 10 9 8",
    5: "A 7 J K Q 10 9 8 6 5",
    6: "A 7 J K Q 10 9 8 6 5 4 3",
}
#: The card points of a whole deal, in every variant.
TOTAL = 150
THRESHOLD = {1: 80, 2: 80, 3: 80, 4: 82, 5: 82, 6: 82}
SOLITAIRE_WINDOW = (80, 85)
DOUBLE_SUITS = (DIAMONDS, CLUBS, SPADES)
#: AH > 7H > QH: the trumps of every deal (the 3-player capo names a 4th below them).
TRUMPS = (AH, H7, QH)


@cache
def deck_for(players: int) -> tuple[Card, ...]:
    """The cards of the ``players``-player variant, in deck order."""
    ranks = _RANKS_BY_PLAYERS[players].split()
    return tuple(c for c in FRENCH.cards if c.rank in ranks)


def side_marks(seats: int) -> tuple[int, ...]:
    """The cards whose holders make the capo side: AH, and QH (and KH with six) from 4 seats."""
    return (AH, QH, KH) if seats == 6 else (AH, QH) if seats >= 4 else (AH,)


def hand_key(card: Card | int) -> tuple[int, int]:
    """The order a player holds a hand in: by suit, strongest first."""
    i = int(card) & 63
    return SUIT[i], -STRENGTH[i]


def card_points(card: Card | int, doubled: str | int | None) -> int:
    """Card points of ``card`` when ``doubled`` (a suit letter or index) is the doubled suit."""
    i = int(card) & 63
    d = FRENCH.suits.index(doubled) if isinstance(doubled, str) else doubled
    return BASE_POINTS[i] * (2 if SUIT[i] == d else 1)


def legal_mask(hand: int, led: int | None, trump_mask: int) -> int:
    """The cards of ``hand`` (a mask) that may be played on a trick led with card index ``led``.

    Holding the led suit (trumps of that suit count): that suit's cards plus every trump held;
    otherwise any card.  The one statement of the following rule, for the state and the solver.
    """
    if led is None:
        return hand
    follow = hand & SUIT_MASK[SUIT[led]]
    return follow | (hand & trump_mask) if follow else hand


#: Per led suit, the rank of each card in a trick: AH 104 > 7H 103 > QH 102 (the 3-player
#: capo's 4th trump ranks 101, set per deal), then the led suit by strength (1-12), others 0.
_TRICK_RANK = [
    [
        {AH: 104, H7: 103, QH: 102}.get(c, STRENGTH[c] + 1 if SUIT[c] == led else 0)
        for c in range(52)
    ]
    for led in range(4)
]


def winning_index(cards: Sequence[int], fourth: int = -1) -> int:
    """Position in play order of the winning card among card indices ``cards``.

    The highest trump wins (AH > 7H > QH > the 4th trump, index ``fourth``), else the highest
    card of the led suit.
    """
    rank = _TRICK_RANK[SUIT[cards[0]]]
    best, pos = -1, 0
    for k, c in enumerate(cards):
        r = 101 if c == fourth else rank[c]
        if r > best:
            best, pos = r, k
    return pos


def trick_winner(cards: Sequence[Card | int], fourth: Card | int | None = None) -> int:
    """Position in ``cards`` (in play order) of the card that wins the trick."""
    return winning_index([int(c) & 63 for c in cards], -1 if fourth is None else int(fourth) & 63)


def points_to_win(players: int, capo_side: bool) -> int:
    """The card points a side must take to win a deal of ``players`` (3 and up): the capo side
    its threshold, the others one more than the capo side may take without reaching it."""
    threshold = THRESHOLD[players]
    return threshold if capo_side else TOTAL - threshold + 1


def deal_awards(points: int, threshold: int, team: frozenset[int], seats: int) -> list[int]:
    """Match points each seat gains from a deal where the capo side took ``points`` of 150.

    All 150: each capo-side player +2; at least the threshold: +1 each; below it: each
    opponent +1; none at all: each opponent +2.
    """
    if points == TOTAL:
        return [2 if s in team else 0 for s in range(seats)]
    if points >= threshold:
        return [1 if s in team else 0 for s in range(seats)]
    gain = 1 if points > 0 else 2
    return [0 if s in team else gain for s in range(seats)]


def match_winner(scores: Sequence[int], target: int) -> int | None:
    """The match winner: the single player holding the highest score, if it reaches target."""
    top = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == top]
    return leaders[0] if top >= target and len(leaders) == 1 else None
