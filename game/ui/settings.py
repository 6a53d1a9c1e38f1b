"""The player's settings: deck, animation speed, trick hold, fullscreen, card back, sound, the
look for the player's eyes (four-colour French cards, high-contrast table, text size), and
the last New game setup (the game, each game's player count, seats and rule options, each
game's chosen deck, and per game what a table hosted online does when a player drops).

Kept as JSON in the user's config folder, tagged ``"format": "tavolo-settings/1"``.  A missing
file means defaults.  Nothing the player had is ever lost, and nothing is a crash:

- a damaged file (not JSON, not an object, a FIFO, huge, nested too deep) is set aside under a
  dated name (``settings.json.damaged-20261123-1102``) and the defaults are used;
- a file from a newer Tavolo (a higher format number) is left untouched: this version runs on
  defaults and does not write over it;
- an unreadable file (no permission) is left untouched too;
- entries this version does not know are written back as they were; a known entry with a bad
  value is reset to its default.  In the per-game entries (``setups``, ``decks``,
  ``takeovers``) a game this version does not have is kept as it is, and a bad entry of a known
  game is dropped alone.

Decks: each game is shown in its own deck (the engine's) unless the player chose another one for
it, in the setup or by switching during one of its matches (``decks``).  ``deck`` is the deck on
screen now: a table sets it from its game's when it opens (:func:`playable_deck`).

Each case gives one message for the player (logged, and shown once by the UI).
"""

from __future__ import annotations

import logging
import reprlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import skins
from game.ai import seat_kinds
from game.ai.levels import DEFAULT_LEVEL, LEVELS
from game.engine import GAMES
from game.i18n import LANGUAGES, _

from . import storage, theme

log = logging.getLogger(__name__)

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
DECKS = skins.DECKS
#: how long a finished trick or capture stays on the table before it is gathered, in seconds at
#: normal speed (the speed setting scales it); "click" waits for the player's click or key
HOLDS: dict[str, float | None] = {"short": 0.8, "normal": 1.5, "long": 3.0, "click": None}
#: the text sizes of the table (plates, band, buttons, panel); theme.TEXT_FACTORS says how big
TEXT_SIZES = tuple(theme.TEXT_FACTORS)
#: how long a table hosted online waits for a player whose connection dropped before an AI plays
#: for the seat, in seconds: the Host dialog's choices, and the one a game has until its host
#: picks another (the table server's own default)
TAKEOVER_WAITS = (30, 60, 120, 300)
DEFAULT_TAKEOVER = 60
FORMAT = "tavolo-settings"
#: the format version this Tavolo writes; a file with a higher one comes from a newer Tavolo
VERSION = 1

_short = reprlib.Repr()
_short.maxstring = _short.maxother = 40


