"""The soak's checks of Scopone (``python -m game.tools.soak``): where every card of a match
is (Scopa's places: hands, piles, table; the deck is empty once dealt), and whether a deal's
figures add up: one deal takes the whole deck, and each side's points are its awards plus
its scope."""

from __future__ import annotations

from typing import Any

from game.engine.cards import ITALIAN
from game.engine.scopa_events import ScopaScored
from game.engine.scopa_scoring import COINS_MASK

from .soak_checks import SCOPA, GameChecks

__all__ = ["CHECKS"]

_DECK = len(ITALIAN.cards)
_COINS = COINS_MASK.bit_count()


def _total(p: Any) -> str | None:
    assert isinstance(p, ScopaScored)
    f = p.figures
    if sum(f.cards) != _DECK or sum(f.coins) != _COINS:
        return f"Scopone sides took {f.cards} cards, {f.coins} coins (not {_DECK}, {_COINS})"
    won = list(f.scope)
    for side in f.awards.sides():
        if side is not None:
            won[side] += 1
    for award in f.house:
        if award.side is not None:
            won[award.side] += award.points
    if tuple(won) != f.points:
        return f"Scopone deal points {f.points} are not the awards plus scope {tuple(won)}"
    return None


CHECKS = GameChecks(SCOPA.places, _total)
