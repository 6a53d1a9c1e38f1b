"""The match review as a whole: accuracy, determinism, progress and cancel, the stored form,
and ``python -m game.review``."""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_seat
from game.engine import ITALIAN, new_game
from game.review.__main__ import main as review_main
from game.review.match import decisions_of, review_decision, review_match
from game.review.model import FORCED, LABELS, Review
from game.review.source import Unreadable, match_of

DATA = Path(__file__).parents[1] / "data"
#: A small share of the judging budget: these tests check the review's bookkeeping, and the
#: random-against-strong gap, which shows at any budget.
SCALE = 0.03


def test_a_seat_that_always_plays_the_reviews_best_move_scores_100() -> None:
    """4-player Tressette, seat 0 playing the move the review names best at each decision
    (the review of a decision reads only the record up to it), the others easy seats."""
    state = new_game("tressette", players=4, seed=5)
    others = make_seat("easy", "tressette")
    rng = random.Random(5)
    while state.deals_scored == 0:
        player = state.current_player
        assert player is not None
        legal = state.legal_moves()
        if player == 0 and len(legal) > 1:
            index = len(state.history)
            trial = state.clone()
            trial.play(legal[0])
            state.play(review_decision(trial.record(), index, 0, SCALE).best)
        else:
            state.play(others.choose(state.view(player), legal, rng))
    review = review_match(state.record(), 0, scale=SCALE)
    assert review is not None
    assert {d.label for d in review.decisions} <= {"best", FORCED}
    assert "best" in {d.label for d in review.decisions}
    assert review.accuracy == 100.0 and review.deal_accuracy == {1: 100.0}


def test_a_random_seat_scores_far_below_a_strong_one_over_seeded_scopa_deals() -> None:
    """Four 2-player Scopa deals, seeds 1000 apart, random against strong (chairs swapped each
    deal), as ``python -m game.tools.review_accuracy --deals 4`` plays and saves them."""
    deals = json.loads((DATA / "review_scopa_deals.json").read_text(encoding="utf-8"))
    accuracy: dict[str, list[float]] = {"random": [], "strong": []}
    for deal in deals:
        for seat, kind in enumerate(deal["kinds"]):
            review = review_match(deal["record"], seat, scale=SCALE)
            assert review is not None
            accuracy[kind].append(review.accuracy)
    assert all(s > r for s, r in zip(accuracy["strong"], accuracy["random"], strict=True))
    assert statistics.mean(accuracy["strong"]) >= 95
    assert statistics.mean(accuracy["strong"]) - statistics.mean(accuracy["random"]) >= 8


def _last_hand_record() -> dict[str, Any]:
    """A 2-player Scopa record of a last hand (nothing hidden: solved, so cheap), played out."""
    mine, table, other = "5C 1S", "CD", "RD 2D"
    shown = {*mine.split(), *table.split(), *other.split()}
    rest = [str(c) for c in ITALIAN.cards if str(c) not in shown]
    deal = {
        "dealer": 1,
        "hands": [mine.split(), other.split()],
        "table": [table],
        "deck": [],
        "captured": [rest[:17], rest[17:]],
        "last_capturer": 1,
    }
    state = new_game("scopa", players=2, seed=7, deal=deal)
    for move in ("1S", "RD x CD 1S", "5C", "2D"):
        state.play(move)
    return state.record()


def test_the_same_match_gets_the_same_review_and_it_survives_its_stored_form() -> None:
    record = _last_hand_record()
    a = review_match(record, 0)
    b = review_match(json.loads(json.dumps(record)), 0)
    assert a is not None and a == b
    assert [d.move for d in a.decisions] == ["1S", "5C"]
    assert [d.label for d in a.decisions] == ["mistake", FORCED]  # the scopa left to RD
    stored = json.loads(json.dumps(a.to_json()))
    assert Review.from_json(stored) == a
    with pytest.raises((KeyError, TypeError, ValueError)):
        Review.from_json({**stored, "decisions": [{**stored["decisions"][0], "label": "??"}]})


