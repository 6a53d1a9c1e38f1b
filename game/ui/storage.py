"""Where Tavolo writes: the user's config, data and log folders (platformdirs), atomically.

Every file a player may touch is JSON written through a temporary file and ``os.replace``, so a
crash or a full disk never leaves half a file behind.  Nothing is ever written next to the
program: the frozen app may live in a read-only folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

APP = "tavolo"


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP))


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP))


def write_json_atomic(path: Path, value: Any) -> None:
    """Write ``value`` as JSON to ``path`` through a temporary file in the same folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(value, fh, indent=1, sort_keys=True)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_json(path: Path) -> Any:
    """The JSON value in ``path``; OSError or ValueError (with the reason) if it cannot be read."""
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)
