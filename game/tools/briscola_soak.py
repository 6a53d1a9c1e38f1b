"""The soak's checks of Briscola (``python -m game.tools.soak``): where every card of a match
is, and whether a deal's card points add up to the deck's."""

from __future__ import annotations

from typing import Any

from game.engine import Card
from game.engine.briscola_cards import DEAL_POINTS
from game.engine.briscola_events import BriscolaScored

from .soak_checks import GameChecks

__all__ = ["CHECKS"]


def _places(s: Any) -> list[Card]:
    seats = range(s.players)
    return [
        *(c for p in seats for c in s.hand(p)),
        *(c for p in seats for c in s.won_cards(p)),
        *(card for _, card in s.view(0).trick),
        *s.stock,
    ]


def _total(p: Any) -> str | None:
    assert isinstance(p, BriscolaScored)
    if sum(p.points) != DEAL_POINTS:
        return f"Briscola card points {p.points} do not add up to {DEAL_POINTS}"
    return None


CHECKS = GameChecks(_places, _total)
