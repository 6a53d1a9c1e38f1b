"""Keyboard play, driven by posted key presses only (no mouse event reaches the app): a deal of
each game played to its summary, the focus order and ring, the number keys, Space, the list of
keys, and the forced card that plays itself."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from ui_harness import human_turn, key, run_until, start_game

from game.engine import new_game
from game.ui import focus
from game.ui.scenes import keys as keylist
from game.ui.scenes.result import ResultScene
from game.ui.scenes.summary import SummaryScene


@pytest.fixture
def app(keys_app):
    """An app that fails the test if any mouse event reaches it."""
    return keys_app


def at_summary(app) -> bool:
    return isinstance(app.scenes.top, SummaryScene | ResultScene)


def focus_on(app, table, want, presses: int = 80):
    """Press Right until the focus rests on a target ``want`` accepts; return it."""
    for _ in range(presses):
        cur = table.keys.current()
        if table.keys.shown and cur is not None and want(cur):
            return cur
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"the focus never reached it: {[t.key for t in table.keys.targets()]}")


def hand_card(table):
    return lambda tg: tg.sprite is not None and tg.sprite.zone == "hand"


def wait_for_move(app, table, before: int, frames: int = 120) -> str:
    assert run_until(app, lambda: len(table.model.state.history) > before, frames)
    return table.model.state.history[before]


def choose_by_number(app, table, n: int = 1) -> str:
    """Press the number key ``n``: the n-th choice of the chooser or button row is taken."""
    before = len(table.model.state.history)
    options = table.keys.numbered()
    assert len(options) >= n
    want = options[n - 1]
    key(app, focus.NUMBERS[n - 1])
    made = wait_for_move(app, table, before, 1)
    assert made == (want.move.text if want.move is not None else want.button.tag)
    return made


def keyboard_pass(app, table) -> None:
    """The exchange: each card to pass focused and taken with Enter, then the Pass button."""
    before = len(table.model.state.history)
    for _ in range(table.model.pass_count()):
        tg = focus_on(
            app,
            table,
            lambda t: hand_card(table)(t) and t.sprite.card not in table.model.prompt.selected,
        )
        key(app, pygame.K_RETURN)
        assert tg.sprite.card in table.model.prompt.selected
    chosen = list(table.model.prompt.selected)
    focus_on(app, table, lambda t: t.button is not None and t.button.tag == "confirm")
    key(app, pygame.K_RETURN)
    made = wait_for_move(app, table, before, 1)
    assert made == " ".join(["pass", *map(str, chosen)])


def keyboard_play(app, table) -> str:
    """A card played with Right and Enter (a capture chosen with the number keys)."""
    before = len(table.model.state.history)
    if not any(tg.sprite is not None for tg in table.keys.targets()):
        return choose_by_number(app, table)  # no card to play: Cattura's Pass button
    tg = focus_on(app, table, hand_card(table))
    assert tg.sprite.card in table.model.legal_cards()
    current = table.model.state.current_player
    assert tg.sprite.owner == current
    key(app, pygame.K_RETURN)
    if len(table.model.state.history) == before:  # several captures: the chooser asks which
        assert table.model.prompt.chooser is not None
        return choose_by_number(app, table)
    made = table.model.state.history[before]
    assert str(tg.sprite.card) in made
    return made


def keyboard_turn(app, table) -> str:
    forced = table.forced.sprite
    before = len(table.model.state.history)
    if forced is not None:  # the only card: it plays itself after its beat
        made = wait_for_move(app, table, before)
        assert str(forced.card) in made
        return made
    kind = table.model.prompt.kind
    if kind in ("double", "trump"):
        return choose_by_number(app, table, 2 if len(table.keys.numbered()) > 1 else 1)
    if kind == "pass":
        keyboard_pass(app, table)
        return table.model.state.history[before]
    return keyboard_play(app, table)


def keyboard_deal(app, table, turns: int = 400) -> list[str]:
    """Every decision of the human with keys only, until the deal's summary shows."""
    made: list[str] = []
    for _ in range(turns):
        assert run_until(app, lambda: at_summary(app) or human_turn(table), 8000)
        if at_summary(app):
            summary = app.scenes.top
            if isinstance(summary, SummaryScene):
                key(app, pygame.K_RETURN)  # the summary closes with Enter too
                assert app.scenes.top is not summary
            return made
        made.append(keyboard_turn(app, table))
    raise AssertionError("the deal never ended")


