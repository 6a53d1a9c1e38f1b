"""Words in the player's language: the one door every text the app shows goes through.

``_`` translates a message now, ``ngettext`` picks its plural form by count, and ``N_`` only
marks a message for extraction where it is defined at import time (a table of labels): such a
message is translated with ``_`` where it is shown, so a language switch takes effect at once.

The catalogues (gettext, domain ``tavolo``) are installed by :func:`set_language`; until then
the English source texts are shown.
"""

from __future__ import annotations

import gettext

__all__ = ["N_", "_", "ngettext", "set_language"]

_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(translation: gettext.NullTranslations) -> None:
    """Show every text from now on through ``translation``."""
    global _translation
    _translation = translation


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, in the player's language."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for extraction without translating it yet (translate where shown)."""
    return message
