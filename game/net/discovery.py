"""Finding tables on the same network without typing anything: mDNS / DNS-SD (zeroconf).

A hosted table is announced as a DNS-SD service of type :data:`SERVICE_TYPE`: its instance name
is what a person reads in the list of tables nearby (the table's name and its host's), its SRV
and A records carry the server's port and addresses, and its TXT record what the Join screen
shows before connecting, as ASCII keys with UTF-8 values:

- ``txtvers``: this layout's version (:data:`TXT_VERSION`); a record of another is not read;
- ``proto``: the wire protocol's version, so a client of another sees the table as such;
- ``game``: the game's id (``scopa``), ``players``: its number of seats, ``free``: the seats
  still open to a friend;
- ``hint``, when the host shows one: letters, digits and dashes from the table's code.

The table's seat tokens are never announced; of its code, only what the host chooses to show.

:class:`Announcer` announces one table and :class:`Browser` keeps the live list of the tables
found; each is started and stopped explicitly (the app announces only while the Host screen is
open and listens only while the Join screen is), and each sends and listens only on the IPv4
addresses it is given, never on every interface of the machine. Both run on the caller's
asyncio event loop. Whatever another program announces under the same type is read with
:func:`parse_txt`, which turns anything it cannot read into ``None``: such a service is left out
of the list, never a crash.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import ifaddr
from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

#: the DNS-SD service type of a Tavolo table
SERVICE_TYPE = "_tavolo._tcp.local."
#: the layout of the TXT record below; a record of another layout is not read at all
TXT_VERSION = 1
#: how long a browser waits for a table's records once it has seen its name (milliseconds)
RESOLVE_TIMEOUT_MS = 3000
#: DNS caps one label, so an instance name, at 63 bytes
_MAX_INSTANCE_BYTES = 63
_MAX_PLAYERS = 16
_GAME_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_NUMBER_RE = re.compile(r"[0-9]{1,6}")
_HINT_RE = re.compile(r"[A-Za-z0-9-]{1,16}")


@dataclass(frozen=True)
class TableAd:
    """What a hosted table tells the network about itself.

    ``host`` and ``table`` make the instance name people read; ``protocol`` is the wire
    protocol's version, so a client of another version sees the table as such rather than
    failing to join it; ``code_hint`` is what the host chooses to show of the table's code
    (letters, digits and dashes), ``None`` to have joiners type it.
    """

    host: str
    table: str
    game: str
    players: int
    free_seats: int
    port: int
    protocol: int
    code_hint: str | None = None


@dataclass(frozen=True)
class FoundTable:
    """A table found on the network, as the Join screen lists it.

    ``name`` is the service's full instance name, unique on the network (the key of the list);
    ``label`` its readable part. ``compatible`` is false for a table of another protocol
    version: listed, so the player sees why it cannot be joined, but not joinable.
    """

    name: str
    label: str
    game: str
    players: int
    free_seats: int
    protocol: int
    code_hint: str | None
    addresses: tuple[str, ...]
    port: int
    compatible: bool


@dataclass(frozen=True)
class TxtFields:
    """The TXT record's fields, read: what :func:`parse_txt` gives."""

    game: str
    players: int
    free_seats: int
    protocol: int
    code_hint: str | None


def instance_name(host: str, table: str) -> str:
    """The service instance name for ``table`` hosted by ``host``: "table (host)", printable
    characters only, cut to DNS's 63 bytes without splitting a character."""
    text = _printable(f"{table} ({host})")
    while len(text.encode("utf-8")) > _MAX_INSTANCE_BYTES:
        text = text[:-1]
    return text


def txt_record(ad: TableAd) -> dict[str, str]:
    """The TXT record announcing ``ad``: the layout's version, the protocol's, the game, the
    number of players, the free seats and, when the host shows one, the code's hint."""
    record = {
        "txtvers": str(TXT_VERSION),
        "proto": str(ad.protocol),
        "game": ad.game,
        "players": str(ad.players),
        "free": str(ad.free_seats),
    }
    if ad.code_hint is not None:
        record["hint"] = ad.code_hint
    if parse_txt({k.encode(): v.encode() for k, v in record.items()}) is None:
        raise ValueError(f"a table that cannot be announced: {ad}")
    return record