def seed_where_human_is_capo(players: int) -> int:
    return next(
        s for s in range(1, 300) if new_game("capodama", players=players, seed=s).view(0).capo == 0
    )


def test_capodama_4p_double_pass_and_play_by_keys(app):
    table = start_game(app, "capodama", 4, seed=seed_where_human_is_capo(4))
    made = keyboard_deal(app, table)
    assert made[0].startswith("double ")
    assert made[1].startswith("pass ")
    assert len(made) >= 2 + 8


def test_capodama_3p_fourth_trump_by_number_key(app):
    table = start_game(app, "capodama", 3, seed=seed_where_human_is_capo(3))
    made = keyboard_deal(app, table)
    assert made[0].startswith("double ") and made[1].startswith("trump ")


def test_solitaire_both_hands_by_keys(app):
    table = start_game(app, "capodama", 1, seed=42, seats=["human"])
    made = keyboard_deal(app, table)
    plays = [m for m in made if not m.startswith("double")]
    assert len(plays) == 32  # both hands: every card of the deal, by keys
    assert {str(c) for c in new_game("capodama", players=1, seed=42).view(0).hands[1]} <= set(plays)


# Seat 0 plays first: the 7 of batons may take 1D + 6S or 3S + 4S (a choice)
SCOPA_DEAL = {"dealer": 1, "hands": ["5S 7B 2D", "2C 2B FB"], "table": "1D 6S 3S 4S"}


def test_scopa_2p_capture_choice_by_keys(app):
    table = start_game(app, "scopa", 2, deal=SCOPA_DEAL)
    assert run_until(app, lambda: human_turn(table))
    tg = focus_on(app, table, lambda t: t.sprite is not None and str(t.sprite.card) == "7B")
    key(app, pygame.K_RETURN)
    assert not table.model.state.history and table.model.prompt.chooser is not None
    options = [m.text for _r, m in table.model.prompt.chooser.rects]
    assert len(options) == 2
    # the table cards the 7 could take are lit: the focus reaches them and the choices
    keys_now = [t.key for t in table.keys.targets()]
    assert ("choice", options[0]) in keys_now and ("choice", options[1]) in keys_now
    assert any(k[0] == "card" and k[1].startswith("center") for k in keys_now)
    assert tg.sprite.card in table.model.prompt.selected
    key(app, pygame.K_2)
    assert table.model.state.history == [options[1]]
    keyboard_deal(app, table)


def test_tressette_4p_buongioco_by_the_focus(app):
    from test_ui_tressette import DEAL

    table = start_game(app, "tressette", 4, deal=DEAL)
    assert run_until(app, lambda: human_turn(table))
    # the cards come first, left to right, then the button
    targets = table.keys.targets()
    cards = [t for t in targets if t.sprite is not None]
    assert [t.sprite.x for t in cards] == sorted(t.sprite.x for t in cards)
    assert targets[len(cards)].button.tag == "buongioco"
    focus_on(app, table, lambda t: t.button is not None)
    key(app, pygame.K_RETURN)
    assert table.model.state.history == ["buongioco"]
    keyboard_deal(app, table)


def test_cattura_2p_capture_choice_by_keys(app):
    from test_ui_cattura import _position

    table = start_game(app, "cattura", 2, deal=_position("3H 5S 2S 6H 8C", [], "8D"))
    assert run_until(app, lambda: human_turn(table))
    options = [m.text for _r, m in table.model.prompt.chooser.rects]
    assert len(options) == 3
    # the choices come after the cards: Left from the first card wraps round to the last one
    key(app, pygame.K_RIGHT)  # shows the focus
    key(app, pygame.K_LEFT)
    assert table.keys.current().move.text == options[-1]
    key(app, pygame.K_UP)
    assert table.keys.current().move.text == options[-2]
    key(app, pygame.K_RETURN)
    assert table.model.state.history == [options[-2]]
    keyboard_deal(app, table)


