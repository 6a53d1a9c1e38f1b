"""The coach: the strong seat's move for the human, with a one-line reason for it.

A hint is computed from the player's own view only, like any seat's move: the coach never sees
the state, so it cannot give away a hidden card.  The move comes from the seat of kind
:data:`HINT_SEAT` (in the solitaire's open second half, from the exact solver).  The reason is
read from the engine, never restated: the move is played in a world rebuilt from the view (the
search's own sampler, so every hidden card is a guess that agrees with the view), and the
events that move alone causes say what it does: a trick won, a scopa, the settebello taken, a
capture, the deal ended.  When the move does nothing visible at once (a lead, a card placed),
the reason is the search's figure instead: the deal played on from the same sampled worlds by
the rule seats, and how often it was won.

A reason is structure, not a sentence: a :class:`Reason` names what the move does (``code``)
and its figures (``parts``); the table says it in the player's language
(:mod:`game.ui.hint_words`), as it does the engine's refusals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import DealScored, Event, GameState, Move
from game.engine.capodama_events import TrickTaken
from game.engine.cattura_events import Captured as CatturaCaptured
from game.engine.scopa_events import Captured as ScopaCaptured
from game.engine.tressette_events import Declared, TrickWon

from . import make_seat
from .capodama_solver import best_move, is_open
from .capodama_verdict import sampled_reach
from .search import play_out, rule_policy
from .search_worlds import WorldSampler

__all__ = ["HINT_SEAT", "Coach", "Hint", "Reason", "won_share"]

#: The seat kind whose move the hint shows (the strongest level the game offers).
HINT_SEAT = "strong"
#: Worlds sampled for the reason's figure: enough for a share a player can read, cheap beside
#: the seat's own search.
FIGURE_WORLDS = 10


@dataclass(frozen=True)
class Reason:
    """What a move does, by ``code`` ("wins_trick", "makes_scopa"...), with its figures."""

    code: str
    parts: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Hint:
    """The move to play and why: one or two reasons, the first the weightier."""

    move: Move
    reasons: tuple[Reason, ...]


#: A game's reading of the events its move caused: the reason, or None when they say nothing.
Reader = Callable[[Any, Move, list[Event]], Reason | None]


class Coach:
    """Hints for one game: ``advise(view, legal, rng)`` (call it off the UI thread)."""

    def __init__(self, game: str, kind: str = HINT_SEAT) -> None:
        self.game = game
        self.seat = make_seat(kind, game)
        search = make_seat("search", game)
        self.sampler: WorldSampler[Any, Any] | None = getattr(search, "sampler", None)
        self.rules = make_seat("rules", game)
        self.reader = _READERS.get(game, _no_reason)

    def advise(self, view: Any, legal: Sequence[Move], rng: random.Random) -> Hint:
        """The move the coach would play from ``view`` and the reason for it."""
        moves = list(legal)
        if self.game == "capodama" and is_open(view):
            move = best_move(view, moves)
            if move is not None:
                lo, hi = view.window
                keeps = Reason("keeps_window", {"lo": lo, "hi": hi})
                return _hint(move, self._said(view, move, rng), keeps)
        move = self.seat.choose(view, moves, random.Random(rng.random()))
        said = self._said(view, move, rng)
        if self.game == "capodama" and view.window is not None and view.phase == "play":
            hits = sampled_reach(view, rng, FIGURE_WORLDS, move)
            lo, hi = view.window
            figure = {"lo": lo, "hi": hi, "hits": hits, "n": FIGURE_WORLDS}
            return _hint(move, said, Reason("window_sampled", figure))
        return _hint(move, said or self._figure(view, move, rng))

    def _world(self, view: Any, rng: random.Random) -> GameState | None:
        """One state agreeing with ``view`` (its hidden cards guessed), or None when the game
        cannot rebuild this moment (an announcement before the card play)."""
        if self.sampler is None:
            return None
        try:
            state: GameState = self.sampler.prepare(view)(rng)
        except ValueError:
            return None
        return state

    def _said(self, view: Any, move: Move, rng: random.Random) -> Reason | None:
        """What the events of ``move`` alone say, played in a world agreeing with the view."""
        world = self._world(view, rng)
        if world is None:
            return None
        mark = len(world.events)
        world.play(move)
        events = [e for e in world.events[mark:] if e.kind != "dealt"]
        ended = _deal_end(events, view.seat)
        return self.reader(view, move, events) or ended

    def _figure(self, view: Any, move: Move, rng: random.Random) -> Reason:
        """The search's figure: in how many sampled deals the move's side won."""
        won, worlds = won_share(self.sampler, self.rules, view, move, rng, FIGURE_WORLDS)
        if not worlds:
            return Reason("strongest_move")
        return Reason("won_sampled", {"won": won, "n": worlds})


def _hint(move: Move, *reasons: Reason | None) -> Hint:
    return Hint(move, tuple(r for r in reasons if r is not None))


def won_share(
    sampler: WorldSampler[Any, Any] | None,
    rules: Any,
    view: Any,
    move: Move,
    rng: random.Random,
    worlds: int,
) -> tuple[int, int]:
    """(deals won, deals played): ``move`` played in ``worlds`` worlds sampled from ``view``,
    each deal played on by the rule seats; (0, 0) when no world can be rebuilt here."""
    if sampler is None:
        return 0, 0
    try:
        draw = sampler.prepare(view)
    except ValueError:
        return 0, 0
    policy = rule_policy(rules)
    won = played = 0
    for _k in range(worlds):
        try:
            state: GameState = draw(rng)
        except ValueError:
            return 0, 0
        mark = state._deals_scored
        state.play(move)
        scored = play_out(state, mark, policy, rng)
        if scored is not None:
            played += 1
            won += scored.results[view.seat].won
    return won, played


# -- what the events say ---------------------------------------------------------------------
def _deal_end(events: list[Event], seat: int) -> Reason | None:
    """The deal ends with this move: won or lost, as the engine scored it."""
    for e in events:
        if e.kind == "deal_scored":
            return Reason("ends_deal_won") if e.payload(DealScored).results[seat].won else None
    return None


def _no_reason(view: Any, move: Move, events: list[Event]) -> Reason | None:
    return None


def _capodama(view: Any, move: Move, events: list[Event]) -> Reason | None:
    side = set(view.partners) if view.seat in view.partners else {view.seat}
    dama = view.side_cards[1:2]
    for e in events:
        if e.kind != "trick" or e.seat is None:
            continue
        points = {"points": e.payload(TrickTaken).points}
        if view.window is not None:  # the solitaire: the capo's hand against the other
            if e.seat == view.capo:
                return Reason("capo_takes_trick", points)
            return Reason("gives_trick_away", points) if points["points"] else None
        if e.seat in side and any(c in e.cards for c in dama):
            return Reason("saves_dama")
        if e.seat == view.seat:
            return Reason("wins_trick", points)
        if e.seat in side:
            return Reason("partner_wins_trick")
    return None


def _tressette(view: Any, move: Move, events: list[Event]) -> Reason | None:
    for e in events:
        if e.kind == "declared":
            return Reason("declares", {"points": e.payload(Declared).points})
        if e.kind == "trick":
            won = e.payload(TrickWon)
            if e.seat == view.seat:
                return Reason("wins_last_trick" if won.last else "wins_trick")
            if won.side == view.side:
                return Reason("partner_wins_trick")
    return None


def _scopa(view: Any, move: Move, events: list[Event]) -> Reason | None:
    if any(e.kind == "scopa" and e.seat == view.seat for e in events):
        return Reason("makes_scopa")
    for e in events:
        if e.kind == "captured" and e.seat == view.seat:
            taken = [*e.cards, e.payload(ScopaCaptured).card]
            if view.settebello in taken:
                return Reason("takes_settebello")
            coins = sum(c.suit == view.coins_suit for c in taken)
            return Reason("takes_cards", {"cards": len(taken), "coin_cards": coins})
    return None


def _cattura(view: Any, move: Move, events: list[Event]) -> Reason | None:
    for e in events:
        if e.kind == "captured" and e.seat == view.seat:
            return Reason("captures_top", {"held": e.payload(CatturaCaptured).captured})
    return None


_READERS: dict[str, Reader] = {
    "capodama": _capodama,
    "tressette": _tressette,
    "scopa": _scopa,
    "cattura": _cattura,
}
