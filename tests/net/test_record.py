"""The finished match's record: sent to every seat when the match ends, never before (its seed
deals every card), and it replays to the scores each seat was shown."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec
import pytest
from netplay import match, server

from game.engine import load_record
from game.net import protocol as p
from game.net.bot import Bot


def keys(value: Any) -> set[str]:
    """Every key of every object in JSON data, however deep."""
    if isinstance(value, dict):
        return set(value).union(*(keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys(v) for v in value))
    return set()


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> dict[int, list[p.ServerMessage]]:
    """Every message each bot received, in order (keyed by the bot's id)."""
    got: dict[int, list[p.ServerMessage]] = {}
    take = Bot._take

    async def keeping(self: Bot, ws: Any, message: p.ServerMessage) -> None:
        got.setdefault(id(self), []).append(message)
        await take(self, ws, message)

    monkeypatch.setattr(Bot, "_take", keeping)
    return got


def test_every_seat_gets_the_record_at_the_end_only_and_it_replays_to_its_scores(
    tmp_path: Path, frames: dict[int, list[p.ServerMessage]]
) -> None:
    async def go() -> list[Bot]:
        s = server(tmp_path)
        await s.start()
        try:
            return await match(s, "scopa", ["human", "open"], options={"target": 11})
        finally:
            await s.stop()

    bots = asyncio.run(go())
    for bot in bots:
        got = frames[id(bot)]
        [end] = [k for k, m in enumerate(got) if isinstance(m, p.MatchRecord)]
        last_view = max(k for k, m in enumerate(got) if isinstance(m, p.YourView))
        assert last_view < end  # after the view that shows the match over
        for message in got[:end]:
            assert not keys(msgspec.to_builtins(message)) & {"seed", "record", "moves"}
        assert bot.record is not None
        final = load_record(bot.record)
        shown = bot.views[-1].view
        assert final.is_over and shown["phase"] == "over"
        assert final.scores == shown["scores"]
        assert final.record() == bot.record
    assert bots[0].record == bots[1].record
