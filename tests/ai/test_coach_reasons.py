"""The coach's reasons, each on a concrete position in card notation: what a card does in the
trick games (the card kept back, the card worth fewest points, the trick taken often, the suit
emptied), Capodama's passes, Buongioco declared now, later or not at all, Scopa's and Cattura's
plans, the lone legal move, the solitaire's lost window, and the comparison with the next best
move; then, over seeded positions of every game, player count and kind of decision, that no
hint falls back to a bare figure."""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any

import pytest
from engine.test_cattura import position as cattura_position
from test_capodama_solver import open_position
from test_coach import _capodama_2p, _scopa

from game import i18n
from game.ai import make_seat
from game.ai.briscola_coach import TRICKS as BRISCOLA_TRICKS
from game.ai.capodama_solver import reachable
from game.ai.coach import DOES, FIGURES, FOR, Coach, Reason, has_partners
from game.ai.coach_captures import cattura_plan, cattura_said, scopa_plan
from game.ai.coach_survey import bare, positions
from game.ai.coach_tricks import (
    CAPODAMA_TRICKS,
    TRESSETTE_TRICKS,
    bid_reason,
    buongioco_plan,
    tressette_said,
    trick_plan,
)
from game.ai.coach_worlds import after, deal_outcomes
from game.ai.search import rule_policy
from game.engine import GAMES, GameState, Move, new_game, parse_card
from game.ui.hint_words import hint_reason, reason_words

TRICK_GAMES = {"capodama": CAPODAMA_TRICKS, "tressette": TRESSETTE_TRICKS}
POLICY = {game: rule_policy(make_seat("rules", game)) for game in TRICK_GAMES}


def _card(text: str, deck: str = "french") -> int:
    return int(parse_card(text, deck))


def _moves(state: GameState) -> tuple[Any, list[Move], dict[str, Move]]:
    legal = state.legal_moves()
    return state.view(state.current_player), legal, {m.text: m for m in legal}


def _plan(state: GameState, text: str, game: str = "capodama") -> list[Reason]:
    """The trick reasons of ``text`` played in ``state``, the true state as the one world."""
    view, legal, by_text = _moves(state)
    return trick_plan(TRICK_GAMES[game], view, legal, by_text[text], [state], POLICY[game], [0.5])


def _words(reason: Reason, lang: str) -> str:
    try:
        i18n.set_language(lang)
        return reason_words(reason)
    finally:
        i18n.set_language("en")


# -- the trick games: what a card is for -------------------------------------------------------
def test_a_low_lead_keeps_the_high_card_of_its_suit() -> None:
    """The capo leads 8S (worth nothing; the 9S takes it) rather than AS, which would take the
    trick: "plays a card worth no points · keeps AS for a later trick"."""
    s = _capodama_2p("AH AS 8S JD QD 10D 9D 8D", "7S 9S JC KC QC 10C 9C 8C")
    s.play("double D")
    plan = _plan(s, "8S")
    assert plan == [
        Reason("cheap_card", {"points": 0}),
        Reason("keeps_card", {"card": _card("AS")}),
    ]
    assert " · ".join(_words(r, "en") for r in plan) == (
        "plays a card worth no points · keeps AS for a later trick"
    )
    assert _words(plan[0], "it") == "gioca una carta che non vale punti"


def test_a_lead_that_takes_the_trick_says_how_often() -> None:
    s = _capodama_2p("AH AS 8S JD QD 10D 9D 8D", "7S 9S JC KC QC 10C 9C 8C")
    s.play("double D")
    assert _plan(s, "AS") == [Reason("takes_trick_often", {"won": 1, "n": 1, "side": 0})]
    said = _words(_plan(s, "AS")[0], "en")
    assert said == "you take this trick in 1 of 1 sampled deal"
    assert _words(Reason("takes_trick_often", {"won": 7, "n": 10, "side": 1}), "fr") == (
        "votre camp prend ce pli dans 7 donnes simulées sur 10"
    )


