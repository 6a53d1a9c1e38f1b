"""Play online through the app's real scenes, with a real table server on loopback.

The app goes Title → Play online → types the address and the code → the lobby → Ready, at a
table a bot hosts (the bot starts the match), and plays a Scopa deal through the very table
scene to its summary: every card it sees came from the server's frames for its seat.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from online_play import (
    LIMIT,
    host_scopa,
    join_by_typing,
    online_app,
    play_deal,
    play_one,
    run_bot,
    scene_named,
    seated,
    wait,
)
from ui_harness import (
    click_button,
    human_turn,
    key,
    keys_only,
    make_app,
    user_dirs,
)

from game.engine import new_game
from game.net import protocol as p
from game.net.bot import Bot
from game.net.embedded import EmbeddedServer
from game.net.storage import SqliteStore
from game.ui import stats
from game.ui.online.where import seats_dir, server_dir
from game.ui.savegame import MatchSetup, history, read_match, save_match, saved_matches


@pytest.fixture
def server(tmp_path):
    srv = EmbeddedServer(tmp_path / "server", "127.0.0.1", pause=0.0)
    srv.start()
    yield srv
    srv.stop()


def host_bot(server: EmbeddedServer, game: str = "scopa", players: int = 2, **options: int) -> Bot:
    """A bot hosting a table with one open seat, in a thread; returns once the table is open."""
    seats = ["human", "open", *["easy"] * (players - 2)]
    create = p.Create(game=game, players=players, seats=seats, options=options)
    bot = Bot(f"ws://127.0.0.1:{server.port}", create=create, level="easy", name="Bot")
    run_bot(bot)
    seated(bot)
    return bot


def sit_at(app, server: EmbeddedServer, bot: Bot):
    """The app joins ``bot``'s table by typing, gets ready, and is seated: the table scene."""
    join_by_typing(app, f"ws://127.0.0.1:{server.port}", seated(bot))
    wait(app, lambda: scene_named(app, "LobbyScene") is not None, "the lobby")
    lobby = app.scenes.stack[-1]
    wait(app, lambda: lobby.table is not None and len(lobby.table.seats) == 2, "the table")
    click_button(app, lobby, "ready")
    wait(app, lambda: scene_named(app, "TableScene") is not None, "the match")
    return app.scenes.stack[-1]


@pytest.fixture
def app(tmp_path, monkeypatch):
    user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("TAVOLO_INTERFACES", "")  # loopback only: nothing sent on the network
    monkeypatch.setenv("TAVOLO_NAME", "Anna")
    a = online_app()
    yield a
    a.shutdown()


def test_an_app_joins_a_bot_s_table_and_plays_a_scopa_deal_to_its_summary(app, server):
    bot = host_bot(server)
    table = sit_at(app, server, bot)
    m = table.model
    assert m.viewer == 1 and m.online is not None
    assert m.names[0].startswith("Bot")  # the host's name, from the server
    click_button(app, table, "say")  # a quick phrase, said to the table and back to everyone
    click_button(app, scene_named(app, "PhrasesScene"), "well_played")
    wait(app, lambda: "You: Well played!" in app.toasts.texts, "the phrase said back")
    key(app, pygame.K_ESCAPE)  # the menu: a table played online is not restarted alone
    assert [b.tag for b in scene_named(app, "PauseScene").buttons][:3] == ["resume", "new", "rules"]
    key(app, pygame.K_ESCAPE)
    moves = play_deal(app)
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


def test_a_whole_match_played_online_goes_to_the_player_s_history(app, server):
    """A short Scopa match (the smallest target) at a bot's table, played to its result: the
    player's history then holds it, its record replaying to the scores the player was shown,
    its seats the player's (human) and another person's (online), with their names."""
    local = new_game("scopa", players=2, seed=3)
    local.play(local.legal_moves()[0])
    save_match(local, MatchSetup("scopa", 2, ["human", "normal"]))  # a local match going on
    bot = host_bot(server, target=11)
    m = sit_at(app, server, bot).model
    while scene_named(app, "ResultScene") is None:
        play_deal(app)
        if scene_named(app, "SummaryScene") is not None:
            click_button(app, app.scenes.stack[-1], "continue")
        wait(
            app,
            lambda: scene_named(app, "ResultScene") or scene_named(app, "TableScene"),
            "the next deal or the result",
        )
    assert m.state.is_over and len(m.state.events) > 0
    wait(app, lambda: len(history()) == 1, "the match in the history")
    [mine], _ = saved_matches()  # the local Scopa match is still the slot's
    assert mine.state.history == local.history
    [kept] = history()
    saved = read_match(kept)  # the history's own reading: replayed from the record
    assert saved.state.is_over and saved.state.scores == m.state.scores
    assert saved.setup.seats == ["online", "human"]
    assert json.loads(kept.read_text())["names"] == ["Bot", "Anna"]
    book = stats.load().stats
    assert book is not None and book.of("scopa", 2).matches == 1  # the statistics count it