def test_progress_is_told_and_a_cancelled_review_returns_none() -> None:
    record = _last_hand_record()
    assert decisions_of(record, 0) == [0, 2] and decisions_of(record, 1) == [1, 3]
    told: list[tuple[int, int]] = []
    assert review_match(record, 0, progress=lambda d, t: told.append((d, t))) is not None
    assert told == [(0, 2), (1, 2), (2, 2)]
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 1

    review = review_match(record, 0, cancel=cancel)
    assert review is None and len(asked) == 2  # the first decision done, stopped before the next


# -- the files it reads, and the command line --------------------------------------------------
def _history_file(tmp_path: Path, **fields: Any) -> Path:
    data = {"format": "tavolo-save/1", "record": _last_hand_record(), "seats": ["easy", "human"]}
    path = tmp_path / "match.json"
    path.write_text(json.dumps({**data, **fields}), encoding="utf-8")
    return path


def test_the_command_prints_one_json_object_for_the_humans_seat(tmp_path, capsys) -> None:
    assert review_main([str(_history_file(tmp_path)), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"decisions", "accuracy"}
    assert [set(d) for d in out["decisions"]] == [
        {"deal", "seat", "move", "best", "loss", "label"}
    ] * 2
    assert [d["seat"] for d in out["decisions"]] == [1, 1]  # the human's seat
    assert all(
        d["loss"] >= 0 and d["label"] in (*LABELS, "close", FORCED) for d in out["decisions"]
    )
    assert list(out["accuracy"]) == ["1"] and 0 <= out["accuracy"]["1"] <= 100


def test_the_command_reviews_a_bare_record_from_seat_0_as_a_table(tmp_path, capsys) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_last_hand_record()), encoding="utf-8")
    assert review_main([str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["deal", "no.", "move", "best", "loss", "label"]
    assert lines[1].split() == ["1", "1", "1S", "5C", lines[1].split()[4], "mistake"]
    assert lines[-1].startswith("seat 0 accuracy ")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bad"], "unrecognized arguments: --bad"),
        (["--seat", "2"], "--seat must be a seat of the match, 0 to 1, not 2"),
        (["--seat", "x"], "invalid int value"),
    ],
)
def test_a_bad_command_line_gets_one_line_and_exit_code_2(tmp_path, capsys, args, says) -> None:
    with pytest.raises(SystemExit) as exit_:
        review_main([str(_history_file(tmp_path)), *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"format": "tavolo-save/1", "record": {', "is damaged: it is not valid JSON"),
        ('{"format": "tavolo-save/2", "record": {}}', "a newer version of Tavolo wrote it"),
        ('{"format": "tavolo-record/3"}', "a newer version of Tavolo wrote it"),
        ('{"format": "something"}', "is not a Tavolo match file"),
        ('{"format": "tavolo-record/1", "game": "poker"}', "a game this Tavolo does not know"),
    ],
)
def test_a_file_that_cannot_be_reviewed_gets_one_line_and_exit_code_2(
    tmp_path, capsys, text, says
) -> None:
    path = tmp_path / "match.json"
    path.write_text(text, encoding="utf-8")
    assert review_main([str(path)]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_history_file_whose_moves_do_not_replay_is_damaged() -> None:
    record = _last_hand_record()
    data = {
        "format": "tavolo-save/1",
        "record": {**record, "moves": ["1S", "7D"]},
        "seats": ["human"] * 2,
    }
    with pytest.raises(Unreadable, match="damaged: its moves do not replay"):
        match_of(data)
    with pytest.raises(Unreadable, match="seats 1 for 2 players"):
        match_of({**data, "record": record, "seats": ["human"]})


def test_python_m_game_review_refuses_a_damaged_file_without_a_traceback(tmp_path) -> None:
    path = tmp_path / "match.json"
    path.write_text("{not json", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "game.review", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"python -m game.review: {path} is damaged: it is not valid JSON\n"
