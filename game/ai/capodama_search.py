"""A search seat for Capodama: determinized Monte Carlo over what its seat cannot see.

For each decision it deals the hidden cards many times at random, in ways that agree with
everything the seat knows (:func:`hidden_cards`), rebuilds each such world and plays every
candidate move in it to the end of the deal with the rule-based seat for everyone.  It keeps
the move with the best mean result over the worlds: deal won first, its side's card points
second.  Every candidate is tried in the same worlds, so the comparison is fair even with few
samples.

What the worlds honour.  Hard facts, never broken: hand sizes, cards played, the suits each
player has shown to be void in by the following rule, the announced capo's AH and where the
seat's own passed cards went.  Soft facts, by likelihood (:func:`_weights`, a model of the
opponents as the rule seat with some noise): a capo dealt the dama (QH) passes it to its
left, so the capo rarely holds it and the capo's left neighbour holds it about twice as
often as another seat, unless the seat saw the capo's pass; in 3 players the capo names its
own card as the 4th trump; the doubled suit is the one the capo's cards are worth most in.

The bidding is searched too, on the same core: the doubled suit, the 4th trump and the card(s)
to pass.  Before the card play a world is a deal of the hidden hands with the public choices
made so far replayed (:func:`_rebuild`); where the legal moves are many (the 4th trump, the
pass) only the rule seat's first few picks are searched (:meth:`CapodamaSearchSeat.choose`).
The card play replays from any guess (:func:`_replay`: each hand now plus what its seat
played), so a seat that reads the plays (``infer_play``, :mod:`.play_model`) keeps the
guesses under which the rule seat would have played the cards the others played: in 3 and 4
players (:data:`READ_PLAYS_UP_TO`).  In 4 players what another seat passed and received is its
own secret, so the model plays it without that memory (and still explains a rule seat's true
hand: docs/EXPERIMENTS.md).

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.engine import FRENCH, Card, DealScored, Move, new_game
from game.engine.capodama import CapodamaState, CapodamaView
from game.engine.capodama_cards import (
    STRENGTH,
    SUIT,
    card_points,
    points_to_win,
    side_marks,
)
from game.engine.capodama_events import CapodamaScored

from .capodama_rules import CapodamaRulesSeat
from .evaluation import EvaluationSpec
from .search import Budget, DealResult, DeterminizedSearch
from .search_worlds import PILE, Hidden, Placement, WorldSampler, played_by, unseen

__all__ = ["CANDIDATES", "CapodamaSearchSeat", "hidden_cards", "rule_candidates"]

#: Card points (a deal has 150) worth less than a won deal: they order moves that win alike.
POINTS_SCALE = 1 / 300
DEAL_RESULT = DealResult(POINTS_SCALE)

#: How many of the rule seat's picks a bidding decision with many legal moves searches.
CANDIDATES = 4
#: The opponent model's noise: how likely, relative to its habit, a capo keeps a dealt QH
#: (and plays alone), names another's card as 4th trump, or doubles another suit than the one
#: its cards are worth most in (mild: the seat sees the capo's hand at the double only
#: roughly, give or take the exchanged card).
KEEP_DAMA = 0.1
FOURTH_NOT_OWN = 0.1
OTHER_DOUBLE = 0.4

#: The most seats whose plays are read (:func:`_replay`): with five others to explain, each
#: world cost the strong seat about twice its rollouts (over its 1 s median), and their
#: two-card exchanges, secret to the rest, make the model loosest there.
READ_PLAYS_UP_TO = 4

RULES = CapodamaRulesSeat()
#: The doubles the engine offers a capo, asked of a fresh match once.
_DOUBLES = tuple(new_game("capodama", 3, seed=0).legal_moves())


def _evaluate(scored: DealScored | None, state: CapodamaState, view: CapodamaView) -> float:
    """The core's won-then-points, except in the solitaire, where more points can lose: there
    the points count by their distance to the middle of the payload's winning window."""
    assert isinstance(scored, CapodamaScored)  # a deal always ends with its last trick
    if scored.window is None:
        return DEAL_RESULT(scored, state, view)
    lo, hi = scored.window
    mine = scored.results[view.seat]
    return (1.0 if mine.won else 0.0) - abs(mine.points - (lo + hi) / 2) * POINTS_SCALE


