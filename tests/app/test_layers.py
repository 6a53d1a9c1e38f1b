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
import importlib.util
import pkgutil
import re
from pathlib import Path

import pytest

import game
from game.engine import GAMES
from game.engine.base import RuleNumber
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


def _imports(module: str) -> list[tuple[str, list[str]]]:
    """What ``module`` imports: each module's absolute name (a relative import resolved, so
    ``from ...net import x`` in game/ui/online is game.net) and the names taken from it."""
    package = importlib.import_module(module).__package__ or ""
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            out.append((base, [a.name for a in node.names]))
    return out


UI_MODULES = _modules("game.ui")
ENGINE_MODULES = _modules("game.engine")
AI_MODULES = _modules("game.ai")
NET_MODULES = _modules("game.net")
#: What only game/net may import: itself and the libraries of the wire and of discovery.
NETWORKING = ("game.net", "websockets", "msgspec", "zeroconf", "ifaddr")
REVIEW_MODULES = _modules("game.review")
#: every module that ships to players: all of game/ but the developers' tools
SHIPPED = [m for m in _modules("game") if not m.startswith("game.tools")]


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_the_engine_imports_nothing_above_it(module: str) -> None:
    for name, _ in _imports(module):
        assert not name.startswith(
            ("game.ai", "game.ui", "game.tools", "pygame", "game.catalog")
        ), f"{module} imports {name}"


@pytest.mark.parametrize("module", AI_MODULES)
def test_ai_seats_know_nothing_of_the_table(module: str) -> None:
    for name, _ in _imports(module):
        assert not name.startswith(("game.ui", "pygame", "game.tools")), f"{module} imports {name}"


@pytest.mark.parametrize("module", [*REVIEW_MODULES, "game.review.__main__"])
def test_the_review_is_a_layer_beside_the_ai(module: str) -> None:
    """game/review (the judge, the labels, the command line) reads the engine, the AI and the
    catalogue: never the UI, pygame, the network or the developers' tools."""
    for name, _ in _imports(module):
        assert not name.startswith(("game.ui", "pygame", "game.tools", *NETWORKING)), (
            f"{module} imports {name}"
        )


@pytest.mark.parametrize("module", NET_MODULES)
def test_online_play_is_a_layer_beside_the_ui(module: str) -> None:
    """game/net (the protocol, the server, the bot) runs headless: no UI, no pygame."""
    for name, _ in _imports(module):
        assert not name.startswith(("game.ui", "pygame", "game.tools")), f"{module} imports {name}"


@pytest.mark.parametrize("module", ENGINE_MODULES + AI_MODULES + UI_MODULES)
def test_the_engine_ai_and_ui_stay_free_of_networking(module: str) -> None:
    """The rules, the seats and every scene, Play online's included, know nothing of the wire:
    game.ui.online declares what it asks of online play (game/ui/online/service.py) and the
    app hands it game/net's implementation."""
    for name, _ in _imports(module):
        assert not name.startswith(NETWORKING), f"{module} imports {name}"


@pytest.mark.parametrize("module", SHIPPED)
def test_the_running_app_never_needs_the_developer_tools(module: str) -> None:
    """What ships to players never imports game.tools (benches, arena, soak, monkey, the art
    and sound generators), which the executable's build leaves out."""
    for name, _ in _imports(module):
        assert not name.startswith(("game.tools", "PIL")), f"{module} imports {name}"


# -- the UI restates no rule ------------------------------------------------------------------
def _flat(value: RuleNumber) -> list[int]:
    if isinstance(value, int):
        return [value]
    return list(value) if isinstance(value, tuple) else list(value.values())


#: Every number the engines export as a rule (``GameInfo.numbers``: hand sizes, thresholds,
#: divisors, windows), with the names it goes by ("tressette.raw_per_point").
RULES: dict[int, set[str]] = {}
for _info in GAMES.values():
    for _name, _value in _info.numbers.items():
        for _n in _flat(_value):
            RULES.setdefault(_n, set()).add(f"{_info.name}.{_name}")
#: The rule numbers no UI figure has any business being (Capodama's 80/82 thresholds, the
#: solitaire's 80-85 window, the 150 card points of a deal, Tressette's 31): a UI module
#: comparing with one, or writing one into a sentence, restates the rule wherever it is.
DISTINCTIVE = {n for n in RULES if n >= 20}
#: Words of a rule's name too common to tie a spot of code to it.
COMMON_WORDS = {"size", "per", "to", "of"}


def _words(name: str) -> set[str]:
    """The words of a snake_case name, lowercased, a plural's s dropped ("deals" -> "deal")."""
    parts = name.lower().split("_")
    words = {w[:-1] if w.endswith("s") and not w.endswith(("ss", "us")) else w for w in parts}
    return words - COMMON_WORDS - {""}


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


def _named(node: ast.AST) -> set[str]:
    """The words of every name, attribute and keyword in ``node`` (``self.hand_max``: self,
    hand, max)."""
    out: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out |= _words(n.id)
        elif isinstance(n, ast.Attribute):
            out |= _words(n.attr)
    return out


