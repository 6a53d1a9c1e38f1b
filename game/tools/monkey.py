"""The monkey: the real app under random input, counting what goes wrong.

    SDL_VIDEODRIVER=dummy python -m game.tools.monkey --events 50000 --seed 1

It starts the app (pygame; any video driver, the dummy one included) with its user folders in
a temporary directory, so the player's settings and matches are never touched, and throws
random input at whatever scene is up: clicks (mostly on the scene's buttons, selectors and
cards, sometimes anywhere), right clicks and drags, keys (Esc, Enter, D, L, U, R, N, F11,
digits, letters, arrows), the mouse wheel, window resizes (tiny ones such as 100x100 and
200x150 included, up to 1920x1080), deck switches and language switches (as Settings makes
them, mid-match included).  Every :data:`TOUR_EVERY` events it sits down at the next game and
player count, now and then with the table's menu, Settings or Rules opened over it.  When a
human seat is asked to play it often plays a legal card, so deals end and the summary and
result scenes show up too.  Frames advance a fixed 1/30 s each and never wait.

It counts exceptions (the app's error page appearing counts as one), stalls (a table on top, not
loading, with nobody to move: no human asked and no AI thinking, and no move for
:data:`STALL_FRAMES` frames) and memory (the process's RSS at the start, at the end and at its
highest, the card-image cache and the memo tables at the start and the end, and the RSS at rest
after each tenth of the events, see :meth:`Monkey.at_rest`), prints them with the scenes and
games it reached, and exits 1 on any exception or stall.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import random
import resource
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game import i18n
from game.ai.levels import level_kinds
from game.catalog import CATALOG
from game.engine import new_game
from game.engine.memo import memo_entries
from game.i18n import LANGUAGES
from game.ui import allocator, background, theme
from game.ui.cards import card_images
from game.ui.runner import App
from game.ui.savegame import MatchSetup
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.table import TableScene
from game.ui.settings import Settings
from game.ui.widgets import Button, Selector

__all__ = ["Findings", "Monkey", "main", "run", "user_folders"]

#: Frames with nobody to move (no human asked, no AI thinking) before a table counts as stalled:
#: a minute of game time, far longer than any animation or pause between moves.
STALL_FRAMES = 1800
#: Every this many events the monkey sits down at the next game and player count, so that every
#: table is met however the random clicks wander.
TOUR_EVERY = 100
#: What the monkey opens over the table it sits down at, stop by stop in turn (as the table's
#: menu and its Settings and Rules buttons open them): the scenes above a match are met on every
#: run, however the random clicks wander or the machine's load shifts what the AIs did when.
OVER_TABLE = ("", "menu", "", "settings", "", "rules")
#: Window sizes thrown, besides random ones: the tiny ones that once broke every scene.
SIZES = ((100, 100), (200, 150), (100, 720), (320, 240), (800, 500), (1280, 720), (1920, 1080))
KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_d,
    pygame.K_l,
    pygame.K_u,
    pygame.K_r,
    pygame.K_n,
    pygame.K_F11,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    *range(pygame.K_0, pygame.K_9 + 1),
    *range(pygame.K_a, pygame.K_z + 1),
)


@dataclass
class Findings:
    """What a monkey run met."""

    events: int = 0
    frames: int = 0
    exceptions: int = 0
    stalls: int = 0
    #: the first few failures, each with the last actions before it
    failures: list[str] = field(default_factory=list)
    scenes: Counter[str] = field(default_factory=Counter)
    games: set[str] = field(default_factory=set)
    #: the languages switched to at a table (the match on screen made its texts again)
    languages: set[str] = field(default_factory=set)
    rss_start: int = 0
    #: the RSS, the card cache and the memo tables as the last event left them
    rss_end: int = 0
    #: the highest RSS the process reached
    rss_peak: int = 0
    #: the RSS after each tenth of the events, as the events left the app
    rss_curve: list[int] = field(default_factory=list)
    #: then at rest (see Monkey.at_rest): flat, or still growing at the end?
    rss_rest: list[int] = field(default_factory=list)
    cache_start: Any = None
    cache_end: Any = None
    #: the entries of the engine's and the AI's memo tables (game.engine.memo)
    memos_start: int = 0
    memos_end: int = 0
    cpu: float = 0.0


def second_half(curve: list[int]) -> float | None:
    """What the second half of a run added to the RSS of ``curve`` (one figure per tenth), as
    a share of it at the half (None before ten tenths)."""
    if len(curve) < 10:
        return None
    half = curve[len(curve) // 2 - 1]
    return (curve[-1] - half) / half


def rss() -> int:
    """The process's resident memory now, in bytes (its peak where /proc is missing)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return peak_rss()


