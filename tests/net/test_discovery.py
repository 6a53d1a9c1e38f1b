"""Finding tables nearby: the TXT record read whatever it holds, and a real announcer and real
browsers between network namespaces made for the test (never the machine's own interfaces).

The namespaces test needs root and iproute2's ``ip netns``; it is skipped, saying why, where
they are missing. Its traffic stays on the veth pairs between its own namespaces, which it
deletes whatever happens; each side it runs (tests/net/discovery_peer.py) exits by itself after
a bounded lifetime.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from zeroconf.asyncio import AsyncServiceInfo

from game.net.discovery import (
    SERVICE_TYPE,
    Announcer,
    TableAd,
    TxtFields,
    found_table,
    instance_name,
    parse_txt,
    txt_record,
)

AD = TableAd(
    host="Anna", table="Scopa", game="scopa", players=4, free_seats=2, port=7311, protocol=1
)


def _txt(**fields: str | None) -> dict[bytes, bytes | None]:
    record: dict[str, str | None] = {
        "txtvers": "1",
        "proto": "1",
        "game": "scopa",
        "players": "4",
        "free": "2",
    }
    record.update(fields)
    return {k.encode(): None if v is None else v.encode() for k, v in record.items()}


def test_a_table_announced_reads_back_as_announced() -> None:
    record = txt_record(replace(AD, code_hint="K7"))
    assert parse_txt({k.encode(): v.encode() for k, v in record.items()}) == TxtFields(
        game="scopa", players=4, free_seats=2, protocol=1, code_hint="K7"
    )
    assert "hint" not in txt_record(AD)


@pytest.mark.parametrize(
    "junk",
    [
        {"txtvers": "2"},  # another layout
        {"txtvers": None},
        {"proto": "one"},
        {"players": "0"},
        {"players": "99"},
        {"free": "5"},  # more free seats than players
        {"free": "-1"},
        {"players": "4 "},
        {"players": "１"},  # a digit, but not an ASCII one
        {"game": "Scopa!"},
        {"game": ""},
        {"game": "x" * 40},
        {"hint": "a b"},
        {"hint": ""},
        {"hint": "K" * 17},
    ],
)
def test_a_record_with_junk_is_not_read(junk: dict[str, str | None]) -> None:
    assert parse_txt(_txt(**junk)) is None


def test_bytes_that_are_not_text_are_not_read() -> None:
    assert parse_txt({**_txt(), b"game": b"\xff\xfe"}) is None
    assert parse_txt({**_txt(), b"\xc3": b"1"}) is None


@given(st.dictionaries(st.binary(max_size=12), st.none() | st.binary(max_size=12), max_size=8))
def test_whatever_another_program_announces_never_raises(record: dict[bytes, Any]) -> None:
    parse_txt(record)


def _info(properties: dict[bytes, bytes | None], addresses: list[str]) -> AsyncServiceInfo:
    return AsyncServiceInfo(
        SERVICE_TYPE,
        f"Scopa (Anna).{SERVICE_TYPE}",
        port=7311,
        properties=properties,
        server="tavolo-test.local.",
        parsed_addresses=addresses,
    )


def test_a_table_of_another_protocol_is_listed_as_such() -> None:
    ours = found_table(_info(_txt(), ["10.213.1.1"]), protocol=1)
    theirs = found_table(_info(_txt(proto="2"), ["10.213.1.1"]), protocol=1)
    assert ours is not None and ours.compatible and ours.label == "Scopa (Anna)"
    assert theirs is not None and not theirs.compatible and theirs.protocol == 2


def test_a_table_with_junk_or_nowhere_to_join_is_left_out() -> None:
    assert found_table(_info(_txt(free="lots"), ["10.213.1.1"]), protocol=1) is None
    assert found_table(_info(_txt(), []), protocol=1) is None


def test_instance_names_fit_dns_and_hold_no_control_characters() -> None:
    assert instance_name("Anna", "Scopa") == "Scopa (Anna)"
    long = instance_name("Pietro-" + "è" * 60, "Tressette")
    assert len(long.encode("utf-8")) <= 63 and long.startswith("Tressette (Pietro-è")
    assert instance_name("An\nna", "Sco\x00pa") == "Sco pa (An na)"


def test_a_table_that_cannot_be_announced_is_refused_before_any_socket_opens() -> None:
    with pytest.raises(ValueError):
        Announcer(replace(AD, free_seats=5), ["10.213.1.1"])
    with pytest.raises(ValueError):
        Announcer(replace(AD, code_hint="not a hint"), ["10.213.1.1"])


def test_discovery_uses_only_the_interfaces_it_is_given() -> None:
    with pytest.raises(ValueError):
        Announcer(AD, [])
    with pytest.raises(ValueError):
        Announcer(AD, ["eth0"])


# -- between network namespaces ----------------------------------------------------------------

PEER = Path(__file__).with_name("discovery_peer.py")
ROOT = PEER.parents[2]
#: the longest any step may take before the test fails (a bound, not a measure)
STEP_SECONDS = 15.0


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.fixture
def namespaces() -> Iterator[tuple[str, str, str]]:
    """Three namespaces: A, the host, joined to B by one veth pair (10.213.1.0/24) and to C by
    another (10.213.2.0/24); deleted after the test whatever happens."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("network namespaces need root on Linux")
    if shutil.which("ip") is None:
        pytest.skip("iproute2's ip is not installed")
    names = tuple(f"tavolo{os.getpid()}{side}" for side in "abc")
    made: list[str] = []
    try:
        for name in names:
            try:
                _ip("netns", "add", name)
            except subprocess.CalledProcessError as exc:
                pytest.skip(f"ip netns add is refused here: {exc.stderr.decode().strip()}")
            made.append(name)
        a, b, c = names
        for link, (peer, peer_ns), net in (("va1", ("vb", b), 1), ("va2", ("vc", c), 2)):
            veth = ("type", "veth", "peer", "name", peer, "netns", peer_ns)
            _ip("link", "add", link, "netns", a, *veth)
            for ns, dev, host in ((a, link, 1), (peer_ns, peer, 2)):
                _ip("-n", ns, "addr", "add", f"10.213.{net}.{host}/24", "dev", dev)
                _ip("-n", ns, "link", "set", dev, "up")
                _ip("-n", ns, "link", "set", "lo", "up")
        for ns, dev in ((a, "va1"), (b, "vb"), (c, "vc")):
            _ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", dev)
        yield a, b, c
    finally:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)


