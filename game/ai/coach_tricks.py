"""The coach's reasons in the trick games: Capodama, Tressette and Briscola.

What a card does is read from the trick it plays to: the move is played in copies of the
sampled worlds and the others play on to the trick's end (the rule seats, as in the search's
rollouts), and the engine's trick event (:class:`~game.engine.Trick`) says who took it and for
how many points.  A card that completes a trick does the same in every world; a lead or a card
in the middle of a trick takes it in some worlds and not others, and the count is said ("your
side takes this trick in 8 of 10 sampled deals").  Beside that, what the card is for, judged
against the player's other cards in the same worlds: the stronger card kept back for a later
trick, the card worth fewest points thrown to a trick the others take anyway, the suit
emptied.  Card points and strength are the engine's own tables.

Capodama's bids (the doubled suit, the card passed, the 4th trump) are read from the hand and
the engine's card points; Tressette's Buongioco from the declaration the engine would log,
and, when the coach plays a card instead, from whether the engine still allows declaring at
the player's next turn.  A trick game in fixed sides (Tressette, Briscola) reads a trick taken
from the engine's :class:`~game.engine.tricks.SideTrick` (:func:`side_trick_said`); one with
nothing else to say is :func:`trick_coach` of its :class:`TrickGame` (Briscola).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from game.engine import BaseView, Card, Event, GameState, Move
from game.engine.capodama import CapodamaView
from game.engine.capodama_cards import STRENGTH as CAPODAMA_STRENGTH
from game.engine.capodama_cards import card_points
from game.engine.capodama_events import TrickTaken
from game.engine.tressette_events import Declared
from game.engine.tressette_tables import RAW
from game.engine.tressette_tables import STRENGTH as TRESSETTE_STRENGTH
from game.engine.tressette_view import TressetteView
from game.engine.tricks import SideTrick, TrickView

from .capodama_rules import ally_test
from .capodama_solver import best_move, is_open
from .capodama_verdict import reach_by_move
from .coach_worlds import CoachGame, Reason, WindowCoach, after, trick_end
from .search import Policy

__all__ = [
    "CAPODAMA",
    "CAPODAMA_TRICKS",
    "TRESSETTE",
    "TRESSETTE_TRICKS",
    "TrickGame",
    "bid_reason",
    "buongioco_plan",
    "capodama_partners",
    "capodama_plan",
    "capodama_said",
    "capodama_side",
    "own_side",
    "side_trick_said",
    "tressette_plan",
    "tressette_said",
    "trick_coach",
    "trick_plan",
]


def capodama_side(view: CapodamaView) -> frozenset[int]:
    """The seats the player knows to be on its side (the rule seat's reading of the view)."""
    ally = ally_test(view, view.seat)
    return frozenset(s for s in range(view.seats) if ally(s))


def own_side(view: TrickView) -> frozenset[int]:
    """The seats of the player's side, in a game of fixed sides."""
    return frozenset(view.sides[view.side])


@dataclass(frozen=True)
class TrickGame:
    """What the trick reasons read in one game: the player's side, a card's points (``thirds``:
    Tressette counts thirds of a point) and its strength in its suit; ``voids``: whether
    emptying a suit from the hand is worth saying (where the others must follow suit, a void
    lets the player trump or discard later; in Briscola nobody must, so it says nothing)."""

    side: Callable[[Any], frozenset[int]]
    worth: Callable[[Any, Card], int]
    strength: Callable[[Card], int]
    thirds: bool
    voids: bool = True


CAPODAMA_TRICKS = TrickGame(
    capodama_side,
    lambda view, c: card_points(c, view.doubled),
    lambda c: CAPODAMA_STRENGTH[c.index],
    False,
)
TRESSETTE_TRICKS = TrickGame(
    own_side,
    lambda view, c: RAW[c.index],
    lambda c: TRESSETTE_STRENGTH[c.index],
    True,
)


def _points(game: TrickGame, points: int) -> dict[str, int]:
    return {"points": points, "thirds": 1} if game.thirds else {"points": points}


# -- what the move does: the events it causes --------------------------------------------------
def capodama_said(view: CapodamaView, move: Move, events: list[Event]) -> Reason | None:
    """A trick completed by the move: taken by the player, its side (the dama saved), or, in
    the solitaire, by the capo's hand or the other."""
    side = capodama_side(view)
    dama = view.side_cards[1:2]
    for e in events:
        taken = e.data
        if not isinstance(taken, TrickTaken) or e.seat is None:
            continue
        points = {"points": taken.points}
        if view.window is not None:  # the solitaire: the capo's hand against the other
            if e.seat == view.capo:
                return Reason("capo_takes_trick", points)
            return Reason("gives_trick_away", points) if points["points"] else None
        if e.seat in side and any(c in e.cards for c in dama):
            return Reason("saves_dama")
        if e.seat == view.seat:
            return Reason("wins_trick", points)
        if e.seat in side:
            return Reason("partner_wins_trick", points)
    return None


def side_trick_said(
    game: TrickGame, view: TrickView, move: Move, events: list[Event]
) -> Reason | None:
    """A trick completed by the move and taken by the player or its partner, with its points
    (a game of fixed sides, whose trick events are :class:`~game.engine.tricks.SideTrick`)."""
    for e in events:
        won = e.data
        if isinstance(won, SideTrick):
            points = _points(game, won.worth)
            if e.seat == view.seat:
                return Reason("wins_last_trick" if won.last else "wins_trick", points)
            if won.side == view.side:
                return Reason("partner_wins_trick", points)
    return None


def tressette_said(view: TressetteView, move: Move, events: list[Event]) -> Reason | None:
    """Buongioco declared, or a trick completed by the move and taken by the player's side."""
    declared = next((e.data for e in events if isinstance(e.data, Declared)), None)
    if declared is not None:
        return Reason("declares", {"points": declared.points})
    return side_trick_said(TRESSETTE_TRICKS, view, move, events)


# -- what the card is for: the trick against the player's other cards --------------------------
def trick_plan(
    game: TrickGame,
    view: Any,
    moves: Sequence[Move],
    move: Move,
    worlds: Sequence[GameState[BaseView]],
    policy: Policy[GameState[BaseView]],
    seeds: Sequence[float],
) -> list[Reason]:
    """Why this card rather than another, the trick played out in each of ``worlds`` (world
    ``k`` with the random numbers of ``seeds[k]``, whatever the card): the card kept back,
    the card worth fewest points, the trick taken often, the suit emptied."""
    plays = [m for m in moves if m.kind == move.kind and m.cards]
    if len(plays) < 2 or not worlds or move not in plays:
        return []
    side = game.side(view)
    ends = {
        m: [trick_end(w, m, policy, random.Random(s)) for w, s in zip(worlds, seeds, strict=True)]
        for m in plays
    }
    n = sum(e is not None for e, _ in ends[move])
    if not n:
        return []

    def takes(m: Move) -> int:
        return sum(e is not None and e.seat in side for e, _ in ends[m])

    def worth(m: Move) -> int:
        return game.worth(view, m.cards[0])

    def stronger(m: Move) -> bool:
        """Worth more than the move's card, or stronger in the same suit."""
        a, b = m.cards[0], move.cards[0]
        return worth(m) > worth(move) or (a.suit == b.suit and game.strength(a) > game.strength(b))

    def kept(pool: list[Move]) -> Reason | None:
        if not pool:
            return None
        suit = move.cards[0].suit  # a card of the same suit first: "low to keep a high one"
        best = max(
            pool,
            key=lambda m: (m.cards[0].suit == suit, takes(m), worth(m), game.strength(m.cards[0])),
        )
        return Reason("keeps_card", {"card": int(best.cards[0])})

    others = [m for m in plays if m is not move]
    cheapest = worth(move) == min(worth(m) for m in plays) < max(worth(m) for m in plays)
    cheap = Reason("cheap_card", _points(game, worth(move))) if cheapest else None
    mine = takes(move)
    reasons: list[Reason | None]
    if ends[move][0][1] == 0:  # the move completes the trick: the same in every world
        if mine:
            reasons = [kept([m for m in others if takes(m) == n and stronger(m)])]
        else:
            reasons = [kept([m for m in others if takes(m) == n]) or cheap]
    elif 2 * mine >= n:
        often = Reason("takes_trick_often", {"won": mine, "n": n, "side": int(len(side) > 1)})
        reasons = [often, kept([m for m in others if takes(m) >= mine and stronger(m)])]
    else:
        reasons = [cheap, kept([m for m in others if takes(m) > mine])]
    out = [r for r in reasons if r is not None]
    if not out and game.voids:
        void = _voids(view, move)
        out = [void] if void is not None else []
    return out


def _voids(view: BaseView, move: Move) -> Reason | None:
    """The card played is the last of its suit in the hand (and the hand holds others)."""
    card = move.cards[0]
    rest = [c for c in view.hand if c != card]
    if rest and all(c.suit != card.suit for c in rest):
        return Reason("voids_suit", {"card": int(card)})
    return None


# -- Buongioco ---------------------------------------------------------------------------------
def buongioco_plan(
    view: TressetteView,
    moves: Sequence[Move],
    move: Move,
    world: GameState[BaseView],
    policy: Policy[GameState[BaseView]],
    rng: random.Random,
) -> Reason | None:
    """A card played when Buongioco could be declared: declared later (the engine still
    allows it at the player's next turn, played on in ``world``), or given up, with the
    points it would have scored now and the cards it would have shown."""
    declare = next((m for m in moves if m.kind == "declare"), None)
    if declare is None or move.kind == "declare":
        return None
    said = next((e.data, e.cards) for e in after(world, declare)[1] if isinstance(e.data, Declared))
    parts = {"points": said[0].points, "cards": len(said[1])}
    later, _ = after(world, move)
    while later.current_player is not None and later.current_player != view.seat:
        later.play(policy(later, later.legal_sequence(), rng))
    if later.current_player == view.seat and any(
        m.kind == "declare" for m in later.legal_sequence()
    ):
        return Reason("declares_later", parts)
    return Reason("skips_buongioco", parts)


# -- Capodama's bids ---------------------------------------------------------------------------
def bid_reason(view: CapodamaView, moves: Sequence[Move], move: Move) -> Reason | None:
    """A Capodama bid read from the hand and the engine's card points: the suit doubled holds
    the most points of the hand (``shared`` when another suit holds as many; a suit holding
    fewer has no reason here, the comparison of sampled deals says why); the cards
    passed give away the fewest points, give a card that makes its receiver the capo's
    partner, or empty a suit of the hand; the 4th trump is one held."""
    if move.kind == "double":
        held = {
            m.arg: sum(card_points(c, None) for c in view.hand if c.suit == m.arg) for m in moves
        }
        mine = held[move.arg]
        if mine < max(held.values()):  # chosen for what play will bring: the figure says it
            return None
        shared = list(held.values()).count(mine) > 1
        return Reason("doubles_suit", {"points": mine, "shared": int(shared)})
    if move.kind == "pass" and move.cards:
        if any(c in view.side_cards for c in move.cards):
            return Reason("passes_side_card", {"capo": int(view.seat == view.capo)})
        points = {m: sum(card_points(c, view.doubled) for c in m.cards) for m in moves}
        if points[move] == min(points.values()):
            return Reason("passes_fewest", {"points": points[move]})
        rest = [c for c in view.hand if c not in move.cards]
        emptied = [c for c in move.cards if all(k.suit != c.suit for k in rest)]
        return Reason("voids_suit", {"card": int(emptied[0])}) if emptied else None
    if move.kind == "trump" and move.cards[0] in view.hand:
        return Reason("names_held_trump")
    return None


# -- the two games as the coach reads them -----------------------------------------------------
def capodama_plan(
    view: CapodamaView,
    moves: Sequence[Move],
    move: Move,
    worlds: Sequence[GameState[BaseView]],
    policy: Policy[GameState[BaseView]],
    seeds: Sequence[float],
) -> list[Reason]:
    """A bid read from the hand before the card play; then the trick reasons of a card."""
    if view.phase != "play":
        bid = bid_reason(view, moves, move)
        return [bid] if bid is not None else []
    if not worlds:
        return []
    return trick_plan(CAPODAMA_TRICKS, view, moves, move, worlds, policy, seeds)


def tressette_plan(
    view: TressetteView,
    moves: Sequence[Move],
    move: Move,
    worlds: Sequence[GameState[BaseView]],
    policy: Policy[GameState[BaseView]],
    seeds: Sequence[float],
) -> list[Reason]:
    """Buongioco declared later or given up, then the trick reasons of a card."""
    if not worlds:
        return []
    plan = trick_plan(TRESSETTE_TRICKS, view, moves, move, worlds, policy, seeds)
    rng = random.Random(seeds[0])
    buongioco = buongioco_plan(view, moves, move, worlds[0], policy, rng)
    return [buongioco, *plan] if buongioco is not None else plan


def capodama_partners(view: Any) -> bool:
    """Capodama's sides are the capo's and the others': the capo plays alone when the cards
    that make its side are AH alone (and two seats are always two sides)."""
    alone = view.seats == 2 or (view.seat == view.capo and len(view.side_cards) == 1)
    return not alone


CAPODAMA = CoachGame(
    capodama_said, capodama_plan, capodama_partners, WindowCoach(is_open, best_move, reach_by_move)
)
TRESSETTE = CoachGame(tressette_said, tressette_plan)


def trick_coach(game: TrickGame) -> CoachGame:
    """The coach of a trick game in fixed sides with nothing of its own to say: a trick taken
    (:func:`side_trick_said`) and what the card is for (:func:`trick_plan`)."""
    return CoachGame(partial(side_trick_said, game), partial(trick_plan, game))
