"""Chance is a step: the move that scores a deal leaves a match that goes on *between deals*,
where nobody is to move and the views show the ended deal, until ``deal_next()`` deals the next
one.  Reading a state never changes it; records replay through the step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import GAMES, DealScored, Dealt, GameState, IllegalMove, load_record, new_game

VARIANTS = [(name, p) for name in sorted(GAMES) for p in GAMES[name].players]


def _to_first_deal_end(state: GameState, rng: random.Random) -> list[str]:
    """Random moves until the first deal is scored; the moves played."""
    played = []
    while state.current_player is not None:
        move = rng.choice(state.legal_moves())
        state.play(move)
        played.append(move.text)
    return played


def _fields(state: GameState) -> dict[str, object]:
    """Every attribute a state holds, as it holds it (lists copied), but those equality leaves
    out (``StateFields.unsnapped``: memos a view adds what it worked out to, bookkeeping)."""
    memos = state.FIELDS.unsnapped
    return {
        k: list(v) if isinstance(v, list) else v for k, v in vars(state).items() if k not in memos
    }


@pytest.mark.parametrize(("game", "players"), VARIANTS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_a_scored_deal_waits_between_deals_until_the_step(
    game: str, players: int, seed: int
) -> None:
    state = new_game(game, players=players, seed=seed)
    cls = type(state)
    played = _to_first_deal_end(state, random.Random(seed))
    scored = [e.data for e in state.events if isinstance(e.data, DealScored)]
    assert state.deals_scored == 1 and state.last_scored is scored[0]
    if not state.between_deals:  # the match ended with its first deal (the solitaire...)
        assert state.is_over and state.legal_moves() == []
        with pytest.raises(IllegalMove) as over:
            state.deal_next()
        assert over.value.code == "not_between_deals"
        return
    assert state.current_player is None and not state.is_over
    assert state.legal_moves() == [] and not state.legal_sequence()
    # reading anything changes nothing: the views are the ended deal's, every time
    before = _fields(state)
    views = [state.view(s) for s in range(state.seats)]
    assert [state.view(s) for s in range(state.seats)] == views
    assert all(v.deal_no == 1 for v in views)
    assert state == state.clone() and hasattr(state, "anything") is False
    assert type(state) is cls and _fields(state) == before
    # no move now, by any way of asking, and the refusal changes nothing
    events = len(state.events)
    for attempt in (lambda: state.play(played[-1]), lambda: state.play_as(0, played[-1])):
        with pytest.raises(IllegalMove) as refused:
            attempt()
        assert refused.value.code == "between_deals"
    assert _fields(state) == before and len(state.events) == events
    # a clone waits too, and its step deals what the state's own step deals
    twin = state.clone()
    assert twin.between_deals and twin.legal_moves() == []
    state.deal_next()
    twin.deal_next()
    assert state == twin and type(state) is cls
    assert not state.between_deals and state.current_player is not None
    assert state.legal_moves() and state.view(0).deal_no == 2
    assert any(isinstance(e.data, Dealt) for e in state.events[events:])
    assert [state.view(s) for s in range(state.seats)] != views
    with pytest.raises(IllegalMove) as twice:
        state.deal_next()
    assert twice.value.code == "not_between_deals"


@pytest.mark.parametrize(("game", "players"), [("scopa", 2), ("capodama", 4), ("tressette", 4)])
def test_a_record_replays_through_the_step(game: str, players: int) -> None:
    """A record whose last move scored a deal replays to a state between deals (a match saved
    there resumes there), or past the step where the state had taken it; a move after it
    implies the step."""
    state = new_game(game, players=players, seed=5)
    rng = random.Random(5)
    _to_first_deal_end(state, rng)
    assert state.between_deals
    saved = load_record(state.record())
    assert saved.between_deals and saved == state and "deal_next" not in state.record()
    state.deal_next()
    dealt = load_record(state.record())
    assert state.record()["deal_next"] is True
    assert not dealt.between_deals and dealt == state and dealt.view(0) == state.view(0)
    state.play(rng.choice(state.legal_moves()))
    assert "deal_next" not in state.record()
    again = load_record(state.record())
    assert not again.between_deals and again == state
    assert again.deals_scored == 1 and again.last_scored == state.last_scored


def test_phase_and_seat_between_deals() -> None:
    """The state's phase reads "between_deals" while its views keep the ended deal's phase and
    the seat its last trick left on lead."""
    state = new_game("tressette", players=4, seed=3)
    _to_first_deal_end(state, random.Random(3))
    view = state.view(0)
    assert state.phase == "between_deals" and view.phase == "play"
    assert state.current_player is None and view.current_player == view.tricks[-1][2]


def test_a_scopa_view_between_deals_says_so_and_not_over() -> None:
    """Scopa's view between two deals is not a match over: its phase says where the match is."""
    state = new_game("scopa", players=2, seed=3)
    _to_first_deal_end(state, random.Random(3))
    view = state.view(0)
    assert state.between_deals and not state.is_over
    assert view.phase == "between_deals" and not view.is_over
    state.deal_next()
    assert state.view(0).phase == "play"
