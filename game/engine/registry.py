"""The registered games, ``new_game`` and ``load_record``: the engine's front door."""

from __future__ import annotations

import random
from typing import Any

from . import briscola, capodama, cattura, scopa, scopone, tressette
from .base import GameInfo, GameState, IllegalMove, RecordError

__all__ = ["GAMES", "load_record", "new_game"]

#: Every game by name, with its deck, allowed player counts and options.
GAMES: dict[str, GameInfo] = {}

#: the state class of each game (its view class is known only once a name picks the game)
_STATES: dict[str, type[GameState[Any]]] = {}


def register(info: GameInfo, state: type[GameState[Any]]) -> None:
    """Make a game known: its info, and the state class built as ``state(players, options,
    seed, deal)``.  One line per game, here."""
    state.info = info
    GAMES[info.name] = info
    _STATES[info.name] = state


def state_class(game: str) -> type[GameState[Any]]:
    """The state class ``game`` plays with (the modules its rules and events live in)."""
    return _STATES[game]


register(capodama.INFO, capodama.CapodamaState)
register(scopa.INFO, scopa.ScopaState)
register(cattura.INFO, cattura.CatturaState)
register(tressette.INFO, tressette.TressetteState)
register(briscola.INFO, briscola.BriscolaState)
register(scopone.INFO, scopone.ScoponeState)


def new_game(
    name: str,
    players: int | None = None,
    seed: int | None = None,
    deal: dict[str, Any] | None = None,
    **options: Any,
) -> GameState[Any]:
    """A new match of game ``name``.

    ``seed`` makes the shuffles and the first dealer reproducible (a random seed is drawn when
    it is None); ``deal`` sets the first deal explicitly instead (see each game's docs); other
    keyword arguments are the game's options (``GAMES[name].options``).  Anything not allowed
    raises a ValueError that says what is allowed.
    """
    if not isinstance(name, str) or name.lower() not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown game {name!r}: the games are {known}")
    info = GAMES[name.lower()]
    if players is None:
        players = info.players[0] if len(info.players) == 1 else _default_players(info)
    full = info.check_options(players, options)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return _STATES[info.name](players, full, seed, deal)


def _default_players(info: GameInfo) -> int:
    return 4 if 4 in info.players else info.players[0]


def load_record(record: dict[str, Any]) -> GameState[Any]:
    """Replay a record made by ``state.record()``; a RecordError says what is wrong with it.

    A move that follows a scored deal implies the step that dealt the next deal
    (:meth:`GameState.deal_next`); a record whose last move scored a deal (a match saved
    between deals) replays to a state between deals, as it was saved, unless it says
    ``"deal_next": true`` (the next deal was dealt and nothing played in it yet)."""
    if not isinstance(record, dict):
        raise RecordError("a game record is a JSON object with game, players, seed and moves")
    for key in ("game", "players", "seed", "moves"):
        if key not in record:
            raise RecordError(f"the game record has no {key!r}")
    moves = record["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("the record's moves must be a list of move texts")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("the record's options must be an object")
    info = GAMES.get(record["game"]) if isinstance(record["game"], str) else None
    if info is not None:
        options = {k: v for k, v in options.items() if k not in info.retired}
    try:
        state = new_game(
            record["game"],
            players=record["players"],
            seed=record["seed"],
            deal=record.get("deal"),
            **options,
        )
    except RecordError:
        raise
    except ValueError as exc:
        raise RecordError(f"the record cannot start its game: {exc}") from None
    for k, text in enumerate(moves):
        if state.between_deals:  # a move after a scored deal: the next deal was dealt first
            state.deal_next()
        try:
            state.play(text)
        except IllegalMove as exc:
            raise RecordError(f"move {k + 1} ({text!r}) cannot be replayed: {exc}") from None
    if record.get("deal_next") is True and state.between_deals:
        state.deal_next()
    return state
