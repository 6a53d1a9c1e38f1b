"""The New game dialog: it stays put, remembers its choices across a restart, starts each game in
its own deck unless the player chose another, never dead-ends on a deck, and says the game in two
lines with a link to its rules."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest
from ui_harness import click, click_button, key, make_app, run_until, table_scene, user_dirs

from game import skins
from game.catalog import CATALOG
from game.engine import GAMES
from game.i18n import _ as translated
from game.net.service import NetService
from game.ui import theme
from game.ui.games.words import deck_refusal
from game.ui.option_words import option_label, rules_in_force
from game.ui.rules_text import in_short
from game.ui.runner import App
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.setup import SetupScene
from game.ui.settings import load_settings, settings_path


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)


def open_setup(app: App) -> SetupScene:
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    return setup


def choose(app: App, sel, value) -> None:
    """Click a selector's right arrow until it shows ``value``."""
    for _ in range(len(sel.choices) + 1):
        if sel.value == value:
            return
        click(app, sel.right.rect.center)
    assert sel.value == value


def restarted(app: App) -> App:
    """The app closed, and a new one started on the settings it saved (as a player would)."""
    app.shutdown()
    settings, notice = load_settings()
    assert notice is None
    again = App(settings, size=(1280, 720), fixed_dt=1 / 30, fps=0)
    again.scenes.push(again.title_scene())
    again.step()
    return again


def open_host(app: App) -> SetupScene:
    """Title → Play online → Host a table."""
    click_button(app, app.scenes.top, "online")
    click_button(app, app.scenes.top, "host")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.online
    return setup


@pytest.mark.parametrize("online", [False, True], ids=["new", "host"])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_the_dialog_keeps_its_place_while_rows_appear(dirs, size, online, monkeypatch):
    """New game and Host a table (its row of what a dropped player's seat does below both
    columns) at every game and player count: in place, every row inside, none over another."""
    monkeypatch.setenv("TAVOLO_INTERFACES", "")  # the Join screen on the way looks nowhere
    app = make_app(size=size, online=NetService())  # online play wired in, as the app does
    setup = open_host(app) if online else open_setup(app)
    where = (setup.rect.copy(), setup.start.rect.copy(), setup.back.rect.copy())
    rows = set()
    for _ in CATALOG:
        for _ in GAMES[setup.game].players:
            click(app, setup.players_sel.right.rect.center)
            assert (setup.rect, setup.start.rect, setup.back.rect) == where
            rows.add(len(setup.selectors))
            inside = setup.rect.inflate(-8, -8)
            assert all(inside.contains(sel.rect) for sel in setup.selectors)
            assert not any(sel.rect.colliderect(setup.start.rect) for sel in setup.selectors)
            rects = [sel.rect for sel in setup.selectors]
            assert not any(r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1 :])
            assert len(setup.takeover_sels) == (2 if online else 0)
        click(app, setup.game_sel.right.rect.center)
    assert len(rows) > 3  # rows did come and go
    app.shutdown()


def test_game_players_and_seats_are_remembered_across_a_restart(dirs):
    app = make_app()
    app.persist = True
    setup = open_setup(app)
    choose(app, setup.game_sel, "scopa")
    choose(app, setup.players_sel, 3)
    choose(app, setup.seat_sels[2], "strong")
    choose(app, setup.game_sel, "tressette")
    choose(app, setup.players_sel, 3)
    choose(app, setup.seat_sels[1], "easy")
    choose(app, setup.game_sel, "scopa")
    assert setup.kinds == ["human", "normal", "strong"]  # kept while the dialog is open
    click(app, setup.start.rect.center)
    table = table_scene(app)
    assert table.model.state.name == "scopa" and table.model.setup.seats == [
        "human",
        "normal",
        "strong",
    ]
    app = restarted(app)
    setup = open_setup(app)
    assert (setup.game, setup.players, setup.kinds) == ("scopa", 3, ["human", "normal", "strong"])
    choose(app, setup.game_sel, "tressette")
    assert (setup.players, setup.kinds) == (3, ["human", "easy", "strong"])
    key(app, pygame.K_ESCAPE)  # Back remembers too: the last game is Tressette now
    app = restarted(app)
    assert open_setup(app).game == "tressette"
    app.shutdown()


def test_each_game_starts_in_its_own_deck_unless_the_player_chose_another(dirs):
    app = make_app()
    app.persist = True
    setup = open_setup(app)
    for game in CATALOG:
        choose(app, setup.game_sel, game)
        assert setup.deck == skins.NATIVE_DECK[game]  # the engine's deck, not the last one
    choose(app, setup.game_sel, "scopa")
    choose(app, setup.deck_sel, "french")
    click(app, setup.start.rect.center)
    assert table_scene(app).model.deck == "french"
    app.scenes.reset(app.title_scene())
    setup = open_setup(app)
    assert setup.game == "scopa" and setup.deck == "french"  # remembered for Scopa
    choose(app, setup.game_sel, "tressette")
    assert setup.deck == "italian"  # and for Scopa only
    choose(app, setup.game_sel, "cattura")
    click(app, setup.start.rect.center)
    table = table_scene(app)
    assert table.model.deck == "french"
    key(app, pygame.K_d)  # switching during a match is a choice for that game
    assert table.model.deck == "italian"
    app = restarted(app)
    assert app.settings.decks == {"scopa": "french", "cattura": "italian"}
    setup = open_setup(app)
    assert (setup.game, setup.deck) == ("cattura", "italian")
    choose(app, setup.game_sel, "capodama")
    assert setup.deck == skins.NATIVE_DECK["capodama"]
    app.shutdown()


