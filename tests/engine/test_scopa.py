"""Scopa (the rules): concrete positions, bad input, properties, the rule seat.

Expected values come from this file's own reading of the rules (card values, the primiera scale,
a brute-force capture oracle over all subsets of the table), never from the engine's tables.
Positions are written in card notation through the explicit ``deal=``; ``position`` and
``endgame`` below build mid-deal positions (the cards not named go to the captured piles).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_seat
from game.ai.base import RandomSeat
from game.ai.scopa_rules import ScopaRulesSeat
from game.engine import (
    GAMES,
    ITALIAN,
    Card,
    DealScored,
    Dealt,
    IllegalMove,
    MatchOver,
    Move,
    Played,
    RecordError,
    load_record,
    new_game,
    parse_cards,
)
from game.engine.scopa import ScopaState, ScopaView, round_plays, sweepers
from game.engine.scopa_events import (
    Captured,
    Leftovers,
    Redeal,
    ScopaOver,
    ScopaScored,
    Sweep,
    TableDealt,
)
from game.engine.scopa_events import Dealt as ScopaDealt
from game.engine.scopa_scoring import Awards, deal_points

# -- the rules, written independently ---------------------------------------------------------
ALL = [str(c) for c in ITALIAN.cards]
VALUE_OF_RANK = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "F": 8, "C": 9, "R": 10}
PRIMIERA = {"7": 21, "6": 18, "1": 16, "5": 15, "4": 14, "3": 13, "2": 12, "F": 10, "C": 10}
PRIMIERA["R"] = 10
SIDES = {2: 2, 3: 3, 4: 2, 6: 3}
HANDS_PER_DEAL = {2: 6, 3: 4, 4: 3, 6: 2}
#: Cards that, played in this order on an empty table, never capture (every pair sums > 10).
DUDS = ["5B", "6B", "7B", "FB", "CB", "RB"]


def value(c: str | Card) -> int:
    return VALUE_OF_RANK[str(c)[:-1]]


def texts(cards: Iterable[Card | str]) -> list[str]:
    return [str(c) for c in cards]


def my_primiera(pile: Iterable[str]) -> tuple[int, bool]:
    """Sum of the best primiera card per suit (0 for a missing suit), and all suits present."""
    best = {s: 0 for s in "DCSB"}
    for c in pile:
        best[c[-1]] = max(best[c[-1]], PRIMIERA[c[:-1]])
    return sum(best.values()), all(best.values())


def my_best(values: Sequence[int], eligible: Sequence[bool] | None = None) -> int | None:
    cands = [k for k in range(len(values)) if eligible is None or eligible[k]]
    if not cands:
        return None
    top = max(values[k] for k in cands)
    winners = [k for k in cands if values[k] == top]
    return winners[0] if len(winners) == 1 else None


def my_deal_points(piles: Sequence[Iterable[str]], scope: Sequence[int], all_suits: bool):
    piles = [list(p) for p in piles]
    cards = [len(p) for p in piles]
    coins = [sum(1 for c in p if c.endswith("D")) for p in piles]
    prim = [my_primiera(p) for p in piles]
    awards = {
        "cards": my_best(cards),
        "coins": my_best(coins),
        "settebello": next((k for k, p in enumerate(piles) if "7D" in p), None),
        "primiera": my_best([v for v, _ in prim], [ok for _, ok in prim] if all_suits else None),
    }
    points = list(scope)
    for side in awards.values():
        if side is not None:
            points[side] += 1
    return cards, coins, [v for v, _ in prim], awards, points


def oracle_moves(hand: Iterable[str], table: Sequence[str]) -> set[frozenset[str] | str]:
    """Every legal move by brute force: ('played', frozenset(taken)) pairs, or the bare card."""
    out: set[Any] = set()
    for card in hand:
        v = value(card)
        same = [t for t in table if value(t) == v]
        if same:
            out |= {(card, frozenset([t])) for t in same}
            continue
        sets = [
            frozenset(combo)
            for k in range(2, len(table) + 1)
            for combo in itertools.combinations(table, k)
            if sum(value(t) for t in combo) == v
        ]
        if sets:
            out |= {(card, s) for s in sets}
        else:
            out.add(card)
    return out


def as_oracle(moves: Iterable[Any]) -> set[Any]:
    out: set[Any] = set()
    for m in moves:
        if m.kind == "place":
            out.add(str(m.cards[0]))
        else:
            out.add((str(m.cards[0]), frozenset(texts(m.cards[1:]))))
    return out


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


# -- building positions -----------------------------------------------------------------------
def game(players: int, deal: dict[str, Any], seed: int = 7, **options: Any) -> ScopaState:
    state = new_game("scopa", players=players, seed=seed, deal=deal, **options)
    assert isinstance(state, ScopaState)
    return state


def position(
    players: int,
    hands: Sequence[Sequence[str]],
    table: Sequence[str],
    *,
    first: int = 0,
    deck: int = 0,
    piles: dict[int, Sequence[str]] | None = None,
    rest_to: int = 0,
    last: int | None = None,
    scores: Sequence[int] | None = None,
    seed: int = 7,
    **options: Any,
) -> ScopaState:
    """A mid-deal position with ``first`` to play: ``deck`` unused cards (deck order) stay
    undealt, ``piles`` are captured already, and every other card lies in side ``rest_to``'s pile.
    """
    used = {c for h in hands for c in h} | set(table)
    for pile in (piles or {}).values():
        used |= set(pile)
    unused = [c for c in ALL if c not in used]
    nsides = SIDES[players]
    captured: list[list[str]] = [list((piles or {}).get(k, [])) for k in range(nsides)]
    captured[rest_to] += unused[deck:]
    deal: dict[str, Any] = {
        "dealer": (first + 1) % players,
        "hands": [list(h) for h in hands],
        "table": list(table),
        "deck": unused[:deck],
        "captured": captured,
        "last_capturer": last,
    }
    if scores is not None:
        deal["scores"] = list(scores)
    return game(players, deal, seed=seed, **options)


def endgame(
    players: int,
    piles: dict[int, Sequence[str]],
    *,
    last: int | None = 0,
    rest_to: int = 0,
    scores: Sequence[int] | None = None,
    **options: Any,
) -> ScopaState:
    """The last round of a deal where nobody captures: the dud cards are placed one by one and
    go, as leftovers, to ``last``'s side.  Returns the state after the deal was scored."""
    hands = [[""] for _ in range(players)]
    for k in range(players):  # seat 0 plays first, then seat -1 (to the right), ...
        hands[(0 - k) % players] = [DUDS[k]]
    state = position(
        players, hands, [], piles=piles, rest_to=rest_to, last=last, scores=scores, **options
    )
    for _ in range(players):
        state.play(state.legal_moves()[0])
    return state


