"""The wire protocol: versioned JSON messages, one per WebSocket text frame (docs/PROTOCOL.md).

Every message is a :mod:`msgspec` Struct tagged by its ``type`` field, so the schema is the
classes below and a frame is checked against it as it is decoded: an unknown type, a missing
or extra field, a value of the wrong type or length is refused before any code reads it.  A
frame is also refused unread when it is larger than :data:`MAX_BYTES` or nested deeper than
:data:`MAX_DEPTH`.

Views and events travel generically: :func:`encode_value` turns the engine's view dataclass and
event payloads into JSON (cards as their text, moves as their text), and :func:`decode_view`
turns a view back into the game's own dataclass from its type hints, for a client that plays
with the AI's seats (the bot).
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Annotated, Any, Literal

import msgspec

from game.engine import GAMES, BaseView, Card, Event, Move, new_game, parse_card

__all__ = [
    "CHAT_PHRASES",
    "ERROR_CODES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "PROTOCOL_VERSION",
    "BadMessage",
    "Chat",
    "ChatSaid",
    "ClientMessage",
    "Create",
    "Error",
    "EventOut",
    "Events",
    "Hello",
    "Join",
    "LegalMove",
    "MatchRecord",
    "MoveMsg",
    "Ready",
    "Refusal",
    "Rejoin",
    "SeatInfo",
    "ServerMessage",
    "Start",
    "TableState",
    "Welcome",
    "YourView",
    "decode_client",
    "decode_server",
    "decode_view",
    "encode",
    "encode_event",
    "encode_value",
    "encode_view",
    "legal_out",
]

#: The protocol's version: a client says it in its hello; another one is refused.
PROTOCOL_VERSION = 1
#: The largest frame read, in bytes (a move or a create is a few hundred).
MAX_BYTES = 4096
#: The deepest nesting of arrays and objects a frame may have.
MAX_DEPTH = 6
#: The phrases a player may say to the table: ids, each client words them in its language.
CHAT_PHRASES = ("hello", "well_played", "thanks", "oops", "good_game", "bye")
#: Every error code the server sends.
ERROR_CODES = (
    "bad_message",
    "too_big",
    "too_deep",
    "wrong_version",
    "hello_first",
    "unknown_table",
    "table_full",
    "bad_token",
    "bad_table",
    "rate_limited",
    "not_seated",
    "not_host",
    "not_ready",
    "not_started",
    "already_started",
    "not_your_turn",
    "stale_move",
    "internal",
)

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=24)]
Word = Annotated[str, msgspec.Meta(max_length=32)]
Code = Annotated[str, msgspec.Meta(max_length=16)]
Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]


class _Msg(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    """A message: its ``type`` names it."""


# -- client to server -------------------------------------------------------------------------
class Hello(_Msg, tag="hello"):
    """The first message of every connection: who speaks, in which protocol version."""

    version: int
    name: Name
    language: Annotated[str, msgspec.Meta(max_length=8)] = "en"


class Create(_Msg, tag="create"):
    """Open a table: the game, its players and options, and per seat ``human`` (the creator,
    exactly one), ``open`` (for someone joining) or an AI level (``easy``, ``normal``...).
    ``takeover_s`` is how long a dropped player's seat waits before ``takeover_level`` plays
    for it."""

    game: Word
    players: Annotated[int, msgspec.Meta(ge=1, le=8)]
    seats: Annotated[list[Word], msgspec.Meta(min_length=1, max_length=8)]
    options: dict[Word, int | bool | Word] = {}
    takeover_s: Annotated[float, msgspec.Meta(ge=0, le=3600)] = 60.0
    takeover_level: Word = "normal"


class Join(_Msg, tag="join"):
    """Take the first open seat of the table ``code``."""

    code: Code


class Rejoin(_Msg, tag="rejoin"):
    """Take back one's own seat with its token; ``seen`` events are already known."""

    code: Code
    token: Annotated[str, msgspec.Meta(max_length=64)]
    seen: Count = 0


class Ready(_Msg, tag="ready"):
    """This seat is ready to start."""


class Start(_Msg, tag="start"):
    """The host starts the match (every seat filled, every player ready)."""


class MoveMsg(_Msg, tag="move"):
    """Play ``move`` (the engine's move text) at position ``at`` (the number of moves made,
    as the last view said): a move sent for another position is stale and refused."""

    move: Annotated[str, msgspec.Meta(max_length=40)]
    at: Count


class Chat(_Msg, tag="chat"):
    """Say one of the fixed phrases to the table."""

    phrase: Literal["hello", "well_played", "thanks", "oops", "good_game", "bye"]


ClientMessage = Hello | Create | Join | Rejoin | Ready | Start | MoveMsg | Chat


# -- server to client -------------------------------------------------------------------------
class Welcome(_Msg, tag="welcome"):
    """You sit at ``seat`` of table ``code``; keep ``token`` to take the seat back."""

    code: str
    seat: int
    token: str


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True):
    """One seat as everyone sees it: ``kind`` human or ai; an open human seat has no name."""

    kind: str
    name: str | None
    level: str | None
    connected: bool
    ready: bool
    ai_playing: bool


