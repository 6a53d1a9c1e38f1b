"""The coach's AI half: the solitaire's verdict against the reference solver, winnable deals
won, where a lost deal was lost, and hints that depend on the player's view only."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_capodama_solver import open_position
from test_capodama_solver_agrees import hits, reference_totals

from game.ai import capodama_solver as fast
from game.ai import capodama_solver_ref as ref
from game.ai.capodama_search import SAMPLER as CAPODAMA_WORLDS
from game.ai.capodama_verdict import first_half, lost_at, verdict, winnable_seed
from game.ai.coach import Coach
from game.ai.scopa_search import SAMPLER as SCOPA_WORLDS
from game.engine import new_game
from game.engine.capodama import CapodamaState

POSITIONS = 1000


def test_the_verdict_agrees_with_the_reference_solver_on_1000_second_half_positions() -> None:
    """Every position along random lines of play of seeded second halves: the verdict is
    exact there, and says reachable exactly when the solver does from the true state (and,
    for one position in five, when the reference solver's totals hit the window)."""
    rng = random.Random(13)
    checked = reachable = 0
    seed = 0
    while checked < POSITIONS:
        ref.clear_cache()
        fast.clear_cache()
        s = open_position(seed)
        seed += 1
        while not s.is_over and checked < POSITIONS:
            view = s.view(0)
            said = verdict(view, rng)
            assert said is not None and said.exact
            assert said.window == view.window
            assert said.reachable == fast.reachable(s)  # the state's, not the view's
            if checked % 5 == 0:  # and a fifth against the reference (slow: a full search)
                won, bits = reference_totals(s)
                lo, hi = view.window
                assert said.reachable == hits(bits, lo - won, hi - won), (seed, s.history)
            checked += 1
            reachable += said.reachable
            s.play(rng.choice(s.legal_moves()))
    assert 0 < reachable < checked  # both answers were met


def test_the_first_half_verdict_samples_worlds_from_the_view() -> None:
    s = new_game("capodama", players=1, seed=3)
    assert verdict(s.view(0), random.Random(1)) is None  # the suit is not doubled yet
    s.play(s.legal_moves()[0])
    said = verdict(s.view(s.current_player), random.Random(1), worlds=6)
    assert said is not None and not said.exact and said.worlds == 6
    assert 0 <= said.hits <= 6


@pytest.mark.parametrize("start", range(1, 301, 12))
def test_every_winnable_deal_is_won_by_the_solver(start: int) -> None:
    """A deal offered as winnable: after the rule seat's first half the solver, playing every
    card of the second half, lands in the window (the engine scores it won)."""
    seed = winnable_seed(start)
    s = new_game("capodama", players=1, seed=seed)
    assert isinstance(s, CapodamaState)
    first_half(s, random.Random(seed))
    while not s.is_over:
        move = fast.best_move(s, s.legal_moves())
        assert move is not None, (seed, s.history)
        s.play(move)
    assert s.winners, seed


def test_winnable_seed_skips_deals_the_solver_cannot_win() -> None:
    skipped = 0
    for start in range(1, 40):
        seed = winnable_seed(start)
        skipped += seed != start
        for lost in range(start, seed):  # every seed passed over could not be won that way
            s = new_game("capodama", players=1, seed=lost)
            assert isinstance(s, CapodamaState)
            first_half(s, random.Random(lost))
            assert not fast.reachable(s)
    assert skipped  # about one deal in five is passed over


@pytest.mark.parametrize("seed", range(6))
def test_lost_at_names_the_move_after_which_the_window_was_out_of_reach(seed: int) -> None:
    rng = random.Random(seed)
    s = open_position(seed)
    while not s.is_over:
        s.play(rng.choice(s.legal_moves()))
    where = lost_at(s)
    if s.winners:
        assert where is None
        return
    assert where is not None
    record = s.record()
    if where.move is None:  # already out of reach when the second half was dealt
        first_open = next(
            i for i in range(len(s.history)) if fast.is_open(_replayed(record, i + 1))
        )
        assert not fast.reachable(_replayed(record, first_open + 1))
        return
    before, after = _replayed(record, where.move), _replayed(record, where.move + 1)
    assert fast.is_open(before) and fast.reachable(before)
    assert after.is_over or not fast.reachable(after)
    assert where.card is not None and str(where.card) == s.history[where.move]


def _replayed(record: dict, moves: int) -> CapodamaState:
    from game.engine import load_record

    cut = dict(record, moves=record["moves"][:moves])
    state = load_record(cut)
    assert isinstance(state, CapodamaState)
    return state


@pytest.mark.parametrize(
    ("game", "players", "sampler"),
    [("scopa", 2, SCOPA_WORLDS), ("capodama", 4, CAPODAMA_WORLDS)],
)
def test_a_hint_depends_only_on_the_players_view(game, players, sampler) -> None:
    """Two deals that differ only in cards the player cannot see give the same hint."""
    s = new_game(game, players=players, seed=8)
    while s.current_player != 0 or (game == "capodama" and s.legal_moves()[0].kind != "play"):
        s.play(s.legal_moves()[0])
    view = s.view(0)
    other = sampler.prepare(view)(random.Random(99))  # the hidden cards guessed anew
    assert other.view(0) == view
    coach = Coach(game)
    a = coach.advise(view, s.legal_moves(), random.Random(4))
    b = coach.advise(other.view(0), other.legal_moves(), random.Random(4))
    assert a == b


# -- reasons on concrete positions --------------------------------------------------------------
def _scopa(hand: list[str], table: list[str]) -> Any:
    from game.engine import ITALIAN

    shown = set(hand) | set(table)
    rest = [str(c) for c in ITALIAN.cards if str(c) not in shown]
    deal = {
        "dealer": 1,
        "hands": [hand, rest[: len(hand)]],
        "table": table,
        "deck": rest[len(hand) : len(hand) + 12],
        "captured": [[], rest[len(hand) + 12 :]],
        "last_capturer": None,
    }
    return new_game("scopa", players=2, seed=7, deal=deal)


@pytest.mark.parametrize(
    ("hand", "table", "code", "said"),
    [
        (["7C", "2S"], ["7D"], "makes_scopa", {"en": "makes a scopa", "it": "fa scopa"}),
        (["7C", "2S"], ["7D", "4B"], "takes_settebello", {"fr": "prend le settebello"}),
    ],
)
def test_the_reason_says_what_the_move_does_in_the_players_language(hand, table, code, said):
    from game import i18n
    from game.ui.hint_words import hint_reason

    s = _scopa(hand, table)
    hint = Coach("scopa").advise(s.view(0), s.legal_moves(), random.Random(1))
    assert {str(c) for c in hint.move.cards} == {"7C", "7D"}  # the 7 of coins taken
    assert hint.reasons[0].code == code
    try:
        for lang, words in said.items():
            i18n.set_language(lang)
            assert hint_reason(hint).startswith(words)
    finally:
        i18n.set_language("en")