def scored(state: ScopaState) -> ScopaScored:
    data = [e for e in state.events if isinstance(e.data, DealScored)][-1].data
    assert isinstance(data, ScopaScored)
    return data


def unchanged_after(state: ScopaState, move: Any) -> str:
    """Play an illegal ``move``: the IllegalMove's message, the state left exactly as it was."""
    before = state.clone()
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert state == before
    assert state.legal_moves() == before.legal_moves()
    return str(info.value)


# -- the registry and options -----------------------------------------------------------------
def test_registered_with_counts_and_options() -> None:
    info = GAMES["scopa"]
    assert info.players == (2, 3, 4, 6)
    assert info.deck is ITALIAN
    assert info.options["target"].default == 11
    assert set(info.options["target"].choices) == {11, 21, 31}
    assert info.options["cappotto"].default is False
    assert info.options["primiera_all_suits"].default is False
    assert type(make_seat("rules", "scopa")) is ScopaRulesSeat


@pytest.mark.parametrize("players", [1, 5, 7, 0, "2", True])
def test_bad_player_counts(players: Any) -> None:
    with pytest.raises(ValueError, match="2, 3, 4, 6 players"):
        new_game("scopa", players=players, seed=1)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"target": 15}, "target=15 is not allowed"),
        ({"cappoto": True}, "no option 'cappoto'"),
        ({"cappotto": 1}, "cappotto=1 is not allowed"),
        ({"primiera_all_suits": "yes"}, "primiera_all_suits='yes' is not allowed"),
    ],
)
def test_bad_options(options: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        new_game("scopa", players=2, seed=1, **options)


# -- the deal ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seeded_deal_structure_and_counter_clockwise_play(players: int) -> None:
    rng = random.Random(players)
    state = new_game("scopa", players=players, seed=11 * players)
    assert isinstance(state, ScopaState)
    view = state.view(0)
    dealer = view.dealer
    dealt = [e for e in state.events if isinstance(e.data, Dealt)][-1]
    right_first = tuple((dealer - 1 - j) % players for j in range(players))
    assert dealt.data.to == right_first * 3  # one at a time, right of the dealer first
    assert [type(e.data) for e in state.events][-2:] == [ScopaDealt, TableDealt]
    assert len(state.events[-1].cards) == 4 and len(view.table) == 4
    assert view.hand_sizes == (3,) * players
    assert view.deck_count == 40 - 4 - 3 * players
    assert state.current_player == (dealer - 1) % players
    hands_dealt = 1
    while state.current_player is not None:  # the first deal, up to its scoring
        seat = state.current_player
        starting = sum(state.view(0).hand_sizes) == 3 * players
        if starting:
            assert seat == (dealer - 1) % players  # right of the dealer starts every hand
        mark = len(state.events)
        state.play(rng.choice(state.legal_moves()))
        new = state.events[mark:]
        if any(isinstance(e.data, Dealt) for e in new):
            hands_dealt += 1
            assert state.view(0).hand_sizes == (3,) * players
            assert state.view(0).deck_count == 40 - 4 - 3 * players * hands_dealt
        elif state.current_player is not None:
            assert state.current_player == (seat - 1) % players  # play goes to the right
    assert hands_dealt == HANDS_PER_DEAL[players]
    assert 4 + 3 * players * hands_dealt == 40
    if state.between_deals:
        state.deal_next()
        assert state.view(0).dealer == (dealer - 1) % players  # the deal passes right


def test_explicit_deal_is_dealt_one_at_a_time_from_the_dealers_right() -> None:
    hands = [["1D", "2D", "3D"], ["1C", "2C", "3C"], ["1S", "2S", "3S"], ["1B", "2B", "3B"]]
    state = game(4, {"dealer": 2, "hands": hands, "table": ["4D", "4C", "4S", "4B"]})
    dealt, table = state.events[0], state.events[1]
    assert isinstance(dealt.data, Dealt) and isinstance(table.data, TableDealt)
    assert dealt.data.to == (1, 0, 3, 2) * 3
    assert texts(dealt.cards[:4]) == ["1C", "1D", "1B", "1S"]
    assert texts(table.cards) == ["4D", "4C", "4S", "4B"]
    assert state.current_player == 1
    assert state.view(1).deck_count == 24
    assert texts(state.hand(3)) == ["1B", "2B", "3B"]
    # Hidden from the others: each dealt card is seen by its receiver only.
    assert dealt.for_seat(0).cards[1] is not None and dealt.for_seat(0).cards[0] is None


@pytest.mark.parametrize("kings", [["RD", "RC", "RS", "1B"], ["RD", "RC", "RS", "RB"]])
def test_three_or_four_re_on_the_table_redeal_by_the_same_dealer(kings: list[str]) -> None:
    hands = [["1D", "2D", "3D"], ["1C", "2C", "3C"]]
    state = game(2, {"dealer": 1, "hands": hands, "table": kings}, seed=3)
    kinds = [type(e.data) for e in state.events]
    assert kinds[:3] == [ScopaDealt, TableDealt, Redeal]
    redeal = state.events[2]
    assert redeal.data.kings == len([k for k in kings if k.startswith("R")])
    assert redeal.seat == 1
    assert kinds[3:] == [ScopaDealt, TableDealt]
    view = state.view(0)
    assert view.dealer == 1 and view.deal_no == 1 and state.current_player == 0
    assert sum(1 for c in view.table if c.rank == "R") < 3
    every = [*state.hand(0), *state.hand(1), *state.table(), *state.deck_cards()]
    assert sorted(texts(every)) == sorted(ALL)
    assert state.record()["deal"]["table"] == kings and load_record(state.record()) == state


def test_two_re_on_the_table_do_not_redeal() -> None:
    hands = [["1D", "2D", "3D"], ["1C", "2C", "3C"]]
    state = game(2, {"dealer": 1, "hands": hands, "table": ["RD", "RC", "1S", "1B"]})
    assert not any(isinstance(e.data, Redeal) for e in state.events)


def test_three_re_later_in_the_deal_do_not_redeal() -> None:
    # First table only: a later table holding three Re is played as it lies.
    state = position(2, [["RB", "2D", "3D"], ["1C", "2C", "3C"]], ["RD", "RC", "RS"], deck=6)
    assert not any(isinstance(e.data, Redeal) for e in state.events)
    assert "RB x RC" in texts(state.legal_moves())


def test_seeded_tables_never_keep_three_re() -> None:
    redeals = 0
    for seed in range(5000):
        state = new_game("scopa", players=2, seed=seed)
        events = state.events
        for k, e in enumerate(events):
            if isinstance(e.data, TableDealt):
                kings = sum(1 for c in e.cards if c.rank == "R")
                redeal = k + 1 < len(events) and isinstance(events[k + 1].data, Redeal)
                assert redeal == (kings >= 3)
                redeals += redeal
    assert redeals >= 1  # about 1 table in 200 has three or more Re


def test_first_dealer_comes_from_the_seed() -> None:
    dealers = {new_game("scopa", players=4, seed=s).view(0).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    a, b = new_game("scopa", players=3, seed=5), new_game("scopa", players=3, seed=5)
    assert a == b and a.view(0) == b.view(0)


# -- the turn: captures and placing ------------------------------------------------------------
def test_seed_example_hand_2d_5s_7b_on_1d_5c_6s() -> None:
    state = position(2, [["2D", "5S", "7B"], ["1C", "2C", "3C"]], ["1D", "5C", "6S"])
    assert sorted(texts(state.legal_moves())) == ["2D", "5S x 5C", "7B x 1D 6S"]
    assert as_oracle(state.legal_moves()) == oracle_moves(["2D", "5S", "7B"], ["1D", "5C", "6S"])


def test_seed_example_fante_takes_only_the_fante() -> None:
    state = position(2, [["FC", "2D", "RB"], ["1B", "2B", "3B"]], ["1C", "3S", "4B", "FD"])
    fc = [m.text for m in state.legal_moves() if str(m.cards[0]) == "FC"]
    assert fc == ["FC x FD"]
    msg = unchanged_after(state, "FC x 1C 3S 4B")
    assert "same value" in msg and "exactly one" in msg and "FC x FD" in msg


def test_each_equal_card_is_its_own_move_and_a_capturing_card_cannot_be_placed() -> None:
    state = position(2, [["5S", "CD", "RB"], ["1B", "2B", "3B"]], ["5C", "5D", "2S", "3S"])
    fives = sorted(m.text for m in state.legal_moves() if str(m.cards[0]) == "5S")
    assert fives == ["5S x 5C", "5S x 5D"]  # never the 2S + 3S sum, never placed
    assert "CD" in texts(state.legal_moves())  # a card that cannot capture is placed
    msg = unchanged_after(state, "5S")
    assert "may not be placed" in msg and "5S x 5D" in msg


def test_every_set_adding_up_is_its_own_move() -> None:
    table = ["1D", "2C", "3S", "4B"]
    state = position(2, [["7B", "6B", "5B"], ["1B", "2B", "3B"]], table)
    got = sorted(texts(state.legal_moves()))
    assert got == sorted(
        ["7B x 3S 4B", "7B x 1D 2C 4B", "6B x 2C 4B", "6B x 1D 2C 3S", "5B x 1D 4B", "5B x 2C 3S"]
    )
    assert as_oracle(state.legal_moves()) == oracle_moves(["7B", "6B", "5B"], table)


def test_any_card_of_the_hand_may_be_chosen() -> None:
    state = position(2, [["5S", "FD", "CB"], ["1B", "2B", "3B"]], ["5C", "1S"])
    assert set(texts(state.legal_moves())) == {"CB", "FD", "5S x 5C"}
    state.play("fd")  # placing FD although 5S could capture
    assert "FD" in texts(state.table())


def test_captured_cards_read_in_any_order_and_print_canonically() -> None:
    state = position(2, [["7B", "6B", "5B"], ["1B", "2B", "3B"]], ["1D", "2C", "3S", "4B"])
    state.play("7b x 4b, 2c + 1d")
    assert state.history == ["7B x 1D 2C 4B"]
    cap = [e for e in state.events if isinstance(e.data, Captured)][-1]
    assert cap.seat == 0 and texts(cap.cards) == ["1D", "2C", "4B"]
    assert str(cap.data.card) == "7B" and cap.data.side == 0 and not cap.data.scopa
    assert texts(state.table()) == ["3S"]
    assert state.view(1).captures[-1][0] == 0
    assert texts(state.view(1).captures[-1][2]) == ["1D", "2C", "4B"]


def test_placing_a_card_puts_it_on_the_table() -> None:
    state = position(2, [["FD", "2S", "3S"], ["1B", "2B", "3B"]], ["RC"])
    state.play("FD")
    assert texts(state.table()) == ["FD", "RC"]
    assert state.current_player == 1
    assert type(state.events[-1].data) is Played


# -- scopa and the end of the deal ------------------------------------------------------------
def test_a_sweep_is_a_scopa() -> None:
    state = position(2, [["5S", "2D", "3D"], ["4B", "6B", "FB"]], ["2C", "3C"], deck=6)
    state.play("5S x 2C 3C")
    assert not state.table()
    assert state.view(1).scope == (1, 0)
    scopa = [e for e in state.events if isinstance(e.data, Sweep)]
    assert len(scopa) == 1 and scopa[0].seat == 0 and scopa[0].data.side == 0
    assert state.view(0).captures[-1][3] is True


def test_a_sweep_on_the_last_play_of_a_hand_counts_while_the_deck_lasts() -> None:
    state = position(2, [["3D"], ["5S"]], ["2C"], deck=6)
    state.play("3D")
    state.play("5S x 2C 3D")
    assert state.view(0).scope == (0, 1)
    assert state.view(0).hand_sizes == (3, 3)  # the next hand was dealt


def test_no_scopa_on_the_very_last_play_of_the_deal() -> None:
    state = position(2, [["3D"], ["5S"]], ["2C"], piles={1: ["1B"]}, last=0)
    state.play("3D")
    mark = len(state.events)
    state.play("5S x 2C 3D")
    kinds = [type(e.data) for e in state.events[mark:]]
    assert Sweep not in kinds and Leftovers not in kinds
    data = scored(state)
    assert data.figures.scope == (0, 0)
    assert data.figures.cards == (40 - 4, 4)


def test_leftovers_go_to_the_last_capturer_and_are_no_scopa() -> None:
    state = position(2, [["FD"], ["RB"]], ["1C"], piles={1: ["2B", "3B"]}, last=1)
    state.play("FD")  # no 8 and no sum of 8: placed
    mark = len(state.events)
    state.play("RB")  # 1 + 8 = 9: placed as well, and the deal ends
    kinds = [type(e.data) for e in state.events[mark:]]
    assert kinds[:3] == [Played, Leftovers, ScopaScored]
    left = state.events[mark + 1]
    assert left.seat == 1 and left.data.side == 1
    assert sorted(texts(left.cards)) == ["1C", "FD", "RB"]
    data = scored(state)
    assert data.figures.cards == (40 - 5, 5) and data.figures.scope == (0, 0)


def test_leftovers_follow_the_last_capture_made_in_play() -> None:
    state = position(2, [["FD", "1S"], ["4B", "RB"]], ["3C", "1C"], piles={1: ["2B", "3B"]}, last=1)
    state.play("1S x 1C")  # seat 0 captures: now the last capturer
    state.play("RB")
    state.play("FD")
    state.play("4B")
    left = [e for e in state.events if isinstance(e.data, Leftovers)][-1]
    assert left.seat == 0 and left.data.side == 0
    assert sorted(texts(left.cards)) == ["3C", "4B", "FD", "RB"]


def test_leftovers_with_no_capture_in_the_deal_go_to_nobody() -> None:
    state = position(2, [["FD"], ["RB"]], ["1C"], piles={1: ["2B", "3B"]}, last=None)
    state.play("FD")
    state.play("RB")
    left = [e for e in state.events if isinstance(e.data, Leftovers)][-1]
    assert left.seat is None and left.data.side is None
    assert sum(scored(state).figures.cards) == 37


# -- partners ----------------------------------------------------------------------------------
def test_four_players_two_teams_sitting_opposite() -> None:
    hands = [["5D", "FD", "CD"], ["6C", "FC", "CC"], ["7S", "FS", "CS"], ["1B", "FB", "CB"]]
    state = position(4, hands, ["5C", "7C", "2S"], deck=12, rest_to=1)
    assert state.sides == ((0, 2), (1, 3))
    state.play("5D x 5C")  # seat 0, then play goes right: seat 3
    assert state.current_player == 3
    state.play("1B")
    assert state.current_player == 2
    state.play("7S x 7C")  # seat 2, partner of seat 0
    view = state.view(1)
    assert view.captured_counts[0] == 4 and view.side == 1 and view.partners == (1, 3)
    assert view.captures[0][0] == 0 and view.captures[1][0] == 2


def test_six_players_three_teams_sitting_opposite() -> None:
    state = new_game("scopa", players=6, seed=4)
    assert state.sides == ((0, 3), (1, 4), (2, 5))
    assert [state.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert state.view(4).partners == (1, 4)


@pytest.mark.parametrize("players", [4, 6])
def test_partners_share_their_sides_points(players: int) -> None:
    state = endgame(players, {1: ["7D"]}, last=0)
    data = scored(state)
    assert data.figures.points[1] == 1 and data.figures.awards.settebello == 1
    for s in range(players):
        assert state.scores[s] == data.side_scores[s % SIDES[players]] == data.scores[s]
    # side 0 took the rest (cards, coins, primiera): its seats won the deal, the others lost
    assert data.figures.points[0] == 3
    assert [r.won for r in data.results] == [s % SIDES[players] == 0 for s in range(players)]
    assert [r.points for r in data.results] == [
        3 if s % SIDES[players] == 0 else 1 if s % SIDES[players] == 1 else 0
        for s in range(players)
    ]


# -- deal points --------------------------------------------------------------------------------
def masks(*piles: Iterable[str]) -> list[int]:
    out = []
    for pile in piles:
        m = 0
        for c in pile:
            m |= 1 << ALL.index(c)
        out.append(m)
    return out


def test_primiera_worked_example_76() -> None:
    pile = ["7C", "7D", "6B", "1S"]
    data = deal_points(masks(pile, ["2D"]), [0, 0], all_suits=False)
    assert data.primiera[0] == 21 + 21 + 18 + 16 == 76


def test_primiera_seed_example_one_seven_and_three_aces_beat_three_sevens() -> None:
    three_sevens = ["7D", "7C", "7S"]  # no batons: 63
    one_seven_three_aces = ["7B", "1D", "1C", "1S"]  # 21 + 3 * 16 = 69
    data = deal_points(masks(three_sevens, one_seven_three_aces), [0, 0], all_suits=False)
    assert data.primiera == (63, 69)
    assert data.awards.primiera == 1


def test_primiera_house_rule_a_side_missing_a_suit_cannot_win() -> None:
    a = ["7D", "7C", "7S", "6D", "6C"]  # 63, no batons
    b = ["2D", "2C", "2S", "2B"]  # 48, all four suits
    seed_rule = deal_points(masks(a, b), [0, 0], all_suits=False)
    house = deal_points(masks(a, b), [0, 0], all_suits=True)
    assert seed_rule.awards.primiera == 0
    assert house.awards.primiera == 1
    assert house.primiera_complete == (False, True)
    neither = deal_points(masks(a, ["2D"]), [0, 0], all_suits=True)
    assert neither.awards.primiera is None


def test_face_cards_count_ten_in_primiera() -> None:
    data = deal_points(masks(["FD", "CC", "RS", "RB"], ["1D"]), [0, 0], all_suits=False)
    assert data.primiera == (40, 16)


def test_each_deck_point_needs_a_unique_best_side() -> None:
    half = ALL[:20]
    other = ALL[20:]  # coins and cups vs swords and batons: 20 cards each, 10 coins vs 0
    data = deal_points(masks(half, other), [2, 0], all_suits=False)
    assert data.cards == (20, 20) and data.awards.cards is None
    assert data.coins == (10, 0) and data.awards.coins == 0
    assert data.awards.settebello == 0
    assert data.primiera == (42, 42) and data.awards.primiera is None
    assert data.points == (2 + 2, 0)  # scope, coins, settebello


def test_three_sides_tie_at_the_top_gives_nobody_the_point() -> None:
    a, b, c = ["1D", "2D", "3C"], ["4D", "5D", "6C"], ["7C"]
    data = deal_points(masks(a, b, c), [0, 0, 1], all_suits=False)
    assert data.cards == (3, 3, 1) and data.awards.cards is None
    assert data.coins == (2, 2, 0) and data.awards.coins is None
    assert data.points[2] == 1


def test_deal_scored_through_a_whole_endgame() -> None:
    side1 = ["7D", "7C", "7S", "1C", "2C"]
    state = endgame(2, {1: side1}, last=1)
    data = scored(state)
    pile0 = [c for c in ALL if c not in side1 and c not in DUDS[:2]]
    pile1 = side1 + DUDS[:2]
    cards, coins, prim, awards, points = my_deal_points([pile0, pile1], [0, 0], False)
    assert data.figures.cards == tuple(cards) == (33, 7)
    assert data.figures.coins == tuple(coins) == (9, 1)
    assert data.figures.awards.settebello == 1 and data.settebello_seat is None
    assert data.figures.primiera == tuple(prim)
    assert data.figures.awards == Awards(**awards)
    assert data.figures.points == tuple(points) == (2, 2)
    assert data.side_scores == (2, 2) and state.scores == [2, 2]
    assert data.sides == ((0,), (1,)) and data.deal_no == 1


# -- the match ----------------------------------------------------------------------------------
def test_target_reached_strictly_ahead_wins() -> None:
    state = endgame(2, {}, last=0, scores=[9, 10])  # side 0 takes every deck point: +4
    assert state.is_over and state.winners == (0,)
    over = state.events[-1]
    assert isinstance(over.data, MatchOver) and over.data.winners == (0,)
    assert over.data.reason == "target" and state.scores == [13, 10]
    assert state.current_player is None and state.legal_moves() == []
    assert "over" in unchanged_after(state, "1D")


def test_points_only_count_after_the_whole_deal_and_a_tie_plays_on() -> None:
    side1 = ["7D", "7C", "7S", "1C", "2C"]  # 2 points each, as above
    state = endgame(2, {1: side1}, last=1, scores=[9, 9])
    assert not state.is_over and state.scores == [11, 11]
    assert state.between_deals and state.view(0).deal_no == 1
    state.deal_next()
    assert state.view(0).deal_no == 2 and sum(state.view(0).hand_sizes) == 6


def test_both_over_the_target_the_higher_wins() -> None:
    state = endgame(2, {}, last=0, scores=[9, 12])
    assert state.is_over and state.winners == (0,) and state.scores == [13, 12]


@pytest.mark.parametrize("target", [21, 31])
def test_house_rule_targets(target: int) -> None:
    state = endgame(2, {}, last=0, scores=[target - 6, 0], target=target)
    assert not state.is_over and state.scores == [target - 2, 0]
    state = endgame(2, {}, last=0, scores=[target - 4, 0], target=target)
    assert state.is_over and state.winners == (0,)


def test_cappotto_seven_to_nothing_ends_the_match() -> None:
    state = endgame(2, {}, last=0, scores=[3, 0], cappotto=True)
    assert state.is_over and state.winners == (0,) and state.scores == [7, 0]
    assert state.events[-1].data.reason == "cappotto"
    plain = endgame(2, {}, last=0, scores=[3, 0])
    assert not plain.is_over
    one = endgame(2, {1: ["7D"]}, last=0, scores=[4, 0], cappotto=True)
    assert one.scores == [7, 1] and not one.is_over  # 7-1 is no cappotto


# -- bad input ----------------------------------------------------------------------------------
def example() -> ScopaState:
    return position(2, [["2D", "5S", "7B"], ["1C", "2C", "3C"]], ["1D", "5C", "6S"], deck=6)


@pytest.mark.parametrize(
    ("text", "words", "code", "parts"),
    [
        ("", "empty text is not a move", "not_a_move", {"text": ""}),
        ("hello", "not a move of Scopa", "not_a_move", {"text": "hello"}),
        ("7B x", "not a move of Scopa", "not_a_move", {"text": "7B x"}),
        ("x 5C", "not a move of Scopa", "not_a_move", {"text": "x 5C"}),
        ("7B y 1D 6S", "not a move of Scopa", "not_a_move", {"text": "7B y 1D 6S"}),
        ("7Z", "not a move of Scopa", "not_a_move", {"text": "7Z"}),
        ("3B", "does not hold 3B", "not_in_hand", {"seat": 0, "card": "3B"}),
        ("1C", "does not hold 1C", "not_in_hand", {"seat": 0, "card": "1C"}),
        ("5S", "may not be placed", "must_capture", {"card": "5S", "moves": ["5S x 5C"]}),
        (
            "7B x 1D",
            "cannot take 1D",
            "wrong_value",
            {"card": "7B", "value": 7, "taken": "1D", "taken_value": 1, "moves": ["7B x 1D 6S"]},
        ),
        (
            "7B x 1D 5C",
            "add up to 6, not 7",
            "wrong_sum",
            {"cards": ["1D", "5C"], "total": 6, "value": 7, "card": "7B", "moves": ["7B x 1D 6S"]},
        ),
        ("7B x 1D 4S", "4S is not on the table", "not_on_table", {"card": "4S"}),
        ("7B x 1D 1D", "listed twice", "taken_twice", {"card": "1D"}),
        ("7B x 7B", "the card played", "takes_itself", {"card": "7B"}),
        (
            "5S x 1D 5C",
            "exactly one",
            "must_take_equal",
            {"card": "5S", "equal": ["5C"], "moves": ["5S x 5C"]},
        ),
        ("2D x 1D", "can take nothing", "nothing_to_take", {"card": "2D"}),
    ],
)
def test_illegal_and_malformed_moves_are_refused_with_a_reason(
    text: str, words: str, code: str, parts: dict[str, Any]
) -> None:
    state = example()
    before = state.clone()
    with pytest.raises(IllegalMove) as info:
        state.play(text)
    assert state == before
    assert words in str(info.value)
    assert info.value.code == code
    assert {k: plain(v) for k, v in info.value.parts.items()} == parts


def plain(value: Any) -> Any:
    """A refusal's part in card and move text (lists for sequences), to compare with."""
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Card | Move):
        return str(value)
    return value


def test_moves_that_are_not_scopa_moves() -> None:
    state = example()
    foreign = new_game("capodama", 4, 1).legal_moves()[0]
    assert "not a move of Scopa" in unchanged_after(state, foreign)
    assert "text or a Move" in unchanged_after(state, 42)


def test_play_as_the_wrong_seat_is_refused() -> None:
    state = example()
    before = state.clone()
    with pytest.raises(IllegalMove, match="not seat 1's turn: seat 0 is to play"):
        state.play_as(1, "2D")
    assert state == before
    state.play_as(0, "2D")
    assert state.current_player == 1


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ("nope", "deal must be a dict"),
        ({"dealer": 0, "hands": [], "table": [], "extra": 1}, "unknown keys ['extra']"),
        (
            {"dealer": 2, "hands": [["1D"]] * 2, "table": []},
            "dealer must be a seat number from 0 to 1",
        ),
        ({"dealer": 0, "hands": [["1D", "2D", "3D"]], "table": []}, "list of 2 card lists"),
        ({"dealer": 0, "hands": [["1D", "2D"], ["3D"]], "table": []}, "same number of cards"),
        ({"dealer": 0, "hands": [["1D", "2D", "3D", "4D"]] * 2, "table": []}, "1 to 3"),
        (
            {"dealer": 0, "hands": [["1D", "2D", "XX"], ["1C", "2C", "3C"]], "table": []},
            "hands of seat 0",
        ),
        ({"dealer": 0, "hands": [["1D", "2D", "3D"], ["1C", "2C", "3C"]]}, "has no 'table'"),
        (
            {"dealer": 0, "hands": [["1D", "2D", "3D"], ["1D", "2C", "3C"]], "table": []},
            "names 1D twice .the hand of seat 0 and the hand of seat 1.",
        ),
        (
            {"dealer": 0, "hands": [["1D", "2D", "3D"], ["1C", "2C", "3C"]], "table": ["4D"]},
            "multiple of 6",
        ),
        (
            {
                "dealer": 0,
                "hands": [["1D", "2D", "3D"], ["1C", "2C", "3C"]],
                "table": [],
                "deck": ["4D"],
            },
            "leaves out",
        ),
        (
            {
                "dealer": 0,
                "hands": [["1D", "2D", "3D"], ["1C", "2C", "3C"]],
                "table": ["4D", "4C", "4S", "4B"],
                "captured": [[]],
            },
            "list of 2 piles",
        ),
        (
            {
                "dealer": 0,
                "hands": [["1D", "2D", "3D"], ["1C", "2C", "3C"]],
                "table": ["4D", "4C", "4S", "4B"],
                "last_capturer": 5,
            },
            "last_capturer must be a seat",
        ),
        (
            {
                "dealer": 0,
                "hands": [["1D", "2D", "3D"], ["1C", "2C", "3C"]],
                "table": ["4D", "4C", "4S", "4B"],
                "scores": [1, -1],
            },
            "scores must be a list of 2",
        ),
    ],
)
def test_bad_explicit_deals_are_refused(deal: Any, words: str) -> None:
    with pytest.raises(RecordError, match=words.replace("[", r"\[").replace("]", r"\]")):
        new_game("scopa", players=2, seed=1, deal=deal)


