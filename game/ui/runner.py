"""The application object: window, clock, scene stack, toasts, audio and crash handling.

``App.step()`` runs exactly one frame (events, update, draw, present), so tests and the benchmark
drive the real scenes frame by frame; ``App.run(frames)`` loops it.  An exception inside a scene
is logged with its traceback to the user log folder (never to the console) and replaced by a
friendly error scene, which says whether the last save of the match succeeded.  The error scene
and everything it draws with are imported with this module, so a broken install (files replaced
under a running app) still shows it.

A frame draws only what changed: the scenes say which rectangles (:meth:`Scene.changed`), the
app redraws those areas with the window clipped to them and presents only them; input, a resize,
a toast or a new scene redraws everything.  When nothing moves and nothing is due, the app does
not spin: it sleeps until input arrives, a worker thread sets :data:`~game.ui.scene.WAKEUP` (an
AI's move is ready) or the soonest timer of its scenes ends (:meth:`Scene.wake_in`).
"""

from __future__ import annotations

import logging
import os
import sys
import time
import warnings
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, skins
from game.resources import asset_path

from . import allocator, routes
from .audio import Audio
from .damage import merge_areas
from .logsetup import log_path
from .scene import WAKEUP, Scene, SceneManager, window_surface
from .scenes.error import ErrorScene
from .settings import Settings, apply_look, save_settings
from .widgets import Toasts

if TYPE_CHECKING:
    from .online.service import OnlineService

log = logging.getLogger(__name__)

#: The smallest window opened at start (a saved size is never smaller).  The player may shrink
#: it further: below scene.MIN_WINDOW the scenes wait behind a "window too small" notice.
MIN_SIZE = (800, 500)
#: The share of the screen a window opened at start may take at most: the rest is for the
#: desktop's panels and the window's title bar (a 1280×720 window on a 1024×600 netbook ran off
#: its screen).
SCREEN_SHARE = 0.92
#: How long a notice (:meth:`App.notice`) stays on screen, in seconds.
NOTICE_SECONDS = 8.0
#: The longest step of time a frame of animation takes (a stalled machine skips, not jumps).
MAX_DT = 0.1
#: The longest an idle app sleeps before looking at its scenes again, whatever they say.
MAX_REST = 0.25
#: How often an idle app looks for input: pygame's ``event.wait`` looks every millisecond
#: inside, a noticeable share of a core; a frame's worth of latency costs a fifth of it
#: (docs/EXPERIMENTS.md).
POLL = 1 / 60


