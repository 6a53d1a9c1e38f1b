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
from game.engine.capodama_cards import card_points
from game.engine.capodama_events import TrickTaken
from game.engine.cattura_events import Captured as CatturaCaptured
from game.engine.scopa_events import Captured as ScopaCaptured
from game.engine.tressette_events import Declared, TrickWon

from . import make_seat
from .capodama_solver import best_move, is_open
from .capodama_verdict import sampled_reach
from .search import play_out, rule_policy
from .search_worlds import WorldSampler

__all__ = [
    "HINT_SEAT",
    "Coach",
    "Hint",
    "Reason",
    "bid_reason",
    "denies",
    "keeps_card",
    "won_share",
]

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
                return _hint(move, self._said(view, move, self._world(view, rng)), keeps)
        move = self.seat.choose(view, moves, random.Random(rng.random()))
        world = self._world(view, rng)  # what the move does, and the card it keeps back
        said = self._said(view, move, world)
        if self.game == "capodama" and view.window is not None and view.phase == "play":
            hits = sampled_reach(view, rng, FIGURE_WORLDS, move)
            lo, hi = view.window
            figure = {"lo": lo, "hi": hi, "hits": hits, "n": FIGURE_WORLDS}
            return _hint(move, said, Reason("window_sampled", figure))
        plan = self._plan(view, moves, move, world, rng)
        if said is None and plan is None:
            return _hint(move, self._figure(view, move, rng))
        return _hint(move, said, plan)

    def _world(self, view: Any, rng: random.Random) -> GameState | None:
        """One state agreeing with ``view`` (its hidden cards guessed), or None when the game
        cannot rebuild this moment (an announcement before the card play)."""
        worlds = self._worlds(view, rng, 1)
        return worlds[0] if worlds else None

    def _worlds(self, view: Any, rng: random.Random, count: int) -> list[GameState]:
        """``count`` states agreeing with ``view``, or none when it cannot be rebuilt."""
        if self.sampler is None:
            return []
        try:
            draw = self.sampler.prepare(view)
            return [draw(rng) for _ in range(count)]
        except ValueError:
            return []

    def _said(self, view: Any, move: Move, world: GameState | None) -> Reason | None:
        """What the events of ``move`` alone say, played in a copy of ``world`` (a state
        agreeing with the view; None when the game cannot rebuild this moment)."""
        if world is None:
            return None
        events = [e for e in _after(world, move)[1] if e.kind != "dealt"]
        ended = _deal_end(events, view.seat)
        return self.reader(view, move, events) or ended

    def _plan(
        self,
        view: Any,
        moves: list[Move],
        move: Move,
        world: GameState | None,
        rng: random.Random,
    ) -> Reason | None:
        """What the move is for beyond what it does at once: a bid's reason read from the hand,
        the card kept back (in ``world``, the one :meth:`_said` read), the sweep or capture
        left to nobody (in fresh worlds drawn with ``rng``)."""
        if self.game == "capodama" and view.phase != "play":
            return bid_reason(view, moves, move)
        if move.kind == "declare" or len(moves) < 2:
            return None
        if self.game in ("capodama", "tressette"):
            return keeps_card(world, moves, move, view.seat) if world is not None else None
        kind, code = {
            "scopa": ("scopa", "denies_scopa"),
            "cattura": ("captured", "denies_capture"),
        }[self.game]
        worlds = self._worlds(view, rng, FIGURE_WORLDS)
        return denies(worlds, moves, move, view.seat, kind, code) if worlds else None

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


# -- what a move is for ---------------------------------------------------------------------
def _after(state: GameState, move: Move) -> tuple[GameState, list[Event]]:
    """A copy of ``state`` after ``move``, and the events the move caused."""
    copy = state.clone()
    mark = len(copy.events)
    copy.play(move)
    return copy, copy.events[mark:]


def _trick_taker(events: list[Event]) -> int | None:
    """The seat that took the trick these events complete, if they complete one."""
    return next((e.seat for e in events if e.kind == "trick"), None)


def keeps_card(state: GameState, moves: list[Move], move: Move, seat: int) -> Reason | None:
    """The card held back ("keeps the 7 for later"): ``move`` completes a trick that ``seat``
    does not take, though another of its cards would have taken it.  That card is named in
    ``card``: the first such card in the hand's own order (suit by suit, strongest first)."""
    _, events = _after(state, move)
    taker = _trick_taker(events)
    if taker is None or taker == seat:
        return None
    kept = [
        m.cards[0]
        for m in moves
        if m is not move and m.kind == move.kind and _trick_taker(_after(state, m)[1]) == seat
    ]
    if not kept:
        return None
    order = {c: k for k, c in enumerate(state.view(seat).hand)}  # the hand's own order
    return Reason("keeps_card", {"card": int(min(kept, key=order.__getitem__))})


def _reply_can(state: GameState, move: Move, seat: int, kind: str) -> bool:
    """Whether, after ``seat`` plays ``move``, the next player has a move that logs ``kind``
    for itself (a scopa, a capture)."""
    after, _ = _after(state, move)
    nxt = after.current_player
    if nxt is None or nxt == seat:
        return False
    return any(
        any(e.kind == kind and e.seat == nxt for e in _after(after, reply)[1])
        for reply in after.legal_moves()
    )


def denies(
    worlds: list[GameState], moves: list[Move], move: Move, seat: int, kind: str, code: str
) -> Reason | None:
    """The answer left to nobody ("leaves no scopa"): in none of the sampled ``worlds`` can
    the next player answer ``move`` with a move logging ``kind`` (a scopa, a capture), while
    after some other move of ``seat`` it could in at least one.  The reason is ``code``."""
    if any(_reply_can(w, move, seat, kind) for w in worlds):
        return None
    others = (m for m in moves if m is not move)
    if not any(_reply_can(w, m, seat, kind) for m in others for w in worlds):
        return None
    return Reason(code)


def bid_reason(view: Any, moves: list[Move], move: Move) -> Reason | None:
    """A Capodama bid read from the hand and the engine's card points: the suit doubled holds
    the most points of the hand (``shared`` when another suit holds as many), the card passed
    the fewest, the 4th trump is one held."""
    if move.kind == "double":
        held = {
            m.arg: sum(card_points(c, None) for c in view.hand if c.suit == m.arg) for m in moves
        }
        mine = held[move.arg]
        most = mine == max(held.values())
        shared = most and list(held.values()).count(mine) > 1
        return Reason("doubles_suit", {"points": mine, "most": int(most), "shared": int(shared)})
    if move.kind == "pass" and len(move.cards) == 1:
        points = {m.cards[0]: card_points(m.cards[0], view.doubled) for m in moves}
        given = points[move.cards[0]]
        if given == min(points.values()):
            return Reason("passes_fewest", {"points": given})
        return None
    if move.kind == "trump" and move.cards[0] in view.hand:
        return Reason("names_held_trump")
    return None


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
            coins = [c for c in taken if c.suit == view.coins_suit]
            parts = {"cards": len(taken), "coin_cards": len(coins)}
            if coins:  # one of them names the suit, in the deck on the player's screen
                parts["coin"] = int(coins[0])
            return Reason("takes_cards", parts)
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
