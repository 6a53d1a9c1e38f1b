"""One table's authority: the engine state, its seats, and who is told what.

The table holds the only state of its match.  Every move a player sends goes through the
engine (:meth:`GameState.play_as`); every seat is sent only its own view and the events as
:meth:`GameState.events_for` redacts them for it.  AI seats (and a dropped player's seat, once
its takeover time has passed) are played by the catalogue's levels off the event loop, in a
thread.  The table knows nothing of sockets: a seated player is a :class:`Link` that takes
messages.  Everything runs on one asyncio loop, so nothing here needs a lock.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from game.ai import LEVELS, make_seat, seat_kinds
from game.ai.base import Seat as AiSeat
from game.engine import GAMES, GameState, IllegalMove, Move, load_record, new_game

from . import protocol as p

__all__ = ["CODE_ALPHABET", "Link", "Seat", "Table", "TableError", "new_code", "new_token"]

log = logging.getLogger("tavolo.net")

#: Table codes are read aloud: no 0/O, 1/I/L, 2/Z, 5/S, 8/B.
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6


def new_code() -> str:
    """A fresh table code (about 28 bits: guesses are rate-limited per address)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A fresh seat token: 128 random bits."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What is kept of a token: its SHA-256, so the stored tables hold no usable token."""
    return hashlib.sha256(token.encode()).hexdigest()


class TableError(Exception):
    """A request the table refuses: ``code`` is the protocol's error code."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code = code
        self.detail = detail


class Link(Protocol):
    """A player's connection as the table sees it."""

    def send(self, message: msgspec.Struct) -> None: ...


@dataclass
class Seat:
    """One seat: a human one (open until someone takes it) or an AI of ``level``."""

    kind: str  # "human" or "ai"
    level: str | None = None
    name: str | None = None
    token: str | None = None  # the token's hash
    ready: bool = False
    link: Link | None = None
    #: a dropped player's seat is played by the takeover level
    auto: bool = False
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)

    def info(self) -> p.SeatInfo:
        return p.SeatInfo(
            self.kind,
            self.name,
            self.level,
            self.kind == "ai" or self.link is not None,
            self.kind == "ai" or self.ready,
            self.kind == "ai" or self.auto,
        )


