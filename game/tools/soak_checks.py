"""The engine's invariants, each a function that raises :class:`InvariantBroken` when it fails.

``python -m game.tools.soak`` calls them after every move of thousands of deals; tests call them on
hand-made broken states to prove they can fail.  They read only what the engine offers every
reader: each state's public accessors (hands, piles, table, deck), its views, its records and
the typed payloads of its events.  The one exception is :func:`check_hidden`, which swaps two
cards between two hands in a *clone* (the hands are bitmasks named ``_hands`` in every game):
the only way to ask "would this seat see a difference?" without trusting the view itself.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, cast

from game.catalog import CATALOG, load
from game.engine import Card, DealScored, GameState, IllegalMove, load_record
from game.engine.cards import cards_of, mask_of

__all__ = [
    "CAPODAMA",
    "CATTURA",
    "SCOPA",
    "TRESSETTE",
    "GameChecks",
    "InvariantBroken",
    "card_places",
    "check_cards",
    "check_hidden",
    "check_refusal",
    "check_replay",
    "check_scored",
    "checks_of",
    "junk_move",
]


class InvariantBroken(AssertionError):
    """An engine invariant does not hold; the message says which and where."""


def _trick(state: Any) -> list[Card]:
    return [card for _, card in state.view(0).trick]


def _capodama(s: Any) -> list[Card]:
    seats = range(s.seats)
    return [
        *(c for p in seats for c in s.hand(p)),
        *(c for p in seats for c in s.won_cards(p)),
        *_trick(s),
        *s.set_aside_cards(),
    ]


def _scopa(s: Any) -> list[Card]:
    return [
        *(c for p in range(s.players) for c in s.hand(p)),
        *(c for side in range(len(s.sides)) for c in s.captured_cards(side)),
        *s.table(),
        *s.deck_cards(),
        *s.unclaimed_cards(),
    ]


def _tressette(s: Any) -> list[Card]:
    seats = range(s.seats)
    return [
        *(c for p in seats for c in s.hand(p)),
        *(c for p in seats for c in s.won_cards(p)),
        *_trick(s),
    ]


def _cattura(s: Any) -> list[Card]:
    seats = range(s.players)
    return [
        *(c for p in seats for c in s.hand(p)),
        *(c for p in seats for c in s.captured(p)),
        *s.battlefield(),
        *s.deck_cards(),
    ]


def card_places(state: GameState) -> list[Card]:
    """Every card the state holds anywhere (hands, piles, table, deck), repeats included."""
    return checks_of(state.name).places(state)


def check_cards(state: GameState) -> None:
    """Every card the match deals is in exactly one place: none lost, none doubled, none new."""
    held = Counter(card_places(state))
    dealt = Counter(state.info.cards_for(state.players))
    if held != dealt:
        lost = sorted(str(c) for c in (dealt - held).elements())
        extra = sorted(str(c) for c in (held - dealt).elements())
        raise InvariantBroken(f"cards not conserved: missing {lost}, extra or doubled {extra}")


#: Text that is never a move in any game: blank, separators, junk, a bool's spelling.
JUNK = ("", " ", ",", " , ", "??", "ZZ", "PLAY", "PASS 9", "TRUE", "0", "-1", "**", "***")


def junk_move(state: GameState, rng: random.Random) -> str | None:
    """A random move text that is not legal now: a card not among the legal moves (half the
    time) or a junk text; None when the card drawn happens to be legal."""
    legal = {m.text.upper() for m in state.legal_moves()}
    if rng.random() < 0.5:
        text = str(rng.choice(state.info.deck.cards))
        if rng.random() < 0.3:
            text = text.lower()
    else:
        text = rng.choice(JUNK)
    return None if text.upper() in legal else text


def check_refusal(state: GameState, text: str) -> None:
    """Playing an illegal ``text`` raises IllegalMove (nothing else) and changes nothing."""
    before = state.clone()
    events = len(state.events)
    try:
        state.play(text)
    except IllegalMove:
        pass
    except Exception as exc:
        raise InvariantBroken(f"move {text!r} raised {type(exc).__name__}: {exc}") from exc
    else:
        raise InvariantBroken(f"the illegal move {text!r} was accepted")
    if state != before or len(state.events) != events:
        raise InvariantBroken(f"the refused move {text!r} changed the state")


def _cards_in(value: object) -> set[Card]:
    """Every card named anywhere inside a view (dataclasses, tuples, dicts, sets)."""
    if isinstance(value, Card):
        return {value}
    if is_dataclass(value) and not isinstance(value, type):
        return _cards_in([getattr(value, f.name) for f in fields(value)])
    if isinstance(value, dict):
        return _cards_in([*value.keys(), *value.values()])
    if isinstance(value, Iterable) and not isinstance(value, str | bytes):
        out: set[Card] = set()
        for item in value:
            out |= _cards_in(item)
        return out
    return set()


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def check_hidden(state: GameState, seat: int, rng: random.Random) -> None:
    """The view of ``seat`` does not change when a card it cannot see moves.

    The card comes from another player's hand (a seat the same player does not control) and is
    one the view does not name anywhere (a card a seat was shown, such as a passed card or a
    declaration, may rightly change its view when moved).  It trades places with such a card of
    a second other hand or, half the time and whenever there is only one other hand, is replaced
    by a card nobody holds that the view does not name either (still in the deck, set aside or
    in a pile the seat cannot see).  The view of that altered clone must equal the real one.
    """
    me = state.controller(seat)
    hands = [mask_of(state.hand(s)) for s in range(state.seats)]
    others = [o for o in range(len(hands)) if state.controller(o) != me and hands[o]]
    if not others:
        return
    before = state.view(seat)
    named = {c.index for c in _cards_in(before)}
    a = rng.choice(others)
    xa = [i for i in _bits(hands[a]) if i not in named]
    if len(others) > 1 and rng.random() < 0.5:
        b = rng.choice([o for o in others if o != a])
        xb = [i for i in _bits(hands[b]) if i not in named]
    else:
        b = a
        held = 0
        for mask in hands:
            held |= mask
        xb = [c.index for c in state.info.cards_for(state.players)]
        xb = [i for i in xb if i not in named and not held >> i & 1]
    if not xa or not xb:
        return
    move = (1 << rng.choice(xa)) | (1 << rng.choice(xb))  # out of one hand, into the other
    deck = state.info.deck
    other = state.with_hand(a, cards_of(hands[a] ^ move, deck))
    if b != a:
        other = other.with_hand(b, cards_of(hands[b] ^ move, deck))
    if other.view(seat) != before:
        where = f"seats {a} and {b} trade cards" if a != b else f"seat {a} holds another card"
        raise InvariantBroken(f"the view of seat {seat} changes when {where} it cannot see")


def check_replay(state: GameState) -> None:
    """The state's record replays to an equal state."""
    again = load_record(state.record())
    if again != state:
        raise InvariantBroken("the record does not replay to an equal state")


