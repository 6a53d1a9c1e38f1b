"""One side of the discovery test, run inside a network namespace by tests/net/test_discovery.py.

``announce ADDRESS`` announces a Scopa table on ADDRESS (the interfaces on this namespace's
other addresses must stay silent), prints ``started NAME`` and this namespace's
:func:`lan_addresses`, then obeys its standard input: ``free N`` updates the free seats (prints
``updated``), ``stop`` says goodbye (prints ``stopped``) and exits.

``browse ADDRESS PROTOCOL`` lists the tables found through ADDRESS's interface, printing the
list as one JSON line at start and at each change, until ``stop`` or the end of its input.

Either side exits by itself after ``LIFETIME`` seconds whatever happens, so a test that fails
leaves nothing behind.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys

from game.net.discovery import Announcer, Browser, FoundTable, TableAd, lan_addresses

LIFETIME = 30.0
PROTOCOL = 1
TABLE = TableAd(
    host="Anna", table="Scopa", game="scopa", players=4, free_seats=2, port=7311, protocol=PROTOCOL
)


async def _lines() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


def _say(*words: object) -> None:
    print(*words, flush=True)


async def announce(address: str) -> None:
    announcer = Announcer(TABLE, [address])
    commands = await _lines()
    await announcer.start()
    _say("started", announcer.name)
    _say("lan", json.dumps(lan_addresses()))
    try:
        while line := (await commands.readline()).decode().split():
            if line[0] == "free":
                await announcer.update(dataclasses.replace(announcer.ad, free_seats=int(line[1])))
                _say("updated")
            elif line[0] == "stop":
                break
    finally:
        await announcer.stop()
    _say("stopped")


async def browse(address: str, protocol: int) -> None:
    def show(tables: tuple[FoundTable, ...]) -> None:
        _say(json.dumps([dataclasses.asdict(t) for t in tables]))

    browser = Browser([address], protocol, on_change=show)
    commands = await _lines()
    await browser.start()
    show(browser.tables)
    try:
        while (await commands.readline()).strip() not in (b"stop", b""):
            pass
    finally:
        await browser.stop()


def main(argv: list[str]) -> None:
    side = announce(argv[1]) if argv[0] == "announce" else browse(argv[1], int(argv[2]))
    try:
        asyncio.run(asyncio.wait_for(side, LIFETIME))
    except TimeoutError:
        sys.exit("lifetime over")


if __name__ == "__main__":
    main(sys.argv[1:])
