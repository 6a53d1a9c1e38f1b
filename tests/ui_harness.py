"""Helpers for the UI tests: a headless App in temporary user folders, and posted input.

The tests drive the real scenes: they post pygame events (clicks at the computed positions of
buttons and cards, key presses) and step the app frame by frame with a fixed time step.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from game.ui.runner import App
from game.ui.settings import Settings


def make_app(speed: str = "fast", size: tuple[int, int] = (1280, 720), **kw: Any) -> App:
    settings = Settings(speed=speed)
    app = App(settings, size=size, fixed_dt=1 / 30, fps=0, **kw)
    app.scenes.push(app.title_scene())
    app.step()
    return app


def user_dirs(tmp_path: Any, monkeypatch: Any) -> None:
    for var, sub in (
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_CACHE_HOME", "cache"),
    ):
        monkeypatch.setenv(var, str(tmp_path / sub))


def click(app: App, pos: tuple[float, float], frames: int = 1) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    for _ in range(frames):
        app.step()


def key(app: App, k: int, mod: int = 0, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=""))
    for _ in range(frames):
        app.step()


_MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


@contextmanager
def keys_only(app: App) -> Iterator[None]:
    """Inside, the app must get keys and no mouse event at all: a test of keyboard play fails
    if the mouse reached the app."""
    seen: list[int] = []
    dispatch = app._dispatch

    def spy(event: pygame.event.Event) -> None:
        seen.append(event.type)
        dispatch(event)

    app._dispatch = spy  # type: ignore[method-assign]
    yield
    app._dispatch = dispatch  # type: ignore[method-assign]
    assert not [t for t in seen if t in _MOUSE], "a mouse event reached the app"
    assert pygame.KEYDOWN in seen


#: Frames a table may spend reading card pictures before a test gives up (each costs little).
LOADING_FRAMES = 1_000_000


def _tables(app: App) -> list[Any]:
    """The models of the tables open in ``app``."""
    from game.ui.table.model import TableModel

    models = (getattr(scene, "model", None) for scene in app.scenes.stack)
    return [m for m in models if isinstance(m, TableModel)]


def _loading(app: App) -> bool:
    return any(m.loading for m in _tables(app))


def _thinking(app: App) -> bool:
    """An AI seat's answer is not in yet (its worker thread runs at the machine's speed)."""
    for m in _tables(app):
        thought = m.ai.thought
        if thought is not None and not thought.future.done():
            return True
    return False


def run_until(app: App, cond: Callable[[], bool], frames: int = 3000) -> bool:
    """Step the app until ``cond`` holds, for at most ``frames`` frames of play.

    Frames in which a table is still reading its card pictures or an AI seat is still thinking
    are not counted: both run in threads at the machine's speed, while a test counts
    fixed-time frames, so counting them would make a test pass or fail with the machine's load.
    """
    played = loading = 0
    while played < frames and loading < LOADING_FRAMES:
        if cond():
            return True
        if _loading(app) or _thinking(app):
            loading += 1
        else:
            played += 1
        app.step()
    return cond()


def button(scene: Any, tag: str) -> Any:
    if hasattr(scene, "model"):  # a table's buttons are its prompt's (and its panel's)
        scene = scene.model.prompt
    pool = list(getattr(scene, "buttons", []))
    for name in ("panel_buttons",):
        pool += list(getattr(scene, name, []))
    for b in pool:
        if b.tag == tag:
            return b
    raise AssertionError(f"no button {tag!r} in {scene}: {[b.tag for b in pool]}")


def click_button(app: App, scene: Any, tag: str, frames: int = 1) -> None:
    click(app, button(scene, tag).rect.center, frames)


def table_scene(app: App) -> Any:
    from game.ui.scenes.table import TableScene

    return app.scenes.find(TableScene)


def human_turn(table: Any) -> bool:
    return table.model.synced and bool(table.model.prompt.kind) and not table.model.busy()


def sprite_center(table: Any, sp: Any) -> tuple[float, float]:
    """A point of the card no other card covers: in a fanned hand or row of captures, its left
    strip."""
    x = sp.x
    fans = {"hand": table.model.table.hands, "front": table.model.table.front}
    if sp.zone in fans:
        fan = fans[sp.zone].get(sp.owner, [])
        if sp in fan and fan.index(sp) < len(fan) - 1:
            x = sp.x - sp.w / 2 + 5
    return (x, sp.y - table.model.lift(sp))


def decide_non_play(app: App, table: Any) -> None:
    """Take the decision that is not a card play: first suit, first trump, first legal pass."""
    kind = table.model.prompt.kind
    if kind == "double":
        click_button(app, table, table.model.prompt.buttons[0].tag)
    elif kind == "trump":
        click(app, table.model.prompt.trump_rects[0][0].center)
    elif kind == "pass":
        need = table.model.pass_count()
        for _ in range(need):
            legal = table.model.legal_cards()
            sp = next(
                sp
                for sp in table.model.table.hands[table.model.viewer]
                if sp.card in legal and sp.card not in table.model.prompt.selected
            )
            click(app, sprite_center(table, sp))
        click_button(app, table, "confirm")


def drive_to_play(app: App, frames: int = 6000) -> Any:
    """Run the table until the human is asked to play a card, deciding the rest."""
    table = table_scene(app)
    for _ in range(frames):
        table = table_scene(app)
        if table is not None and human_turn(table):
            if table.model.prompt.kind == "play":
                return table
            decide_non_play(app, table)
        app.step()
    raise AssertionError("the human was never asked to play")


def quick_seats(setup: Any) -> None:
    """Seat rule-based AIs where the setup put AI levels: the table tests exercise the table,
    and the rule seat answers at once where the default level searches for a fraction of a
    second per move (the levels are tested in tests/ai/test_search_core.py and the arena)."""
    for i, kind in enumerate(setup.kinds):
        if kind != "human":
            setup.kinds[i] = "rules"


def start_from_setup(app: App, game: str, players: int) -> Any:
    """Title → New game → pick the game and the player count → Start; returns the table."""
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    for _ in range(6):
        if setup.game == game:
            break
        click(app, setup.game_sel.right.rect.center)
    assert setup.game == game
    for _ in range(8):
        if setup.players == players:
            break
        click(app, setup.players_sel.right.rect.center)
    assert setup.players == players
    assert len(setup.seat_sels) == players
    quick_seats(setup)
    click(app, setup.start.rect.center)
    table = table_scene(app)
    assert (
        table is not None
        and table.model.state.name == game
        and table.model.state.players == players
    )
    return table


def start_game(
    app: App,
    game: str,
    players: int,
    seed: int = 1,
    seats: list[str] | None = None,
    deal: dict[str, Any] | None = None,
    **options: Any,
) -> Any:
    """Push a table for ``game`` (an explicit ``deal`` sets the first position)."""
    from game.engine import new_game
    from game.ui.savegame import MatchSetup
    from game.ui.scenes.table import TableScene

    seats = seats or ["human"] + ["rules"] * (players - 1)
    state = new_game(game, players=players, seed=seed, deal=deal, **options)
    table = TableScene(app, state, MatchSetup(game, players, seats, autoplay="human" not in seats))
    app.push(table)
    return table


def autoplay_to_summary(app: App, game: str, players: int, seed: int = 3) -> Any:
    """AI at every seat, instant speed: run until the deal summary (or the result) shows."""
    from game.ui.scenes.result import ResultScene
    from game.ui.scenes.summary import SummaryScene

    app.settings.speed = "instant"
    table = start_game(app, game, players, seed=seed, seats=["rules"] * players)
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene | ResultScene), 6000)
    return table


def deck_switch_mid_deal(app: App, table: Any) -> None:
    """Press D while the deal is being animated, again and again: the table goes through every
    deck that can show its game, in the order of ``skins.DECKS``, every face-up card redrawn in
    each, and round to the deck it started in."""
    import pygame

    from game import skins

    first = app.settings.deck
    game, players = table.model.state.name, table.model.state.players
    shown = [d for d in skins.DECKS if skins.can_show(game, players, d) is None]
    at = shown.index(first)
    app.step()
    app.step()
    assert not table.model.queue.idle  # still dealing
    for deck in shown[at + 1 :] + shown[: at + 1]:
        key(app, pygame.K_d)
        assert app.settings.deck == deck == table.model.deck
        assert run_until(app, lambda: any(sp.face_up for sp in table.model.table.sprites), 300)
        for sp in table.model.table.sprites:
            if sp.face_up and sp.card is not None:
                key_ = table.model.table.sprite_key(sp, table.model.face_key, table.model.back_key)
                assert key_[0] == deck
