"""``python -m game.bench``: the benchmarks, the same command as ``python -m game.tools.bench``
(``--search`` the AI levels' CPU time per decision, ``--ui`` the table's frame times, ...)."""

from __future__ import annotations

import sys

from game.tools.bench import main

if __name__ == "__main__":
    sys.exit(main())
