"""AI seats think in a worker thread, so the table keeps animating and answering input.

A seat gets an immutable view and the legal moves (never the state), so nothing is shared with
the main thread.  A "thinking" pause of at least ``min_delay`` keeps play followable even when the
seat answers at once.  A seat that raises, returns something illegal or thinks too long is
replaced for that move by a random legal move: logged, and told to the player, but the game never
hangs.  A late answer of an abandoned thought is simply ignored.

"Too long" is counted in the CPU time of the thread that thinks, not on the clock: on a busy
machine a seat's thought takes longer by the clock while it plays the very same move, and what
the player gets must not depend on the machine's load.  Only a seat that stops thinking without
answering (waiting on something that never comes) is caught by the clock, after a backstop far
beyond any load a machine recovers from.

An answer wakes the app at once (:data:`~game.ui.scene.WAKEUP`): while a seat thinks nothing
moves, so the app sleeps, and :meth:`Thought.wake_in` tells it until when at most.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

from game import i18n
from game.engine import Move
from game.i18n import _

from .scene import WAKEUP

log = logging.getLogger(__name__)


class CPUMeter:
    """The CPU time one thought has cost the thread that thinks it.

    :meth:`begin` runs in that thread as the thought starts; :meth:`spent` may be read from any
    thread.  Where the platform cannot read another thread's CPU clock (Windows), the clock
    time since the thought began stands in for it.
    """

    def __init__(self) -> None:
        self.read: Callable[[], float] | None = None
        self.start = time.monotonic()

    def begin(self) -> None:
        try:
            clock = time.pthread_getcpuclockid(threading.get_ident())
        except (AttributeError, OSError):
            return
        self.read = partial(time.clock_gettime, clock)
        self.start = self.read()

    def spent(self) -> float:
        read = self.read
        return (read() if read is not None else time.monotonic()) - self.start


class Thought:
    def __init__(
        self,
        future: Future[Move],
        legal: Sequence[Move],
        rng: random.Random,
        min_delay: float,
        limits: tuple[float, float],
        who: str,
        meter: CPUMeter,
    ) -> None:
        self.future = future
        self.legal = list(legal)
        self.rng = rng
        self.min_delay = min_delay
        self.timeout, self.backstop = limits  # CPU seconds, clock seconds
        self.who = who
        self.meter = meter
        self.waited = 0.0
        self.started = time.monotonic()
        self.fallback: str | None = None  # why the fallback move was used

    def poll(self, dt: float) -> Move | None:
        """The chosen move once it is ready and the thinking pause is over, else None."""
        self.waited += dt
        if not self.future.done():
            late = self._late()
            if late is not None:
                self.future.cancel()
                said = _("{who} took longer than {seconds} s: a legal move was played for it")
                return self._fall_back(said.format(who=self.who, seconds=i18n.number(late)))
            return None
        if self.waited < self.min_delay:
            return None
        exc = self.future.exception()
        if exc is not None:
            log.error("%s failed: %r", self.who, exc, exc_info=exc)
            said = _("{who} failed ({error}): a legal move was played for it")
            return self._fall_back(said.format(who=self.who, error=exc.__class__.__name__))
        move = self.future.result()
        if move not in self.legal:
            said = _("{who} chose an illegal move ({move}): a legal move was played for it")
            return self._fall_back(said.format(who=self.who, move=repr(move)))
        return move

    def _late(self) -> float | None:
        """The limit the thought has gone past (its CPU time, or the clock's backstop), if any."""
        if self.meter.spent() > self.timeout:
            return self.timeout
        if time.monotonic() - self.started > self.backstop:
            return self.backstop
        return None

    def wake_in(self) -> float:
        """Seconds until :meth:`poll` may have news: the rest of the thinking pause once the
        answer is in, else until the thought could first be too long (one thread's CPU time
        never runs ahead of the clock; an answer arriving sooner sets WAKEUP)."""
        if self.future.done():
            return max(0.0, self.min_delay - self.waited)
        elapsed = time.monotonic() - self.started
        return max(0.0, min(self.timeout - self.meter.spent(), self.backstop - elapsed))

    def _fall_back(self, said: str) -> Move:
        """Play a random legal move instead, ``said`` (for the player and the log)."""
        self.fallback = said
        log.warning(self.fallback)
        return self.legal[self.rng.randrange(len(self.legal))]


class AIWorker:
    def __init__(self, timeout: float = 15.0, backstop: float = 120.0) -> None:
        #: CPU seconds a thought may take: far above what any level's budget costs
        self.timeout = timeout
        #: clock seconds after which a thought that never answers is given up
        self.backstop = backstop
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tavolo-ai")

    def think(
        self,
        seat: Any,
        view: Any,
        legal: Sequence[Move],
        rng: random.Random,
        min_delay: float,
        who: str,
    ) -> Thought:
        moves = list(legal)
        # the seat gets its own generator, so an abandoned thought never races the main thread
        seat_rng = random.Random(rng.random())
        meter = CPUMeter()

        def run() -> Move:
            meter.begin()
            move: Move = seat.choose(view, moves, seat_rng)
            return move

        future = self.pool.submit(run)
        future.add_done_callback(_wake)
        return Thought(future, moves, rng, min_delay, (self.timeout, self.backstop), who, meter)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def _wake(_: Future[Move]) -> None:
    """An answer is in (or the thought failed): wake the app if it sleeps."""
    WAKEUP.set()
