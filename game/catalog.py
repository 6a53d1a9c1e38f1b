"""Every game, registered once across the layers: engine, seats, presentation, rules text.

The engine's registry (:data:`game.engine.GAMES`) knows a game's rules; this catalogue ties each
game's name to everything else a player or a tool meets: the AI seat kinds it offers and how its
levels are tuned, the coach's reason makers, the presentation module the table drives, the
rules page the app shows, its solitaire if it has one, the pictures its cards borrow from the
other deck, the soak's checks, and its native deck (read from the engine).  Menus, setup, the
title, the rules tabs, ``make_seat``, the levels, the coach, the skins, the arena, the soak and
the bench all read this one list, so a new game is its own modules and one :func:`entry` here
(see docs/ADDING_A_GAME.md); no other module names a game (tests/test_catalog.py checks it).

Seats, reason makers and presentation modules are named as ``"module:Name"`` text and imported
on first use, so the arena and the bench never import pygame and the engine never imports
anything above it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine import GAMES, GameInfo
from game.i18n import N_

__all__ = [
    "CATALOG",
    "GameEntry",
    "Judging",
    "Levels",
    "Solitaire",
    "Tree",
    "entry",
    "first",
    "load",
    "modules",
    "solitaires",
]


@dataclass(frozen=True)
class Tree:
    """Strong's tree of decisions over the worlds (:mod:`game.ai.ismcts`) at one player
    count: tuned and measured per count, as a 4-player deal's tree is not a 3-player one's."""

    #: iterations (one drawn world, one path down the tree, one playout each) per decision
    iterations: int
    #: the tricks a playout goes past the tree before the game's learned evaluation judges the
    #: rest (0: every playout to the deal's end)
    cut: int = 0
    #: at another player's node, the rule seat's move is tried first and favoured, the bonus
    #: fading with its visits: the others play like the table until search finds them better
    hint: bool = False


@dataclass(frozen=True)
class Levels:
    """How the game's search seat becomes the ``normal`` and ``strong`` levels
    (:mod:`game.ai.levels`): a rollout plays a deal to its end, and a deal is longer in some
    games than others, so each game has its own budgets."""

    #: rollouts per searched decision, (normal, strong)
    rollouts: tuple[int, int]
    #: the share of normal's choices played at random, at the player counts where strong has
    #: no tree: set where strong's extra rollouts alone play no better than normal's
    #: (docs/EXPERIMENTS.md), so the levels still differ; where strong searches its tree, it
    #: beats normal without slips, and normal does not slip
    normal_noise: float = 0.0
    #: strong's tree over the worlds by player count; a count not listed judges each move by
    #: flat rollouts (``rollouts[1]``)
    tree: Mapping[int, Tree] = field(default_factory=dict)


@dataclass(frozen=True)
class Judging:
    """How the match review (:mod:`game.review`) judges a decision in this game.

    A decision's ``loss`` is the expected deal points its move gave up against the best move:
    points margin over the best other side, so a point handed to an opponent counts as one
    not taken (in the solitaire, where only landing in the window counts, the chance of
    winning the deal).  ``labels`` are the losses from which a decision is ``good``, an
    ``inaccuracy``, a ``mistake`` and a ``blunder`` (below the first it is ``best``): each
    game's deal counts its own points, so each has its own.  ``rollouts`` is the judge's
    budget per decision, shared evenly by the legal moves (a count, so the same match gives
    the same review on any machine)."""

    labels: tuple[float, float, float, float]
    rollouts: int
    #: the player count whose deal ``python -m game.tools.bench --review`` and
    #: ``python -m game.tools.review_check`` measure
    measured: int = 2


@dataclass(frozen=True)
class Solitaire:
    """How a game is played alone, from the title's Solitaire button."""

    #: what the solitaire is, one line of its start (an ``N_`` text; ``{low}`` and ``{high}``
    #: are the engine's points window for one player, ``GameInfo.windows[1]``)
    about: str
    #: "module:function" of ``(seed, **options) -> seed``: the first seed from ``seed`` whose
    #: deal can be won, behind the row "winnable deals only" of the solitaire's start
    winnable: str
    #: the seat kinds of the solitaire's table (the player count is their number)
    seats: tuple[str, ...] = ("human",)
    #: how the review judges its decisions (None: as the game's matches)
    judging: Judging | None = None

    @property
    def players(self) -> int:
        return len(self.seats)


