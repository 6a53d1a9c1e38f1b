"""The match review's judge on concrete positions in card notation, where the best move is
beyond doubt: each wrong move is labelled a mistake or a blunder, with the right best move."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from game.ai.capodama_solver import is_open, winning_moves
from game.catalog import CATALOG
from game.engine import ITALIAN, GameState, new_game
from game.engine.capodama import CapodamaState
from game.review.match import label_of, review_decision
from game.review.model import LABELS

#: A share of the games' judging budget: the positions below are far from close calls.
SCALE = 0.25


def _reviewed(state: GameState[Any], move: str, seat: int, scale: float = SCALE) -> Any:
    """The review of ``move``, played now by ``seat`` in ``state``."""
    index = len(state.history)
    state.play(move)
    return review_decision(state.record(), index, seat, scale)


def _scopa_last_hand(mine: str, table: str, other: str) -> GameState[Any]:
    """A 2-player Scopa deal in its last hand (the deck empty, so nothing is hidden): seat 0
    holds ``mine`` and is to play, seat 1 holds ``other``; the rest was captured, half each,
    seat 1 capturing last."""
    shown = {*mine.split(), *table.split(), *other.split()}
    rest = [str(c) for c in ITALIAN.cards if str(c) not in shown]
    half = len(rest) // 2
    deal = {
        "dealer": 1,
        "hands": [mine.split(), other.split()],
        "table": table.split(),
        "deck": [],
        "captured": [rest[:half], rest[half:]],
        "last_capturer": 1,
    }
    return new_game("scopa", players=2, seed=7, deal=deal)


def test_leaving_a_sweep_to_the_opponent_when_a_safe_card_was_held_is_a_mistake() -> None:
    """The Cavallo (9) alone on the table: the ace makes it 10, which the opponent's Re
    sweeps; the 5 makes it 14, which nothing sweeps."""
    s = _scopa_last_hand("5C 1S", "CD", "RD 2D")
    d = _reviewed(s, "1S", 0)
    assert d.best == "5C"
    assert d.label in ("mistake", "blunder")
    assert d.reason == {"code": "denies_scopa", "parts": {}, "move": None}  # the coach's
    assert d.loss >= 1  # the scopa at least
    assert all(v.exact == v.points for v in d.values)  # nothing hidden: solved exactly


def test_giving_up_the_settebello_is_a_blunder() -> None:
    """The 7 of cups must take the settebello; the 5 leaves it to the opponent's 7."""
    s = _scopa_last_hand("7C 5S", "7D 3B", "7S RB")
    d = _reviewed(s, "5S", 0)
    assert d.best == "7C x 7D"
    assert d.label == "blunder"
    assert d.reason is not None and d.reason["code"] == "takes_settebello"
    assert d.loss >= 2  # a point not taken, and one handed over


def _tressette_4th(seat0: str) -> GameState[Any]:
    """4-player Tressette, the dealer seat 0: seat 3 leads the ace of coins, seat 2 (seat 0's
    partner) follows low, seat 1 with the Re, and seat 0 plays last: the trick holds 4 thirds
    (the ace 3, the Re 1), more than a whole point."""
    hands = [
        seat0,
        "2D 2C 3C RC CC FC 1S 3S 4B RD",
        "4D 5B 6B 7B RS CS FS 1B 2B 2S",
        "1D 7D 5D CD FD 1C RB CB FB 3B",
    ]
    s = new_game(
        "tressette", players=4, seed=1, deal={"dealer": 0, "hands": [h.split() for h in hands]}
    )
    for card in ("1D", "4D", "RD"):
        s.play(card)
    assert s.current_player == 0
    return s


def test_not_taking_a_trick_worth_a_point_with_the_3_when_the_ace_is_out_is_a_mistake() -> None:
    s = _tressette_4th("3D 6D 4C 5C 6C 7C 4S 5S 6S 7S")
    assert [m.text for m in s.legal_moves()] == ["3D", "6D"]
    d = _reviewed(s, "6D", 0)
    assert d.best == "3D"
    assert d.label in ("mistake", "blunder")
    assert d.reason == {"code": "wins_trick", "parts": {"points": 5, "thirds": 1}, "move": None}
    assert d.played is not None and d.played.win < d.values[0].win


