"""A match played on a server, as the table sees a match: :class:`RemoteMatch`.

The table follows an engine ``GameState``: its event log, the view of its seat, the legal
moves, ``play``, the deal's end and the next deal.  A :class:`RemoteMatch` answers those same
questions from what the server sent this seat, and nothing else: the events (decoded back to
the engine's payload classes, cards the seat may not see as ``None``), the seat's view (the
game's own view dataclass) and its legal moves.  ``play`` sends the move; the server's answer
comes as frames the app drains each frame (:meth:`RemoteMatch.poll`), a refusal as the engine's
:class:`IllegalMove` with its reason code and parts.  The other seats (people or the server's
AI) are the server's: nobody is to move here but this seat.

Between deals the frames of the next deal are held back until the table calls
:meth:`deal_next` (its summary closed), as a local match deals only then.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import typing
from functools import cache
from typing import Any

from game.engine import (
    GAMES,
    BaseView,
    Card,
    DealScored,
    Event,
    GameState,
    IllegalMove,
    Move,
    load_record,
    parse_card,
    state_class,
)
from game.engine.base import Payload

from . import protocol as p
from .client import Client, Dropped

__all__ = ["Notice", "RemoteMatch"]

log = logging.getLogger("tavolo.net")

#: What the table is told besides the match itself: a refusal of its move, a phrase said,
#: an error, the table's seats changing, the connection dropping.
Notice = IllegalMove | p.ChatSaid | p.Error | p.TableState | Dropped


def _payload_classes(root: type[Payload]) -> typing.Iterator[type[Payload]]:
    for sub in root.__subclasses__():
        yield sub
        yield from _payload_classes(sub)


@cache
def _payloads(game: str) -> dict[str, type[Payload]]:
    """The payload classes an event of ``game`` may name, by class name: the engine's shared
    ones, overridden by those of the game's own modules and of the games its state builds on
    (Scopone's events are Scopa's), the game's own last."""
    found = list(_payload_classes(Payload))
    out = {c.__name__: c for c in found if c.__module__ == "game.engine.base"}
    state = state_class(game)
    homes = [k.__module__ for k in state.__mro__ if k.__module__.startswith("game.engine.")]
    for home in reversed(homes):
        if home != "game.engine.base":
            out |= {c.__name__: c for c in found if c.__module__.startswith(home)}
    return out


@cache
def _hints(game: str, kind: str) -> dict[str, Any]:
    return typing.get_type_hints(_payloads(game)[kind])


def decode_event(game: str, out: p.EventOut) -> Event:
    """An event as the engine logged it (for this seat: hidden cards are ``None``)."""
    deck = GAMES[game].deck.name
    cls = _payloads(game)[out.kind]
    hints = _hints(game, out.kind)
    names = {f.name for f in dataclasses.fields(cls)}
    fields = {k: p._decode(hints[k], v, deck) for k, v in out.data.items() if k in names}
    cards = tuple(None if c is None else parse_card(c, deck) for c in out.cards)
    return Event(cls(**fields), out.seat, cards)  # type: ignore[arg-type]


