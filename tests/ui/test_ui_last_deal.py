"""The last deal's summary, shown again during the next deal: S, or the panel's "Last deal"
button that comes once a deal has ended (a resumed match has it too); the summary opened again
only closes, and the match goes on where it was."""

from __future__ import annotations

import pygame
from ui_harness import button, click_button, key, run_until, start_game

from game.engine import load_record
from game.ui.savegame import MatchSetup
from game.ui.scenes.summary import SummaryScene


def test_s_and_the_button_show_the_last_deals_summary_again(app):
    app.settings.speed = "instant"
    table = start_game(app, "scopa", 2, seed=3, seats=["rules", "rules"])
    key(app, pygame.K_s)
    assert app.scenes.top is table and app.toasts.texts[-1] == "No deal has ended yet"
    assert "last_deal" not in [b.tag for b in table.model.prompt.panel_buttons]
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 6000)
    first = app.scenes.top.data
    key(app, pygame.K_RETURN)
    assert app.scenes.top is table
    assert run_until(app, lambda: table.model.panel.deal_no == 2, 600)
    history = len(table.model.state.history)
    key(app, pygame.K_s)
    again = app.scenes.top
    assert isinstance(again, SummaryScene) and again.again and again.data is first
    assert again.button.label == "Close"
    for _ in range(30):
        app.step()
    assert app.scenes.top is again  # it waits to be closed, and the match waits under it
    assert len(table.model.state.history) == history
    key(app, pygame.K_RETURN)
    assert app.scenes.top is table
    click_button(app, table, "last_deal")
    assert isinstance(app.scenes.top, SummaryScene) and app.scenes.top.data is first
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    assert run_until(app, lambda: len(table.model.state.history) > history, 600)  # play goes on


def test_a_resumed_match_shows_its_last_deal_again(app):
    app.settings.speed = "instant"
    table = start_game(app, "scopa", 2, seed=3, seats=["rules", "rules"])
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 6000)
    first = app.scenes.top.data
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: table.model.panel.deal_no == 2 and table.model.synced, 600)
    state = load_record(table.model.state.record())
    app.go("table", state, MatchSetup("scopa", 2, ["human", "rules"]), resumed=True)
    resumed = app.scenes.top
    assert resumed is not table and button(resumed, "last_deal")
    key(app, pygame.K_s)
    shown = app.scenes.top
    assert isinstance(shown, SummaryScene) and shown.again
    assert shown.data == first  # the deal's result as the engine's log keeps it


def test_a_match_saved_between_deals_resumes_with_the_next_deal(app):
    """A save made as a deal ended (its summary on screen) replays to the engine's between-deals
    phase; the resumed table deals the next deal at once, names it on the title's list, and S
    shows the ended deal's summary."""
    from game.ui.savegame import _details

    app.settings.speed = "instant"
    table = start_game(app, "scopa", 2, seed=3, seats=["rules", "rules"])
    assert run_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 6000)
    first = app.scenes.top.data
    assert table.model.state.between_deals  # the summary is over the ended deal
    saved = load_record(table.model.state.record())
    assert saved.between_deals and saved.view(0).deal_no == 1
    assert "deal 2" in _details(saved)[1]  # the deal the match goes on with
    app.go("table", saved, MatchSetup("scopa", 2, ["human", "rules"]), resumed=True)
    resumed = app.scenes.top
    assert resumed.model.state is saved and not saved.between_deals
    assert resumed.model.panel.deal_no == 2 and button(resumed, "last_deal")
    key(app, pygame.K_s)
    shown = app.scenes.top
    assert isinstance(shown, SummaryScene) and shown.again and shown.data == first
