"""Tavolo in Italian, French and English: the catalogues, every scene in each language, and a
pseudo-language that finds any text shown without going through gettext."""

from __future__ import annotations

import gettext
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from i18n_tour import tour
from ui_harness import make_app, user_dirs

from game import i18n
from game.catalog import CATALOG
from game.ui import theme

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "locale"
sys.path.insert(0, str(ROOT / "build"))
from catalogs import compile_catalogues  # noqa: E402

#: the languages with a catalogue (English is the source)
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


@pytest.fixture(scope="module", autouse=True)
def compiled() -> Iterator[None]:
    """The .mo files, compiled from the .po sources as the build does."""
    compile_catalogues()
    yield
    i18n.use_translations(i18n.load_catalogue)


# -- the catalogues -----------------------------------------------------------------------------
def _catalog(lang: str) -> Any:
    with (LOCALE / lang / "LC_MESSAGES" / "tavolo.po").open("rb") as f:
        return read_po(f, locale=lang)


def _template() -> Any:
    with (LOCALE / "tavolo.pot").open("rb") as f:
        return read_po(f)


def _ids(catalog: Any) -> set[Any]:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def test_the_template_holds_every_message_the_code_marks() -> None:
    """``pybabel extract`` with babel.cfg finds nothing the committed .pot lacks, nor the
    reverse: the template is up to date with the code."""
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "game"), [("**.py", "python")], keywords=keywords
    ):
        found.add(message if isinstance(message, str) else tuple(message))
    assert found == _ids(_template())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogue_is_complete(lang: str) -> None:
    """Every message of the template, translated (no empty, no fuzzy entry), with the same
    {placeholders} in every form."""
    catalog = _catalog(lang)
    assert _ids(catalog) == _ids(_template())
    assert not catalog.fuzzy
    for m in catalog:
        if not m.id:
            continue
        assert "fuzzy" not in m.flags, m.id
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        assert forms and all(forms), f"{lang}: {m.id!r} is not translated"
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == wanted, (lang, m.id, form)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_translates(lang: str) -> None:
    """The .mo the build writes is read by gettext, plural forms included."""
    cat = gettext.translation(i18n.DOMAIN, LOCALE, [lang])
    assert cat.gettext("Settings") != "Settings"
    one, two = (
        cat.ngettext("{count} card", "{count} cards", 1),
        cat.ngettext("{count} card", "{count} cards", 2),
    )
    assert one != two


# -- choosing the language ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANGUAGE": "fr_CA:en", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "C"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "Italian_Italy.1252"}, "it"),
        ({}, "en"),
    ],
)
def test_the_system_language(env: dict[str, str], lang: str) -> None:
    assert i18n.system_language(env) == lang


def test_an_unknown_language_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n._("Settings") == "Settings"
    i18n.set_language("en")


def test_a_bad_language_setting_is_reset_with_a_message(tmp_path: Path) -> None:
    from game.ui.settings import load_settings

    path = tmp_path / "settings.json"
    path.write_text('{"format": "tavolo-settings/1", "language": "klingon", "speed": "fast"}')
    settings, message = load_settings(path)
    assert settings.language == "" and settings.speed == "fast"
    assert message is not None and "language" in message


def test_the_first_start_speaks_the_system_language(tmp_path, monkeypatch) -> None:
    user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("LANGUAGE", "it")
    app = make_app()
    try:
        assert i18n.language() == "it"
        assert app.scenes.top.button("settings").label == "Impostazioni"
    finally:
        app.shutdown()
        i18n.set_language("en")


# -- a pseudo-language marks every translated text -------------------------------------------
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MARKED = "àƀçđéƒĝĥîĵķĺɱñôƥɋŕšŧûʋŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÔƤɊŔŠŦÛṼŴẊÝŽ"
_ACCENT = str.maketrans(_PLAIN, _MARKED)


