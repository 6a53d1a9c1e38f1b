"""The search bench (``python -m game.tools.bench --search``): it times the levels as they play."""

from __future__ import annotations

from game.catalog import CATALOG
from game.tools.search_bench import measure


def test_the_bench_times_strong_searching_its_tree_and_normal_its_rollouts() -> None:
    levels = CATALOG["tressette"].levels
    assert levels is not None
    strong = measure("tressette", 3, 1, seed=3, level="strong")
    normal = measure("tressette", 3, 1, seed=3, level="normal")
    assert strong.times and len(strong.times) == len(strong.rollouts)
    # every iteration its budget, none cut short
    assert set(strong.rollouts) == {levels.tree[3].iterations}
    assert max(normal.rollouts) <= levels.rollouts[0]
    assert strong.digest != normal.digest
