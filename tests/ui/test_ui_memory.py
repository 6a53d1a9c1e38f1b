"""What the UI keeps is bounded however long the app runs: the card pictures queued, read and
kept, the rendered lines, the felts, and the engine's memo tables once a table closes."""

from __future__ import annotations

import pygame
from ui_harness import make_app, run_until, start_game, user_dirs

from game.engine import GAMES
from game.engine.memo import memo_entries
from game.ui import background, theme
from game.ui.cards import RAW_KEPT, CardImages


def _window() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 200))


def test_resizing_a_table_queues_only_the_pictures_of_its_last_size(tmp_path, monkeypatch) -> None:
    """Each resize asked for every card at the new widths on top of what was still queued:
    under resizing the queue grew by the thousand, and pictures were read and scaled for
    sizes long gone.  Now a request replaces the ones before."""
    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    table = start_game(app, "capodama", 4)
    for k in range(12):
        size = (820 + 45 * k, 510 + 25 * k)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.step()
    assert 0 < table.model.images.pending <= len(table.wanted) * len(table.model.table.layout.sizes)
    app.shutdown()


def test_the_full_size_pictures_kept_and_read_are_one_decks_worth() -> None:
    """Every picture of every deck shown was kept at full size, 1 MB each (146 MB once both
    decks and the four-colour one were seen); a read never used was kept too."""
    _window()
    images = CardImages()
    back = images.back_key("blue")
    for deck, game in (("french", "capodama"), ("italian", "scopa"), ("french", "cattura")):
        faces = [images.face_key(game, c, deck) for c in GAMES[game].deck.cards]
        images.want([back, *faces], [40])
        assert len(images._loading) + images.cache_size().raw <= RAW_KEPT
        while images.warm(1.0):
            pass
        assert all(images.is_ready(k, 40) for k in faces)
        assert images.cache_size().raw <= RAW_KEPT
    italian = [images.face_key("scopa", c, "italian") for c in GAMES["scopa"].deck.cards]
    french = [images.face_key("capodama", c, "french") for c in GAMES["capodama"].deck.cards]
    images.want_raw(italian + french)  # more than are kept: the reads under way are bounded too
    assert len(images._loading) + images.cache_size().raw <= RAW_KEPT
    images.want_raw([])  # reads no longer wanted are let go
    assert images._loading == {}
    pygame.display.quit()


def test_the_rendered_lines_hold_at_most_their_budget_of_pixels() -> None:
    """The lines were dropped only past 4,000 of them, whatever their size: 60 MB under the
    monkey.  Now their pixels are counted."""
    _window()
    theme.forget_text()
    rendered = 0
    for k in range(80):
        surf = theme.text(f"{k} " + "W" * 60, 48)
        rendered += surf.get_pitch() * surf.get_height()
    assert rendered > 2 * theme.TEXT_BYTES
    held = sum(s.get_pitch() * s.get_height() for s in theme._TEXT_CACHE.values())
    assert 0 < held == theme.text_cache_bytes() <= theme.TEXT_BYTES
    theme.forget_text()
    pygame.display.quit()


def test_the_felt_is_kept_for_the_last_two_window_sizes() -> None:
    _window()
    background.forget()
    for k in range(6):
        background.felt((300 + k, 200))
    assert list(background._cache) == [((304, 200), False), ((305, 200), False)]
    background.forget()
    pygame.display.quit()


def test_closing_a_table_empties_the_memo_tables(tmp_path, monkeypatch) -> None:
    """The engine's and the AI's memo tables served every match ever played; a table closing
    now empties them, so they hold one match's entries."""
    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    table = start_game(app, "scopa", 2, seats=["rules", "rules"])
    assert run_until(
        app,
        lambda: (
            len(table.model.state.history) > 6
            and (table.model.ai.thought is None or table.model.ai.thought.future.done())
        ),
    )
    assert memo_entries() > 0
    app.scenes.reset(app.title_scene())
    assert memo_entries() == 0
    app.shutdown()
