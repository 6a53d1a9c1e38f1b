"""What play tells the search seats: hard facts never broken, soft facts by likelihood.

Concrete positions (card notation) check each fact where it bites: where the dama can be after
the exchange, the cards a Buongioco declaration rules out, a seat silent in trick 1.  Random
positions of real deals check the inference is sound: the true hidden hands always satisfy every
hard fact derived and keep a likelihood above zero, and every sampled world honours the hard
facts.  The bidding is searched on worlds that replay the public choices made so far.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.capodama_rules import CapodamaRulesSeat
from game.ai.capodama_search import (
    CapodamaSearchSeat,
    _deal_world,
    hidden_cards,
    rule_candidates,
)
from game.ai.cattura_rules import CatturaRulesSeat
from game.ai.cattura_search import (
    MISSED_CAPTURE,
    MissedCapture,
    could_capture,
    missed_captures,
)
from game.ai.cattura_search import hidden_cards as cattura_hidden
from game.ai.scopa_rules import ScopaRulesSeat
from game.ai.scopa_search import MISSED_SWEEP, missed_sweeps
from game.ai.scopa_search import hidden_cards as scopa_hidden
from game.ai.search_worlds import PILE, Hidden, Placement, place_hidden, weighted_placement
from game.ai.tressette_rules import TressetteRulesSeat
from game.ai.tressette_search import TressetteSearchSeat
from game.ai.tressette_search import hidden_cards as tressette_hidden
from game.engine import FRENCH, ITALIAN, Card, GameState, Move, new_game, parse_card, parse_cards
from game.engine.capodama import CapodamaState
from game.engine.cattura import CatturaState
from game.engine.cattura_cards import CARDS, card
from game.engine.tressette import TressetteState

QH = parse_card("QH", FRENCH)


# -- the sampler -------------------------------------------------------------------------------
def _holder(places: Placement, card: Card) -> int:
    return next(p for p, cards in places.items() if card in cards)


def test_the_weight_shapes_the_worlds_as_a_likelihood() -> None:
    """Two seats, one card each: a weight of 1/4 for the card at seat 1 leaves it there in
    1/5 of the worlds (prior 1/2 times the likelihood), and a weight of 0 never."""
    a, b = parse_cards("AS KS", FRENCH)
    base = Hidden(pool=(a, b), sizes={0: 1, 1: 1})
    quarter = replace(base, weight=lambda h: 0.25 if a in h[1] else 1.0)
    rng = random.Random(3)
    share = sum(_holder(weighted_placement(quarter, rng), a) == 1 for _ in range(4000)) / 4000
    assert 0.17 < share < 0.23
    never = replace(base, weight=lambda h: 0.0 if a in h[1] else 1.0)
    assert all(_holder(weighted_placement(never, rng), a) == 0 for _ in range(500))
    blind = sum(_holder(weighted_placement(base, rng), a) == 1 for _ in range(4000)) / 4000
    assert 0.46 < blind < 0.54


def test_banned_cards_are_never_placed_with_their_seat() -> None:
    pool = tuple(parse_cards("AS KS QS JS AD KD", FRENCH))
    banned = {0: frozenset(pool[:3]), 1: frozenset(pool[2:4])}
    hidden = Hidden(pool=pool, sizes={0: 2, 1: 2, 2: 2}, banned=banned)
    rng = random.Random(5)
    for _ in range(300):
        places = place_hidden(hidden, rng)
        assert sorted(len(v) for v in places.values()) == [2, 2, 2]
        for seat, cards in banned.items():
            assert not set(places[seat]) & cards
    # QS is banned from 0 and 1, so it always lands with seat 2
    assert all(pool[2] in place_hidden(hidden, rng)[2] for _ in range(50))


# -- Capodama: the dama after the exchange -----------------------------------------------------
CAPO_HOLDS_QH = [
    "AH QH AS 7S AD 8D AC 8C",
    "7H KH JS KS 7D JD 7C JC",
    "JH 10H QS 10S KD QD KC QC",
    "9H 8H 9S 8S 10D 9D 10C 9C",
]


def _to_play(s: GameState) -> None:
    rules = CapodamaRulesSeat()
    rng = random.Random(0)
    while s.phase != "play":
        p = s.current_player
        assert p is not None
        s.play(rules.choose(s.view(p), s.legal_moves(), rng))


def _dama_shares(view_seat: int, hands: list[str], worlds: int = 3000) -> tuple[Counter, Counter]:
    s = new_game("capodama", players=4, deal={"dealer": 3, "hands": hands})
    _to_play(s)
    spec = hidden_cards(s.view(view_seat))
    rng = random.Random(11)
    after = Counter(_holder(weighted_placement(spec, rng), QH) for _ in range(worlds))
    blind = replace(spec, weight=None)
    before = Counter(_holder(weighted_placement(blind, rng), QH) for _ in range(worlds))
    return before, after


def test_a_capo_dealt_the_dama_is_expected_to_have_passed_it_left() -> None:
    """Seat 0 is capo and was dealt QH; seat 2 sees neither.  Blind, the capo holds QH in a
    third of the worlds; with the exchange read, rarely, and its left neighbour (seat 1, who
    holds it when dealt it and when the capo was) about twice as often as seat 3."""
    before, after = _dama_shares(2, CAPO_HOLDS_QH)
    assert before[0] > 800
    assert after[0] < 150
    assert after[1] > 1.6 * after[3]


def test_the_capos_left_neighbour_saw_the_capos_pass() -> None:
    """Seat 1 received the capo's pass, not QH: nothing moved the dama but a capo keeping it,
    so the two other seats are alike and the capo is unlikely."""
    # seat 0 (capo): AH KH ...; seat 1: 7H 9H ...; seat 3: QH 8H ...
    hands = [
        "AH KH AS 7S AD 8D AC 8C",
        "7H 9H JS KS 7D JD 7C JC",
        "JH 10H QS 10S KD QD KC QC",
        "QH 8H 9S 8S 10D 9D 10C 9C",
    ]
    before, after = _dama_shares(1, hands)
    assert after[0] < 150 < before[0]
    assert abs(after[2] - after[3]) < 300


# -- Tressette: what a declaration and a silence tell ------------------------------------------
TRESSETTE = [
    "1B 2B 3B 2D 3D 2C 3C 4C 5C 6C",
    "7C FC CC RC 5S 6S 7S FS CS RS",
    "4B 5B 6B 7B FB CB RB 2S 3S 4S",
    "1D 1C 1S 4D 5D 6D 7D FD CD RD",
]


def _tressette_after_trick_one_start() -> TressetteState:
    s = new_game("tressette", players=4, deal={"dealer": 0, "hands": TRESSETTE})
    assert isinstance(s, TressetteState)
    assert s.current_player == 3
    for move in ("buongioco", "4D", "4B"):  # seat 3 declares three aces; seat 2 is silent
        s.play(move)
    return s


def test_a_declaration_rules_out_the_card_that_would_have_made_more() -> None:
    s = _tressette_after_trick_one_start()
    spec = tressette_hidden(s.view(1))
    assert parse_card("1B", ITALIAN) in spec.banned[3]  # four aces would have been declared
    rng = random.Random(2)
    for _ in range(200):
        assert parse_card("1B", ITALIAN) not in weighted_placement(spec, rng)[3]
    weight = spec.weight
    assert weight is not None
    truth = {o: list(s.hand(o)) for o in (0, 2, 3)}
    assert weight(truth) == 1.0
    # 2D and 3D with seat 3 would have made a Napoli of coins: impossible
    napoli = dict(truth)
    napoli[3] = [
        *parse_cards("2D 3D", ITALIAN),
        *[c for c in truth[3] if str(c) not in ("5D", "6D")],
    ]
    napoli[0] = [
        *parse_cards("5D 6D", ITALIAN),
        *[c for c in truth[0] if str(c) not in ("2D", "3D")],
    ]
    assert weight(napoli) == 0.0
    # seat 2 played in trick 1 without declaring: three 3s there is unlikely, not impossible
    threes = dict(truth)
    threes[2] = [
        *parse_cards("3B 3C", ITALIAN),
        *[c for c in truth[2] if str(c) not in ("5B", "6B")],
    ]
    threes[0] = [
        *parse_cards("5B 6B", ITALIAN),
        *[c for c in truth[0] if str(c) not in ("3B", "3C")],
    ]
    assert 0.0 < weight(threes) < 0.1


# -- random positions of real deals: the truth always fits ---------------------------------------
def _fits_hard_facts(spec: Hidden, places: Mapping[int, Sequence[Card]]) -> bool:
    if sorted(c.index for cards in places.values() for c in cards) != sorted(
        c.index for c in spec.pool
    ):
        return False
    for p, n in spec.sizes.items():
        cards = places.get(p, ())
        if len(cards) != n or not set(spec.fixed.get(p, ())) <= set(cards):
            return False
        if any(c.suit_index in spec.voids.get(p, ()) for c in cards):
            return False
        if set(cards) & spec.banned.get(p, frozenset()):
            return False
    return True


def _check(spec: Hidden, truth: Placement, rng: random.Random) -> None:
    assert _fits_hard_facts(spec, truth), "a hard fact the true hands break"
    if spec.weight is not None:
        assert spec.weight(truth) > 0, "the true hands called impossible"
    assert _fits_hard_facts(spec, weighted_placement(spec, rng))


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([3, 4, 5, 6]), seed=st.integers(0, 10**6), noise=st.floats(0, 1))
def test_capodama_the_true_hands_satisfy_every_fact(players: int, seed: int, noise: float) -> None:
    """Rule seats with some random choices (an opponent the model does not quite fit) play
    to a random point of the deal; every seat's inference keeps the truth possible."""
    s = new_game("capodama", players=players, seed=seed)
    assert isinstance(s, CapodamaState)
    rng = random.Random(seed)
    rules = CapodamaRulesSeat()
    stop = rng.randrange(0, 8 * s.seats + 2)
    for _ in range(stop):
        p = s.current_player
        assert p is not None
        moves = s.legal_moves()
        s.play(rng.choice(moves) if rng.random() < noise else rules.choose(s.view(p), moves, rng))
    for seat in range(s.seats):
        view = s.view(seat)
        spec = hidden_cards(view)
        truth: Placement = {o: list(s.hand(o)) for o in range(s.seats) if o != seat}
        _check(spec, truth, rng)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10**6), noise=st.floats(0, 1))