class TableState(_Msg, tag="table"):
    """The table: its game, options, seats, host seat, and whether it started or is over."""

    code: str
    game: str
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    host: int
    started: bool
    over: bool


class LegalMove(msgspec.Struct, forbid_unknown_fields=True):
    """A move the seat may make now: its text (what to send), kind, cards and argument."""

    text: str
    kind: str
    cards: list[str]
    arg: str | None


class YourView(_Msg, tag="view"):
    """Your seat's view after ``at`` moves (``between``: the deal is over and the next not
    dealt yet), and your legal moves when it is your decision."""

    at: int
    between: bool
    view: dict[str, Any]
    legal: list[LegalMove]


class EventOut(msgspec.Struct, forbid_unknown_fields=True):
    """One event as a seat may see it: a card it may not see is null."""

    kind: str
    seat: int | None
    cards: list[str | None]
    data: dict[str, Any]


class Events(_Msg, tag="events"):
    """The events of the log from index ``first`` on, redacted for your seat."""

    first: int
    events: list[EventOut]


class Refusal(_Msg, tag="refusal"):
    """Your move was not allowed: the engine's reason code and the parts of its sentence."""

    move: str
    code: str
    parts: dict[str, Any]


class Error(_Msg, tag="error"):
    """A message that could not be taken: one of :data:`ERROR_CODES`, and a detail."""

    code: str
    detail: str = ""
    expected_version: int | None = None


class ChatSaid(_Msg, tag="said"):
    """Seat ``seat`` said phrase ``phrase``."""

    seat: int
    phrase: str


class MatchRecord(_Msg, tag="record"):
    """The finished match's whole record (the engine's ``record()``: game, players, options,
    seed, moves), so each player can keep it and replay it.  Sent only once the match is over:
    the seed deals every card, so before the end it would show every hand."""

    record: dict[str, Any]


ServerMessage = Welcome | TableState | YourView | Events | Refusal | Error | ChatSaid | MatchRecord


class BadMessage(ValueError):
    """A frame refused before it is read: ``code`` is the error code to answer with."""

    def __init__(self, code: str, detail: str, version: int | None = None) -> None:
        super().__init__(detail)
        self.code = code
        self.version = version


class _Probe(msgspec.Struct):
    """What is read of a hello of unknown version: only its version."""

    type: str
    version: int


_client = msgspec.json.Decoder(ClientMessage)
_server = msgspec.json.Decoder(ServerMessage)
_probe = msgspec.json.Decoder(_Probe)
_encoder = msgspec.json.Encoder()


