"""User files that survive any content: read_json, set_aside and the sweep of temporary files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest

from game.ui import storage


def test_deep_nesting_is_a_value_error_not_a_recursion_error(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(ValueError, match="nested"):
        storage.read_json(path)


def test_nesting_that_parses_but_is_too_deep_to_write_back_is_refused(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"a": ' * 500 + "1" + "}" * 500, encoding="utf-8")
    with pytest.raises(ValueError, match="nested"):
        storage.read_json(path)
    path.write_text(json.dumps({"a": [[{"b": [1]}]]}), encoding="utf-8")
    assert storage.read_json(path) == {"a": [[{"b": [1]}]]}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_opening_it(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    # Opening a FIFO for reading with no writer waits forever: the read runs in a child process
    # that the timeout ends, so a regression fails here instead of hanging the suite.
    code = (
        "import sys; from pathlib import Path; from game.ui import storage\n"
        "try:\n    storage.read_json(Path(sys.argv[1]))\n"
        "except ValueError as exc:\n    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert "not a regular file" in done.stdout, done.stderr


def test_a_folder_a_huge_file_and_bad_bytes_are_value_errors(tmp_path, monkeypatch):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(ValueError, match="not a regular file"):
        storage.read_json(folder)
    monkeypatch.setattr(storage, "MAX_BYTES", 100)
    big = tmp_path / "big.json"
    big.write_text(json.dumps(["x" * 200]), encoding="utf-8")
    with pytest.raises(ValueError, match="larger than"):
        storage.read_json(big)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b'{"a": "\xff\xfe"}')
    with pytest.raises(ValueError, match="not UTF-8"):
        storage.read_json(binary)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        storage.read_json(broken)


def test_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        storage.read_json(tmp_path / "nothing.json")


class _Morning(datetime):
    @classmethod
    def now(cls, tz=None):
        return cls(2026, 11, 23, 11, 2, 30)


def test_set_aside_names_the_file_with_the_time_and_never_overwrites(tmp_path, monkeypatch):
    monkeypatch.setattr(storage, "datetime", _Morning)
    path = tmp_path / "match.json"
    made = []
    for text in ("one", "two", "three"):
        path.write_text(text, encoding="utf-8")
        made.append(storage.set_aside(path))
    assert not path.exists()
    assert [p.name for p in made if p] == [
        "match.json.damaged-20261123-1102",
        "match.json.damaged-20261123-1102-2",
        "match.json.damaged-20261123-1102-3",
    ]
    assert [p.read_text(encoding="utf-8") for p in made if p] == ["one", "two", "three"]


def test_set_aside_with_a_label_and_a_failed_rename(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{}", encoding="utf-8")
    kept = storage.set_aside(path, "newer")
    assert kept is not None and kept.name.startswith("settings.json.newer-")
    assert storage.set_aside(tmp_path / "gone.json") is None


def test_stale_temporary_files_are_swept_and_fresh_ones_kept(tmp_path):
    old = tmp_path / "match.json.abc123.tmp"
    fresh = tmp_path / "settings.json.def456.tmp"
    keep = tmp_path / "match.json"
    for p in (old, fresh, keep):
        p.write_text("{", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    os.utime(keep, (an_hour_ago, an_hour_ago))
    assert storage.sweep_stale_temp(tmp_path) == [old]
    assert not old.exists() and fresh.exists() and keep.exists()
    assert storage.sweep_stale_temp(tmp_path / "missing") == []
