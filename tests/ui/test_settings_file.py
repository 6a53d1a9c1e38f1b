"""The settings file survives anything: damaged files set aside, newer ones kept, keys kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from ui_harness import make_app, user_dirs

from game.ui.settings import Settings, load_settings, save_settings, settings_path


@pytest.fixture
def path(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    p = settings_path()
    p.parent.mkdir(parents=True)
    return p


def aside(p: Path) -> list[str]:
    return sorted(f.name for f in p.parent.iterdir() if ".damaged-" in f.name)


def test_deeply_nested_settings_are_set_aside_and_the_app_starts(path):
    path.write_text('{"deck": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    settings, msg = load_settings()
    assert settings == Settings()
    assert msg and "nested too deeply" in msg and "settings.json.damaged-" in msg
    assert not path.exists() and len(aside(path)) == 1
    settings.deck = "italian"
    save_settings(settings)
    assert json.loads(path.read_text())["deck"] == "italian"
    assert load_settings() == (settings, None)  # told once: the next start is quiet


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_settings_json_does_not_hang_start_up(path, tmp_path):
    os.mkfifo(path)
    code = (
        "from game.ui.settings import load_settings\n"
        "settings, msg = load_settings()\n"
        "print(settings.deck, '|', msg)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=30,  # the loader waiting on the FIFO fails the test instead of hanging it
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ},
    )
    assert done.stdout.startswith("french | ") and "not a regular file" in done.stdout
    assert not path.exists() and len(aside(path)) == 1


def test_wrong_types_anywhere_reset_those_settings_only(path):
    path.write_text(
        json.dumps(
            {
                "speed": [],
                "deck": {"a": 1},
                "volume": True,
                "window": [True, 400],
                "fullscreen": "yes",
                "back": None,
                "muted": True,
                "future": {"x": [1, 2]},
            }
        ),
        encoding="utf-8",
    )
    settings, msg = load_settings()
    assert settings == Settings(muted=True)
    assert msg is not None
    for key in ("speed", "deck", "volume", "window", "fullscreen", "back"):
        assert f"{key}=" in msg
    assert settings.extra == {"future": {"x": [1, 2]}}
    for top in ("[1, 2]", '"text"', "null", "3"):
        path.write_text(top, encoding="utf-8")
        settings, msg = load_settings()
        assert settings == Settings() and msg and "not hold a JSON object" in msg


def test_a_newer_settings_file_is_kept_untouched(path):
    text = json.dumps({"format": "tavolo-settings/7", "deck": "italian", "hue": "teal"})
    path.write_text(text, encoding="utf-8")
    settings, msg = load_settings()
    assert settings == Settings()
    assert msg and "newer version" in msg
    settings.speed = "fast"
    save_settings(settings)
    app = make_app()  # the app's own writes (deck switch, shutdown) leave it alone too
    app.settings = settings
    app.set_deck("italian")
    app.shutdown()
    assert path.read_text(encoding="utf-8") == text
    assert aside(path) == []


def test_an_unknown_format_tag_is_set_aside(path):
    path.write_text(json.dumps({"format": 3, "deck": "italian"}), encoding="utf-8")
    settings, msg = load_settings()
    assert settings == Settings() and msg and "format" in msg
    assert len(aside(path)) == 1


def test_unknown_keys_are_preserved_when_settings_are_written_back(path):
    path.write_text(
        json.dumps({"format": "tavolo-settings/1", "deck": "french", "hue": [1, {"b": 2}]}),
        encoding="utf-8",
    )
    settings, msg = load_settings()
    assert msg is None
    settings.deck = "italian"
    save_settings(settings)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["hue"] == [1, {"b": 2}]
    assert data["deck"] == "italian" and data["format"] == "tavolo-settings/1"


def test_settings_written_carry_the_format(path):
    save_settings(Settings())
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "tavolo-settings/1"
    assert load_settings() == (Settings(), None)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions")
def test_an_unreadable_settings_file_is_left_as_it_is(path):
    path.write_text(json.dumps({"deck": "italian"}), encoding="utf-8")
    path.chmod(0)
    try:
        settings, msg = load_settings()
        assert settings == Settings() and msg and "could not be read" in msg
        save_settings(settings)
    finally:
        path.chmod(0o600)
    assert json.loads(path.read_text(encoding="utf-8")) == {"deck": "italian"}


def test_a_failed_save_returns_a_message_naming_the_folder(tmp_path):
    blocker = tmp_path / "config"
    blocker.write_text("a file where the config folder should be", encoding="utf-8")
    msg = save_settings(Settings(), blocker / "tavolo" / "settings.json")
    assert msg and "could not be saved" in msg and str(blocker / "tavolo") in msg
    assert save_settings(Settings(), tmp_path / "ok" / "settings.json") is None


def test_a_deck_per_game_is_remembered_and_a_bad_one_ignored(path):
    """The regional decks are saved as any deck is, one per game; a deck this Tavolo does not
    draw is dropped with a note, the rest of the file kept."""
    settings = Settings(deck="siciliane", decks={"scopa": "trevigiane", "tressette": "piacentine"})
    save_settings(settings)
    assert load_settings() == (settings, None)
    assert settings.deck_for("scopa", 4) == "trevigiane"
    assert settings.deck_for("capodama", 6) == "french"  # 48 cards: only French cards hold them
    decks = {"scopa": "piacentine", "tressette": "sarde", "newgame": "anything"}
    path.write_text(json.dumps({"deck": "toscane", "decks": decks}), encoding="utf-8")
    loaded, msg = load_settings()
    assert loaded.deck == Settings().deck
    assert loaded.decks == {"scopa": "piacentine", "newgame": "anything"}
    assert msg and "toscane" in msg and "sarde" in msg
