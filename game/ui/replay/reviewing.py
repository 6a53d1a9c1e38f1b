"""The judge at work on a replayed match: in a worker thread, so that the table keeps
answering; its progress read each frame, cancelled when the player says so.

The judge (:func:`game.review.match.review_match`) asks ``cancel()`` before each decision and
reports each one judged; both wake the app (:data:`~game.ui.scene.WAKEUP`), which sleeps while
nothing moves.  A judge that fails is logged and told, never raised at the player.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.review.match import review_match
from game.review.model import Review

from ..scene import WAKEUP

log = logging.getLogger(__name__)


class ReviewRun:
    """``seat``'s decisions in ``record`` being judged."""

    def __init__(self, record: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.done = 0
        self.total = 0
        self._stop = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavolo-review")
        self.future: Future[Review | None] = self._pool.submit(
            review_match, record, seat, self._progress, self._stop.is_set
        )
        self.future.add_done_callback(lambda _: WAKEUP.set())
        self._pool.shutdown(wait=False)  # the thread ends with the review

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        WAKEUP.set()

    def cancel(self) -> None:
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    @property
    def finished(self) -> bool:
        return self.future.done()

    def result(self) -> Review | None:
        """The review, once finished; None when it was cancelled or the judge failed (logged)."""
        try:
            return self.future.result(timeout=0)
        except Exception:
            log.exception("the review of seat %d failed", self.seat)
            return None