def peak_rss() -> int:
    """The highest resident memory the process reached, in bytes."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _cache() -> Any:
    size = getattr(card_images(), "cache_size", None)
    return size() if size else None


@contextlib.contextmanager
def user_folders(root: Path) -> Iterator[None]:
    """Point the app's config, data, state and cache folders into ``root`` for a while."""
    names = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
    saved = {n: os.environ.get(n) for n in names}
    try:
        for n in names:
            os.environ[n] = str(root / n.lower())
        yield
    finally:
        for n, value in saved.items():
            if value is None:
                os.environ.pop(n, None)
            else:
                os.environ[n] = value


def _buttons(value: Any, depth: int = 0) -> Iterator[Button]:
    """Every button inside a scene attribute: buttons, selectors' arrows, lists of either."""
    if isinstance(value, Button):
        yield value
    elif isinstance(value, Selector):
        yield from (value.left, value.right)
    elif isinstance(value, list | tuple) and depth < 2:
        for item in value:
            yield from _buttons(item, depth + 1)


class Monkey:
    """Throws one random event at a time at ``app`` and watches what follows."""

    def __init__(self, app: App, rng: random.Random, findings: Findings) -> None:
        self.app = app
        self.rng = rng
        self.found = findings
        self.log: list[str] = []
        self._still = 0  # frames in a row with nobody to move
        self._moves: tuple[int, int] = (0, 0)  # (table id, moves made) when last seen
        self.progress = False  # a line on stderr after each tenth of the events
        self.stops = 0  # tables sat down at
        self.size = app.screen.get_size()  # the window's size at the start

    # -- what can be clicked -----------------------------------------------------------------
    def targets(self) -> list[pygame.Rect]:
        """The rectangles worth clicking on the top scene: its buttons, and cards at a table."""
        scene = self.app.scenes.top
        if scene is None:
            return []
        held = vars(scene.model if isinstance(scene, TableScene) else scene)  # a table's: its model
        rects = [b.rect for v in held.values() for b in _buttons(v) if b.rect.w > 0]
        if isinstance(scene, TableScene):
            table = scene.model
            rects += [table.sprite_rect(sp) for sp in table.table.sprites]
            rects += [r for r, *_ in table.prompt.trump_rects]
        return rects

    def legal_card(self) -> pygame.Rect | None:
        """A card the human may play now, when a table asks for one."""
        scene = self.app.scenes.top
        if not isinstance(scene, TableScene):
            return None
        table = scene.model
        if table.prompt.kind != "play" or table.busy():
            return None
        legal = table.legal_cards()
        cards = [sp for sp in table.table.hands.get(table.viewer) or () if sp.card in legal]
        if not cards:
            return None
        sp = self.rng.choice(cards)
        rect = table.sprite_rect(sp)
        return pygame.Rect(rect.x + 2, rect.y + 10, 4, 4)  # its left strip: fanned cards overlap

    # -- events --------------------------------------------------------------------------------
    def act(self) -> str:
        """Post one random event (or switch the deck or the language); what it was, for the
        failure log."""
        roll = self.rng.random()
        if roll < 0.45:
            return self._click()
        if roll < 0.7:
            return self._key(self.rng.choice(KEYS))
        if roll < 0.78:
            return self._wheel()
        if roll < 0.85:
            return self._drag()
        if roll < 0.93:
            return self._resize()
        if roll < 0.97:
            self.app.toggle_deck()
            return "deck switch"
        lang = self.rng.choice(list(LANGUAGES))
        self.app.set_language(lang)
        if isinstance(self.app.scenes.top, TableScene):
            self.found.languages.add(lang)
        return f"language {lang}"

    def _point(self) -> tuple[int, int]:
        """Where to click: a legal card, else mostly a target of the scene, else anywhere."""
        rect = self.legal_card() if self.rng.random() < 0.6 else None
        targets = self.targets()
        if rect is None and targets and self.rng.random() < 0.85:
            rect = self.rng.choice(targets)
        if rect is not None:
            return (
                self.rng.randint(rect.left, max(rect.left, rect.right - 1)),
                self.rng.randint(rect.top, max(rect.top, rect.bottom - 1)),
            )
        w, h = self.app.screen.get_size()
        return self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h))

    def _click(self) -> str:
        pos = self._point()
        button = 3 if self.rng.random() < 0.05 else 1
        post = pygame.event.post
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        return f"click {button} at {pos}"

    def _drag(self) -> str:
        start, end = self._point(), self._point()
        post = pygame.event.post
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        return f"drag {start} to {end}"

    def _key(self, key: int) -> str:
        name = pygame.key.name(key)
        text = name if len(name) == 1 else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text))
        return f"key {name}"

    def _wheel(self) -> str:
        y = self.rng.choice((-3, -1, 1, 3))
        pos = self._point()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        return f"wheel {y} at {pos}"

    def _resize(self) -> str:
        if self.app.fullscreen:
            return self._key(pygame.K_F11)
        if self.rng.random() < 0.5:
            size = self.rng.choice(SIZES)
        else:
            size = (self.rng.randint(100, 1920), self.rng.randint(100, 1080))
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        return f"resize to {size[0]}x{size[1]}"

    # -- watching ------------------------------------------------------------------------------
    def frame(self) -> None:
        """Run one frame and look at what it left: the error page, a stall, a quit."""
        app = self.app
        try:
            app.step()
        except Exception as exc:  # the app lets nothing out of a frame: this is a finding too
            self._failed(f"{type(exc).__name__} escaped a frame: {exc}")
        self.found.frames += 1
        top = app.scenes.top
        self.found.scenes[type(top).__name__] += 1
        fresh = isinstance(top, ErrorScene) and not self._error_seen(top)
        if app.crashed is not None or fresh:
            self._failed(f"error page: {app.crashed}")
            app.crashed = None
        if isinstance(top, TableScene):
            self.found.games.add(f"{top.model.state.name} {top.model.state.players}p")
            self._watch(top)
        else:
            self._still = 0
        if not app.running or not app.scenes.stack:  # Quit, or Esc on the title: start again
            app.running = True
            app.exit_code = 0
            app.scenes.reset(app.title_scene())

    def at_rest(self) -> int:
        """The RSS with the app at rest: the title alone in a window of the size the run began
        with, the caches of what was drawn emptied (card pictures, rendered lines, felts:
        bounded, but as full as the last tables and window sizes left them), the garbage
        collected and the C allocator's free pages given back.  What the app holds for good,
        whatever the last events left open, so the tenths compare like with like: the memory
        that stays on top of this is the caches' (see the card cache and the RSS at most)."""
        app = self.app
        app.scenes.reset(app.title_scene())
        if app.fullscreen:
            app.toggle_fullscreen()
        if app.screen.get_size() != self.size:
            pygame.display.set_mode(self.size, pygame.RESIZABLE)
            app.resized(self.size)
        self.frame()
        card_images().forget()
        theme.forget_text()
        background.forget()
        gc.collect()
        allocator.give_back()
        return rss()

    def _error_seen(self, scene: ErrorScene) -> bool:
        seen = getattr(scene, "_monkey_seen", False)
        scene.__dict__["_monkey_seen"] = True
        return bool(seen)

    def _watch(self, scene: TableScene) -> None:
        table = scene.model
        moves = (id(scene), len(table.state.history))
        thought = table.ai.thought
        thinking = thought is not None and not thought.future.done()
        waiting = (
            table.loading
            or self.app.scenes.too_small
            or table.state.current_player is None
            or bool(table.prompt.kind)
            or thinking
        )
        if moves != self._moves or waiting:
            self._moves = moves
            self._still = 0
            return
        self._still += 1
        if self._still == STALL_FRAMES:
            self.found.stalls += 1
            self._report(f"stall: {table.state.name} with nobody to move for {STALL_FRAMES} frames")
            self._report(f"  record: {table.state.record()}")

    def _failed(self, message: str) -> None:
        self.found.exceptions += 1
        self._report(message)

    def _report(self, message: str) -> None:
        if len(self.found.failures) < 40:
            self.found.failures.append(message)
            if not message.startswith("  "):
                self.found.failures.append("  after: " + "; ".join(self.log[-12:]))

    def sit_down(self, game: str, players: int) -> str:
        """Open a table of ``game`` from the title: a human and AI seats, or AI only (autoplay),
        so that matches also run to their summaries and results unattended."""
        kinds = [k for k in CATALOG[game].seats if k != "solver"] + ["random", *level_kinds(game)]
        ai = [self.rng.choice(("rules", "rules", "random", *kinds)) for _ in range(players)]
        if players == 1:
            ai = ["solver" if "solver" in CATALOG[game].seats else "random"]
        human = self.rng.random() < 0.6
        seats = ["human", *ai[1:]] if human else ai
        state = new_game(game, players=players, seed=self.rng.randrange(2**31))
        self.app.scenes.reset(self.app.title_scene())
        self.frame()  # the title is drawn on the way, as it is for a player
        table = TableScene(self.app, state, MatchSetup(game, players, seats, not human))
        self.app.push(table)
        self.frame()  # the table is on top once before anything opens over it
        over = OVER_TABLE[self.stops % len(OVER_TABLE)]
        self.stops += 1
        if over == "rules":
            table.open_rules()
        elif over:
            table.open_menu()
            menu = self.app.scenes.top
            if over == "settings" and isinstance(menu, PauseScene):
                menu.settings()
        return f"table {game} {players}p seats {seats}" + (
            f", {over} opened over it" if over else ""
        )

    def note_end(self) -> None:
        """Note the RSS, the card cache and the memo tables as the events left them."""
        found = self.found
        found.rss_end, found.cache_end, found.memos_end = rss(), _cache(), memo_entries()

    def run(self, events: int) -> None:
        """Throw ``events`` events, each followed by one to a few frames; every
        :data:`TOUR_EVERY` events sit down at the next table."""
        tour = [(g, p) for g in CATALOG for p in CATALOG[g].info.players]
        for k in range(events):
            if k % TOUR_EVERY == 0:
                self.log.append(self.sit_down(*tour[k // TOUR_EVERY % len(tour)]))
                self.frame()
            self.log.append(self.act())
            del self.log[:-50]
            self.found.events += 1
            if self.found.events % max(1, events // 10) == 0:
                self.note_end()
                self.found.rss_curve.append(self.found.rss_end)
                self.found.rss_rest.append(self.at_rest())
                if self.progress:
                    print(f"{self.found.events} events thrown", file=sys.stderr, flush=True)
            for _ in range(self.rng.choice((1, 1, 1, 2, 3, 12))):
                self.frame()


def run(
    events: int, seed: int = 1, size: tuple[int, int] = (1280, 720), progress: bool = False
) -> Findings:
    """Start the app in a temporary home and let the monkey loose for ``events`` events
    (fewer if stopped by Ctrl+C)."""
    found = Findings()
    cpu = time.process_time()
    lang = i18n.language()  # the monkey switches it: the process gets its own back
    with tempfile.TemporaryDirectory(prefix="tavolo-monkey-") as home, user_folders(Path(home)):
        app = App(Settings(speed="fast"), size=size, fixed_dt=1 / 30, fps=0)
        app.push(app.title_scene())
        app.step()
        found.rss_start, found.cache_start, found.memos_start = rss(), _cache(), memo_entries()
        monkey = Monkey(app, random.Random(seed), found)
        monkey.progress = progress
        try:
            monkey.run(events)
        except KeyboardInterrupt:  # Ctrl+C or SIGTERM: report what was met so far
            pass
        finally:
            if found.events < events:  # stopped between two tenths
                monkey.note_end()
            found.rss_peak = peak_rss()
            app.shutdown()
            i18n.set_language(lang)
    found.cpu = time.process_time() - cpu
    return found


def report(found: Findings, seed: int) -> str:
    """What the command prints."""
    mb = 1024 * 1024
    lines = [
        f"monkey seed {seed}: {found.events} events, {found.frames} frames, {found.cpu:.0f} s CPU",
        "scenes: " + ", ".join(f"{k} {v}" for k, v in sorted(found.scenes.items())),
        "tables: " + (", ".join(sorted(found.games)) or "none"),
        "languages switched to at a table: " + (", ".join(sorted(found.languages)) or "none"),
        f"memory: RSS {found.rss_start / mb:.0f} MB at start, {found.rss_end / mb:.0f} MB at end, "
        f"{found.rss_peak / mb:.0f} MB at most",
        "RSS after each tenth of the events: " + _curve(found.rss_curve),
        "RSS at rest after each tenth (caches emptied): " + _curve(found.rss_rest),
        f"card cache: {found.cache_start} at start, {found.cache_end} at end",
        f"memo tables: {found.memos_start} entries at start, {found.memos_end} at end",
        *found.failures,
        f"{found.exceptions} exceptions, {found.stalls} stalls",
    ]
    return "\n".join(lines)


def _curve(curve: list[int]) -> str:
    """A curve of RSS figures in MB, with what its second half added."""
    mb = 1024 * 1024
    growth = second_half(curve)
    said = " ".join(f"{r / mb:.0f}" for r in curve) + " MB"
    return said if growth is None else f"{said}, the second half {growth:+.1%}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.monkey",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--events", type=int, default=5000, help="events to throw (5000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    args = parser.parse_args(argv)
    if args.events < 1:
        parser.error("--events must be at least 1")
    signal.signal(signal.SIGTERM, _stop)
    found = run(args.events, args.seed, progress=True)
    print(report(found, args.seed))
    if found.exceptions or found.stalls:
        return 1
    if found.events < args.events:
        print(f"stopped early: {found.events} of {args.events} events thrown")
        return 130
    return 0


def _stop(signum: int, frame: object) -> None:
    """SIGTERM stops the monkey like Ctrl+C: with the report of what it met so far."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
