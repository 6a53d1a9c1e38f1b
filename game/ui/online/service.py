"""What Play online's scenes ask of the network: :class:`OnlineService`, and what it answers.

The UI knows nothing of the wire: these Protocols say what the Join screen, the lobby and an
online table use, in their own terms, and the app hands the App an implementation when it
builds it (game/net/service.py's; :attr:`App.online <game.ui.runner.App.online>`, None where
online play is not available).  What the scenes only read (a seat, a table, a table found
nearby) is a Protocol of read-only attributes, met by whatever the implementation keeps; what
the server says that a scene reacts to comes as calls on the scene (:class:`LobbyNews`,
:class:`TableNews`), so no message class crosses over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from game.engine import GameState, IllegalMove


class SeatInfo(Protocol):
    """One seat of an online table, as the lobby lists it and the table's plates name it."""

    @property
    def kind(self) -> str:
        """``human`` (a person's, taken or open) or ``ai`` (the server's AI plays it)."""

    @property
    def name(self) -> str | None:
        """Its player's name; None while the seat waits for a friend."""

    @property
    def level(self) -> str | None:
        """An AI seat's level."""

    @property
    def connected(self) -> bool: ...

    @property
    def ready(self) -> bool: ...

    @property
    def ai_playing(self) -> bool:
        """The server's AI plays for a person who dropped, until the person comes back."""


class TableInfo(Protocol):
    """An online table as the lobby shows it."""

    @property
    def code(self) -> str:
        """The table's code, read aloud or typed to join."""

    @property
    def game(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def host(self) -> int:
        """The host's seat."""

    @property
    def seats(self) -> Sequence[SeatInfo]: ...

    @property
    def started(self) -> bool:
        """The host has started the match."""


class FoundTable(Protocol):
    """A table announced on the local network, as the Join screen lists it."""

    @property
    def name(self) -> str:
        """Unique on the network: the list's key."""

    @property
    def label(self) -> str:
        """What a person reads: the table's name and its host's."""

    @property
    def game(self) -> str: ...

    @property
    def free_seats(self) -> int: ...

    @property
    def addresses(self) -> Sequence[str]:
        """Its server's addresses (at :attr:`port`)."""

    @property
    def port(self) -> int: ...

    @property
    def code_hint(self) -> str | None:
        """What the host shows of the table's code (None: it is to be typed)."""

    @property
    def compatible(self) -> bool:
        """False for a table of another protocol version (listed, not joinable)."""


class Nearby(Protocol):
    """The tables announced on the local network, listened for until :meth:`stop`."""

    @property
    def tables(self) -> Sequence[FoundTable]:
        """The live list (a new sequence when it changes)."""

    def stop(self) -> None: ...


class LobbyNews(Protocol):
    """What the server says that a lobby reacts to (told by :meth:`Link.poll`)."""

    def table_changed(self, table: TableInfo) -> None:
        """The table as it stands now (seats taken, players ready, the host)."""

    def error(self, code: str) -> None:
        """The server refused a message: its error code (``unknown_table``...)."""

    def dropped(self, retrying: bool) -> None:
        """The connection is down (``retrying``: it comes back on its own)."""


class TableNews(LobbyNews, Protocol):
    """What the server says that a table played online reacts to, besides the match itself
    (told by :meth:`OnlineMatch.poll`)."""

    def refused(self, refusal: IllegalMove) -> None:
        """The player's move was refused: the engine's reason code and parts."""

    def said(self, seat: int, phrase: str) -> None:
        """Seat ``seat`` said a quick phrase (by its id)."""


class OnlineMatch(Protocol):
    """A match played on a server, from the player's seat."""

    @property
    def state(self) -> GameState:
        """The match as the table plays it: fed by the server's frames, its moves sent."""

    @property
    def my_seat(self) -> int: ...

    @property
    def seats(self) -> Sequence[SeatInfo]: ...

    @property
    def views(self) -> int:
        """How many of this seat's views have come: each is a position to decide again."""

    @property
    def ended(self) -> bool:
        """The match is over and the server's record of it has come."""

    def finished(self) -> GameState | None:
        """Once :attr:`ended`: the finished match replayed from the record (None when the
        record is not the match played)."""

    def poll(self, news: TableNews) -> None:
        """Take in what the server sent since the last call; tell ``news`` what is to be
        said besides the match."""

    def say(self, phrase: str) -> None:
        """Say one of the table's quick phrases (by its id)."""

    def close(self) -> None:
        """Leave the table: the connection goes, and the server when the app hosted it."""


class Link(Protocol):
    """One player's connection to one table, from the lobby to the match.  Call one of
    :meth:`host`, :meth:`join` or :meth:`rejoin` once, then :meth:`poll` each frame."""

    def host(
        self,
        game: str,
        players: int,
        seats: Sequence[str],
        options: Mapping[str, Any],
        *,
        lan: Sequence[str],
        data: Path,
        takeover_s: float | None = None,
        takeover_level: str | None = None,
    ) -> None:
        """Start a table server in the app (on loopback and the ``lan`` addresses, its tables
        kept in ``data``) and open a table there: ``game`` for ``players`` with ``options``,
        ``seats`` one per player (``human``: this player, ``open``, or an AI level); a
        dropped player's seat played by ``takeover_level`` after ``takeover_s`` seconds
        (None: the server's default).  An OSError when no server could start."""

    def join(self, url: str, code: str) -> None:
        """Take an open seat at table ``code`` of the server at ``url``."""

    def rejoin(self, code: str, *, lan: Sequence[str], data: Path) -> None:
        """Take back the seat kept at table ``code`` (:meth:`OnlineService.kept_seats`); the
        app's own server started again when it hosted the table (as :meth:`host`).  A
        LookupError when no seat is kept there, an OSError when the server could not start."""

    @property
    def address(self) -> str:
        """The server's address to give friends (``ws://host:port``)."""

    @property
    def seat(self) -> int:
        """The player's seat (-1 until the server gives one)."""

    def ready(self) -> None: ...

    def start(self) -> None:
        """The host starts the match."""

    def poll(self, news: LobbyNews) -> None:
        """Take in what the server sent; tell ``news`` what the lobby shows.  Once the match
        has started its frames go to :attr:`match`."""

    @property
    def match(self) -> OnlineMatch | None:
        """The match, once its first deal has come (the table can be laid out)."""

    def announce(self) -> None:
        """Announce the hosted table on the local network as it stands (its free seats);
        nothing when the app does not host it or has no LAN address."""

    def quiet(self) -> None:
        """Stop announcing."""

    def close(self) -> None:
        """Leave before the match: the connection and the hosted server go."""


class OnlineService(Protocol):
    """Online play as the app's scenes ask for it."""

    def lan_addresses(self) -> list[str]:
        """This machine's LAN addresses (IPv4, not loopback)."""

    def nearby(self, interfaces: Sequence[str]) -> Nearby:
        """Listen for tables announced on the networks of ``interfaces`` (an OSError or a
        ValueError when that cannot be done here)."""

    def kept_seats(self, folder: Path) -> list[str]:
        """The codes of the tables whose seat is kept in ``folder`` (to be taken back)."""

    def link(self, name: str, language: str, *, seats: Path, wake: Callable[[], None]) -> Link:
        """A connection for player ``name`` speaking ``language``, its seat tokens kept in
        ``seats``; ``wake`` is called as each message arrives."""
