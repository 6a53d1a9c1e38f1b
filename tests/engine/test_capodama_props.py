"""Property tests over thousands of random Capodama deals, every variant.

Each hypothesis example draws a seed and plays DEALS_PER_VARIANT deals of each of the six
variants with random legal moves, so the suite covers EXAMPLES * 6 * DEALS_PER_VARIANT
(over 10,000) deals while checking, after every move, that every card is in exactly one place,
that a random illegal card is refused without changing the state, and at the end of every deal
that the card points total 150 and the awards follow the rules.  Views are checked for leaks and
records for exact replay on a sample of positions.
"""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Card, DealScored, Dealt, IllegalMove, Played, Trick, load_record, new_game
from game.engine.base import SeatResult
from game.engine.capodama import CapodamaState
from game.engine.capodama_cards import THRESHOLD, card_points, deal_awards, deck_for
from game.engine.capodama_events import CapodamaScored, Doubled, Passed

EXAMPLES = 50
DEALS_PER_VARIANT = 34  # 50 * 6 * 34 = 10,200 deals


def deck_mask(players: int) -> int:
    return sum(1 << c.index for c in deck_for(players))


def check_conservation(s: CapodamaState, full: int, size: int) -> None:
    places = [
        *s._hands,
        *s._won,
        sum(1 << c for _, c in s._trick),
        sum(1 << c for c in s._set_aside),
    ]
    union = 0
    count = 0
    for m in places:
        union |= m
        count += m.bit_count()
    assert union == full and count == size, "a card is missing or in two places"


def check_no_leak(s: CapodamaState, rng: random.Random) -> None:
    """Swapping two cards between two other seats' hands must not change a seat's view."""
    if s.players == 1:
        return
    for seat in range(s.seats):
        others = [o for o in range(s.seats) if o != seat and s._hands[o]]
        if len(others) < 2:
            continue
        a, b = rng.sample(others, 2)
        known = {c for c in s._passed[seat]}  # a seat knows where its passed cards went
        xa = [i for i in _bits(s._hands[a]) if i not in known]
        xb = [i for i in _bits(s._hands[b]) if i not in known]
        if not xa or not xb:
            continue
        x, y = rng.choice(xa), rng.choice(xb)
        before = s.view(seat)
        t = s.clone()
        t._hands[a] ^= (1 << x) | (1 << y)
        t._hands[b] ^= (1 << x) | (1 << y)
        assert t.view(seat) == before, f"seat {seat}'s view depends on hidden cards"
        # The view names no card that another seat holds unseen, except the announced trumps
        # and the cards that make the capo side (named by the rules, not by a hand).
        shown = _cards_in(before)
        hidden = {c for o in range(s.seats) if o != seat for c in s.hand(o)}
        hidden -= {*before.trumps, *before.side_cards, *before.received, *before.passed}
        assert not (shown & hidden), f"view of seat {seat} shows {shown & hidden}"


def _bits(m: int) -> list[int]:
    return [i for i in range(52) if m >> i & 1]


def _cards_in(value: object) -> set[Card]:
    out: set[Card] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Card):
            out.add(v)
        elif is_dataclass(v):
            stack.extend(getattr(v, f.name) for f in fields(v))
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, tuple | list | set | frozenset):
            stack.extend(v)
    return out


def check_results(d: CapodamaScored, players: int, seats: int) -> None:
    """The per-seat results say what the rules say: each seat's side won or lost the deal,
    took its points and gained its awards (the solitaire: both hands won iff in the window)."""
    assert d.grand_slam == (d.points == 150) and d.shutout == (d.points == 0)
    assert len(d.results) == seats
    if players == 1:
        won = 80 <= d.points <= 85
        assert d.capo_won == won and d.window == (80, 85)
        assert d.results == (SeatResult(won, d.points, int(won)),) * 2
        assert d.scores == (int(won),)
        return
    capo_won = d.points >= THRESHOLD[players]
    assert d.capo_won == capo_won and d.window is None
    awards = deal_awards(d.points, THRESHOLD[players], frozenset(d.team), seats)
    for seat, r in enumerate(d.results):
        side = seat in d.team
        assert r.won == (side == capo_won), f"seat {seat} is told the wrong result"
        assert r.points == (d.points if side else 150 - d.points)
        assert r.awards == awards[seat]
    assert any(r.won for r in d.results) and not all(r.won for r in d.results)


