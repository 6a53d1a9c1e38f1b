"""The install compiles the translation catalogues (``.po`` → ``.mo``) before it copies the
package, so ``pip install .``, ``pip install -e .`` and a wheel all carry them.  Everything
else about the package is in ``pyproject.toml``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

_HERE = Path(__file__).resolve().parent


def _compile_catalogues() -> None:
    spec = importlib.util.spec_from_file_location("catalogs", _HERE / "build" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_catalogues()


class BuildWithCatalogues(build_py):
    """``build_py`` that compiles the catalogues first (an editable install runs it too)."""

    def run(self) -> None:
        _compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