def test_bad_records_are_refused() -> None:
    state = example()
    record = state.record()
    record["moves"] = ["5S"]
    with pytest.raises(RecordError, match=r"move 1 .* may not be placed"):
        load_record(record)


# -- what a seat may see -------------------------------------------------------------------------
def test_view_shows_own_hand_public_cards_and_counts() -> None:
    state = position(
        4,
        [["2D", "5S", "7B"], ["1C", "2C", "3C"], ["4S", "4D", "RB"], ["6D", "6C", "FS"]],
        ["1D", "5C", "6S"],
        deck=12,
        rest_to=1,
        piles={0: ["RD", "RC"]},
        last=3,
        scores=[3, 5],
    )
    state.play("7B x 1D 6S")
    view = state.view(2)
    assert isinstance(view, ScopaView)
    assert texts(view.hand) == ["4D", "4S", "RB"]
    assert texts(view.table) == ["5C"]
    assert view.hand_sizes == (2, 3, 3, 3)
    assert view.deck_count == 12
    assert view.captured_counts[0] == 5 and "7B" in texts(view.captured[0])
    # the running figures: side 0 holds RD RC 7B 1D 6S, side 1 the cards not named and not in
    # the deck (the first 12 unnamed cards, 7D among them: nobody holds the settebello yet)
    so_far = view.so_far
    assert so_far.cards == (5, 40 - 5 - 11 - 1 - 12) and so_far.coins == (2, 0)
    assert so_far.primiera[0] == 16 + 10 + 18 + 21 and so_far.awards.settebello is None
    assert so_far.scope == (0, 0) and so_far.awards.coins == 0
    assert str(view.settebello) == "7D" and view.coins_suit == "D"  # what the UI names
    assert view.captures == ((0, ITALIAN.card("7", "B"), view.captures[0][2], False),)
    assert view.last_capturer == 0 and view.current_player == 3
    assert view.side_scores == (3, 5) and view.scores == (3, 5, 3, 5)
    assert view.target == 11 and view.cappotto is False and view.primiera_all_suits is False
    assert view.dealer == 1 and view.sides == ((0, 2), (1, 3)) and view.partners == (0, 2)
    for hidden in ("1C", "2C", "3C", "6D", "6C", "FS"):
        assert hidden not in texts(all_cards(view))
    with pytest.raises(ValueError, match="seat must be from 0 to 3"):
        state.view(4)


