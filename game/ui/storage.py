"""Where Tavolo writes: the user's config, data and log folders (platformdirs), atomically.

Every file a player may touch is JSON written through a temporary file and ``os.replace`` (or,
for a file that must never replace another, linked in under the first free name:
:func:`write_json_new`), so a crash or a full disk never leaves half a file behind.  Nothing is
ever written next to the program: the frozen app may live in a read-only folder.

Reading is as careful as writing, because anything may sit where a file is expected: a FIFO
(opening it would wait forever), a huge file, JSON nested deeper than Python can parse.
:func:`read_json` turns all of it into OSError or ValueError; :func:`set_aside` keeps a bad file
under a dated name instead of writing over it; :func:`probe_folder` says whether a folder can be
written at all; :func:`sweep_stale_temp` removes the temporary files a killed write left behind.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import stat
import tempfile
import time
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

from game.i18n import _

APP = "tavolo"
#: the largest user file read (bytes): settings, saves and statistics are a few kilobytes
MAX_BYTES = 5_000_000
#: the deepest nesting of lists and objects read; ours use four or five levels
MAX_DEPTH = 64
#: a temporary file older than this (seconds) belongs to no write still running
STALE_AFTER = 60.0

log = logging.getLogger(__name__)


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP))


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP))


def documents_dir() -> Path:
    """The user's documents folder (it may not exist)."""
    return Path(platformdirs.user_documents_dir())


def write_json_atomic(path: Path, value: Any, *, compact: bool = False) -> None:
    """Write ``value`` as JSON to ``path`` through a temporary file in the same folder
    (``compact``: on one line)."""
    tmp = _write_aside(path, value, compact=compact)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _write_aside(path: Path, value: Any, compact: bool) -> str:
    """``value`` written as JSON (``compact``: on one line) to a new temporary file beside
    ``path`` (made with its folder), flushed to the disk; the temporary file's path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            if compact:
                json.dump(value, fh, separators=(",", ":"), sort_keys=True)
            else:
                json.dump(value, fh, indent=1, sort_keys=True)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def write_json_new(names: Iterable[Path], value: Any, *, compact: bool = False) -> Path:
    """Write ``value`` as JSON under the first of ``names`` (all in one folder) that is free,
    never over a file already there, even one another Tavolo writes at this moment: the whole
    file is written aside, then linked in under its name (which fails if the name is taken).
    The path written; FileExistsError if every name is taken.  ``compact`` writes it on one
    line, without spaces: for the many files a player keeps and rarely reads, the history's."""
    names = list(names)
    tmp = _write_aside(names[0], value, compact)
    try:
        for path in names:
            try:
                os.link(tmp, path)
            except FileExistsError:
                continue
            return path
        raise FileExistsError(errno.EEXIST, "every name is taken", str(names[-1]))
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def read_json(path: Path) -> Any:
    """The JSON value in ``path``.

    OSError when the file cannot be read (missing, no permission); ValueError, with the reason
    in words, when what is there is not a JSON file we can use: not a regular file (a FIFO, a
    folder), larger than :data:`MAX_BYTES`, not UTF-8, not JSON, or nested deeper than
    :data:`MAX_DEPTH`.  The file is checked with ``os.stat`` before it is opened, so a FIFO is
    never opened and nothing here can hang.
    """
    _check_regular(os.stat(path))
    # O_NONBLOCK: should a FIFO replace the file between the stat and the open, opening it does
    # not wait for a writer (the fstat below then refuses it).
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as fh:
        _check_regular(os.fstat(fd))
        raw = fh.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise ValueError(_("the file is larger than {size} MB").format(size=MAX_BYTES // 1_000_000))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(_("the file is not UTF-8 text")) from None
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(_("the JSON is nested too deeply")) from None
    except ValueError as exc:
        raise ValueError(_("the file is not valid JSON ({error})").format(error=exc)) from None
    if _depth_over(value, MAX_DEPTH):
        raise ValueError(
            _("the JSON is nested more than {depth} levels deep").format(depth=MAX_DEPTH)
        )
    return value


def _check_regular(st: os.stat_result) -> None:
    if not stat.S_ISREG(st.st_mode):
        if stat.S_ISDIR(st.st_mode):
            raise ValueError(_("it is a folder, not a regular file"))
        raise ValueError(_("it is a FIFO, device or socket, not a regular file"))
    if st.st_size > MAX_BYTES:
        raise ValueError(_("the file is larger than {size} MB").format(size=MAX_BYTES // 1_000_000))


def _depth_over(value: Any, limit: int) -> bool:
    """Whether ``value`` nests lists or objects more than ``limit`` deep (without recursing)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, dict | list):
            continue
        if depth > limit:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children)
    return False


def set_aside(path: Path, label: str = "damaged") -> Path | None:
    """Rename ``path`` to ``<name>.<label>-YYYYMMDD-HHMM`` (local time) and return the new path.

    A file we cannot use is kept for the player (or for us) rather than written over.  An
    existing file of that name is never replaced: ``-2``, ``-3``... are added.  None (logged)
    when the rename fails.
    """
    base = f"{path.name}.{label}-{datetime.now():%Y%m%d-%H%M}"
    for n in range(1, 1000):
        target = path.with_name(base if n == 1 else f"{base}-{n}")
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except OSError as exc:
            log.warning("could not set %s aside as %s: %s", path, target.name, exc)
            return None
        log.info("%s set aside as %s", path, target.name)  # the caller warns of the problem
        return target
    log.warning("could not set %s aside: too many files named %s*", path, base)
    return None


def probe_folder(folder: Path) -> None:
    """Raise the OSError a write in ``folder`` would meet, made if missing: a folder that cannot
    be made, listed or written in (a file in its place, no permission, a read-only disk).

    The test file is anonymous where the system allows (``O_TMPFILE``) and removed at once
    elsewhere, so nothing is left behind.
    """
    folder.mkdir(parents=True, exist_ok=True)
    with os.scandir(folder):
        pass
    with tempfile.TemporaryFile(dir=folder):
        pass


def sweep_stale_temp(folder: Path, older_than: float = STALE_AFTER) -> list[Path]:
    """Remove the ``*.tmp`` files a killed :func:`write_json_atomic` left in ``folder``.

    Only regular files older than ``older_than`` seconds go, so a write running in another
    Tavolo at this moment keeps its file.  Returns what was removed; failures are logged.
    """
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(folder.glob("*.tmp"))
    except OSError as exc:
        log.warning("could not look for temporary files in %s: %s", folder, exc)
        return removed
    for path in candidates:
        try:
            st = path.lstat()
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= older_than:
                path.unlink()
                removed.append(path)
        except OSError as exc:
            log.warning("could not remove the temporary file %s: %s", path, exc)
    if removed:
        log.info("removed %d stale temporary file(s) from %s", len(removed), folder)
    return removed