def pseudo(text: str) -> str:
    """Every letter of ``text`` accented, its {placeholders} kept as they are."""
    return "".join(
        part if part.startswith("{") else part.translate(_ACCENT)
        for part in re.split(r"(\{[^}]*\})", text)
    )


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


#: what may show unmarked: card corners ("Q♥", "10♠"), as the pictures print them
_CORNER = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]")


def unmarked(text: str) -> bool:
    return bool(re.search("[A-Za-z]", _CORNER.sub("", text)))


def _data(app: Any, scene: str) -> set[str]:
    """Texts of a scene that are data, not interface: the languages, each named in itself (a
    player who cannot read this one finds their own) and the error page's log path and
    exception.  The rules pages' body is interface too: it goes through its own domain."""
    top = app.scenes.top
    out: set[str] = set(i18n.LANGUAGES.values()) if scene == "settings" else set()
    if scene == "error":
        out |= {str(top.log_file), top.message}
    return out


def test_every_drawn_text_goes_through_gettext(tmp_path, monkeypatch, drawn) -> None:
    """Under the pseudo-language every text the app draws, in every scene, is marked: a text
    that bypasses gettext shows plain letters and fails here."""
    user_dirs(tmp_path, monkeypatch)
    i18n.use_translations(lambda domain, lang: Pseudo(), "it")
    app = make_app(size=(1024, 600))
    seen = []
    try:
        for scene in tour(app):
            data = _data(app, scene)
            plain = [t for t in drawn if unmarked(t) and not any(t in d or d in t for d in data)]
            assert not plain, f"{scene}: drawn without gettext: {sorted(set(plain))[:8]}"
            seen.append(scene)
            drawn.clear()
    finally:
        app.shutdown()
        i18n.use_translations(i18n.load_catalogue)
    assert {
        "title",
        "solitaire",
        "pause",
        "settings",
        "keys",
        "rules",
        "statistics",
        "error",
    } <= set(seen)
    assert any(s.startswith("refusal") for s in seen)
    assert any(s.startswith("result") for s in seen)


# -- each language on every scene at 1024×600 ----------------------------------------------------
class WindowSpy(pygame.Surface):
    """The window as the scenes draw on it, noting every text blitted outside it."""

    def __init__(self, size: tuple[int, int], texts: set[int]) -> None:
        super().__init__(size)
        self.texts = texts
        self.outside: list[tuple[int, int, int, int]] = []

    def blit(self, source: Any, dest: Any, area: Any = None, special_flags: int = 0) -> Any:
        if id(source) in self.texts:
            rect = source.get_rect(topleft=tuple(dest)[:2]) if area is None else None
            if rect is not None and not self.get_rect().inflate(2, 2).contains(rect):
                self.outside.append(tuple(rect))
        return super().blit(source, dest, area, special_flags)


