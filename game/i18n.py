"""Words in the player's language: the one door every text the app shows goes through.

``_`` translates a message now, ``ngettext`` picks its plural form by count, and ``N_`` only
marks a message for extraction where it is defined at import time (a table of labels): such a
message is translated with ``_`` where it is shown, so a language switch takes effect at once.

The catalogues are standard gettext ones, compiled from the ``.po`` sources in
``game/locale/<lang>/LC_MESSAGES/`` by the build (see README, "Translations"): the domain
``tavolo`` holds the interface, other domains (``rules``, the rules pages) are read through
:func:`domain_gettext` in the same language.  English is the source language: its texts are the
message ids, so it needs no catalogue, and a missing catalogue shows English rather than fail.

Scenes notice a switch through :func:`revision` (a number that changes with the language), or
are told by the app (``App.set_language`` calls each scene's ``language_changed``).

Numbers with decimals, percentages, dates and times are written the language's way by
:func:`number`, :func:`percent`, :func:`date`, :func:`day_month` and :func:`clock` (Babel's
formatting, from the CLDR): "1,5 s" and "27 nov 2026" in Italian, "45 %" in French.
"""

from __future__ import annotations

import contextlib
import datetime
import gettext
import locale
import logging
import os
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "N_",
    "_",
    "clock",
    "date",
    "day_month",
    "domain_gettext",
    "language",
    "ngettext",
    "number",
    "percent",
    "pgettext",
    "revision",
    "set_language",
    "system_language",
    "use_translations",
]

log = logging.getLogger(__name__)

#: the languages Tavolo speaks, each named in itself (as a language menu shows them)
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "fr": "Français"}
#: the language of the message ids
SOURCE = "en"
#: the interface's gettext domain
DOMAIN = "tavolo"
#: where the compiled catalogues live: ``<lang>/LC_MESSAGES/<domain>.mo``
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

Catalogue = gettext.NullTranslations
#: builds the catalogue of a domain in a language (tests install a pseudo-language this way)
Loader = Callable[[str, str], Catalogue]

_language = SOURCE
_revision = 0
_catalogues: dict[str, Catalogue] = {}


def load_catalogue(domain: str, lang: str) -> Catalogue:
    """The compiled catalogue of ``domain`` in ``lang``; English (the ids) when there is none."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    try:
        return gettext.translation(domain, LOCALE_DIR, [lang])
    except OSError as exc:
        log.warning("no %s catalogue for %r (%s): the texts stay in English", domain, lang, exc)
        return gettext.NullTranslations()


_loader: Loader = load_catalogue


def set_language(lang: str) -> str:
    """Show every text from now on in ``lang`` (one of :data:`LANGUAGES`; anything else falls
    back to English); returns the language now in use."""
    global _language, _revision
    if lang not in LANGUAGES:
        log.warning("unknown language %r: English is used", lang)
        lang = SOURCE
    _language = lang
    _catalogues.clear()
    _revision += 1
    return lang


def use_translations(loader: Loader, lang: str = SOURCE) -> None:
    """Read every domain through ``loader`` from now on (tests: a pseudo-language that marks
    each translated text); ``use_translations(load_catalogue)`` restores the real ones."""
    global _loader
    _loader = loader
    set_language(lang)


def language() -> str:
    """The language in use (a key of :data:`LANGUAGES`)."""
    return _language


def revision() -> int:
    """A number that changes with every language switch: a scene that keeps texts compares it
    with the one its texts were made under."""
    return _revision


def _catalogue(domain: str = DOMAIN) -> Catalogue:
    cat = _catalogues.get(domain)
    if cat is None:
        cat = _catalogues[domain] = _loader(domain, _language)
    return cat


def domain_gettext(domain: str) -> Callable[[str], str]:
    """The ``gettext`` of another domain (``rules``) in the language in use."""
    return _catalogue(domain).gettext


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _catalogue().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, in the player's language."""
    return _catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, told apart from the same English words used
    elsewhere by ``context`` (a suit named alone or after "of")."""
    return _catalogue().pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for extraction without translating it yet (translate where shown)."""
    return message


#: the CLDR locale each language writes numbers, dates and times in: the English texts are
#: spelled the British way ("colour"), and so are their dates and clock ("27 Nov", "15:51")
FORMATS: dict[str, str] = {"en": "en_GB", "it": "it", "fr": "fr"}


def number(value: float, digits: int | None = None) -> str:
    """``value`` as the language writes it ("1.5" in English, "1,5" in Italian and French);
    ``digits`` decimals always, or as many as it has (up to three) when None."""
    from babel.numbers import format_decimal

    pattern = None if digits is None else "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=FORMATS[_language])


def percent(fraction: float) -> str:
    """``fraction`` as a whole percentage the language's way ("45%", "45 %" in French)."""
    from babel.numbers import format_percent

    return format_percent(fraction, locale=FORMATS[_language])


def date(day: datetime.date) -> str:
    """A date in full, briefly ("27 Nov 2026", "27 nov 2026", "27 nov. 2026")."""
    from babel.dates import format_date

    return format_date(day, "medium", locale=FORMATS[_language])


def day_month(day: datetime.date) -> str:
    """A date of this year: its day and month ("27 Nov", "27 nov", "27 nov.")."""
    from babel.dates import format_skeleton

    return format_skeleton("MMMd", day, locale=FORMATS[_language])


def clock(moment: datetime.time | datetime.datetime) -> str:
    """A time of day to the minute, the language's way ("15:51")."""
    from babel.dates import format_time

    return format_time(moment, "short", locale=FORMATS[_language])


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system's language if Tavolo speaks it, else English: the first of ``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (as gettext reads them), then the locale's own
    (Windows and macOS apps started from a desktop have no such variables)."""
    env = os.environ if environ is None else environ
    names: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            names += value.split(":")
            break
    if environ is None:
        with contextlib.suppress(ValueError):
            names.append(locale.getlocale()[0] or "")
    for name in names:
        code = _code_of(name)
        if code is not None:
            return code
    return SOURCE


#: the language part of a locale name as Windows writes it ("Italian_Italy")
_WINDOWS_NAMES = {"english": "en", "italian": "it", "french": "fr"}


def _code_of(name: str) -> str | None:
    head = name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    code = _WINDOWS_NAMES.get(head, head)
    if code in ("c", "posix"):
        return SOURCE
    return code if code in LANGUAGES else None