def test_a_summary_closed_before_the_next_deal_comes_still_prompts_its_first_move(app, tmp_path):
    """The player closes each deal's summary at once, while the server still pauses before
    the next deal: the table is then in step with the match between deals, and the next
    deal's view (at the same move count as the deal's end) must still prompt the player when
    the deal is theirs to lead (the second or the third deal, the lead alternating)."""
    slow = EmbeddedServer(tmp_path / "slow", "127.0.0.1", pause=3.0)
    slow.start()
    try:
        bot = host_bot(slow)
        table = sit_at(app, slow, bot)
        m = table.model
        for _deal in range(2):
            play_deal(app)
            click_button(app, app.scenes.stack[-1], "continue")
            assert m.synced and m.state.between_deals  # the next deal is not there yet
            wait(app, lambda: not m.state.between_deals, "the next deal")
            before = len(m.state.history)
            # the bot leads, or the player is prompted
            wait(
                app,
                lambda n=before: len(m.state.history) > n or human_turn(table),
                "the bot's lead or the player's turn",
            )
    finally:
        slow.stop()


def test_play_online_says_so_where_the_app_has_no_online_play(tmp_path, monkeypatch):
    """An app built without online play (App.online None): Play online says it is not
    available and the title stays."""
    user_dirs(tmp_path, monkeypatch)
    app = make_app()
    title = app.scenes.stack[-1]
    click_button(app, title, "online")
    assert app.scenes.stack == [title]
    assert "Online play is not available here." in app.toasts.texts
    app.shutdown()


def test_a_kept_seat_gone_before_it_is_taken_back_is_said_and_nothing_breaks(app):
    """The Join screen offers a kept seat; its file is gone (another window finished the
    match) when the player clicks it: the lobby says the table could not be reached and the
    Join screen comes back."""
    seats_dir().mkdir(parents=True)
    kept = seats_dir() / "seat-ABC234.json"
    seat = {"url": "ws://127.0.0.1:9", "code": "ABC234", "token": "t", "seat": 1}
    kept.write_text(json.dumps(seat))
    click_button(app, app.scenes.stack[-1], "online")
    join = scene_named(app, "JoinScene")
    kept.unlink()
    click_button(app, join, "kept:ABC234")
    app.step()
    assert "The table could not be reached." in app.toasts.texts
    assert scene_named(app, "JoinScene") is not None


def test_two_app_processes_host_and_join_and_play_a_scopa_deal(tmp_path):
    """Two apps, each its own process with its own folders: one hosts (the embedded server),
    the other joins by the invitation; both play the deal to its summary."""
    script = Path(__file__).with_name("online_play.py")
    procs = {}
    for role in ("host", "join"):
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
            env[var] = str(tmp_path / role / var)
        cmd = [sys.executable, str(script), role]
        # unbuffered: the invitation read here leaves the rest to communicate()
        procs[role] = subprocess.Popen(
            cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
        )
    host, join = procs["host"], procs["join"]
    assert host.stdout is not None and join.stdin is not None
    try:
        with selectors.DefaultSelector() as sel:  # the host's first line: its invitation
            sel.register(host.stdout, selectors.EVENT_READ)
            assert sel.select(LIMIT), f"no invitation from the host after {LIMIT:.0f} s"
        invite = host.stdout.readline().decode().split()
        assert invite[:1] == ["invite"], invite
        join.stdin.write(" ".join(invite[1:]).encode() + b"\n")
        outs = [proc.communicate(timeout=2 * LIMIT)[0].decode() for proc in (host, join)]
    finally:
        for proc in (host, join):
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert [host.returncode, join.returncode] == [0, 0], outs
    said = [out.split() for out in outs]
    assert said[0][:3] == ["host", "seat", "0"] and said[1][:3] == ["join", "seat", "1"]
    assert said[0][-2:] == said[1][-2:] == ["deal", "1"]
    assert int(said[0][4]) >= 3 and int(said[1][4]) >= 3


def test_a_host_closed_mid_deal_comes_back_to_its_table_and_the_guest_with_it(
    tmp_path, monkeypatch
):
    """The app hosting a table is closed mid-deal: started again, Play online offers the table
    back, its own server starts again on the same port with the table as stored, the guest (a
    bot) comes back on its own, and the deal goes on to its summary."""
    user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("TAVOLO_INTERFACES", "")
    app = online_app()
    lobby = host_scopa(app)
    app.step()
    assert app.idle  # the lobby waits for its guest asleep, not drawing frame after frame
    code = lobby.table.code
    guest = Bot(lobby.address, code=code, level="easy", name="Bot")
    run_bot(guest)
    wait(app, lambda: lobby.start.enabled, "the guest ready")
    click_button(app, lobby, "start")
    wait(app, lambda: scene_named(app, "TableScene") is not None, "the match")
    table = app.scenes.stack[-1]
    wait(app, lambda: human_turn(table), "the player's turn")
    play_one(app, table)
    wait(app, lambda: len(table.model.state.history) >= 2, "the guest's answer")
    app.shutdown()  # the table closes: its server and connection with it
    app = online_app()
    click_button(app, app.scenes.stack[-1], "online")
    click_button(app, scene_named(app, "JoinScene"), f"kept:{code}")
    wait(app, lambda: scene_named(app, "TableScene") is not None, "the table taken back")
    table = app.scenes.stack[-1]
    assert len(table.model.state.history) >= 2  # laid out where it stood
    assert play_deal(app) >= 1
    assert guest.connections >= 2  # the guest came back by itself
    app.shutdown()


