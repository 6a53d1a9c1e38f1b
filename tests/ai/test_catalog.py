"""The catalogue registers each game once across the layers, and every layer reads it: no
module but a game's own and the catalogue names a game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import game
from game import skins
from game.ai import make_seat, seat_kinds
from game.ai.coach import FIGURES_ONLY, reasons_of
from game.ai.coach_worlds import CoachGame
from game.ai.levels import NoisySeat
from game.catalog import CATALOG, load, modules, solitaires
from game.engine import GAMES
from game.resources import asset_path
from game.tools.soak_checks import GameChecks, checks_of


def test_every_game_has_an_engine_seats_a_table_module_and_a_rules_page() -> None:
    assert list(CATALOG)[:4] == ["capodama", "scopa", "tressette", "cattura"]  # a new game follows
    assert set(CATALOG) == set(GAMES)  # the engine's registry and the catalogue agree
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
            if level == "normal" and entry.levels is not None and entry.levels.normal_noise:
                assert isinstance(seat, NoisySeat)
                seat = seat.seat  # the search seat whose choices slip
            inner = getattr(seat, "seat", None) or getattr(seat, "rules", None)
            assert type(inner) is load(entry.seats["rules"])
            if part == "search":
                assert isinstance(seat, load(entry.seats["search"]))


def test_the_build_is_told_every_module_the_catalogue_imports_late() -> None:
    named = {
        t.partition(":")[0]
        for e in CATALOG.values()
        for t in (e.ui, *e.seats.values(), e.coach, e.solitaire and e.solitaire.winnable)
        if t
    }
    assert set(modules()) == named
    assert not any(m.startswith("game.tools") for m in modules())  # the soak's checks stay out


def test_every_entry_names_its_coach_soak_checks_and_solitaire_as_what_they_are() -> None:
    for name, entry in CATALOG.items():
        assert isinstance(reasons_of(name), CoachGame) and reasons_of(name) is not FIGURES_ONLY
        assert isinstance(checks_of(name), GameChecks)
        if entry.solitaire is not None:
            assert entry.solitaire.players in entry.info.windows  # won in the engine's window
            assert callable(load(entry.solitaire.winnable))
    assert [e.name for e in solitaires()] == ["capodama"]
    assert reasons_of("no such game") is FIGURES_ONLY


def test_a_card_is_shown_in_the_other_deck_as_its_entry_says() -> None:
    assert skins.face_image("capodama", "QH", "italian") == ("italian", "CD")
    assert skins.face_image("cattura", "8S", "italian") == ("italian", "FS")
    assert skins.face_image("scopa", "CB", "french") == ("french", "QC")
    assert skins.face_image("tressette", "1D", "french") == ("french", "AD")
    with pytest.raises(ValueError, match="no picture in italian cards"):
        skins.face_image("capodama", "4H", "italian")


# -- no module but a game's own and the catalogue names a game ------------------------------------
ROOT = Path(game.__file__).parent
GAME_NAMES = frozenset(GAMES)


def _owner(path: str) -> str | None:
    """The game whose own module ``path`` (relative to game/) is: engine/<game>*.py,
    ai/<game>_*.py or ui/games/<game>.py; None for a module every game shares."""
    for name in GAME_NAMES:
        if re.fullmatch(rf"engine/{name}\w*\.py|ai/{name}_\w+\.py|ui/games/{name}\.py", path):
            return name
    return None


def _names_games(source: str, path: str) -> list[str]:
    """Each string literal of ``source`` that is the name of a game other than the module's
    own (the catalogue may name them all)."""
    if path == "catalog.py":
        return []
    own = _owner(path)
    return [
        f"{path}:{node.lineno}: {node.value!r}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in GAME_NAMES
        and node.value != own
    ]


def test_no_module_but_a_games_own_and_the_catalogue_names_a_game() -> None:
    """A fifth game is its own modules and one catalogue entry: everything else asks the
    catalogue (or the engine's registry), so nothing else needs to learn its name."""
    found = []
    for file in sorted(ROOT.rglob("*.py")):
        path = file.relative_to(ROOT).as_posix()
        found += _names_games(file.read_text(encoding="utf-8"), path)
    assert found == []


def test_the_game_name_check_catches_a_module_wired_to_a_game() -> None:
    """The check above can fail: the solitaire wired to Capodama by name in the title, the
    coach branching on a game, a tool's default game."""
    wired = (
        'state = new_game("capodama", players=1)\n'
        'if self.game == "scopa":\n    pass\n'
        'parser.add_argument("--game", default="tressette")\n'
    )
    assert len(_names_games(wired, "ui/scenes/title.py")) == 3
    assert len(_names_games(wired, "tools/ui_bench.py")) == 3
    assert len(_names_games(wired, "ai/capodama_verdict.py")) == 2  # its own name only
    assert len(_names_games(wired, "engine/scopa_deal.py")) == 2
    assert len(_names_games(wired, "ui/games/tressette.py")) == 2
    assert _names_games(wired, "catalog.py") == []
    assert len(_names_games(wired, "ai/coach_tricks.py")) == 3  # shared: coach_*, not a game's
