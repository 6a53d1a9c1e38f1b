"""Tavolo's command line and start-up: flags, settings, logging, and the first scene.

``tavolo`` (or ``python -m game``) with no flags opens the title.  Flags start a game directly,
which is also how tests, benchmarks and the packaged smoke test drive the real app::

    tavolo --game capodama --players 4 --deck italian --seed 7 --seats human,normal,strong,easy
    tavolo --autoplay --frames 600 --screenshot shot.png
    tavolo --open ~/Documents/Tavolo/tavolo-scopa-2p-2026-11-27-1402.json

``tavolo serve`` and ``tavolo bot`` run the online table server and its bot client
(:mod:`game.net.cli`, their own flags).

``--open FILE`` opens a match file (from the history, or exported) in the replay; a file that
cannot be opened is said in one line on stderr and in a notice over the title.

Bad flags (any invalid value) get a usage message on stderr and exit code 2; a screenshot that
cannot be written exits 1 with a message; an unexpected error is logged to the user log folder
and shown as one sentence naming the log, never as a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import random
import reprlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

log = logging.getLogger("tavolo")

_short = reprlib.Repr()
_short.maxstring = _short.maxother = 40


def _shown(value: object) -> str:
    """``value`` as an error message quotes it: its repr, cut short in the middle if long."""
    return _short.repr(value)


def _word(text: str) -> str:
    """A name given on the command line, as the lists spell it: no spaces around, lower case
    (``--game "Scopa "`` is Scopa, as the seats of ``--seats`` are trimmed)."""
    return text.strip().lower()


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"size must look like 1280x720, not {_shown(text)}"
        ) from None
    if not (640 <= w <= 8000 and 400 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is outside 640x400 .. 8000x8000")
    return w, h


def _whole(least: int, what: str, too_small: str, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number (``what``) of at least ``least`` (else ``too_small``)
    and at most ``most``."""

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:  # not a number, or one of more digits than Python reads
            raise argparse.ArgumentTypeError(f"expected {what}, not {_shown(text)}") from None
        if v < least:
            raise argparse.ArgumentTypeError(f"{too_small}, not {_shown(v)}")
        if most is not None and v > most:
            raise argparse.ArgumentTypeError(f"expected {what} up to {most}, not {_shown(v)}")
        return v

    return parse


_count = _whole(1, "a number of players", "a game needs at least 1 player")
_positive = _whole(0, "a whole number", "expected a number ≥ 0")


def build_parser() -> argparse.ArgumentParser:
    """The flags; the games, their player counts and seat kinds are read from the catalogue."""
    from game import skins
    from game.ai import seat_kinds
    from game.catalog import CATALOG
    from game.ui.stats import SEED_MOST

    games = ", ".join(CATALOG)
    titles = [e.title + (" (and its solitaire)" if e.solitaire else "") for e in CATALOG.values()]
    counts = "; ".join(f"{e.title} {', '.join(map(str, e.info.players))}" for e in CATALOG.values())
    kinds = sorted({"human", *(k for g in CATALOG for k in seat_kinds(g))})
    only = "".join(
        f"; {kind} only for {e.title} with {' or '.join(map(str, counts))} player(s)"
        for e in CATALOG.values()
        for kind, counts in e.seat_players.items()
    )
    p = argparse.ArgumentParser(
        prog="tavolo",
        description=f"Tavolo, a card table: {', '.join(titles)}.",
        epilog="Without options the title screen opens.  "
        "tavolo serve --help and tavolo bot --help: the online server and bot.",
    )
    p.add_argument("--game", type=_word, help=f"start this game directly: {games}")
    p.add_argument("--players", type=_count, help=f"number of players ({counts})")
    p.add_argument("--deck", type=_word, choices=list(skins.DECKS), help="the cards shown")
    p.add_argument(
        "--seed",
        type=_whole(0, "a deal number", "expected a number ≥ 0", SEED_MOST),
        help="deal number, to replay a deal or a match",
    )
    p.add_argument(
        "--seats",
        help=f"one seat kind per player, comma-separated: {', '.join(kinds)} "
        f"(default: you, then normal AIs; rules and search are the levels' parts{only})",
    )
    p.add_argument("--autoplay", action="store_true", help="AI at every seat, playing on its own")
    p.add_argument(
        "--open",
        type=Path,
        metavar="FILE",
        help="replay a match file (one kept in the history, or exported from it)",
    )
    p.add_argument(
        "--speed",
        type=_word,
        choices=["slow", "normal", "fast", "instant"],
        help="animation speed for this run",
    )
    p.add_argument("--frames", type=_positive, help="quit after this many frames")
    p.add_argument("--screenshot", type=Path, help="save the last frame to this PNG file")
    p.add_argument("--size", type=_size, help="window size, e.g. 1600x900")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    p.add_argument("--verbose", action="store_true", help="log more, also to stderr")
    return p


