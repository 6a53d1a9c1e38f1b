"""The C allocator keeps big blocks in mappings of their own (glibc), and the calls fail soft
where the C library has no such calls."""

from __future__ import annotations

import ctypes
import sys

import pytest

from game.ui import allocator


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            [
                "arena",
                "ordblks",
                "smblks",
                "hblks",
                "hblkhd",
                "usmblks",
                "fsmblks",
                "uordblks",
                "fordblks",
                "keepcost",
            ]
        )
    ]


def _mapped_bytes(libc: ctypes.CDLL) -> int:
    """Bytes of the blocks malloc gave mappings of their own (glibc 2.33 and up)."""
    return int(libc.mallinfo2().hblkhd)


@pytest.mark.skipif(not allocator._glibc(), reason="glibc's malloc only")
def test_a_big_block_gets_its_own_mapping_after_a_bigger_one_was_freed() -> None:
    """glibc raised its threshold to the size of each big block freed (up to 32 MB), after which
    the pictures' buffers grew the heap, and its free pages stayed resident."""
    libc = ctypes.CDLL(None)
    if not hasattr(libc, "mallinfo2"):
        pytest.skip("glibc before 2.33")
    libc.mallinfo2.restype = _MallInfo2
    libc.malloc.restype = ctypes.c_void_p
    libc.free.argtypes = [ctypes.c_void_p]
    assert allocator.tune()
    libc.free(libc.malloc(30 << 20))  # freed: the threshold would be 30 MB from now on
    before = _mapped_bytes(libc)
    block = libc.malloc(16 << 20)  # more than the heap has free in one piece
    try:
        assert _mapped_bytes(libc) - before >= 16 << 20
    finally:
        libc.free(block)
    assert allocator.give_back() in (True, False)


def test_elsewhere_nothing_is_done_and_nothing_fails(monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    allocator._glibc.cache_clear()
    try:
        assert allocator.tune() is False
        assert allocator.give_back() is False
    finally:
        monkeypatch.undo()
        allocator._glibc.cache_clear()
