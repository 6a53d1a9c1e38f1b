"""What the coach says, counted: ``python -m game.ai.coach_survey --positions 4``.

For every game and player count, seeded deals are played by the rule seats and the positions
met are grouped by the kind of decision they ask for (the legal moves' kinds: a doubled suit, a
4th trump, a pass, a card to play, Buongioco or a card, a send or a take...; "forced" when one
move is legal, "open" in the solitaire's second half).  Up to ``--positions`` of each kind
(drawn from the seeded generator) are put to the coach, from the deciding seat's own view.

It prints, per game, player count and kind: the hints asked, how many fall back to a bare
sampled figure (no reason saying what the move does or is for, and no comparison with the
next best move), how many say only that comparison (and how many of those show the next best
move ahead in those few deals, where the hint's seat chose otherwise), the reason codes given,
and the CPU seconds per hint (this thread's ``time.thread_time``): in all, and in the reasons
alone (all but the seat's own choice).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import GAMES, Move, new_game

from . import Seat, make_seat
from .coach import FIGURES, Coach, Hint, reasons_of

__all__ = ["Surveyed", "bare", "decision_kind", "main", "positions", "survey"]


def bare(hint: Hint) -> bool:
    """Whether ``hint`` says only a figure (:data:`~.coach.FIGURES`), none comparative."""
    return all(r.code in FIGURES and "next" not in r.parts for r in hint.reasons)


def figure_only(hint: Hint) -> bool:
    """Whether ``hint`` says only the comparison of sampled deals with the next best move."""
    return all(r.code in FIGURES for r in hint.reasons)


def behind(hint: Hint) -> bool:
    """Whether ``hint``'s figure is lower after its move than after the next best one (in those
    few deals; the hint's seat chose otherwise)."""
    return any(
        "next" in r.parts and r.parts.get("won", r.parts.get("hits", 0)) < r.parts["next"]
        for r in hint.reasons
    )


def decision_kind(view: Any, legal: Sequence[Move]) -> str:
    """The kind of decision: the legal moves' kinds, "forced" for a lone move, "open" for the
    solitaire's second half (the exact solver's)."""
    kind = "|".join(sorted({m.kind or "play" for m in legal}))
    if len(legal) == 1:
        kind += " forced"
    window = reasons_of(view.game).window
    if window is not None and view.players == 1 and window.is_open(view):
        kind += " open"
    return kind


def positions(
    game: str, players: int, deals: int, seed: int
) -> dict[str, list[tuple[Any, list[Move]]]]:
    """Every decision met in ``deals`` seeded deals played by the rule seats, by kind: the
    deciding seat's view and the legal moves."""
    rules = make_seat("rules", game)
    rng = random.Random(seed)
    found: dict[str, list[tuple[Any, list[Move]]]] = {}
    for k in range(deals):
        state = new_game(game, players=players, seed=seed + k)
        while state.current_player is not None:  # the first deal, up to its scoring
            view = state.view(state.current_player)
            legal = state.legal_moves()
            found.setdefault(decision_kind(view, legal), []).append((view, legal))
            state.play(rules.choose(view, legal, rng))
    return found


class _Timed:
    """A seat that adds the CPU time of its choices to ``cpu``: the hint's move, apart from
    its reasons."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.name = seat.name
        self.cpu = 0.0

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        t = time.thread_time()
        try:
            return self.seat.choose(view, legal_moves, rng)
        finally:
            self.cpu += time.thread_time() - t


@dataclass
class Surveyed:
    """The hints of one game, player count and kind of decision."""

    hints: int = 0
    bare: int = 0
    figure: int = 0
    behind: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    cpu: float = 0.0
    reasons_cpu: float = 0.0
    example: str = ""


def survey(game: str, players: int, per_kind: int, deals: int, seed: int) -> dict[str, Surveyed]:
    """Up to ``per_kind`` hints of each kind of decision met in ``deals`` seeded deals."""
    coach = Coach(game)
    seat = coach.seat = _Timed(coach.seat)
    rng = random.Random(seed)
    out: dict[str, Surveyed] = {}
    for kind, found in sorted(positions(game, players, deals, seed).items()):
        row = out[kind] = Surveyed()
        for view, legal in rng.sample(found, min(per_kind, len(found))):
            seat.cpu = 0.0
            t = time.thread_time()
            hint = coach.advise(view, legal, random.Random(rng.random()))
            spent = time.thread_time() - t
            row.hints += 1
            row.cpu += spent
            row.reasons_cpu += spent - seat.cpu
            row.codes.update(r.code for r in hint.reasons)
            row.figure += figure_only(hint)
            row.behind += behind(hint)
            if bare(hint):
                row.bare += 1
                row.example = row.example or f"{hint.move.text}: {hint.reasons}"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.coach_survey", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--positions", type=int, default=4, help="hints per kind of decision")
    parser.add_argument("--deals", type=int, default=3, help="seeded deals to find them in")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"coach hints, up to {args.positions} per kind of decision met in {args.deals} deals "
        f"from seed {args.seed}; CPU seconds of this thread"
    )
    print(
        "| game | players | decision | hints | bare figure | figure only | figure behind | "
        "CPU/hint | reasons CPU/hint | codes |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    total = Surveyed()
    for game in sorted(GAMES):
        for players in GAMES[game].players:
            if args.game not in (None, game) or args.players not in (None, players):
                continue
            for kind, row in survey(game, players, args.positions, args.deals, args.seed).items():
                n = max(1, row.hints)
                codes = ", ".join(f"{c} {k}" for c, k in row.codes.most_common())
                print(
                    f"| {game} | {players} | {kind} | {row.hints} | {row.bare} | {row.figure} | "
                    f"{row.behind} | "
                    f"{row.cpu / n:.3f} | {row.reasons_cpu / n:.3f} | {codes} |",
                    flush=True,
                )
                if row.example:
                    print(f"|   | | e.g. | {row.example} | | | | | | |", flush=True)
                total.hints += row.hints
                total.bare += row.bare
                total.figure += row.figure
                total.behind += row.behind
                total.cpu += row.cpu
                total.reasons_cpu += row.reasons_cpu
    n = max(1, total.hints)
    print(
        f"in all: {total.hints} hints, {total.bare} bare figures, {total.figure} with only "
        f"the comparison ({total.behind} behind the next best move); CPU per hint "
        f"{total.cpu / n:.3f} s, of which reasons {total.reasons_cpu / n:.3f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
