"""Logging never puts a traceback on the console: not on a full disk, not for an error."""

from __future__ import annotations

import contextlib
import errno
import logging
import logging.handlers
from pathlib import Path

import pytest
from ui_harness import user_dirs

from game.ui import logsetup


class FullDisk:
    """A log stream on a full disk: every write and flush fails with ENOSPC."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def seek(self, *args: object) -> int:
        return 0

    def tell(self) -> int:
        return 0

    def close(self) -> None:
        pass


@pytest.fixture
def fresh_logging(tmp_path, monkeypatch):
    """setup_logging as at start-up, in its own folders; the root logger restored after."""
    user_dirs(tmp_path, monkeypatch)
    monkeypatch.setattr(logsetup, "_configured", None)
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
            with contextlib.suppress(Exception):
                handler.close()
    root.setLevel(level)


def file_handler(path: Path) -> logging.FileHandler:
    """Ours, writing ``path`` (pytest has a file handler of its own on the root logger, and an
    earlier test of the session may have left a closed one of ours there)."""
    ours = logging.handlers.RotatingFileHandler
    return next(
        h
        for h in logging.getLogger().handlers
        if isinstance(h, ours) and Path(h.baseFilename) == Path(path)
    )


def test_a_full_disk_prints_one_line_and_no_traceback(fresh_logging, capsys, monkeypatch):
    path = logsetup.setup_logging()
    assert path is not None
    handler = file_handler(path)
    handler.stream.close()
    monkeypatch.setattr(handler, "stream", FullDisk())
    log = logging.getLogger("tavolo.test")
    for n in range(3):
        log.info("a move was saved (%d)", n)
        log.warning("the table is crowded")
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Logging error" not in err
    assert err.count("cannot write the log file") == 1
    assert "No space left on device" in err


def test_errors_reach_the_console_as_one_line_and_the_log_with_the_traceback(fresh_logging, capsys):
    path = logsetup.setup_logging()
    log = logging.getLogger("tavolo.test")
    try:
        raise RuntimeError("the seat broke")
    except RuntimeError:
        log.exception("a seat failed")
        log.error("unexpected error:\n%s", "Traceback (most recent call last):\n  boom")
    log.warning("for the file only", extra=logsetup.FILE_ONLY)
    err = capsys.readouterr().err
    assert err.splitlines() == ["tavolo: a seat failed", "tavolo: unexpected error:"]
    file_handler(path).flush()
    logged = path.read_text(encoding="utf-8")
    assert "Traceback" in logged and "the seat broke" in logged and "for the file only" in logged


def test_a_save_failing_after_every_move_is_one_console_line(fresh_logging, capsys, monkeypatch):
    """A full disk: the match goes on, every save fails, the console says it once."""
    from ui_harness import make_app, run_until, start_game

    from game.ui import storage

    tries: list[Path] = []

    def full_disk(path: Path, value: object) -> None:
        tries.append(path)
        raise OSError(errno.ENOSPC, "No space left on device")

    logsetup.setup_logging()
    monkeypatch.setattr(storage, "write_json_atomic", full_disk)
    app = make_app(speed="instant")
    table = start_game(app, "scopa", 2, seed=5, seats=["rules", "rules"])
    table.model.setup.autoplay = False  # saved like a player's match
    assert run_until(app, lambda: len(tries) >= 12, 3000)
    app.shutdown()
    err = capsys.readouterr().err.splitlines()
    failed = [line for line in err if "could not save the match" in line]
    assert failed == [
        f"tavolo: could not save the match to {storage.data_dir() / 'match-scopa.json'}: "
        "No space left on device"
    ]