def test_tressette_the_true_hands_satisfy_every_fact(players: int, seed: int, noise: float) -> None:
    s = new_game("tressette", players=players, seed=seed)
    assert isinstance(s, TressetteState)
    rng = random.Random(seed)
    rules = TressetteRulesSeat()
    for _ in range(rng.randrange(0, 6 * players)):
        p = s.current_player
        assert p is not None
        moves = s.legal_moves()
        s.play(rng.choice(moves) if rng.random() < noise else rules.choose(s.view(p), moves, rng))
    for seat in range(players):
        spec = tressette_hidden(s.view(seat))
        truth: Placement = {o: list(s.hand(o)) for o in range(players) if o != seat}
        _check(spec, truth, rng)


# -- the bidding, searched -----------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(
    players=st.sampled_from([1, 2, 3, 4, 6]), seed=st.integers(0, 10**6), steps=st.integers(0, 8)
)
def test_a_bidding_world_replays_what_the_seat_saw(players: int, seed: int, steps: int) -> None:
    """Before the card play a world is a deal of the hidden cards with the public choices so
    far replayed: the seat to decide sees there exactly what it sees at the table."""
    s = new_game("capodama", players=players, seed=seed)
    assert isinstance(s, CapodamaState)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.phase == "play":
            break
        s.play(rng.choice(s.legal_moves()))
    if s.phase == "play":
        return
    seat = s.current_player
    assert seat is not None
    view = s.view(seat)
    places = place_hidden(hidden_cards(view), rng)
    aside = places.pop(PILE, [])
    world = _deal_world(view, dict(places), aside, seed)
    seen = world.view(seat)
    for name in ("phase", "current_player", "hand", "capo", "doubled", "fourth_trump"):
        assert getattr(seen, name) == getattr(view, name), name
    assert seen.passes_chosen == view.passes_chosen
    assert seen.set_aside == view.set_aside
    assert world.legal_moves() == s.legal_moves()


