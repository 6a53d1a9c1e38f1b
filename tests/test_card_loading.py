"""A picture a table waits for is never held behind the title's prefetch of a whole deck."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.engine import GAMES
from game.ui.cards import CardImages


def test_a_wanted_picture_jumps_the_loaders_queue() -> None:
    pygame.display.init()
    pygame.display.set_mode((320, 200))
    images = CardImages()
    faces = [images.face_key("capodama", c, d) for d in ("french", "italian")
             for c in GAMES["capodama"].deck.cards[:40]]  # fmt: skip
    images.want_raw(faces)  # the title queues a whole deck's reads in the loader thread
    wanted = faces[-1]  # read last by the loader, but the table needs it now
    images.want([wanted], [90])
    images.warm(5.0)  # one frame's preparation, with time to spare
    assert images.is_ready(wanted, 90)
    pygame.display.quit()