def test_the_smallest_card_that_wins_keeps_the_bigger_one() -> None:
    """KS led: the 7S and the AS both take it; the 7S keeps the ace for later."""
    s = _capodama_2p("AH KS JD QD 10D 9D 8D AC", "AS 7S 9S JC KC QC 10C 9C")
    s.play("double D")
    s.play("KS")
    assert _plan(s, "7S") == [Reason("keeps_card", {"card": _card("AS")})]
    assert _plan(s, "AS") == []  # nothing stronger kept back
    assert s.history[-1] == "KS" and s.current_player == 1  # the position was only looked at


def test_a_trick_lost_anyway_gets_the_card_worth_fewest_points() -> None:
    s = _capodama_2p("AH AS JD QD 10D 9D 8D AC", "7S 9S JC KC QC 10C 9C 8C")
    s.play("double D")
    s.play("AS")  # neither spade of seat 1 beats it
    assert _plan(s, "9S") == [Reason("cheap_card", {"points": 0})]
    assert _plan(s, "7S") == []


def test_a_card_that_empties_a_suit_says_so_when_nothing_else_does() -> None:
    """3-player Tressette: seat 0 holds only cards worth nothing and loses every lead; the
    5 of batons is its last baton."""
    hands = [
        "4D 5D 6D 7D 4C 5C 6C 7C 4S 5S 6S 7S 5B",
        "1D 2D 3D RD CD FD 1C 2C 3C RC CC FC 6B",
        "1S 2S 3S RS CS FS 1B 2B 3B RB CB FB 7B",
    ]
    s = new_game("tressette", players=3, seed=1, deal={"dealer": 1, "hands": hands})
    assert s.current_player == 0
    assert _plan(s, "5B", "tressette") == [Reason("voids_suit", {"card": _card("5B", "italian")})]
    assert _plan(s, "4D", "tressette") == []
    assert _words(Reason("voids_suit", {"card": _card("5B", "italian")}), "it") == (
        "ti lascia senza B"  # the table names the suit as the deck on screen shows it
    )


def test_briscola_never_says_a_suit_was_emptied() -> None:
    """Nobody must follow suit in Briscola, so a void means nothing: the same position that
    would say it under the trick games' reading (a card worth nothing, the trick lost anyway,
    the last coin of the hand) says nothing of the kind."""
    hands = ["4D 5C 6C", "1D 3D RC", "2S 4S 5S", "6S 7S FS"]
    deal = {"dealer": 1, "hands": hands, "trump": "7B"}
    s = new_game("briscola", players=4, seed=1, deal=deal)
    assert s.current_player == 0
    view, legal, by_text = _moves(s)
    policy = rule_policy(make_seat("rules", "briscola"))
    plan = functools.partial(trick_plan, view=view, moves=legal, worlds=[s], policy=policy)
    coin = by_text["4D"]
    with_voids = plan(dataclasses.replace(BRISCOLA_TRICKS, voids=True), move=coin, seeds=[0.5])
    assert Reason("voids_suit", {"card": _card("4D", "italian")}) in with_voids
    said = plan(BRISCOLA_TRICKS, move=coin, seeds=[0.5])
    assert all(r.code != "voids_suit" for r in said)


# -- Tressette: a partner's trick in thirds, and Buongioco -----------------------------------
def _tressette(hands: list[str]) -> GameState:
    return new_game("tressette", players=4, seed=1, deal={"dealer": 1, "hands": hands})


def test_a_trick_left_to_the_partner_says_its_points_in_thirds() -> None:
    s = _tressette(
        [
            "4D 6D 7D 4C 5C 6C 7C 4S 5S 6S",
            "1D 2D RD CD FD 1C 2C 3C RC CC",
            "5D FC 1S 2S 3S RS CS FS 7S 1B",
            "3D 2B 3B RB CB FB 7B 6B 5B 4B",
        ]
    )
    for text in ("4D", "3D", "5D"):  # seats 0, 3, 2: seat 3's 3 of coins holds the trick
        s.play(text)
    view, _, by_text = _moves(s)
    reason = tressette_said(view, by_text["1D"], after(s, by_text["1D"])[1])
    assert reason == Reason("partner_wins_trick", {"points": 4, "thirds": 1})
    assert _words(reason, "en") == "lets your partner win the trick: 1 ⅓ points"
    assert _words(reason, "it") == "lascia la presa al compagno: 1 ⅓ punti"


