"""The typed protocol between the engine and the layers above it: every game's view is a
:class:`BaseView` whose shared fields mean the same in every game, and every event's kind is its
payload's class (no event without one)."""

from __future__ import annotations

import random

import pytest

from game.engine import GAMES, BaseView, MatchOver, Payload, new_game
from game.engine.capodama_events import Capo, Exchanged, Partner, PassChosen

TABLES = [(g, p) for g in sorted(GAMES) for p in GAMES[g].players]


def _played(game: str, players: int, seed: int, moves: int = 300) -> list[list[BaseView]]:
    """Every seat's view at each of ``moves`` seeded random decisions of a match."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(moves):
        seen.append([state.view(s) for s in range(state.seats)])
        if state.is_over:
            break
        if state.between_deals:  # the ended deal's views were seen: on to the next deal
            state.deal_next()
            continue
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    return seen


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_view_answers_the_shared_fields_alike(game: str, players: int) -> None:
    for views in _played(game, players, seed=players):
        for seat, view in enumerate(views):
            assert isinstance(view, BaseView)
            assert view.game == game and view.players == players and view.seat == seat
            # the sides split the table's seats, and the seat's own side holds it
            assert sorted(s for side in view.sides for s in side) == list(range(len(views)))
            assert seat in view.sides[view.side]
            assert view.deal_no >= 1
            # nobody to play: the match is over, or (Scopa) it waits between two deals
            if view.current_player is None:
                assert view.phase in ("over", "between_deals")
            else:
                assert view.phase not in ("over", "between_deals")
            assert len(view.hand) == view.hand_sizes[seat] and len(view.scores) == players


def test_teams_are_the_games_own_and_seats_alone_elsewhere() -> None:
    scopa = new_game("scopa", players=4, seed=1).view(3)
    assert scopa.sides == ((0, 2), (1, 3)) and scopa.side == 1
    tressette = new_game("tressette", players=3, seed=1).view(2)
    assert tressette.sides == ((0,), (1,), (2,)) and tressette.side == 2
    capodama = new_game("capodama", players=5, seed=1).view(4)
    assert capodama.sides == ((0,), (1,), (2,), (3,), (4,)) and capodama.side == 4
    solitaire = new_game("capodama", players=1, seed=1).view(1)  # two hands, one player
    assert solitaire.sides == ((0,), (1,)) and solitaire.side == 1
    cattura = new_game("cattura", players=3, seed=1).view(0)
    assert cattura.deal_no == 1 and cattura.phase == "play" and cattura.sides[0] == (0,)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_event_carries_a_payload_that_names_its_kind(game: str, players: int) -> None:
    state = new_game(game, players=players, seed=7)
    rng = random.Random(7)
    while not state.is_over and len(state.history) < 400:
        if state.between_deals:
            state.deal_next()
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    assert state.events
    assert all(isinstance(e.data, Payload) for e in state.events)
    if state.is_over:
        assert isinstance(state.events[-1].data, MatchOver)


def test_capodama_kinds_that_carried_no_data_have_their_class() -> None:
    state = new_game("capodama", players=4, seed=3)
    rng = random.Random(3)
    while state.current_player is not None:  # the first deal, up to its scoring
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    kinds = {type(e.data) for e in state.events}
    assert {Capo, PassChosen, Exchanged, Partner} <= kinds
    capo = next(e for e in state.events if isinstance(e.data, Capo))
    assert str(capo.cards[0]) == "AH"
