"""``tavolo serve`` and ``tavolo bot`` from the command line: clear refusals, a clean stop on
SIGTERM, and a bot that fills a seat by its code."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from netplay import LIMIT, server, url

from game.app import main
from game.net import protocol as p
from game.net.bot import Bot


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["serve", "--port", "x"], "a port is a number"),
        (["serve", "--port", "70000"], "from 0 to 65535"),
        (["serve", "--cert", "c.pem"], "--cert and --key go together"),
        (["bot", "--server", "http://x", "--code", "A"], "such as ws://"),
        (["bot", "--server", "ws://x", "--code", "A", "--level", "godlike"], "invalid choice"),
        (["bot", "--code", "A"], "--server"),
    ],
)
def test_bad_flags_exit_2_with_a_clear_message(capsys, args: list[str], said: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


def test_serve_logs_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(tmp_path)]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        while "serving on" not in line:
            assert line, "the server stopped before serving"
            line = proc.stderr.readline()
        port = int(re.findall(r"port (\d+)", line)[0])
        assert port > 0
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=LIMIT)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "stopped" in rest
    assert (tmp_path / "tables.sqlite3").exists()


def test_the_bot_command_fills_a_seat(tmp_path: Path) -> None:
    async def go() -> Bot:
        s = server(tmp_path)
        await s.start()
        try:
            create = p.Create(game="scopa", players=2, seats=["human", "open"])
            host = Bot(url(s), create=create)
            playing = asyncio.create_task(host.run(LIMIT))
            async with asyncio.timeout(LIMIT):
                while host.code is None:
                    await asyncio.sleep(0.005)
            args = ["-m", "game", "bot", "--server", url(s), "--code", host.code.lower()]
            proc = await asyncio.create_subprocess_exec(sys.executable, *args, "--level", "easy")
            await playing
            assert await asyncio.wait_for(proc.wait(), LIMIT) == 0
            return host
        finally:
            await s.stop()

    host = asyncio.run(go())
    assert host.over and host.table is not None and host.table.seats[1].name == "bot"
