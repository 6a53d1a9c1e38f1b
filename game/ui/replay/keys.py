"""The replay's keys: moving through the match, how the hands are shown, and leaving.

Right steps one move forward (animated as in play), Left one back; Home and End go to the
match's start and end; PgUp and PgDn by trick or capture, with Shift by deal; F shows every
hand face up (or as the seat saw them), V turns the table to the next seat; N and Shift+N go
to the next and the last mistake of a review; Esc leaves.  Every key here is on the replay's
list of keys (``REPLAY_KEYS`` of :mod:`game.ui.scenes.keys`, F1), which a test checks.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ..focus import HELP
from .track import Track

FORWARD = (pygame.K_RIGHT,)
BACK = (pygame.K_LEFT,)
START = (pygame.K_HOME,)
END = (pygame.K_END,)
NEXT = (pygame.K_PAGEDOWN,)
LAST = (pygame.K_PAGEUP,)
OPEN = (pygame.K_f,)
SEAT = (pygame.K_v,)
MISTAKE = (pygame.K_n,)
REVIEW = (pygame.K_r,)
LEAVE = (pygame.K_ESCAPE,)
#: the table's own keys a replay keeps: the deck (D), the last trick (L), skip (Space)
TABLE = (pygame.K_d, pygame.K_l, pygame.K_SPACE)


class Replayer(Protocol):
    """What the keys ask of the replay scene."""

    track: Track

    @property
    def pos(self) -> int: ...

    def forward(self) -> None: ...

    def go_to(self, pos: int) -> None: ...

    def toggle_open(self) -> None: ...

    def next_seat(self) -> None: ...

    def next_mistake(self, back: bool) -> None: ...

    def review_seat(self) -> None: ...

    def leave_replay(self) -> None: ...

    def keys_list(self) -> None: ...

    def table_key(self, event: pygame.event.Event) -> None: ...


def keydown(r: Replayer, event: pygame.event.Event) -> None:
    """What a key does in the replay (any other key does nothing: no move can be played)."""
    key, track, pos = event.key, r.track, r.pos
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if key in FORWARD:
        r.forward()
    elif key in BACK:
        r.go_to(pos - 1)
    elif key in START:
        r.go_to(0)
    elif key in END:
        r.go_to(track.end)
    elif key in NEXT:
        r.go_to(track.next_deal(pos) if shift else track.next_take(pos))
    elif key in LAST:
        r.go_to(track.last_deal(pos) if shift else track.last_take(pos))
    elif key in OPEN:
        r.toggle_open()
    elif key in SEAT:
        r.next_seat()
    elif key in MISTAKE:
        r.next_mistake(back=shift)
    elif key in REVIEW:
        r.review_seat()
    elif key in LEAVE:
        r.leave_replay()
    elif key in HELP:
        r.keys_list()
    elif key in TABLE:
        r.table_key(event)
