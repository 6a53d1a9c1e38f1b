"""The app's side of a remote match: a :class:`RemoteMatch` fed the frames a server sends one
seat answers as the engine's own state would, for that seat (events, view, legal moves,
refusals), and sends the moves it is given."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine import GAMES, GameState, IllegalMove, new_game
from game.net import protocol as p
from game.net.remote import RemoteMatch


class FakeClient:
    """What a RemoteMatch needs of a client: its seat, the frames come, the messages sent."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.inbox: list[Any] = []
        self.sent: list[Any] = []

    def take(self) -> list[Any]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: Any) -> None:
        self.sent.append(message)


def table_of(state: GameState) -> p.TableState:
    seat = p.SeatInfo("human", "A", None, True, True, False)
    return p.TableState(
        code="ABCDEF", game=state.name, players=state.players, options=dict(state.options),
        seats=[seat] * state.players, host=0, started=True, over=False,
    )  # fmt: skip


def frames(state: GameState, seat: int, first: int) -> list[Any]:
    """What the server sends ``seat`` after the events from ``first`` on (as game/net/table.py
    makes them)."""
    current = state.current_player
    mine = current is not None and state.controller(current) == seat
    return [
        p.Events(first=first, events=[p.encode_event(e) for e in state.events_for(seat, first)]),
        p.YourView(
            at=len(state.history),
            between=state.between_deals,
            view=p.encode_view(state.view(seat)),
            legal=p.legal_out(state.legal_sequence()) if mine else [],
        ),
    ]


def wire(message: Any) -> Any:
    """The message as it arrives: encoded and decoded again."""
    return p.decode_server(p.encode(message))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_remote_match_answers_as_the_engine_does_for_its_seat(game):
    players = next(n for n in GAMES[game].players if n > 1)
    state = new_game(game, players=players, seed=11)
    seat = 1
    client = FakeClient(seat)
    match = RemoteMatch(client, table_of(state))  # type: ignore[arg-type]
    rng = random.Random(3)
    first = 0
    for _ in range(40):
        match.feed([wire(m) for m in frames(state, seat, first)])
        first = len(state.events)
        mine = [e.for_seat(seat) for e in state.events]
        assert [(e.data, e.seat, e.cards) for e in match.events] == [
            (e.data, e.seat, e.cards) for e in mine
        ]
        assert match.view(seat) == state.view(seat)
        if state.is_over:
            break
        if state.between_deals:
            assert match.between_deals
            match.deal_next()
            state.deal_next()
            continue
        expected = state.legal_moves() if state.current_player == seat else []
        assert match.current_player == state.current_player
        assert match.legal_moves() == expected
        state.play(rng.choice(state.legal_moves()))


def test_a_move_is_sent_and_its_refusal_comes_back_as_the_engine_s_reason():
    # seat 0 plays first: 7B may take 1D + 6S or 3S + 4S, so placing it is refused
    deal = {"dealer": 1, "hands": ["5S 7B 2D", "2C 2B FB"], "table": "1D 6S 3S 4S"}
    state = new_game("scopa", players=2, seed=1, deal=deal)
    client = FakeClient(0)
    match = RemoteMatch(client, table_of(state))  # type: ignore[arg-type]
    match.feed([wire(m) for m in frames(state, 0, 0)])
    assert match.current_player == 0
    match.play("7B")
    assert client.sent == [p.MoveMsg(move="7B", at=0)]
    assert match.current_player is None  # nobody is asked while the move is on its way
    try:
        state.play("7B")
    except IllegalMove as exc:
        refused = exc
    refusal = p.Refusal(move="7B", code=refused.code, parts=p.encode_value(refused.parts))
    (notice,) = match.feed([wire(refusal)])
    assert isinstance(notice, IllegalMove)
    same = {k: tuple(v) if isinstance(v, list) else v for k, v in refused.parts.items()}
    assert (notice.code, notice.parts) == (refused.code, same)  # cards and moves, not text
    assert match.current_player == 0 and match.history == []


def test_a_deal_closed_before_the_view_that_ends_it_does_not_hold_the_next():
    """The table may close a deal's summary (deal_next) as soon as the scoring event is shown,
    before the view that says the deal ended has come: the next deal is then not held back."""
    state = new_game("scopa", players=2, seed=5)
    client = FakeClient(0)
    match = RemoteMatch(client, table_of(state))  # type: ignore[arg-type]
    match.feed([wire(m) for m in frames(state, 0, 0)])
    rng = random.Random(1)
    while not state.between_deals:
        first = len(state.events)
        state.play(rng.choice(state.legal_moves()))
        match.feed([wire(m) for m in frames(state, 0, first)][:1])  # the events alone
    assert match.between_deals  # from the scoring event on
    match.deal_next()
    match.feed([wire(frames(state, 0, len(state.events))[1])])  # the view ending the deal
    first = len(state.events)
    state.deal_next()
    match.feed([wire(m) for m in frames(state, 0, first)])
    assert not match.between_deals
    assert len(match.events) == len(state.events)
    assert match.current_player == state.current_player


@pytest.mark.parametrize("close_at", [(0,), (1,), (2,), (0, 1), (1, 1), (1, 2), (0, 2)])
def test_the_next_deal_s_view_is_taken_whenever_the_table_closes_the_summary(close_at):
    """The table calls deal_next when its summary closes: after the deal's scoring events (0),
    after the view that ends the deal (1) or after the next deal's frames came (2), once or
    twice.  In every ordering the seat ends with the next deal's view, to play when it is its
    turn, and that view counts as a new one (the table asks its decision again) though it
    comes at the move count of the deal's end."""
    state = new_game("scopa", players=2, seed=5)
    seat = 1
    match = RemoteMatch(FakeClient(seat), table_of(state))  # type: ignore[arg-type]
    rng = random.Random(1)
    while not state.between_deals:
        first = len(state.events)
        state.play(rng.choice(state.legal_moves()))
    ended, between_view = (wire(m) for m in frames(state, seat, 0))
    first = len(state.events)
    state.deal_next()
    assert state.current_player == seat  # this seat leads the next deal
    next_deal = [wire(m) for m in frames(state, seat, first)]
    for step, arrived in enumerate([[ended], [between_view], next_deal]):
        match.feed(arrived)
        if step == 1:
            views = match.views
        for _ in range(close_at.count(step)):
            match.deal_next()
    assert match.views == views + 1 and len(match.history) == len(state.history)
    assert not match.between_deals and len(match.events) == len(state.events)
    assert match.view(seat) == state.view(seat)
    assert match.current_player == seat and match.legal_moves() == state.legal_moves()


def test_a_remote_scopa_match_keeps_the_house_rules_in_its_views_and_scoring():
    """The house rules travel in the view (outside its fields) and the deal's house awards in
    its scoring payload, so a client's coach and summary see what the server's engine does."""
    house = {"re_bello": True, "napola": True, "quindici": True, "asso_piglia_tutto": True}
    state = new_game("scopa", players=2, seed=11, **house)
    seat = 1
    match = RemoteMatch(FakeClient(seat), table_of(state))  # type: ignore[arg-type]
    rng = random.Random(3)
    first = 0
    while not state.between_deals:
        match.feed([wire(m) for m in frames(state, seat, first)])
        first = len(state.events)
        assert match.view(seat).rules == state.view(seat).rules
        state.play(rng.choice(state.legal_moves()))
    match.feed([wire(m) for m in frames(state, seat, first)])
    scored = match.events[-1].data
    assert scored == state.events[-1].data
    assert [a.rule for a in scored.figures.house] == ["re_bello", "napola"]
    assert match.view(seat).last_deal.figures.house == scored.figures.house
