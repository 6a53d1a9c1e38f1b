"""The layers hold: the engine imports nothing above it, and the UI restates no rule.

A rule lives in the engine only.  The UI and the AI ask it (views, events, results, or the
engine's own named constants); they never keep their own copy of a threshold, a points window,
a trump set, a suit name or a card, and
the UI never reads the engine's English sentences to find out what happened.  These checks
import every module (so a module that fails to import fails here too) and read its syntax tree.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import game
from game.engine.cards import FRENCH, ITALIAN

ROOT = Path(game.__file__).parent


def _modules(package: str) -> list[str]:
    pkg = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(pkg.__path__, package + "."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def _tree(module: str) -> ast.Module:
    mod = importlib.import_module(module)
    assert mod.__file__ is not None
    return ast.parse(Path(mod.__file__).read_text(encoding="utf-8"), mod.__file__)


def _imports(tree: ast.Module) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module if node.level == 0 else f"<relative>.{node.module}"
            out.append((base, [a.name for a in node.names]))
    return out


UI_MODULES = _modules("game.ui")
ENGINE_MODULES = _modules("game.engine")
AI_MODULES = _modules("game.ai")
#: every module that ships to players: all of game/ but the developers' tools
SHIPPED = [m for m in _modules("game") if not m.startswith("game.tools")]


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_the_engine_imports_nothing_above_it(module: str) -> None:
    for name, _ in _imports(_tree(module)):
        assert not name.startswith(
            ("game.ai", "game.ui", "game.tools", "pygame", "game.catalog")
        ), f"{module} imports {name}"


@pytest.mark.parametrize("module", AI_MODULES)
def test_ai_seats_know_nothing_of_the_table(module: str) -> None:
    for name, _ in _imports(_tree(module)):
        assert not name.startswith(("game.ui", "pygame", "game.tools")), f"{module} imports {name}"


@pytest.mark.parametrize("module", SHIPPED)
def test_the_running_app_never_needs_the_developer_tools(module: str) -> None:
    """What ships to players never imports game.tools (benches, arena, soak, monkey, the art
    and sound generators), which the executable's build leaves out."""
    for name, _ in _imports(_tree(module)):
        assert not name.startswith(("game.tools", "PIL")), f"{module} imports {name}"


# -- the UI restates no rule ------------------------------------------------------------------
#: Numbers that are rules: Capodama's 80/82 thresholds, the solitaire's 80-85 window, the 150
#: card points of a deal.  A UI module comparing with one, or writing one into a sentence, is
#: restating the rule instead of reading the view or the deal's result.
RULE_NUMBERS = {80, 82, 85, 150}
SUIT_WORDS = {w.lower() for w in (*FRENCH.suit_names, *ITALIAN.suit_names)}
CARD_CODES = {str(c) for c in (*FRENCH.cards, *ITALIAN.cards)}


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of docstring nodes: prose about the rules may name their numbers."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _messages(tree: ast.Module) -> set[int]:
    """The ids of message ids marked for translation (``N_("spades")``): the words a suit or a
    card is said with in each language, the vocabulary of the catalogues, not a rule."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_":
            out.update(id(arg) for arg in node.args)
    return out


def _rule_leaks(tree: ast.Module) -> list[str]:
    leaks: list[str] = []
    docs = _docstrings(tree) | _messages(tree)
    for node in ast.walk(tree):
        if id(node) in docs:
            continue
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in RULE_NUMBERS:
                    leaks.append(f"line {node.lineno}: compares with {side.value}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if re.search(r"\b(150|80|82|85)\b", text):
                leaks.append(f"line {node.lineno}: writes a rule number in {text!r}")
            if text.lower() in SUIT_WORDS:
                leaks.append(f"line {node.lineno}: names the suit {text!r} itself")
            if text in CARD_CODES and len(text) >= 2:
                leaks.append(f"line {node.lineno}: names the card {text!r} itself")
    return leaks


@pytest.mark.parametrize("module", UI_MODULES)
def test_no_ui_module_restates_a_rule(module: str) -> None:
    assert _rule_leaks(_tree(module)) == []


@pytest.mark.parametrize("module", UI_MODULES)
def test_no_ui_module_parses_engine_text(module: str) -> None:
    """Refusals and events are read through their codes and typed parts, never as text."""
    for name, _ in _imports(_tree(module)):
        assert name != "re", f"{module} imports re: engine messages are not to be parsed"


def test_the_rule_check_catches_a_restated_rule() -> None:
    """The checks above can fail: a module restating the capo side's threshold is caught."""
    leaky = ast.parse(
        "won = points >= 82\n"
        "label = 'needs 82 of 150'\n"
        "suit = 'hearts'\n"
        "trumps = {'AH', '7H', 'QH'}\n"
    )
    leaks = _rule_leaks(leaky)
    assert len(leaks) == 6, leaks
