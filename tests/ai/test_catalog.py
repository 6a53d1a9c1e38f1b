"""The catalogue registers each game once across the layers, and every layer reads it."""

from __future__ import annotations

from game.ai import make_seat, seat_kinds
from game.ai.levels import NORMAL_NOISE, NoisySeat
from game.catalog import CATALOG, load, modules
from game.engine import GAMES
from game.resources import asset_path


def test_every_game_has_an_engine_seats_a_table_module_and_a_rules_page() -> None:
    assert list(CATALOG) == ["capodama", "scopa", "tressette", "cattura"]
    for name, entry in CATALOG.items():
        assert entry.info is GAMES[name]
        assert entry.native_deck == GAMES[name].deck.name
        assert asset_path("rules", entry.rules).is_file()
        assert load(entry.ui)().name == name
        for kind in entry.seats:
            assert make_seat(kind, name).choose  # each named seat builds


def test_seat_kinds_follow_the_player_count() -> None:
    assert "solver" in seat_kinds("capodama", 1)
    assert "solver" not in seat_kinds("capodama", 4)
    assert "solver" in seat_kinds("capodama")  # every kind the game has, for tools
    assert seat_kinds("scopa", 2) == ["easy", "normal", "random", "rules", "search", "strong"]


def test_every_game_has_the_three_levels_built_from_its_own_seats() -> None:
    for name, entry in CATALOG.items():
        for level, part in (("easy", "rules"), ("normal", "search"), ("strong", "search")):
            seat = make_seat(level, name)
            assert seat.name == level
            if level == "normal" and name in NORMAL_NOISE:
                assert isinstance(seat, NoisySeat)
                seat = seat.seat  # the search seat whose choices slip
            inner = getattr(seat, "seat", None) or getattr(seat, "rules", None)
            assert type(inner) is load(entry.seats["rules"])
            if part == "search":
                assert isinstance(seat, load(entry.seats["search"]))


def test_the_build_is_told_every_module_the_catalogue_imports_late() -> None:
    named = {t.partition(":")[0] for e in CATALOG.values() for t in (e.ui, *e.seats.values())}
    assert set(modules()) == named
