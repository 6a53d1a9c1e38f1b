"""The coach: the strong seat's move for the human, with a one-line reason for it.

A hint is computed from the player's own view only, like any seat's move: the coach never sees
the state, so it cannot give away a hidden card.  The move comes from the seat of kind
:data:`HINT_SEAT` (in the solitaire's open second half, from the exact solver).  The reasons
are read from the engine, never restated: the move is played in worlds rebuilt from the view
(the search's own sampler, so every hidden card is a guess that agrees with the view), and
the engine's events and results say what it does and what it is for, per game
(the :class:`~.coach_worlds.CoachGame` its catalogue entry names, in :mod:`.coach_tricks` and
:mod:`.coach_captures`, over the readings of :mod:`.coach_worlds`): a
trick won, a scopa, the settebello taken, a capture; the card kept back, the card worth
fewest points, the scopa left to nobody, a bid read from the hand.  A lone legal move says so.
When nothing of that applies, the reason is a comparison: the deal played on from the same
sampled worlds by the rule seats after the move and after every other move, and how often the
player's side won it after the move and after the next best one.

A reason is structure, not a sentence: a :class:`Reason` names what the move does (``code``),
its figures (``parts``) and the move it is compared with; the table says it in the player's
language (:mod:`game.ui.hint_words`), as it does the engine's refusals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from game.catalog import CATALOG, load
from game.engine import BaseView, DealScored, Dealt, Event, GameState, Move

from . import make_seat
from .coach_captures import denies
from .coach_tricks import bid_reason
from .coach_worlds import CoachGame, Reason, WindowCoach, after, deal_outcomes
from .search import rule_policy
from .search_worlds import WorldSampler

__all__ = [
    "COMPARED_MOVES",
    "DOES",
    "FIGURES",
    "FIGURES_ONLY",
    "FIGURE_WORLDS",
    "FOR",
    "HINT_SEAT",
    "Coach",
    "Hint",
    "Reason",
    "bid_reason",
    "denies",
    "has_partners",
    "reasons_of",
]

#: The seat kind whose move the hint shows (the strongest level the game offers).
HINT_SEAT = "strong"
#: Worlds sampled for the reasons and the figure: enough for a share a player can read, cheap
#: beside the seat's own search.
FIGURE_WORLDS = 10
#: The most other moves the figure plays on to the deal's end (the rule seat's first): a
#: 6-player exchange offers dozens of pairs of cards.
COMPARED_MOVES = 12
#: At most this many reasons make a hint's line.
REASONS = 2

#: The reasons that say what a move does, read from the events it causes (or the bid made).
DOES = frozenset(
    {
        "capo_takes_trick",
        "captures_top",
        "cheap_card",
        "declares",
        "doubles_suit",
        "ends_deal_won",
        "gives_trick_away",
        "makes_scopa",
        "partner_wins_trick",
        "passes_side_card",
        "saves_dama",
        "takes_cards",
        "takes_settebello",
        "takes_trick_often",
        "voids_suit",
        "wins_last_trick",
        "wins_trick",
    }
)
#: The reasons that say what a move is for, judged against the player's other moves.
FOR = frozenset(
    {
        "declares_later",
        "denies_capture",
        "denies_scopa",
        "fewest_replies",
        "keeps_card",
        "keeps_primiera",
        "keeps_window",
        "names_held_trump",
        "only_move",
        "passes_fewest",
        "raises_score_most",
        "skips_buongioco",
        "takes_most",
        "window_out_of_reach",
    }
)
#: The figures of sampled deals, said when no reason of :data:`DOES` or :data:`FOR` applies:
#: with the next best move's figure beside it (``next``), or, when no world can be rebuilt,
#: the strongest seat's authority alone ("strongest_move").
FIGURES = frozenset({"won_sampled", "window_sampled", "strongest_move"})


@dataclass(frozen=True)
class Hint:
    """The move to play and why: one or two reasons, the first the weightier."""

    move: Move
    reasons: tuple[Reason, ...]


def _no_reason(view: Any, move: Move, events: list[Event]) -> Reason | None:
    return None


def _no_plan(*_: Any) -> list[Reason]:
    return []


#: The reason makers of a game whose entry names none: only the comparison of sampled deals.
FIGURES_ONLY = CoachGame(_no_reason, _no_plan)


def reasons_of(game: str) -> CoachGame:
    """The coach's reason makers for ``game``, as its catalogue entry names them."""
    entry = CATALOG.get(game)
    target = entry.coach if entry is not None else None
    return FIGURES_ONLY if target is None else cast(CoachGame, load(target))