def test_the_bidding_is_searched_among_the_rule_seats_picks() -> None:
    seat = CapodamaSearchSeat(samples=3, seconds=60.0)
    rules = CapodamaRulesSeat()
    rng = random.Random(4)
    searched = Counter[str]()
    for players in (3, 4):
        for seed in range(4):
            s = new_game("capodama", players=players, seed=seed)
            while s.phase != "play":
                p = s.current_player
                assert p is not None
                view, moves = s.view(p), s.legal_moves()
                seat.last_worlds = 0
                move = seat.choose(view, moves, rng)
                assert move in rule_candidates(view, moves, random.Random(0)) or len(moves) <= 4
                if len(moves) > 1:
                    assert seat.last_worlds == 3
                    searched[moves[0].kind] += 1
                s.play(move if p == view.capo else rules.choose(view, moves, rng))
    assert set(searched) == {"double", "trump", "pass"}


def test_tressette_declaring_is_a_searched_choice() -> None:
    s = _tressette_after_trick_one_start()
    # seat 1 has nothing to declare; seat 0 (Napoli of batons, three 2s, three 3s) may
    s.play("RC")
    assert any(m.kind == "declare" for m in s.legal_moves())
    seat = TressetteSearchSeat(samples=4)
    move = seat.choose(s.view(0), s.legal_moves(), random.Random(1))
    assert move in s.legal_moves()
    assert seat.last_worlds == 4