def _rule(node: ast.AST | None) -> int | None:
    """The rule number ``node`` writes as a literal, if it is one."""
    if isinstance(node, ast.Constant) and type(node.value) is int and node.value in RULES:
        return node.value
    return None


def _restated(value: int, near: set[str]) -> list[str]:
    """The engine's names of rule number ``value`` that share a word with the names around it:
    ``hand_max = 3`` is Scopa's hand size, ``divmod(raw, 3)`` Tressette's thirds."""
    return sorted(x for x in RULES[value] if _words(x.partition(".")[2]) & near)


#: A rule number written in the code: its value, the words of the names beside it, what the
#: code does with it, and the line.
Spot = tuple[int, set[str], str, int]


def _compared(node: ast.Compare) -> list[Spot]:
    sides = [node.left, *node.comparators]
    out = []
    for side in sides:
        n = _rule(side)
        if n is not None:
            rest = set().union(*(_named(o) for o in sides if o is not side))
            out.append((n, rest, "compares with", node.lineno))
    return out


def _divided(node: ast.AST) -> list[Spot]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod):
        n, by = _rule(node.right), node.left
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 2:
        n, by = (_rule(node.args[1]) if node.func.id == "divmod" else None), node.args[0]
    else:
        return []
    return [] if n is None else [(n, _named(by), "divides by", by.lineno)]


def _given(node: ast.AST) -> list[Spot]:
    """A rule number given to a name: assigned, passed as a keyword, a parameter's default."""
    pairs: list[tuple[set[str], ast.expr | None]] = []
    if isinstance(node, ast.Assign):
        pairs = [(set().union(*(_named(t) for t in node.targets)), node.value)]
    elif isinstance(node, ast.AnnAssign):
        pairs = [(_named(node.target), node.value)]
    elif isinstance(node, ast.keyword) and node.arg is not None:
        pairs = [(_words(node.arg), node.value)]
    elif isinstance(node, ast.arguments):
        positional = [*node.posonlyargs, *node.args]
        named = [
            *zip(positional[len(positional) - len(node.defaults) :], node.defaults, strict=True)
        ]
        named += [*zip(node.kwonlyargs, node.kw_defaults, strict=True)]
        pairs = [(_words(a.arg), d) for a, d in named]
    return [
        (n, near, "gives", value.lineno)
        for near, value in pairs
        if value is not None and (n := _rule(value)) is not None
    ]


def _number_leaks(node: ast.AST) -> list[str]:
    """A rule number written where a rule is applied: compared with (anywhere for a distinctive
    one, else beside a name sharing a word with the rule's name), dividing or taken modulo
    beside such a name (``divmod`` too), or given to such a name (an assignment, a keyword
    argument, a parameter's default)."""
    if isinstance(node, ast.Compare):
        distinct = [
            n for side in (node.left, *node.comparators) if (n := _rule(side)) in DISTINCTIVE
        ]
        if distinct:
            return [f"line {node.lineno}: compares with {distinct[0]}"]
        spots = _compared(node)
    else:
        spots = _divided(node) + _given(node)
    return [
        f"line {at}: {verb} {n}, the engine's {' or '.join(names)}"
        for n, near, verb, at in spots
        if (names := _restated(n, near))
    ]


def _rule_leaks(tree: ast.Module) -> list[str]:
    leaks: list[str] = []
    docs = _docstrings(tree) | _messages(tree)
    distinctive = r"\b(" + "|".join(str(n) for n in sorted(DISTINCTIVE)) + r")\b"
    for node in ast.walk(tree):
        if id(node) in docs:
            continue
        leaks += _number_leaks(node)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if re.search(distinctive, text):
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
    for name, _ in _imports(module):
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


def test_the_rule_check_catches_every_engines_small_numbers_and_not_a_pixel() -> None:
    """The numbers come from every engine: the old text of Scopa's hand size in its UI module,
    and of Tressette's thirds in its UI module and in the coach's words, is caught, while the
    same small numbers in the drawing's arithmetic are not."""
    leaky = ast.parse(
        "class ScopaUI(GameUI):\n"
        "    hand_max = 3\n"  # game/ui/games/scopa.py
        "whole, part = divmod(raw, 3)\n"  # game/ui/games/tressette.py
        "whole, part = divmod(points, 3)\n"  # game/ui/hint_words.py
        "done = deals_won >= 3\n"
        "layout = Layout(size, hand_max=5)\n"
        "def fan(cards, hand_max=8): ...\n"
    )
    leaks = _rule_leaks(leaky)
    assert sorted(int(leak.split(":")[0][5:]) for leak in leaks) == [2, 3, 4, 5, 6, 7], leaks
    assert "scopa.hand_size" in leaks[0] and "tressette.raw_per_point" in leaks[1]
    plain = ast.parse(
        "w = h // 3\n"
        "pad = self.rect.h // 3\n"
        "big = size > 9 and len(parts) >= 4\n"
        "r, c = divmod(i, 2)\n"
        "cols = 3\n"
        "four = len(combo.cards) == 4\n"
    )
    assert _rule_leaks(plain) == []