def _overflows(app: Any) -> list[str]:
    """Buttons whose label must shrink by more than a tenth to fit, selector rows whose label
    runs into the value: the widgets of every scene on the stack (and the table's panel and
    prompt)."""
    from game.ui.widgets import Button, Selector, button_text

    out: list[str] = []
    scale = theme.ui_scale(app.screen.get_size())
    for scene in app.scenes.stack:
        widgets: list[Any] = []
        holder = scene.model.prompt if hasattr(scene, "model") else scene  # a table's buttons
        for name in ("buttons", "panel_buttons", "tabs", "selectors", "menu"):
            value = getattr(holder, name, None)
            if isinstance(value, list):
                widgets += value
        for name in ("done", "button", "start", "back", "rules", "close_button", "reset_button"):
            value = getattr(scene, name, None)
            if isinstance(value, Button | Selector):
                widgets.append(value)
        for w in widgets:
            if isinstance(w, Button) and w.rect.w > 0:
                width = theme.font(button_text(scale), True).size(w.label)[0]
                if width * 0.9 > w.rect.w - 12:  # a tenth smaller does not show; more does
                    out.append(f"button {w.label!r}: {width} px in {w.rect.w - 12}")
            elif isinstance(w, Selector) and w.rect.w > 0:
                size = round(17 * scale)
                room = w.left.rect.x - w.rect.x - 4
                width = theme.font(size).size(w.label)[0]
                if width > room:
                    out.append(f"row {w.label!r}: {width} px in {room}")
    return out


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_each_language_draws_every_scene_whole(lang, tmp_path, monkeypatch) -> None:
    """At 1024×600, in each language: every glyph drawn is in the font, no text is drawn
    outside the window, no button label has to shrink (more than a tenth), no row label runs
    into its value, no line of the side panel runs past it."""
    from game.ui import hud

    user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("LANGUAGE", lang)
    texts: set[int] = set()
    drawn: list[tuple[str, int, bool]] = []
    real = theme.text

    def spy(s: str, size: int, color: Any = theme.INK, bold: bool = False) -> pygame.Surface:
        surf = real(s, size, color, bold)
        texts.add(id(surf))
        drawn.append((s, size, bold))
        return surf

    monkeypatch.setattr(theme, "text", spy)
    from game.ui.widgets import Toasts

    real_toast = Toasts._render

    def toast(self: Any, t: Any, width: int, size: int) -> pygame.Surface:
        surf = real_toast(self, t, width, size)
        texts.add(id(surf))  # a message is drawn whole inside the window too
        return surf

    monkeypatch.setattr(Toasts, "_render", toast)
    panel_lines: list[str] = []
    real_line = hud._Pen.line

    def line(pen: Any, text: str, color: Any = theme.INK, size: int = 0, bold: bool = False):
        width = theme.font(size or pen.fs, bold).size(text)[0]
        if pen.x + width > pen.w - pen.pad // 2:
            panel_lines.append(f"{text!r}: {width} px from {pen.x} in {pen.w}")
        return real_line(pen, text, color, size, bold)

    monkeypatch.setattr(hud._Pen, "line", line)
    app = make_app(size=(1024, 600))
    assert i18n.language() == lang
    spy_window = WindowSpy(app.screen.get_size(), texts)
    app.screen = spy_window
    problems: list[str] = []
    try:
        for scene in tour(app):
            for s, size, bold in set(drawn):
                metrics = theme.font(size, bold).metrics(s)
                missing = {ch for ch, m in zip(s, metrics, strict=True) if m is None}
                if missing:
                    problems.append(f"{scene}: no glyph for {sorted(missing)} in {s!r}")
            problems += [f"{scene}: {o}" for o in _overflows(app)]
            problems += [f"{scene}: text outside the window at {r}" for r in spy_window.outside]
            problems += [f"{scene}: panel line {p}" for p in panel_lines]
            drawn.clear()
            spy_window.outside.clear()
            panel_lines.clear()
    finally:
        app.shutdown()
        i18n.set_language("en")
    assert not problems, "\n".join(sorted(set(problems))[:30])


