"""AI seats think in a worker thread, so the table keeps animating and answering input.

A seat gets an immutable view and the legal moves (never the state), so nothing is shared with
the main thread.  A "thinking" pause of at least ``min_delay`` keeps play followable even when the
seat answers at once.  A seat that raises, returns something illegal or takes longer than the
timeout is replaced for that move by a random legal move: logged, and told to the player, but the
game never hangs.  A late answer of an abandoned thought is simply ignored.

An answer wakes the app at once (:data:`~game.ui.scene.WAKEUP`): while a seat thinks nothing
moves, so the app sleeps, and :meth:`Thought.wake_in` tells it until when at most.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game import i18n
from game.engine import Move
from game.i18n import _

from .scene import WAKEUP

log = logging.getLogger(__name__)


class Thought:
    def __init__(
        self,
        future: Future[Move],
        legal: Sequence[Move],
        rng: random.Random,
        min_delay: float,
        timeout: float,
        who: str,
    ) -> None:
        self.future = future
        self.legal = list(legal)
        self.rng = rng
        self.min_delay = min_delay
        self.timeout = timeout
        self.who = who
        self.waited = 0.0
        self.started = time.monotonic()
        self.fallback: str | None = None  # why the fallback move was used

    def poll(self, dt: float) -> Move | None:
        """The chosen move once it is ready and the thinking pause is over, else None."""
        self.waited += dt
        if not self.future.done():
            if time.monotonic() - self.started > self.timeout:
                self.future.cancel()
                said = _("{who} took longer than {seconds} s: a legal move was played for it")
                return self._fall_back(said.format(who=self.who, seconds=i18n.number(self.timeout)))
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

    def wake_in(self) -> float:
        """Seconds until :meth:`poll` may have news: the rest of the thinking pause once the
        answer is in, else until the timeout (an answer arriving sooner sets WAKEUP)."""
        if self.future.done():
            return max(0.0, self.min_delay - self.waited)
        return max(0.0, self.timeout - (time.monotonic() - self.started))

    def _fall_back(self, said: str) -> Move:
        """Play a random legal move instead, ``said`` (for the player and the log)."""
        self.fallback = said
        log.warning(self.fallback)
        return self.legal[self.rng.randrange(len(self.legal))]


class AIWorker:
    def __init__(self, timeout: float = 15.0) -> None:
        self.timeout = timeout
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
        future = self.pool.submit(seat.choose, view, moves, seat_rng)
        future.add_done_callback(_wake)
        return Thought(future, moves, rng, min_delay, self.timeout, who)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def _wake(_: Future[Move]) -> None:
    """An answer is in (or the thought failed): wake the app if it sleeps."""
    WAKEUP.set()