def check_args(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Validate the game, players and seats against the engine; p.error exits 2 with usage."""
    from game import skins
    from game.ai import seat_kinds
    from game.ai.levels import DEFAULT_LEVEL
    from game.catalog import first
    from game.engine import GAMES
    from game.ui.games import playable_games

    given = (args.game, args.players, args.seats, args.seed)
    if args.open is not None and (args.autoplay or any(v is not None for v in given)):
        p.error(
            "--open replays a match already played: it takes no --game, --players, "
            "--seats, --seed or --autoplay"
        )
    if not args.autoplay and all(v is None for v in given):
        return
    game = args.game if args.game is not None else first().name
    if game not in playable_games():
        known = ", ".join(playable_games())
        p.error(f"unknown game {_shown(args.game)}: the table plays {known}")
    args.game = game
    info = GAMES[game]
    if args.players is None:
        args.players = (
            len(args.seats.split(","))
            if args.seats is not None
            else (4 if 4 in info.players else info.players[0])
        )
    if args.players not in info.players:
        allowed = ", ".join(map(str, info.players))
        p.error(f"{info.title} is played by {allowed} players, not {args.players}")
    kinds_ok = ["human", *seat_kinds(game, args.players)]
    if args.seats is not None:
        seats = [_word(s) for s in args.seats.split(",")]
        if len(seats) != args.players:
            p.error(f"--seats names {len(seats)} seats but there are {args.players} players")
        for s in seats:
            if s not in kinds_ok:
                p.error(
                    f"{info.title} with {args.players} player(s) has no seat kind {_shown(s)}: "
                    f"choose from {', '.join(kinds_ok)}"
                )
    ai = DEFAULT_LEVEL if DEFAULT_LEVEL in kinds_ok else "random"
    if args.seats is None:
        seats = ["human"] + [ai] * (args.players - 1)
    if args.autoplay:
        seats = [ai if s == "human" else s for s in seats]
    args.seat_list = seats
    if args.deck:
        reason = skins.can_show(game, args.players, args.deck)
        if reason:
            p.error(reason)


#: Subcommands that run without a window: the online server and its bot client (game.net).
NET_COMMANDS = ("serve", "bot")


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] and given[0] in NET_COMMANDS:
        from game.net.cli import main as net_main

        return net_main(given)
    parser = build_parser()
    args = parser.parse_args(argv)
    check_args(parser, args)
    from game.ui.logsetup import setup_logging

    log_file = setup_logging(args.verbose)
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        from game.ui.logsetup import FILE_ONLY

        log.exception("Tavolo stopped on an unexpected error", extra=FILE_ONLY)
        where = (
            f"the details are in {log_file}"
            if log_file
            else f"no log file could be written ({exc!r})"
        )
        print(f"Tavolo stopped on an unexpected error; {where}.", file=sys.stderr)
        return 1


def _sweep_temp() -> None:
    """Remove the temporary files killed writes left in the config and data folders (and the
    data folder's own folders, such as the history)."""
    from game.ui import storage

    data = storage.data_dir()
    folders = [storage.config_dir(), data]
    with contextlib.suppress(OSError):
        folders += [p for p in data.iterdir() if p.is_dir() and not p.is_symlink()]
    for folder in folders:
        storage.sweep_stale_temp(folder)


def _run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import i18n
    from game.engine import new_game
    from game.net.service import NetService
    from game.ui.routes import confirm_replace, open_match_file
    from game.ui.runner import App
    from game.ui.savegame import MatchSetup
    from game.ui.settings import load_settings

    _sweep_temp()
    i18n.set_language(i18n.system_language())  # a damaged settings file is told in it
    settings, notice = load_settings()
    if args.speed:
        settings.speed = args.speed
    app = App(
        settings,
        size=args.size,
        fullscreen=True if args.fullscreen else None,
        persist=not args.autoplay,
        online=NetService(),
    )
    if notice:
        app.notice(notice)
    if args.deck:
        app.use_deck_for_session(args.deck)  # the title, the setup, the solitaire: all of it
    app.scenes.push(app.title_scene())
    if args.open is not None:
        open_match_file(app, args.open)  # refused: said on the console and over the title
    if getattr(args, "seat_list", None):
        # --deck shows this table in that deck; else the game's own (or the one chosen for it)
        if not args.deck:
            settings.deck = settings.deck_for(args.game, args.players)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
        state = new_game(args.game, players=args.players, seed=seed)
        setup = MatchSetup(args.game, args.players, args.seat_list, autoplay=args.autoplay)
        # a saved match of the same game is never replaced without asking (autoplay saves none)
        confirm_replace(app, setup.slot, lambda: app.open("table", state, setup))
    # a screenshot that cannot be written is said on the console and exits 1 (App.run)
    return app.run(frames=args.frames, screenshot=args.screenshot)


if __name__ == "__main__":
    raise SystemExit(main())