class RemoteMatch(GameState[BaseView]):
    """The match at table ``table`` (its first :class:`~.protocol.TableState`) seen from the
    client's seat; fed by ``client``."""

    def __init__(self, client: Client, table: p.TableState) -> None:
        # not the engine's __init__: nothing is dealt here, the server deals
        self.info = GAMES[table.game]  # type: ignore[misc]
        self.client = client
        self.code = table.code
        self.table = table
        self.my_seat = client.seat
        self.players = table.players
        self.options = dict(table.options)
        # the seed names the match for the UI's own random streams (never a deal)
        self.seed = int(hashlib.sha256(table.code.encode()).hexdigest()[:8], 16)
        self.events: list[Event] = []
        self._history: list[str] = []
        self._view: BaseView | None = None
        self._legal: list[Move] = []
        self._at = -1
        self._pending = False  # a move sent and not answered yet
        self._hold = False  # the deal ended: the frames of the next wait for deal_next
        self._ended = False  # the last view was between deals
        self._go_on = False  # deal_next came before the view that ends the deal
        self._held: list[p.ServerMessage | Dropped] = []
        #: how many views have been taken in: each is a new position whose decision the table
        #: asks again, even at the same move count (the next deal's first view, a rejoin's)
        self.views = 0
        #: the finished match's record, as the server sent it at the end
        self.final_record: dict[str, Any] | None = None

    # -- fed by the server ------------------------------------------------------------------------
    def poll(self) -> list[Notice]:
        """Take in every frame come since the last call; what the table should say or show
        besides (refusals, phrases, errors, the seats, a dropped connection)."""
        return self.feed(self.client.take())

    def feed(self, messages: typing.Iterable[p.ServerMessage | Dropped]) -> list[Notice]:
        notices: list[Notice] = []
        for message in messages:
            if self._hold and isinstance(message, p.Events | p.YourView):
                self._held.append(message)  # the next deal waits for the table's deal_next
                continue
            notice = self._take(message)
            if notice is not None:
                notices.append(notice)
        return notices

    def _take(self, message: p.ServerMessage | Dropped) -> Notice | None:
        match message:
            case p.Events(first=first, events=events):
                skip = len(self.events) - first  # a rejoin may send again what was seen
                self.events += [decode_event(self.name, e) for e in events[max(0, skip) :]]
            case p.YourView():
                self._take_view(message)
            case p.Refusal(code=code, parts=parts):
                self._pending = False
                return IllegalMove(f"refused: {code}", code, **self._parts(parts))
            case p.TableState():
                self.table = message
                return message
            case p.Error():
                self._pending = False
                return message
            case p.MatchRecord(record=record):
                self.final_record = record
            case p.ChatSaid() | Dropped():
                return message
        return None

    def _take_view(self, message: p.YourView) -> None:
        self._view = p.decode_view(message.view)
        deck = self.deck
        self._legal = [
            Move(m.kind, tuple(parse_card(c, deck) for c in m.cards), m.text, m.arg)
            for m in message.legal
        ]
        if message.at != self._at:
            self._history = self._history[: message.at]
            self._history += [""] * (message.at - len(self._history))
            self._at = message.at
        self.views += 1
        self._pending = False
        self._ended = message.between
        self._hold = message.between and not self._go_on
        self._go_on = False

    def _parts(self, parts: dict[str, Any]) -> dict[str, Any]:
        """A refusal's parts as the engine gives them: cards as cards, the moves it names
        (``move``, ``moves``: this position's legal moves) as the moves."""
        return {key: self._part(key, value) for key, value in parts.items()}

    def _part(self, key: str, value: Any) -> Any:
        if isinstance(value, list):
            return tuple(self._part(key, v) for v in value)
        if not isinstance(value, str):
            return value
        if key.startswith("move"):
            for move in self._legal:
                if move.text == value:
                    return move
        if len(value) >= 2:
            try:
                return parse_card(value, self.deck)
            except ValueError:
                pass
        return value

    @property
    def dealt(self) -> bool:
        """The first view has come: the table can be laid out."""
        return self._view is not None

    # -- what the table asks ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to move as the last view says; nobody while this seat's move is on its way
        and between deals."""
        if self._view is None or self._pending or self._ended:
            return None
        if self._view.phase == "over":
            return None
        return typing.cast(int | None, getattr(self._view, "current_player", None))

    @property
    def seats(self) -> int:
        return self.players

    def legal_moves(self) -> list[Move]:
        if self.current_player != self.my_seat:
            return []
        return list(self._legal)

    def view(self, seat: int) -> BaseView:
        """This seat's view (the only one a client has)."""
        if seat != self.my_seat or self._view is None:
            raise ValueError(f"only seat {self.my_seat}'s view is known here, not {seat}'s")
        return self._view

    @property
    def scores(self) -> list[int]:
        return list(self._view.scores) if self._view is not None else [0] * self.players

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(getattr(self.view(seat), "hand", ()))

    @property
    def is_over(self) -> bool:
        return self._view is not None and self._view.phase == "over" and not self._ended

    @property
    def between_deals(self) -> bool:
        """The deal is scored and the match goes on: from its scoring event (the view that
        says so may come a moment later) until :meth:`deal_next`."""
        if self._hold:
            return True
        return bool(self.events) and isinstance(self.events[-1].data, DealScored)

    def deal_next(self) -> None:
        """The table is ready for the next deal: the frames held since the deal ended are
        taken in (the server deals on its own), and a view ending the deal still to come is
        not held."""
        self._go_on = not self._hold
        self._hold = False
        held, self._held = self._held, []
        self.feed(held)

    @property
    def history(self) -> list[str]:
        """One entry per move made at the table (the texts are the server's)."""
        return list(self._history)

    def record(self) -> dict[str, Any]:
        """What names this match at this point (the statistics' key)."""
        return {"online": self.code, "game": self.name, "at": self._at}

    def finished(self) -> GameState | None:
        """The finished match replayed from the record the server sent at its end, once this
        seat has seen the end; None before, or when the record is not this match (another
        game or player count, not over, or other final scores than this seat was shown)."""
        if self.final_record is None or not self.is_over:
            return None
        try:
            state = load_record(self.final_record)
        except Exception as exc:  # the server's record: any failure to replay means unusable
            log.warning("table %s: the match's record does not replay: %s", self.code, exc)
            return None
        same = (state.name, state.players) == (self.name, self.players)
        if not same or not state.is_over or state.scores != self.scores:
            log.warning("table %s: the match's record is not the match played", self.code)
            return None
        return state

    def play(self, move: Move | str) -> None:
        """Send ``move``; the server answers with the move's events and a new view, or a
        refusal (:meth:`poll`).  Nobody is to move here meanwhile."""
        if self.current_player != self.my_seat:
            raise IllegalMove("it is not your turn", "not_your_turn")
        text = move.text if isinstance(move, Move) else move
        self.client.send(p.MoveMsg(move=text, at=self._at))
        self._pending = True

    def say(self, phrase: str) -> None:
        """Say one of the table's phrases (:data:`~.protocol.CHAT_PHRASES`)."""
        self.client.send(p.Chat(phrase=typing.cast(Any, phrase)))

    def why_illegal(self, move: Move) -> IllegalMove:
        raise NotImplementedError("the server says why: play the move and read its refusal")

    def _apply(self, move: Move) -> None:
        raise NotImplementedError("the server plays the moves")

    def _begin(self, deal: dict[str, Any] | None) -> None:
        raise NotImplementedError("the server deals")

    def _find_legal(self) -> list[Move]:
        return self.legal_moves()

    def _start_deal(self, dealer: int) -> None:
        raise NotImplementedError("the server deals")

    def clone(self) -> RemoteMatch:
        raise NotImplementedError("a remote match is not copied")

    def close(self) -> None:
        self.client.close()
