"""Scopone's search seat: Scopa's (:mod:`.scopa_search`) on Scopone's deals.

The play, the hints a player gives by leaving a sweep, the evaluation and the rule seat that
plays the rollouts are Scopa's; only the worlds differ: the whole deck is dealt at once, so a
world is the other three hands alone, rebuilt as a Scopone state (its way of dealing kept).
"""

from __future__ import annotations

from typing import ClassVar

from game.engine.scopa import ScopaState, ScopaView
from game.engine.scopone import ScoponeState

from .scopa_search import ScopaSearchSeat, hidden_cards
from .search_worlds import WorldSampler

__all__ = ["ScoponeSearchSeat"]


class ScoponeSearchSeat(ScopaSearchSeat):
    """Scopa's search seat, sampling the other hands of a Scopone deal."""

    SAMPLER: ClassVar[WorldSampler[ScopaView, ScopaState]] = WorldSampler(
        hidden_cards, ScoponeState.from_view
    )
