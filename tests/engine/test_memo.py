"""The engine's and the AI's memo tables are bounded: each one empties itself at its limit,
every table they fill while matches are played is such a one, the solitaire solver keeps one
deal's positions, and all of them are emptied on demand (a table of the app closing)."""

from __future__ import annotations

import importlib
import pkgutil
import random
import sys
from typing import Any

from ai.test_capodama_solver import open_position

import game.ai
import game.engine
from game.ai import capodama_solver, make_seat
from game.engine import GAMES, new_game
from game.engine.memo import MEMOS, Memo, forget_memos, memo_entries

#: Tables that grow while matches are played and are bounded otherwise than as a Memo.
BOUNDED_OTHERWISE = {
    # one solver per doubled suit and trump set; what they remember is bounded and forgotten
    # as forget_memos says (the tests below)
    "game.ai.capodama_solver._SOLVERS",
}


def test_a_memo_empties_itself_at_its_limit_and_fills_again() -> None:
    memo: Memo[int, str] = Memo("test squares", 3)
    try:
        for k in range(3):
            assert memo.keep(k, str(k * k)) == str(k * k)
        assert dict(memo) == {0: "0", 1: "1", 2: "4"}
        assert memo.keep(3, "9") == "9"  # full: emptied, then kept
        assert dict(memo) == {3: "9"}
        assert memo in MEMOS
    finally:
        MEMOS.remove(memo)


def _tables() -> dict[str, Any]:
    """Every dict or set held at module level (or in a module-level function's closure) by
    the engine and the AI, by name."""
    for pkg in (game.engine, game.ai):
        for info in pkgutil.iter_modules(pkg.__path__):
            importlib.import_module(f"{pkg.__name__}.{info.name}")
    found: dict[str, Any] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith(("game.engine", "game.ai")):
            continue
        for attr, value in vars(module).items():
            if isinstance(value, dict | set):
                found[f"{name}.{attr}"] = value
            for cell in getattr(value, "__closure__", None) or ():
                if isinstance(cell.cell_contents, dict | set):
                    found[f"{name}.{attr}.<closure>"] = cell.cell_contents
    return found


def test_every_table_matches_fill_is_a_bounded_memo() -> None:
    """A deal of every game and player count with the rule seats: each table that grew meanwhile
    is a Memo (or bounded otherwise, and named above), so none grows without end in an app
    left running; before, a dozen were plain dicts, some without any limit."""
    forget_memos()
    tables = _tables()
    before = {name: len(t) for name, t in tables.items()}
    rng = random.Random(1)
    for name in GAMES:
        for players in GAMES[name].players:
            if players == 1:
                continue  # the solitaire's solver: the tests below
            state = new_game(name, players=players, seed=5)
            seat = make_seat("rules", name)
            for _ in range(150):
                if state.current_player is None:
                    break
                p = state.current_player
                state.play(seat.choose(state.view(p), state.legal_moves(), rng))
    grew = {n for n, t in tables.items() if len(t) > before[n]}
    assert len(grew) > 10  # the deals did fill the tables
    unbounded = {n for n in grew if not isinstance(tables[n], Memo)} - BOUNDED_OTHERWISE
    assert unbounded == set()
    assert all(len(m) <= m.limit for m in MEMOS)


def _open_positions_of_other_doubled_suits(count: int) -> list[Any]:
    """Solitaire deals in their second half, each with another doubled suit."""
    found: dict[int, Any] = {}
    for seed in range(100):
        state = open_position(seed)
        found.setdefault(capodama_solver.position(state).doubled, state)
        if len(found) == count:
            return list(found.values())
    raise AssertionError("no such deals")


def test_the_solver_keeps_the_positions_of_one_deal_whatever_its_doubled_suit() -> None:
    """The solver of each doubled suit had its own tables, kept for good: a deal of each suit
    left four tables full.  A new deal now empties the others."""
    capodama_solver.clear_cache()
    for state in _open_positions_of_other_doubled_suits(3):
        capodama_solver.winning_moves(state.view(0), state.legal_moves())
        kept = [s.size() for s in capodama_solver._SOLVERS.values() if s.size()]
        assert len(kept) == 1 and kept[0] > 0


def test_forgetting_the_memos_empties_them_and_the_solvers_tables() -> None:
    state = _open_positions_of_other_doubled_suits(1)[0]
    capodama_solver.winning_moves(state.view(0), state.legal_moves())
    new_game("scopa", players=2, seed=3).view(0)  # something in the engine's tables too
    assert memo_entries() > 0
    assert any(s.size() for s in capodama_solver._SOLVERS.values())
    forget_memos()
    assert memo_entries() == 0
    assert not any(s.size() for s in capodama_solver._SOLVERS.values())
