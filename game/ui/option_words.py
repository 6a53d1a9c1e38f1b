"""How a game's rule options read: the New game dialog's rows and the table's rules in force.

The options themselves (their values and defaults) are the engine's (``GameInfo.options``);
this module only words them.  An option without words here reads as its name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine import GAMES
from game.engine.scopone import CLASSICO, SCIENTIFICO
from game.i18n import N_, _, ngettext

__all__ = ["OPTION_WORDS", "option_label", "option_value", "rules_in_force", "yes_no"]


def yes_no(v: Any) -> str:
    return _("Yes") if v else _("No")


def _points(v: Any) -> str:
    return ngettext("{count} point", "{count} points", int(v)).format(count=v)


def _deals(v: Any) -> str:
    return ngettext("{count} deal won", "{count} deals won", int(v)).format(count=v)


#: Scopone's ways of dealing by the option's value: their Italian names, in every language
_DEALINGS = {SCIENTIFICO: N_("Scientifico"), CLASSICO: N_("Classico")}


def _dealing(v: Any) -> str:
    return _(_DEALINGS[v]) if v in _DEALINGS else str(v)


#: How each rule option is offered: its row label (translated where shown) and how its
#: values read.
OPTION_WORDS: dict[str, tuple[str, Callable[[Any], str]]] = {
    "target": (N_("Match to"), _points),
    "cappotto": (N_("Cappotto (7–0 wins)"), yes_no),
    "primiera_all_suits": (N_("Primiera needs 4 suits"), yes_no),
    "last_trick_whole": (N_("Last trick = 1 point"), yes_no),
    "re_bello": (N_("Re bello (king of coins +1)"), yes_no),
    "napola": (N_("Napola (coins from the ace)"), yes_no),
    "asso_piglia_tutto": (N_("Asso piglia tutto"), yes_no),
    "asso_scopa": (N_("Ace's sweep = scopa"), yes_no),
    "quindici": (N_("Scopa a quindici"), yes_no),
    "fewest_cards": (N_("Fewest cards capture"), yes_no),
    "deals_to_win": (N_("Match to"), _deals),
    "dealing": (N_("Dealing"), _dealing),
}


def option_value(key: str) -> Callable[[Any], str]:
    """How a value of the option ``key`` reads (as it is where it has no words)."""
    words = OPTION_WORDS.get(key)
    return words[1] if words else str


def option_label(key: str) -> str:
    """The option's label, translated (its name where it has no words)."""
    words = OPTION_WORDS.get(key)
    return _(words[0]) if words else key.replace("_", " ").capitalize()


#: The options that set the match's goal: the panel's match rows already say it.
_GOALS = frozenset({"target", "deals_to_win"})


def rules_in_force(game: str, options: Mapping[str, Any]) -> list[str]:
    """The rule options of a match of ``game`` set otherwise than by default, one line each
    ("Re bello (king of coins +1)", "Last trick = 1 point: No", "Dealing: Classico"), but the
    match's goal: what the table's panel lists under "Rules in force"."""
    lines = []
    for key, spec in GAMES[game].options.items():
        value = options.get(key, spec.default)
        if key in _GOALS or value == spec.default or not spec.means_anything(options):
            continue
        label = option_label(key)
        if isinstance(spec.default, bool):
            lines.append(label if value else _("{rule}: No").format(rule=label))
        else:
            lines.append(_("{rule}: {value}").format(rule=label, value=option_value(key)(value)))
    return lines