def test_events_for_a_seat_hide_the_other_hands() -> None:
    state = example()
    dealt = state.events_for(1)[0]
    assert isinstance(dealt.data, Dealt)
    own = [c for c, s in zip(dealt.cards, dealt.data.to, strict=True) if s == 1]
    other = [c for c, s in zip(dealt.cards, dealt.data.to, strict=True) if s == 0]
    assert texts(own) == ["1C", "2C", "3C"] and other == [None] * 3
    assert [c for c in state.events_for(None)[0].cards if c is not None] == []
    assert texts(state.events_for(None)[1].cards) == ["1D", "5C", "6S"]


def test_last_deal_in_the_view_is_the_frozen_payload() -> None:
    state = endgame(2, {1: ["7D"]}, last=0)
    view = state.view(0)
    assert view.last_deal is scored(state) and view.last_deal.figures.awards.settebello == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(view.last_deal.figures.awards, "settebello", 0)  # noqa: B010
    assert state.view(0).last_deal == view.last_deal


def all_cards(value: Any) -> list[Card]:
    """Every Card anywhere inside a view (dataclass fields, tuples, dicts)."""
    if isinstance(value, Card):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in all_cards(getattr(value, f.name))]
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in (*all_cards(k), *all_cards(v))]
    if isinstance(value, tuple | list | set | frozenset):
        return [c for v in value for c in all_cards(v)]
    return []


