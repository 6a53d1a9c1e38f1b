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
