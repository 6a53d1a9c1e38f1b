"""Every engine entry point refuses junk the same way in all four games.

One table of junk is thrown at each game: moves that are no text or blank text, seats that are
not seat numbers (a bool is not a seat, though Python takes ``True == 1``), malformed capture
markers, huge numbers, None.  Each is refused with IllegalMove, RecordError or ValueError and a
sentence, never an IndexError or a silent success, and the state is unchanged afterwards.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import GAMES, GameState, IllegalMove, RecordError, load_record, new_game

PLAYERS = {"capodama": 4, "scopa": 2, "tressette": 4, "cattura": 2}
GAME_NAMES = sorted(PLAYERS)

HUGE = 10**100

#: Move texts and objects that are no move in any game.
JUNK_MOVES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    HUGE,
    3.5,
    b"AH",
    ["AH"],
    {"move": "AH"},
    "",
    " ",
    ",",
    "  ,  ",
    "\t\n",
    "*",
    "**",
    "***",
    "* *",
    "AH**",
    "**AH",
    "pass",
    "pass ,",
    "double",
    "trump",
    "send",
    "x" * 10_000,
    str(HUGE),
    "\x00",
]

#: Values that are not a seat of a 2- to 6-seat table.
JUNK_SEATS: list[Any] = [True, False, None, -1, HUGE, -HUGE, "0", 1.0, [0], 6]


def fresh(game: str) -> GameState:
    return new_game(game, players=PLAYERS[game], seed=7)


def states(game: str) -> list[GameState]:
    """A fresh deal and one a few moves in (markers and captures mean more there)."""
    later = fresh(game)
    for _ in range(5):
        if later.current_player is None:
            break
        later.play(later.legal_moves()[0])
    return [fresh(game), later]


def refused(call: Any) -> Exception:
    """The refusal ``call()`` raises: an engine refusal with a sentence, nothing else."""
    with pytest.raises((IllegalMove, RecordError, ValueError)) as info:
        call()
    assert str(info.value).strip(), "a refusal says what was wrong"
    return info.value


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("junk", JUNK_MOVES, ids=repr)
def test_junk_moves_are_refused_and_change_nothing(game, junk):
    for state in states(game):
        before = state.clone()
        history, events = state.history, len(state.events)
        exc = refused(lambda: state.play(junk))  # noqa: B023 - called at once
        assert isinstance(exc, IllegalMove), f"{type(exc).__name__}: {exc}"
        assert state == before and state.history == history and len(state.events) == events
        seat = state.current_player
        refused(lambda: state.play_as(seat, junk))  # noqa: B023
        assert state == before


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("junk", JUNK_SEATS, ids=repr)
def test_junk_seats_are_refused_in_play_as_and_view(game, junk):
    for state in states(game):
        before = state.clone()
        move = state.legal_moves()[0]
        exc = refused(lambda: state.play_as(junk, move))  # noqa: B023
        assert isinstance(exc, IllegalMove)
        assert state == before
        refused(lambda: state.view(junk))  # noqa: B023
        assert state == before


@pytest.mark.parametrize("game", GAME_NAMES)
def test_true_is_not_seat_one(game):
    """``True == 1`` in Python, but a bool given as a seat is junk, even on seat 1's turn."""
    state = fresh(game)
    while state.current_player != 1:
        state.play(state.legal_moves()[0])
    before = state.clone()
    refused(lambda: state.play_as(True, state.legal_moves()[0]))
    assert state == before
    state.play_as(1, state.legal_moves()[0])  # the real seat number is still taken


def valid_deal(game: str) -> dict[str, Any]:
    """A first deal of each game, written out (every card of the game placed once)."""
    cards = [str(c) for c in GAMES[game].cards_for(PLAYERS[game])]
    if game == "scopa":
        return {"dealer": 0, "hands": [cards[0:3], cards[3:6]], "table": cards[6:10]}
    if game == "cattura":
        return {
            "dealer": 0,
            "hands": [cards[0:5], cards[5:10]],
            "battlefield": [cards[10]],
            "deck": cards[11:],
        }
    n = PLAYERS[game]
    size = len(cards) // n
    return {"dealer": 0, "hands": [cards[k * size : (k + 1) * size] for k in range(n)]}


#: The keys of each game's explicit deal that name a seat.
SEAT_KEYS = {
    "capodama": ["dealer"],
    "scopa": ["dealer", "last_capturer"],
    "tressette": ["dealer"],
    "cattura": ["dealer", "turn"],
}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_explicit_deals_refuse_junk_seats(game):
    deal = valid_deal(game)
    new_game(game, players=PLAYERS[game], deal=deal)  # the deal itself is fine
    for key in SEAT_KEYS[game]:
        for junk in [j for j in JUNK_SEATS if j is not None]:
            exc = refused(lambda: new_game(game, players=PLAYERS[game], deal={**deal, key: junk}))  # noqa: B023
            assert isinstance(exc, RecordError) and key in str(exc), exc


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("junk", [True, False, 0, -1, HUGE, "4", 4.0], ids=repr)
def test_junk_player_counts_are_refused(game, junk):
    refused(lambda: new_game(game, players=junk, seed=1))


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("junk", [m for m in JUNK_MOVES if isinstance(m, str)], ids=repr)
def test_records_holding_junk_moves_are_refused(game, junk):
    record = fresh(game).record()
    record["moves"] = [junk]
    exc = refused(lambda: load_record(record))
    assert isinstance(exc, RecordError)


def marked(text: str) -> list[str]:
    """``text`` with one word given a malformed marker: two or three stars, or a leading one."""
    words = text.split()
    out = []
    for k, w in enumerate(words):
        body = w.rstrip("*")
        for bad in (body + "**", body + "***", "*" + body, "*"):
            out.append(" ".join([*words[:k], bad, *words[k + 1 :]]))
    return out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_malformed_markers_in_legal_moves_are_refused(game):
    """Every legal move of the first plays, each word mangled with bad ``*`` marks: refused
    (Cattura marks a captured card with exactly one ``*``; the other games have no marks)."""
    state = fresh(game)
    tried = 0
    for _ in range(40):
        if state.current_player is None:
            break
        before = state.clone()
        for move in state.legal_moves():
            for text in marked(move.text):
                refused(lambda: state.play(text))  # noqa: B023
                tried += 1
        assert state == before
        state.play(state.legal_moves()[-1])
    assert tried > 100