# -- records and copies ---------------------------------------------------------------------------
def test_record_replays_and_survives_json() -> None:
    import json

    state = example()
    state.play("7b x 6s 1d")
    state.play("1C x 1D") if "1C x 1D" in texts(state.legal_moves()) else state.play("3C")
    record = json.loads(json.dumps(state.record()))
    assert record["game"] == "scopa" and record["deal"]["table"] == ["1D", "5C", "6S"]
    assert load_record(record) == state


def test_clone_is_independent() -> None:
    state = new_game("scopa", players=3, seed=9)
    before = state.clone()
    copy = state.clone()
    copy.play(copy.legal_moves()[0])
    assert state == before and copy != state
    assert len(state.events) == len(before.events)


# -- the rule-based seat --------------------------------------------------------------------------
def choice(state: ScopaState) -> str:
    seat = state.current_player
    assert seat is not None
    return ScopaRulesSeat().choose(state.view(seat), state.legal_moves(), random.Random(0)).text


def test_rule_seat_takes_the_settebello() -> None:
    state = position(2, [["7B", "2S", "4S"], ["1B", "2B", "3B"]], ["7D", "7C", "RB"], deck=24)
    assert choice(state) == "7B x 7D"


def test_rule_seat_sweeps_when_it_can() -> None:
    state = position(2, [["5S", "FD", "CD"], ["1B", "2B", "3B"]], ["2C", "3C"], deck=24)
    assert choice(state) == "5S x 2C 3C"