class Peer:
    """tests/net/discovery_peer.py run in a namespace, its output read line by line."""

    def __init__(self, namespace: str, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            ["ip", "netns", "exec", namespace, sys.executable, str(PEER), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.seen: list[str] = []
        self._ended = False
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, wanted: Callable[[str], bool]) -> str:
        """The first line from now on that is ``wanted``; fails the test past STEP_SECONDS."""
        while True:
            try:
                line = self._lines.get(timeout=STEP_SECONDS)
            except queue.Empty:
                line = None
            if line is None:
                self._ended = True
                self.close()
                assert self.proc.stderr is not None
                pytest.fail(f"no line wanted in {self.seen}; stderr: {self.proc.stderr.read()}")
            self.seen.append(line)
            if wanted(line):
                return line

    def tables(self, wanted: Callable[[list[dict[str, Any]]], bool]) -> list[dict[str, Any]]:
        """The first list of tables from now on that is ``wanted``."""
        line = self.expect(lambda line: line.startswith("[") and wanted(json.loads(line)))
        return list(json.loads(line))

    def close(self) -> list[str]:
        """Ends the peer (its input closed, then killed if it lingers): all it printed."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=STEP_SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        while not self._ended and (line := self._lines.get(timeout=STEP_SECONDS)) is not None:
            self.seen.append(line)
        self._ended = True
        return self.seen


def test_tables_are_found_updated_and_gone_on_their_own_network_only(
    namespaces: tuple[str, str, str],
) -> None:
    a, b, c = namespaces
    peers: list[Peer] = []
    try:
        near = Peer(b, "browse", "10.213.1.2", "1")
        other_network = Peer(c, "browse", "10.213.2.2", "1")
        peers += [near, other_network]
        near.tables(lambda tables: tables == [])
        other_network.tables(lambda tables: tables == [])
        host = Peer(a, "announce", "10.213.1.1")
        others = Peer(a, "others", "10.213.1.1")
        peers += [host, others]
        assert host.expect(lambda line: line.startswith("started ")) == (
            f"started Scopa (Anna).{SERVICE_TYPE}"
        )
        lan = host.expect(lambda line: line.startswith("lan "))
        assert json.loads(lan.removeprefix("lan ")) == ["10.213.1.1", "10.213.2.1"]
        others.expect(lambda line: line == "started")

        scopa = {
            "name": f"Scopa (Anna).{SERVICE_TYPE}",
            "label": "Scopa (Anna)",
            "game": "scopa",
            "players": 4,
            "free_seats": 2,
            "protocol": 1,
            "code_hint": None,
            "addresses": ["10.213.1.1"],
            "port": 7311,
            "compatible": True,
        }
        newer = {
            **scopa,
            "name": f"Tressette (Bruno).{SERVICE_TYPE}",
            "label": "Tressette (Bruno)",
            "game": "tressette",
            "protocol": 2,
            "port": 7312,
            "compatible": False,
        }
        assert near.tables(lambda tables: len(tables) == 2) == [scopa, newer]
        host.send("free 1")
        host.expect(lambda line: line == "updated")
        assert near.tables(lambda tables: any(t["free_seats"] == 1 for t in tables)) == [
            {**scopa, "free_seats": 1},
            newer,
        ]
        host.send("stop")
        host.expect(lambda line: line == "stopped")
        assert near.tables(lambda tables: len(tables) == 1) == [newer]
        others.close()
        near.tables(lambda tables: tables == [])
        # the junk record was never listed, and never stopped the listing
        assert not [line for line in near.seen if "Printer" in line]
        # the hosts announced, updated and said goodbye on B's network, and were asked by C's
        # browser on the other: none of it ever reached C
        assert other_network.close() == ["[]"]
    finally:
        for peer in peers:
            peer.close()
