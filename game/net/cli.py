"""``tavolo serve`` and ``tavolo bot``: the server and the bot client from the command line.

Bad flags get argparse's usage message and exit code 2; a certificate that cannot be read or a
port that cannot be opened is one sentence on stderr and exit code 1, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main"]


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {port}")
    return port


def _serve_parser() -> argparse.ArgumentParser:
    from platformdirs import user_data_dir

    p = argparse.ArgumentParser(prog="tavolo serve", description="Serve online tables.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8765, help="port (default 8765; 0: any free)")
    p.add_argument(
        "--data",
        type=Path,
        default=Path(user_data_dir("tavolo")) / "server",
        help="folder of the tables' database (default: the user data folder's server/)",
    )
    p.add_argument("--cert", type=Path, help="TLS certificate (PEM), with --key")
    p.add_argument("--key", type=Path, help="TLS private key (PEM), with --cert")
    return p


def _bot_parser() -> argparse.ArgumentParser:
    from game.ai import LEVELS

    p = argparse.ArgumentParser(prog="tavolo bot", description="Fill a seat with an AI bot.")
    p.add_argument("--server", required=True, help="the server's address, ws://host:port")
    p.add_argument("--code", required=True, help="the table's code")
    p.add_argument("--level", default="normal", choices=LEVELS, help="the bot's level")
    p.add_argument("--name", default="bot", help="the name shown at the table")
    return p


def main(argv: Sequence[str]) -> int:
    """``argv`` starts with ``serve`` or ``bot``."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    command, rest = argv[0], list(argv[1:])
    if command == "serve":
        return _serve(_serve_parser(), rest)
    return _bot(_bot_parser(), rest)


def _serve(p: argparse.ArgumentParser, argv: list[str]) -> int:
    from .server import Server, run, tls_context

    args = p.parse_args(argv)
    if (args.cert is None) != (args.key is None):
        p.error("--cert and --key go together")
    try:
        tls = tls_context(args.cert, args.key) if args.cert else None
        server = Server(args.data, args.host, args.port, tls=tls)
    except (OSError, ValueError) as exc:
        print(f"tavolo serve: cannot start: {exc}", file=sys.stderr)
        return 1
    try:
        asyncio.run(run(server))
    except OSError as exc:
        print(f"tavolo serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    return 0


def _bot(p: argparse.ArgumentParser, argv: list[str]) -> int:
    from .bot import Bot

    args = p.parse_args(argv)
    if not args.server.startswith(("ws://", "wss://")):
        p.error(f"--server is an address such as ws://127.0.0.1:8765, not {args.server!r}")
    bot = Bot(args.server, level=args.level, name=args.name[:24], code=args.code.strip().upper())
    try:
        asyncio.run(bot.run(deadline=24 * 3600))
    except (OSError, TimeoutError) as exc:
        print(f"tavolo bot: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    for error in bot.errors:
        print(f"tavolo bot: the server said {error.code}: {error.detail}", file=sys.stderr)
    return 0 if bot.over else 1