@dataclass
class Settings:
    deck: str = "french"
    speed: str = "normal"
    fullscreen: bool = False
    back: str = "blue"
    volume: float = 0.7
    muted: bool = False
    window: tuple[int, int] = (1280, 720)
    hold: str = "normal"
    #: a seat's only legal card plays itself after a short beat
    auto_last: bool = True
    #: French cards in four colours: spades black, hearts red, diamonds blue, clubs green
    four_colour: bool = False
    #: the high-contrast table: plain dark felt, thick outlines, white on black plates and band
    high_contrast: bool = False
    #: "normal" or "large" text on the table (:data:`TEXT_SIZES`)
    text_size: str = "normal"
    #: the solitaire deals only deals the solver found winnable (its setup's row)
    solitaire_winnable_only: bool = False
    #: the game the New game dialog showed last ("": the first of the catalogue)
    last_game: str = ""
    #: the game last hosted online, where the Host dialog opens ("": the first)
    last_hosted: str = ""
    #: per game, its last setup as written in the file: {"players": n, "seats": [kind, ...]}
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: per game, the deck the player chose for it (absent: the game's own deck)
    decks: dict[str, str] = field(default_factory=dict)
    #: per game, what a table hosted online does when a player drops: {"after": seconds of
    #: :data:`TAKEOVER_WAITS`, "level": the AI level that then plays for the seat}
    takeovers: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: the language of every text ("": the system's, until the player picks one in Settings)
    language: str = ""
    #: entries of the file this version does not know (a newer Tavolo's), written back as read
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: True when the file on disk must not be written over (newer, or unreadable)
    keep_file: bool = field(default=False, compare=False, repr=False)

    @property
    def speed_factor(self) -> float:
        """Multiplier on every animation duration (0 = instant)."""
        return SPEEDS.get(self.speed, 1.0)

    @property
    def hold_seconds(self) -> float | None:
        """How long a finished trick stays on the table (None: until the player clicks)."""
        base = HOLDS.get(self.hold, HOLDS["normal"])
        return None if base is None else base * self.speed_factor

    def deck_for(self, game: str, players: int) -> str:
        """The deck ``game`` is shown in with ``players`` players: the player's choice for it,
        else its own, unless that deck cannot show it (:func:`playable_deck`)."""
        return playable_deck(game, players, self.chosen_deck(game))[0]

    def chosen_deck(self, game: str) -> str:
        """The deck the player chose for ``game``, else the game's own."""
        return self.decks.get(game) or skins.NATIVE_DECK[game]

    def setup_of(self, game: str) -> tuple[int, list[str]] | None:
        """The player count and seats last chosen for ``game`` (checked when the file was read)."""
        entry = self.setups.get(game)
        if entry is None:
            return None
        return entry["players"], list(entry["seats"])

    def options_of(self, game: str) -> dict[str, Any]:
        """The rule options last chosen for ``game``: those the game still has, each with a
        value it allows (an option dropped or changed since is simply not remembered)."""
        entry = self.setups.get(game) or {}
        known = GAMES[game].options
        return {
            key: value
            for key, value in entry.get("options", {}).items()
            if key in known
            and value in known[key].choices
            and isinstance(value, bool) == isinstance(known[key].default, bool)
        }

    def remember_setup(
        self, game: str, players: int, seats: list[str], options: dict[str, Any] | None = None
    ) -> None:
        self.setups[game] = {"players": players, "seats": list(seats)}
        if options:
            self.setups[game]["options"] = dict(options)
        self.last_game = game

    def takeover_of(self, game: str) -> tuple[int, str]:
        """How long a table of ``game`` hosted online waits for a dropped player, and the AI
        level that then plays for the seat: as last chosen for the game, else the defaults."""
        entry = self.takeovers.get(game)
        if entry is None:
            return DEFAULT_TAKEOVER, DEFAULT_LEVEL
        return entry["after"], entry["level"]

    def remember_takeover(self, game: str, after: int, level: str) -> None:
        """Remember a hosted table's takeover for ``game``, and ``game`` as the one last hosted."""
        self.takeovers[game] = {"after": after, "level": level}
        self.last_hosted = game

    def to_json(self) -> dict[str, Any]:
        out = dict(self.extra)
        out.update({key: getattr(self, key) for key in (*_VALID, *_CLEAN)})
        out["window"] = list(self.window)
        out["format"] = f"{FORMAT}/{VERSION}"
        return out

    @classmethod
    def from_json(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from a JSON value; bad entries fall back to defaults, with notes.

        Entries this version does not know are kept in ``extra``; any type is handled.
        """
        s = cls()
        if not isinstance(data, dict):
            return s, [_("the settings file does not hold a JSON object")]
        notes: list[str] = []
        for key, value in data.items():
            if key == "format":
                continue
            if key in _CLEAN:
                kept, bad = _CLEAN[key](value)
                setattr(s, key, kept)
                notes += bad
            elif key not in _VALID:
                s.extra[key] = value
            elif _VALID[key](value):
                setattr(s, key, tuple(value) if key == "window" else value)
            else:
                notes.append(_("{entry} is not valid").format(entry=f"{key}={_short.repr(value)}"))
        return s, notes


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_window(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 10000 for v in value)
    )


#: every setting the file holds, with the test its value must pass
_VALID: dict[str, Callable[[Any], bool]] = {
    "deck": lambda v: isinstance(v, str) and v in DECKS,
    "speed": lambda v: isinstance(v, str) and v in SPEEDS,
    "fullscreen": _is_bool,
    "back": lambda v: isinstance(v, str) and len(v) <= 40 and v.isidentifier(),
    "volume": lambda v: _is_number(v) and 0 <= v <= 1,
    "muted": _is_bool,
    "window": _is_window,
    "hold": lambda v: isinstance(v, str) and v in HOLDS,
    "auto_last": _is_bool,
    "four_colour": _is_bool,
    "high_contrast": _is_bool,
    "text_size": lambda v: isinstance(v, str) and v in TEXT_SIZES,
    "solitaire_winnable_only": _is_bool,
    "last_game": lambda v: isinstance(v, str) and (v == "" or (len(v) <= 40 and v.isidentifier())),
    "last_hosted": lambda v: (
        isinstance(v, str) and (v == "" or (len(v) <= 40 and v.isidentifier()))
    ),
    "language": lambda v: isinstance(v, str) and (v == "" or v in LANGUAGES),
}


def _game_entries(
    key: str, value: Any, valid: Callable[[str, Any], bool]
) -> tuple[dict[str, Any], list[str]]:
    """A per-game entry (``{game: ...}``): a game this version does not have is kept as it is
    (a newer Tavolo's), a known game's value must pass ``valid`` or is dropped with a note."""
    if not isinstance(value, dict):
        return {}, [_("{entry} is not valid").format(entry=f"{key}={_short.repr(value)}")]
    kept: dict[str, Any] = {}
    notes: list[str] = []
    for game, entry in value.items():
        if game not in GAMES or valid(game, entry):
            kept[game] = entry
        else:
            said = f"{key}[{_short.repr(game)}]={_short.repr(entry)}"
            notes.append(_("{entry} is not valid").format(entry=said))
    return kept, notes


def _is_setup(game: str, entry: Any) -> bool:
    """``{"players": n, "seats": [...]}`` with a player count and seat kinds the game has, and
    maybe ``"options": {...}`` (read option by option: see :meth:`Settings.options_of`)."""
    if not isinstance(entry, dict) or set(entry) - {"options"} != {"players", "seats"}:
        return False
    if not isinstance(entry.get("options", {}), dict):
        return False
    players, seats = entry["players"], entry["seats"]
    if not isinstance(players, int) or isinstance(players, bool):
        return False
    if players not in GAMES[game].players:
        return False
    kinds = {"human", *seat_kinds(game, players)}
    return (
        isinstance(seats, list)
        and len(seats) == players
        and all(isinstance(k, str) and k in kinds for k in seats)
    )


def _is_takeover(game: str, entry: Any) -> bool:
    """``{"after": seconds, "level": level}`` with a wait the Host dialog offers and a level."""
    return (
        isinstance(entry, dict)
        and set(entry) == {"after", "level"}
        and type(entry["after"]) is int
        and entry["after"] in TAKEOVER_WAITS
        and entry["level"] in LEVELS
    )


#: the settings holding one entry per game, each checked on its own
_CLEAN: dict[str, Callable[[Any], tuple[dict[str, Any], list[str]]]] = {
    "setups": lambda v: _game_entries("setups", v, _is_setup),
    "decks": lambda v: _game_entries("decks", v, lambda _g, d: isinstance(d, str) and d in DECKS),
    "takeovers": lambda v: _game_entries("takeovers", v, _is_takeover),
}


def apply_look(settings: Settings) -> None:
    """Put the player's four colours, contrast and text size in force for every painter."""
    theme.set_look(settings.four_colour, settings.high_contrast, settings.text_size)


def playable_deck(game: str, players: int, wanted: str) -> tuple[str, str | None]:
    """The deck to show ``game`` in: ``wanted`` if it can show every card of the game with
    ``players`` players, else the first one that can (the game's own first), with the reason
    ("6-player Capodama needs ... cannot be shown in Italian cards")."""
    reason = skins.can_show(game, players, wanted)
    if reason is None:
        return wanted, None
    for deck in (skins.NATIVE_DECK[game], *skins.DECKS):
        if skins.can_show(game, players, deck) is None:
            return deck, reason
    return wanted, reason


def _version(data: dict[str, Any]) -> int | None:
    """The format version of a settings object: 0 before versions were written, None if the
    tag is not ours."""
    tag = data.get("format")
    if tag is None:
        return 0
    prefix = FORMAT + "/"
    if isinstance(tag, str) and tag.startswith(prefix):
        number = tag[len(prefix) :]
        if number.isascii() and number.isdigit():
            return int(number)
    return None


def settings_path() -> Path:
    return storage.config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, if the file could not be used as it is, a message for the player."""
    path = path or settings_path()
    try:
        data = storage.read_json(path)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        msg = _(
            "Your settings file could not be read ({error}); "
            "Tavolo uses the default settings and leaves the file as it is."
        ).format(error=exc.strerror or exc)
        log.warning("%s Path: %s", msg, path)
        return Settings(keep_file=True), msg
    except ValueError as exc:
        return _set_aside(path, str(exc))
    if not isinstance(data, dict):
        return _set_aside(path, _("it does not hold a JSON object"))
    version = _version(data)
    if version is None:
        return _set_aside(
            path, _("its format {format} is unknown").format(format=_short.repr(data.get("format")))
        )
    if version > VERSION:
        msg = _(
            "Your settings file comes from a newer version of Tavolo; it is kept as it is, "
            "and this version uses the default settings without saving them."
        )
        log.warning("%s Path: %s", msg, path)
        return Settings(keep_file=True), msg
    settings, notes = Settings.from_json(data)
    if notes:
        msg = _("Some settings were not valid and were reset: {notes}").format(
            notes="; ".join(notes)
        )
        log.warning("%s (%s)", msg, path)
        return settings, msg
    return settings, None


def _set_aside(path: Path, reason: str) -> tuple[Settings, str]:
    """Defaults and the message for a damaged file, kept under a dated name when it can be."""
    kept = storage.set_aside(path)
    if kept is not None:
        msg = _(
            "Your settings file could not be read ({reason}); it was kept as {name} "
            "and the default settings are used."
        ).format(reason=reason, name=kept.name)
    else:
        msg = _(
            "Your settings file could not be read ({reason}) nor moved aside; the default "
            "settings are used and the file is left as it is."
        ).format(reason=reason)
    log.warning("%s Path: %s", msg, path)
    return Settings(keep_file=kept is None), msg


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; a failure is logged and returned as a message for the player (the
    game goes on either way).

    Nothing is written when the file on disk must be kept (``settings.keep_file``).
    """
    path = path or settings_path()
    if settings.keep_file:
        log.info("settings not saved: %s is kept as it is", path)
        return None
    try:
        storage.write_json_atomic(path, settings.to_json())
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        msg = _(
            "Your settings could not be saved in {folder} ({reason}); the game goes on."
        ).format(folder=path.parent, reason=reason)
        log.warning("%s File: %s", msg, path)
        return msg
    return None
