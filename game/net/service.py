"""Online play as the app's scenes ask for it: :class:`NetService`, which meets
``game.ui.online.service.OnlineService`` (the UI's Protocol) with this layer's parts.

The UI imports nothing from game/net: the app builds a :class:`NetService` and hands it to the
App.  It is a light front: the wire's and discovery's libraries (websockets, msgspec,
zeroconf) are imported when Play online first asks for something, so the app starts without
them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .link import Link
    from .nearby import NearbyTables

__all__ = ["NetService"]


class NetService:
    """Online play over this layer's client, server and discovery."""

    def lan_addresses(self) -> list[str]:
        from .discovery import lan_addresses

        return lan_addresses()

    def nearby(self, interfaces: Sequence[str]) -> NearbyTables:
        from .nearby import NearbyTables

        return NearbyTables(interfaces)

    def kept_seats(self, folder: Path) -> list[str]:
        from .client import kept_seats

        return [key.code for key in kept_seats(folder)]

    def link(self, name: str, language: str, *, seats: Path, wake: Callable[[], None]) -> Link:
        from .link import Link

        return Link(name, language, seats, wake)