def test_the_opponent_model_is_the_rule_seat() -> None:
    """Where the seat can rebuild the capo's hand exactly (3 players: no exchange), a capo
    playing by the rule seat always gets the full likelihood: the doubled suit and the 4th
    trump are its picks.  In 4 and 5 players the rule seat's capo never keeps the dama."""
    rules = CapodamaRulesSeat()
    for players in (3, 4, 5):
        for seed in range(12):
            s = new_game("capodama", players=players, seed=seed)
            assert isinstance(s, CapodamaState)
            rng = random.Random(seed)
            extra = rng.randrange(0, 4 * s.seats)
            while s.phase != "play" or extra:
                extra -= s.phase == "play"
                p = s.current_player
                assert p is not None
                s.play(rules.choose(s.view(p), s.legal_moves(), rng))
            capo = s.view(0).capo
            if players > 3:
                assert QH not in s.hand(capo)
                continue
            for seat in range(s.seats):
                spec = hidden_cards(s.view(seat))
                if seat != capo:
                    assert spec.weight is not None
                    truth: Placement = {o: list(s.hand(o)) for o in range(s.seats) if o != seat}
                    assert spec.weight(truth) == 1.0


def test_the_dama_is_found_more_often_with_the_exchange_read() -> None:
    """Over real 4-player deals played by the rule seat, at the start of tricks 1 to 4, the
    seats that cannot see QH place it with its true holder clearly more often with the soft
    facts than without, and with the capo (who never holds it here) rarely."""
    rules = CapodamaRulesSeat()
    rng = random.Random(7)
    hits = Counter[str]()
    with_capo = Counter[str]()
    for seed in range(30):
        s = new_game("capodama", players=4, seed=seed)
        assert isinstance(s, CapodamaState)
        while s.current_player is not None and s.deal_no == 1:
            view = s.view(s.current_player)
            holder = next((o for o in range(4) if QH in s.hand(o)), None)
            if (
                view.phase == "play"
                and not view.trick
                and len(view.tricks) < 4
                and holder is not None
            ):
                for seat in range(4):
                    spec = hidden_cards(s.view(seat))
                    if QH not in spec.pool or any(QH in c for c in spec.fixed.values()):
                        continue
                    for label, sp in (("blind", replace(spec, weight=None)), ("read", spec)):
                        for _ in range(10):
                            h = _holder(weighted_placement(sp, rng), QH)
                            hits[label] += h == holder
                            with_capo[label] += h == view.capo
            s.play(rules.choose(s.view(s.current_player), s.legal_moves(), rng))
    assert hits["read"] > 1.2 * hits["blind"]
    assert with_capo["read"] < 0.25 * with_capo["blind"]


# -- Scopa: a table left unswept ----------------------------------------------------------------
def test_a_scopa_left_unswept_makes_its_sweeping_cards_unlikely_in_that_hand() -> None:
    """Seat 1 placed RD on 1S 1B 2B (4 in all, no 4 on it), which any 4 would have swept.  In
    seat 0's worlds seat 1 holds a 4 about MISSED_SWEEP times as often, as likelihoods go."""
    s = new_game(
        "scopa",
        players=2,
        seed=1,
        deal={"dealer": 1, "hands": ["2D 1D RS", "RD 5C 6C"], "table": "1S 1B 2S 2B"},
    )
    s.play("2D x 2S")
    s.play("RD")
    view = s.view(0)
    spec = scopa_hidden(view)
    fours = frozenset(parse_cards("4D 4C 4S 4B", ITALIAN))
    assert missed_sweeps(view, spec.pool) == [(1, fours)]
    assert spec.weight is not None
    rng = random.Random(5)
    share = {}
    for label, sp in (("blind", replace(spec, weight=None)), ("read", spec)):
        held = [not fours.isdisjoint(weighted_placement(sp, rng)[1]) for _ in range(3000)]
        share[label] = sum(held) / len(held)
    # 2 cards of 32 unseen, 4 of them fours: a four in 1 - C(28,2)/C(32,2) of the hands
    prior = 1 - (28 * 27) / (32 * 31)
    assert abs(share["blind"] - prior) < 0.03
    expected = prior * MISSED_SWEEP / (prior * MISSED_SWEEP + 1 - prior)
    assert abs(share["read"] - expected) < 0.02