def play_checked_deal(players: int, seed: int, rng: random.Random, deep: bool) -> None:
    s = new_game("capodama", players=players, seed=seed)
    assert isinstance(s, CapodamaState)
    full, size = deck_mask(players), len(deck_for(players))
    every_card = deck_for(players)
    check_conservation(s, full, size)
    probe_at = rng.randrange(10, 30)
    moves_made = 0
    while not any(isinstance(e.data, DealScored) for e in s.events[-3:]):  # the deal, then the next
        legal = s.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        if s.phase == "play":
            bad = rng.choice(every_card)
            if str(bad) not in {m.text for m in legal}:
                snapshot = s._snapshot()[:-2]
                try:
                    s.play(str(bad))
                except IllegalMove:
                    pass
                else:
                    raise AssertionError(f"illegal {bad} was accepted")
                assert s._snapshot()[:-2] == snapshot
        s.play(rng.choice(legal))
        moves_made += 1
        check_conservation(s, full, size)
        if deep and moves_made == probe_at:
            check_no_leak(s, rng)
            again = load_record(s.record())
            assert again == s
    events = s.events
    scored_at = max(i for i, e in enumerate(events) if isinstance(e.data, DealScored))
    first = max(
        i
        for i in range(scored_at)
        if isinstance(events[i].data, Dealt) and events[i].data.half == 1
    )
    deal = events[first : scored_at + 1]
    d = next(e for e in deal if isinstance(e.data, DealScored)).data
    doubled = next(e for e in deal if isinstance(e.data, Doubled)).data.suit
    won = [c for e in deal if isinstance(e.data, Trick) for c in e.cards]
    assert sorted(won) == sorted(every_card)
    assert sum(card_points(c, doubled) for c in won) == 150 == sum(d.points_by_seat)
    by_trick = [0] * s.seats
    for e in deal:
        if isinstance(e.data, Trick):
            by_trick[e.seat] += e.data.points
    assert tuple(by_trick) == d.points_by_seat
    check_results(d, players, s.seats)
    if players == 1:
        return
    # The capo side is made of the seats that held AH, QH (and KH with six) after the exchange.
    holder = {str(e.cards[0]): e.seat for e in deal if isinstance(e.data, Played)}
    marks = ("AH", "QH", "KH") if players == 6 else ("AH", "QH") if players >= 4 else ("AH",)
    assert set(d.team) == {holder[m] for m in marks}


@settings(max_examples=EXAMPLES)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_deals_of_every_variant_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    for players in (1, 2, 3, 4, 5, 6):
        for k in range(DEALS_PER_VARIANT):
            play_checked_deal(players, rng.randrange(2**31), rng, deep=k % 8 == 0)


@settings(max_examples=30)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), players=st.sampled_from([2, 3, 4, 5, 6]))
def test_views_hide_hands_and_pending_passes(seed: int, players: int) -> None:
    s = new_game("capodama", players=players, seed=seed)
    assert isinstance(s, CapodamaState)
    rng = random.Random(seed)
    while not s.is_over and sum(1 for e in s.events if isinstance(e.data, DealScored)) == 0:
        for seat in range(s.seats):
            v = s.view(seat)
            assert set(v.hands) == {seat} and v.hand == s.hand(seat)
            assert sum(v.hand_sizes) == sum(len(s.hand(o)) for o in range(s.seats))
            for other, void in enumerate(v.voids()):  # a shown void is never a guess
                assert not {c.suit_index for c in s.hand(other)} & void
            if s.phase == "exchange":  # choices are secret until every player has chosen
                for other in range(s.seats):
                    if other != seat and s._pass_choice[other] is not None:
                        assert not set(s._pass_choice[other].cards) & set(v.passed)
        s.play(rng.choice(s.legal_moves()))
    for e in s.events_for(0):  # the log as seat 0 sees it hides the others' cards
        if isinstance(e.data, Dealt):
            assert all((c is None) == (to != 0) for c, to in zip(e.cards, e.data.to, strict=True))
        if isinstance(e.data, Passed):
            assert (e.cards[0] is None) == (0 not in (e.seat, e.data.to))
