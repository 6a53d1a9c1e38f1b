"""The quick shuffle of seeded deals makes exactly the permutation of ``Random.shuffle``."""

from __future__ import annotations

import random

from game.engine.dealspec import shuffle_as_random


def test_same_permutation_and_same_draws_as_random_shuffle() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 3, 17, 32, 39, 40, 52):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, ref = list(range(size)), list(range(size))
            shuffle_as_random(mine, ours)
            theirs.shuffle(ref)
            assert mine == ref
            assert ours.getstate() == theirs.getstate()  # the generator moved on alike
