"""Where the app plays online from: the addresses it hosts and looks for tables on, the
player's name, and the folder its seat tokens are kept in."""

from __future__ import annotations

import getpass
import os
from pathlib import Path

from .. import storage
from .service import OnlineService


def interfaces(online: OnlineService) -> list[str]:
    """The LAN addresses the app hosts on and finds tables on (besides loopback, which it
    always hosts on): the machine's own (``online`` finds them), or those
    ``TAVOLO_INTERFACES`` lists, comma separated (empty: none, the app then hosts on this
    machine alone and finds nothing)."""
    given = os.environ.get("TAVOLO_INTERFACES")
    if given is None:
        return online.lan_addresses()
    return [a.strip() for a in given.split(",") if a.strip()]


def player_name() -> str:
    """The name the table shows for this player: ``TAVOLO_NAME``, else the user's login."""
    name = os.environ.get("TAVOLO_NAME", "").strip()
    if not name:
        try:
            name = getpass.getuser().capitalize()
        except (OSError, KeyError):
            name = ""
    return (name or "Player")[:24]


def seats_dir() -> Path:
    """Where the seat tokens are kept, one file per table (a restarted app rejoins)."""
    return storage.data_dir() / "online"


def server_dir() -> Path:
    """Where the table server the app hosts keeps its tables."""
    return storage.data_dir() / "server"
