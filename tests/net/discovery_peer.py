"""One side of the discovery test, run inside a network namespace by tests/net/test_discovery.py.

``announce ADDRESS`` announces a Scopa table on ADDRESS (the interfaces on this namespace's
other addresses must stay silent), prints ``started NAME`` and this namespace's
:func:`lan_addresses`, then obeys its standard input: ``free N`` updates the free seats (prints
``updated``), ``stop`` says goodbye (prints ``stopped``) and exits.

``others ADDRESS`` announces what else a network may hold under the same service type: a table
of the next protocol version, and a service whose TXT record is junk; prints ``started``, and
withdraws them at ``stop`` or the end of its input.

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

from zeroconf import IPVersion
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from game.net.discovery import (
    SERVICE_TYPE,
    Announcer,
    Browser,
    FoundTable,
    TableAd,
    lan_addresses,
    txt_record,
)

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


async def others(address: str) -> None:
    newer = dataclasses.replace(
        TABLE, host="Bruno", table="Tressette", game="tressette", protocol=PROTOCOL + 1
    )
    junk = {b"txtvers": b"1", b"players": b"many", b"\xff": None}
    services = [
        AsyncServiceInfo(
            SERVICE_TYPE,
            f"{name}.{SERVICE_TYPE}",
            port=port,
            properties=properties,
            server="others.local.",
            parsed_addresses=[address],
        )
        for name, port, properties in (
            ("Tressette (Bruno)", 7312, txt_record(newer)),
            ("Printer", 631, junk),
        )
    ]
    zc = AsyncZeroconf(interfaces=[address], ip_version=IPVersion.V4Only)
    commands = await _lines()
    try:
        sent = await asyncio.gather(*(zc.async_register_service(info) for info in services))
        await asyncio.gather(*sent)
        _say("started")
        while (await commands.readline()).strip() not in (b"stop", b""):
            pass
    finally:
        await zc.async_close()


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
    sides = {"announce": announce, "others": others}
    side = sides[argv[0]](argv[1]) if argv[0] in sides else browse(argv[1], int(argv[2]))
    try:
        asyncio.run(asyncio.wait_for(side, LIFETIME))
    except TimeoutError:
        sys.exit("lifetime over")


if __name__ == "__main__":
    main(sys.argv[1:])
