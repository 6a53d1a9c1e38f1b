"""The C allocator asked to give memory back to the system (glibc, on Linux).

Pixel buffers come from SDL's malloc: a full-size card picture is 1 MB, the window up to 8 MB,
a card scaled for a large window or a line of large type a few hundred KB.  When the heap has
no room for a block that large, glibc gives it a mapping of its own, returned to the system
when the block is freed; but each time such a block is freed it raises that threshold to the
block's size (up to 32 MB, and the heap's trim threshold with it): after the first window
resize nearly every buffer grew the heap, and the pages they left free were kept, a third of
the app's memory after a long session.  :func:`tune` fixes the threshold, so big buffers keep
mappings of their own; :func:`give_back` hands the heap's free pages back (the app calls it
when a table closes: a match's states, searches and pictures were just freed).

Elsewhere (macOS, Windows, another C library) both do nothing and say so.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache
from typing import Any

__all__ = ["MMAP_THRESHOLD", "give_back", "tune"]

#: Blocks from this size up get a mapping of their own (glibc's starting threshold is 128 KB):
#: the full-size card pictures (1 MB) and the window-sized buffers.  Smaller ones stay in the
#: heap: a lower threshold kept no less memory and spent more system time mapping and zeroing
#: buffers of a few hundred KB (docs/EXPERIMENTS.md).
MMAP_THRESHOLD = 512 * 1024
_M_MMAP_THRESHOLD = -3  # mallopt's parameter number in glibc's malloc.h


@cache
def _glibc() -> Any | None:
    """The process's C library when it is glibc (it has ``mallopt`` and ``malloc_trim``)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)  # the libraries already loaded: the C library among them
    except OSError:
        return None
    if not all(hasattr(libc, name) for name in ("mallopt", "malloc_trim")):
        return None  # musl and others: no such calls
    return libc


def tune() -> bool:
    """Keep blocks of :data:`MMAP_THRESHOLD` and up in mappings of their own; True if done."""
    libc = _glibc()
    return bool(libc is not None and libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def give_back() -> bool:
    """Return the heap's free pages to the system; True if any were."""
    libc = _glibc()
    return bool(libc is not None and libc.malloc_trim(0))
