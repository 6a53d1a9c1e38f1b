"""Helpers of the online UI tests: an app driven through Play online's real scenes by posted
events, at a table on a real server (loopback only).  Run as a script, it is one of two app
processes that host and join a table and play a Scopa deal to its summary
(``python tests/ui/online_play.py host|join``: the host prints the invitation first, the
joiner reads it from its standard input).

Nothing here sleeps for a while to see: :func:`wait` steps the app while it has work of its
own and otherwise waits for the news that wakes it (:data:`~game.ui.scene.WAKEUP`, set as a
server's message arrives), and a bot says it is seated with an event.  :data:`LIMIT` is only a
backstop, past which the test fails saying what it waited for."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import pygame
from ui_harness import click, click_button, human_turn, make_app, sprite_center

from game.net.bot import Bot
from game.net.service import NetService
from game.ui.scene import WAKEUP

#: The backstop of every wait here, in seconds: far longer than any should take.
LIMIT = 60.0


def online_app() -> Any:
    """A headless app with online play wired in, as the app's start-up wires it."""
    return make_app(online=NetService())


def run_bot(bot: Bot) -> None:
    """Play ``bot`` in a thread of its own until its match ends or :data:`LIMIT` passes (a
    test done before that leaves it to stop quietly)."""

    def play() -> None:
        with contextlib.suppress(TimeoutError):
            asyncio.run(bot.run(LIMIT))

    threading.Thread(target=play, daemon=True).start()


def seated(bot: Bot) -> str:
    """Wait until ``bot`` has its seat; its table's code."""
    if not bot.seated.wait(LIMIT) or bot.code is None:
        raise AssertionError(f"the bot had no seat after {LIMIT:.0f} s")
    return bot.code


def type_text(app: Any, text: str) -> None:
    for c in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=c))
    app.step()


def scene_named(app: Any, cls_name: str) -> Any:
    top = app.scenes.stack[-1]
    return top if type(top).__name__ == cls_name else None


def wait(app: Any, cond: Callable[[], Any], what: str) -> None:
    """Step the app until ``cond`` holds: frame after frame while it has something of its own
    to do (an animation, a timer: the fixed time step moves them on), else once news wakes it
    (a server's message, or anything else that sets WAKEUP).  Past :data:`LIMIT` seconds of
    it, the test fails saying it waited for ``what``."""
    end = time.monotonic() + LIMIT
    while not cond():
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError(f"waited {LIMIT:.0f} s for {what}")
        if app.idle and app.scenes.wake_in() is None:
            WAKEUP.wait(left)  # only input (there is none) or news changes it now
        WAKEUP.clear()  # what came before this is taken in by the next frame
        app.step()


def join_by_typing(app: Any, url: str, code: str) -> None:
    """Title → Play online → the address and the code typed → Join."""
    click_button(app, app.scenes.stack[-1], "online")
    join = scene_named(app, "JoinScene")
    assert join is not None
    click_button(app, join, "address")
    type_text(app, url.removeprefix("ws://"))
    click_button(app, join, "code")
    type_text(app, code.lower())
    assert join.code.text == code
    click_button(app, join, "join")


def host_scopa(app: Any) -> Any:
    """Title → Play online → Host a table: Scopa for two, the other seat a friend's → Host;
    the lobby."""
    click_button(app, app.scenes.stack[-1], "online")
    click_button(app, scene_named(app, "JoinScene"), "host")
    setup = scene_named(app, "SetupScene")
    for sel, value, arrow in (
        (setup.game_sel, "scopa", "right"),
        (setup.players_sel, 2, "left"),
    ):
        for _ in range(8):
            if sel.value == value:
                break
            click(app, getattr(sel, arrow).rect.center)
    seat = setup.seat_sels[1]
    for _ in range(8):
        if seat.value == "open":
            break
        click(app, seat.left.rect.center)
    assert (setup.game, setup.players, setup.kinds) == ("scopa", 2, ["human", "open"])
    click_button(app, setup, "start")
    wait(app, lambda: scene_named(app, "LobbyScene") is not None, "the lobby")
    lobby = app.scenes.stack[-1]
    wait(app, lambda: lobby.table is not None, "the table hosted")
    return lobby


def play_one(app: Any, table: Any) -> None:
    """Play a card of the hand: one with a single move, else the chooser's first capture."""
    m = table.model
    for sp in m.table.hands[m.viewer]:
        if [mv for mv in m.prompt.legal if mv.cards[0] == sp.card]:
            click(app, sprite_center(table, sp))
            break
    if m.prompt.chooser is not None and m.prompt.chooser.rects:
        click(app, m.prompt.chooser.rects[0][0].center)


def play_deal(app: Any) -> int:
    """Play the player's cards until the deal's summary opens; the moves played."""
    wait(app, lambda: scene_named(app, "TableScene") is not None, "the table")
    table = app.scenes.stack[-1]
    m = table.model
    moves = 0

    def summary() -> bool:
        return scene_named(app, "SummaryScene") is not None

    while not summary():
        wait(app, lambda: summary() or human_turn(table), "the player's turn or the summary")
        if summary():
            break
        before = len(m.state.history)
        play_one(app, table)
        wait(app, lambda n=before: summary() or len(m.state.history) > n, "the move played")
        moves += 1
    return moves


def main(role: str) -> None:
    """One app of two: ``host`` hosts and prints the invitation, ``join`` reads it from its
    standard input and joins; each plays its deal to the summary and prints what it saw."""
    os.environ["TAVOLO_INTERFACES"] = ""
    app = online_app()
    if role == "host":
        lobby = host_scopa(app)
        print("invite", lobby.invitation(), flush=True)
        wait(app, lambda: lobby.start.enabled, "the guest ready")
        click_button(app, lobby, "start")
    else:
        url, code = sys.stdin.readline().split()
        join_by_typing(app, url, code)
        wait(app, lambda: scene_named(app, "LobbyScene") is not None, "the lobby")
        lobby = app.scenes.stack[-1]
        wait(app, lambda: lobby.table is not None and lobby.ready.enabled, "the table joined")
        click_button(app, lobby, "ready")
    moves = play_deal(app)
    summary = app.scenes.stack[-1]
    print(
        f"{role} seat {app.scenes.stack[-2].model.viewer} moves {moves} deal {summary.data.deal_no}"
    )
    app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1])
