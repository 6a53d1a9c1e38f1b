"""AI seats: they choose moves from what their seat may see (``state.view(seat)``).

``make_seat(kind, game)`` builds a seat by name: ``random``, ``rules`` (the rule-based player
of that game), and any other kind registered in :data:`SEAT_KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import RandomSeat, Seat

__all__ = ["SEAT_KINDS", "RandomSeat", "Seat", "make_seat", "seat_kinds"]

#: (kind, game) -> factory; game ``"*"`` serves every game.
SEAT_KINDS: dict[tuple[str, str], Callable[[], Seat]] = {("random", "*"): RandomSeat}


def _register_builtin() -> None:
    from . import (
        capodama_rules,
        capodama_search,
        capodama_solver,
        cattura_rules,
        cattura_search,
        scopa_rules,
        scopa_search,
        tressette_rules,
        tressette_search,
    )

    SEAT_KINDS[("rules", "capodama")] = capodama_rules.CapodamaRulesSeat
    SEAT_KINDS[("search", "capodama")] = capodama_search.CapodamaSearchSeat
    SEAT_KINDS[("solver", "capodama")] = capodama_solver.SolitaireSeat
    SEAT_KINDS[("rules", "scopa")] = scopa_rules.ScopaRulesSeat
    SEAT_KINDS[("search", "scopa")] = scopa_search.ScopaSearchSeat
    SEAT_KINDS[("rules", "cattura")] = cattura_rules.CatturaRulesSeat
    SEAT_KINDS[("search", "cattura")] = cattura_search.CatturaSearchSeat
    SEAT_KINDS[("rules", "tressette")] = tressette_rules.TressetteRulesSeat
    SEAT_KINDS[("search", "tressette")] = tressette_search.TressetteSearchSeat


def seat_kinds(game: str) -> list[str]:
    """The seat kinds available for ``game``."""
    return sorted({k for k, g in SEAT_KINDS if g in (game, "*")})


def make_seat(kind: str, game: str) -> Seat:
    """A new seat of ``kind`` for ``game``; a ValueError names the kinds there are."""
    factory = SEAT_KINDS.get((kind, game)) or SEAT_KINDS.get((kind, "*"))
    if factory is None:
        raise ValueError(f"no {kind!r} seat for {game}: choose from {', '.join(seat_kinds(game))}")
    return factory()


_register_builtin()
