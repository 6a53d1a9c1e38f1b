"""The fast solver agrees exactly with the reference one (the whole set of reachable totals,
itself checked against brute force when it was written), on whole seeded deals: every window
at the start of the second half, and every position along a line of play."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from test_capodama_solver import open_position

from game.ai import capodama_solver as fast
from game.ai import capodama_solver_ref as ref
from game.engine.capodama import CapodamaState


def reference_totals(s: CapodamaState) -> tuple[int, int]:
    """(the capo's points so far, the reference's bitset of gains still reachable)."""
    p = fast.position(s)
    view = s.view(0)
    totals = ref.reachable_totals(p.hands[0], p.hands[1], p.leader, p.led, p.doubled, p.trumps)
    return view.points_won[view.capo], totals


def hits(bits: int, lo: int, hi: int) -> bool:
    return any(bits >> g & 1 for g in range(max(lo, 0), hi + 1))


@pytest.mark.parametrize("seed", range(20))
def test_every_window_and_every_position_of_a_line_agree(seed: int) -> None:
    ref.clear_cache()
    fast.clear_cache()
    s = open_position(seed)
    _, bits = reference_totals(s)
    p = fast.position(s)
    width = p.hi - p.lo
    rng = random.Random(seed)
    windows = list(range(-width - 1, p.out + 2))  # every window the gain could be asked to hit
    shuffled = rng.sample(windows, len(windows))
    # Highest first, all warm: each answer leans on the bounds the ones before left; then in
    # no order, a quarter of them cold.
    for k, lo in enumerate([*reversed(windows), *shuffled]):
        if k >= len(windows) and k % 4 == 0:
            fast.clear_cache()
        assert fast.solve(replace(p, lo=lo, hi=lo + width)) == hits(bits, lo, lo + width), lo
    while not s.is_over:
        view, legal = s.view(0), s.legal_moves()
        won, bits = reference_totals(s)
        window = view.window
        assert window is not None
        lo, hi = window[0] - won, window[1] - won
        assert fast.reachable(view) == hits(bits, lo, hi)
        good = ref.winning_moves(view, legal)
        assert fast.winning_moves(view, legal) == good
        best = fast.best_move(view, legal)
        assert best in good if good else best is None
        s.play(rng.choice(legal))
