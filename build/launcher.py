"""PyInstaller's entry script: start Tavolo exactly as the ``tavolo`` command does.

It lives outside ``game/`` on purpose: PyInstaller puts the entry script's folder on the
analysis path, and ``game/__main__.py`` as entry would make ``game/ui``, ``game/engine``...
importable as top-level ``ui``, ``engine``... during analysis.
"""

from game.app import main

raise SystemExit(main())
