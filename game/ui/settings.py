"""The player's settings: deck, animation speed, fullscreen, card back, sound.

Kept as JSON in the user's config folder.  A missing file means defaults; a corrupt or
unreadable one also means defaults plus one clear message (logged, and shown once by the UI),
never a crash: a player should not lose the game to a broken settings file.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from . import storage

log = logging.getLogger(__name__)

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
DECKS = ("french", "italian")


@dataclass
class Settings:
    deck: str = "french"
    speed: str = "normal"
    fullscreen: bool = False
    back: str = "blue"
    volume: float = 0.7
    muted: bool = False
    window: tuple[int, int] = (1280, 720)

    @property
    def speed_factor(self) -> float:
        """Multiplier on every animation duration (0 = instant)."""
        return SPEEDS.get(self.speed, 1.0)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["window"] = list(self.window)
        return out

    @classmethod
    def from_json(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from a JSON value; unknown or bad entries fall back to defaults, with notes."""
        s = cls()
        notes: list[str] = []
        if not isinstance(data, dict):
            return s, ["the settings file does not hold a JSON object"]
        names = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in names:
                continue
            ok = True
            if key == "deck":
                ok = value in DECKS
            elif key == "speed":
                ok = value in SPEEDS
            elif key in ("fullscreen", "muted"):
                ok = isinstance(value, bool)
            elif key == "back":
                ok = isinstance(value, str) and value.isidentifier()
            elif key == "volume":
                ok = isinstance(value, int | float) and 0 <= value <= 1
            elif key == "window":
                ok = (
                    isinstance(value, list)
                    and len(value) == 2
                    and all(isinstance(v, int) and 320 <= v <= 10000 for v in value)
                )
                value = tuple(value) if ok else value
            if ok:
                setattr(s, key, value)
            else:
                notes.append(f"{key}={value!r} is not valid")
        return s, notes


def settings_path() -> Path:
    return storage.config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, if the file was broken, a message for the player."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = storage.read_json(path)
    except (OSError, ValueError) as exc:
        msg = f"Your settings file could not be read ({exc.__class__.__name__}); using defaults."
        log.warning("%s Path: %s (%s)", msg, path, exc)
        return Settings(), msg
    settings, notes = Settings.from_json(data)
    if notes:
        msg = "Some settings were not valid and were reset: " + "; ".join(notes)
        log.warning("%s (%s)", msg, path)
        return settings, msg
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings; a failure is logged, the game goes on."""
    path = path or settings_path()
    try:
        storage.write_json_atomic(path, settings.to_json())
    except OSError as exc:
        log.warning("could not save settings to %s: %s", path, exc)