def _sides(state: CapodamaState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The capo side as settled, and the others."""
    team = state.team()
    return team, tuple(s for s in range(state.seats) if s not in team)


def _final(scored: DealScored, seat: int) -> float:
    """The card points ``seat``'s side took, less what it needed to win."""
    assert isinstance(scored, CapodamaScored)
    capo_side = seat in scored.team
    taken = scored.points if capo_side else scored.total - scored.points
    return float(taken - points_to_win(len(scored.results), capo_side))


def features(state: CapodamaState, seat: int) -> tuple[list[float], int]:
    """What a position of the card play holds for ``seat``'s side (in a world, where every
    hand is known): the card points it took and holds, what it needs, its trumps, the suits
    whose best card left it holds, and whether it leads; and the cards left in a hand."""
    view = state.view(seat)
    team = set(state.team())
    ours = team if seat in team else set(range(view.seats)) - team
    trumps = set(view.trumps)
    in_hand = held_trumps = 0
    best = [(-1, False)] * 4  # per suit, trumps aside: the best card left, and whose
    for s in range(view.seats):
        mine = s in ours
        for card in state.hand(s):
            i = card.index
            if mine:
                in_hand += card_points(i, view.doubled)
                held_trumps += card in trumps
            if card not in trumps and STRENGTH[i] > best[SUIT[i]][0]:
                best[SUIT[i]] = (STRENGTH[i], mine)
    commands = sum(1 for strength, mine in best if strength >= 0 and mine)
    return (
        [
            1.0,
            sum(view.points_won[s] for s in ours),
            in_hand,
            points_to_win(view.players, seat in team),
            held_trumps,
            commands,
            1.0 if view.leader in ours else 0.0,
        ],
        len(state.hand(seat)),
    )


EVALUATION = EvaluationSpec(
    names=("one", "taken", "in hand", "needs", "trumps", "commands", "leads"),
    features=features,  # type: ignore[arg-type]
    final=_final,
    sides=_sides,
    margin_scale=POINTS_SCALE,
    progress=lambda state: state.tricks_taken,
)


def hidden_cards(view: CapodamaView) -> Hidden:
    """What ``view`` hides: the hands it does not show and the set-aside pile.

    Known placements: the capo announced holding AH (it is never passed), so until played it
    is in the capo's hand; a card the seat passed (4-6 players) is in its receiver's hand, left
    first, then (6 players) right.  Voids are the view's own (:meth:`CapodamaView.voids`).  In
    the card play the soft facts weigh each placement (:func:`_weights`).
    """
    played = [c for _, t, _, _ in view.tricks for _, c in t] + [c for _, c in view.trick]
    shown = [c for hand in view.hands.values() for c in hand]
    pool = unseen(CapodamaState.info.cards_for(view.players), [*shown, *played])
    seats = [s for s in range(view.seats) if s not in view.hands]
    sizes = {s: view.hand_sizes[s] for s in seats}
    if view.set_aside:
        sizes[PILE] = view.set_aside
    fixed: dict[int, list[Card]] = {s: [] for s in seats}
    known = _passes(view)
    known.append((FRENCH.by_index(side_marks(view.seats)[0]), view.capo))  # the capo's AH
    for card, seat in known:
        if card in pool and seat in fixed:
            fixed[seat].append(card)
    voids = view.voids()
    return Hidden(
        pool=pool,
        sizes=sizes,
        fixed={s: tuple(cards) for s, cards in fixed.items() if cards},
        voids={s: voids[s] for s in seats if voids[s]},
        weight=_weights(view, set(pool)) if view.phase == "play" else None,
    )


def _passes(view: CapodamaView) -> list[tuple[Card, int]]:
    """The cards this seat passed (4-6 players) and who received each: left first, then
    (6 players) right."""
    if view.seats < 4:
        return []
    receivers = [(view.seat + 1) % view.seats, (view.seat - 1) % view.seats]
    return list(zip(view.passed, receivers, strict=False))


Weight = Callable[[Placement], float]


def _weights(view: CapodamaView, pool: set[Card]) -> Weight | None:
    """The soft facts of the card play, as one likelihood of a placement (None: no fact)."""
    parts = [
        w
        for w in (_dama_weight(view, pool), _fourth_weight(view, pool), _double_weight(view))
        if w is not None
    ]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]

    def weight(hands: Placement) -> float:
        out = 1.0
        for part in parts:
            out *= part(hands)
        return out

    return weight


def _holder(hands: Placement, card: Card) -> int | None:
    return next((s for s, cards in hands.items() if card in cards), None)


def _dama_weight(view: CapodamaView, pool: set[Card]) -> Weight | None:
    """Where the dama is, by the exchange: a capo dealt QH passes it left (1 - KEEP_DAMA), and
    no one else gives QH away (it is a trump).  So the capo holds it only if it kept it, and
    the capo's left neighbour is twice as likely as another seat (it holds QH when dealt it
    and when the capo was), unless the seat saw the capo's pass (it is the capo or its left
    neighbour): then nothing moved the dama but a capo's keeping it."""
    if view.seats < 4 or len(view.side_cards) < 2 or view.side_cards[1] not in pool:
        return None
    dama, capo = view.side_cards[1], view.capo
    left = (capo + 1) % view.seats
    moved = view.seat not in (capo, left)  # the capo's left pass is unknown to the seat
    other = 0.5 if moved else 1.0
    table = {capo: KEEP_DAMA * other, left: 1.0}

    def weight(hands: Placement) -> float:
        holder = _holder(hands, dama)
        return other if holder is None else table.get(holder, other)

    return weight


def _fourth_weight(view: CapodamaView, pool: set[Card]) -> Weight | None:
    """The capo names one of its own cards as the 4th trump (the rule seat always can)."""
    fourth = view.fourth_trump
    if fourth is None or fourth not in pool or view.seat == view.capo:
        return None
    capo = view.capo

    def weight(hands: Placement) -> float:
        return 1.0 if fourth in hands.get(capo, ()) else FOURTH_NOT_OWN

    return weight


