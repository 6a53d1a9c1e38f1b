"""The soak in CI: a few hundred deals over every variant, and proof that each check can fail.

``python -m game.tools.soak --deals 100000 --jobs 2`` is the full run (see the README); here the
same code plays three deals of each variant, and each invariant check is shown a state
broken on purpose (a lost card, a refusal that changes the state, a leaking view, a record
that does not replay, a wrong point total) so that a check that can never fail would be found.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.catalog import CATALOG
from game.engine import IllegalMove, load_record, new_game
from game.engine.capodama import CapodamaState
from game.engine.cattura import CatturaState
from game.engine.scopa import ScopaState
from game.engine.tressette import TressetteState
from game.sim import play_deal, random_chooser, scored_since
from game.tools import soak
from game.tools.soak_checks import (
    InvariantBroken,
    check_cards,
    check_hidden,
    check_refusal,
    check_replay,
    check_scored,
)

#: the games of Tavolo's first release, whose variants the soak is known to count
FIRST_FOUR = ("capodama", "scopa", "tressette", "cattura")


def test_every_variant_is_soaked_without_an_error() -> None:
    tallies = soak.run(deals=3 * len(soak.variants()), jobs=1, seed=5)
    games = {t.variant.game for t in tallies}
    assert games == set(CATALOG)
    assert {t.variant.players for t in tallies if t.variant.game == "capodama"} == set(range(1, 7))
    # every player count with the default options, each other option value alone, and every
    # option at its last value at once: 85 for the first four games
    assert sum(t.variant.game in FIRST_FOUR for t in tallies) == 85
    assert all(t.deals == 3 and t.moves > 0 for t in tallies)
    failures = [(str(t.variant), t.failure) for t in tallies if t.errors]
    assert failures == []


def test_a_lost_card_is_found_and_reported_with_a_replayable_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    honest = CatturaState.captured

    def loses_one(self: CatturaState, seat: int) -> tuple[Any, ...]:
        return honest(self, seat)[1:]

    monkeypatch.setattr(CatturaState, "captured", loses_one)
    tally = soak.soak(soak.Variant("cattura", 2), seed=3, deals=2)
    assert tally.errors >= 1
    assert tally.failure is not None
    assert "cards not conserved: missing" in tally.failure["message"]
    again = load_record(tally.failure["record"])
    assert again.seed == tally.failure["seed"]


def test_check_cards_passes_on_every_game_and_fails_on_a_doubled_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in CATALOG:
        check_cards(new_game(name, seed=1))
    honest = ScopaState.table

    def doubled(self: ScopaState) -> tuple[Any, ...]:
        return (*honest(self), *honest(self)[:1])

    monkeypatch.setattr(ScopaState, "table", doubled)
    with pytest.raises(InvariantBroken, match="extra or doubled"):
        check_cards(new_game("scopa", players=2, seed=1))


def test_a_refusal_that_changes_the_state_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game("tressette", players=4, seed=2)
    check_refusal(state, "")  # the honest engine refuses and changes nothing
    honest = TressetteState.why_illegal

    def meddles(self: TressetteState, move: Any) -> IllegalMove:
        self._history.append("oops")
        return honest(self, move)

    monkeypatch.setattr(TressetteState, "why_illegal", meddles)
    legal = {m.text for m in state.legal_moves()}
    illegal = next(str(c) for c in state.info.deck.cards if str(c) not in legal)
    with pytest.raises(InvariantBroken, match="changed the state"):
        check_refusal(state, illegal)


def test_a_refusal_that_raises_something_else_is_found() -> None:
    state = new_game("scopa", players=2, seed=2)
    with pytest.raises(InvariantBroken, match="accepted"):
        check_refusal(state, state.legal_moves()[0].text)


@pytest.mark.parametrize("name,players", [("capodama", 4), ("scopa", 2), ("cattura", 3)])
def test_a_view_that_leaks_a_hidden_card_is_found(
    monkeypatch: pytest.MonkeyPatch, name: str, players: int
) -> None:
    state = new_game(name, players=players, seed=4)
    rng = random.Random(1)
    for _ in range(40):
        check_hidden(state, 0, rng)  # honest views pass
    cls = type(state)
    honest = cls.view

    def leaks(self: Any, seat: int) -> Any:
        neighbour = self.hand((seat + 1) % self.seats)
        return honest(self, seat), neighbour[0].rank if neighbour else None

    monkeypatch.setattr(cls, "view", leaks)
    with pytest.raises(InvariantBroken, match="view of seat 0 changes"):
        for _ in range(40):
            check_hidden(state, 0, rng)


def test_a_record_that_does_not_replay_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game("capodama", players=3, seed=6)
    play_deal(state, random_chooser(random.Random(0)))
    check_replay(state)
    honest = CapodamaState.record

    def short(self: CapodamaState) -> dict[str, Any]:
        rec = honest(self)
        rec["moves"] = rec["moves"][:-1]
        return rec

    monkeypatch.setattr(CapodamaState, "record", short)
    with pytest.raises(InvariantBroken, match="does not replay"):
        check_replay(state)


def test_a_wrong_point_total_is_found() -> None:
    state = new_game("tressette", players=3, seed=8)
    play_deal(state, random_chooser(random.Random(0)))
    scored = scored_since(state, 0)
    assert scored is not None
    check_scored(state, scored)
    fields = _fields(scored)
    fields["raw"] = (fields["raw"][0] + 1, *fields["raw"][1:])
    with pytest.raises(InvariantBroken, match="raw thirds"):
        check_scored(state, type(scored)(**fields))


def _fields(payload: Any) -> dict[str, Any]:
    return {k: getattr(payload, k) for k in payload.__dataclass_fields__}


def test_the_command_exits_1_and_prints_the_seed_and_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(soak, "variants", lambda: [soak.Variant("cattura", 2)])
    assert soak.main(["--deals", "2"]) == 0
    assert "total: 2 deals" in capsys.readouterr().out
    monkeypatch.setattr(CatturaState, "battlefield", lambda self: ())
    assert soak.main(["--deals", "2"]) == 1
    out = capsys.readouterr().out
    assert "2 errors" in out and "match seed" in out and "'moves': [" in out