ACES = [
    "1D 1C 1S 4D 5D 6D 4C 5C 6C 4S",
    "2D 3D RD CD FD 7D 2C 3C RC CC",
    "FC 7C 2S 3S RS CS FS 7S 5S 6S",
    "1B 2B 3B RB CB FB 7B 6B 5B 4B",
]


def test_buongioco_declared_now_scores_its_points() -> None:
    s = _tressette(ACES)
    view, _, by_text = _moves(s)
    reason = tressette_said(view, by_text["buongioco"], after(s, by_text["buongioco"])[1])
    assert reason == Reason("declares", {"points": 3})
    assert _words(reason, "en") == "declares Buongioco: scores 3 points now"


def test_buongioco_not_declared_is_kept_for_the_next_turn_then_given_up() -> None:
    """Three aces in trick 1: a card played keeps the declaration for trick 2; in trick 2 a
    card played gives its 3 points up and keeps the three aces hidden."""
    s = _tressette(ACES)
    view, legal, by_text = _moves(s)
    rng = random.Random(1)
    later = buongioco_plan(view, legal, by_text["4D"], s, POLICY["tressette"], rng)
    assert later == Reason("declares_later", {"points": 3, "cards": 3})
    assert buongioco_plan(view, legal, by_text["buongioco"], s, POLICY["tressette"], rng) is None
    s.play("4D")
    while s.current_player != 0:  # trick 1 played on, then trick 2 up to seat 0's turn
        s.play(next(m for m in s.legal_moves() if m.kind != "declare"))
    view, legal, by_text = _moves(s)
    assert by_text.get("buongioco") is not None  # trick 2: still allowed
    card = next(m for m in legal if m.kind != "declare")
    given_up = buongioco_plan(view, legal, card, s, POLICY["tressette"], rng)
    assert given_up == Reason("skips_buongioco", {"points": 3, "cards": 3})
    assert _words(given_up, "fr") == (
        "n'annonce pas le Buongioco (3 points) : garde 3 cartes cachées"
    )


# -- Capodama's passes --------------------------------------------------------------------------
SIX = [
    "AH AD 7D JD 3C 4C 5S 6S",
    "7H KD QD 10D 9D 8D 6D 5D",
    "QH 4D 3D AC 7C JC KC QC",
    "KH 10C 9C 8C 6C 5C AS 7S",
    "JH 10H 9H 8H 6H 5H 4H 3H",
    "JS KS QS 10S 9S 8S 4S 3S",
]


def test_a_six_player_pass_of_two_cards_gives_the_fewest_points() -> None:
    s = new_game("capodama", players=6, seed=1, deal={"hands": SIX})
    s.play("double D")
    view, legal, by_text = _moves(s)
    assert bid_reason(view, legal, by_text["pass 3C 4C"]) == Reason("passes_fewest", {"points": 0})
    assert bid_reason(view, legal, by_text["pass AD 7D"]) is None  # 36 doubled points


def test_a_pass_that_empties_a_suit_or_gives_the_dama_says_so() -> None:
    hands = [
        "AH QH KC 8D 9D 10D 8S 9S",  # the capo holds the dama and a lone king of clubs
        "7H KH AD 7D JD QD KD 10S",
        "AC 7C JC QC 10C 9C 8C AS",
        "JH 10H 9H 8H 7S JS QS KS",
    ]
    s = new_game("capodama", players=4, seed=1, deal={"hands": hands})
    s.play("double S")
    view, legal, by_text = _moves(s)
    side_card = bid_reason(view, legal, by_text["pass QH"])
    assert side_card == Reason("passes_side_card", {"capo": 1})
    assert bid_reason(view, legal, by_text["pass KC"]) == Reason(
        "voids_suit", {"card": _card("KC")}
    )
    assert _words(side_card, "en") == "whoever gets it plays on your side"
    assert _words(side_card, "it") == "chi la riceve gioca con te"


