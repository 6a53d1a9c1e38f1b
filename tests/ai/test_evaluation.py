"""The learned evaluation (game/ai/evaluation.py): the least-squares fit, the shipped weights
matching the features the code reads, the values it gives each side, and the fitting tool."""

from __future__ import annotations

import random

import pytest

from game.ai.evaluation import LinearEvaluation, fit_least_squares, load_evaluation
from game.ai.tressette_search import EVALUATION
from game.engine import new_game
from game.tools.fit_eval import fit, main, sample


def test_least_squares_finds_the_weights_the_data_was_made_with() -> None:
    rng = random.Random(5)
    true = [rng.uniform(-3, 3) for _ in range(5)]
    rows = [[1.0, *(rng.uniform(-10, 10) for _ in range(4))] for _ in range(2000)]
    targets = [sum(w * x for w, x in zip(true, r, strict=True)) + rng.gauss(0, 0.1) for r in rows]
    found = fit_least_squares(rows, targets, ridge=0.0)
    assert found == pytest.approx(true, abs=0.02)


def test_a_feature_constant_in_the_data_does_not_break_the_fit() -> None:
    rows = [[1.0, float(k % 7), 0.0] for k in range(200)]
    found = fit_least_squares(rows, [2.0 * r[1] + 1.0 for r in rows])
    assert found[2] == 0.0
    assert found[1] == pytest.approx(2.0, abs=0.01)


@pytest.mark.parametrize("players", [3, 4])
def test_the_shipped_tressette_weights_name_the_features_the_code_reads(players: int) -> None:
    model = load_evaluation("tressette", players)
    assert model is not None
    assert model.names == EVALUATION.names
    assert len(model.weights) == len(EVALUATION.names)
    assert model.margin_scale == EVALUATION.margin_scale
    assert len(model.spread) == {3: 13, 4: 10}[players]  # per cards left after a trick, from 0
    assert model.about["r2_held_out"] > 0.5
    assert LinearEvaluation.from_json(model.to_json()) == model


def test_partners_get_one_value_and_two_sides_share_one_won_deal() -> None:
    model = load_evaluation("tressette", 4)
    assert model is not None
    state = new_game("tressette", players=4, seed=3)
    rng = random.Random(3)
    while state.tricks_taken < 4:
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    values = model.values(EVALUATION, state)
    assert values[0] == values[2] and values[1] == values[3]
    assert values[0] + values[1] == pytest.approx(1.0)  # the chances sum to 1, margins cancel
    assert values[0] != pytest.approx(0.5)


def test_more_points_taken_is_worth_more() -> None:
    model = load_evaluation("tressette", 3)
    assert model is not None
    feats, _ = EVALUATION.features(new_game("tressette", players=3, seed=1), 0)
    richer = list(feats)
    richer[EVALUATION.names.index("taken")] += 9
    assert model.final(richer) > model.final(feats)


def test_the_tool_reads_every_side_each_time_a_trick_is_taken() -> None:
    deals = sample("tressette", 3, 3, seed=11)
    for rows in deals:
        assert len(rows) == 12  # 13 tricks: read after each but the last, which ends the deal
        assert all(len(at) == 3 for at in rows)  # a side each
        finals = [t for _, _, t in rows[0]]
        assert all([t for _, _, t in at] == finals for at in rows)  # the deal's own, each time
        lefts = [at[0][1] for at in rows]
        assert lefts == list(range(12, 0, -1))


def test_a_small_fit_predicts_held_out_deals() -> None:
    model, r2 = fit("tressette", 4, 150, seed=2)
    assert 0.4 < r2 <= 1.0
    assert model.weights[EVALUATION.names.index("taken")] > 0.5
    assert model.spread[1] < model.spread[-1]  # the end of a deal is better foreseen


@pytest.mark.parametrize(
    "args,said",
    [
        (["--game", "scopa", "--players", "2"], "scopa has no learned evaluation"),
        (["--game", "tressette", "--players", "5"], "not played by 5 players"),
        (["--game", "capodama", "--players", "3", "--deals", "2"], "at least 5"),
    ],
)
def test_the_tool_refuses_what_it_cannot_fit(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    assert said in capsys.readouterr().err
