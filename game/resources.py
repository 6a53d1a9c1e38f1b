"""Where the shipped assets are, for a source checkout, an installed wheel and the frozen app.

Every file the game reads from ``assets/`` goes through :func:`asset_path`, so no other module
knows about PyInstaller's unpack folder or about packaging: one place to look when a file is
not found.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

__all__ = ["asset_path", "assets_root"]


@cache
def assets_root() -> Path:
    """The folder holding the assets (cards/, fonts/, icon/...)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:  # PyInstaller unpacks (or lays out) the bundle here
        return Path(frozen) / "assets"
    source = Path(__file__).resolve().parent.parent / "assets"
    if source.is_dir():  # a source checkout or an editable install
        return source
    try:  # a wheel install maps assets/ to the data package tavolo_assets
        import tavolo_assets  # type: ignore[import-not-found]

        return Path(next(iter(tavolo_assets.__path__)))
    except ImportError:
        return source


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return assets_root().joinpath(*parts)
