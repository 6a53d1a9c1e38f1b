"""Whatever a client sends, the server answers with a code and every table plays on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from netplay import LIMIT, match, server, until, url
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net import protocol as p
from game.net.server import Client, Server
from game.net.table import Table


def hello(version: int = p.PROTOCOL_VERSION) -> str:
    return json.dumps({"type": "hello", "version": version, "name": "tester"})


def is_error(code: str):
    return lambda m: isinstance(m, p.Error) and m.code == code


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{", "bad_message"),
        ("[1, 2]", "bad_message"),
        ('{"type": "launch", "version": 1}', "bad_message"),
        ('{"type": "hello", "version": 1, "name": "x", "admin": true}', "bad_message"),
        ('{"type": "hello", "version": 1, "name": ""}', "bad_message"),
        ('{"type": "chat", "phrase": "anything I like"}', "bad_message"),
        ('{"type": "hello", "name": "' + "x" * 5000 + '"}', "too_big"),
        ("[" * 40 + "]" * 40, "too_deep"),
        ('{"type": "hello", "version": 2, "name": "x", "new": {"field": 1}}', "wrong_version"),
    ],
)
def test_a_bad_frame_is_refused_with_its_code(frame: str, code: str) -> None:
    with pytest.raises(p.BadMessage) as refused:
        p.decode_client(frame)
    assert refused.value.code == code


def test_junk_illegal_and_out_of_turn_are_refused_while_the_tables_play_on(tmp_path: Path) -> None:
    async def go() -> None:
        s = server(tmp_path, join_limit=3, create_limit=2)
        await s.start()
        try:
            other = asyncio.create_task(match(s, "scopa", ["human", "open"]))
            async with connect(url(s)) as a, connect(url(s)) as b:
                await abuse(a, b)
            await abuse_connections(s)
            bots = await other
            assert all(bot.over and not bot.errors for bot in bots)
        finally:
            await s.stop()

    asyncio.run(go())


async def abuse(a: ClientConnection, b: ClientConnection) -> None:
    """Two players at one Scopa table: before every move, the one not to move moves, the one
    to move sends junk, an illegal move and a replayed one; then it plays the first legal
    move, to the end of the first deal."""
    await a.send(json.dumps({"type": "join", "code": "ABCDEF"}))
    await until(a, is_error("hello_first"))
    for ws in (a, b):
        await ws.send(hello())
    create = p.Create(game="scopa", players=2, seats=["human", "open"], takeover_s=30)
    await a.send(p.encode(create))
    welcome = await until(a, lambda m: isinstance(m, p.Welcome))
    assert isinstance(welcome, p.Welcome)
    await b.send(p.encode(p.Start()))
    await until(b, is_error("not_seated"))
    await b.send(p.encode(p.Join(code=welcome.code.lower())))
    await until(b, lambda m: isinstance(m, p.Welcome))
    await a.send(p.encode(p.Start()))
    await until(a, is_error("not_ready"))
    await b.send(p.encode(p.Ready()))
    await b.send(p.encode(p.Start()))
    await until(b, is_error("not_host"))
    await a.send(p.encode(p.Start()))
    seat_of = {a: 0, b: 1}
    views = {ws: await until(ws, lambda m: isinstance(m, p.YourView)) for ws in (a, b)}
    deals = 0
    while not deals:
        mover = next(ws for ws, v in views.items() if v.legal)
        idle = b if mover is a else a
        at = views[mover].at
        await idle.send(p.encode(p.MoveMsg(move=views[mover].legal[0].text, at=at)))
        await until(idle, is_error("not_your_turn"))
        if at < 2:  # a few junk frames are answered; more would close the connection
            await mover.send("not json at all")
            await until(mover, is_error("bad_message"))
        await mover.send(p.encode(p.MoveMsg(move="QH", at=at)))
        refusal = await until(mover, lambda m: isinstance(m, p.Refusal))
        assert refusal.code == "not_a_move"
        if views[idle].view["hand"]:  # a card of the other's hand is not the mover's to play
            hidden = views[idle].view["hand"][0]
            await mover.send(p.encode(p.MoveMsg(move=hidden, at=at)))
            refusal = await until(mover, lambda m: isinstance(m, p.Refusal))
            assert refusal.code == "not_in_hand", refusal
        if at:
            await mover.send(p.encode(p.MoveMsg(move=views[mover].legal[0].text, at=at - 1)))
            await until(mover, is_error("stale_move"))
        await mover.send(p.encode(p.MoveMsg(move=views[mover].legal[0].text, at=at)))
        for ws in (a, b):
            views[ws] = await until(ws, lambda m, at=at: isinstance(m, p.YourView) and m.at > at)
        deals = views[a].between or views[a].view["deal_no"] > 1
        assert seat_of[mover] != seat_of[idle]


async def abuse_connections(s) -> None:
    """Wrong versions are told and closed; repeated junk closes; wrong codes and too many new
    tables get rate-limited."""
    async with connect(url(s)) as ws:
        await ws.send(hello(version=99))
        error = await until(ws, is_error("wrong_version"))
        assert isinstance(error, p.Error) and error.expected_version == p.PROTOCOL_VERSION
        with pytest.raises(ConnectionClosed):
            async with asyncio.timeout(LIMIT):
                await ws.recv()
    async with connect(url(s)) as ws:
        for _ in range(s.bad_limit):
            await ws.send("junk")
        with pytest.raises(ConnectionClosed):
            async with asyncio.timeout(LIMIT):
                while True:
                    await ws.recv()
    async with connect(url(s)) as ws:
        await ws.send(hello())
        for _ in range(s.join_limit):
            await ws.send(p.encode(p.Join(code="WRONG9")))
            await until(ws, is_error("unknown_table"))
        any_code = next(iter(s.tables))
        await ws.send(p.encode(p.Join(code=any_code)))
        await until(ws, is_error("rate_limited"))
        await ws.send(p.encode(p.Rejoin(code=any_code, token="guess")))
        await until(ws, is_error("rate_limited"))
        # two tables were created from this address already: a third is one too many
        await ws.send(p.encode(p.Create(game="scopa", players=2, seats=["human", "easy"])))
        await until(ws, is_error("rate_limited"))


class MemoryStore:
    """Tables kept in a dict: the storage interface without a database."""

    def __init__(self) -> None:
        self.saved: dict[str, tuple] = {}

    def save(self, code, meta, record, over) -> None:
        self.saved[code] = (meta, record, over)

    def unfinished(self) -> list:
        return []

    def close(self) -> None:
        pass


FIELDS = ["type", "version", "name", "code", "token", "move", "at", "phrase", "seats", "game"]
TYPES = ["hello", "create", "join", "rejoin", "ready", "start", "move", "chat", "welcome"]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20)
)
VALUES = st.recursive(
    SCALARS,
    lambda v: st.lists(v, max_size=4) | st.dictionaries(st.text(max_size=5), v, max_size=4),
    max_leaves=10,
)


def json_frames():
    """JSON objects shaped like messages: a known type and random fields."""
    return st.builds(
        lambda kind, rest: json.dumps({"type": kind, **rest}),
        st.sampled_from(TYPES),
        st.dictionaries(st.sampled_from(FIELDS[1:]), VALUES, max_size=4),
    )


def valid_frames():
    """Messages the schema takes, with random contents: what a handler must survive."""
    word = st.text(max_size=8)
    return st.one_of(
        st.builds(p.MoveMsg, move=word, at=st.integers(0, 40)),
        st.builds(p.Chat, phrase=st.sampled_from(p.CHAT_PHRASES)),
        st.builds(p.Join, code=word),
        st.builds(p.Rejoin, code=word, token=word, seen=st.integers(0, 100)),
        st.just(p.Ready()),
        st.just(p.Start()),
        st.builds(
            p.Create,
            game=st.sampled_from(["scopa", "tressette", "chess"]),
            players=st.integers(1, 8),
            seats=st.lists(st.sampled_from(["human", "open", "easy", "robot"]), min_size=1),
        ),
    ).map(p.encode)


def run_frames(frames: list) -> None:
    """A connection seated at a started table with an AI opponent sends ``frames``."""

    async def go() -> None:
        s = Server(Path("unused"), store=MemoryStore(), pause=0.0)
        client = Client(None, "192.0.2.1")  # type: ignore[arg-type]
        start = [hello(), p.encode(p.Create(game="scopa", players=2, seats=["human", "easy"]))]
        for frame in [*start, p.encode(p.Start()), *frames]:
            s.on_frame(client, frame)
        assert client.table is not None and client.table.started
        await s.stop()

    asyncio.run(go())


@given(
    frame=st.one_of(st.binary(max_size=300), st.text(max_size=300), json_frames(), valid_frames())
)
@settings(max_examples=150, deadline=None)
def test_no_frame_gets_past_the_server_as_an_exception(frame) -> None:
    """Random frames, and random JSON shaped like messages, at one seated connection: none
    raises out of the server's frame handler."""
    run_frames([frame])


def test_an_unexpected_error_in_a_handler_is_answered_internal_and_the_table_plays_on(
    tmp_path: Path, monkeypatch
) -> None:
    async def go() -> None:
        s = server(tmp_path)
        await s.start()
        try:
            original = Table.ready

            def broken(self: Table, seat: int) -> None:
                if self.seats[seat].name == "breaker":
                    raise RuntimeError("a bug")
                original(self, seat)

            monkeypatch.setattr(Table, "ready", broken)
            other = asyncio.create_task(match(s, "scopa", ["human", "open"]))
            async with connect(url(s)) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1, "name": "breaker"}))
                create = p.Create(game="scopa", players=2, seats=["human", "open"])
                await ws.send(p.encode(create))
                await ws.send(p.encode(p.Ready()))
                await until(ws, is_error("internal"))
                await ws.send(p.encode(p.Chat(phrase="oops")))
                said = await until(ws, lambda m: isinstance(m, p.ChatSaid))
                assert said == p.ChatSaid(seat=0, phrase="oops")
            assert all(bot.over for bot in await other)
        finally:
            await s.stop()

    asyncio.run(go())