# -- a language switch mid-deal ---------------------------------------------------------------
def test_a_language_switch_mid_deal_keeps_the_match(tmp_path, monkeypatch) -> None:
    """Esc, Settings, Language → Italiano while the cards are being dealt: the same table goes
    on with the same match, and its names, panel, buttons and prompt are now Italian; back to
    English the same way."""
    from ui_harness import click, click_button, human_turn, key, run_until, start_game

    user_dirs(tmp_path, monkeypatch)
    app = make_app(size=(1024, 600))
    try:
        table = start_game(app, "scopa", 2, seed=4)
        app.step()
        app.step()
        assert not table.model.queue.idle  # still dealing
        record, shown = table.model.state.record(), len(table.model.table.hands[0])
        key(app, pygame.K_ESCAPE)
        click_button(app, app.scenes.top, "settings")
        settings = app.scenes.top
        assert settings.lang_sel.value == "en"
        click(app, settings.lang_sel.right.rect.center, frames=2)
        assert i18n.language() == "it" and app.settings.language == "it"
        assert app.scenes.top.lang_sel.label == "Lingua"  # the settings made again
        assert table.model.state.record() == record and app.scenes.stack[1] is table
        assert len(table.model.table.hands[0]) == shown and not table.model.queue.idle
        key(app, pygame.K_ESCAPE)
        click_button(app, app.scenes.top, "resume")
        assert app.scenes.top is table
        assert table.model.names == ["Tu", "Nord (regole)"]
        labels = [b.label for b in table.model.prompt.panel_buttons]
        assert labels == ["Ultima presa (L)", "Regole", "Menu (Esc)"]
        assert run_until(app, lambda: human_turn(table))
        assert table.painter.band_message() == "Tocca a te: gioca una carta"
        items = table.model.gui.hud_items(table.model.panel, table.model.names, table.model.deck)
        assert ("heading", "Prese della smazzata") in items
        key(app, pygame.K_ESCAPE)
        click_button(app, app.scenes.top, "settings")
        settings = app.scenes.top
        settings.lang_sel.step(-1)  # Italiano → English
        assert i18n.language() == "en" and table.model.names == ["You", "North (rules)"]
        assert app.scenes.top.lang_sel.label == "Language"
    finally:
        app.shutdown()
        i18n.set_language("en")


# -- refusals in every language ---------------------------------------------------------------
def _position(game: str, players: int, seed: int, moves: int) -> Any:
    """The match from deal ``seed`` once its record holds ``moves`` moves, random legal ones
    (random.Random(seed))."""
    import random

    from game.engine import new_game

    rng = random.Random(seed)
    state = new_game(game, players=players, seed=seed)
    while len(state.history) < moves:
        legal = state.legal_moves()
        state.play(legal[rng.randrange(len(legal))])
    return state


#: concrete positions (game, players, seed, moves played), the move tried, and the refusal in
#: each language and deck
REFUSALS = [
    (
        ("capodama", 4, 2, 6, "AS"),
        {
            ("en", "french"): "You must follow diamonds or play a trump: the ace of spades is "
            "neither",
            ("it", "french"): "Devi rispondere a quadri (o giocare una briscola): l'asso di "
            "picche non lo è",
            ("it", "italian"): "Devi rispondere a coppe (o giocare una briscola): l'1 di spade "
            "non lo è",
            ("fr", "french"): "Vous devez jouer carreau ou atout\u00a0: l'as de pique n'est ni "
            "l'un ni l'autre",
        },
    ),
    (
        ("capodama", 4, 2, 0, "KS"),
        {
            ("en", "french"): "First you must choose the doubled suit",
            ("it", "french"): "Prima tocca a te scegliere il seme raddoppiato",
            ("fr", "french"): "C'est d'abord à vous de choisir la couleur doublée",
        },
    ),
    (
        ("scopa", 2, 2, 0, "5D"),
        {
            ("en", "italian"): "The 5 of coins can capture, so it may not be placed on the "
            "table: play the 5 of coins to take the ace of coins and the 4 of batons",
            ("it", "italian"): "Il 5 di denari può prendere, quindi non si può calare in "
            "tavola: gioca il 5 di denari per prendere l'asso di denari e il 4 di bastoni",
            ("fr", "italian"): "Avec le 5 de deniers on peut prendre\u00a0: impossible de poser "
            "sur la table, jouez le 5 de deniers pour prendre l'as de deniers et le 4 de bâtons",
            ("fr", "french"): "Avec le 5 de carreau on peut prendre\u00a0: impossible de poser "
            "sur la table, jouez le 5 de carreau pour prendre l'as de carreau et le 4 de trèfle",
        },
    ),
    (
        ("tressette", 4, 2, 2, "CC"),
        {
            ("en", "italian"): "You must follow coins: the Cavallo of cups is not coins and you "
            "hold the Fante of coins and the 7 of coins",
            ("it", "italian"): "Devi rispondere a denari: il cavallo di coppe non è di denari e "
            "hai il fante di denari e il 7 di denari",
            ("fr", "italian"): "Vous devez jouer deniers\u00a0: le Cavallo de coupes n'est pas de "
            "cette couleur, et vous avez le Fante de deniers et le 7 de deniers",
            ("fr", "french"): "Vous devez jouer carreau\u00a0: la dame de cœur n'est pas de cette "
            "couleur, et vous avez le valet de carreau et le 7 de carreau",
        },
    ),
    (
        ("cattura", 2, 2, 0, "send 7C"),
        {
            ("en", "french"): "The 7 of clubs has the value of the 7 of hearts: send another "
            "card, or capture with it",
            ("it", "french"): "Il 7 di fiori vale quanto il 7 di cuori: manda un'altra carta, "
            "oppure cattura con questa",
            ("fr", "french"): "Le 7 de trèfle vaut autant que le 7 de cœur\u00a0: envoyez une "
            "autre carte, ou capturez avec elle",
            ("it", "italian"): "Il 7 di bastoni vale quanto il 7 di denari: manda un'altra "
            "carta, oppure cattura con questa",
        },
    ),
    (
        ("scopa", 2, 2, 36, "5D"),  # the first deal's 36 cards played: between deals
        {
            ("en", "italian"): "This deal is over: wait for the next one",
            ("it", "italian"): "Questa smazzata è finita: aspetta la prossima",
            ("fr", "french"): "Cette donne est finie\u00a0: attendez la suivante",
        },
    ),
]