# -- Scopa ---------------------------------------------------------------------------------------
def test_scopa_takes_the_most_cards_keeps_the_7_and_leaves_nothing_to_take() -> None:
    s = _scopa(["7C", "FB"], ["1D", "2S", "4B", "3C"], ["FD", "CD"])
    view, legal, by_text = _moves(s)
    assert scopa_plan(view, legal, by_text["7C x 1D 2S 4B"], [s]) == [Reason("takes_most")]
    assert scopa_plan(view, legal, by_text["7C x 3C 4B"], [s]) == []

    s = _scopa(["7C", "RB"], ["2D"], ["4S", "5S"])
    view, legal, by_text = _moves(s)
    kept = scopa_plan(view, legal, by_text["RB"], [s])
    assert kept == [Reason("keeps_primiera", {"card": _card("7C", "italian")})]
    assert _words(kept[0], "it") == "tiene 7C per la primiera"

    s = _scopa(["FC", "1C"], ["3D", "4S", "6C"], ["1S", "2B"])
    view, legal, by_text = _moves(s)
    assert scopa_plan(view, legal, by_text["FC"], [s]) == [Reason("denies_capture")]
    # the ace placed: 1S takes it, and the Fante kept is worth less in the primiera
    assert scopa_plan(view, legal, by_text["1C"], [s]) == []


# -- Cattura -------------------------------------------------------------------------------------
def test_cattura_says_the_score_a_capture_makes_and_raises_most() -> None:
    s = cattura_position(2, ["5H 3S 2C", "4D 6C"], "8D", captured=["3H", ""])
    view, legal, _ = _moves(s)
    hand = next(m for m in legal if m.kind == "take" and "*" not in m.text)
    swap = next(m for m in legal if m.kind == "take" and "*" in m.text)
    assert cattura_plan(view, legal, hand, [s]) == [Reason("raises_score_most", {"points": 8})]
    assert cattura_plan(view, legal, swap, [s]) == []
    said = cattura_said(view, hand, after(s, hand)[1])
    assert said == Reason("captures_top", {"held": 2, "score": 11})
    assert _words(said, "en") == "captures the top card: 2 captured cards, your score 11"


def test_cattura_sends_leave_the_next_player_no_capture_or_the_fewest() -> None:
    one = cattura_position(2, ["AC 2C 5H", "2S 3S"], "8D")
    view, legal, by_text = _moves(one)
    assert cattura_plan(view, legal, by_text["send AC"], [one]) == [Reason("denies_capture")]
    two = cattura_position(2, ["AC 2C 5H", "AS 4S"], "8D")  # the next hand guessed otherwise
    fewest = cattura_plan(view, legal, by_text["send AC"], [one, two])
    assert fewest == [Reason("fewest_replies", {"hits": 1, "n": 2})]
    assert cattura_plan(view, legal, by_text["send 5H"], [one, two]) == []


# -- every game: the lone move, the lost window, the comparison ---------------------------------
def test_a_lone_legal_move_says_it_is_the_only_one() -> None:
    s = _scopa(["RB"], ["2D"])
    view, legal, _ = _moves(s)
    hint = Coach("scopa", "rules").advise(view, legal, random.Random(1))
    assert Reason("only_move") in hint.reasons
    assert _words(Reason("only_move"), "it") == "l'unica mossa consentita"


def test_a_solitaire_out_of_reach_says_no_card_reaches_the_window_any_more() -> None:
    rng = random.Random(3)
    for seed in range(40):
        s = open_position(seed)
        while not s.is_over and reachable(s):
            s.play(rng.choice(s.legal_moves()))
        if not s.is_over and len(s.legal_moves()) > 1:
            break
    else:
        pytest.fail("no lost second half with a choice left")
    view, legal, _ = _moves(s)
    hint = Coach("capodama").advise(view, legal, random.Random(2))
    lo, hi = view.window
    assert Reason("window_out_of_reach", {"lo": lo, "hi": hi}) in hint.reasons
    assert "can no longer be reached" in hint_reason(hint)