def _depth(raw: bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, outside strings."""
    depth = most = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            most = max(most, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return most


def _checked(raw: str | bytes) -> bytes:
    data = raw.encode() if isinstance(raw, str) else raw
    if len(data) > MAX_BYTES:
        raise BadMessage("too_big", f"a message is at most {MAX_BYTES} bytes")
    if _depth(data) > MAX_DEPTH:
        raise BadMessage("too_deep", f"a message nests at most {MAX_DEPTH} levels")
    return data


def decode_client(raw: str | bytes) -> ClientMessage:
    """The client message ``raw`` holds; :class:`BadMessage` says why it is refused.

    A hello of another protocol version is refused as ``wrong_version`` even when the rest of
    it follows another schema."""
    data = _checked(raw)
    try:
        return _client.decode(data)
    except msgspec.ValidationError as exc:
        try:
            probe = _probe.decode(data)
        except msgspec.MsgspecError:
            probe = None
        if probe is not None and probe.type == "hello" and probe.version != PROTOCOL_VERSION:
            raise BadMessage("wrong_version", "another protocol version", probe.version) from None
        raise BadMessage("bad_message", str(exc)) from None
    except msgspec.DecodeError as exc:
        raise BadMessage("bad_message", str(exc)) from None


def decode_server(raw: str | bytes) -> ServerMessage:
    """The server message ``raw`` holds (a client's side: msgspec errors pass through)."""
    return _server.decode(raw)


def encode(message: msgspec.Struct) -> str:
    """The JSON text of a message."""
    return _encoder.encode(message).decode()


# -- views and events, generically --------------------------------------------------------------
def encode_value(value: Any) -> Any:
    """``value`` as JSON data: cards and moves as their text, dataclasses and named tuples as
    objects, tuples and sets as arrays (sets sorted), mappings with text keys.

    How a value is encoded depends only on its type, so each type's way is worked out once
    (:func:`_encoder_for`) and kept: the server encodes every seat's view after every move."""
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for(kind)
    return encoder(value)


_ENCODERS: dict[type, Callable[[Any], Any]] = {}


def _same(value: Any) -> Any:
    return value


def _items(value: Any) -> Any:
    return [encode_value(v) for v in value]


def _encoder_for(kind: type) -> Callable[[Any], Any]:
    """How to encode a value of type ``kind`` (see :func:`encode_value`)."""
    if kind is type(None) or issubclass(kind, bool | str | float):
        return _same
    if issubclass(kind, Card):
        return str
    if issubclass(kind, int):
        return int
    if issubclass(kind, Move):
        return lambda move: move.text
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
        return lambda value: {n: encode_value(getattr(value, n)) for n in names}
    if issubclass(kind, tuple) and hasattr(kind, "_fields"):
        keys = tuple(kind._fields)
        return lambda value: {k: encode_value(v) for k, v in zip(keys, value, strict=True)}
    if issubclass(kind, list | tuple):
        return _items
    if issubclass(kind, frozenset | set):
        return lambda value: [encode_value(v) for v in sorted(value)]
    if issubclass(kind, Mapping):
        return lambda value: {str(k): encode_value(v) for k, v in value.items()}
    raise TypeError(f"no JSON form for {kind.__name__}")


#: What every view answers, as fields or as properties (see :class:`BaseView`).
_SHARED = ("sides", "side", "deal_no", "phase")


def encode_view(view: BaseView) -> dict[str, Any]:
    """A view as JSON data: its fields, and the answers every view gives (sides, side, deal
    number, phase) where they are not fields."""
    out = encode_value(view)
    for name in _SHARED:
        out.setdefault(name, encode_value(getattr(view, name)))
    for name in view.EXTRAS:  # what the view carries besides its fields (Scopa's house rules)
        out[name] = encode_value(getattr(view, name))
    return typing.cast(dict[str, Any], out)


def encode_event(event: Event) -> EventOut:
    """One (already redacted) event: its payload's class name is its kind."""
    return EventOut(
        kind=type(event.data).__name__,
        seat=event.seat,
        cards=[None if c is None else str(c) for c in event.cards],
        data=typing.cast(dict[str, Any], encode_value(event.data)),
    )


def legal_out(moves: typing.Iterable[Move]) -> list[LegalMove]:
    """The legal moves as the wire carries them."""
    return [LegalMove(m.text, m.kind, [str(c) for c in m.cards], m.arg) for m in moves]


@cache
def _view_class(game: str) -> type[BaseView]:
    info = GAMES[game]
    return type(new_game(game, players=info.players[-1], seed=1).view(0))


def _decode(tp: Any, value: Any, deck: str) -> Any:
    """``value`` (JSON data) as the type hint ``tp`` says, cards parsed in ``deck``."""
    origin = typing.get_origin(tp)
    if tp is Any or value is None:
        return value
    if tp is Card:
        return parse_card(value, deck)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        return _decode(options[0], value, deck) if len(options) == 1 else value
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, deck) for v in value)
        return tuple(_decode(a, v, deck) for a, v in zip(args, value, strict=True))
    if origin in (frozenset, set):
        (arg,) = typing.get_args(tp)
        return frozenset(_decode(arg, v, deck) for v in value)
    if origin in (dict, Mapping):
        key, val = typing.get_args(tp)
        return {_decode(key, k, deck): _decode(val, v, deck) for k, v in value.items()}
    if tp is int and isinstance(value, str):
        return int(value)
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or hasattr(tp, "_fields")):
        tp = _subclass_for(tp, value)
        hints = typing.get_type_hints(tp)
        fields = {k: _decode(hints[k], v, deck) for k, v in value.items() if k in hints}
        return tp(**fields)
    return value


def _subclass_for(tp: type, value: Any) -> type:
    """The dataclass ``value`` (JSON data typed ``tp``) was encoded from: ``tp``, or the
    subclass of it whose fields its keys name (Scopa's figures under house rules)."""
    if not dataclasses.is_dataclass(tp) or not isinstance(value, dict):
        return tp
    names = {f.name for f in dataclasses.fields(tp)}
    if set(value) <= names:
        return tp
    for sub in tp.__subclasses__():
        # the class its module names: a slotted dataclass leaves behind the class it replaced
        named = getattr(sys.modules[sub.__module__], sub.__qualname__, None) is sub
        if named and set(value) <= {f.name for f in dataclasses.fields(sub)}:
            return sub
    return tp


def decode_view(data: dict[str, Any]) -> BaseView:
    """The game's own view dataclass from its JSON data (see :func:`encode_view`)."""
    from game.engine.base import make_view

    cls = _view_class(data["game"])
    deck = GAMES[data["game"]].deck.name
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    extras = {
        name: _decode(_extra_type(cls, name), data[name], deck)
        for name in cls.EXTRAS
        if name in data
    }
    return make_view(cls, **{k: _decode(hints[k], data[k], deck) for k in names}, **extras)


def _extra_type(cls: type[BaseView], name: str) -> Any:
    """The type of a view's extra ``name`` (see :attr:`BaseView.EXTRAS`): its default's."""
    return typing.get_type_hints(getattr(cls, name).func)["return"]
