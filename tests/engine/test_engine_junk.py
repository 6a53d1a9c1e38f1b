"""Every engine entry point refuses junk the same way in all four games.

One table of junk is thrown at each game: moves that are no text or blank text, seats that are
not seat numbers (a bool is not a seat, though Python takes ``True == 1``), malformed capture
markers, huge numbers, None, Move objects the engine never made (cards of no deck, no cards,
no text), guessed worlds that contradict a view.  Each is refused with IllegalMove,
RecordError or ValueError and a sentence, never an IndexError or a silent success, and the
state is unchanged afterwards.  A Move object made elsewhere that equals a legal move (the
same text) plays the engine's own move, whatever its kind and cards say.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.engine import GAMES, GameState, IllegalMove, Move, RecordError, load_record, new_game
from game.engine.base import CardMove
from game.engine.capodama import CapodamaState
from game.engine.cards import Card, parse_card

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


#: Move objects made outside the engine that no game may take (issue 28): cards of no deck,
#: a card index past the French deck, no cards, a kind no game has, no text at all.
FOREIGN_MOVES: list[Any] = [
    *(Move("play", (Card(320 + i),), "zz") for i in range(0, 40, 7)),
    Move("play", (), "zz"),
    Move("play", (Card(999),), "zz"),
    Move("send", (), "send"),
    Move(None, None, None),  # type: ignore[arg-type]
    Move("play", (Card(60),), "60"),
    CardMove("play", Card(60), "zz"),
    CardMove("send", Card(125), "send"),
]


def move_id(move: Move) -> str:
    """A test id that tells the junk moves apart (their text alone does not)."""
    cards = None if move.cards is None else [int(c) for c in move.cards]
    return f"{type(move).__name__}({move.kind!r}, {cards}, {move.text!r})"


def reachable(game: str, seed: int, steps: int, step: bool = True) -> GameState:
    """The state after ``steps`` random moves of a seeded match (fewer if it ends first), the
    next deal dealt whenever one ends (``step``), else stopping between deals."""
    state = new_game(game, players=PLAYERS[game], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.between_deals and step:
            state.deal_next()
        if state.current_player is None:
            break
        state.play(rng.choice(state.legal_moves()))
    return state


def positions(game: str) -> list[GameState]:
    """States of every phase: the first decision, the exchange or first plays, mid-deal, a
    later deal, a match between deals (Cattura's, of one deal, is over) and one played to its
    end."""
    return [
        *(reachable(game, 7, k) for k in (0, 3, 9, 20, 45)),
        reachable(game, 7, 10_000, step=False),
        reachable(game, 7, 10_000),
    ]


def seen(state: GameState) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was: the record, every seat's view, the log."""
    views = tuple(state.view(s) for s in range(state.seats))
    return state.record(), views, len(state.events)


def assert_refused(state: GameState, junk: Any) -> IllegalMove:
    """``state.play(junk)`` is refused with a reason code, and nothing changes."""
    before, twin = seen(state), state.clone()
    with pytest.raises(IllegalMove) as info:
        state.play(junk)
    assert isinstance(info.value.code, str) and info.value.code, info.value
    assert str(info.value).strip()
    assert seen(state) == before and state == twin
    return info.value


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("junk", FOREIGN_MOVES, ids=move_id)
def test_move_objects_the_engine_did_not_make_are_refused(game, junk):
    for state in positions(game):
        code = assert_refused(state, junk).code
        if state.current_player is None:
            assert code == ("between_deals" if state.between_deals else "match_over")
        else:
            assert code == "not_a_move"
        assert not state.is_legal(junk)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_move_object_equal_to_a_legal_move_plays_the_engines_own(game):
    """A Move with a legal move's text, whatever kind and cards it holds, plays that legal
    move: the state is the one the engine's move gives, and its record loads back to it."""
    for state in positions(game)[:-1]:
        for k, legal in enumerate(state.legal_moves()[:6]):
            odd = Move(None, (Card(320 + k), Card(999)), legal.text)  # type: ignore[arg-type]
            assert state.is_legal(odd)
            mine, twin = state.clone(), state.clone()
            mine.play(odd)
            twin.play(legal)
            assert mine == twin
            assert load_record(mine.record()) == mine


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_move_object_must_be_written_as_the_engine_writes_it(game):
    """Text is read loosely ("ah" for AH), but a Move object equals a legal move only by its
    exact text: one spelled otherwise is refused, though the text itself is taken."""
    state = positions(game)[2]
    legal = state.legal_moves()[0]
    loose = legal.text.lower() + " "
    assert_refused(state, Move(legal.kind, legal.cards, loose))
    twin = state.clone()
    twin.play(loose)
    state.play(legal)
    assert twin == state


def test_a_tressette_card_of_no_deck_is_not_taken_for_a_card_in_hand():
    """Card(320 + i) & 63 is a card index: Tressette once played it, and its record then
    failed to load."""
    state = reachable("tressette", 7, 2)
    hand = state.legal_moves()
    for legal in hand:
        assert_refused(state, Move("play", (Card(320 + legal.cards[0].index),), "zz"))
        assert_refused(state, Move("play", (Card(legal.cards[0] + 64),), "zz"))


#: Junk move objects for the property: Moves and CardMoves of any kind, cards and text (legal
#: texts too, and their loose spellings), and what is no Move at all.
KINDS = st.one_of(
    st.sampled_from(["play", "pass", "double", "trump", "declare", "place", "capture"]),
    st.sampled_from(["send", "take", "", "zz"]),
    st.none(),
    st.integers(),
)
CARDS = st.builds(Card, st.integers(-70, 1100))
CARD_TUPLES = st.one_of(st.lists(CARDS, max_size=4).map(tuple), st.none(), st.text(max_size=3))
OTHER = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.lists(st.integers(), max_size=2),
)


