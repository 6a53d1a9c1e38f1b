"""The coach's reasons in the fishing games, Scopa and Cattura.

What a move does is read from the engine's events: a scopa, the settebello or coins taken, a
Cattura capture and the score it makes.  What it is for is judged against the player's other
moves in the same sampled worlds: the scopa or capture left to nobody (no reply of the next
player logs one after this move, while after another it could), the next player's captures
made rarer, the most cards taken, the 7 kept back for the primiera (the engine's primiera
values), the score raised the most.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import BaseView, Event, GameState, Move, Payload
from game.engine.cattura import CatturaView
from game.engine.cattura_events import Captured as CatturaCaptured
from game.engine.scopa import ScopaView
from game.engine.scopa_events import Captured as ScopaCaptured
from game.engine.scopa_events import Sweep
from game.engine.scopa_scoring import PRIMIERA_POINTS

from .coach_worlds import CoachGame, Reason, after, reply_counts
from .search import Policy

__all__ = [
    "CATTURA",
    "SCOPA",
    "cattura_plan",
    "cattura_said",
    "denies",
    "scopa_plan",
    "scopa_said",
]


def denies(
    worlds: Sequence[GameState[BaseView]],
    moves: Sequence[Move],
    move: Move,
    seat: int,
    kind: type[Payload],
    code: str,
) -> Reason | None:
    """The answer left to nobody ("leaves no scopa"): in none of the sampled ``worlds`` can
    the next player answer ``move`` with a move logging a ``kind`` payload (a scopa's
    :class:`~game.engine.scopa_events.Sweep`, a capture), while
    after some other move of ``seat`` it could in at least one.  The reason is ``code``."""
    counts = reply_counts(worlds, moves, seat, kind)
    return _denied(counts, moves.index(move), code)


def _denied(counts: list[int], i: int, code: str) -> Reason | None:
    return Reason(code) if counts[i] == 0 and max(counts) > 0 else None


# -- Scopa -------------------------------------------------------------------------------------
def scopa_said(view: ScopaView, move: Move, events: list[Event]) -> Reason | None:
    if any(isinstance(e.data, Sweep) and e.seat == view.seat for e in events):
        return Reason("makes_scopa")
    for e in events:
        data = e.data
        if isinstance(data, ScopaCaptured) and e.seat == view.seat:
            taken = [*e.cards, data.card]
            if view.settebello in taken:
                return Reason("takes_settebello")
            coins = [c for c in taken if c.suit == view.coins_suit]
            parts = {"cards": len(taken), "coin_cards": len(coins)}
            if coins:  # one of them names the suit, in the deck on the player's screen
                parts["coin"] = int(coins[0])
            return Reason("takes_cards", parts)
    return None


def scopa_plan(
    view: ScopaView,
    moves: Sequence[Move],
    move: Move,
    worlds: Sequence[GameState[BaseView]],
    policy: Policy[GameState[BaseView]] | None = None,
    seeds: Sequence[float] = (),
) -> list[Reason]:
    """The scopa left to nobody; else, for a capture, the most cards taken; for a card placed,
    the capture left to nobody, or the stronger primiera card kept back (the replies are read
    at once: no play on by ``policy`` is needed)."""
    i = moves.index(move)
    denied = _denied(reply_counts(worlds, moves, view.seat, Sweep), i, "denies_scopa")
    if denied is not None:
        return [denied]
    if move.kind == "capture":
        fewer = [m for m in moves if m.kind == "capture" and len(m.cards) < len(move.cards)]
        most = all(len(m.cards) <= len(move.cards) for m in moves)
        return [Reason("takes_most")] if fewer and most else []
    nothing = _denied(reply_counts(worlds, moves, view.seat, ScopaCaptured), i, "denies_capture")
    if nothing is not None:
        return [nothing]
    placed = move.cards[0]
    held = [m.cards[0] for m in moves if m.kind == "place" and m is not move]
    best = max(held, key=lambda c: PRIMIERA_POINTS[c.rank], default=None)
    if best is not None and PRIMIERA_POINTS[best.rank] > PRIMIERA_POINTS[placed.rank]:
        return [Reason("keeps_primiera", {"card": int(best)})]
    return []


# -- Cattura -----------------------------------------------------------------------------------
def cattura_said(view: CatturaView, move: Move, events: list[Event]) -> Reason | None:
    for e in events:
        took = e.data
        if isinstance(took, CatturaCaptured) and e.seat == view.seat:
            return Reason("captures_top", {"held": took.captured, "score": took.score})
    return None


def cattura_plan(
    view: CatturaView,
    moves: Sequence[Move],
    move: Move,
    worlds: Sequence[GameState[BaseView]],
    policy: Policy[GameState[BaseView]] | None = None,
    seeds: Sequence[float] = (),
) -> list[Reason]:
    """For a capture, the score raised the most; for a card sent, the capture left to nobody,
    or the next player's captures made rarer than after any other card sent (read at once, as
    Scopa's)."""
    if move.kind == "take" and worlds:
        gains = {m: _gain(view, worlds[0], m) for m in moves if m.kind == "take"}
        if gains[move] == max(gains.values()) > min(gains.values()):
            return [Reason("raises_score_most", {"points": gains[move]})]
        return []
    sends = [m for m in moves if m.kind == "send"]
    if move not in sends or len(sends) < 2:
        return []
    counts = reply_counts(worlds, sends, view.seat, CatturaCaptured)
    i = sends.index(move)
    denied = _denied(counts, i, "denies_capture")
    if denied is not None:
        return [denied]
    if counts[i] == min(counts) < max(counts):
        return [Reason("fewest_replies", {"hits": counts[i], "n": len(worlds)})]
    return []


def _gain(view: CatturaView, world: GameState[BaseView], move: Move) -> int:
    """What a capture adds to the player's score, as the engine scores it."""
    before = view.scores[view.seat]
    for e in after(world, move)[1]:
        took = e.data
        if isinstance(took, CatturaCaptured):
            return took.score - before
    return 0


SCOPA = CoachGame(scopa_said, scopa_plan)
CATTURA = CoachGame(cattura_said, cattura_plan)