def test_six_player_capodama_in_italian_switches_to_french_and_says_so(dirs):
    app = make_app()
    setup = open_setup(app)
    choose(app, setup.game_sel, "capodama")
    choose(app, setup.players_sel, 4)
    choose(app, setup.deck_sel, "italian")
    assert setup.deck == "italian" and setup.deck_note is None
    choose(app, setup.players_sel, 6)
    assert skins.can_show("capodama", 6, "italian") is not None
    reason = deck_refusal("capodama", 6, "italian")
    assert reason == "6-player Capodama needs 48 cards and cannot be shown in Neapolitan cards"
    assert setup.deck == "french" and setup.deck_sel.value == "french"
    assert setup.deck_note == f"{reason}: it is played in French cards."
    assert setup.start.enabled
    click(app, setup.deck_sel.right.rect.center)  # asking for Italian again: still said, not taken
    assert setup.deck == "french" and setup.deck_note
    choose(app, setup.players_sel, 4)
    assert setup.deck == "italian" and setup.deck_note is None  # the choice was kept
    choose(app, setup.players_sel, 6)
    click(app, setup.start.rect.center)
    table = table_scene(app)
    assert table.model.state.players == 6 and table.model.deck == "french"
    assert app.settings.decks["capodama"] == "italian"  # what the player asked for stays
    app.shutdown()


def test_each_game_is_said_in_two_lines_with_a_link_to_its_rules(dirs):
    app = make_app()
    setup = open_setup(app)
    for game in CATALOG:
        choose(app, setup.game_sel, game)
        lines = in_short(game)
        assert len(lines) == 2 and setup.how == lines
        rules = (setup.game_sel.rect.x, setup.rules.rect)
        click_button(app, setup, "rules")
        page = app.scenes.top
        assert isinstance(page, RulesScene) and page.game == game
        assert not page.tabs  # the game's own page
        assert any(lines[0].startswith(text) for text, *_ in page.lines if text)
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is setup and (setup.game_sel.rect.x, setup.rules.rect) == rules
    app.shutdown()


def test_bad_setup_entries_in_the_file_are_dropped_alone(dirs):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {
                "last_game": "scopa",
                "setups": {
                    "scopa": {"players": 5, "seats": ["human"] * 5},  # Scopa has no 5
                    "cattura": {"players": 2, "seats": ["human", "solver"]},  # no such seat
                    "tressette": {"players": 3, "seats": ["human", "search", "rules"]},
                    "newer-game": {"players": 9},  # a newer Tavolo's game: kept as it is
                },
                "decks": {"capodama": "klingon", "scopa": "french"},
                "takeovers": {
                    "scopa": {"after": 300, "level": "easy"},
                    "cattura": {"after": 45, "level": "normal"},  # not a wait offered
                    "tressette": {"after": 60, "level": "godlike"},
                    "newer-game": {"after": 1},
                },
            }
        ),
        encoding="utf-8",
    )
    settings, msg = load_settings()
    assert msg and "setups['scopa']" in msg and "setups['cattura']" in msg
    assert "decks['capodama']" in msg
    assert "takeovers['cattura']" in msg and "takeovers['tressette']" in msg
    assert settings.setups == {
        "tressette": {"players": 3, "seats": ["human", "search", "rules"]},
        "newer-game": {"players": 9},
    }
    assert settings.decks == {"scopa": "french"}
    assert settings.takeovers == {
        "scopa": {"after": 300, "level": "easy"},
        "newer-game": {"after": 1},
    }
    assert settings.takeover_of("cattura") == (60, "normal")  # the defaults
    app = App(settings, size=(1280, 720), fixed_dt=1 / 30, fps=0)
    app.scenes.push(app.title_scene())
    app.step()
    setup = open_setup(app)
    assert (setup.game, setup.players, setup.deck) == ("scopa", 4, "french")
    choose(app, setup.game_sel, "tressette")
    assert setup.kinds == ["human", "strong", "normal"]  # remembered from before the levels
    app.shutdown()  # written back: the unknown game's entry is still there
    written = json.loads(path.read_text())
    assert written["setups"]["newer-game"] == {"players": 9}
    assert written["takeovers"]["scopa"] == {"after": 300, "level": "easy"}


