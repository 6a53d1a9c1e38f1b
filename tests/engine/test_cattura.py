"""Cattura: concrete positions for every rule, bad input, random-play properties, and
the rule-based seat against the random one.

Positions are written in card notation through the explicit ``deal=``: ``fresh`` builds a deal as
dealt (5 cards each, one turned card), ``position`` a mid-deal table (captured cards, a taller
battlefield, whose turn, the final round).  The draw deck is filled with the unused cards.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.engine import (
    FRENCH,
    Card,
    DealScored,
    Dealt,
    IllegalMove,
    MatchOver,
    Payload,
    RecordError,
    SeatResult,
    load_record,
    new_game,
    parse_card,
)
from game.engine.cards import mask_of
from game.engine.cattura import CatturaState, LastTurn, last_turns
from game.engine.cattura_cards import CARDS, DECK_MASK, ScoreBreakdown, score_breakdown, score_cards
from game.engine.cattura_events import (
    Captured,
    CatturaOver,
    CatturaScored,
    Drew,
    FinalRound,
    Passed,
    Sent,
    Turned,
)

ALL = [str(FRENCH.by_index(i)) for i in CARDS]


def _texts(cards: str | list[str]) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def _rest(used: list[str], top: list[str]) -> list[str]:
    """The deck: ``top`` first, then every card not used elsewhere in deck order."""
    taken = {parse_card(c) for c in used + top}
    return top + [c for c in ALL if parse_card(c) not in taken]


def fresh(players: int, hands: list[str], turned: str, deck_top: str = "", dealer: int = -1):
    hs = [_texts(h) for h in hands]
    top = _texts(deck_top)
    used = [c for h in hs for c in h] + [turned]
    deal = {
        "dealer": dealer % players,
        "hands": hs,
        "battlefield": [turned],
        "deck": _rest(used, top),
    }
    return new_game("cattura", players=players, deal=deal)


def position(
    players: int,
    hands: list[str],
    battlefield: str,
    captured: list[str] | None = None,
    deck: str | None = "",
    turn: int = 0,
    **extra: Any,
) -> CatturaState:
    """A mid-deal table.  ``deck`` gives the top of the draw deck (the unused cards follow);
    ``deck=None`` empties the deck by burying the unused cards under the battlefield."""
    hs = [_texts(h) for h in hands]
    caps = [_texts(c) for c in (captured or [""] * players)]
    field = _texts(battlefield)
    used = [c for h in hs for c in h] + [c for p in caps for c in p] + field
    if deck is None:  # an empty deck: the unused cards go under the battlefield
        spare = _rest(used, [])
        field = spare + field
        deck_cards: list[str] = []
    else:
        deck_cards = _rest(used, _texts(deck))
    deal = {
        "dealer": (turn - 1) % players,
        "hands": hs,
        "captured": caps,
        "battlefield": field,
        "deck": deck_cards,
        "turn": turn,
        **extra,
    }
    s = new_game("cattura", players=players, deal=deal)
    assert isinstance(s, CatturaState)
    return s


def names(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def legal(s: CatturaState) -> set[str]:
    return {m.text for m in s.legal_moves()}


def refused(s: CatturaState, move: str, code: str, *words: str) -> IllegalMove:
    """Play must refuse ``move`` with reason ``code``, a message holding ``words``, and change
    nothing; the refusal is returned for a look at its parts."""
    before = s.clone()
    with pytest.raises(IllegalMove) as err:
        s.play(move)
    msg = str(err.value)
    assert err.value.code == code, (err.value.code, msg)
    for w in words:
        assert w.lower() in msg.lower(), msg
    assert s == before
    assert s.legal_moves() == before.legal_moves()
    return err.value


# -- the deal -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_deal_shape(players: int) -> None:
    dealers = set()
    for seed in range(40):
        s = new_game("cattura", players=players, seed=seed)
        v = s.view(0)
        assert v.hand_sizes == (5,) * players
        assert len(v.battlefield) == 1
        assert v.deck_count == 32 - 5 * players - 1
        assert s.current_player == (v.dealer + 1) % players
        dealt = s.events[0]
        assert isinstance(dealt.data, Dealt)
        assert dealt.data.to[:players] == tuple(
            (v.dealer + 1 + k) % players for k in range(players)
        )
        assert isinstance(s.events[1].data, Turned) and s.events[1].cards == v.battlefield
        dealers.add(v.dealer)
        every = set(s.battlefield()) | set(s.deck_cards())
        for p in range(players):
            every |= set(s.hand(p))
        assert len(every) == 32 and all(c.index in CARDS for c in every)
    assert dealers == set(range(players))  # the first dealer is drawn from the seed


def test_explicit_deal_goes_one_at_a_time_from_the_dealers_left() -> None:
    s = fresh(3, ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D"], "8C", dealer=1)
    dealt = s.events[0]
    assert names(dealt.cards[:4]) == ["AD", "AS", "AH", "2D"]  # seat 2 first, clockwise
    assert dealt.data.to[:4] == (2, 0, 1, 2)
    assert s.current_player == 2
    assert names(s.hand(0)) == ["AS", "2S", "3S", "4S", "5S"]
    assert s.view(0).deck_count == 32 - 16


def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    a, b, c = (new_game("cattura", players=3, seed=k) for k in (7, 7, 8))
    assert a == b
    assert a.hand(0) != c.hand(0) or a.battlefield() != c.battlefield()


# -- sending ------------------------------------------------------------------------------------
def test_send_puts_the_card_on_top_and_draws_the_deck_top() -> None:
    s = fresh(2, ["AS 2S 3S 4S 8D", "AH 2H 3H 4H 5H"], "6C", deck_top="7H 7S")
    s.play("send 8D")
    assert names(s.battlefield()) == ["6C", "8D"]
    assert "7H" in names(s.hand(0)) and "8D" not in names(s.hand(0))
    assert len(s.hand(0)) == 5
    assert s.view(0).deck_count == 32 - 11 - 1
    assert s.current_player == 1
    sent, drew = s.events[-2:]
    assert isinstance(sent.data, Sent) and names(sent.cards) == ["8D"] and sent.seat == 0
    assert isinstance(drew.data, Drew) and names(drew.cards) == ["7H"]
    assert drew.for_seat(1).cards == (None,) and names(drew.for_seat(0).cards) == ["7H"]
    s.play("send AH")
    assert "7S" in names(s.hand(1))


def test_send_of_the_top_cards_value_is_refused() -> None:
    s = fresh(2, ["AS 2S 6S 4S 8D", "AH 2H 3H 4H 5H"], "6C")
    assert "send 6S" not in legal(s)
    refused(s, "send 6S", "same_value", "value of the top card")
    refused(s, "send 7C", "not_held", "does not hold")


def test_send_without_draw_when_the_deck_is_empty() -> None:
    s = position(2, ["2S 3S", "2H 3H 4H"], "8C", deck=None)
    s.play("send 2S")
    assert names(s.hand(0)) == ["3S"]
    assert isinstance(s.events[-1].data, Sent)  # no "drew" event
    assert s.view(1).deck_count == 0


# -- the four capture patterns ------------------------------------------------------------------
def test_every_distinct_choice_is_its_own_move() -> None:
    s = position(2, ["AH 5C 3S 3H 6S", "AD 2H 4H 7H 8H"], "2C 6D", captured=["2D 5H", ""])
    assert legal(s) == {
        "send AH",
        "send 5C",
        "send 3S",
        "send 3H",
        "take 6D with 6S",
        "take 6D with AH 5C",
        "take 6D with 3S 3H",
        "take 6D with 3H 3S",
        "take 6D with AH 5H*",
    }
    assert len(s.legal_moves()) == 9


def test_equal_values_give_both_orders_hand_and_captured() -> None:
    s = position(2, ["2H 2S AD 3H 8S", "4D 5D 6D 7D 8D"], "4C", captured=["2D AS", ""])
    assert legal(s) == {
        "send 2H",
        "send 2S",
        "send AD",
        "send 3H",
        "send 8S",
        "take 4C with 2H 2S",
        "take 4C with 2S 2H",
        "take 4C with AD 3H",
        "take 4C with 2H 2D*",
        "take 4C with 2D* 2H",
        "take 4C with 2S 2D*",
        "take 4C with 2D* 2S",
        "take 4C with AS* 3H",
    }  # never two captured cards (2D* AS* would make 3, but no pair of them is ever listed)


def test_capture_with_one_hand_card() -> None:
    s = fresh(2, ["5C 2S 3S 4S 8D", "AH 2H 3H 4H 6H"], "5S")
    before = len(s.deck_cards())
    s.play("take 5S with 5C")
    assert names(s.captured(0)) == ["5S"]
    assert names(s.battlefield()) == ["5C"]
    assert len(s.hand(0)) == 4  # no draw after a capture
    assert len(s.deck_cards()) == before
    ev = s.events[-1]
    assert isinstance(ev.data, Captured) and ev.seat == 0
    assert ev.data == Captured(parse_card("5S"), (parse_card("5C"),), (False,), 1, 5)
    assert s.view(1).scores == (5 + 0, 0)


def test_captured_card_leaves_and_the_used_cards_take_its_place() -> None:
    s = position(2, ["3D 5C AS 2S 4S", "AH 2H 3H 4H 6H"], "7C 6S 8H")
    s.play("take 8H with 3D 5C")
    assert names(s.battlefield()) == ["7C", "6S", "3D", "5C"]  # the larger on top
    assert s.view(1).battlefield[-1] == parse_card("5C")
    assert names(s.captured(0)) == ["8H"]
    assert names(s.hand(0)) == ["AS", "2S", "4S"]


def test_larger_card_must_go_on_top() -> None:
    s = position(2, ["3D 5C AS 2S 4S", "AH 2H 3H 4H 6H"], "8H")
    err = refused(s, "take 8H with 5C 3D", "larger_on_top", "larger card goes on top")
    assert "take 8H with 3D 5C" in str(err)
    assert err.parts == {"move": s.parse_move("take 8H with 3D 5C")}
    assert err.parts["move"] in s.legal_moves()


def test_equal_values_the_capturer_chooses_the_top() -> None:
    a = position(2, ["3D 3C AS 2S 4S", "AH 2H 3H 4H 5H"], "6H")
    b = a.clone()
    a.play("take 6H with 3D 3C")
    b.play("take 6H with 3C 3D")
    assert names(a.battlefield()) == ["3D", "3C"]
    assert names(b.battlefield()) == ["3C", "3D"]


def test_suit_swap_with_an_own_captured_card() -> None:
    s = position(2, ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"], "6D", captured=["6C 7C", ""])
    assert "take 6D with 6C*" in legal(s)
    before = s.view(0).scores[0]
    s.play("take 6D with 6C*")
    assert names(s.captured(0)) == ["6D", "7C"]  # the count stays 2
    assert names(s.battlefield())[-1] == "6C"
    assert len(s.hand(0)) == 5
    assert before == 6 + 7 + 2 and s.view(0).scores[0] == 6 + 7  # the swap lost the clubs pair
    assert s.events[-1].data.from_captured == (True,)


def test_hand_card_plus_own_captured_card() -> None:
    s = position(2, ["5S AH 2H 7H 8H", "AD 2D 3D 4D 6D"], "8C", captured=["3C", ""])
    s.play("take 8C with 3C* 5S")
    assert names(s.captured(0)) == ["8C"]  # the count stays 1, the 3 is upgraded to an 8
    assert names(s.battlefield())[-2:] == ["3C", "5S"]
    assert "5S" not in names(s.hand(0))
    assert s.events[-1].data.from_captured == (True, False)


def test_star_may_be_left_out_and_the_record_keeps_the_canonical_text() -> None:
    s = position(2, ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"], "6D", captured=["6C", ""])
    s.play("Take 6d WITH 6c")
    assert s.history == ["take 6D with 6C*"]
    assert load_record(s.record()) == s


def test_captures_that_are_not_allowed() -> None:
    s = position(2, ["5S AH 2H 7H 8H", "AD 2D 3D 4D 6D"], "8C", captured=["3C 5C", "4C 4S"], turn=0)
    refused(s, "take 8C with 3C* 5C*", "two_captured", "never two captured")
    refused(s, "take 8C with AH 2H 5S", "too_many_cards", "one or two cards")
    refused(
        s, "take 8C with 4C* 4S*", "not_captured", "not among"
    )  # another player's captured cards
    refused(s, "take 8C with 4C", "not_held", "does not hold")
    refused(s, "take 8C with AH 2H", "wrong_sum", "makes 3", "exactly 8")
    refused(s, "take 5S with 5C*", "not_top", "only the top card")
    refused(s, "take 8C with 8H 8H", "used_twice", "used twice")
    refused(s, "take 8C with 3C 5S*", "mark_captured", "mark it 3C*")
    refused(s, "take 8C with 3C* 5S*", "not_captured", "5S* is not among")
    refused(s, "take 8C with 9C", "not_cattura_card", "not a cattura card")
    refused(s, "pass", "cannot_pass", "may not pass")


def test_refusals_carry_their_parts() -> None:
    """The parts name the cards, seats and moves of the sentence, so the UI can say it."""
    s = position(2, ["5S AH 2H 7H 8H", "AD 2D 3D 4D 6D"], "6C 8C", captured=["3C 5C", "4C 4S"])
    c = parse_card
    assert refused(s, "send 8H", "same_value").parts == {"card": c("8H"), "top": c("8C")}
    assert refused(s, "send 6D", "not_held").parts == {"seat": 0, "card": c("6D")}
    assert refused(s, "take 6C with 6D", "not_top").parts == {"card": c("6C"), "top": c("8C")}
    assert refused(s, "take 8C with 4S*", "not_captured").parts == {"seat": 0, "card": c("4S")}
    assert refused(s, "take 8C with 5C AH", "mark_captured").parts == {"seat": 0, "card": c("5C")}
    assert refused(s, "take 8C with 2H 2H", "used_twice").parts == {"card": c("2H")}
    assert refused(s, "take 8C with 2H 5S", "wrong_sum").parts == {
        "used": (c("2H"), c("5S")),
        "total": 7,
        "top": c("8C"),
        "value": 8,
    }
    assert refused(s, "take 8C with AH 2H 5S", "too_many_cards").parts == {}
    assert refused(s, "take 8C with 3C* 5C*", "two_captured").parts == {}
    assert refused(s, "send 10H", "not_cattura_card").parts == {"card": c("10H")}
    passing = refused(s, "pass", "cannot_pass").parts
    assert passing["seat"] == 0 and passing["moves"] == s.legal_moves()[:3]
    empty = position(3, ["AS", "", ""], "3D 7D", captured=["", "7S 2C", "4H"], turn=1,
                     final_turns=2, final_by=0)  # fmt: skip
    assert refused(empty, "send AS", "empty_hand").parts == {"seat": 1}


@pytest.mark.parametrize("text", ["take 6D with 6C**", "take 6D with 6C***", "take 6D with *"])
def test_a_capture_marker_is_one_star(text: str) -> None:
    s = position(2, ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"], "6D", captured=["6C", ""])
    assert "take 6D with 6C*" in legal(s)
    err = refused(s, text, "bad_mark", "single '*'")
    assert err.parts == {"text": text.split()[-1]}


def test_capturing_is_optional() -> None:
    s = position(2, ["8S AH 2H 7H 3D", "AD 2D 3D 4D 6D".replace("3D", "5D")], "8C")
    assert "take 8C with 8S" in legal(s) and "send AH" in legal(s)
    s.play("send AH")
    assert names(s.battlefield())[-2:] == ["8C", "AH"]


# -- the end ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_captures_end_the_match_at_once(players: int) -> None:
    rest = ["AD 2D 3D 4D 5D", "AC 2C 3C 4C 5C", "5H 6H 6C 7C 6D"]
    hands = ["7S AH 2H 3H 4H", *rest[: players - 1]]
    caps = ["8S 8H 8C"] + [""] * (players - 1)
    s = position(players, hands, "7D", captured=caps)
    s.play("take 7D with 7S")
    assert s.is_over and s.current_player is None and s.end_reason == "four captured"
    assert s.legal_moves() == []
    assert s.winners == (0,)
    kinds = [type(e.data) for e in s.events[-2:]]
    assert kinds == [CatturaScored, CatturaOver]
    scored = s.events[-2].data
    assert scored.scores[0] == 8 * 3 + 7 + 4  # four suits
    assert scored.results[0] == SeatResult(True, 35, 35)
    assert not any(r.won for r in scored.results[1:])
    assert s.events[-1].data == CatturaOver((0,), "four captured")
    refused(s, "send AH", "match_over", "match is over")


def test_the_same_position_a_third_time_ends_the_match_as_it_stands() -> None:
    # two search seats once swapped three 7s round and round for ever: 7S for 7C for 7H
    s = position(2, ["AS 2S", "AD 2D"], "7S", captured=["7C 8H", "7H"], deck=None)
    cycle = ["take 7S with 7C*", "take 7C with 7H*", "take 7H with 7S*"] * 2  # back to the start
    for move in cycle * 2:  # every position after a swap twice so far
        s.play(move)
    assert not s.is_over and s.legal_moves()
    before = s.clone()
    s.play(cycle[0])  # the first swap's position, a third time
    assert s.is_over and s.end_reason == "repetition" and s.legal_moves() == []
    scored, over = (e.data for e in s.events[-2:])
    assert isinstance(scored, CatturaScored) and scored.reason == "repetition"
    assert over == CatturaOver(scored.winners, "repetition")
    mine = [score_cards(s.captured(seat)) for seat in range(2)]
    assert [r.points for r in scored.results] == mine  # scored as it stands
    assert scored.winners == (0,) and mine[0] > mine[1]
    assert load_record(before.record()) == before  # a record replays the counts too
    replayed = load_record(s.record())
    assert replayed.is_over and replayed.end_reason == "repetition"


def test_a_card_leaving_a_hand_starts_the_count_afresh() -> None:
    s = position(2, ["AS 2S", "AD 2D"], "7S", captured=["7C 8H", "7H"], deck=None)
    cycle = ["take 7S with 7C*", "take 7C with 7H*", "take 7H with 7S*"] * 2
    for move in cycle * 2:
        s.play(move)
    assert s._seen  # the swaps' positions, twice each
    s.play("send AS")  # a card left a hand: none of those positions can come back
    assert not s._seen and not s.is_over


@pytest.mark.parametrize("players", [2, 3, 4])
def test_empty_hand_gives_every_other_player_exactly_one_more_turn(players: int) -> None:
    others = ["AD 2D 3D", "AC 2C 4C", "AH 2H 6H"][: players - 1]
    s = position(players, ["5C", *others], "5S", deck="6D 6C 7S 7D 7C 7H")
    s.play("take 5S with 5C")
    assert not s.is_over
    assert isinstance(s.events[-1].data, FinalRound)
    assert s.events[-1].data == FinalRound(players - 1, tuple(range(1, players)))
    assert s.view(0).final_turns == tuple(range(1, players))
    for seat in range(1, players):
        assert s.current_player == seat
        assert s.view(seat).final_turns[0] == seat
        s.play(f"send {names(s.hand(seat))[-1]}")
    assert s.is_over and s.end_reason == "final round"
    assert s.winners == (0,)
    assert [e.seat for e in s.events if isinstance(e.data, (Sent, Captured))] == list(
        range(players)
    )


def test_the_final_round_is_not_restarted_by_another_empty_hand() -> None:
    s = position(3, ["5C", "AD", "AC 2C"], "5S", deck=None)
    s.play("take 5S with 5C")
    s.play("send AD")  # seat 1 empties its hand in the final round: nothing new starts
    assert sum(isinstance(e.data, FinalRound) for e in s.events) == 1
    assert s.current_player == 2
    s.play("send 2C")
    assert s.is_over and s.end_reason == "final round"


def test_four_captures_during_the_final_round_end_it_at_once() -> None:
    s = position(3, ["5C", "4D AH", "AC 2C"], "5S", captured=["", "8S 8H 8D", ""])
    s.play("take 5S with 5C")
    assert s.view(2).final_turns == (1, 2)
    s.play("take 5C with AH 4D")
    assert s.is_over and s.end_reason == "four captured"
    assert s.winners == (1,)
    assert not any(e.seat == 2 for e in s.events if isinstance(e.data, (Sent, Captured, Passed)))


def test_sending_the_last_card_with_an_empty_deck_starts_the_final_round() -> None:
    s = position(2, ["2S", "AH 3H"], "8C", deck=None)
    s.play("send 2S")
    assert isinstance(s.events[-1].data, FinalRound)
    assert s.current_player == 1
    s.play("send AH")
    assert s.is_over and s.end_reason == "final round"
    assert s.winners == (0, 1)  # nobody captured: 0 = 0, a shared win


def test_an_empty_hand_passes_or_swaps_on_its_last_turn() -> None:
    s = position(
        3,
        ["AS", "", ""],
        "3D 7D",
        captured=["", "7S 2C", "4H"],
        turn=1,
        final_turns=2,
        final_by=0,
    )
    assert s.view(1).final_turns == (1, 2) and s.view(1).final_by == 0
    assert legal(s) == {"take 7D with 7S*"}  # a capture is possible: no pass
    refused(s, "pass", "cannot_pass", "may not pass")
    refused(s, "send AS", "empty_hand", "no cards in hand")
    s.play("take 7D with 7S*")
    assert s.current_player == 2
    assert legal(s) == {"pass"}  # empty hand, nothing of value 7 among its captures
    s.play("pass")
    assert isinstance(s.events[-3].data, Passed) and s.events[-3].seat == 2
    assert s.is_over and s.end_reason == "final round"
    assert s.view(0).scores == (0, 7 + 2, 4)
    assert s.winners == (1,)


# -- scoring ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("8H 7H 3S 2S", 20 + 2 + 2),  # the rules: two suit pairs add up
        ("8H 7D 6C 5S", 26 + 4),  # the rules: four different suits
        ("AH 2H 3H 4H", 10 + 5),
        ("AH 2H 3H 4S", 10 + 3),
        ("8S 7H 6D", 21),  # three different suits: no bonus
        ("8S 8H", 16),
        ("8S 7S", 15 + 2),
        ("AD", 1),
        ("", 0),
    ],
)
def test_scores(cards: str, points: int) -> None:
    cs = [parse_card(c) for c in cards.split()]
    assert score_cards(cs) == points
    mask = sum(c.bit for c in cs)
    assert score_breakdown(mask).total == points


def test_rules_examples_breakdown() -> None:
    b = score_breakdown(sum(parse_card(c).bit for c in ("8H", "7H", "3S", "2S")))
    assert b == ScoreBreakdown(20, (("S", 2), ("H", 2)), 0) and b.total == 24
    b = score_breakdown(sum(parse_card(c).bit for c in ("8H", "7D", "6C", "5S")))
    assert b.four_suits == 4 and b.total == 30


def test_tie_is_a_shared_win() -> None:
    s = position(2, ["5C", "AD 2D"], "5S", captured=["", "3H 2S"])
    s.play("take 5S with 5C")  # seat 0: 5; seat 1: 5
    s.play("send AD")
    assert s.is_over and s.winners == (0, 1)
    assert s.events[-1].data.winners == (0, 1) and s.events[-1].seat is None
    assert [r.won for r in s.events[-2].data.results] == [True, True]


# -- views --------------------------------------------------------------------------------------
def test_view_shows_own_hand_public_captures_the_stack_and_counts() -> None:
    s = position(3, ["AS 2S", "AH 2H 3H", "AD"], "7C 8C", captured=["6S", "", "5D 4D"])
    v = s.view(1)
    assert names(v.hand) == ["AH", "2H", "3H"]
    assert v.hand_sizes == (2, 3, 1)
    assert [names(c) for c in v.captured] == [["6S"], [], ["4D", "5D"]]
    assert names(v.battlefield) == ["7C", "8C"] and str(v.top) == "8C"
    assert v.deck_count == 32 - 6 - 3 - 2
    assert v.scores == (6, 0, 9 + 2)
    assert v.current_player == 0 and v.final_turns == () and not v.is_over
    text = repr(v)
    for hidden in ("AS", "2S", "AD"):
        assert f"Card({hidden})" not in text
    for c in s.deck_cards():
        assert f"Card({c})" not in text


# -- bad input ----------------------------------------------------------------------------------
def test_bad_text_wrong_seat_and_bad_games() -> None:
    s = new_game("cattura", players=2, seed=3)
    refused(s, "fold", "not_a_move", "not a move of cattura")
    refused(s, "send", "not_a_move", "not a move")
    refused(s, "send 9H", "not_cattura_card", "not a cattura card")
    refused(s, "take", "not_a_move", "not a move")
    refused(s, "take 5H with", "not_a_move", "not a move")
    with pytest.raises(IllegalMove, match="text or a Move"):
        s.play(5)  # type: ignore[arg-type]
    other = 1 - s.current_player  # type: ignore[operator]
    before = s.clone()
    with pytest.raises(IllegalMove, match="not seat"):
        s.play_as(other, s.legal_moves()[0])
    assert s == before
    with pytest.raises(ValueError, match="2, 3, 4 players"):
        new_game("cattura", players=5, seed=1)
    with pytest.raises(ValueError, match="2, 3, 4 players"):
        new_game("cattura", players=1, seed=1)
    with pytest.raises(ValueError, match="no option 'target'"):
        new_game("cattura", players=2, seed=1, target=7)
    with pytest.raises(ValueError, match="no option 'deck'"):
        new_game("cattura", players=2, seed=1, deck="french")  # the deck shown is not a rule
    with pytest.raises(ValueError, match="seat must be"):
        s.view(2)


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ("nonsense", "must be a dict"),
        ({"dealer": 0, "hands": [], "battlefield": ["AS"], "deck": []}, "list of 2"),
        ({"dealer": 5, "hands": [[], []], "battlefield": ["AS"]}, "dealer must be"),
        ({"dealer": 0, "hands": [[], []], "pile": []}, "unknown keys"),
        (
            {"dealer": 0, "hands": ["AS 2S 3S 4S", "AH 2H 3H 4H 5H"], "battlefield": ["8C"]},
            "has 4 cards, not 5",
        ),
        (
            {"dealer": 0, "hands": ["AS 2S 3S 4S 9S", "AH 2H 3H 4H 5H"], "battlefield": ["8C"]},
            "9S is not a card of this game",
        ),
        (
            {"dealer": 0, "hands": ["AS 2S 3S 4S 5S", "AS 2H 3H 4H 5H"], "battlefield": ["8C"]},
            "names AS twice",
        ),
        (
            {"dealer": 0, "hands": ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"], "battlefield": ["8C"]},
            "leaves out",
        ),
        (
            {"dealer": 0, "hands": ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H"], "battlefield": []},
            "battlefield must hold",
        ),
        (
            {
                "dealer": 0,
                "hands": ["AS", "AH"],
                "battlefield": ["8C"],
                "captured": ["2S 3S 4S 5S", ""],
            },
            "at most 3",
        ),
        (
            {"dealer": 0, "hands": ["AS", "AH"], "battlefield": ["8C"], "turn": 2},
            "turn must be",
        ),
        (
            {"dealer": 0, "hands": ["AS", "AH"], "battlefield": ["8C"], "final_turns": 2},
            "final_turns must be",
        ),
        (
            {"dealer": 0, "hands": ["AS", "ZZ"], "battlefield": ["8C"], "turn": 0},
            "not a card",
        ),
    ],
)
def test_bad_explicit_deals(deal: Any, words: str) -> None:
    with pytest.raises(RecordError) as err:
        new_game("cattura", players=2, deal=deal)
    assert words.lower() in str(err.value).lower()


def test_a_record_of_the_previous_version_loads() -> None:
    """Records once carried the deck shown as an option; it is dropped on load."""
    s = new_game("cattura", players=3, seed=11)
    rng = random.Random(11)
    for _ in range(6):
        s.play(rng.choice(s.legal_moves()))
    rec = s.record()
    assert rec["options"] == {}
    old = {**rec, "options": {"deck": "french"}}
    loaded = load_record(old)
    assert loaded == s and loaded.history == s.history


def test_bad_record() -> None:
    s = new_game("cattura", players=3, seed=11)
    rec = s.record()
    rec["moves"] = ["send 9S"]
    with pytest.raises(RecordError, match="move 1"):
        load_record(rec)


# -- random play: invariants --------------------------------------------------------------------
def _masks(s: CatturaState) -> tuple[list[int], list[int], list[int], list[int]]:
    deck = list(s._deck)
    return s._hands, s._caps, s._field, deck


def _check_cards(s: CatturaState) -> None:
    hands, caps, field, deck = _masks(s)
    total = 0
    union = 0
    for m in (*hands, *caps):
        total += m.bit_count()
        union |= m
    for i in (*field, *deck):
        total += 1
        union |= 1 << i
    assert total == 32 and union == DECK_MASK  # every card exactly once
    for m in caps:
        assert m.bit_count() <= 4
    assert all(h.bit_count() <= 5 for h in hands)
    assert field


_ALL_CARDS = [FRENCH.by_index(i) for i in CARDS]


def _random_text(rng: random.Random) -> str:
    c = [str(rng.choice(_ALL_CARDS)) for _ in range(3)]
    return rng.choice(
        [
            f"send {c[0]}",
            f"take {c[0]} with {c[1]}",
            f"take {c[0]} with {c[1]} {c[2]}",
            f"take {c[0]} with {c[1]}* {c[2]}",
            "pass",
        ]
    )


def _public_cards(s: CatturaState) -> set[Card]:
    out = set(s.battlefield())
    for p in range(s.players):
        out |= set(s.captured(p))
    return out


def _cards_in(value: Any) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in _cards_in(k) + _cards_in(v)]
    if isinstance(value, tuple | list | set | frozenset):
        return [c for v in value for c in _cards_in(v)]
    if hasattr(value, "__dataclass_fields__"):
        return [c for f in value.__dataclass_fields__ for c in _cards_in(getattr(value, f))]
    return []


def _check_views(s: CatturaState, rng: random.Random) -> None:
    public = _public_cards(s)
    n = s.players
    for seat in range(n):
        v = s.view(seat)
        own = set(s.hand(seat))
        for c in _cards_in(v):
            assert c in own or c in public, f"seat {seat} sees {c}"
        for e in s.events_for(seat):
            for c in e.cards:
                assert (
                    c is None
                    or c in own
                    or c in public
                    or e.seen_by is None
                    or any(seat in w for w in e.seen_by)
                )
        # Swapping hidden cards elsewhere (another hand, the deck) leaves the view equal.
        others = [p for p in range(n) if p != seat and s._hands[p]]
        hidden_places = [("hand", p) for p in others]
        if s._deck:
            hidden_places.append(("deck", -1))
        if len(hidden_places) >= 2:
            a, b = rng.sample(hidden_places, 2)
            t = s.clone()
            _swap_hidden(t, a, b, rng)
            assert t.view(seat) == v


def _swap_hidden(t: CatturaState, a: tuple[str, int], b: tuple[str, int], rng: random.Random):
    def pick(place: tuple[str, int]) -> int:
        if place[0] == "hand":
            bits = [i for i in CARDS if t._hands[place[1]] >> i & 1]
            return rng.choice(bits)
        return rng.choice(t._deck)

    ca, cb = pick(a), pick(b)
    deck = list(t._deck)
    for place, out, into in ((a, ca, cb), (b, cb, ca)):
        if place[0] == "hand":
            t._hands[place[1]] = t._hands[place[1]] & ~(1 << out) | 1 << into
        else:
            deck[deck.index(out)] = into
    t._deck = tuple(deck)


def _play_random_deal(players: int, seed: int, rng: random.Random, deep: bool) -> CatturaState:
    s = new_game("cattura", players=players, seed=seed)
    assert isinstance(s, CatturaState)
    moves = 0
    while not s.is_over:
        _check_cards(s)
        legal_moves = s.legal_moves()
        assert legal_moves and len(set(legal_moves)) == len(legal_moves)
        if rng.random() < 0.05:
            # A random text is either refused with the state unchanged, or it names a legal
            # move (a capture typed without its "*" marks is understood).
            text = _random_text(rng)
            before = s.clone()
            try:
                s.play(text)
            except IllegalMove:
                assert s == before
            else:
                assert s.history[-1] in {m.text for m in legal_moves}
                s = before
        if deep:
            _check_views(s, rng)
        s.play(legal_moves[rng.randrange(len(legal_moves))])
        moves += 1
        assert moves < 2000
    _check_cards(s)
    caps = [m.bit_count() for m in s._caps]
    scores = s.scores
    assert scores == [score_cards(s.captured(p)) for p in range(players)]
    assert s.winners == tuple(p for p in range(players) if scores[p] == max(scores))
    if s.end_reason == "four captured":
        ender = s.events[-2].seat
        assert caps.count(4) == 1 and caps[ender] == 4
    elif s.end_reason == "repetition":  # suit swaps brought a position back a third time
        assert max(caps) < 4 and s.history[-1].endswith("*")  # a swap: no hand card moved
    else:
        assert s.end_reason == "final round" and max(caps) < 4
        assert any(h == 0 for h in s._hands)
    assert isinstance(s.events[-1].data, MatchOver) and isinstance(s.events[-2].data, DealScored)
    _check_payloads(s)
    # In a dealt game an empty hand starts the final round at once, so nobody ever passes.
    assert "pass" not in s.history
    if deep:
        assert load_record(s.record()) == s
    return s


def _check_payloads(s: CatturaState) -> None:
    """Every event carries a typed payload; the result per seat is the engine's winners."""
    assert all(isinstance(e.data, Payload) for e in s.events)
    scored, over = s.events[-2].data, s.events[-1].data
    assert isinstance(scored, CatturaScored) and isinstance(over, CatturaOver)
    assert scored.scores == tuple(s.scores) and scored.winners == over.winners == s.winners
    assert len(scored.results) == s.players
    for seat, result in enumerate(scored.results):
        assert result.won == (seat in s.winners)
        assert result.points == result.awards == s.scores[seat]
        assert scored.breakdown[seat].total == s.scores[seat]
        assert scored.captured[seat] == s.captured(seat)
    assert any(r.won for r in scored.results)
    assert over.reason == scored.reason == s.end_reason


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_deals_keep_every_invariant(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for k in range(100):
        _play_random_deal(players, seed + k, rng, deep=k == 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_records_replay_and_clones_are_independent(players: int) -> None:
    rng = random.Random(players)
    for seed in range(30):
        s = new_game("cattura", players=players, seed=seed)
        assert isinstance(s, CatturaState)
        while not s.is_over:
            mid = s.clone()
            snap = mid._snapshot()
            moves = s.legal_moves()
            s.play(moves[rng.randrange(len(moves))])
            assert mid._snapshot() == snap  # playing the original left the clone alone
            if rng.random() < 0.2 and not mid.is_over:
                mid.play(mid.legal_moves()[0])
                assert s._snapshot() != snap or s == mid
        assert load_record(s.record()) == s
        assert load_record(s.record()).history == s.history


# -- the rule-based seat ------------------------------------------------------------------------
def _wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_seat_beats_the_random_seat(players: int) -> None:
    """Won = among the winners (a tie is a shared win); the rule seat sits in every chair."""
    rules, rand = make_seat("rules", "cattura"), make_seat("random", "cattura")
    wins = {"rules": 0, "random": 0}
    seen = {"rules": 0, "random": 0}
    for deal in range(300):
        s = new_game("cattura", players=players, seed=1000 + deal)
        rng = random.Random(deal)
        kinds = ["rules" if p == deal % players else "random" for p in range(players)]
        seats = {"rules": rules, "random": rand}
        while not s.is_over:
            p = s.current_player
            assert p is not None
            s.play(seats[kinds[p]].choose(s.view(p), s.legal_moves(), rng))
        for p, kind in enumerate(kinds):
            seen[kind] += 1
            wins[kind] += p in s.winners
    lo_rules, _ = _wilson(wins["rules"], seen["rules"])
    _, hi_random = _wilson(wins["random"], seen["random"])
    assert lo_rules > hi_random, (wins, seen)


def test_rule_seat_prefers_high_captures_and_low_sends() -> None:
    seat = make_seat("rules", "cattura")
    rng = random.Random(0)
    s = position(2, ["8S 3D 5C AH 2H", "AD 2D 3C 4D 6D"], "8C")
    assert seat.choose(s.view(0), s.legal_moves(), rng).text == "take 8C with 8S"
    s = position(2, ["AH 8S 7D 6H 2C", "AD 2D 3C 4D 6D"], "4C")
    assert seat.choose(s.view(0), s.legal_moves(), rng).text in {"send AH", "send 2C"}


def test_rule_seat_swaps_only_to_gain() -> None:
    seat = make_seat("rules", "cattura")
    rng = random.Random(0)
    # 2D would pair with 3D (+2), and the next hand holds one card: a gaining, safe swap.
    hands = ["8S 8H 7S 7H 6S", "4C"]
    s = position(2, hands, "2D", captured=["2C 3D", ""])
    assert seat.choose(s.view(0), s.legal_moves(), rng).text == "take 2D with 2C*"
    # 2D would break the clubs pair: never, whatever else is on offer.
    s = position(2, hands, "2D", captured=["2C 3C", ""])
    assert "take 2D with 2C*" in legal(s)
    assert seat.choose(s.view(0), s.legal_moves(), rng).text != "take 2D with 2C*"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_masks_and_battlefield_agree_with_its_cards(players: int) -> None:
    """The masks an engine view comes with, and the battlefield it keeps as shown between
    views (clones included), are what the view's own cards say."""
    rng = random.Random(players)
    for seed in range(20):
        s = new_game("cattura", players=players, seed=seed)
        while s.current_player is not None:
            branch = s.clone()
            for seat in range(players):
                v = s.view(seat)
                fresh = dataclasses.replace(v)  # the same fields, no masks filled in
                assert v.battlefield == s.battlefield() == branch.view(seat).battlefield
                assert v.hand_mask == fresh.hand_mask
                assert v.captured_masks == fresh.captured_masks
                assert v.battlefield_mask == fresh.battlefield_mask
                assert v.unseen_mask == fresh.unseen_mask == mask_of(v.unseen)
            moves = s.legal_moves()
            s.play(moves[rng.randrange(len(moves))])


# -- the last turns, for the search's tell ------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_last_turns_are_the_moves_played_with_their_seats_and_the_tops_they_met(
    players: int,
) -> None:
    """At every turn of whole matches (rule and random seats), each seat's view gives the last
    turn of every other player as it was played: seat, move and the top card it met."""
    checked = 0
    for seed in range(30):
        s = new_game("cattura", players=players, seed=seed)
        assert isinstance(s, CatturaState)
        seats = [make_seat("rules" if k % 2 else "random", "cattura") for k in range(players)]
        rng = random.Random(seed)
        trace: list[LastTurn] = []
        while not s.is_over:
            seat = s.current_player
            assert seat is not None
            want = trace[len(trace) - min(len(trace), players - 1) :]
            for viewer in range(players):
                assert last_turns(s.view(viewer)) == want
            move = seats[seat].choose(s.view(seat), s.legal_moves(), rng)
            trace.append(LastTurn(seat, move, s.top))
            s.play(move)
            checked += 1
        assert last_turns(s.view(0)) == []  # no one to move: no turn to read
    assert checked > 400  # some 25 turns a match


def test_last_turns_of_a_position_read_sends_captures_and_swaps_backwards() -> None:
    """Seat 0 takes 5D with 2H 3H, seat 1 sends 6C on the 3H, seat 2 takes the 6C back with
    its own 6S (a suit swap): from seat 0's turn the last two turns are read back."""
    s = position(3, ["2H 3H 7H 8H AH", "6C 7C 8C AC 8D", "2S 7S 8S AS 4S"], "5D", ["", "", "6S"])
    s.play("take 5D with 2H 3H")
    s.play("send 6C")
    s.play("take 6C with 6S*")
    turns = last_turns(s.view(0))
    assert [(t.seat, t.move.text, str(t.top)) for t in turns] == [
        (1, "send 6C", "3H"),
        (2, "take 6C with 6S*", "6C"),
    ]