def has_partners(view: Any) -> bool:
    """Whether the player's deal is won or lost with partners ("your side") or alone ("you"),
    as the view tells (its sides, or the game's own reading: Capodama's capo side)."""
    return reasons_of(view.game).partners(view)


class Coach:
    """Hints for one game: ``advise(view, legal, rng)`` (call it off the UI thread)."""

    def __init__(self, game: str, kind: str = HINT_SEAT) -> None:
        self.game = game
        self.seat = make_seat(kind, game)
        search = make_seat("search", game)
        self.sampler: WorldSampler[Any, Any] | None = getattr(search, "sampler", None)
        self.rules = make_seat("rules", game)
        self.policy = rule_policy(self.rules)
        self.reasons = reasons_of(game)

    def advise(self, view: Any, legal: Sequence[Move], rng: random.Random) -> Hint:
        """The move the coach would play from ``view`` and the reasons for it."""
        moves = list(legal)
        window = self._window(view)
        if window is not None and window.is_open(view):
            return self._open(window, view, moves, rng)
        move = self.seat.choose(view, moves, random.Random(rng.random()))
        return Hint(move, self.explain(view, moves, move, rng))

    def _window(self, view: Any) -> WindowCoach | None:
        """The game's window, where ``view`` is its solitaire (not a match of the game)."""
        window = self.reasons.window
        return None if window is None or view.window is None else window

    def explain(
        self, view: Any, legal: Sequence[Move], move: Move, rng: random.Random
    ) -> tuple[Reason, ...]:
        """The reasons for playing ``move`` from ``view`` (the review asks them of the move it
        judges best); in the solitaire's open second half, whether it keeps the window within
        reach (asked of a move that keeps it whenever one does: the coach's or the review's
        best), as the exact solver says."""
        moves = list(legal)
        window = self._window(view)
        if window is not None and window.is_open(view):
            lo, hi = view.window
            reach = window.best_move(view, moves) is not None
            code = "keeps_window" if reach else "window_out_of_reach"
            return (Reason(code, {"lo": lo, "hi": hi}),)
        worlds = self._worlds(view, rng, FIGURE_WORLDS)
        seeds = [rng.random() for _ in worlds]
        said = self._said(view, move, worlds)
        if len(moves) == 1:
            return _reasons(said, Reason("only_move"))
        if window is not None and view.phase == "play":
            return _reasons(said, self._window_figure(window, view, moves, move, rng))
        plan = self._plan(view, moves, move, worlds, seeds)
        reasons = [r for r in (said, *plan) if r is not None]
        if not reasons:
            reasons = [self._figure(view, moves, move, worlds, seeds)]
        return tuple(reasons[:REASONS])

    def _open(self, window: WindowCoach, view: Any, moves: list[Move], rng: random.Random) -> Hint:
        """The solitaire's second half, every card face up: the exact solver's move."""
        world = self._worlds(view, rng, 1)
        lo, hi = view.window
        move = window.best_move(view, moves)
        if move is None:  # no card reaches the window any more: the strongest seat's card
            move = self.seat.choose(view, moves, random.Random(rng.random()))
            said = self._said(view, move, world)
            return _hint(move, said, Reason("window_out_of_reach", {"lo": lo, "hi": hi}))
        keeps = Reason("keeps_window", {"lo": lo, "hi": hi})
        return _hint(move, self._said(view, move, world), keeps)

    def _worlds(self, view: Any, rng: random.Random, count: int) -> list[GameState[BaseView]]:
        """``count`` states agreeing with ``view``, or none when the game cannot rebuild this
        moment (an announcement before the card play)."""
        if self.sampler is None:
            return []
        try:
            draw = self.sampler.prepare(view)
            return [draw(rng) for _ in range(count)]
        except ValueError:
            return []

    def _said(self, view: Any, move: Move, worlds: Sequence[GameState[BaseView]]) -> Reason | None:
        """What the events of ``move`` alone say, played in a copy of the first of ``worlds``
        (states agreeing with the view; none when the game cannot rebuild this moment)."""
        if not worlds:
            return None
        events = [e for e in after(worlds[0], move)[1] if not isinstance(e.data, Dealt)]
        ended = _deal_end(events, view.seat)
        return self.reasons.said(view, move, events) or ended

    def _plan(
        self,
        view: Any,
        moves: list[Move],
        move: Move,
        worlds: list[GameState[BaseView]],
        seeds: list[float],
    ) -> list[Reason]:
        """What the move is for beyond what it does at once, judged against the other moves
        in the same ``worlds`` (world ``k`` played on with the random numbers of
        ``seeds[k]``): a bid read from the hand, the Buongioco kept or given up, the trick
        reasons of a card, the scopa or capture left to nobody..."""
        return self.reasons.plan(view, moves, move, worlds, self.policy, seeds)

    def _figure(
        self,
        view: Any,
        moves: list[Move],
        move: Move,
        worlds: list[GameState[BaseView]],
        seeds: list[float],
    ) -> Reason:
        """The comparison: in how many of the sampled deals the player's side won after the
        move and after the next best other move (the most deals won, then points), each move
        played in the same worlds and played on by the rule seats."""
        if not worlds:
            return Reason("strongest_move")
        others = [m for m in moves if m != move]
        if len(others) > COMPARED_MOVES:  # the rule seat's move first, then the first others
            first = self.rules.choose(view, moves, random.Random(seeds[0]))
            others = sorted(others, key=lambda m: m != first)[:COMPARED_MOVES]
        mine, *rest = deal_outcomes(worlds, [move, *others], view.seat, self.policy, seeds)
        if not mine.played:
            return Reason("strongest_move")
        k = max(range(len(rest)), key=lambda i: (rest[i].won, rest[i].points))
        parts = {"won": mine.won, "n": mine.played, "next": rest[k].won}
        parts["side"] = int(has_partners(view))
        return Reason("won_sampled", parts, others[k])

    def _window_figure(
        self, window: WindowCoach, view: Any, moves: list[Move], move: Move, rng: random.Random
    ) -> Reason:
        """The solitaire's first half: in how many sampled deals the window stays within reach
        after the move and after the next best other move (the same worlds for both)."""
        others = [m for m in moves if m != move]
        hits, *rest = window.reach(view, rng, FIGURE_WORLDS, [move, *others])
        lo, hi = view.window
        parts = {"lo": lo, "hi": hi, "hits": hits, "n": FIGURE_WORLDS}
        k = max(range(len(rest)), key=rest.__getitem__)
        return Reason("window_sampled", {**parts, "next": rest[k]}, others[k])


def _hint(move: Move, *reasons: Reason | None) -> Hint:
    return Hint(move, _reasons(*reasons))


def _reasons(*reasons: Reason | None) -> tuple[Reason, ...]:
    return tuple(r for r in reasons if r is not None)


def _deal_end(events: list[Event], seat: int) -> Reason | None:
    """The deal ends with this move: won or lost, as the engine scored it."""
    for e in events:
        scored = e.data
        if isinstance(scored, DealScored):
            return Reason("ends_deal_won") if scored.results[seat].won else None
    return None
