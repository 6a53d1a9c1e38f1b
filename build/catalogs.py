"""Compile the translation catalogues: every ``game/locale/<lang>/LC_MESSAGES/<domain>.po``
into the ``.mo`` file gettext reads beside it.

The ``.po`` files are the sources (committed, edited by translators); the ``.mo`` files are
build products (git-ignored, never edited).  The install (``setup.py``'s ``build_py``, so
``pip install .`` and ``pip install -e .``), the executable (``build/make_exe.py``) and the
tests compile through :func:`compile_catalogues`, which does what ``pybabel compile`` does for
every domain at once and refuses a catalogue with a syntax error::

    python build/catalogs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "game" / "locale"


def compile_catalogues(locale_dir: Path = LOCALE_DIR, *, force: bool = False) -> list[Path]:
    """Write the ``.mo`` of every ``.po`` under ``locale_dir`` that is newer than its ``.mo``
    (all of them with ``force``); returns the ``.mo`` files written.  Fuzzy entries are left
    out, as gettext tools do: a translator marks an unsure translation fuzzy and English shows."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name, abort_invalid=True)
        tmp = mo.with_suffix(".mo.tmp")
        with tmp.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        tmp.replace(mo)
        written.append(mo)
    return written


if __name__ == "__main__":
    done = compile_catalogues(force="--force" in sys.argv[1:])
    for path in done:
        print(f"compiled {path.relative_to(ROOT)}")
    print(f"{len(done)} catalogue(s) compiled")
