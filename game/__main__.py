"""``python -m game`` starts Tavolo, like the ``tavolo`` command."""

from game.app import main

raise SystemExit(main())
