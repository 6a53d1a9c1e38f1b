"""How the UI's scenes and the table's parts are wired, read from the source with ``ast``.

- No scene module imports another (at module level, under TYPE_CHECKING or inside a function):
  a scene asks the app's router for the next one by name (game/ui/routes.py), so the scenes
  form no import loop.  Only ``scenes/common.py`` (drawing pieces, no scene) is shared.
- The table's parts (its model, drawing, input, coach, solitaire tools, a game's presentation
  module) never import the table scene: they are handed the table's model.
- The table scene keeps to wiring: few attributes and methods, counted from the class.
- The table's model stays small: what is not the match (the human's decision, what is shown
  for a while) lives in parts of its own, each one attribute of the model.
"""

from __future__ import annotations

import ast
from pathlib import Path

import game.ui

UI = Path(game.ui.__file__).parent
SCENES = UI / "scenes"
#: the modules of game/ui/scenes that hold no scene, and that any scene may import
SHARED = {"common", "__init__"}

#: the table scene's bounds (it has 12 attributes and 23 methods)
MAX_ATTRIBUTES = 20
MAX_METHODS = 30
#: the table model's bound on attributes (it has 20: the last, ``online``, its link to a
#: server when the match is played online)
MAX_MODEL_ATTRIBUTES = 21


def imported(source: str, package: str) -> set[str]:
    """Every module ``source`` imports anywhere in it (functions and TYPE_CHECKING blocks
    included), as absolute dotted names; ``package`` is the importing module's package."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            out.add(stem)
            out |= {f"{stem}.{alias.name}" for alias in node.names}  # from pkg import module
    return out


def scene_imports(source: str, name: str) -> set[str]:
    """The other scene modules the scene module ``name`` (of game/ui/scenes) imports."""
    scenes = {p.stem for p in SCENES.glob("*.py")} - SHARED
    found = imported(source, "game.ui.scenes")
    return {f"game.ui.scenes.{s}" for s in scenes if s != name} & found


def test_no_scene_module_imports_another() -> None:
    wrong = {}
    for path in sorted(SCENES.glob("*.py")):
        found = scene_imports(path.read_text(encoding="utf-8"), path.stem)
        if path.stem in SHARED:  # the shared pieces import no scene at all
            found = {m for m in imported(path.read_text(), "game.ui.scenes") if ".scenes." in m}
        if found:
            wrong[path.name] = sorted(found)
    assert not wrong, f"scene modules import other scenes (ask app.open/app.go): {wrong}"


def test_the_scene_import_check_catches_each_form() -> None:
    """The check sees a scene imported at module level, relatively or absolutely, inside a
    function and under TYPE_CHECKING; and it lets the shared pieces and other modules pass."""
    caught = [
        "from .pause import PauseScene",
        "from . import title",
        "from game.ui.scenes.result import ResultScene",
        "import game.ui.scenes.summary",
        "from ..scenes.rules import RulesScene",
        "def f():\n    from .table import TableScene\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .table import TableScene\n",
    ]
    for source in caught:
        assert scene_imports(source, "settings"), source
    passed = [
        "from .common import dialog, dim",
        "from ..table.model import TableModel",
        "from game.ui import routes",
        "from .settings import SettingsScene",  # itself
    ]
    for source in passed:
        assert not scene_imports(source, "settings"), source


def test_the_tables_parts_never_import_the_table_scene() -> None:
    parts = [*sorted((UI / "table").glob("*.py")), *sorted((UI / "games").glob("*.py"))]
    parts += [UI / "focus.py", UI / "drag.py", UI / "forced.py"]
    wrong = []
    for path in parts:
        package = ".".join(path.relative_to(UI.parent.parent).with_suffix("").parts[:-1])
        if "game.ui.scenes.table" in imported(path.read_text(encoding="utf-8"), package):
            wrong.append(path.name)
    assert not wrong, f"these import the table scene, not the table's model: {wrong}"


def _class(path: Path, name: str) -> ast.ClassDef:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def attributes(cls: ast.ClassDef) -> set[str]:
    """The instance attributes a class sets (``self.x = ...`` in any of its methods, chained
    and tuple targets included), and ``app``, which every scene has from ``Scene``."""
    names = {"app"}
    for node in ast.walk(cls):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            for t in ast.walk(target):
                if isinstance(t, ast.Attribute) and _is_self(t.value):
                    names.add(t.attr)
    return names


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def methods(cls: ast.ClassDef) -> list[str]:
    """The methods a class defines (properties included)."""
    return [n.name for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def test_the_table_scene_keeps_to_wiring() -> None:
    cls = _class(SCENES / "table.py", "TableScene")
    attrs, defs = attributes(cls), methods(cls)
    assert len(attrs) < MAX_ATTRIBUTES, sorted(attrs)
    assert len(defs) < MAX_METHODS, defs


def test_the_table_model_stays_small() -> None:
    cls = _class(UI / "table" / "model.py", "TableModel")
    attrs = attributes(cls)
    assert len(attrs) < MAX_MODEL_ATTRIBUTES, sorted(attrs)


def test_the_count_sees_every_attribute_and_method() -> None:
    source = (
        "class T:\n"
        "    def __init__(self):\n"
        "        self.a = self.b = 1\n"
        "        self.c, self.d = 2, 3\n"
        "        self.e: int = 4\n"
        "    @property\n"
        "    def f(self):\n"
        "        self.g += 1\n"
        "        other.h = 5\n"
    )
    cls = ast.parse(source).body[0]
    assert isinstance(cls, ast.ClassDef)
    assert attributes(cls) == {"app", "a", "b", "c", "d", "e", "g"}
    assert methods(cls) == ["__init__", "f"]
