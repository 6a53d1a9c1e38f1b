"""The rules pages' texts: a game's page read from assets/rules, and its two lines "in short".

The rules page (:mod:`game.ui.scenes.rules`) shows the whole text; the New game dialog shows
the game in two lines (:func:`in_short`).
"""

from __future__ import annotations

import logging

from game.catalog import CATALOG, first
from game.i18n import _, domain_gettext
from game.resources import asset_path

log = logging.getLogger(__name__)


def load_rules(name: str | None = None) -> str:
    """The rules page of game ``name`` (the first of the menus when None)."""
    path = asset_path("rules", (CATALOG[name] if name is not None else first()).rules)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        log.warning("rules text %s not found: %s", path, exc)
        return _("The rules text is missing from this installation.")


#: the heading of the section that says the game in two lines
IN_SHORT = "In short"
#: the gettext domain of the rules pages (game/locale/<lang>/LC_MESSAGES/rules.po)
RULES_DOMAIN = "rules"


def in_short(name: str) -> list[str]:
    """The lines of the game's ``## In short`` section (none if its text has none), in the
    player's language: found in the English text, each line is then translated through the
    rules pages' own catalogue (gettext domain ``rules``), where the rules live."""
    lines: list[str] = []
    inside = False
    for raw in load_rules(name).splitlines():
        if raw.startswith("#"):
            if inside:
                break
            inside = raw == f"## {IN_SHORT}"
        elif inside and raw.strip():
            lines.append(raw.strip())
    said = domain_gettext(RULES_DOMAIN)
    return [said(line) for line in lines]
