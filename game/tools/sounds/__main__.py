"""``python -m game.tools.sounds [FOLDER]``: write the sound effects (default: assets/sounds)."""

from __future__ import annotations

import sys
from pathlib import Path

from game.resources import asset_path

from . import generate

folder = Path(sys.argv[1]) if len(sys.argv) > 1 else asset_path("sounds")
for path in generate(folder):
    print(f"{path}  {path.stat().st_size:,} bytes")
