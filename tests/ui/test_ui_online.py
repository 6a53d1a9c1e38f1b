"""Play online through the app's real scenes, with a real table server on loopback.

The app goes Title → Play online → types the address and the code → the lobby → Ready, at a
table a bot hosts (the bot starts the match), and plays a Scopa deal through the very table
scene to its summary: every card it sees came from the server's frames for its seat.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pygame
import pytest
from ui_harness import (
    click,
    click_button,
    human_turn,
    make_app,
    sprite_center,
    user_dirs,
)

from game.net import protocol as p
from game.net.bot import Bot
from game.net.embedded import EmbeddedServer

#: No wait here is longer than this many seconds.
LIMIT = 60.0


@pytest.fixture
def server(tmp_path):
    srv = EmbeddedServer(tmp_path / "server", "127.0.0.1", pause=0.0)
    srv.start()
    yield srv
    srv.stop()


def host_bot(server: EmbeddedServer, game: str = "scopa", players: int = 2) -> Bot:
    """A bot hosting a table with one open seat, in a thread; returns once the table is open."""
    seats = ["human", "open", *["easy"] * (players - 2)]
    create = p.Create(game=game, players=players, seats=seats)
    bot = Bot(f"ws://127.0.0.1:{server.port}", create=create, level="easy", name="Bot")
    threading.Thread(target=lambda: asyncio.run(bot.run(LIMIT)), daemon=True).start()
    end = time.monotonic() + LIMIT
    while bot.code is None and time.monotonic() < end:
        time.sleep(0.01)
    assert bot.code is not None
    return bot


def type_text(app, text: str) -> None:
    for c in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=c))
    app.step()


def scene_named(app, cls_name: str):
    top = app.scenes.stack[-1]
    return top if type(top).__name__ == cls_name else None


def wait(app, cond, seconds: float = LIMIT) -> bool:
    """Step the app until ``cond`` holds (the server answers in real time)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        app.step()
        time.sleep(0.002)
    return cond()


@pytest.fixture
def app(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("TAVOLO_INTERFACES", "")  # loopback only: nothing sent on the network
    monkeypatch.setenv("TAVOLO_NAME", "Anna")
    a = make_app()
    yield a
    a.shutdown()


def join_by_typing(app, url: str, code: str) -> None:
    click_button(app, app.scenes.stack[-1], "online")
    join = scene_named(app, "JoinScene")
    assert join is not None
    click_button(app, join, "address")
    type_text(app, url.removeprefix("ws://"))
    click_button(app, join, "code")
    type_text(app, code.lower())
    assert join.code.text == code
    click_button(app, join, "join")


def play_one(app, table) -> None:
    """Play a card of the hand: one with a single move, else the chooser's first capture."""
    m = table.model
    for sp in m.table.hands[m.viewer]:
        if [mv for mv in m.prompt.legal if mv.cards[0] == sp.card]:
            click(app, sprite_center(table, sp))
            break
    if m.prompt.chooser is not None and m.prompt.chooser.rects:
        click(app, m.prompt.chooser.rects[0][0].center)


def test_an_app_joins_a_bot_s_table_and_plays_a_scopa_deal_to_its_summary(app, server):
    bot = host_bot(server)
    join_by_typing(app, f"ws://127.0.0.1:{server.port}", bot.code)
    assert wait(app, lambda: scene_named(app, "LobbyScene") is not None)
    lobby = app.scenes.stack[-1]
    assert wait(app, lambda: lobby.table is not None and len(lobby.table.seats) == 2)
    click_button(app, lobby, "ready")
    assert wait(app, lambda: scene_named(app, "TableScene") is not None)
    table = app.scenes.stack[-1]
    m = table.model
    assert m.viewer == 1 and m.online is not None
    assert m.names[0].startswith("Bot")  # the host's name, from the server
    moves = 0
    summary = lambda: scene_named(app, "SummaryScene") is not None  # noqa: E731
    while not summary():
        assert wait(app, lambda: summary() or human_turn(table))
        if summary():
            break
        before = len(m.state.history)
        play_one(app, table)
        assert wait(app, lambda n=before: len(m.state.history) > n), "the server took the move"
        moves += 1
    assert moves >= 3  # a Scopa deal of two: at least the player's first three cards
    # every card the table knows came from the server: the bot's hand stays hidden
    assert all(
        c is None
        for e in m.state.events
        for c, to in zip(e.cards, getattr(e.data, "to", ()), strict=False)
        if to == 0
    )
    summary_scene = app.scenes.stack[-1]
    assert summary_scene.data.deal_no == 1
