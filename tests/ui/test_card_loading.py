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


def test_a_table_asks_again_for_widths_the_cache_dropped(tmp_path, monkeypatch) -> None:
    """The cache keeps a dozen widths; pictures drawn at others while a table loads (the
    panel's, a button's icon) may drop one the table waits for.  The table asks again instead
    of waiting for it forever."""
    from ui_harness import make_app, start_game, user_dirs

    from game.ui.cards import MAX_WIDTHS

    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    table = start_game(app, "capodama", 4)
    for _ in range(2000):
        if not table.model.loading:
            break
        app.step()
    assert not table.model.loading
    sizes = list(table.model.table.layout.sizes)
    for w in range(20, 21 + MAX_WIDTHS):  # other widths push the table's out of the cache
        table.model.images.get(table.model.back_key, w)
    assert table.model.images.missing(table.wanted, sizes) > 0
    table.model.loading = True
    for _ in range(2000):
        if not table.model.loading:
            break
        app.step()
    assert not table.model.loading
    app.shutdown()
