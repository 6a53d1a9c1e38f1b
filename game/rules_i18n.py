"""The rules pages in the player's language: gettext domain ``rules``, one message per unit.

A rules text (assets/rules, read by the rules scene) is written one unit to a line: ``# Title``,
``## Heading``, ``- `` list items and plain paragraphs, with blank lines between.  The unit a
translator works on is that line without its layout marker: a whole paragraph, heading or item,
so the prose is translated as prose and the layout cannot be damaged in a catalogue.

:func:`extract_rules` is the Babel extraction method for these texts (``babel-rules.cfg``), and
:func:`translate_rules` gives a text back with every unit replaced by its translation, in the
same layout, so the page parses the same way in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import IO, NamedTuple

__all__ = ["DOMAIN", "Unit", "extract_rules", "translate_line", "translate_rules", "units"]

#: the gettext domain of the rules texts (the UI's own texts are domain ``tavolo``)
DOMAIN = "rules"

#: line prefixes of the rules format, longest first, and the kind of unit each one opens
MARKERS: tuple[tuple[str, str], ...] = (("## ", "heading"), ("# ", "title"), ("- ", "item"))

#: the heading of the section the New game dialog shows as well (see the rules scene)
IN_SHORT = "In short"

#: what the translator is told about each kind of unit (an automatic comment in the catalogue)
NOTES: Mapping[str, str] = {
    "title": "Title of a rules page: the name of the game.",
    "heading": "Heading of a section of a rules page.",
    "item": "Item of a list on a rules page.",
    "paragraph": "Paragraph of a rules page.",
    "in short": (
        "One of the two lines that sum up the game, shown in the New game dialog too: "
        "keep it about as short as the English."
    ),
}


class Unit(NamedTuple):
    """One translatable line of a rules text: where it is, what it is, and its words."""

    lineno: int
    kind: str
    marker: str
    text: str


def split_line(line: str) -> tuple[str, str, str]:
    """``(kind, marker, words)`` of one line: a blank line has kind ``"blank"`` and no words."""
    for marker, kind in MARKERS:
        if line.startswith(marker):
            return kind, marker, line[len(marker) :].strip()
    words = line.strip()
    return ("paragraph" if words else "blank"), "", words


def units(text: str) -> Iterator[Unit]:
    """Every translatable unit of a rules text, in order (a paragraph of the ``In short``
    section has kind ``"in short"``: the New game dialog shows it in a narrow box)."""
    in_short = False
    for lineno, line in enumerate(text.splitlines(), start=1):
        kind, marker, words = split_line(line)
        if kind in ("heading", "title"):
            in_short = kind == "heading" and words == IN_SHORT
        elif kind == "paragraph" and in_short:
            kind = "in short"
        if words:
            yield Unit(lineno, kind, marker, words)


def extract_rules(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, str],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extraction method: each unit of a rules text is a message, with a note for the
    translator saying what kind of unit it is.  (``keywords`` and ``comment_tags`` concern
    source code and do not apply to a text of prose.)"""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for unit in units(text):
        yield unit.lineno, None, unit.text, [NOTES[unit.kind]]


def translate_line(line: str, gettext: Callable[[str], str]) -> str:
    """One line of a rules text in the language of ``gettext``, marker kept.  A line without
    a translation comes back exactly as it was; a translation never spans lines."""
    _, marker, words = split_line(line)
    if not words:
        return line
    translated = gettext(words)
    if translated == words:
        return line
    return marker + " ".join(part.strip() for part in translated.splitlines())


def translate_rules(text: str, gettext: Callable[[str], str]) -> str:
    """A rules text with every unit replaced by its translation, in the same layout (English,
    a ``NullTranslations``' gettext, gives the text back unchanged)."""
    out: list[str] = []
    for raw in text.splitlines(keepends=True):
        line = raw.rstrip("\r\n")
        out.append(translate_line(line, gettext) + raw[len(line) :])
    return "".join(out)