def test_rule_seat_prefers_the_capture_taking_more_and_better_cards() -> None:
    state = position(2, [["6B", "FD", "CD"], ["1B", "2B", "3B"]], ["1C", "2C", "3S", "4B"], deck=24)
    assert choice(state) == "6B x 1C 2C 3S"


def test_rule_seat_does_not_leave_an_easy_sweep() -> None:
    state = position(2, [["FD", "2S", "4S"], ["1B", "2B", "3B"]], ["3C"], deck=24)
    assert choice(state) == "FD"  # 3 + 8 > 10: no single card sweeps it


def test_rule_seat_does_not_give_a_seven_away() -> None:
    state = position(2, [["7S", "4B", "RS"], ["1B", "2B", "3B"]], ["FC", "CC"], deck=24)
    assert choice(state) in ("4B", "RS")


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_rule_seat_plays_whole_deals_legally(players: int) -> None:
    state = new_game("scopa", players=players, seed=players)
    seat = make_seat("rules", "scopa")
    rng = random.Random(1)
    while state.current_player is not None:  # the first deal, up to its scoring
        p = state.current_player
        assert p is not None
        move = seat.choose(state.view(p), state.legal_moves(), rng)
        assert move in state.legal_moves()
        state.play_as(p, move)


def test_rule_seat_beats_the_random_seat() -> None:
    """300 two-player deals, seats alternating: the rule seat's share of deals won (more deal
    points than the other) has a 95% interval above the random seat's."""
    rules, rand = ScopaRulesSeat(), RandomSeat()
    rng = random.Random(2024)
    wins = {"rules": 0, "random": 0}
    deals = 300
    for k in range(deals):
        state = new_game("scopa", players=2, seed=10_000 + k)
        seats = (rules, rand) if k % 2 == 0 else (rand, rules)
        names = ("rules", "random") if k % 2 == 0 else ("random", "rules")
        while state.current_player is not None:  # the first deal, up to its scoring
            p = state.current_player
            assert p is not None
            state.play(seats[p].choose(state.view(p), state.legal_moves(), rng))
        points = scored(state).figures.points
        if points[0] != points[1]:
            wins[names[0] if points[0] > points[1] else names[1]] += 1
    lo_rules, _ = wilson(wins["rules"], deals)
    _, hi_random = wilson(wins["random"], deals)
    assert lo_rules > hi_random, wins


