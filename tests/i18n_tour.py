"""A walk through every scene of the app, for the language tests and the screenshots.

:func:`tour` drives a headless app (made with :func:`ui_harness.make_app`) by its real input
to each scene in turn — the title, the solitaire's start, the setup of each game, a table of
each game mid-deal with a refusal, the pause menu, the settings, the key list, the rules, each
game's deal summary, a match result, the statistics, a confirmation and the error page — and
yields the scene's name once it is drawn, so a test can look at what was drawn there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
from ui_harness import click, click_button, human_turn, key, run_until, sprite_center, start_game

from game.catalog import CATALOG
from game.ui.runner import App

#: the games and player counts a table is shown for (every game, and the solitaire)
TABLES = (("capodama", 4), ("capodama", 1), ("scopa", 2), ("tressette", 4), ("cattura", 3))


def draw(app: App, frames: int = 2) -> None:
    """A few frames, the last drawn whole (a partial redraw would leave texts undrawn)."""
    for _ in range(frames):
        app._whole = True
        app.step()


def to_title(app: App) -> None:
    app.toasts.items.clear()
    app.scenes.reset(app.title_scene())
    draw(app)


def play_until_turn(app: App, table: Any, frames: int = 6000) -> bool:
    """Run the table until the human is asked something (a decision other than a card play is
    taken with its first choice on the way, until a card is to be played)."""
    for _ in range(frames):
        if human_turn(table):
            if table.model.prompt.kind == "play" or table.model.state.players == 1:
                return True
            ready = [b for b in table.model.prompt.buttons if b.enabled and b.tag != "hint"]
            legal = table.model.legal_cards()
            if ready:
                click(app, ready[0].rect.center)
            elif table.model.prompt.chooser is not None and table.model.prompt.chooser.rects:
                click(app, table.model.prompt.chooser.rects[0][0].center)
            elif table.model.prompt.kind == "pass":
                sp = next(
                    s
                    for s in table.model.table.hands[table.model.viewer]
                    if s.card in legal and s.card not in table.model.prompt.selected
                )
                click(app, sprite_center(table, sp))
        app.step()
    return False


def refuse_a_card(app: App, table: Any) -> bool:
    """Click a card of the hand that may not be played now: the table toasts why."""
    legal = table.model.legal_cards()
    for sp in table.model.table.hands[table.model.viewer]:
        if sp.card is not None and sp.card not in legal:
            click(app, sprite_center(table, sp))
            return bool(app.toasts.items)
    return False


def tour(app: App) -> Iterator[str]:
    """Each scene drawn in turn; yields its name after drawing it."""
    from game.ui.scenes.error import ErrorScene
    from game.ui.scenes.result import ResultScene
    from game.ui.scenes.summary import SummaryScene

    app.settings.speed = "instant"
    to_title(app)
    yield "title"
    click_button(app, app.scenes.top, "solitaire")
    draw(app)
    yield "solitaire"
    to_title(app)
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    for _ in CATALOG:
        draw(app)
        yield f"setup {setup.game}"
        click(app, setup.game_sel.right.rect.center)
    for game, players in TABLES:
        to_title(app)
        table = start_game(app, game, players, seed=5)
        assert play_until_turn(app, table), f"{game}: the human is never asked to play"
        draw(app)
        yield f"table {game} {players}"
        if refuse_a_card(app, table):
            draw(app)
            yield f"refusal {game} {players}"
    key(app, pygame.K_F1)
    draw(app)
    yield "keys"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    draw(app)
    yield "pause"
    pause = app.scenes.top
    click_button(app, pause, "settings")
    draw(app)
    yield "settings"
    key(app, pygame.K_ESCAPE)
    click_button(app, pause, "rules")
    draw(app)
    yield "rules"
    key(app, pygame.K_ESCAPE)
    click_button(app, pause, "title")
    draw(app)
    yield "confirm"
    for game, players in TABLES:
        to_title(app)
        start_game(app, game, players, seed=3, seats=["rules"] * players)
        assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene | ResultScene))
        draw(app)
        yield f"summary {game} {players}"
        if isinstance(app.scenes.top, SummaryScene):
            app.scenes.top.close()
        if run_until(app, lambda: isinstance(app.scenes.top, ResultScene), 400):
            draw(app)
            yield f"result {game} {players}"
    to_title(app)
    click_button(app, app.scenes.top, "statistics")
    draw(app)
    yield "statistics"
    to_title(app)
    app.crash(RuntimeError("a test of the error page"))
    draw(app)
    assert isinstance(app.scenes.top, ErrorScene)
    yield "error"
    to_title(app)
