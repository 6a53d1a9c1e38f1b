"""An AI seat's thought is given up by the CPU time it costs, never by the clock alone: on a
loaded machine the same seat plays the same move, however long the clock says it took.

No test here sleeps or reads a duration: the clock is the test's own (``time.monotonic`` in
the worker, moved by hand), and CPU is spent by a seat to a fixed amount of its own thread's
CPU time before it signals."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from game.ui import worker as worker_module
from game.ui.worker import AIWorker

LEGAL: list[Any] = ["a", "b", "c"]
WAIT = 60  # bound of every blocking wait (never reached when the code is right)


class Clock:
    """The worker's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(worker_module.time, "monotonic", fake)
    return fake


class Waiter:
    """Answers when the test lets it, costing no CPU meanwhile: a seat on a busy machine."""

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        self.go.wait(WAIT)
        return legal[1]


class Burner:
    """Spends 0.3 s of its thread's CPU, says so, then waits: a seat that thinks too long."""

    def __init__(self) -> None:
        self.burnt = threading.Event()
        self.stop = threading.Event()

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        start = time.thread_time()
        while time.thread_time() - start < 0.3:
            pass
        self.burnt.set()
        self.stop.wait(WAIT)
        return legal[1]


def test_a_thought_slow_by_the_clock_but_cheap_in_cpu_is_played(clock: Clock) -> None:
    seat, worker = Waiter(), AIWorker(timeout=0.2, backstop=30.0)
    thought = worker.think(seat, None, LEGAL, random.Random(1), 0.0, "x")
    clock.now += 10.0  # far past the CPU limit by the clock, inside the backstop
    assert thought.poll(0.0) is None and thought.fallback is None
    seat.go.set()
    assert thought.future.result(WAIT) == "b"
    assert thought.poll(0.0) == "b" and thought.fallback is None
    worker.close()


def test_a_thought_past_its_cpu_time_gets_a_legal_move_instead(clock: Clock) -> None:
    seat, worker = Burner(), AIWorker(timeout=0.2, backstop=30.0)
    thought = worker.think(seat, None, LEGAL, random.Random(1), 0.0, "x")
    try:
        assert seat.burnt.wait(WAIT)
        move = thought.poll(0.0)  # the clock has not moved: only the CPU time is past
    finally:
        seat.stop.set()
    assert move in LEGAL
    assert thought.fallback is not None and "0.2" in thought.fallback
    worker.close()


def test_a_thought_that_never_answers_is_given_up_at_the_backstop(clock: Clock) -> None:
    seat, worker = Waiter(), AIWorker(timeout=0.2, backstop=30.0)
    thought = worker.think(seat, None, LEGAL, random.Random(1), 0.0, "x")
    try:
        clock.now += 29.0
        assert thought.poll(0.0) is None
        clock.now += 2.0
        move = thought.poll(0.0)
    finally:
        seat.go.set()
    assert move in LEGAL
    assert thought.fallback is not None and "30" in thought.fallback
    worker.close()