def junk_for(state: GameState) -> st.SearchStrategy[Any]:
    """Junk for ``state``: its legal moves' texts and every card's (mostly illegal now) too."""
    texts = [m.text for m in state.legal_moves()] or ["AH"]
    texts += [str(c) for c in state.deck.cards]
    text = st.one_of(
        st.sampled_from(texts),
        st.sampled_from(texts).map(str.lower),
        st.text(max_size=12),
        st.none(),
        st.integers(),
    )
    moves = st.builds(Move, KINDS, CARD_TUPLES, text)
    card_moves = st.builds(CardMove, KINDS, CARDS, st.text(max_size=6) | st.sampled_from(texts))
    return st.one_of(moves, card_moves, OTHER, st.sampled_from(texts))


@settings(max_examples=300)
@given(
    game=st.sampled_from(GAME_NAMES),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    data=st.data(),
)
def test_any_object_given_to_play_is_refused_or_is_a_legal_move(game, seed, steps, data):
    state = reachable(game, seed, steps)
    junk = data.draw(junk_for(state), label="junk")
    legal = {m.text: m for m in state.legal_moves()}
    before, twin = seen(state), state.clone()
    try:
        state.play(junk)
    except IllegalMove as exc:
        event(f"{type(junk).__name__} refused: {exc.code}")
        assert isinstance(exc.code, str) and exc.code
        assert seen(state) == before and state == twin
    else:
        event(f"{type(junk).__name__} played")
        played = state.history[-1]
        if isinstance(junk, Move):
            assert junk.text in legal and played == junk.text
        else:
            assert isinstance(junk, str) and played in legal
        twin.play(legal[played])
        assert state == twin
    assert load_record(state.record()) == state


# -- guessed worlds (from_view) ------------------------------------------------------------


def capodama_play(players: int = 4) -> tuple[CapodamaState, int]:
    """A Capodama deal in its card play, and the seat to move."""
    state = new_game("capodama", players=players, seed=4)
    assert isinstance(state, CapodamaState)
    rng = random.Random(4)
    while state.phase != "play" or not state.view(0).trick:
        state.play(rng.choice(state.legal_moves()))
    assert state.current_player is not None
    return state, state.current_player


def true_hands(state: CapodamaState, seat: int) -> dict[int, list[Card]]:
    return {s: list(state.hand(s)) for s in range(state.seats) if s != seat}


def own_card(state: CapodamaState, me: int, hands: dict[int, list[Card]]) -> None:
    other = (me + 1) % state.seats
    hands[other][0] = state.hand(me)[0]


def twice(state: CapodamaState, me: int, hands: dict[int, list[Card]]) -> None:
    a, b = (me + 1) % state.seats, (me + 2) % state.seats
    hands[a][0] = hands[b][0]


def seat_99(state: CapodamaState, me: int, hands: dict[int, list[Card]]) -> None:
    other = (me + 1) % state.seats
    hands[99] = hands.pop(other)


def italian(state: CapodamaState, me: int, hands: dict[int, list[Card]]) -> None:
    other = (me + 1) % state.seats
    hands[other][0] = parse_card("7D", "italian")


@pytest.mark.parametrize(
    ("spoil", "words"),
    [
        (own_card, "the guess names cards the view shows: "),
        (twice, "the guess names a card twice"),
        (seat_99, "hidden must give the hands of seats"),
        (italian, "Card(7D) is not a card of this game's french deck"),
    ],
    ids=lambda v: getattr(v, "__name__", None),
)
def test_capodama_refuses_a_guess_that_contradicts_the_view(spoil, words):
    """A guessed world (what a search seat rebuilds) that the seat could rule out is refused
    with a ValueError naming the problem, as in the other three games, never accepted to
    fail later (an AssertionError, a StopIteration) or to play an impossible deal."""
    state, me = capodama_play()
    view = state.view(me)
    hands = true_hands(state, me)
    assert CapodamaState.from_view(view, hands).view(me) == view  # the truth is taken
    spoil(state, me, hands)
    with pytest.raises(ValueError, match="^" + re.escape(words)):
        CapodamaState.from_view(view, hands)
    if spoil is own_card:
        with pytest.raises(ValueError, match=str(state.hand(me)[0])):
            CapodamaState.from_view(view, hands)


@pytest.mark.parametrize("players", [1, 2])
def test_capodama_guesses_with_a_set_aside_pile(players):
    """The solitaire shows both hands (nothing is guessed but the pile); 2 players guess the
    other hand and the pile.  A pile of the wrong size or holding a shown card is refused."""
    state, me = capodama_play(players)
    view = state.view(me)
    hands = {s: list(state.hand(s)) for s in range(state.seats) if s not in view.hands}
    aside = list(state.set_aside_cards())
    assert CapodamaState.from_view(view, hands, aside).view(me) == view
    with pytest.raises(ValueError, match="the face-down pile holds"):
        CapodamaState.from_view(view, hands, aside[1:])
    with pytest.raises(ValueError, match="the guess names cards the view shows"):
        CapodamaState.from_view(view, hands, [view.hand[0], *aside[1:]])
    with pytest.raises(ValueError, match="hidden must give the hands of seats"):
        CapodamaState.from_view(view, {**hands, me: list(view.hand)}, aside)
