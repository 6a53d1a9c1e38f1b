"""Scopa's house rules (assets/rules/scopa.txt, "House rules"): each an option, off by default.

Two change the deal's scoring: *re bello* (the side that captured the king of coins scores a
point) and *napola* (a side holding the ace, 2 and 3 of coins scores 3, plus one for each next
coin in unbroken sequence; all ten score 10).  Each is a :class:`HouseAward` of the deal's
figures, a line of its own in the scoring payload.

Three change the captures (:func:`house_captures`): *asso piglia tutto* (an ace on a table
holding no ace takes the whole table, its only play there; ``asso_scopa`` says whether that
take counts as a scopa), *scopa a quindici* (a card may also take any set of table cards whose
values and its own add up to 15; the equal-value precedence binds the ordinary captures only)
and *fewest cards* (of several sums, only those taking the fewest cards; ordinary sums and
15-captures are filtered apart; one equal card is always taken alone).

With every option off none of this is asked: the state keeps its own fast capture rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from .base import Option
from .cards import bit_list
from .memo import Memo
from .scopa_moves import (
    _PLACE,
    SUM_UNIT,
    VALUE,
    VALUE_MASKS,
    ScopaMove,
    capture_move,
    packed_sums,
)
from .scopa_scoring import COINS_MASK, HouseAward

__all__ = [
    "HOUSE_OPTIONS",
    "NO_HOUSE",
    "RE_BELLO",
    "HouseRules",
    "house_awards",
    "house_captures",
]

#: index of the king of coins (coins are suit 0, the Re is rank index 9)
RE_BELLO = 9
#: the values a 15-capture adds up to with its card: 15
QUINDICI = 15

#: The house rules as the game's options (merged into ``scopa.INFO.options``).
HOUSE_OPTIONS: dict[str, Option] = {
    "re_bello": Option(False, (False, True), "house rule: the king of coins scores a point"),
    "napola": Option(
        False, (False, True), "house rule: ace, 2 and 3 of coins score 3, +1 per next coin"
    ),
    "asso_piglia_tutto": Option(
        False, (False, True), "house rule: an ace takes the whole table when it holds no ace"
    ),
    "asso_scopa": Option(
        False,
        (False, True),
        "house rule: the ace's whole-table take counts as a scopa",
        needs="asso_piglia_tutto",
    ),
    "quindici": Option(
        False, (False, True), "house rule: a card may also take cards adding up to 15 with it"
    ),
    "fewest_cards": Option(
        False, (False, True), "house rule: of several sums, only the fewest cards may be taken"
    ),
}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Which house rules are in force (each field an option of the same name)."""

    re_bello: bool = False
    napola: bool = False
    asso_piglia_tutto: bool = False
    asso_scopa: bool = False
    quindici: bool = False
    fewest_cards: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> HouseRules:
        return cls(**{f.name: bool(options.get(f.name, False)) for f in fields(cls)})

    def as_options(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def captures(self) -> bool:
        """Whether a rule in force changes what a card may take."""
        return self.asso_piglia_tutto or self.quindici or self.fewest_cards

    def whole_table_take(self, played: int, taken: int, table: int) -> bool:
        """Whether card index ``played`` taking ``taken`` off ``table`` is the ace's
        whole-table take (asso piglia tutto: an ace on a table holding no ace)."""
        return (
            self.asso_piglia_tutto
            and VALUE[played] == 1
            and taken == table
            and not table & VALUE_MASKS[1]
        )

    def is_scopa(self, played: int, taken: int, table: int) -> bool:
        """Whether a capture that empties ``table`` counts as a scopa (the deal's last play
        aside): always, but for the ace's whole-table take unless ``asso_scopa``."""
        return self.asso_scopa or not self.whole_table_take(played, taken, table)

    def sweeping_values(self, table: int) -> tuple[int, ...]:
        """The card values that, played on the cards ``table`` (a mask), would take them all
        as a scopa (the deal's last play aside): what a player fears leaving on the table.

        A card worth the table's total takes it all (one set, or the one equal card); under
        quindici so does one worth 15 less the total; under asso piglia tutto an ace takes a
        table holding no ace, a scopa only under ``asso_scopa``.
        """
        if not table:
            return ()
        total = sum(VALUE[c] for c in bit_list(table))
        values = [total] if total <= 10 else []
        if self.quindici and 1 <= QUINDICI - total <= 10:
            values.append(QUINDICI - total)
        if self.asso_piglia_tutto and not table & VALUE_MASKS[1]:
            if not self.asso_scopa:
                values = [v for v in values if v != 1]
            elif 1 not in values:
                values.append(1)
        return tuple(values)


NO_HOUSE = HouseRules()


def _sets(table: int, total: int, least: int) -> list[int]:
    """The masks of the sets of at least ``least`` table cards adding up to ``total``."""
    low = total * SUM_UNIT
    return [
        e - low
        for e in packed_sums(table, total)
        if low <= e < low + SUM_UNIT and (e - low).bit_count() >= least
    ]


def _fewest(masks: list[int]) -> list[int]:
    """Only the sets taking the fewest cards."""
    if len(masks) < 2:
        return masks
    least = min(m.bit_count() for m in masks)
    return [m for m in masks if m.bit_count() == least]


def house_captures(rules: HouseRules, hand: Sequence[int], table: int) -> list[ScopaMove]:
    """The legal moves of the card indices ``hand`` on ``table`` under ``rules``.

    Per card: the ace's whole-table take alone (asso piglia tutto, no ace on the table); else
    one capture per equal card, or else the sums of two or more cards adding up to its value
    (the fewest-card ones under ``fewest_cards``); then, under ``quindici``, every set adding
    up to 15 with it (filtered the same way, apart).  A card that can take nothing is placed.
    Each card's moves are kept by card, table and rules: a search asks the same ones often.
    """
    flags = rules.asso_piglia_tutto | rules.quindici << 1 | rules.fewest_cards << 2
    legal: list[ScopaMove] = []
    for i in hand:
        key = (table << 3 | flags) << 6 | i
        moves = _MOVES.get(key)
        if moves is None:
            moves = _MOVES.keep(key, _card_moves(rules, i, table))
        legal += moves
    return legal


#: :func:`_card_moves` by table, rules and card (see :func:`house_captures`)
_MOVES: Memo[int, tuple[ScopaMove, ...]] = Memo("scopa house moves", 1 << 15)


def _card_moves(rules: HouseRules, i: int, table: int) -> tuple[ScopaMove, ...]:
    """The legal moves of card index ``i`` on ``table`` under ``rules``."""
    v = VALUE[i]
    if rules.asso_piglia_tutto and v == 1 and table and not table & VALUE_MASKS[1]:
        return (capture_move(i, table),)
    same = table & VALUE_MASKS[v]
    if same:
        takes = [1 << c for c in range(40) if same >> c & 1]
    else:
        takes = _sets(table, v, 2)
        if rules.fewest_cards:
            takes = _fewest(takes)
    if rules.quindici:
        fifteen = _sets(table, QUINDICI - v, 1)
        takes += _fewest(fifteen) if rules.fewest_cards else fifteen
    if not takes:
        return (_PLACE[i],)
    return tuple(capture_move(i, m) for m in takes)


def house_awards(rules: HouseRules, captured: Sequence[int]) -> tuple[HouseAward, ...]:
    """The deal's house-rule awards from the sides' piles (bitmasks), one per scoring rule in
    force: re bello (a point to the side holding the king of coins) and napola (the side
    holding the ace, 2 and 3 of coins scores the length of its unbroken run from the ace)."""
    awards: list[HouseAward] = []
    if rules.re_bello:
        side = next((k for k, m in enumerate(captured) if m >> RE_BELLO & 1), None)
        awards.append(HouseAward("re_bello", side, 1 if side is not None else 0))
    if rules.napola:
        found = HouseAward("napola", None, 0)
        for k, m in enumerate(captured):
            coins = m & COINS_MASK
            run = (~coins & (coins + 1)).bit_length() - 1  # the unbroken run from the ace
            if run >= 3:
                found = HouseAward("napola", k, run)
        awards.append(found)
    return tuple(awards)