# -- properties over random deals ----------------------------------------------------------------
def accounted(state: ScopaState) -> None:
    """Every card exactly once: hands, table, deck, captured piles, unclaimed leftovers."""
    every = [*state.table(), *state.deck_cards(), *state.unclaimed_cards()]
    for s in range(state.players):
        every += state.hand(s)
    for k in range(len(state.sides)):
        every += state.captured_cards(k)
    assert sorted(texts(every)) == sorted(ALL)


def check_running_counts(state: ScopaState) -> None:
    """Every view's running figures match the captured cards, counted here."""
    for seat in range(state.players):
        view = state.view(seat)
        piles = [texts(p) for p in view.captured]
        so_far = view.so_far
        assert so_far.cards == view.captured_counts == tuple(len(p) for p in piles)
        assert so_far.coins == tuple(sum(1 for c in p if c.endswith("D")) for p in piles)
        assert so_far.primiera == tuple(my_primiera(p)[0] for p in piles)
        assert so_far.scope == view.scope
        holder = next((k for k, p in enumerate(piles) if "7D" in p), None)
        assert so_far.awards.settebello == holder


def check_legal_and_illegal(state: ScopaState, rng: random.Random) -> None:
    """The legal moves equal the brute-force oracle; a random other move is refused."""
    seat = state.current_player
    assert seat is not None
    hand, table = texts(state.hand(seat)), texts(state.table())
    legal = state.legal_moves()
    oracle = oracle_moves(hand, table)
    assert as_oracle(legal) == oracle and len(legal) == len(oracle)
    card = rng.choice(ALL if rng.random() < 0.3 else hand)
    taken = [t for t in table if rng.random() < 0.5]
    text = f"{card} x {' '.join(reversed(taken))}" if taken else card
    key: Any = (card, frozenset(taken)) if taken else card
    if key in oracle and card in hand:
        trial = state.clone()
        trial.play(text)
        assert trial.history[-1] in texts(legal)
    else:
        unchanged_after(state, text)


def hidden_locations(state: ScopaState, seat: int) -> list[tuple[str, int, int]]:
    """(where, who, card index) of every card ``seat`` may not see."""
    out = []
    for s in range(state.players):
        if s != seat:
            out += [("hand", s, c.index) for c in state.hand(s)]
    out += [("deck", -1, c.index) for c in state.deck_cards()]
    return out


def swapped(state: ScopaState, a: tuple[str, int, int], b: tuple[str, int, int]) -> ScopaState:
    """A copy with two hidden cards exchanged (test-only surgery on the private fields)."""
    copy = state.clone()
    for (where, who, card), new in ((a, b[2]), (b, a[2])):
        if where == "hand":
            copy._hands[who] = copy._hands[who] & ~(1 << card) | 1 << new
        else:
            copy._deck[copy._deck.index(card)] = new
    return copy


def deep_checks(state: ScopaState, rng: random.Random) -> None:
    public = {*texts(state.table())}
    for k in range(len(state.sides)):
        public |= set(texts(state.captured_cards(k)))
    for seat in range(state.players):
        view = state.view(seat)
        own = set(texts(state.hand(seat)))
        assert set(texts(all_cards(view))) <= own | public
        hidden = hidden_locations(state, seat)
        pairs = [(a, b) for a, b in itertools.combinations(hidden, 2) if a[:2] != b[:2]]
        if pairs:
            a, b = rng.choice(pairs)
            assert swapped(state, a, b).view(seat) == view
        for e in state.events_for(seat):
            if isinstance(e.data, Dealt):
                for c, to in zip(e.cards, e.data.to, strict=True):
                    assert (c is None) == (to != seat)
    assert load_record(state.record()) == state
    before = state.clone()
    copy = state.clone()
    copy.play(rng.choice(copy.legal_moves()))
    assert state == before


