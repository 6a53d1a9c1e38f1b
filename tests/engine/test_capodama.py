"""Capodama rules, position by position, in card notation (the rules)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from game.engine import (
    GAMES,
    DealScored,
    Dealt,
    IllegalMove,
    Move,
    Played,
    RecordError,
    Trick,
    load_record,
    new_game,
    parse_cards,
)
from game.engine.capodama import CapodamaState
from game.engine.capodama_cards import (
    THRESHOLD,
    card_points,
    deal_awards,
    deck_for,
    match_winner,
    points_to_win,
    trick_winner,
)
from game.engine.capodama_events import Capo, Partner, Passed
from game.engine.capodama_events import Dealt as CapodamaDealt

RANKS_32 = ["A", "7", "J", "K", "Q", "10", "9", "8"]


def capodama(players: int, **kw: Any) -> CapodamaState:
    """A new Capodama match (``new_game`` is typed for every game)."""
    s = new_game("capodama", players=players, **kw)
    assert isinstance(s, CapodamaState)
    return s


def full(players: int) -> list[str]:
    return [str(c) for c in deck_for(players)]


def two_player(h0: str, h1: str, dealer: int = 1, aside: str | None = None) -> CapodamaState:
    """A 2-player deal; the set-aside pile is the rest of the deck in deck order."""
    used = set(h0.split()) | set(h1.split())
    rest = aside.split() if aside else [c for c in full(2) if c not in used]
    return capodama(2, deal={"dealer": dealer, "hands": [h0, h1], "set_aside": rest})


# Position A: 4 players, seat 0 is capo; seat 3 sits at the capo's right.
A_HANDS = [
    "AH 9S 10D 8C 9C 10C JC AC",
    "AS 10S KS KH JH 8D 9D QC",
    "7S JS QS 8S 7H 9H AD 7D",
    "QH 10H 8H JD KD QD KC 7C",
]


def position_a() -> CapodamaState:
    return capodama(4, deal={"dealer": 3, "hands": A_HANDS})


def after_exchange_a() -> CapodamaState:
    s = position_a()
    for m in ["double D", "pass 8C", "pass 8D", "pass 8S", "pass 8H"]:
        s.play(m)
    return s


def texts(moves: Iterable[Move]) -> set[str]:
    return {str(m) for m in moves}


# -- decks and points ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "ranks"),
    [
        (1, 32, RANKS_32),
        (2, 32, RANKS_32),
        (3, 24, ["A", "7", "J", "K", "Q", "10"]),
        (4, 32, RANKS_32),
        (5, 40, [*RANKS_32, "6", "5"]),
        (6, 48, [*RANKS_32, "6", "5", "4", "3"]),
    ],
)
def test_deck_of_each_variant(players: int, size: int, ranks: list[str]) -> None:
    deck = deck_for(players)
    assert len(deck) == size == len(set(deck))
    assert {c.rank for c in deck} == set(ranks)
    assert {c.suit for c in deck} == {"S", "H", "D", "C"}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("doubled", ["D", "C", "S"])
def test_every_variant_totals_150(players: int, doubled: str) -> None:
    assert sum(card_points(c, doubled) for c in deck_for(players)) == 150


def test_card_points_and_doubling() -> None:
    values = {"AS": 11, "7S": 7, "JS": 5, "KS": 4, "QS": 3, "10S": 0, "9S": 0, "8S": 0, "6S": 0}
    for text, pts in values.items():
        (card,) = parse_cards(text)
        assert card_points(card, "D") == pts
        assert card_points(card, "S") == 2 * pts


# -- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deal_one_at_a_time_clockwise_from_dealers_left(players: int) -> None:
    s = capodama(players, seed=11)
    dealt = s.events[0]
    assert isinstance(dealt.data, Dealt)
    dealer = dealt.seat
    assert dealt.data.to == tuple((dealer + 1 + k) % players for k in range(8 * players))
    for seat in range(players):
        mine = [c for c, to in zip(dealt.cards, dealt.data.to, strict=True) if to == seat]
        assert sorted(mine) == sorted(s.hand(seat))
        assert len(mine) == 8


def test_capo_holds_ace_of_hearts_is_announced_and_names_the_suit() -> None:
    s = position_a()
    assert [type(e.data) for e in s.events] == [CapodamaDealt, Capo]
    assert s.events[1].seat == 0 and str(s.events[1].cards[0]) == "AH"
    assert s.current_player == 0 and s.phase == "double"
    assert texts(s.legal_moves()) == {"double D", "double C", "double S"}
    with pytest.raises(IllegalMove, match="cannot be doubled"):
        s.play("double H")
    s.play("double C")
    assert s.view(2).doubled == "C"


def test_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {capodama(4, seed=k).events[0].seat for k in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert capodama(4, seed=5).events[0].seat == (capodama(4, seed=5).events[0].seat)


# -- the exchange --------------------------------------------------------------------------


def test_exchange_rules_four_players() -> None:
    s = position_a()
    s.play("double D")
    assert s.phase == "exchange" and s.current_player == 0
    assert "pass AH" not in texts(s.legal_moves())
    with pytest.raises(IllegalMove, match="ace of hearts can never be passed"):
        s.play("pass AH")
    s.play("pass 8C")
    # The exchange is simultaneous: seat 1 chooses from its hand as dealt, without 8C.
    assert "pass 8C" not in texts(s.legal_moves())
    s.play("pass 8D")
    s.play("pass 8S")
    assert s.current_player == 3  # at the capo's right: may not pass QH left to the capo
    assert "pass QH" not in texts(s.legal_moves())
    before = s.clone()
    with pytest.raises(IllegalMove, match="capo can never receive QH"):
        s.play("pass QH")
    assert s == before
    s.play("pass 8H")
    assert s.phase == "play"
    assert set(map(str, s.hand(0))) == set(["AH", "9S", "10D", "9C", "10C", "JC", "AC", "8H"])
    assert set(map(str, s.hand(2))) == set(["7S", "JS", "QS", "7H", "9H", "AD", "7D", "8D"])
    assert s.team() == (0, 3)
    passed = [e for e in s.events if isinstance(e.data, Passed)]
    assert [(e.seat, e.data.to, str(e.cards[0])) for e in passed] == [
        (0, 1, "8C"),
        (1, 2, "8D"),
        (2, 3, "8S"),
        (3, 0, "8H"),
    ]
    # Passed cards are seen by giver and receiver only.
    assert passed[0].for_seat(2).cards == (None,)
    assert str(passed[0].for_seat(1).cards[0]) == "8C"


def test_capo_may_pass_the_queen_and_its_receiver_becomes_dama() -> None:
    hands = [
        "AH QH 9S 10D 8C 9C 10C JC",
        "AS 10S KS KH JH 8D 9D QC",
        "7S JS QS 8S 7H 9H AD 7D",
        "AC 10H 8H JD KD QD KC 7C",
    ]
    s = capodama(4, deal={"dealer": 3, "hands": hands})
    for m in ["double S", "pass QH", "pass 8D", "pass 8S", "pass 8H"]:
        s.play(m)
    assert s.team() == (0, 1)
    assert 1 in s.view(0).partners  # the capo knows where its queen went
    assert s.view(2).partners == (0,)  # the others do not


def test_capo_keeping_the_queen_plays_alone_and_still_needs_82() -> None:
    hands = [
        "AH QH 9S 10D 8C 9C 10C JC",
        "AS 10S KS KH JH 8D 9D QC",
        "7S JS QS 8S 7H 9H AD 7D",
        "AC 10H 8H JD KD QD KC 7C",
    ]
    s = capodama(4, deal={"dealer": 3, "hands": hands})
    for m in ["double S", "pass 8C", "pass 8D", "pass 8S", "pass 8H"]:
        s.play(m)
    assert s.team() == (0,)
    assert s.view(0).threshold == 82


def six_player_hands() -> list[str]:
    # seat 0 capo (AH); seat 5 at its right, seat 1 at its left; QH with seat 1, KH with seat 5.
    return [
        "AH 3S 4S 5S 6S 8S 9S 10S",
        "QH 3H 4H 5H 6H 8H 9H 10H",
        "3D 4D 5D 6D 8D 9D 10D JD",
        "3C 4C 5C 6C 8C 9C 10C JC",
        "AS 7S JS QS KS AD 7D QD",
        "KH 7H JH KD AC 7C QC KC",
    ]


def test_six_players_pass_left_and_right_never_to_the_capo() -> None:
    s = capodama(6, deal={"dealer": 5, "hands": six_player_hands()})
    s.play("double C")
    assert s.current_player == 0
    moves = texts(s.legal_moves())
    assert "pass 3S 4S" in moves and "pass 3S 3S" not in moves
    assert not any("AH" in m for m in moves)
    for m in ["pass 3S 4S"]:
        s.play(m)
    # Seat 1 sits at the capo's left: it may not pass QH right (to the capo).
    assert s.current_player == 1
    moves = texts(s.legal_moves())
    assert "pass QH 3H" in moves
    assert not any(m.endswith(" QH") for m in moves)
    with pytest.raises(IllegalMove, match="capo can never receive QH or KH"):
        s.play("pass 3H QH")
    s.play("pass 3H 4H")
    for m in ["pass 3D 4D", "pass 3C 4C", "pass AS 7S"]:
        s.play(m)
    # Seat 5 sits at the capo's right: neither QH nor KH may go left to the capo.
    assert s.current_player == 5
    assert not any(m.split()[1] == "KH" for m in texts(s.legal_moves()))
    s.play("pass 7H KH")  # KH goes right, to seat 4
    assert s.phase == "play"
    assert s.team() == (0, 1, 4)
    assert "7H" in map(str, s.hand(0))


# -- the play ------------------------------------------------------------------------------


def test_following_and_trumps_in_play() -> None:
    s = after_exchange_a()
    assert s.current_player == 0  # the capo leads trick 1
    s.play("9S")
    assert texts(s.legal_moves()) == {"AS", "10S", "KS"}  # KH is no trump
    with pytest.raises(IllegalMove, match="must follow spades"):
        s.play("QC")
    with pytest.raises(IllegalMove, match="does not hold"):
        s.play("7H")
    s.play("AS")
    assert texts(s.legal_moves()) == {"7S", "JS", "QS", "7H"}  # a trump may always cut
    s.play("7H")
    assert texts(s.legal_moves()) == {"8S", "QH"}
    s.play("8S")
    trick = s.events[-1]
    assert isinstance(trick.data, Trick) and trick.seat == 2 and trick.data.points == 18
    assert s.current_player == 2
    v = s.view(1)
    assert [str(c) for _, c in v.last_trick] == ["9S", "AS", "7H", "8S"]
    assert v.last_winner == 2
    # Trick 2: diamonds led; the dama cuts with QH and is revealed.
    s.play("7D")
    assert texts(s.legal_moves()) == {"JD", "KD", "QD", "QH"}
    assert 3 not in s.view(1).partners
    s.play("QH")
    assert isinstance(s.events[-2].data, Played) and isinstance(s.events[-1].data, Partner)
    assert s.view(1).partners == (0, 3)
    assert texts(s.legal_moves()) == {"10D", "AH"}
    s.play("10D")
    s.play("9D")
    assert s.events[-1].seat == 3 and s.events[-1].data.points == 14 + 3
    assert s.view(0).points_won == (0, 0, 18, 17)
    # The previous last trick is replaced once the next one ends.
    assert [str(c) for _, c in s.view(1).last_trick] == ["7D", "QH", "10D", "9D"]


def test_void_player_may_discard_without_cutting() -> None:
    s = after_exchange_a()
    s.play("AC")  # clubs led: seat 1 holds QC and 8C
    assert texts(s.legal_moves()) == {"QC", "8C"}
    s.play("QC")
    # Seat 2 has no club: any card, trump or not.
    assert texts(s.legal_moves()) == set(["7S", "JS", "QS", "7H", "9H", "AD", "7D", "8D"])


def test_worked_example_spades_led() -> None:
    s = two_player("AH 9S 10D 9D JD QD KD 7S", "KS 8D QH 7C AD 10H 9H 8H")
    assert s.current_player == 0
    s.play("double C")
    s.play("9S")
    assert texts(s.legal_moves()) == {"KS", "QH"}


def test_worked_example_hearts_led_forces_the_trump() -> None:
    s = two_player("AH 9S 10D 9D JD QD KD 8D", "KH AD 7C 10H 9H 8H JS QS")
    s.play("double S")
    s.play("8D")
    s.play("AD")  # seat 1 wins and leads
    s.play("KH")
    assert texts(s.legal_moves()) == {"AH"}


@pytest.mark.parametrize(
    ("cards", "fourth", "winner"),
    [
        ("KH JH QH 8H", None, "QH"),
        ("AS 10S 7H QH", None, "7H"),
        ("KS AS 10S 9S", None, "AS"),
        ("7S AD JS KS", None, "7S"),
        ("9D QH 7H AH", None, "AH"),
        ("AS 10S KD JS", "KD", "KD"),
        ("AS KD QH JS", "KD", "QH"),
        ("10S AS JS KS", "10S", "10S"),
    ],
)
def test_trick_winner(cards: str, fourth: str | None, winner: str) -> None:
    played = parse_cards(cards)
    f = parse_cards(fourth)[0] if fourth else None
    assert str(played[trick_winner(played, f)]) == winner


def test_three_players_fourth_trump() -> None:
    hands = ["AH 7S JS KS QS 10S AD 7D", "AS 7H QH KH JH 10H JD KD", "QD 10D AC 7C JC KC QC 10C"]
    s = capodama(3, deal={"dealer": 2, "hands": hands})
    s.play("double S")
    assert s.phase == "trump" and s.current_player == 0
    choices = texts(s.legal_moves())
    assert len(choices) == 21 and {"trump AH", "trump 7H", "trump QH"}.isdisjoint(choices)
    assert {"trump KH", "trump 10S", "trump AS"} <= choices
    with pytest.raises(IllegalMove, match="cannot be the 4th trump"):
        s.play("trump QH")
    s.play("trump 10S")
    assert [str(c) for c in s.view(1).trumps] == ["AH", "7H", "QH", "10S"]
    assert s.phase == "play"  # no exchange with three players
    s.play("AD")  # diamonds led; seat 1 holds JD KD and may cut with 7H or QH
    assert texts(s.legal_moves()) == {"JD", "KD", "7H", "QH"}
    s.play("JD")
    s.play("QD")
    assert s.events[-1].seat == 0  # AD holds
    s.play("KS")  # spades led; seat 1 holds AS; seat 2 has no spade
    s.play("AS")
    assert "10S" not in map(str, s.hand(2))
    s.play("AC")
    assert s.events[-1].seat == 1
    # Later the 4th trump (10S) beats a plain ace but keeps its suit for following.
    s2 = capodama(3, deal={"dealer": 2, "hands": hands})
    for m in ["double S", "trump 10S", "7S"]:
        s2.play(m)
    assert texts(s2.legal_moves()) == {"AS", "7H", "QH"}


# -- scoring and the match ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "awards"),
    [
        (150, [2, 0, 2, 0]),
        (149, [1, 0, 1, 0]),
        (82, [1, 0, 1, 0]),
        (81, [0, 1, 0, 1]),
        (1, [0, 1, 0, 1]),
        (0, [0, 2, 0, 2]),
    ],
)
def test_deal_awards(points: int, awards: list[int]) -> None:
    assert deal_awards(points, 82, frozenset({0, 2}), 4) == awards


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_points_to_win_are_where_the_deals_awards_change_side(players: int) -> None:
    # The capo side wins from its threshold up; the others from one point past what the capo
    # side may take without reaching it (3 players: 71 of 150, 4-6: 69).
    team = frozenset({0})
    threshold = THRESHOLD[players]
    for p in range(151):
        capo, other = deal_awards(p, threshold, team, players)[:2]
        assert (capo > 0) == (p >= points_to_win(players, capo_side=True))
        assert (other > 0) == (150 - p >= points_to_win(players, capo_side=False))
    assert points_to_win(3, False) == 71 and points_to_win(4, False) == 69


def test_match_winner_needs_a_single_leader_at_the_target() -> None:
    assert match_winner([7, 6, 2, 0], 7) == 0
    assert match_winner([7, 7, 2, 0], 7) is None
    assert match_winner([8, 7, 2, 0], 7) == 0
    assert match_winner([6, 5, 2, 0], 7) is None


def greedy_deal(s: CapodamaState) -> None:
    """Play the current deal out with the first legal move each time."""
    start = sum(1 for e in s.events if isinstance(e.data, DealScored))
    while sum(1 for e in s.events if isinstance(e.data, DealScored)) == start:
        s.play(s.legal_moves()[0])


def test_deal_scored_event_and_next_dealer_is_the_capo() -> None:
    s = position_a()
    greedy_deal(s)
    scored = next(e for e in s.events if isinstance(e.data, DealScored))
    d = scored.data
    assert sum(d.points_by_seat) == 150
    assert d.points == sum(d.points_by_seat[t] for t in d.team)
    awards = [r.awards for r in d.results]
    assert awards == deal_awards(d.points, 82, frozenset(d.team), 4)
    assert s.scores == awards == list(d.scores)
    assert s.between_deals and s.events[-1] is scored  # the next deal waits for its step
    s.deal_next()
    nxt = s.events[s.events.index(scored) + 1]
    assert isinstance(nxt.data, Dealt) and nxt.seat == 0  # dealt by the previous capo


def test_match_runs_to_a_single_winner_at_seven() -> None:
    s = capodama(4, seed=3)
    while not s.is_over:
        if s.between_deals:
            s.deal_next()
        s.play(s.legal_moves()[-1])
    assert max(s.scores) >= 7 and s.scores.count(max(s.scores)) == 1
    assert s.winners == (s.scores.index(max(s.scores)),)
    assert s.current_player is None and s.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        s.play("AH")


# -- two players and the solitaire ---------------------------------------------------------


def test_two_player_second_half_dealt_unshuffled_from_the_non_dealer() -> None:
    aside = "KS QS 10S 9S 8S KH JH 10H 9H 8H KD QD 10D 9D 8D KC"
    s = two_player("AH 7H QH AS 7S JS AD 7D", "JD AC 7C JC QC 10C 9C 8C", dealer=1, aside=aside)
    assert s.set_aside_cards() == tuple(parse_cards(aside))
    assert s.view(1).set_aside == 16
    s.play("double D")
    for _ in range(8):
        s.play(s.legal_moves()[0])
        s.play(s.legal_moves()[0])
    second = [e for e in s.events if isinstance(e.data, Dealt)][-1]
    assert second.data.half == 2
    assert [str(c) for c in second.cards] == aside.split()
    assert second.data.to == tuple(k % 2 for k in range(16))  # non-dealer (seat 0) first
    assert set(map(str, s.hand(0))) == set(aside.split()[0::2])
    winner8 = [e for e in s.events if isinstance(e.data, Trick)][-1].seat
    assert s.current_player == winner8
    greedy_deal(s)
    d = next(e for e in s.events if isinstance(e.data, DealScored)).data
    assert d.threshold == 80 and d.team == (0,)


def test_two_player_deal_from_a_seed_sets_sixteen_aside_without_the_ace() -> None:
    for seed in range(30):
        s = capodama(2, seed=seed)
        assert len(s.set_aside_cards()) == 16
        assert "AH" not in map(str, s.set_aside_cards())
        assert len(s.hand(0)) == len(s.hand(1)) == 8


def test_solitaire_one_player_controls_both_open_hands() -> None:
    aside = [
        c
        for c in full(1)
        if c
        not in [
            "AH",
            "7H",
            "QH",
            "AS",
            "7S",
            "JS",
            "AD",
            "7D",
            "JD",
            "AC",
            "7C",
            "JC",
            "QC",
            "10C",
            "9C",
            "8C",
        ]
    ]
    s = new_game(
        "capodama",
        players=1,
        deal={
            "dealer": 0,
            "hands": ["AH 7H QH AS 7S JS AD 7D", "JD AC 7C JC QC 10C 9C 8C"],
            "set_aside": aside,
        },
    )
    assert s.seats == 2 and s.controller(1) == 0 and s.scores == [0]
    v = s.view(0)
    assert set(v.hands) == {0, 1} and len(v.hands[1]) == 8
    assert s.events[0].seen_by is None  # every card of the solitaire is face up
    assert s.current_player == 0
    s.play("double S")
    s.play("JS")
    assert s.current_player == 1  # the player now chooses the virtual opponent's card
    assert texts(s.legal_moves()) == set(["JD", "AC", "7C", "JC", "QC", "10C", "9C", "8C"])
    greedy_deal(s)
    d = next(e for e in s.events if isinstance(e.data, DealScored)).data
    assert d.capo_won == (80 <= d.points <= 85) and d.window == (80, 85)
    assert s.is_over and s.scores == [1 if d.capo_won else 0]


def test_solitaire_deal_from_a_seed() -> None:
    for seed in range(20):
        s = capodama(1, seed=seed)
        dealt = s.events[0]
        assert str(dealt.cards[0]) == "AH" and dealt.data.to[0] == 0
        assert dealt.data.to[1:] == tuple(1 if k % 2 == 0 else 0 for k in range(15))
        assert s.view(0).capo == 0


def test_solitaire_window_is_80_to_85() -> None:
    outcomes = set()
    for seed in range(400):
        s = capodama(1, seed=seed)
        while not s.is_over:
            s.play(s.legal_moves()[seed % len(s.legal_moves())])
        d = next(e for e in s.events if isinstance(e.data, DealScored)).data
        assert d.capo_won == (80 <= d.points <= 85)
        assert [r.won for r in d.results] == [d.capo_won] * 2  # both hands are the player's
        outcomes.add(d.capo_won)
    assert outcomes == {True, False}


# -- bad input, records --------------------------------------------------------------------


def test_bad_requests_say_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        new_game("poker")
    with pytest.raises(ValueError, match="1, 2, 3, 4, 5, 6 players"):
        capodama(7)
    with pytest.raises(ValueError, match="no option 'deck'"):
        capodama(5, deck="italian")  # the deck shown is not a rule
    with pytest.raises(ValueError, match="no option 'trumps'"):
        capodama(4, trumps=4)
    with pytest.raises(ValueError, match="target=8 is not allowed"):
        capodama(4, target=8)
    assert GAMES["capodama"].players == (1, 2, 3, 4, 5, 6)


def test_records_of_the_previous_version_with_a_deck_option_still_load() -> None:
    state = capodama(4, seed=11)
    for _ in range(6):
        state.play(state.legal_moves()[0])
    old = state.record()
    old["options"]["deck"] = "italian"  # what version 0.1 wrote into every record
    again = load_record(old)
    assert again == state
    assert "deck" not in again.options


def test_refused_moves_leave_the_state_unchanged() -> None:
    s = after_exchange_a()
    before = s.clone()
    for bad, words in [
        ("ZZ", "not a move"),
        ("7H", "does not hold"),
        ("double S", "must play a card"),
        ("pass 9S", "must play a card"),
    ]:
        with pytest.raises(IllegalMove, match=words):
            s.play(bad)
        assert s == before
    with pytest.raises(IllegalMove, match="not seat 2's turn"):
        s.play_as(2, "7S")
    assert s == before


def refusal(s: CapodamaState, move: str) -> tuple[str, dict[str, object]]:
    """The reason code and parts of the refusal of ``move``; the state stays as it was."""
    before = s.clone()
    with pytest.raises(IllegalMove) as info:
        s.play(move)
    assert s == before
    return info.value.code, {k: str(v) for k, v in info.value.parts.items()}


def test_refusals_carry_a_reason_code_and_its_parts() -> None:
    s = position_a()
    assert refusal(s, "7S") == ("must_double", {"seat": "0"})
    assert refusal(s, "double H") == ("bad_double", {"suit": "H"})
    assert refusal(s, "double X") == ("not_a_suit", {"text": "X"})
    s.play("double D")
    assert refusal(s, "9S") == ("must_pass", {"seat": "0"})
    assert refusal(s, "pass AH") == ("ace_never_passed", {"card": "AH"})
    assert refusal(s, "pass 7S") == ("not_in_hand", {"seat": "0", "card": "7S"})
    assert refusal(s, "pass 9S 8C") == ("pass_count", {"count": "1"})
    for m in ["pass 8C", "pass 8D", "pass 8S"]:
        s.play(m)
    assert refusal(s, "pass QH") == ("capo_cannot_receive", {"card": "QH"})
    s.play("pass 8H")
    assert refusal(s, "pass 9S") == ("must_play", {"seat": "0"})
    s.play("9S")
    assert refusal(s, "QC") == ("must_follow", {"card": "QC", "suit": "S"})
    assert refusal(s, "7H") == ("not_in_hand", {"seat": "1", "card": "7H"})
    assert refusal(s, "7D") == ("not_in_hand", {"seat": "1", "card": "7D"})
    assert refusal(s, "ZZ")[0] == "not_a_move"


def test_refusals_of_the_fourth_trump_and_of_six_player_passes() -> None:
    hands = ["AH 7S JS KS QS 10S AD 7D", "AS 7H QH KH JH 10H JD KD", "QD 10D AC 7C JC KC QC 10C"]
    s = capodama(3, deal={"dealer": 2, "hands": hands})
    s.play("double S")
    assert refusal(s, "AD") == ("must_name_trump", {"seat": "0"})
    assert refusal(s, "trump 7H") == ("bad_trump", {"card": "7H"})
    six = capodama(6, seed=4)
    six.play(six.legal_moves()[0])
    seat = six.current_player
    assert seat is not None
    a, b = [str(c) for c in six.hand(seat) if str(c) != "AH"][:2]
    assert refusal(six, f"pass {a} {a}") == ("pass_same_card", {"card": a})
    assert refusal(six, f"pass {a}") == ("pass_count", {"count": "2"})
    assert f"pass {a} {b}" in texts(six.legal_moves())


def test_bad_explicit_deals_are_refused_clearly() -> None:
    bad = [*A_HANDS[:3], "QH 10H 8H JD KD QD KC 7C"]
    bad[0] = "AH 9S 10D 8C 9C 10C JC JC"
    with pytest.raises(RecordError, match="names JC twice"):
        capodama(4, deal={"dealer": 0, "hands": bad})
    bad[0] = "AH 9S 10D 8C 9C 10C JC"
    with pytest.raises(RecordError, match="seat 0 has 7 cards"):
        capodama(4, deal={"dealer": 0, "hands": bad})
    with pytest.raises(RecordError, match="9S is not a card of this game"):
        capodama(3, deal={"hands": [A_HANDS[0], "", ""]})
    with pytest.raises(RecordError, match="dealer must be a seat"):
        capodama(4, deal={"dealer": True, "hands": A_HANDS})
    with pytest.raises(RecordError, match="unknown keys"):
        capodama(4, deal={"hands": A_HANDS, "table": []})
    with pytest.raises(RecordError, match="AH is dealt, never set aside"):
        two_player("JH 7H KH QH 10H 9H 8H AS", "7S JS KS QS 10S 9S 8S AD")


def test_record_replays_through_json() -> None:
    s = capodama(5, seed=9)
    for k in range(70):
        if s.between_deals:
            s.deal_next()
        s.play(s.legal_moves()[k % len(s.legal_moves())])
    text = json.dumps(s.record())
    again = load_record(json.loads(text))
    assert again == s and again.record() == s.record()
    assert again.view(2) == s.view(2)
    broken = json.loads(text)
    broken["moves"][5] = "pass AH"
    with pytest.raises(RecordError, match="move 6"):
        load_record(broken)
    with pytest.raises(RecordError, match="no 'seed'"):
        load_record({"game": "capodama", "players": 4, "moves": []})


# -- voids shown by play (CapodamaView.voids) -----------------------------------------------

S, H, D, C = 0, 1, 2, 3

# 3 players, capo seat 0, 4th trump 10C: trumps follow their own suit, and cut any other.
VOID_HANDS_3 = [
    "AH JH AS 7S AD 7D AC 7C",
    "QH KH JS KS JD KD JC KC",
    "7H 10H QS 10S QD 10D QC 10C",
]


def test_voids_follow_the_following_rule_with_trumps() -> None:
    s = capodama(3, deal={"dealer": 2, "hands": VOID_HANDS_3})
    s.play("double D")
    s.play("trump 10C")
    # A heart lead: KH follows, and 7H, AH, QH are hearts too (AH and QH are forced).
    for m in ["JH", "KH", "7H", "10H", "AH", "QH"]:
        s.play(m)
    assert s.view(0).voids() == (frozenset(), frozenset(), frozenset())
    # Seat 2 cuts spades with the 4th trump while still holding QS: no void shown.
    for m in ["AS", "JS", "10C"]:
        s.play(m)
    assert s.view(1).voids() == (frozenset(), frozenset(), frozenset())
    for m in ["10S", "7S", "KS", "AC", "JC", "QC", "7C", "KC"]:
        s.play(m)
    assert texts(s.legal_moves()) == {"QS", "QD", "10D"}  # seat 2 has no club left
    s.play("QS")  # a plain card off suit: seat 2 shows it has no clubs
    assert s.view(0).voids() == (frozenset(), frozenset(), frozenset({C}))
    s.play("AD")  # the current trick counts as well
    assert s.view(2).voids() == (frozenset(), frozenset(), frozenset({C}))


def test_voids_of_a_plain_card_and_of_a_trump_on_a_club_lead() -> None:
    s = after_exchange_a()
    assert s.hand(2) == tuple(parse_cards("7S JS QS 7H 9H AD 7D 8D"))
    for m in ["8H", "KH", "9H", "10H"]:  # hearts all round; seat 1 wins with KH
        s.play(m)
    for m in ["QC", "AD"]:  # AD shows seat 2 has no clubs
        s.play(m)
    assert s.view(3).voids() == (frozenset(), frozenset(), frozenset({C}), frozenset())
    for m in ["7C", "AH"]:  # seat 0 cuts with AH while holding clubs: nothing shown
        s.play(m)
    assert s.view(3).voids() == (frozenset(), frozenset(), frozenset({C}), frozenset())
    for m in ["AC", "8C", "JS", "KC"]:  # seat 2 off suit again: still clubs only
        s.play(m)
    assert s.view(0).voids() == (frozenset(), frozenset(), frozenset({C}), frozenset())


def test_voids_of_the_first_half_lapse_when_the_set_aside_is_dealt() -> None:
    s = two_player("AH 7H JH KH QH 10H 9H 8H", "AS 7S JS KS QS 10S 9S 8S")
    s.play("double D")
    s.play("8H")
    s.play("8S")  # seat 1 shows it has no hearts
    assert s.view(0).voids() == (frozenset(), frozenset({H}))
    for m in ["9H", "9S", "10H", "10S", "QH", "QS", "KH", "KS", "JH", "JS", "7H", "7S", "AH"]:
        assert s.view(0).voids() == (frozenset(), frozenset({H}))
        s.play(m)
    s.play("AS")
    assert len(s.view(0).tricks) == 8 and s.view(0).hand_sizes == (8, 8)
    assert s.view(0).voids() == (frozenset(), frozenset())  # new cards: nothing is known
