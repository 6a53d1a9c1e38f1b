"""Logging to the user's log folder, so a player can send us ``tavolo.log`` after a problem."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

from . import storage

_configured: Path | None = None


def setup_logging(verbose: bool = False) -> Path | None:
    """Log INFO and above to ``<user_log_dir>/tavolo.log`` and warnings to stderr.

    Returns the log file's path, or None when the folder cannot be written (stderr only).
    """
    global _configured
    root = logging.getLogger()
    if _configured is not None:
        return _configured
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    err = logging.StreamHandler(sys.stderr)
    err.setLevel(logging.DEBUG if verbose else logging.WARNING)
    err.setFormatter(logging.Formatter("tavolo: %(message)s"))
    root.addHandler(err)
    try:
        folder = storage.log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "tavolo.log"
        fh = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=2, encoding="utf-8"
        )
        fh.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(fh)
        _configured = path
    except OSError as exc:
        logging.getLogger(__name__).warning("cannot write a log file: %s", exc)
        _configured = None
    return _configured


def log_path() -> Path:
    return _configured or storage.log_dir() / "tavolo.log"