@dataclass(frozen=True)
class GameEntry:
    """One game as every layer sees it."""

    name: str
    #: seat kind -> "module:Class" of a seat (``random`` serves every game and is not listed)
    seats: dict[str, str]
    #: "module:Class" of the table's presentation module for this game
    ui: str
    #: the rules page, a file of assets/rules
    rules: str
    #: seat kinds that play only some player counts (absent: every count the game has)
    seat_players: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: the tuning of the normal and strong levels (None: only ``easy``, from the rule seat)
    levels: Levels | None = None
    #: how the match review judges a decision (None: the game is not reviewed)
    judging: Judging | None = None
    #: "module:Name" of the coach's reason makers (a :class:`game.ai.coach_worlds.CoachGame`;
    #: None: the coach says only its comparison of sampled deals)
    coach: str | None = None
    #: the game played alone from the title, if it is
    solitaire: Solitaire | None = None
    #: the rank each native rank is shown as in the other deck (a display skin, the same card
    #: in every rule; a rank absent has no picture there, and the game cannot be shown in it)
    other_ranks: dict[str, str] = field(default_factory=dict)
    #: "module:Name" of the soak's checks of this game's states (a
    #: :class:`game.tools.soak_checks.GameChecks`)
    soak: str | None = None

    @property
    def info(self) -> GameInfo:
        return GAMES[self.name]

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def native_deck(self) -> str:
        """The deck the game is written in ("french" or "italian"), from the engine."""
        return self.info.deck.name


#: Every game in menu order.
CATALOG: dict[str, GameEntry] = {}


def entry(game: GameEntry) -> None:
    """Register ``game``; its engine must be registered already."""
    if game.name not in GAMES:
        raise ValueError(f"{game.name!r} has no engine in game.engine.GAMES")
    CATALOG[game.name] = game


def first() -> GameEntry:
    """The first game of the menus: what a command or a page shows when no game is named."""
    return next(iter(CATALOG.values()))


def solitaires() -> list[GameEntry]:
    """The games played alone from the title, in menu order."""
    return [e for e in CATALOG.values() if e.solitaire is not None]


def _targets(e: GameEntry) -> list[str]:
    winnable = e.solitaire.winnable if e.solitaire is not None else None
    return [t for t in (e.ui, *e.seats.values(), e.coach, winnable) if t is not None]


def modules() -> list[str]:
    """Every module the catalogue names for the app: imported on first use, so the
    executable's build must be told to bundle them (build/tavolo.spec asks here; the soak's
    checks are a developer's tool and stay out)."""
    return sorted({t.partition(":")[0] for e in CATALOG.values() for t in _targets(e)})


