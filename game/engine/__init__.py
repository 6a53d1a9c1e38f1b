"""Tavolo's rules engine: pure rules, no pygame, no I/O, deterministic from a seed.

The public face, used by the UI, the AI seats, the tests and every tool::

    from game.engine import GAMES, new_game, load_record, parse_card, parse_cards, IllegalMove

- ``GAMES[name]`` is a :class:`GameInfo`: title, native deck, allowed player counts, options.
- ``new_game(name, players=4, seed=1, **options)`` returns the state of a whole match;
  ``deal={...}`` instead of a seed sets the first deal explicitly (Capodama: ``dealer``,
  ``hands`` as lists of card texts per seat, and ``set_aside`` for 1 and 2 players).
- A state answers ``current_player`` (the seat to decide, ``None`` when over),
  ``legal_moves()``, ``play(move)`` (a :class:`Move` or its text; :class:`IllegalMove` with the
  reason, state unchanged), ``play_as(seat, move)``, ``is_over``, ``scores`` (match points per
  player), ``view(seat)`` (only what that seat may know), ``clone()``, ``events`` (what
  happened, for the UI; ``events_for(seat)`` hides what that seat may not see) and
  ``record()``, a JSON-able dict that ``load_record`` replays to an equal state.
- Refusals carry a reason code and its parts (``IllegalMove.code``, ``.parts``) besides the
  English sentence; an event's kind is its typed payload's class (``Event.data``, a
  :class:`Payload`: readers ``match`` on it), and every deal's end is a :class:`DealScored`
  with a :class:`SeatResult` per seat (won, points, awards), so no layer above re-derives a
  winner.  Every view is a :class:`BaseView` (game, players, seat, side, sides, deal_no,
  dealer, current_player, phase) with the game's own fields added.
- Cards print in their deck's notation: French ``AH 10S QD``, Italian ``7D CC RB``.
  ``parse_card(text, deck)`` and ``parse_cards`` raise :class:`CardError` (a ValueError) on
  bad text.  Moves print as text that ``play`` accepts back (``"7H"``, ``"double D"``,
  ``"trump 10S"``, ``"pass QH"``, ``"pass QH 8S"`` for 6-player left-then-right passes).

Seats are numbered clockwise: seat ``s + 1`` sits at the left of seat ``s``.
"""

from .base import (
    BaseView,
    DealScored,
    Dealt,
    Event,
    GameInfo,
    GameState,
    IllegalMove,
    MatchOver,
    Move,
    Option,
    Payload,
    Played,
    RecordError,
    SeatResult,
    Trick,
)
from .cards import FRENCH, ITALIAN, Card, CardError, Deck, parse_card, parse_cards
from .registry import GAMES, load_record, new_game, state_class

__all__ = [
    "FRENCH",
    "GAMES",
    "ITALIAN",
    "BaseView",
    "Card",
    "CardError",
    "DealScored",
    "Dealt",
    "Deck",
    "Event",
    "GameInfo",
    "GameState",
    "IllegalMove",
    "MatchOver",
    "Move",
    "Option",
    "Payload",
    "Played",
    "RecordError",
    "SeatResult",
    "Trick",
    "load_record",
    "new_game",
    "parse_card",
    "parse_cards",
    "state_class",
]