def _double_weight(view: CapodamaView) -> Weight | None:
    """The capo doubles the suit its cards are worth most in (asked of the rule seat, over
    the capo's hand at the double as the seat can rebuild it: now plus what it played, plus
    its pass when this seat received it and less this seat's own pass to it; a pass the seat
    did not see stays a card off, which the mild :data:`OTHER_DOUBLE` allows for)."""
    if view.doubled is None or view.seat == view.capo or view.seats < 3:
        return None
    capo, n, seat = view.capo, view.seats, view.seat
    base = set(played_by(view, capo))
    if n in (4, 5) and view.received and seat == (capo + 1) % n:
        base.add(view.received[0])  # the capo's one pass went to this seat
    mine = {c for c, to in _passes(view) if to == capo}  # this seat's pass to the capo
    rng = random.Random(0)  # the rule seat's double draws nothing; the rng only fills the call

    def weight(hands: Placement) -> float:
        hand = (set(hands.get(capo, ())) | base) - mine
        guess = replace(view, phase="double", hand=tuple(hand))
        pick = RULES.choose(guess, _DOUBLES, rng)
        return 1.0 if pick.arg == view.doubled else OTHER_DOUBLE

    return weight


def _rebuild(
    view: CapodamaView, hands: dict[int, list[Card]], aside: list[Card], seed: int
) -> CapodamaState:
    hidden: dict[int, Sequence[Card]] = dict(hands)
    if view.phase == "play":
        return CapodamaState.from_view(view, hidden, aside, seed=seed)
    return _deal_world(view, hidden, aside, seed)


def _deal_world(
    view: CapodamaView, hidden: dict[int, Sequence[Card]], aside: list[Card], seed: int
) -> CapodamaState:
    """A position of the bidding: the guessed deal, then the public choices made so far
    replayed (the doubled suit, the 4th trump), and the passes the seats before this one have
    chosen, unseen, guessed as the rule seat's."""
    full = {**hidden, **view.hands}
    deal = {
        "dealer": view.dealer,
        "hands": [[str(c) for c in full[s]] for s in range(view.seats)],
        "set_aside": [str(c) for c in aside],
    }
    state = CapodamaState(view.players, {"target": view.target}, seed, deal)
    rng = random.Random(seed)
    if view.doubled is not None:
        state.play(next(m for m in state.legal_moves() if m.arg == view.doubled))
    if view.fourth_trump is not None:
        state.play(next(m for m in state.legal_moves() if m.cards[0] == view.fourth_trump))
    while state.current_player != view.current_player:
        seat = state.current_player
        assert seat is not None
        state.play(RULES.choose(state.view(seat), state.legal_moves(), rng))
    return state


def _replay(view: CapodamaView, hands: Placement) -> tuple[CapodamaState, list[str]] | None:
    """The card play as it began under ``hands`` (every hand now plus what its seat played),
    and the cards played since; None before the card play, and where no play is read (1, 2,
    5 and 6 players)."""
    if view.phase != "play" or not 3 <= view.seats <= READ_PLAYS_UP_TO:
        return None
    full = {**hands, **view.hands}
    start = [[*full[s], *played_by(view, s)] for s in range(view.seats)]
    moves = [str(c) for _, t, _, _ in view.tricks for _, c in t] + [str(c) for _, c in view.trick]
    return CapodamaState.at_play_start(view, start), moves


SAMPLER = WorldSampler(hidden_cards, _rebuild, _replay)


def rule_candidates(
    view: CapodamaView, legal_moves: Sequence[Move], rng: random.Random, count: int = CANDIDATES
) -> list[Move]:
    """The rule seat's ``count`` first picks: its choice, then its choice without that, and
    so on (the moves a sensible player would weigh, in its order)."""
    left = list(legal_moves)
    picks: list[Move] = []
    while left and len(picks) < count:
        pick = RULES.choose(view, left, rng)
        picks.append(pick)
        left.remove(pick)
    return picks


class CapodamaSearchSeat(DeterminizedSearch[CapodamaView, CapodamaState]):
    """Searches ``samples`` worlds per decision, within ``seconds`` of its own CPU time (the
    cap keeps a slow machine's worst decision under a second; the worlds decide the move)."""

    EVALUATION = EVALUATION

    def __init__(self, samples: int = 24, seconds: float = 0.9) -> None:
        super().__init__(SAMPLER, RULES, Budget(samples, seconds), evaluate=_evaluate)

    def choose(self, view: CapodamaView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if view.phase != "play" and len(legal_moves) > CANDIDATES:
            legal_moves = rule_candidates(view, legal_moves, rng)
        return super().choose(view, legal_moves, rng)

    def secret(self, world: CapodamaState, player: int) -> bool:
        """Whether ``player`` is on the capo's side: in 4-6 players the dama (and the 6-player
        KH) knows it is, and plays for the capo, long before the others can tell."""
        return player in world.team()

    def unseen(self, world: CapodamaState, seat: int) -> bool:
        """Another seat's pass in the exchange: a secret (its receiver sees only the card)."""
        return world.phase == "exchange" and world.current_player != seat