def test_a_start_from_the_setup_opened_over_a_match_leaves_one_table(dirs):
    app = make_app()
    setup = open_setup(app)
    choose(app, setup.game_sel, "cattura")
    click(app, setup.start.rect.center)
    first = table_scene(app)
    assert run_until(app, lambda: first.model.synced, 2000)
    key(app, pygame.K_ESCAPE)
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    key(app, pygame.K_ESCAPE)  # Back: the match is still there, paused
    assert app.scenes.stack[1] is first
    click_button(app, app.scenes.top, "new")
    setup = app.scenes.top
    choose(app, setup.game_sel, "tressette")
    click(app, setup.start.rect.center)
    kinds = [type(s).__name__ for s in app.scenes.stack]
    assert (
        kinds == ["TitleScene", "TableScene"] and table_scene(app).model.state.name == "tressette"
    )
    app.shutdown()


def test_every_game_offers_the_three_levels_normal_first(dirs):
    app = make_app()
    setup = open_setup(app)
    for game in CATALOG:
        choose(app, setup.game_sel, game)
        sel = setup.seat_sels[1]
        assert sel.choices[:4] == ["human", "easy", "normal", "strong"]
        assert not {"rules", "search", "random"} & set(sel.choices)  # the tools' kinds
        assert setup.kinds[1:] == ["normal"] * (setup.players - 1)
        assert sel.fmt("strong") == "AI: strong"
    click(app, setup.start.rect.center)
    table = table_scene(app)
    assert all(seat.name == "normal" for seat in table.model.ai.seats.values())
    app.shutdown()


def test_scopa_house_rules_are_chosen_remembered_and_listed_at_the_table(dirs, monkeypatch):
    """Each house rule is a row of the New game dialog (inside it at 1024×600); the rules
    chosen start the match, are remembered for Scopa across a restart, and the table's panel
    lists them under "Rules in force"."""
    app = make_app(size=(1024, 600))
    app.persist = True
    setup = open_setup(app)
    choose(app, setup.game_sel, "scopa")
    rows = {sel.label: sel for sel in setup.option_sels}
    house = ("re_bello", "napola", "asso_piglia_tutto", "asso_scopa", "quindici", "fewest_cards")
    assert {option_label(k) for k in house} <= set(rows)
    inside = setup.rect.inflate(-8, -8)
    assert all(inside.contains(sel.rect) for sel in setup.selectors)
    for k in ("re_bello", "quindici"):
        choose(app, rows[option_label(k)], True)
    drawn: list[str] = []
    real = theme.text

    def spy(s: str, size: int, color: Any = theme.INK, bold: bool = False) -> pygame.Surface:
        drawn.append(s)
        return real(s, size, color, bold)

    monkeypatch.setattr(theme, "text", spy)
    click(app, setup.start.rect.center)
    table = table_scene(app)
    options = table.model.state.options
    assert options["re_bello"] and options["quindici"] and not options["napola"]
    run_until(app, lambda: option_label("quindici") in drawn, frames=30)
    heading = drawn.index(translated("Rules in force").upper())
    assert drawn[heading + 1 : heading + 3] == [option_label("re_bello"), option_label("quindici")]
    app = restarted(app)
    setup = open_setup(app)
    assert setup.game == "scopa"
    assert {k for k in house if setup.options[k]} == {"re_bello", "quindici"}
    app.shutdown()


def test_the_aces_sweep_row_is_greyed_while_asso_piglia_tutto_is_off(dirs):
    """Whether the ace's sweep is a scopa means nothing without asso piglia tutto: its row
    stays (nothing jumps) but is greyed and does not change by click; once asso piglia tutto is
    on it does; and the table's "Rules in force" lists it only with asso piglia tutto."""
    app = make_app(size=(1024, 600))
    setup = open_setup(app)
    choose(app, setup.game_sel, "scopa")
    rows = {sel.label: sel for sel in setup.option_sels}
    ace, sweep = rows[option_label("asso_piglia_tutto")], rows[option_label("asso_scopa")]
    assert not sweep.enabled and ace.enabled
    click(app, sweep.right.rect.center)
    assert sweep.value is False and setup.options["asso_scopa"] is False
    choose(app, ace, True)
    assert sweep.enabled
    choose(app, sweep, True)
    choose(app, ace, False)
    assert not sweep.enabled and setup.options["asso_scopa"] is True
    assert rules_in_force("scopa", setup.options) == []
    assert rules_in_force("scopa", {**setup.options, "asso_piglia_tutto": True}) == [
        option_label("asso_piglia_tutto"),
        option_label("asso_scopa"),
    ]
    app.shutdown()


def test_remembered_options_the_game_no_longer_has_are_dropped_alone(dirs):
    app = make_app()
    app.settings.setups["scopa"] = {
        "players": 2,
        "seats": ["human", "normal"],
        "options": {"re_bello": True, "gone": True, "napola": 3},
    }
    assert app.settings.options_of("scopa") == {"re_bello": True}
    app.shutdown()