def check_scored_deal(events: Sequence[Any], prev: Sequence[int], state: ScopaState) -> None:
    """The deal's log: all 40 cards dealt once, piles rebuilt from the captures, points."""
    nsides = len(state.sides)
    end = next(k for k, e in enumerate(events) if isinstance(e.data, DealScored))
    deal_events = events[:end]
    last_redeal = max(
        (k for k, e in enumerate(deal_events) if isinstance(e.data, Redeal)), default=-1
    )
    dealt = [
        str(c)
        for e in deal_events[last_redeal + 1 :]
        if isinstance(e.data, (Dealt, TableDealt))
        for c in e.cards
    ]
    assert sorted(dealt) == sorted(ALL)
    first_table = next(e for e in deal_events[last_redeal + 1 :] if isinstance(e.data, TableDealt))
    assert sum(1 for c in first_table.cards if c.rank == "R") < 3
    piles: list[list[str]] = [[] for _ in range(nsides)]
    scope = [0] * nsides
    unclaimed: list[str] = []
    plays = [e for e in deal_events if isinstance(e.data, Played)]
    assert len(plays) == 36
    for e in deal_events:
        if isinstance(e.data, Captured):
            piles[e.data.side] += [str(e.data.card), *texts(e.cards)]
            assert e.data.side == e.seat % nsides
        elif isinstance(e.data, Sweep):
            scope[e.data.side] += 1
        elif isinstance(e.data, Leftovers):
            if e.data.side is None:
                unclaimed += texts(e.cards)
            else:
                piles[e.data.side] += texts(e.cards)
    last_play = max(k for k, e in enumerate(deal_events) if isinstance(e.data, Played))
    assert all(not isinstance(e.data, Sweep) for e in deal_events[last_play:])
    assert sorted([c for p in piles for c in p] + unclaimed) == sorted(ALL)
    data = events[end].data
    all_suits = state.options["primiera_all_suits"]
    cards, coins, prim, awards, points = my_deal_points(piles, scope, all_suits)
    assert data.figures.cards == tuple(cards) and data.figures.coins == tuple(coins)
    assert data.figures.primiera == tuple(prim) and data.figures.scope == tuple(scope)
    assert data.figures.awards == Awards(**awards) and data.figures.points == tuple(points)
    assert data.side_scores == tuple(p + q for p, q in zip(prev, points, strict=True))
    # every seat's result is its side's: won alone with the most deal points, a tie wins nobody
    best = my_best(points)
    assert len(data.results) == state.players
    for seat, result in enumerate(data.results):
        side = seat % nsides
        assert result.won == (side == best)
        assert result.points == result.awards == points[side]
    assert data.scores == tuple(data.side_scores[s % nsides] for s in range(state.players))
    if state.is_over:
        over = events[-1]
        assert isinstance(over.data, MatchOver) and isinstance(over.data, ScopaOver)
        side = over.data.side
        scores = data.side_scores
        top = scores[side]
        ahead = all(top > v for k, v in enumerate(scores) if k != side)
        if over.data.reason == "target":
            assert top >= state.options["target"] and ahead
        else:
            assert state.options["cappotto"] and top >= 7 and sum(scores) == top
        assert state.winners == state.sides[side]
    else:
        target = state.options["target"]
        scores = data.side_scores
        assert not (max(scores) >= target and scores.count(max(scores)) == 1)
        assert state.view(0).dealer == (data.dealer - 1) % state.players


def random_deals(players: int, seed: int, deals: int) -> None:
    rng = random.Random(seed)
    state: ScopaState | None = None
    for d in range(deals):
        if state is None or state.is_over:
            options = {
                "target": rng.choice((11, 21, 31)),
                "cappotto": rng.random() < 0.3,
                "primiera_all_suits": rng.random() < 0.3,
            }
            state = new_game("scopa", players=players, seed=rng.randrange(2**31), **options)
            assert isinstance(state, ScopaState)
        per_move = d % 20 == 0
        deep_at = rng.randrange(30) if d % 50 == 7 else -1
        start = max(
            (k + 1 for k, e in enumerate(state.events) if isinstance(e.data, DealScored)), default=0
        )
        prev = state.side_scores
        k = 0
        while state.current_player is not None:
            if per_move:
                accounted(state)
                check_running_counts(state)
                check_legal_and_illegal(state, rng)
            if k == deep_at:
                deep_checks(state, rng)
            moves = state.legal_moves()
            state.play(moves[rng.randrange(len(moves))])
            k += 1
        if state.between_deals:
            state.deal_next()
        check_scored_deal(state.events[start:], prev, state)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_deals_keep_every_invariant(players: int, seed: int) -> None:
    random_deals(players, seed, 100)


# --- the hand of 3 in play, as views tell it (what the search reads its tells from) ---------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_round_plays_are_the_moves_of_this_hand_of_3(players: int, seed: int) -> None:
    """Who made each move since the hands of 3 were dealt, and on what table, read from any
    seat's view, is what was played; the moves that could sweep are those sweepers names."""
    state = new_game("scopa", players=players, seed=seed)
    assert isinstance(state, ScopaState)
    rng = random.Random(seed)
    trace: list[tuple[int, str, tuple[Card, ...]]] = []
    while state.deals_scored == 0:
        seat = state.current_player
        assert seat is not None
        if all(len(state.hand(s)) == 3 for s in range(players)):
            trace = []  # a new hand of 3
        for viewer in range(players):
            view = state.view(viewer)
            plays = round_plays(view)
            assert [(p.seat, p.move.text, p.table) for p in plays] == trace
            assert all(p.swept == (len(p.move.took) == len(p.table) > 0) for p in plays)
        moves = state.legal_moves()
        table = state.table()
        whole = {m.cards[0] for m in moves if table and len(m.cards) - 1 == len(table)}
        assert set(sweepers(table, state.hand(seat))) == whole
        move = moves[rng.randrange(len(moves))]
        trace.append((seat, move.text, table))
        state.play(move)


def test_sweepers_follow_the_capture_rule() -> None:
    """A card equal to a lone card sweeps it; otherwise a card worth the whole table does,
    unless a card of its value lies there (it must take that one)."""
    cards = parse_cards("1D 3C 4S 5B 7D RC", ITALIAN)
    assert sweepers(parse_cards("5C", ITALIAN), cards) == parse_cards("5B", ITALIAN)
    assert sweepers(parse_cards("3D 4D", ITALIAN), cards) == parse_cards("7D", ITALIAN)
    assert sweepers(parse_cards("3D 4D 7C", ITALIAN), cards) == []  # 7D must take 7C
    assert sweepers(parse_cards("1C 3D", ITALIAN), cards) == parse_cards("4S", ITALIAN)
    assert sweepers((), cards) == []
