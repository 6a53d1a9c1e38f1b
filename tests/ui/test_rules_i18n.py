"""The rules pages in Italian and French: extraction, complete catalogues, same layout.

The catalogues are compiled here from the .po sources (never from a committed .mo), so the
tests judge what a translator edits.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from game.rules_i18n import split_line, translate_rules, units

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "assets" / "rules"
LOCALE = ROOT / "game" / "locale"
LANGUAGES = ("it", "fr")
GAMES = sorted(p.stem for p in RULES.glob("*.txt"))


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def template() -> Catalog:
    return read_catalog(LOCALE / "rules.pot")


def catalog(lang: str) -> Catalog:
    return read_catalog(LOCALE / lang / "LC_MESSAGES" / "rules.po")


def compiled(cat: Catalog) -> gettext.GNUTranslations:
    """The catalogue as the app loads it: compiled to .mo in memory, read by gettext."""
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def problems(cat: Catalog, pot: Catalog) -> list[str]:
    """Why ``cat`` is not a complete translation of ``pot`` (nothing if it is)."""
    found = []
    for msg in pot:
        if not msg.id:
            continue
        have = cat.get(msg.id)
        if have is None:
            found.append(f"missing: {msg.id!r}")
        elif not have.string or not str(have.string).strip():
            found.append(f"empty: {msg.id!r}")
        elif have.fuzzy:
            found.append(f"fuzzy: {msg.id!r}")
        elif "\n" in str(have.string) or split_line(str(have.string))[1]:
            found.append(f"breaks the layout: {msg.id!r}")
    return found


def extracted() -> list[tuple[str, int, str]]:
    """What ``pybabel extract -F babel-rules.cfg`` takes from assets/rules."""
    with (ROOT / "babel-rules.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    return [
        (name, lineno, message)
        for name, lineno, message, _, _ in extract_from_dir(str(RULES), method_map, options_map)
    ]


def test_extraction_finds_every_unit_of_every_rules_file() -> None:
    got = extracted()
    expected = []
    for game in GAMES:
        lines = (RULES / f"{game}.txt").read_text(encoding="utf-8").splitlines()
        for lineno, line in enumerate(lines, start=1):
            if line.strip():
                words = line.removeprefix("## ").removeprefix("# ").removeprefix("- ").strip()
                expected.append((f"{game}.txt", lineno, words))
    assert len(GAMES) >= 4  # every game of the catalogue, each with its page
    assert sorted(got) == sorted(expected)
    # translators see prose only: no layout marker is left in a message
    assert not [m for _, _, m in got if m.startswith(("#", "- "))]


def test_template_holds_every_extracted_message() -> None:
    ids = {m.id for m in template() if m.id}
    assert ids == {m for _, _, m in extracted()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_is_complete(lang: str) -> None:
    cat, pot = catalog(lang), template()
    assert problems(cat, pot) == []
    assert cat.locale is not None and str(cat.locale) == lang
    assert not cat.obsolete
    # every unit is really translated, not copied: only the names of games may stay as they are
    names = {
        u.text for g in GAMES for u in units((RULES / f"{g}.txt").read_text()) if u.kind == "title"
    }
    same = {m.id for m in cat if m.id and m.string == m.id}
    assert same <= names | {"Scopa", "Buongioco"}


def test_completeness_check_finds_a_damaged_catalogue() -> None:
    pot = template()
    victim = next(m.id for m in pot if m.id and len(m.id) > 40)
    cat = catalog("it")
    assert problems(cat, pot) == []
    cat.delete(victim)
    assert problems(cat, pot) == [f"missing: {victim!r}"]
    fuzzy = catalog("fr")
    fuzzy[victim].flags.add("fuzzy")
    assert problems(fuzzy, pot) == [f"fuzzy: {victim!r}"]
    empty = catalog("fr")
    empty[victim].string = ""
    assert problems(empty, pot) == [f"empty: {victim!r}"]


def shape(text: str) -> list[str]:
    """The layout of a rules text: the kind of each line."""
    return [split_line(line)[0] for line in text.splitlines()]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_translation_keeps_the_layout(lang: str, game: str) -> None:
    english = (RULES / f"{game}.txt").read_text(encoding="utf-8")
    cat = catalog(lang)
    text = translate_rules(english, compiled(cat).gettext)
    assert text != english
    assert shape(text) == shape(english)
    for before, after in zip(units(english), units(text), strict=True):
        assert after.text == cat[before.text].string


def test_english_is_given_back_unchanged() -> None:
    english = gettext.NullTranslations().gettext
    for game in GAMES:
        text = (RULES / f"{game}.txt").read_text(encoding="utf-8")
        assert translate_rules(text, english) == text
    odd = "# T\r\n\r\n## H  \r\n-  item \npara\n\n"
    assert translate_rules(odd, english) == odd


def test_a_translation_never_breaks_a_line() -> None:
    table = {"Heading": "Titolo\nsu due righe", "An item": "- non un altro elemento"}
    text = translate_rules("## Heading\n- An item\n", lambda s: table.get(s, s))
    assert text == "## Titolo su due righe\n- - non un altro elemento\n"
    assert shape(text) == ["heading", "item"]


def page(app, source: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Headings and list items as the rules page lays ``source`` out."""
    from game.ui.scenes.rules import RulesScene

    scene = RulesScene(app, "capodama")
    scene.source = source
    scene.resize(app.size)
    heads = sum(
        1
        for i, (_, _, bold, _) in enumerate(scene.lines)
        if bold and (i == 0 or not scene.lines[i - 1][2])
    )
    items = sum(1 for text, *_ in scene.lines if text.startswith("•"))
    return heads, items


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_lays_out_the_same_sections(app, lang: str) -> None:  # type: ignore[no-untyped-def]
    tr = compiled(catalog(lang)).gettext
    for game in GAMES:
        english = (RULES / f"{game}.txt").read_text(encoding="utf-8")
        heads, items = page(app, english)
        assert heads == sum(1 for u in units(english) if u.kind == "heading")
        assert items == sum(1 for u in units(english) if u.kind == "item")
        assert page(app, translate_rules(english, tr)) == (heads, items)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_translated_character_has_a_glyph(lang: str) -> None:
    pygame.font.init()
    chars = {c for m in catalog(lang) if m.id for c in str(m.string)}
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        font = pygame.font.Font(str(ROOT / "assets" / "fonts" / name), 20)
        missing = pygame.image.tobytes(font.render("\U000f0000", True, (0, 0, 0)), "RGBA")
        assert [
            c for c in sorted(chars)
            if pygame.image.tobytes(font.render(c, True, (0, 0, 0)), "RGBA") == missing
        ] == []  # fmt: skip