@pytest.mark.parametrize(("players", "side"), [(2, 0), (4, 1)])
def test_the_figure_says_whose_deal_and_compares_with_the_next_best_move(players, side) -> None:
    """Played on from the same worlds after each move: the figure names the player's side
    (or the player alone) and the other move that won the most of them."""
    s = new_game("scopa", players=players, seed=21)
    while len(s.legal_moves()) < 2 or s.current_player != 0:
        s.play(s.legal_moves()[0])
    view, legal, _ = _moves(s)
    coach = Coach("scopa", "rules")
    move = legal[0]
    worlds, seeds = [s, s.clone(), s.clone()], [0.1, 0.2, 0.3]
    figure = coach._figure(view, legal, move, worlds, seeds)
    assert figure.code == "won_sampled" and figure.move in legal and figure.move != move
    outcomes = deal_outcomes(worlds, legal, 0, coach.policy, seeds)
    mine = outcomes[legal.index(move)]
    others = [o.won for m, o in zip(legal, outcomes, strict=True) if m != move]
    assert figure.parts == {"won": mine.won, "n": 3, "next": max(others), "side": side}
    assert has_partners(view) == bool(side)
    said = hint_reason(coach.advise(view, legal, random.Random(1)))  # a full hint renders
    assert said
    words = _words(figure, "en")
    who = "your side wins" if side else "you win"
    assert words.startswith(f"{who} {mine.won} of 3 sampled deals, {max(others)} after ")
    assert figure.move.text in words


@pytest.mark.parametrize(
    ("parts", "lang", "words"),
    [
        (
            {"won": 7, "n": 10, "next": 4, "side": 1},
            "en",
            "your side wins 7 of 10 sampled deals, 4 after the next best move, 8S",
        ),
        (
            {"won": 3, "n": 10, "next": 5, "side": 0},
            "en",
            "you win 3 of 10 sampled deals, 5 after 8S; still the strongest AI's choice",
        ),
        (
            {"won": 7, "n": 10, "next": 4, "side": 0},
            "it",
            "vinci 7 smazzate simulate su 10, 4 con l'alternativa migliore, 8S",
        ),
        (
            {"won": 7, "n": 10, "next": 7, "side": 1},
            "fr",
            "votre camp gagne 7 donnes simulées sur 10, 7 avec le deuxième meilleur coup, 8S",
        ),
    ],
)
def test_the_figure_says_whose_deal_and_never_calls_a_better_move_next_best(
    parts: dict[str, int], lang: str, words: str
) -> None:
    """When the next best move won more of the few sampled deals, the line does not call it
    the next best: it says the hinted move is still the strongest AI's choice."""
    other = Move("play", (parse_card("8S"),), "8S")
    assert _words(Reason("won_sampled", parts, other), lang) == words


def test_has_partners_follows_the_views_sides() -> None:
    expected = {
        ("capodama", 2): False,
        ("capodama", 4): True,
        ("scopa", 3): False,
        ("scopa", 6): True,
        ("tressette", 3): False,
        ("tressette", 4): True,
        ("cattura", 4): False,
    }
    for (game, players), partners in expected.items():
        s = new_game(game, players=players, seed=2)
        seat = s.current_player
        assert seat is not None
        assert has_partners(s.view(seat)) == partners, (game, players)
    three = new_game("capodama", players=3, seed=2)
    capo = three.view(0).capo  # the capo plays alone against the other two
    assert [has_partners(three.view(s)) for s in range(3)] == [s != capo for s in range(3)]


# -- every game, player count and kind of decision -----------------------------------------------
CASES = [(game, players) for game in sorted(GAMES) for players in GAMES[game].players]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_no_hint_is_a_bare_figure(game: str, players: int) -> None:
    """Two positions of every kind of decision met in a seeded deal (the rule seat's move
    hinted, for speed): each hint says what the move does or is for, or compares its figure
    with the next best move's, in words in every language."""
    coach = Coach(game, "rules")
    rng = random.Random(players)
    checked = 0
    for kind, found in sorted(positions(game, players, 1, 40 + players).items()):
        for view, legal in rng.sample(found, min(2, len(found))):
            hint = coach.advise(view, legal, random.Random(rng.random()))
            codes = {r.code for r in hint.reasons}
            assert hint.reasons and codes <= DOES | FOR | FIGURES, (kind, hint)
            assert not bare(hint), (kind, hint)
            for r in hint.reasons:
                if r.code in FIGURES:
                    assert r.move in legal and r.move != hint.move, (kind, hint)
            for lang in ("en", "it", "fr"):
                assert _words(hint.reasons[0], lang), (kind, hint)
            checked += 1
    assert checked >= 4


def test_every_reason_code_has_its_words() -> None:
    from game.ui import hint_words

    assert set(hint_words._SAY) == DOES | FOR | FIGURES