def prefer_shared_memory() -> None:
    """Present through the window system's shared memory, not an OpenGL texture (Linux).

    SDL otherwise streams the window through OpenGL, and where that is Mesa's software
    renderer (virtual machines, remote desktops, Xvfb) every present costs about 10 ms of CPU
    for the whole window however little changed; X11's shared memory costs a few microseconds
    and presents only the changed areas.  A player's own SDL_FRAMEBUFFER_ACCELERATION wins.
    """
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def fit_screen(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` (the remembered or default window) shrunk to fit the screen, if the screen is
    known and smaller: at most :data:`SCREEN_SHARE` of it each way, never below
    :data:`MIN_SIZE`.  A headless driver has no screen: the size stays.  (The App does not ask
    for a size given on the command line: that one opens as asked.)"""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return size
    try:
        screens = pygame.display.get_desktop_sizes()
    except pygame.error:
        return size
    if not screens or min(screens[0]) <= 0:
        return size
    sw, sh = screens[0]
    w = min(size[0], max(MIN_SIZE[0], round(sw * SCREEN_SHARE)))
    h = min(size[1], max(MIN_SIZE[1], round(sh * SCREEN_SHARE)))
    if (w, h) != size:
        log.info("the window %s fits the screen %s as %s", size, (sw, sh), (w, h))
    return w, h


class App:
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        fixed_dt: float | None = None,
        fps: int = 60,
        audio: bool = True,
        persist: bool = True,
        online: OnlineService | None = None,
    ) -> None:
        """``fixed_dt`` makes every frame advance that many seconds (tests); ``fps=0`` never
        waits; ``persist=False`` writes no settings or saves (benchmarks); ``online``: online
        play, as the app wires it in (None: Play online says it is not available)."""
        self.t0 = time.perf_counter()
        # AI seats think in a thread: switch threads often so a frame never waits long for
        # the interpreter lock (the default 5 ms would show as frame-time spikes)
        sys.setswitchinterval(0.0005)
        allocator.tune()  # before SDL allocates its first pixels
        self.settings = settings or Settings()
        apply_look(self.settings)  # four colours, contrast, text size (game/ui/theme.py)
        self.persist = persist
        self.online = online
        # the player's language, else the system's (a first start)
        lang = i18n.set_language(self.settings.language or i18n.system_language())
        log.info("texts in %s (%s)", i18n.LANGUAGES[lang], lang)
        prefer_shared_memory()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Tavolo")
        self._set_icon()
        w, h = size or fit_screen(self.settings.window)
        self.windowed_size: tuple[int, int] = (w, h)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.screen = self._make_window()
        self.clock = pygame.time.Clock()
        self.fixed_dt = fixed_dt
        self.fps = fps
        self.scenes = SceneManager()
        self.toasts = Toasts()
        self.audio = Audio(self.settings.volume, self.settings.muted, enabled=audio)
        self.running = True
        self.frame = 0
        self.first_frame_at: float | None = None
        #: (wall, main-thread CPU) seconds of each frame's work, when a benchmark asks
        self.frame_times: list[tuple[float, float]] | None = None
        self.drawn_frames = 0  # frames that drew anything
        self.idle_frames = 0  # frames that began with the idle sleep
        self._whole = True  # the next frame redraws everything
        #: every frame drawn whole and no sleeping: the benchmark's reference, the loop before
        self.redraw_all = False
        self._toasts_shown = False
        self._rest: float | None = None  # how long to sleep before the next frame (None: don't)
        self.max_rest = MAX_REST  # the longest idle sleep (a frame's time under run(frames))
        self._frame_at = time.perf_counter()
        self.crashed: str | None = None
        #: the player's last input was a key, not the mouse (set after each event is handled,
        #: so a scene sees the input before it): menus and dialogs then show their keyboard
        #: focus (game/ui/focus_ring.py)
        self.keyboard = False
        self.exit_code = 0
        self._session_deck: tuple[str, str] | None = None  # (shown, saved) from --deck

    # -- window ------------------------------------------------------------------------------
    def _set_icon(self) -> None:
        for name in ("tavolo-64.png", "tavolo-128.png", "tavolo-256.png", "tavolo.png"):
            path = asset_path("icon", name)
            if path.is_file():
                try:
                    pygame.display.set_icon(pygame.image.load(str(path)))
                except pygame.error as exc:
                    log.info("icon %s not loaded: %s", path, exc)
                return

    def _make_window(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error as exc:
                log.warning("fullscreen not available (%s)", exc)
                self.fullscreen = False
        w, h = self.windowed_size
        want = (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))
        # back from fullscreen, X11 keeps the window at the screen's size the first time it is
        # asked for another (SDL presenting through shared memory, prefer_shared_memory): asked
        # once more, it takes the size it had.  SDL's warning about it is not the player's.
        for _ in range(2):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                surface = pygame.display.set_mode(want, pygame.RESIZABLE)
            if surface.get_size() == want:
                break
        else:
            log.info("the window is %s, not the %s asked for", surface.get_size(), want)
        return surface

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.screen = self._make_window()
        self.scenes.resize(self.screen.get_size())
        self.save_settings()

    def resized(self, size: tuple[int, int]) -> None:
        if not self.fullscreen:
            self.windowed_size = size
            self.settings.window = size
        self.screen = window_surface()
        self.scenes.resize(self.screen.get_size())

    @property
    def size(self) -> tuple[int, int]:
        """The size scenes lay themselves out in: the window's, never below the minimum."""
        return self.scenes.layout_size

    # -- services for scenes -------------------------------------------------------------------
    def toast(self, text: str, kind: str = "info", ttl: float = 3.0) -> None:
        self.toasts.show(text, kind, ttl)

    def notice(self, text: str) -> None:
        """Tell the player something they must read (a file set aside, a save that failed): a
        toast never pushed out by another, queued behind the notices already shown."""
        self.toasts.show(text, "warn", NOTICE_SECONDS, notice=True)

    def save_settings(self) -> None:
        """Write the settings; a failure is told once (the game goes on with them in memory)."""
        if self.persist:
            trouble = save_settings(self._persisted())
            if trouble:
                from .savejournal import tell

                tell(self, [trouble])

    def _persisted(self) -> Settings:
        """The settings to write: a deck given on the command line is for this session only."""
        if self._session_deck and self.settings.deck == self._session_deck[0]:
            return replace(self.settings, deck=self._session_deck[1])
        return self.settings

    def use_deck_for_session(self, deck: str) -> None:
        """Show ``deck`` until the player picks one (``--deck``): the saved choice is kept."""
        if deck != self.settings.deck:
            self._session_deck = (deck, self.settings.deck)
            self.settings.deck = deck

    def set_deck(self, deck: str, *, chosen: bool = True) -> bool:
        """Switch the displayed deck everywhere; a scene may refuse (6-player Capodama).

        ``chosen``: the player picked it (D, Settings), so it is saved, and remembered for the
        game on the table.  Otherwise it is the deck a table opens in: its game's own, or the
        one chosen for that game before (the command line's ``--deck`` is for the table the
        command line opens).
        """
        for scene in self.scenes.stack:
            refuse = getattr(scene, "refuse_deck", None)
            reason = refuse(deck) if refuse else None
            if reason:
                self.toast(reason, "warn", 4.0)
                return False
        self.settings.deck = deck
        if chosen:
            table = routes.table_model(self)
            if table is not None:
                self.settings.decks[table.state.name] = deck
            self._session_deck = None  # the player chose: from now on it is saved
        self.save_settings()
        for scene in self.scenes.stack:
            hook = getattr(scene, "deck_changed", None)
            if hook:
                hook()
        return True

    def toggle_deck(self) -> None:
        """The next deck that can show the game on the table (D), chosen by the player for it;
        any next one where no game is on the table."""
        table = routes.table_model(self)
        game, players = (table.state.name, table.state.players) if table else (None, 0)
        current = self.settings.deck
        new = skins.next_deck(game, players, current)
        if new == current:  # no other deck shows this game: the next one's refusal says why
            new = skins.DECKS[(skins.DECKS.index(current) + 1) % len(skins.DECKS)]
        if self.set_deck(new):
            from .games.words import deck_title

            self.toast(deck_title(new), "info", 1.5)

    def set_language(self, lang: str) -> None:
        """Show every text in ``lang`` from now on, saved; every scene of the stack (a match
        included: its state is untouched) makes its texts again."""
        self.settings.language = i18n.set_language(lang)
        self.save_settings()
        self.toasts.drop_passing()  # said in the old language (a notice must still be read)
        for scene in list(self.scenes.stack):
            scene.language_changed()
        self._whole = True

    def quit(self) -> None:
        self.running = False

    # -- the loop ------------------------------------------------------------------------------
    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resized(window_surface().get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.scenes.handle(event)
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.keyboard = False

    def step(self) -> bool:
        """One frame; False once the app wants to quit.  An idle app (nothing moving, no
        timer due) first sleeps until input, a worker's news or its scenes' next timer."""
        if not self.running:
            return False
        dt = self._pace()
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            events = pygame.event.get()
            for event in events:
                self._dispatch(event)
            self.scenes.update(dt)
            self.toasts.update(dt)
            self._present(whole=bool(events))
            self._rest = self._rest_for()
        except Exception as exc:
            self.crash(exc)
        end = time.perf_counter()
        if self.frame_times is not None:
            self.frame_times.append((end - start, time.thread_time() - cpu))
        if self.first_frame_at is None:
            self.first_frame_at = end
            if os.environ.get("TAVOLO_REPORT_FIRST_FRAME"):
                # CPU of the whole process since it started (every thread), and the moment
                print(f"first-frame {time.time():.4f} cpu {time.process_time():.4f}", flush=True)
        self.frame += 1
        if not self.scenes.stack:
            self.running = False
        return self.running

    @property
    def idle(self) -> bool:
        """Nothing moves and nothing is due: the next frame begins with a sleep."""
        return self._rest is not None

    def _pace(self) -> float:
        """Wait for this frame (the idle sleep, or the frame rate's tick); its time step."""
        rest = self._rest
        if rest is None:
            if self.fps:
                self.clock.tick(self.fps)
        else:
            self.idle_frames += 1
            if self.fps:
                self._idle_wait(rest)
        now = time.perf_counter()
        elapsed, self._frame_at = now - self._frame_at, now
        if self.fixed_dt is not None:
            return self.fixed_dt
        if not self.fps:
            return 1 / 60
        # after a sleep nothing was moving: timers (a toast, an AI's pause) get the real time
        return min(elapsed, MAX_DT if rest is None else rest + MAX_DT)

    def _idle_wait(self, seconds: float) -> None:
        """Sleep up to ``seconds``, until input arrives or a worker sets WAKEUP."""
        end = time.perf_counter() + seconds
        while True:
            pygame.event.pump()
            left = end - time.perf_counter()
            if pygame.event.peek() or left <= 0 or WAKEUP.wait(min(left, POLL)):
                break
        WAKEUP.clear()

    def _rest_for(self) -> float | None:
        """How long to sleep before the next frame: None while anything moves or a redraw is
        owed, else until the scenes' soonest timer, and never more than ``max_rest``."""
        if self._whole or self.redraw_all or self.toasts.items or not self.scenes.stack:
            return None
        wake = self.scenes.wake_in()
        if wake is None:
            return self.max_rest
        return None if wake <= 0 else min(wake, self.max_rest)

    def _present(self, *, whole: bool) -> None:
        """Draw and present what changed: everything, or the changed areas, or nothing."""
        toasts = bool(self.toasts.items)
        whole = whole or self._whole or self.redraw_all or toasts or self._toasts_shown
        self._toasts_shown = toasts
        rects = self.scenes.changed()  # asked every frame, so scenes keep track of their looks
        areas = None if whole or rects is None else merge_areas(rects, self.screen.get_rect())
        if areas == []:
            return
        self.drawn_frames += 1
        if areas is None:
            self._whole = False
            self._draw()
            pygame.display.flip()
            return
        try:
            for area in areas:
                self.screen.set_clip(area)
                self._draw()
        finally:
            self.screen.set_clip(None)
        pygame.display.update(areas)

    def _draw(self) -> None:
        self.scenes.draw(self.screen)  # the bottom scene paints the whole window
        if self.toasts.items:
            # a scene's toast zone is laid out for a bigger window than a too small one
            top = None if self.scenes.too_small else self.scenes.top
            zone = getattr(top, "toast_zone", None)
            self.toasts.draw(self.screen, zone() if zone else None)

    def run(self, frames: int | None = None, screenshot: Path | None = None) -> int:
        """Loop frames until the app quits, or for ``frames`` frames of 1/fps seconds each (an
        idle frame then sleeps no longer than one: ``--frames`` stays a measure of time)."""
        if frames is not None and self.fps:
            self.max_rest = min(self.max_rest, 1 / self.fps)
            if self._rest is not None:
                self._rest = min(self._rest, self.max_rest)
        while self.step():
            if frames is not None and self.frame >= frames:
                break
        if screenshot is not None:
            try:
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(self.screen, str(screenshot))
            except (pygame.error, OSError) as exc:
                log.error("could not write the screenshot %s: %s", screenshot, exc)
                self.exit_code = self.exit_code or 1
        self.shutdown()
        return self.exit_code

    def shutdown(self) -> None:
        for scene in reversed(self.scenes.stack):
            try:
                scene.leave()
            except Exception:
                log.exception("while closing %s", scene)
        self.scenes.stack.clear()
        if not self.fullscreen and self.persist:
            self.settings.window = self.windowed_size
            save_settings(self._persisted())

    def crash(self, exc: BaseException) -> None:
        """Log the traceback and show the error scene instead of the broken one.

        Nothing here imports or may raise: the scenes that are closed may be the broken ones.
        Only when the error page itself fails does the app give up (quietly, exit code 1).
        """
        log.error("unexpected error: %s", exc, exc_info=exc)
        self.crashed = f"{exc.__class__.__name__}: {exc}"
        self.exit_code = 1
        self._whole = True
        self._rest = None
        if isinstance(self.scenes.top, ErrorScene):
            self.running = False
            return
        for scene in reversed(self.scenes.stack):
            try:
                scene.leave()
            except Exception:
                log.exception("while closing %s after an error", scene)
        self.scenes.stack.clear()
        self.scenes.push(ErrorScene(self, self.crashed, log_path()))

    def push(self, scene: Scene) -> None:
        self.scenes.push(scene)

    # -- the router (game/ui/routes.py): scenes ask for the next one by name ---------------------
    def open(self, name: str, *args: Any, **kw: Any) -> Scene:
        """Push the scene called ``name`` (made with ``args``) over the scenes open."""
        scene = routes.make(self, name, *args, **kw)
        self.scenes.push(scene)
        return scene

    def go(self, name: str, *args: Any, **kw: Any) -> None:
        """Leave the scenes open for the one called ``name`` (:func:`routes.go`)."""
        routes.go(self, name, *args, **kw)

    def title_scene(self) -> Scene:
        return routes.make(self, "title")
