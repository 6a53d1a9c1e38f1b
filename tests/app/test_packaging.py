"""Packaging: the installed wheel carries every package and every asset."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pyproject_lists_every_package_under_game() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = sorted(
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")
    )
    assert sorted(config["packages"]) == sorted([*found, "tavolo_assets"])
    assert config["package-dir"] == {"tavolo_assets": "assets"}


def test_wheel_holds_the_code_and_all_assets(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, (built.stdout + built.stderr)[-3000:]
    (wheel,) = tmp_path.glob("tavolo-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assets = {
        "tavolo_assets/" + p.relative_to(ROOT / "assets").as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file()
    }
    assert assets and assets <= names
    assert {"game/app.py", "game/engine/capodama.py", "game/resources.py"} <= names
    # the translation catalogues, compiled by the build step of setup.py
    catalogues = {
        po.with_suffix(".mo").relative_to(ROOT).as_posix()
        for po in (ROOT / "game" / "locale").glob("*/LC_MESSAGES/*.po")
    }
    assert catalogues and catalogues <= names
    # the search's fitted evaluations (game/ai/weights), read as package data
    weights = {
        p.relative_to(ROOT).as_posix() for p in (ROOT / "game" / "ai" / "weights").glob("*.json")
    }
    assert weights and weights <= names
