"""Logging to the user's log folder, so a player can send us ``tavolo.log`` after a problem.

The console gets one line per problem and never a traceback: tracebacks go to the log file
only.  Neither handler ever prints logging's own "--- Logging error ---" traceback: a log file
that cannot be written (a full disk, a folder gone read-only) is said once, in one line, and a
console that cannot be written is left alone.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import sys
from pathlib import Path

from . import storage

#: ``extra=`` for a record meant for the log file only (the console shows its own message)
FILE_ONLY = {"file_only": True}

_configured: Path | None = None


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """The log file; when a record cannot be written, one line on stderr, once per run."""

    told = False

    def handleError(self, record: logging.LogRecord) -> None:
        if self.told:
            return
        self.told = True
        exc = sys.exc_info()[1]
        reason = getattr(exc, "strerror", None) or exc
        with contextlib.suppress(Exception):
            if sys.stderr is not None:
                sys.stderr.write(
                    f"tavolo: cannot write the log file {self.baseFilename} ({reason}); "
                    "the game goes on without it.\n"
                )


class ConsoleHandler(logging.StreamHandler):
    """Warnings on stderr, one line each, without tracebacks; silent if stderr itself fails.

    A line is printed once per run: a save that fails after every move on a full disk is one
    problem, said once (the log file keeps every occurrence).
    """

    #: the most distinct lines remembered (past it, a line may be printed again)
    REMEMBERED = 1000

    def __init__(self, level: int) -> None:
        super().__init__(sys.stderr)
        self.setLevel(level)
        self.addFilter(lambda record: not getattr(record, "file_only", False))
        self.addFilter(self._first_time)
        self.said: set[str] = set()

    def format(self, record: logging.LogRecord) -> str:
        return "tavolo: " + record.getMessage().split("\n", 1)[0]

    def _first_time(self, record: logging.LogRecord) -> bool:
        try:
            line = self.format(record)
        except Exception:  # a record that cannot be formatted: emit() deals with it, quietly
            return True
        if line in self.said:
            return False
        if len(self.said) < self.REMEMBERED:
            self.said.add(line)
        return True

    def handleError(self, record: logging.LogRecord) -> None:
        """Nothing: the error could only be reported on the stream that just failed."""


def setup_logging(verbose: bool = False) -> Path | None:
    """Log INFO and above to ``<user_log_dir>/tavolo.log`` and warnings to stderr.

    Returns the log file's path, or None when the folder cannot be written (stderr only).
    """
    global _configured
    root = logging.getLogger()
    if _configured is not None:
        return _configured
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    root.addHandler(ConsoleHandler(logging.DEBUG if verbose else logging.WARNING))
    try:
        folder = storage.log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "tavolo.log"
        if path.exists() and not path.is_file():  # opening a FIFO to append would wait forever
            raise OSError(f"{path} is not a regular file")
        fh = QuietFileHandler(path, maxBytes=1_000_000, backupCount=2, encoding="utf-8")
        fh.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(fh)
        _configured = path
    except OSError as exc:
        logging.getLogger(__name__).warning("cannot write a log file: %s", exc)
        _configured = None
    return _configured


def log_path() -> Path:
    return _configured or storage.log_dir() / "tavolo.log"