def test_a_solitaire_move_the_exact_solver_proves_losing_is_a_blunder() -> None:
    """Seed 4's first half played at random: the second half is face up, the capo has 37
    points and diamonds are doubled; every card but the 10 of diamonds keeps 80..85 within
    reach."""
    s = new_game("capodama", players=1, seed=4)
    assert isinstance(s, CapodamaState)
    rng = random.Random(4)
    while not is_open(s):
        s.play(rng.choice(s.legal_moves()))
    view = s.view(0)
    assert " ".join(map(str, view.hands[0])) == "8S JH QH 10H 8H 10D KC 8C"
    assert " ".join(map(str, view.hands[1])) == "AS 7S JS 10S 9S KH JD QC"
    assert view.points_won[0] == 37 and view.doubled == "D"
    winning = {m.text for m in winning_moves(s, s.legal_moves())}
    assert "10D" not in winning
    d = _reviewed(s, "10D", 0)
    assert d.label == "blunder" and d.loss == 1.0
    assert d.best in winning
    played = d.played
    assert played is not None and played.exact == 0.0
    assert {v.move for v in d.values if v.exact == 1.0} == winning


@pytest.mark.parametrize("game", sorted(CATALOG))
def test_the_labels_are_in_order_of_the_points_given_up(game: str) -> None:
    labels = CATALOG[game].judging
    assert labels is not None
    thresholds = labels.labels
    assert list(thresholds) == sorted(thresholds) and thresholds[0] > 0
    assert label_of(0.0, thresholds) == "best"
    assert [label_of(t, thresholds) for t in thresholds] == list(LABELS[1:])


def test_the_same_decision_gets_the_same_review() -> None:
    """Seeded from the record's seed, the index and the seat: no state kept between calls."""
    s = new_game("scopa", players=2, seed=12)
    s.play(s.legal_moves()[0])
    record = s.record()
    a = review_decision(record, 0, 0, SCALE / 4)
    b = review_decision(record, 0, 0, SCALE / 4)
    assert a == b and a.values


# -- the thresholds, written once in the catalogue, as the rules pages explain them ----------
RULES = Path(__file__).parents[2] / "assets" / "rules"
LOCALE = Path(__file__).parents[2] / "game" / "locale"


def _said(labels: tuple[float, ...], scale: float = 1) -> list[str]:
    return [f"{t * scale:g}" for t in (labels[0], *labels)]


def _numbers(text: str) -> list[str]:
    return [n.replace(",", ".") for n in re.findall(r"\d+(?:[.,]\d+)?", text)]


@pytest.mark.parametrize("game", sorted(CATALOG))
def test_the_rules_pages_explain_the_catalogues_thresholds_in_every_language(game: str) -> None:
    """Each page's match review section says the game's thresholds (the solitaire's as chances
    in 100) in its English text and in the Italian and French translations of that text."""
    entry = CATALOG[game]
    assert entry.judging is not None
    text = (RULES / entry.rules).read_text(encoding="utf-8")
    section = text.split("## The match review\n", 1)[1].split("\n## ", 1)[0]
    said = [_said(entry.judging.labels)]
    if entry.solitaire is not None and entry.solitaire.judging is not None:
        said.append(_said(entry.solitaire.judging.labels, 100))
    paragraphs = [p for p in section.splitlines() if "a blunder" in p]
    assert len(paragraphs) == len(said)
    for lang in ("it", "fr"):
        with (LOCALE / lang / "LC_MESSAGES" / "rules.po").open("rb") as f:
            catalog = read_po(f)
        for paragraph, numbers in zip(paragraphs, said, strict=True):
            translated = catalog.get(paragraph)
            assert translated is not None and translated.string
            for words in (paragraph, str(translated.string)):
                found = iter(_numbers(words))
                assert all(n in found for n in numbers), (lang, words)  # in this order