def test_first_key_shows_the_focus_and_the_mouse_hides_it(app):
    table = start_game(app, "scopa", 2, deal=SCOPA_DEAL)
    assert run_until(app, lambda: human_turn(table))
    assert not table.keys.shown
    key(app, pygame.K_RIGHT)
    assert table.keys.shown
    first = table.keys.current()
    assert first.key == table.keys.targets()[0].key
    assert not table.model.state.history  # showing it played nothing
    assert (
        table.model.prompt.hover is first.sprite
    )  # the focused card is lifted like one under the mouse
    key(app, pygame.K_TAB)
    second = table.keys.current()
    assert second.key == table.keys.targets()[1].key
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert table.keys.current().key == first.key
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    assert not table.keys.shown


def test_space_skips_the_running_animation(app):
    table = start_game(app, "tressette", 4, seed=3)
    assert run_until(app, lambda: table.model.table.moving, 2000)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    for event in pygame.event.get():  # the key alone, without the frame's update after it
        app._dispatch(event)
    assert not table.model.table.moving  # every card where it goes, at once


def test_the_key_list_names_every_key_the_table_handles(app):
    table = start_game(app, "scopa", 2, seed=1)
    key(app, pygame.K_SLASH, pygame.KMOD_SHIFT)  # "?"
    shown = app.scenes.top
    assert isinstance(shown, keylist.KeysScene)
    app.step()  # drawn over the table
    drawn = {row.keys: " ".join(lines) for row, lines in shown.rows}
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table  # Esc closes the list, not the table's menu
    key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, keylist.KeysScene)
    key(app, pygame.K_F1)
    assert app.scenes.top is table
    # every key code the table's handlers compare with is on a line of the list
    listed = {code for row in keylist.KEYS for code in row.codes}
    root = Path(focus.__file__).parent
    sources = [root / "focus.py", root / "runner.py", *sorted(root.glob("table/*.py"))]
    sources += sorted((root / "games").glob("*.py"))
    used: set[str] = set()
    for path in sources:
        used |= set(re.findall(r"pygame\.(K_\w+)", path.read_text(encoding="utf-8")))
    assert used >= {
        "K_ESCAPE",
        "K_d",
        "K_l",
        "K_u",
        "K_r",
        "K_n",
        "K_b",
        "K_RETURN",
        "K_F11",
        "K_h",
    }
    missing = sorted(name for name in used if getattr(pygame, name) not in listed)
    assert not missing, f"keys the table handles but the list does not name: {missing}"
    for row in keylist.KEYS:  # and every line of the list is drawn, with what the keys do
        assert drawn[row.keys].startswith(row.does)


def test_a_forced_card_plays_itself_after_a_beat(app):
    # the human's last card of the first round of Scopa: 2D, with nothing to take
    table = start_game(app, "scopa", 2, deal=SCOPA_DEAL)
    for _ in range(2):
        assert run_until(app, lambda: human_turn(table))
        assert table.forced.sprite is None  # several cards: nothing plays itself
        keyboard_play(app, table)
    assert run_until(app, lambda: human_turn(table))
    sp = table.forced.sprite
    assert sp is not None and len(table.model.prompt.legal) == 1
    assert table.model.prompt.selected == [sp.card]  # lifted and ringed while it waits
    before = len(table.model.state.history)
    app.step()
    assert len(table.model.state.history) == before  # it waits its beat...
    assert run_until(app, lambda: len(table.model.state.history) > before, 30)
    assert table.model.state.history[before].startswith(str(sp.card))  # ...then goes by itself


def test_forced_card_waits_when_the_setting_is_off(app):
    app.settings.auto_last = False
    table = start_game(app, "scopa", 2, deal=SCOPA_DEAL)
    for _ in range(2):
        assert run_until(app, lambda: human_turn(table))
        keyboard_play(app, table)
    assert run_until(app, lambda: human_turn(table))
    assert len(table.model.prompt.legal) == 1 and table.forced.sprite is None
    before = len(table.model.state.history)
    for _ in range(120):
        app.step()
    assert len(table.model.state.history) == before  # the player plays it


def test_a_single_pass_is_never_played_for_the_player(app):
    from test_ui_cattura import _position

    # an empty hand and nothing to capture: passing is the only move, and it is a decision
    table = start_game(app, "cattura", 2, deal=_position("", ["3S"], "8D"))
    assert run_until(app, lambda: human_turn(table))
    assert [m.kind for m in table.model.prompt.legal] == ["pass"]
    assert table.forced.sprite is None
    for _ in range(60):
        app.step()
    assert not table.model.state.history
    assert choose_by_number(app, table) == "pass"
