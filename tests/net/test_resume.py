"""Nothing lost: a dropped client takes its seat back by token, an absent one is played for by
the AI until it returns, and a server stopped and started again on its data folder resumes the
match, which ends with the same record as without the stop."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from netplay import LIMIT, leaks, match, server, until, url, views_reach
from websockets.asyncio.client import ClientConnection, connect

from game.net import protocol as p
from game.net.bot import Bot
from game.net.storage import SqliteStore

SEATS = ["human", "open", "easy", "open"]


def run_match(
    folder: Path, during=None, game: str = "tressette", **kw: Any
) -> tuple[list[Bot], dict]:
    """A match of ``game`` at SEATS on a new server with ``folder``; its bots and its stored
    record.  ``kw`` goes to :func:`netplay.match`."""

    async def go() -> tuple[list[Bot], dict]:
        s = server(folder)
        await s.start()
        try:
            bots = await match(s, game, SEATS, during=during, **kw)
        finally:
            await s.stop()
        store = SqliteStore(folder)
        record = store.record(bots[0].code)
        store.close()
        assert record is not None
        return bots, record

    return asyncio.run(go())


def test_a_dropped_client_takes_its_seat_back_and_the_match_is_the_same(tmp_path: Path) -> None:
    plain, record = run_match(tmp_path / "plain")

    async def drop(bots: list[Bot]) -> None:
        guest = bots[1]
        # mid-trick, again, once more as soon as it is back, and later
        for k, count in enumerate((10, 40, 40, 90)):
            await views_reach(guest, count)
            async with asyncio.timeout(LIMIT):
                while guest.connections != k + 1:
                    await asyncio.sleep(0.001)
            await guest.drop()

    bots, dropped = run_match(tmp_path / "dropped", drop)
    assert dropped == record
    assert bots[1].connections == 5 and plain[1].connections == 1
    assert all(bot.over and not bot.errors and leaks(bot, record) == [] for bot in bots)


def test_a_server_restarted_on_its_data_folder_resumes_the_match(tmp_path: Path) -> None:
    _, record = run_match(tmp_path / "plain")
    folder = tmp_path / "restarted"

    async def go() -> list[Bot]:
        first = server(folder)
        await first.start()
        port = first.port

        async def restart(bots: list[Bot]) -> None:
            await views_reach(bots[0], 60)
            await first.stop()
            await asyncio.sleep(0.05)
            second = server(folder, port)
            await second.start()
            code = bots[0].code
            assert code is not None
            assert second.tables[code].started
            while not all(bot.over for bot in bots):
                await asyncio.sleep(0.01)
            await second.stop()

        return await match(first, "tressette", SEATS, during=restart)

    bots = asyncio.run(go())
    assert all(bot.over and bot.connections == 2 for bot in bots)
    assert all(leaks(bot, record) == [] for bot in bots)
    store = SqliteStore(folder)
    assert store.record(bots[0].code) == record and store.unfinished() == []
    store.close()


def test_the_ai_plays_for_an_absent_player_until_it_returns(tmp_path: Path) -> None:
    async def go() -> tuple[Bot, Bot, dict]:
        s = server(tmp_path)
        await s.start()
        try:
            create = p.Create(game="scopa", players=2, seats=["human", "open"], takeover_s=0.01)
            host = Bot(url(s), create=create, name="host")
            playing = asyncio.create_task(host.run(LIMIT))
            async with asyncio.timeout(LIMIT):
                while host.code is None:
                    await asyncio.sleep(0.002)
            async with connect(url(s)) as ws:
                await ws.send(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="guest")))
                await ws.send(p.encode(p.Join(code=host.code)))
                welcome = await until(ws, lambda m: isinstance(m, p.Welcome))
                await ws.send(p.encode(p.Ready()))
                await until(ws, lambda m: isinstance(m, p.YourView))
            # gone before playing: the AI plays for seat 1 until it comes back
            await views_reach(host, 30)
            assert host.table is not None and host.table.seats[1].ai_playing
            assert isinstance(welcome, p.Welcome)
            back = Bot(url(s), code=host.code, token=welcome.token, name="guest", seed=5)
            table = s.tables[host.code]
            await asyncio.gather(playing, back.run(LIMIT))
            assert table.state is not None
            return host, back, table.state.record()
        finally:
            await s.stop()

    host, back, record = asyncio.run(go())
    assert back.over and back.seat == 1 and not back.errors
    mine = [v for v in back.views if v.legal]
    assert mine, "the player took its seat back and decided again"
    assert mine[0].at > 20  # the AI played seat 1's earlier decisions
    assert leaks(back, record) == [] and leaks(host, record) == []


def test_a_seat_taken_back_elsewhere_no_longer_answers_to_the_old_connection(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        s = server(tmp_path)
        await s.start()
        try:
            async with connect(url(s)) as old, connect(url(s)) as new:
                for ws in (old, new):
                    await ws.send(p.encode(p.Hello(version=p.PROTOCOL_VERSION, name="me")))
                create = p.Create(game="scopa", players=2, seats=["human", "easy"])
                await old.send(p.encode(create))
                welcome = await until(old, lambda m: isinstance(m, p.Welcome))
                assert isinstance(welcome, p.Welcome)
                await new.send(p.encode(p.Rejoin(code=welcome.code, token=welcome.token)))
                await until(new, lambda m: isinstance(m, p.Welcome))
                await until(old, lambda m: isinstance(m, p.Error) and m.code == "bad_token")
                await old.send(p.encode(p.Start()))
                await until(old, lambda m: isinstance(m, p.Error) and m.code == "bad_token")
                await new.send(p.encode(p.Start()))
                view = await until(new, lambda m: isinstance(m, p.YourView))
                assert isinstance(view, p.YourView) and view.legal
        finally:
            await s.stop()

    asyncio.run(go())


@dataclass
class CutInExchange(Bot):
    """A bot whose connection is cut during Capodama's exchange of cards: once when its pass is
    its own to choose, before it chooses, and once after it has chosen while others still
    choose."""

    cuts: list[str] = field(default_factory=list)
    passed_at: int | None = None

    async def _take(self, ws: ClientConnection, message: p.ServerMessage) -> None:
        view = message if isinstance(message, p.YourView) else None
        if view is None or view.view["phase"] != "exchange":
            await super()._take(ws, message)
        elif view.legal and "before" not in self.cuts:
            self.cuts.append("before")  # the pass not chosen yet: cut instead of answering
            await self.drop()
        else:
            await super()._take(ws, message)
            if view.legal:
                self.passed_at = view.at
            elif self.passed_at is not None and "after" not in self.cuts:
                self.cuts.append("after")  # the pass chosen, others still choosing
                await self.drop()


def test_a_client_cut_during_the_exchange_takes_its_seat_back(tmp_path: Path) -> None:
    """Capodama for four: seat 1's connection is cut in the card-passing phase before it has
    chosen its pass and again after; it rejoins by token and the match ends as without cuts."""
    short = {"target": 3}
    plain, record = run_match(tmp_path / "plain", game="capodama", options=short)
    bots, cut = run_match(
        tmp_path / "cut", game="capodama", options=short, kinds={1: CutInExchange}
    )
    guest = bots[1]
    assert isinstance(guest, CutInExchange) and guest.cuts == ["before", "after"]
    assert guest.connections == 3 and guest.seat == 1 and plain[1].connections == 1
    assert cut == record
    assert all(bot.over and not bot.errors and not bot.refusals for bot in bots)
    assert all(leaks(bot, record) == [] for bot in bots)