@pytest.mark.parametrize(
    ("where", "said"), REFUSALS, ids=[" ".join(map(str, w)) for w, _s in REFUSALS]
)
def test_refusals_come_out_right_in_every_language(where, said, tmp_path, monkeypatch) -> None:
    """The engine's reason code and parts, said in the player's language and deck: the move
    is refused by the engine (the position is unchanged) and the table words it."""
    from ui_harness import start_game

    from game.engine import IllegalMove

    game, players, seed, moves, move = where
    state = _position(game, players, seed, moves)
    record = state.record()
    with pytest.raises(IllegalMove) as refused:
        state.play(move)
    assert state.record() == record
    seat = state.current_player
    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    try:
        table = start_game(app, game, players, seed=seed)
        for (lang, deck), sentence in said.items():
            i18n.set_language(lang)
            app.settings.deck = deck
            names = [table.model.short_name(s) for s in range(state.seats)]
            assert table.model.gui.refusal_text(refused.value, names, seat) == sentence
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_the_rules_page_follows_a_language_switch(tmp_path, monkeypatch) -> None:
    """A rules page open when the language changes makes its title, tabs and button again."""
    from game.ui.scenes.rules import RulesScene

    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    try:
        page = RulesScene(app)
        app.push(page)
        app.set_language("fr")
        assert page.title == "Capodama — les règles" and page.done.label == "Fermer"
        tabs = [b.label for b in page.tabs]
        assert tabs[:4] == ["Capodama", "Scopa", "Tressette", "Cattura"]  # a new game follows
        assert len(tabs) == len(CATALOG)
        said = " ".join(line for line, *_rest in page.lines)
        assert "Commandes" in said and "Controls" not in said  # the body, from the rules domain
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_one_games_rules_page_follows_a_language_switch(tmp_path, monkeypatch) -> None:
    """The page a table opens (one game, no tabs) makes its texts again too: it once raised,
    as the monkey found, matching its empty tabs against the games."""
    from game.ui.scenes.rules import RulesScene

    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    try:
        page = RulesScene(app, "tressette")
        app.push(page)
        app.set_language("it")
        assert page.tabs == [] and page.game == "tressette"
        assert page.title == "Tressette — le regole" and page.done.label == "Chiudi"
    finally:
        app.shutdown()
        i18n.set_language("en")