def parse_txt(properties: Mapping[bytes, bytes | None]) -> TxtFields | None:
    """The fields of a TXT record as :func:`txt_record` writes them, or ``None`` for anything
    else: another layout, a missing or malformed field, numbers out of range, bytes that are not
    UTF-8. Never raises, whatever another program put there."""
    text: dict[str, str] = {}
    for key, value in properties.items():
        try:
            text[key.decode("ascii").lower()] = "" if value is None else value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if _number(text.get("txtvers")) != TXT_VERSION:
        return None
    protocol = _number(text.get("proto"))
    players = _number(text.get("players"))
    free = _number(text.get("free"))
    game = text.get("game", "")
    hint = text.get("hint")
    if protocol is None or players is None or free is None:
        return None
    if not 1 <= players <= _MAX_PLAYERS or free > players or not _GAME_RE.fullmatch(game):
        return None
    if hint is not None and not _HINT_RE.fullmatch(hint):
        return None
    return TxtFields(game, players, free, protocol, hint)


def found_table(info: AsyncServiceInfo, protocol: int) -> FoundTable | None:
    """The table a resolved service describes, seen by a client of ``protocol``; ``None`` when
    its TXT record cannot be read or it has no IPv4 address or port to join."""
    fields = parse_txt(info.properties)
    addresses = tuple(info.parsed_addresses(IPVersion.V4Only))
    if fields is None or not addresses or not info.port:
        return None
    suffix = "." + SERVICE_TYPE
    label = info.name[: -len(suffix)] if info.name.endswith(suffix) else info.name
    return FoundTable(
        name=info.name,
        label=_printable(label),
        game=fields.game,
        players=fields.players,
        free_seats=fields.free_seats,
        protocol=fields.protocol,
        code_hint=fields.code_hint,
        addresses=addresses,
        port=info.port,
        compatible=fields.protocol == protocol,
    )


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on local networks (private or link-local ranges, not
    loopback): the interfaces the app announces and listens on. Reads the interfaces only; sends
    nothing."""
    found: set[str] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            address = ipaddress.IPv4Address(ip.ip)
            if (address.is_private or address.is_link_local) and not address.is_loopback:
                found.add(ip.ip)
    return sorted(found, key=ipaddress.IPv4Address)


class Announcer:
    """Announces one table on the given IPv4 addresses (the table's addresses, and the only
    interfaces it sends on) from :meth:`start` until :meth:`stop`."""

    def __init__(self, ad: TableAd, interfaces: Sequence[str]) -> None:
        txt_record(ad)  # a table that cannot be announced fails here, before any socket opens
        self.ad = ad
        self._interfaces = _checked_interfaces(interfaces)
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None

    @property
    def name(self) -> str | None:
        """The instance name announced (another table of the same name on the network makes it
        "name-2"), ``None`` while stopped."""
        return None if self._info is None else self._info.name

    async def start(self) -> None:
        """Probe for the name, then announce the table; returns once the announcements are
        sent. Raises :class:`OSError` when the network refuses (an address given that is not
        this machine's, most often), with nothing left open."""
        if self._zc is not None:
            return
        self._zc = AsyncZeroconf(interfaces=list(self._interfaces), ip_version=IPVersion.V4Only)
        name = f"{instance_name(self.ad.host, self.ad.table)}.{SERVICE_TYPE}"
        self._info = self._service_info(name)
        try:
            await (await self._zc.async_register_service(self._info, allow_name_change=True))
        except BaseException:
            zc, self._zc, self._info = self._zc, None, None
            await zc.async_close()
            raise

    async def update(self, ad: TableAd) -> None:
        """Announce ``ad`` instead (the free seats as they fill, most often); the host's and
        the table's names stay, as they name the service."""
        if (ad.host, ad.table) != (self.ad.host, self.ad.table):
            raise ValueError("a table announced keeps its name: stop and start again")
        txt_record(ad)
        self.ad = ad
        if self._zc is None or self._info is None:
            return
        self._info = self._service_info(self._info.name)
        await (await self._zc.async_update_service(self._info))

    async def stop(self) -> None:
        """Say goodbye (the browsers drop the table at once) and close the sockets."""
        zc, info = self._zc, self._info
        self._zc = self._info = None
        if zc is None:
            return
        try:
            if info is not None:
                await (await zc.async_unregister_service(info))
        finally:
            await zc.async_close()

    def _service_info(self, name: str) -> AsyncServiceInfo:
        return AsyncServiceInfo(
            SERVICE_TYPE,
            name,
            port=self.ad.port,
            properties=txt_record(self.ad),
            server=_SERVER_NAME,
            parsed_addresses=list(self._interfaces),
        )


TablesCallback = Callable[[tuple[FoundTable, ...]], None]


class Browser:
    """Listens on the given IPv4 addresses' interfaces for tables from :meth:`start` until
    :meth:`stop`, and keeps the live list of those found: :attr:`tables` to poll, and
    ``on_change`` called with the new list (on the event loop) whenever a table appears,
    changes or goes. ``protocol`` is this client's protocol version, to mark the tables of
    another version."""

    def __init__(
        self,
        interfaces: Sequence[str],
        protocol: int,
        on_change: TablesCallback | None = None,
    ) -> None:
        self._interfaces = _checked_interfaces(interfaces)
        self._protocol = protocol
        self._on_change = on_change
        self._found: dict[str, FoundTable] = {}
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self.tables: tuple[FoundTable, ...] = ()

    async def start(self) -> None:
        """Start listening (and asking the network for the tables already there). Raises
        :class:`OSError` as :meth:`Announcer.start` does."""
        if self._zc is not None:
            return
        self._zc = AsyncZeroconf(interfaces=list(self._interfaces), ip_version=IPVersion.V4Only)
        self._browser = AsyncServiceBrowser(
            self._zc.zeroconf, SERVICE_TYPE, handlers=[self._on_service]
        )

    async def stop(self) -> None:
        """Stop listening, close the sockets and empty the list."""
        zc, browser = self._zc, self._browser
        self._zc = self._browser = None
        for task in self._resolving.values():
            task.cancel()
        self._resolving.clear()
        if browser is not None:
            await browser.async_cancel()
        if zc is not None:
            await zc.async_close()
        if self._found:
            self._found.clear()
            self._publish()

    def _on_service(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        pending = self._resolving.pop(name, None)
        if pending is not None:
            pending.cancel()
        if state_change is ServiceStateChange.Removed:
            if self._found.pop(name, None) is not None:
                self._publish()
            return
        task = asyncio.get_running_loop().create_task(self._resolve(zeroconf, name))
        self._resolving[name] = task

    async def _resolve(self, zeroconf: Zeroconf, name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        table = None
        if await info.async_request(zeroconf, RESOLVE_TIMEOUT_MS):
            table = found_table(info, self._protocol)
        self._resolving.pop(name, None)
        if table is None:
            changed = self._found.pop(name, None) is not None
        else:
            changed = self._found.get(name) != table
            self._found[name] = table
        if changed:
            self._publish()

    def _publish(self) -> None:
        self.tables = tuple(sorted(self._found.values(), key=lambda t: t.label.casefold()))
        if self._on_change is not None:
            self._on_change(self.tables)


# this process's host name for the A records: its own, so it never claims the machine's name
_SERVER_NAME = f"tavolo-{secrets.token_hex(4)}.local."


def _checked_interfaces(interfaces: Sequence[str]) -> tuple[str, ...]:
    """The IPv4 addresses given, checked: at least one, none that is not an IPv4 address."""
    if not interfaces:
        raise ValueError("discovery needs the addresses of the interfaces to use")
    return tuple(str(ipaddress.IPv4Address(address)) for address in interfaces)


def _number(text: str | None) -> int | None:
    return int(text) if text is not None and _NUMBER_RE.fullmatch(text) else None


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else " " for c in text).strip()