class Table:
    """A table of ``code``: created by :meth:`create` or restored by :meth:`restore`."""

    def __init__(
        self,
        code: str,
        game: str,
        players: int,
        options: dict[str, Any],
        seats: list[Seat],
        seed: int,
        takeover_s: float,
        takeover_level: str,
    ) -> None:
        self.code = code
        self.game = game
        self.players = players
        self.options = options
        self.seats = seats
        self.seed = seed
        self.takeover_s = takeover_s
        self.takeover_level = takeover_level
        self.host = next(i for i, s in enumerate(seats) if s.kind == "human")
        self.state: GameState[Any] | None = None
        #: set by the server: where a change is stored, the AI's threads, the pause between
        #: deals
        self.on_change: Callable[[Table], None] = lambda table: None
        self.executor: Executor | None = None
        self.pause = 2.0
        self._driver: asyncio.Task[None] | None = None
        self._ai: dict[str, AiSeat] = {}

    # -- making and restoring ---------------------------------------------------------------
    @classmethod
    def create(cls, code: str, request: p.Create, seed: int) -> Table:
        """A table as ``request`` asks; :class:`TableError` ``bad_table`` says what is wrong."""
        info = GAMES.get(request.game)
        if info is None:
            raise TableError("bad_table", f"no game {request.game!r}")
        try:
            options = info.check_options(request.players, dict(request.options))
        except ValueError as exc:
            raise TableError("bad_table", str(exc)) from None
        if len(request.seats) != request.players:
            raise TableError("bad_table", "one seat per player")
        levels = [k for k in seat_kinds(request.game, request.players) if k in LEVELS]
        seats = []
        for kind in request.seats:
            if kind in ("human", "open"):
                seats.append(Seat("human"))
            elif kind in levels:
                seats.append(Seat("ai", kind))
            else:
                raise TableError("bad_table", f"no seat kind {kind!r}")
        if request.seats.count("human") != 1:
            raise TableError("bad_table", "exactly one seat is the creator's (human)")
        if request.takeover_level not in levels:
            raise TableError("bad_table", f"no level {request.takeover_level!r}")
        table = cls(
            code,
            request.game,
            request.players,
            options,
            seats,
            seed,
            request.takeover_s,
            request.takeover_level,
        )
        table.host = request.seats.index("human")
        return table

    def meta(self) -> dict[str, Any]:
        """What storage keeps besides the record: the seats (tokens hashed) and settings."""
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "host": self.host,
            "takeover_s": self.takeover_s,
            "takeover_level": self.takeover_level,
            "seats": [
                {"kind": s.kind, "level": s.level, "name": s.name, "token": s.token}
                for s in self.seats
            ],
        }

    @classmethod
    def restore(cls, code: str, meta: dict[str, Any], record: dict[str, Any] | None) -> Table:
        """A stored table, its match replayed from its record (None: not started)."""
        seats = [Seat(s["kind"], s["level"], s["name"], s["token"]) for s in meta["seats"]]
        table = cls(
            code,
            meta["game"],
            meta["players"],
            meta["options"],
            seats,
            meta["seed"],
            meta["takeover_s"],
            meta["takeover_level"],
        )
        table.host = meta["host"]
        if record is not None:
            table.state = load_record(record)
            for seat in seats:  # nobody is connected yet: the takeover clocks start now
                seat.ready = True
        return table

    # -- who is told what -------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.is_over

    def table_state(self) -> p.TableState:
        return p.TableState(
            code=self.code,
            game=self.game,
            players=self.players,
            options=dict(self.options),
            seats=[s.info() for s in self.seats],
            host=self.host,
            started=self.started,
            over=self.over,
        )

    def broadcast(self, message: msgspec.Struct) -> None:
        for seat in self.seats:
            if seat.link is not None:
                seat.link.send(message)

    def view_of(self, seat: int) -> p.YourView:
        """Seat ``seat``'s view now, with its legal moves when the decision is its own."""
        state = self.state
        assert state is not None
        current = state.current_player
        mine = current is not None and state.controller(current) == seat
        return p.YourView(
            at=len(state.history),
            between=state.between_deals,
            view=p.encode_view(state.view(seat)),
            legal=p.legal_out(state.legal_sequence()) if mine else [],
        )

    def events_of(self, seat: int, first: int) -> p.Events:
        state = self.state
        assert state is not None
        return p.Events(
            first=first, events=[p.encode_event(e) for e in state.events_for(seat, first)]
        )

    def match_record(self) -> p.MatchRecord:
        """The finished match's record, for every seat: only once the match is over, since its
        seed deals every card."""
        assert self.state is not None and self.state.is_over, "the record of a match going on"
        return p.MatchRecord(record=self.state.record())

    def _tell(self, first: int) -> None:
        """Every connected seat: the events since ``first`` and its view."""
        for i, seat in enumerate(self.seats):
            if seat.link is not None:
                seat.link.send(self.events_of(i, first))
                seat.link.send(self.view_of(i))

    # -- seats ------------------------------------------------------------------------------
    def seat_creator(self, link: Link, name: str) -> tuple[int, str]:
        return self._take(self.host, link, name)

    def join(self, link: Link, name: str) -> tuple[int, str]:
        """Seat a new player at the first open seat: its number and token (the caller
        welcomes it, then tells the table)."""
        if self.started:
            raise TableError("already_started", "the match has started: only its players rejoin")
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.token is None:
                return self._take(i, link, name)
        raise TableError("table_full", "every seat is taken")

    def _take(self, i: int, link: Link, name: str) -> tuple[int, str]:
        token = new_token()
        seat = self.seats[i]
        seat.token, seat.name, seat.link = token_hash(token), name, link
        self.on_change(self)
        return i, token

    def holds(self, i: int, link: Link) -> bool:
        """Whether ``link`` is seat ``i``'s connection (a seat taken back elsewhere is not)."""
        return self.seats[i].link is link

    def seat_of_token(self, token: str) -> int | None:
        digest = token_hash(token)
        for i, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, digest):
                return i
        return None

    def rejoin(self, i: int, link: Link, token: str, seen: int) -> None:
        """Seat ``i``'s player is back: the AI gives the seat back at its next decision."""
        seat = self.seats[i]
        old = seat.link
        seat.link, seat.auto = link, False
        if seat.timer is not None:
            seat.timer.cancel()
            seat.timer = None
        if old is not None and old is not link:
            old.send(p.Error(code="bad_token", detail="the seat was taken back elsewhere"))
        link.send(p.Welcome(code=self.code, seat=i, token=token))
        if self.over:
            link.send(self.match_record())  # (before the table that says the match is over)
        self.broadcast(self.table_state())
        if self.state is not None:
            seen = min(seen, len(self.state.events))
            link.send(self.events_of(i, seen))
            link.send(self.view_of(i))

    def gone(self, i: int, link: Link) -> None:
        """Seat ``i``'s connection dropped: after the takeover time, the AI plays for it."""
        seat = self.seats[i]
        if seat.link is not link:
            return
        seat.link = None
        log.info("table %s: seat %d disconnected", self.code, i)
        self.broadcast(self.table_state())
        if self.started and not self.over:
            self._arm_takeover(i)

    def _arm_takeover(self, i: int) -> None:
        seat = self.seats[i]
        if seat.timer is not None:
            seat.timer.cancel()
        seat.timer = asyncio.get_running_loop().call_later(self.takeover_s, self._take_over, i)

    def _take_over(self, i: int) -> None:
        seat = self.seats[i]
        seat.timer = None
        if seat.link is None and not self.over:
            seat.auto = True
            log.info("table %s: %s plays for seat %d", self.code, self.takeover_level, i)
            self.broadcast(self.table_state())
            self.kick()

    def ready(self, i: int) -> None:
        self.seats[i].ready = True
        self.broadcast(self.table_state())

    def start(self, i: int) -> None:
        """The host starts the match."""
        if i != self.host:
            raise TableError("not_host", "only the host starts the match")
        if self.started:
            raise TableError("already_started")
        humans = [s for k, s in enumerate(self.seats) if s.kind == "human" and k != self.host]
        if any(s.token is None or not s.ready for s in humans):
            raise TableError("not_ready", "every seat must be taken and every player ready")
        self.seats[self.host].ready = True
        self.state = new_game(self.game, players=self.players, seed=self.seed, **self.options)
        log.info("table %s: %s for %d started", self.code, self.game, self.players)
        self.on_change(self)
        self.broadcast(self.table_state())
        self._tell(0)
        self.kick()

    def resume(self) -> None:
        """A restored table goes on: nobody is connected, so every human seat's takeover
        clock starts, and the AI seats (and a waiting next deal) play on."""
        if self.state is None or self.over:
            return
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.link is None:
                self._arm_takeover(i)
        self.kick()

    # -- moves ------------------------------------------------------------------------------
    def move(self, i: int, request: p.MoveMsg) -> None:
        """Seat ``i`` plays; a refusal goes back to it alone, the move's events to everyone."""
        state = self.state
        if state is None:
            raise TableError("not_started", "the match has not started")
        current = state.current_player
        if current is None or state.controller(current) != i:
            raise TableError("not_your_turn", "it is not your decision")
        if request.at != len(state.history):
            raise TableError("stale_move", f"the position is at move {len(state.history)}")
        first = len(state.events)
        try:
            state.play_as(current, request.move)
        except IllegalMove as exc:
            link = self.seats[i].link
            if link is not None:
                parts = p.encode_value(exc.parts)
                link.send(p.Refusal(move=request.move, code=exc.code, parts=parts))
            return
        self._moved(first)
        self.kick()

    def _moved(self, first: int) -> None:
        assert self.state is not None
        self.on_change(self)
        self._tell(first)
        if self.state.is_over:
            log.info("table %s: match over, winners %s", self.code, self.state.winners)
            self.broadcast(self.match_record())
            self.broadcast(self.table_state())

    def _ai_plays(self, i: int) -> bool:
        seat = self.seats[i]
        return seat.kind == "ai" or seat.auto

    def kick(self) -> None:
        """Play on: deal the next deal, and let the AI decide, until a human is to move."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        try:
            await self._play_on()
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug here stops this table's AI, never the server
            log.exception("table %s: the AI stopped on an unexpected error", self.code)

    async def _play_on(self) -> None:
        loop = asyncio.get_running_loop()
        while (state := self.state) is not None and not state.is_over:
            first = len(state.events)
            if state.between_deals:
                await asyncio.sleep(self.pause)
                if self.state is not state or not state.between_deals:
                    continue
                state.deal_next()
                self._moved(first)
                continue
            current = state.current_player
            assert current is not None
            i = state.controller(current)
            if not self._ai_plays(i):
                return
            at = len(state.history)
            view, legal = state.view(current), list(state.legal_sequence())
            rng = random.Random(f"{self.seed}/{i}/{at}")
            chooser = self._chooser(i)
            move: Move = await loop.run_in_executor(self.executor, chooser.choose, view, legal, rng)
            if self.state is not state or len(state.history) != at or not self._ai_plays(i):
                continue  # someone else moved meanwhile, or the player took the seat back
            first = len(state.events)
            state.play_as(current, move)
            self._moved(first)

    def _chooser(self, i: int) -> AiSeat:
        seat = self.seats[i]
        level = seat.level if seat.kind == "ai" and seat.level else self.takeover_level
        key = f"{i}/{level}"
        if key not in self._ai:
            self._ai[key] = make_seat(level, self.game)
        return self._ai[key]

    @property
    def deserted(self) -> bool:
        """Over, and nobody connected any more: the server may forget it (it is stored)."""
        return self.over and all(seat.link is None for seat in self.seats)

    def close(self) -> None:
        """Stop this table's clocks and its AI (the server is stopping)."""
        if self._driver is not None:
            self._driver.cancel()
        for seat in self.seats:
            if seat.timer is not None:
                seat.timer.cancel()
