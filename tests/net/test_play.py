"""Whole matches between bot clients over real WebSockets on loopback, every frame checked."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from netplay import leaks, match, server

from game.net.storage import SqliteStore


def play(tmp_path: Path, game: str, seats: list[str]) -> tuple[list, dict]:
    async def go() -> tuple[list, dict]:
        s = server(tmp_path)
        await s.start()
        try:
            bots = await match(s, game, seats)
        finally:
            await s.stop()
        assert bots[0].code not in s.tables  # over and deserted: forgotten, kept in storage
        stored = SqliteStore(tmp_path)
        record = stored.record(bots[0].code)
        assert record is not None and stored.unfinished() == []
        stored.close()
        return bots, record

    return asyncio.run(go())


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("scopa", ["human", "open"]),
        ("tressette", ["human", "open", "open", "open"]),
        ("capodama", ["human", "open", "easy", "open"]),
        ("cattura", ["human", "open"]),
    ],
)
def test_bots_play_a_whole_match_and_see_only_their_own_cards(
    tmp_path: Path, game: str, seats: list[str]
) -> None:
    bots, record = play(tmp_path, game, seats)
    assert all(b.over for b in bots)
    assert [b.seat for b in bots] == [k for k, s in enumerate(seats) if s != "easy"]
    assert all(not b.errors and not b.refusals for b in bots)
    for bot in bots:
        assert bot.views and bot.events
        assert leaks(bot, record) == []
    assert bots[0].views[-1].view["phase"] == "over"


def test_the_leak_check_sees_a_card_shown_to_the_wrong_seat(tmp_path: Path) -> None:
    """The check above can fail: another seat's hand put into one view frame is caught."""
    bots, record = play(tmp_path, "scopa", ["human", "open"])
    host, guest = bots
    frame = host.views[3]
    frame.view["hand"] = guest.views[3].view["hand"]
    assert leaks(host, record) == ["view at " + str(frame.at)]