def check_scored(state: GameState, scored: DealScored) -> None:
    """A deal's payload is whole and its point totals are the rules' totals."""
    if len(scored.results) not in (state.players, state.seats):
        raise InvariantBroken(f"{len(scored.results)} results for {state.players} players")
    total = checks_of(state.name).total(scored)
    if total is not None:
        raise InvariantBroken(total)


def _capodama_total(p: Any) -> str | None:
    if p.total != 150 or sum(p.points_by_seat) != 150:
        return f"Capodama deal points {p.points_by_seat} (total {p.total}) do not add up to 150"
    return None


def _tressette_total(p: Any) -> str | None:
    if sum(p.raw) != 32 + p.last_trick_raw:  # the cards' 32 thirds and the last trick's
        return f"Tressette raw thirds {p.raw} do not add up to 32 + {p.last_trick_raw}"
    return None


def _scopa_total(p: Any) -> str | None:
    taken = sum(p.figures.cards)
    if taken not in (0, 40) or sum(p.figures.coins) not in (0, 10):
        return f"Scopa sides took {p.figures.cards} cards, {p.figures.coins} coins (not 40, 10)"
    return None


def _cattura_total(p: Any) -> str | None:
    won = tuple(s for s, r in enumerate(p.results) if r.won)
    if won != p.winners:
        return f"Cattura winners {p.winners} but the seats marked won are {won}"
    return None


@dataclass(frozen=True)
class GameChecks:
    """What the soak checks in one game, named by the game's catalogue entry (``soak``)."""

    #: where every card of a match can be, read through the state's public accessors
    places: Callable[[Any], list[Card]]
    #: why a deal's payload does not add up to the rules' totals, or None when it does
    total: Callable[[Any], str | None]


CAPODAMA = GameChecks(_capodama, _capodama_total)
SCOPA = GameChecks(_scopa, _scopa_total)
TRESSETTE = GameChecks(_tressette, _tressette_total)
CATTURA = GameChecks(_cattura, _cattura_total)


def checks_of(game: str) -> GameChecks:
    """The soak's checks of ``game``, as its catalogue entry names them."""
    target = CATALOG[game].soak
    if target is None:
        raise ValueError(f"the catalogue entry of {game} names no soak checks (its soak)")
    return cast(GameChecks, load(target))
