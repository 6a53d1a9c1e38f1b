"""Whole matches between bot clients over real WebSockets on loopback, every frame checked."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from netplay import leaks, match, server

from game.engine import GAMES
from game.net.storage import SqliteStore


def play(
    tmp_path: Path, game: str, seats: list[str], options: dict[str, Any] | None = None
) -> tuple[list, dict]:
    async def go() -> tuple[list, dict]:
        s = server(tmp_path)
        await s.start()
        try:
            bots = await match(s, game, seats, options=options, level="random")
        finally:
            await s.stop()
        assert bots[0].code not in s.tables  # over and deserted: forgotten, kept in storage
        stored = SqliteStore(tmp_path)
        record = stored.record(bots[0].code)
        assert record is not None and stored.unfinished() == []
        stored.close()
        return bots, record

    return asyncio.run(go())


def shortest(game: str, players: int) -> dict[str, Any]:
    """The options of the shortest match ``game`` allows for ``players``: the lowest match
    target where there is one."""
    option = GAMES[game].options.get("target")
    if option is None or (option.players and players not in option.players):
        return {}
    return {"target": min(option.choices)}


def seating(players: int) -> list[str]:
    """The creator, then guests, with an AI at the third seat of four or more."""
    return ["human"] + ["easy" if k == 2 and players >= 4 else "open" for k in range(1, players)]


@pytest.mark.parametrize(
    ("game", "players"), [(g, n) for g in sorted(GAMES) for n in GAMES[g].players]
)
def test_bots_play_a_whole_match_and_see_only_their_own_cards(
    tmp_path: Path, game: str, players: int
) -> None:
    """Every game at every player count the engine allows (Capodama's solitaire too: one
    player alone at an online table), its shortest match."""
    seats = seating(players)
    bots, record = play(tmp_path, game, seats, shortest(game, players))
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


def test_a_scopa_table_with_every_house_rule_plays_to_the_end(tmp_path: Path) -> None:
    """The online Create takes Scopa's house rules as options (the engine checks them): the
    match is played under them and its record keeps them."""
    house = ("re_bello", "napola", "asso_piglia_tutto", "asso_scopa", "quindici", "fewest_cards")
    options = {"target": 11, **dict.fromkeys(house, True)}
    bots, record = play(tmp_path, "scopa", ["human", "open"], options)
    assert all(b.over for b in bots)
    assert all(record["options"][k] is True for k in house)
