"""Scopone: Scopa for four players in two sides, the whole deck dealt at once
(assets/rules/scopone.txt).

Everything of a deal in play is Scopa's (:mod:`.scopa`): the captures and their house rules,
the scopa that is no scopa on the deal's very last play, the leftovers to the last capturer,
the deal's points, the match won with the target reached and strictly ahead, cappotto, the
view.  Scopone changes only the dealing, which the option ``dealing`` names (not ``deal``,
the name of an explicit first deal everywhere):

- *scientifico* (the default): 10 cards to each player, one at a time starting right of the
  dealer, and none on the table;
- *classico*: 9 cards each, then 4 face up on the table; three or four Re among them and the
  same dealer deals again (event ``Redeal``), as in Scopa.

Either way the deck is gone once the hands are dealt: no stock, no hand dealt later, so a
search rebuilds a position from the other hands alone.  Partners sit opposite (seats i and
i + 2, sides ``seat % 2``) and play goes counter-clockwise, so the next to play is always an
opponent.  The match target may be 11 (the default), 16, 21 or 31.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .base import GameInfo, Option
from .cards import ITALIAN, Card
from .dealspec import deal_order
from .scopa import INFO as SCOPA
from .scopa import ScopaState, ScopaView
from .scopone_deal import CLASSICO_HAND, HAND_SIZE, SIDES, TABLE_CARDS, ScoponeDeal, read_deal

__all__ = ["CLASSICO", "INFO", "SCIENTIFICO", "ScoponeState", "ScoponeView"]

#: The values of the option ``dealing``.
SCIENTIFICO = "scientifico"
CLASSICO = "classico"
PLAYERS = 2 * SIDES
#: The match targets a side may play to.
TARGETS = (11, 16, 21, 31)


@dataclass(frozen=True)
class ScoponeView(ScopaView):
    """Scopa's view of a Scopone deal, and the way it was dealt (``dealing``: the option
    of that name, :data:`SCIENTIFICO` or :data:`CLASSICO`)."""

    dealing: str = field()


class ScoponeState(ScopaState):
    """A Scopone match: Scopa's play and scoring on Scopone's deals."""

    @property
    def _classico(self) -> bool:
        return bool(self.options["dealing"] == CLASSICO)

    def _first_table(self) -> int:
        return TABLE_CARDS if self._classico else 0

    def _hand_order(self) -> tuple[tuple[int, ...], tuple[frozenset[int], ...]]:
        each = CLASSICO_HAND if self._classico else HAND_SIZE
        return deal_order(self.players, self._dealer, each * self.players, -1)

    def _read_deal(self, deal: dict[str, Any]) -> ScoponeDeal:
        return read_deal(deal, self.players, self._classico)

    def view(self, seat: int) -> ScoponeView:
        return self._view(ScoponeView, seat, dealing=self.options["dealing"])

    @classmethod
    def _view_options(cls, view: ScopaView) -> dict[str, Any]:
        assert isinstance(view, ScoponeView)
        return {**super()._view_options(view), "dealing": view.dealing}

    @classmethod
    def from_view(
        cls,
        view: ScopaView,
        hidden: Mapping[int, Sequence[Card]],
        deck: Sequence[Card] = (),
        seed: int = 0,
    ) -> ScoponeState:
        """A state that agrees with ``view`` and a guess at the other hands (``hidden``): as
        :meth:`ScopaState.from_view`, with no deck (Scopone deals every card at once)."""
        if deck:
            raise ValueError("Scopone deals the whole deck at once: there is no deck to guess")
        new = super().from_view(view, hidden, (), seed)
        assert isinstance(new, ScoponeState)
        new._hand_no = 1  # the only hand of the deal
        return new


INFO = GameInfo(
    name="scopone",
    title="Scopone",
    deck=ITALIAN,
    players=(PLAYERS,),
    options={
        "dealing": Option(
            SCIENTIFICO,
            (SCIENTIFICO, CLASSICO),
            "scientifico: 10 cards each, none on the table; classico: 9 each and 4 on the table",
        ),
        "target": Option(TARGETS[0], TARGETS, "match points that win (strictly ahead)"),
        **{k: v for k, v in SCOPA.options.items() if k != "target"},
    },
    summary="Scopa for four in two sides of partners, the whole deck dealt at once.",
    numbers={"hand_size": HAND_SIZE, "classico_hand_size": CLASSICO_HAND},
)
