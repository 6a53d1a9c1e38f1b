"""Nothing lost when the server is killed: ``tavolo serve`` as a real process, SIGKILLed in
the middle of a deal and started again on its data folder and port; the bot clients reconnect
by themselves and the match ends with the record a run without the kill gives."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from netplay import LIMIT, leaks, match, server, views_reach

from game.net.bot import Bot
from game.net.storage import SqliteStore

SEATS = ["human", "open", "easy", "open"]


def serve(folder: Path, port: int) -> tuple[subprocess.Popen[str], int]:
    """``tavolo serve`` on ``folder`` and ``port`` (0: any free one), once it is listening."""
    command = [sys.executable, "-m", "game", "serve", "--port", str(port), "--data", str(folder)]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    while "serving on" not in line:
        assert line, "the server stopped before serving"
        line = proc.stderr.readline()
    return proc, int(re.findall(r"port (\d+)", line)[0])


def stored(folder: Path, code: str | None) -> dict:
    store = SqliteStore(folder)
    try:
        assert code is not None
        record = store.record(code)
        assert record is not None and store.unfinished() == []
        return record
    finally:
        store.close()


def test_a_server_killed_mid_deal_resumes_and_the_match_ends_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "killed"
    first, port = serve(folder, 0)
    second: subprocess.Popen[str] | None = None

    async def kill(bots: list[Bot]) -> None:
        nonlocal second
        host = bots[0]
        await views_reach(host, 20)
        assert not host.views[-1].between and not host.over  # in the middle of the first deal
        first.send_signal(signal.SIGKILL)
        await asyncio.to_thread(first.wait, LIMIT)
        second, again = await asyncio.to_thread(serve, folder, port)
        assert again == port

    try:
        bots = asyncio.run(match(port, "scopa", SEATS, during=kill))
    finally:
        for proc in (first, second):
            if proc is not None:
                proc.kill()
                proc.communicate(timeout=LIMIT)
    assert first.returncode == -signal.SIGKILL
    killed = stored(folder, bots[0].code)
    assert all(bot.over and bot.connections == 2 and not bot.errors for bot in bots)
    assert all(leaks(bot, killed) == [] for bot in bots)

    async def without_kill() -> list[Bot]:
        plain = server(tmp_path / "plain", seed=killed["seed"])
        await plain.start()
        try:
            return await match(plain, "scopa", SEATS)
        finally:
            await plain.stop()

    reference = asyncio.run(without_kill())
    assert stored(tmp_path / "plain", reference[0].code) == killed
