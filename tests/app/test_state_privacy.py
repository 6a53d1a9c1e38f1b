"""Nothing outside the engine reads a private attribute of a game state.

A state's fields (``_hands``, ``_history``, ``_deals_scored``...) are the engine's insides: they
change shape whenever the engine is made faster or clearer, and a state read from outside
through them is exactly what a server holding the state, or a replay viewer, cannot rely on.
The AI, the UI and the tools ask the public protocol instead (``current_player``,
``legal_moves()``, ``view(seat)``, ``deals_scored``, ``last_scored``, ``history``...).

The check reads the syntax tree of every module under game/ outside game/engine: an attribute
named like one of a state's private names (collected from :class:`GameState`, every registered
game's class and its declared ``FIELDS``), read on anything but ``self`` or ``cls``, fails; so
does the same name reached around the attribute syntax (``x.__dict__["_hands"]``,
``getattr(x, "_hands")``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game
from game.engine import GameState, new_game
from game.engine.registry import _STATES

ROOT = Path(game.__file__).parent


def private_names() -> frozenset[str]:
    """Every private name a state has: class attributes, methods and properties of
    :class:`GameState` and each game's class (their bases too), each game's declared fields,
    and what a new state of each game holds."""
    names: set[str] = set()
    for cls in (GameState, *_STATES.values()):
        for klass in cls.__mro__:
            names.update(vars(klass))
            names.update(getattr(klass, "__annotations__", {}))
        fields = cls.FIELDS
        names.update((*fields.match, *fields.deal, *fields.cache, *fields.unsnapped))
    for name, cls in _STATES.items():
        names.update(vars(new_game(name, players=cls.info.players[-1], seed=1)))
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


PRIVATE = private_names()


def _named(node: ast.AST | None) -> bool:
    """Whether ``node`` is a text naming a state's private attribute."""
    return isinstance(node, ast.Constant) and node.value in PRIVATE


def _own(owner: ast.AST) -> bool:
    return isinstance(owner, ast.Name) and owner.id in ("self", "cls")


def private_reads(source: str, filename: str = "<test>") -> list[str]:
    """``file:line expression`` of every use of a state's private name on anything but
    self/cls: as an attribute, as a key of ``__dict__``, or named to getattr/setattr."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Attribute):
            hit = node.attr in PRIVATE and not _own(node.value)
        elif isinstance(node, ast.Subscript):
            owner = node.value
            hit = (
                isinstance(owner, ast.Attribute)
                and owner.attr == "__dict__"
                and not _own(owner.value)
                and _named(node.slice)
            )
        elif isinstance(node, ast.Call):
            hit = (
                isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
                and len(node.args) >= 2
                and not _own(node.args[0])
                and _named(node.args[1])
            )
        else:
            hit = False
        if hit:
            found.append(f"{filename}:{node.lineno} {ast.unparse(node)}")
    return found


def _outside_engine() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if ROOT / "engine" not in p.parents)


def test_the_private_names_include_the_fields_every_state_keeps() -> None:
    assert {"_history", "_legal", "_deals_scored", "_last_scored", "_winners"} <= PRIVATE
    assert {"_hands", "_table", "_trick", "_phase", "_next_dealer"} <= PRIVATE


def test_the_check_catches_a_private_read() -> None:
    source = (
        "def scored(state, table):\n"
        "    mark = state._deals_scored\n"
        "    hands = table.state._hands\n"
        "    same = state.__dict__['_hands'], getattr(state, '_legal')\n"
        "    mine = self.__dict__['_hands'], getattr(self, '_legal'), scene.__dict__['_own']\n"
        "    return self._history, cls._legal, mark, hands\n"
    )
    assert sorted(private_reads(source)) == [
        "<test>:2 state._deals_scored",
        "<test>:3 table.state._hands",
        "<test>:4 getattr(state, '_legal')",
        "<test>:4 state.__dict__['_hands']",
    ]


@pytest.mark.parametrize("path", _outside_engine(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_outside_the_engine_reads_a_states_private_attribute(path: Path) -> None:
    assert private_reads(path.read_text("utf-8"), str(path.relative_to(ROOT))) == []
