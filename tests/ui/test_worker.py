"""An AI seat's thought is given up by the CPU time it costs, never by the clock alone: on a
loaded machine the same seat plays the same move, however long the clock says it took."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from game.ui.worker import AIWorker, Thought

LEGAL: list[Any] = ["a", "b", "c"]


class Sleeper:
    """Thinks slowly by the clock and costs no CPU: a seat on a machine busy with other work."""

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        time.sleep(0.6)
        return legal[1]


class Spinner:
    """Burns CPU until released: a seat that never stops thinking."""

    def __init__(self) -> None:
        self.stop = threading.Event()

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        n = 0
        while not self.stop.is_set():
            n += 1
        return legal[1]


def wait(thought: Thought, seconds: float = 20.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        move = thought.poll(0.05)
        if move is not None:
            return move
        time.sleep(0.02)
    pytest.fail("the thought never ended")


def test_a_thought_slow_by_the_clock_but_cheap_in_cpu_is_played() -> None:
    worker = AIWorker(timeout=0.2, backstop=30.0)
    thought = worker.think(Sleeper(), None, LEGAL, random.Random(1), 0.0, "x")
    assert wait(thought) == "b"
    assert thought.fallback is None
    worker.close()


def test_a_thought_past_its_cpu_time_gets_a_legal_move_instead() -> None:
    seat = Spinner()
    worker = AIWorker(timeout=0.2, backstop=30.0)
    thought = worker.think(seat, None, LEGAL, random.Random(1), 0.0, "x")
    try:
        move = wait(thought)
    finally:
        seat.stop.set()
    assert move in LEGAL
    assert thought.fallback is not None and "0.2" in thought.fallback
    worker.close()