def _rule_seat_turns(
    game: str, rules: Any, players: Sequence[int], seeds: range
) -> Iterator[tuple[Any, int, Any, Move]]:
    """Every turn of the first deal of real games with ``rules`` in every seat: the state, the
    seat to play, its view and the rule seat's move, played once the caller has looked."""
    for n in players:
        for seed in seeds:
            s = new_game(game, players=n, seed=seed)
            rng = random.Random(seed)
            while s.deals_scored == 0:
                seat = s.current_player
                assert seat is not None
                view = s.view(seat)
                move = rules.choose(view, s.legal_moves(), rng)
                yield s, seat, view, move
                s.play(move)


def test_the_rule_seat_sweeps_when_it_can_as_the_scopa_tell_assumes() -> None:
    """Over real deals of the rule seat (2 and 4 players), the true hands almost never hold a
    card that would have swept a table their player left: the tell reads the seats right."""
    told = wrong = 0
    for s, seat, view, _move in _rule_seat_turns("scopa", ScopaRulesSeat(), (2, 4), range(40)):
        spec = scopa_hidden(view)
        if spec.weight is not None:
            told += 1
            truth: Placement = {o: list(s.hand(o)) for o in range(s.players) if o != seat}
            wrong += spec.weight(truth) < 1.0
    assert told > 200
    assert wrong <= 0.02 * told


# -- Cattura: a send while a capture was there ------------------------------------------------
def _cattura_after_sends() -> CatturaState:
    """Seat 0 sent 7D on the 5D (it could have taken it with 2H 3H), then seat 1, holding
    8C 8S 8H 6C 6S (no 7, no two cards making 7), sent 6C on the 7D; each drew a card."""
    hands = ["2H 3H 4H 7H 7D", "8C 8S 8H 6C 6S"]
    used = {*" ".join(hands).split(), "5D"}
    rest = [str(card(i)) for i in CARDS if str(card(i)) not in used]
    s = new_game(
        "cattura",
        players=2,
        deal={"dealer": 1, "hands": hands, "battlefield": ["5D"], "deck": rest},
    )
    assert isinstance(s, CatturaState)
    s.play("send 7D")
    s.play("send 6C")
    return s


def test_a_cattura_send_makes_the_hands_that_could_have_captured_unlikely() -> None:
    """Seat 0's worlds read seat 1's send: its hand now is 5 cards, one of them drawn after
    the send, and a hand with which it could have taken the 7D then (with the 6C it sent in
    it) is MISSED_CAPTURE as likely, in the share of its cards that may be the one drawn."""
    view = _cattura_after_sends().view(0)
    assert missed_captures(view) == [
        MissedCapture(1, parse_card("6C", FRENCH).index, parse_card("7D", FRENCH).index, 0)
    ]
    spec = cattura_hidden(view)
    assert spec.weight is not None

    def weight(hand: str) -> float:
        assert spec.weight is not None
        return spec.weight({1: parse_cards(hand, FRENCH), PILE: []})

    assert weight("8C 8S 8H 6S 2D") == 1.0  # no 7, no 1+6, 2+5 or 3+4 even with the 6C
    assert weight("7S 7H 8H 6S 2D") == pytest.approx(MISSED_CAPTURE)  # a 7 whatever it drew
    assert weight("7S 8S 8H 6S 2D") == pytest.approx(1 - (1 - MISSED_CAPTURE) * 4 / 5)
    assert weight("AD 8S 8H 6S 2D") == pytest.approx(1 - (1 - MISSED_CAPTURE) * 4 / 5)  # A+6C
    sevens = set(parse_cards("7S 7H 7C", FRENCH))
    rng = random.Random(3)
    share = {}
    for label, sp in (("blind", replace(spec, weight=None)), ("read", spec)):
        held = [not sevens.isdisjoint(weighted_placement(sp, rng)[1]) for _ in range(2000)]
        share[label] = sum(held) / len(held)
    assert share["read"] < 0.6 * share["blind"]


def test_the_rule_seat_captures_when_it_can_as_the_cattura_tell_assumes() -> None:
    """Over real matches of the rule seat (2 and 3 players), a player who could capture the
    top card with a card of its hand sends instead about MISSED_CAPTURE of the time."""
    could = sent = 0
    for _s, seat, view, move in _rule_seat_turns("cattura", CatturaRulesSeat(), (2, 3), range(60)):
        if could_capture(view.hand_mask, view.captured_masks[seat], view.top.index):
            could += 1
            sent += move.kind == "send"
    assert could > 500
    assert 0.5 * MISSED_CAPTURE < sent / could < 1.5 * MISSED_CAPTURE