def by_keys(app, setup, sel, value) -> None:
    """Down the Host dialog's focus ring to ``sel``, then Right until it shows ``value``."""
    for _ in range(len(setup.selectors) + 3):
        if setup.keys.current() is sel:
            break
        key(app, pygame.K_DOWN)
    for _ in range(len(sel.choices)):
        if sel.value == value:
            break
        key(app, pygame.K_RIGHT)
    assert setup.keys.current() is sel and sel.value == value


def test_the_host_chooses_how_long_a_dropped_player_is_waited_for_and_who_then_plays(app):
    """Host a table, by keys: Scopa for two against an easy AI, a dropped player waited for
    2 minutes, then played for by the strong AI.  The table the app's own server opened (as it
    stored it once started) has that takeover, and the next Host dialog of Scopa offers it
    again; the New game dialog has no such row."""
    click_button(app, app.scenes.stack[-1], "online")
    click_button(app, scene_named(app, "JoinScene"), "host")
    setup = scene_named(app, "SetupScene")
    assert (setup.after, setup.level) == (60, "normal")  # the server's defaults
    with keys_only(app):
        by_keys(app, setup, setup.game_sel, "scopa")
        by_keys(app, setup, setup.players_sel, 2)
        by_keys(app, setup, setup.seat_sels[1], "easy")
        wait_row, level_row = setup.takeover_sels
        by_keys(app, setup, wait_row, 120)
        assert wait_row.fmt(wait_row.value) == "wait 2 min"
        by_keys(app, setup, level_row, "strong")
        key(app, pygame.K_RETURN)
    wait(app, lambda: scene_named(app, "LobbyScene") is not None, "the lobby")
    lobby = app.scenes.stack[-1]
    wait(app, lambda: lobby.table is not None and lobby.start.enabled, "the table hosted")
    click_button(app, lobby, "start")
    store = SqliteStore(server_dir())
    try:
        wait(app, lambda: bool(store.unfinished()), "the table stored")
        [stored] = store.unfinished()
    finally:
        store.close()
    assert stored.code == lobby.table.code and stored.meta["seats"][1]["level"] == "easy"
    assert (stored.meta["takeover_s"], stored.meta["takeover_level"]) == (120, "strong")
    assert app.settings.takeover_of("scopa") == (120, "strong")
    app.scenes.reset(app.title_scene())
    click_button(app, app.scenes.stack[-1], "online")
    click_button(app, scene_named(app, "JoinScene"), "host")
    setup = scene_named(app, "SetupScene")
    assert setup.game == "scopa"  # the Host dialog opens on the game last hosted
    assert (setup.after, setup.level) == (120, "strong")
    assert [s.value for s in setup.takeover_sels] == [120, "strong"]
    app.scenes.reset(app.title_scene())
    click_button(app, app.scenes.stack[-1], "new")
    assert scene_named(app, "SetupScene").takeover_sels == []


def test_the_number_key_that_starts_typing_in_a_field_types_nothing(app):
    """Pressing the address field's number starts typing there; its digit is not typed (SDL
    sends the key's text after the key), and the next keys are."""
    click_button(app, app.scenes.top, "online")
    join = app.scenes.top
    n = join.keys.buttons().index(join.address) + 1
    digit = pygame.K_0 + n
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=digit, mod=0, unicode=str(n)))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(n)))
    app.step()
    assert join.address.editing and join.address.text == "ws://"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="1"))
    app.step()
    assert join.address.text == "ws://1"


def test_leaving_a_lobby_where_another_person_sits_asks_first(app, server):
    """Once a guest is ready the focus rests on Leave: Enter pressed once too often asks, and
    gives the seat up only when the player says so."""
    bot = host_bot(server)
    join_by_typing(app, f"ws://127.0.0.1:{server.port}", seated(bot))
    wait(app, lambda: scene_named(app, "LobbyScene") is not None, "the lobby")
    lobby = app.scenes.top
    wait(app, lambda: lobby.table is not None and lobby.table.seats[1].name, "the seat taken")
    key(app, pygame.K_ESCAPE)
    assert scene_named(app, "ConfirmScene") is not None
    key(app, pygame.K_ESCAPE)  # no: the lobby again, the seat kept
    assert app.scenes.top is lobby
    click_button(app, lobby, "ready")
    key(app, pygame.K_RETURN)  # Ready is done: Enter is on Leave, and asks
    confirm = scene_named(app, "ConfirmScene")
    assert confirm is not None and app.scenes.stack[-2] is lobby
    click_button(app, confirm, "yes")
    assert scene_named(app, "JoinScene") is not None
