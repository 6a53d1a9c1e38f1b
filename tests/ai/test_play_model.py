"""Inference from the others' plays (:mod:`game.ai.play_model`; no level reads them yet).

A concrete Tressette position (card notation) checks the likeliness where it bites: a lead
the rule seat would not have made from the guessed hand costs one :data:`SLIP`.  Random
deals check it is sound (hands played by the rule seat are always fully explained, and a
player who strays from it is never ruled out) and useful (worlds drawn with it hold more of
the true cards), and the replay is kept per hand, not redone.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.capodama_rules import CapodamaRulesSeat
from game.ai.capodama_search import SAMPLER as CAPODAMA
from game.ai.play_model import CAP, SLIP, PlayModel
from game.ai.search_worlds import Placement
from game.ai.tressette_rules import TressetteRulesSeat
from game.ai.tressette_search import SAMPLER
from game.engine import ITALIAN, new_game, parse_card
from game.engine.capodama import CapodamaState
from game.engine.tressette import TressetteState, TressetteView

RULES = TressetteRulesSeat()
#: 3 players, dealer 0: seat 2 leads, then seat 1, then seat 0.  Seat 2 holds no 3, 2 or ace
#: and seven coins, so the rule seat leads its lowest coin; seat 1 has no coins.
HANDS = [
    "1D 2D 3D 1C 2C 3S 3B 6C FC CC RC 6S 7S",
    "1S 2S FS CS RS 1B 2B 5B FB CB RB 3C 7C",
    "4D 5D 6D 7D FD CD RD 4C 5C 4S 5S 6B 7B",
]


def _model(view: TressetteView) -> PlayModel:
    return PlayModel(RULES, lambda hands: SAMPLER.replay(view, hands))


def _first_trick_to_seat_0() -> TressetteState:
    s = new_game("tressette", players=3, deal={"dealer": 0, "hands": [h.split() for h in HANDS]})
    assert isinstance(s, TressetteState)
    for move in ("4D", "5B"):  # the rule seat's lead, and seat 1's discard (void in coins)
        pick = RULES.choose(s.view(s.current_player), s.legal_moves(), random.Random(0))
        assert pick.text == move
        s.play(move)
    assert s.current_player == 0
    return s


def _swapped(truth: Placement, mine: str, theirs: str) -> Placement:
    """``truth`` with seat 2's card ``mine`` and seat 1's ``theirs`` traded."""
    a, b = parse_card(mine, ITALIAN), parse_card(theirs, ITALIAN)
    return {
        1: [a if c == b else c for c in truth[1]],
        2: [b if c == a else c for c in truth[2]],
    }


def test_a_lead_the_rule_seat_would_not_have_made_costs_one_slip() -> None:
    s = _first_trick_to_seat_0()
    view = s.view(0)
    truth: Placement = {o: list(s.hand(o)) for o in (1, 2)}
    assert _model(view).likeliness(truth) == 1.0
    # with the 3 of cups seat 2 would have cashed it (a 3 is always master), not led 4D
    assert _model(view).likeliness(_swapped(truth, "7B", "3C")) == SLIP
    # a figure of swords changes neither the lead nor seat 1's discard
    assert _model(view).likeliness(_swapped(truth, "7B", "FS")) == 1.0
    # a guess the plays contradict (seat 2 without the 4D it led) is impossible
    assert _model(view).likeliness(_swapped(truth, "4D", "FS")) == 0.0


def test_each_hand_is_replayed_once_per_decision() -> None:
    s = _first_trick_to_seat_0()
    view = s.view(0)
    calls: list[Any] = []

    def replay(hands: Placement) -> Any:
        calls.append(hands)
        return SAMPLER.replay(view, hands)

    model = PlayModel(RULES, replay)
    truth: Placement = {o: list(s.hand(o)) for o in (1, 2)}
    for _ in range(3):
        assert model.likeliness(truth) == 1.0
        assert model.likeliness(_swapped(truth, "7B", "3C")) == SLIP
    assert len(calls) == 2


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10**6), noise=st.floats(0, 1))
def test_the_true_hands_are_explained_or_at_least_kept_possible(
    players: int, seed: int, noise: float
) -> None:
    """Played by the rule seat, every seat's guess of the truth is fully explained; with
    random choices mixed in, the truth stays possible (at worst :data:`CAP` slips)."""
    s = new_game("tressette", players=players, seed=seed)
    assert isinstance(s, TressetteState)
    rng = random.Random(seed)
    strays = False
    for _ in range(rng.randrange(0, 10 * players)):
        p = s.current_player
        assert p is not None
        moves = s.legal_moves()
        pick = RULES.choose(s.view(p), moves, rng)
        if rng.random() < noise:
            other = rng.choice(moves)
            strays |= other != pick
            pick = other
        s.play(pick)
    for seat in range(players):
        view = s.view(seat)
        truth: Placement = {o: list(s.hand(o)) for o in range(players) if o != seat}
        likeliness = _model(view).likeliness(truth)
        assert likeliness >= SLIP**CAP
        if not strays:
            assert likeliness == 1.0


def test_worlds_drawn_with_the_model_hold_more_of_the_true_cards() -> None:
    """Over real 3-player deals played by the rule seat, from trick 4 to 9, the worlds a seat
    draws reading the plays put more of the others' cards where they really are."""
    rng = random.Random(4)
    right = {"blind": 0, "read": 0}
    for seed in range(6):
        s = new_game("tressette", players=3, seed=seed)
        while (seat := s.current_player) is not None and s.view(seat).deal_no == 1:
            view = s.view(seat)
            if not view.trick and 3 <= len(view.tricks) <= 8:
                for label, model in (("blind", None), ("read", RULES)):
                    draw = SAMPLER.prepare(view, model)
                    for _ in range(20):
                        world = draw(rng)
                        for o in range(3):
                            if o != seat:
                                right[label] += len(set(world.hand(o)) & set(s.hand(o)))
            s.play(RULES.choose(view, s.legal_moves(), rng))
    assert right["read"] > 1.05 * right["blind"]


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["capodama", "tressette"]),
    players=st.sampled_from([3, 4]),
    seed=st.integers(0, 10**6),
)
def test_the_replay_of_the_true_hands_ends_where_the_view_is(
    game: str, players: int, seed: int
) -> None:
    """Replayed from the true hands, the moves a game's replay lists lead every seat back to
    the very view it has (rule seats: they declare at once), wherever the card play stands
    (3 and 4 players: the tables where plays are read)."""
    sampler, rules = (CAPODAMA, CapodamaRulesSeat()) if game == "capodama" else (SAMPLER, RULES)
    s = new_game(game, players, seed=seed)
    rng = random.Random(seed)
    stop = rng.randrange(0, 8 * s.seats)
    while s.phase != "play" or stop:
        stop -= s.phase == "play"
        s.play(rules.choose(s.view(s.current_player), s.legal_moves(), rng))  # type: ignore[arg-type]
    assert sampler.replay is not None
    for seat in range(s.seats):
        view = s.view(seat)
        shown = getattr(view, "hands", {seat: view.hand})
        truth: Placement = {o: list(s.hand(o)) for o in range(s.seats) if o not in shown}
        replayed = sampler.replay(view, truth)  # type: ignore[arg-type]
        assert replayed is not None
        state, moves = replayed
        for move in moves:
            state.play(move)
        assert state.view(seat) == view


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([3, 4, 5, 6]), seed=st.integers(0, 10**6))
def test_capodama_replays_its_card_play(players: int, seed: int) -> None:
    """Capodama played by the rule seat: before the card play nothing is read, nor with 5 or 6
    players; in it, a guess of the truth is fully explained in 3 players, where the replay is
    exact, and never ruled out in 4, where the others' memory of the exchange is theirs."""
    rules = CapodamaRulesSeat()
    s = new_game("capodama", players, seed=seed)
    assert isinstance(s, CapodamaState)
    rng = random.Random(seed)
    stop = rng.randrange(0, 8 * s.seats)
    while s.current_player is not None and s.deal_no == 1 and (s.phase != "play" or stop):
        stop -= s.phase == "play"
        view = s.view(s.current_player)
        if s.phase != "play" or players > 4:
            assert CAPODAMA.replay is not None and CAPODAMA.replay(view, {}) is None
        s.play(rules.choose(view, s.legal_moves(), rng))
    if s.phase != "play":
        return
    for seat in range(s.seats):
        view = s.view(seat)
        truth: Placement = {o: list(s.hand(o)) for o in range(s.seats) if o not in view.hands}
        model = PlayModel(rules, lambda hands, view=view: CAPODAMA.replay(view, hands))
        likeliness = model.likeliness(truth)
        assert likeliness == 1.0 if players in (3, 5, 6) else likeliness >= SLIP**CAP