def load(target: str) -> Any:
    """The object a ``"module:Name"`` text names, imported now."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def _ranks(native: str, shown: str) -> dict[str, str]:
    """``{native rank: rank shown in the other deck}`` from two rows of ranks."""
    return dict(zip(native.split(), shown.split(), strict=True))


#: The ranks of the Italian-card games in French cards: 1-7, then Fante, Cavallo, Re as J, Q, K.
_ITALIAN_IN_FRENCH = _ranks("1 2 3 4 5 6 7 F C R", "A 2 3 4 5 6 7 J Q K")

entry(
    GameEntry(
        "capodama",
        seats={
            "rules": "game.ai.capodama_rules:CapodamaRulesSeat",
            "search": "game.ai.capodama_search:CapodamaSearchSeat",
            "solver": "game.ai.capodama_solver:SolitaireSeat",
        },
        ui="game.ui.games.capodama:CapodamaUI",
        rules="capodama.txt",
        seat_players={"solver": (1,)},  # the exact solver plays the solitaire's open hands
        levels=Levels(
            (180, 560), normal_noise=0.15, tree={3: Tree(2800), 4: Tree(2800, cut=2, hint=True)}
        ),
        # 150 card points a deal, margin 2 per point: a Jack given away (5, 10 doubled) is
        # an inaccuracy or a mistake, an Ace (11, 22 doubled) a mistake or a blunder
        judging=Judging((3.0, 8.0, 16.0, 32.0), rollouts=2400, measured=4),
        coach="game.ai.coach_tricks:CAPODAMA",
        solitaire=Solitaire(
            N_(
                "Capodama for one: you play both hands face up, South (the capo) and North. "
                "The capo must take {low} to {high} points."
            ),
            winnable="game.ai.capodama_verdict:winnable_seed",
            # the chance of winning the deal given up
            judging=Judging((0.02, 0.05, 0.15, 0.3), rollouts=960, measured=1),
        ),
        # A→1, 7→7, J→Fante, K→Re, Q→Cavallo, 10→6, 9→5, 8→4, 6→3, 5→2 (no 4 or 3)
        other_ranks=_ranks("A 7 J K Q 10 9 8 6 5", "1 7 F R C 6 5 4 3 2"),
        soak="game.tools.soak_checks:CAPODAMA",
    )
)
entry(
    GameEntry(
        "scopa",
        seats={
            "rules": "game.ai.scopa_rules:ScopaRulesSeat",
            "search": "game.ai.scopa_search:ScopaSearchSeat",
        },
        ui="game.ui.games.scopa:ScopaUI",
        rules="scopa.txt",
        levels=Levels((200, 660)),
        # about 11 points a deal: a scopa left to the other side is a mistake, the
        # settebello handed over (a point to them, one fewer for you) a blunder
        judging=Judging((0.1, 0.3, 0.6, 1.5), rollouts=3600),
        coach="game.ai.coach_captures:SCOPA",
        other_ranks=_ITALIAN_IN_FRENCH,
        soak="game.tools.soak_checks:SCOPA",
    )
)
entry(
    GameEntry(
        "tressette",
        seats={
            "rules": "game.ai.tressette_rules:TressetteRulesSeat",
            "search": "game.ai.tressette_search:TressetteSearchSeat",
        },
        ui="game.ui.games.tressette:TressetteUI",
        rules="tressette.txt",
        levels=Levels((220, 720), tree={3: Tree(2400, cut=2), 4: Tree(2400, cut=2)}),
        # two sides share 11 points, so a point lost is 2 of margin: a blunder; a trick
        # worth a point left to the other side, less what the card kept wins later, a mistake
        judging=Judging((0.15, 0.4, 0.8, 2.0), rollouts=3600, measured=4),
        coach="game.ai.coach_tricks:TRESSETTE",
        other_ranks=_ITALIAN_IN_FRENCH,
        soak="game.tools.soak_checks:TRESSETTE",
    )
)
entry(
    GameEntry(
        "cattura",
        seats={
            "rules": "game.ai.cattura_rules:CatturaRulesSeat",
            "search": "game.ai.cattura_search:CatturaSearchSeat",
        },
        ui="game.ui.games.cattura:CatturaUI",
        rules="cattura.txt",
        levels=Levels((180, 600)),
        # a deal scores a player's captured values and suit bonuses, a few dozen points
        judging=Judging((0.3, 1.0, 2.5, 5.0), rollouts=2400),
        coach="game.ai.coach_captures:CATTURA",
        other_ranks=_ranks("A 2 3 4 5 6 7 8", "1 2 3 4 5 6 7 F"),  # A…7 as 1…7, 8 as Fante
        soak="game.tools.soak_checks:CATTURA",
    )
)
entry(
    GameEntry(
        "briscola",
        seats={
            "rules": "game.ai.briscola_rules:BriscolaRulesSeat",
            "search": "game.ai.briscola_search:BriscolaSearchSeat",
        },
        ui="game.ui.games.briscola:BriscolaUI",
        rules="briscola.txt",
        levels=Levels((800, 2600), normal_noise=0.15),
        # 120 card points a deal, a point not taken is the other side's (margin 2 per point):
        # a Re given away (8) is an inaccuracy, an ace or a 3 (20, 22) a mistake
        judging=Judging((3.0, 8.0, 16.0, 32.0), rollouts=2400),
        coach="game.ai.briscola_coach:COACH",
        other_ranks=_ITALIAN_IN_FRENCH,
        soak="game.tools.briscola_soak:CHECKS",
    )
)
entry(
    GameEntry(
        "scopone",
        seats={
            "rules": "game.ai.scopa_rules:ScopaRulesSeat",
            "search": "game.ai.scopone_search:ScoponeSearchSeat",
        },
        ui="game.ui.games.scopone:ScoponeUI",
        rules="scopone.txt",
        levels=Levels((600, 2000), normal_noise=0.15),
        # Scopa's points, as in Scopa: a scopa left to the other side is a mistake, the
        # settebello handed over a blunder
        judging=Judging((0.1, 0.3, 0.6, 1.5), rollouts=3600, measured=4),
        coach="game.ai.coach_captures:SCOPA",
        other_ranks=_ITALIAN_IN_FRENCH,
        soak="game.tools.scopone_soak:CHECKS",
    )
)
