"""Speed figures: ``python -m game.tools.bench`` prints random-play deals/s and moves/s per variant.

Every figure comes from a fresh match per deal played with uniformly random legal moves, and
every time is the CPU time of the measuring process (``time.process_time``), so a busy machine
gives about the figures an idle one does.  It measures the engine's hot path: dealing, move
generation and application.  The main figure is the playout path (each match muted after its
first hand, :meth:`~game.engine.GameState.mute`, as the search's rollouts play); the "logged"
column is the same play with every event logged, as the table plays.

Two yardsticks are measured in the same run:

- the engine of a base commit (``--baseline``, by default the commit before the speed work of
  issue 12): ``git archive`` extracts its ``game`` package to a temporary directory, and a
  subprocess runs *this* bench code against it, so before and after differ only in the engine
  (an engine from before ``mute`` plays logged, as it always did).  The two take turns in
  ``--rounds`` rounds, each side in a fresh subprocess per round with the same warm-up (each
  measures every variant for its share of the time), and each figure is the variant's fastest
  round, so a load that comes and goes on a shared machine weighs on both alike;
- a reference: a minimal bitmask Capodama 4-player playout written here, outside the engine,
  doing the same work as the engine's random deal (see :func:`reference_deal`); the engine's
  ratio to it is printed, before and after.

``--ui`` measures the table instead (start-up to first frame, frame times), ``--search`` the
search seats' CPU time per decision, ``--solver`` the solitaire's exact solver, ``--review`` the
match review of one seat's deal.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from itertools import repeat, starmap
from pathlib import Path

from game.engine import GAMES, GameState, new_game
from game.engine.capodama_cards import AH, BASE_POINTS, H7, QH, STRENGTH, SUIT, SUIT_MASK, deck_for
from game.engine.cards import bit_list
from game.sim import play_deal, random_chooser

__all__ = ["BASELINE", "bench_engine", "bench_reference", "main", "reference_deal"]

#: The commit before issue 12's engine speed work: the default "before" of every run.
BASELINE = "60e8b9dd0bebac508dff30d2ae5d46bc1cebd53d"

Rate = tuple[float, float]  # deals per CPU second, moves per CPU second

#: Whether the engine measured has ``GameState.mute`` (one from before it plays logged).
_CAN_MUTE = hasattr(GameState, "mute")
#: The directory holding this ``game`` package (the checkout the bench measures).
_ROOT = str(Path(__file__).resolve().parents[2])


def _timed(play_one: Callable[[int], int], seconds: float) -> Rate:
    """Deals and moves per CPU second of ``play_one(k)`` (which plays deal ``k`` and returns
    its move count), after half a CPU second of warm-up that fills the caches."""
    clock = time.process_time
    warm_until = clock() + 0.5
    k = 0
    while clock() < warm_until:
        play_one(-1 - k)
        k += 1
    deals = moves = 0
    start = clock()
    while True:
        moves += play_one(deals)
        deals += 1
        now = clock()
        if now - start >= seconds:
            break
    elapsed = now - start
    return deals / elapsed, moves / elapsed


def bench_engine(game: str, players: int, seconds: float, muted: bool = True) -> Rate:
    """Deals and moves per CPU second of random play of one variant, a new match per deal.

    ``muted``: each match is muted after its first hand (:meth:`GameState.mute`, the playout
    path of the search's rollouts), when the engine can be; an engine from before that plays
    logged, as it always did.
    """
    choose = random_chooser(random.Random(12345))
    mute = muted and _CAN_MUTE

    def one(k: int) -> int:
        state = new_game(game, players=players, seed=k)
        if mute:
            state.mute()
        return play_deal(state, choose)

    return _timed(one, seconds)


# -- the reference: a minimal bitmask Capodama 4-player playout -------------------------------
_REF_CARDS = tuple(c.index for c in deck_for(4))
_REF_TRUMPS = 1 << AH | 1 << H7 | 1 << QH
_REF_TRUMP_RANK = {AH: 3, H7: 2, QH: 1}
_REF_DOUBLE = (2, 3, 0)  # the suits the capo may double: diamonds, clubs, spades


def _ref_deal(rng: random.Random) -> tuple[list[int], int, int]:
    """The hands after the deal and the exchange, the capo and the doubled suit."""
    dealer = rng.randrange(4)
    keyed = sorted(zip(starmap(rng.random, repeat((), 32)), _REF_CARDS, strict=True))
    hands = [0, 0, 0, 0]
    for k, (_, c) in enumerate(keyed):
        hands[(dealer + 1 + k) % 4] |= 1 << c
    capo = next(s for s in range(4) if hands[s] >> AH & 1)
    doubled = _REF_DOUBLE[rng.randrange(3)]
    passes = []
    for k in range(4):
        s = (capo + k) % 4
        allowed = hands[s] & ~(1 << AH)
        if (s + 1) % 4 == capo:
            allowed &= ~(1 << QH)
        options = bit_list(allowed)
        passes.append((s, options[rng.randrange(len(options))]))
    for s, c in passes:
        hands[s] &= ~(1 << c)
    for s, c in passes:
        hands[(s + 1) % 4] |= 1 << c
    return hands, capo, doubled


def _ref_trick(rng: random.Random, hands: list[int], leader: int) -> tuple[list[int], int]:
    """One trick's cards, each drawn from what the following rule allows, and its winner."""
    trick = []
    led = -1
    for k in range(4):
        s = (leader + k) % 4
        playable = hands[s]
        if led >= 0:
            follow = playable & SUIT_MASK[led]
            if follow:
                playable = follow | playable & _REF_TRUMPS
        options = bit_list(playable)
        c = options[rng.randrange(len(options))]
        hands[s] &= ~(1 << c)
        if led < 0:
            led = SUIT[c]
        trick.append(c)
    best, pos = 0, -1
    for k, c in enumerate(trick):
        t = _REF_TRUMP_RANK.get(c, 0)
        if t > best:
            best, pos = t, k
    if pos < 0:
        best = -1
        for k, c in enumerate(trick):
            if SUIT[c] == led and STRENGTH[c] > best:
                best, pos = STRENGTH[c], k
    return trick, (leader + pos) % 4


def reference_deal(seed: int, scores: list[int]) -> int:
    """Play one random 4-player Capodama deal with plain ints and lists; return its moves.

    The same work as the engine's random deal, nothing left out: a generator seeded per deal,
    the shuffle (one random sort key per card) and the deal from the dealer's left, the capo's
    doubled suit drawn at random, the exchange (each seat passes a random card to its left, never
    AH, the capo never receiving QH), 32 cards each drawn from the cards the following rule
    allows, the trick winner (trumps AH > 7H > QH, else the led suit's strongest), card points
    with the doubled suit counted twice, the capo side's total against 82, and the match awards.
    Every random choice is ``randrange`` over the legal options, as the bench's engine chooser.
    """
    rng = random.Random(seed)
    hands, capo, doubled = _ref_deal(rng)
    team = {s for s in range(4) if hands[s] >> AH & 1 or hands[s] >> QH & 1}
    points = [0, 0, 0, 0]
    leader = capo
    for _ in range(8):
        trick, leader = _ref_trick(rng, hands, leader)
        points[leader] += sum(BASE_POINTS[c] * (2 if SUIT[c] == doubled else 1) for c in trick)
    side = sum(points[s] for s in team)
    if side == 150:
        awards = [2 if s in team else 0 for s in range(4)]
    elif side >= 82:
        awards = [1 if s in team else 0 for s in range(4)]
    else:
        gain = 1 if side else 2
        awards = [0 if s in team else gain for s in range(4)]
    for s in range(4):
        scores[s] += awards[s]
    return 1 + 4 + 32  # the double, four passes, 32 cards: the engine's move count


def bench_reference(seconds: float) -> Rate:
    """Deals and moves per CPU second of :func:`reference_deal`."""
    scores = [0, 0, 0, 0]
    return _timed(lambda k: reference_deal(k, scores), seconds)


# -- running the bench here and against a base commit -----------------------------------------
def _variants(game: str | None, players: int | None) -> list[tuple[str, int]]:
    return [
        (name, p)
        for name in sorted(GAMES)
        if game in (None, name)
        for p in GAMES[name].players
        if players in (None, p)
    ]


def _measure(variants: list[tuple[str, int]], seconds: float) -> dict[str, Rate]:
    """Every variant's rate, keyed "game players" (the playout path: muted where the engine
    can be), "game players logged" (every event logged, as the table plays; only for an engine
    that can mute), and the reference's, keyed "reference"."""
    out = {}
    for name, p in variants:
        out[f"{name} {p}"] = bench_engine(name, p, seconds)
        if _CAN_MUTE:
            out[f"{name} {p} logged"] = bench_engine(name, p, seconds, muted=False)
    out["reference"] = bench_reference(seconds)
    return out


def _extract(ref: str, into: str) -> None:
    """Put the ``game`` package of git ``ref`` into the directory ``into``, with this bench
    module beside it as ``game.bench_now`` (so that it runs against that commit's engine)."""
    archive = subprocess.run(
        ["git", "-C", _ROOT, "archive", "--format=tar", ref, "game"],
        capture_output=True,
        check=False,
    )
    if archive.returncode:
        raise RuntimeError(archive.stderr.decode(errors="replace").strip() or "git archive failed")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    Path(into, "game", "bench_now.py").write_text(Path(__file__).read_text("utf-8"), "utf-8")
    _lend_reference_helpers(Path(into, "game", "engine", "cards.py"))


def _in_subprocess(
    root: str, module: str, variants: list[tuple[str, int]], seconds: float
) -> dict[str, Rate]:
    """:func:`_measure` run by bench ``module`` of the ``game`` package under ``root``, in a
    fresh subprocess: this engine (``game.tools.bench``) or one extracted by :func:`_extract`
    (``game.bench_now``).  Both sides of a comparison start each round cold and warm up alike,
    so caches an engine fills as it plays help it no more than its baseline."""
    spec = json.dumps({"variants": variants, "seconds": seconds})
    done = subprocess.run(
        [sys.executable, "-m", module, "--worker", spec],
        cwd=root,
        env={**os.environ, "PYTHONPATH": root},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    return {k: (v[0], v[1]) for k, v in json.loads(done.stdout).items()}


def _best(runs: list[dict[str, Rate]]) -> dict[str, Rate]:
    """Per key, the rate of its fastest round: what else runs on the machine only ever slows
    a round down (caches and cores are shared even where CPU time is counted per process)."""
    return {key: max(r[key] for r in runs) for key in runs[0]}


def _compare(
    ref: str | None, variants: list[tuple[str, int]], seconds: float, rounds: int
) -> tuple[dict[str, Rate], dict[str, Rate] | None]:
    """This engine's rates and, unless ``ref`` is None, those of the engine at git ``ref``,
    measured in turns over ``rounds`` rounds of ``seconds / rounds`` per variant each."""
    share = seconds / rounds
    if ref is None:
        return _best([_measure(variants, share) for _ in range(rounds)]), None
    now: list[dict[str, Rate]] = []
    before: list[dict[str, Rate]] = []
    with tempfile.TemporaryDirectory(prefix="tavolo-bench-") as tmp:
        try:
            _extract(ref, tmp)
            for _ in range(rounds):
                before.append(_in_subprocess(tmp, "game.bench_now", variants, share))
                now.append(_in_subprocess(_ROOT, "game.tools.bench", variants, share))
        except (OSError, RuntimeError) as exc:
            print(f"no baseline ({ref[:12]}): {exc}")
            return _best(now or [_measure(variants, seconds)]), None
    return _best(now), _best(before)


def _lend_reference_helpers(cards: Path) -> None:
    """Give an older engine's ``cards`` module the helpers the reference imports from it
    (:func:`bit_list`, which the engine gained during issue 12), so that this bench runs
    against a base commit from before them.  The helpers are added, nothing of the old
    engine is changed: only the reference calls them."""
    text = cards.read_text("utf-8")
    if "def bit_list(" not in text:
        cards.write_text(text + "\n\n" + inspect.getsource(bit_list), "utf-8")


def _report(
    now: dict[str, Rate], before: dict[str, Rate] | None, variants: list[tuple[str, int]]
) -> None:
    head = f"{'game':<10} {'players':>7} {'deals/s':>9} {'moves/s':>9} {'logged':>9}"
    print(head + (f" {'before':>9} {'speed-up':>8} {'logged':>8}" if before else ""))
    for name, p in variants:
        key = f"{name} {p}"
        dps, mps = now[key]
        logged = now.get(f"{key} logged", now[key])[0]
        line = f"{name:<10} {p:>7} {dps:>9,.0f} {mps:>9,.0f} {logged:>9,.0f}"
        if before:
            old = before[key][0]
            line += f" {old:>9,.0f} {dps / old:>7.2f}x {logged / old:>7.2f}x"
        print(line)
    ref = now["reference"][0]
    print(
        f"reference: a minimal bitmask Capodama 4p playout (game/tools/bench.py): "
        f"{ref:,.0f} deals/s"
    )
    if "capodama 4" in now:
        ratio = f"engine/reference, Capodama 4p: {now['capodama 4'][0] / ref:.2f}"
        if before:
            ratio += f" (before: {before['capodama 4'][0] / before['reference'][0]:.2f})"
        print(ratio)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.bench", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per variant")
    parser.add_argument(
        "--rounds", type=int, default=4, help="turns the base commit and this engine take"
    )
    parser.add_argument(
        "--baseline",
        default=BASELINE,
        metavar="GIT_REF",
        help="the commit to compare with ('none': no comparison); default: before issue 12",
    )
    parser.add_argument("--ui", action="store_true", help="measure the table's frame times")
    parser.add_argument(
        "--search", action="store_true", help="CPU time per decision of the search seats"
    )
    parser.add_argument(
        "--solver", action="store_true", help="the solitaire's exact solver over 1,000 deals"
    )
    parser.add_argument(
        "--deals", type=int, help="with --search: seeded deals per game and player count"
    )
    parser.add_argument(
        "--review", action="store_true", help="CPU time of reviewing one seat's deal"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)  # a baseline run's subprocess
    args = parser.parse_args(argv)
    if args.ui:
        from game.tools.ui_bench import main as ui_main

        return ui_main(
            (["--game", args.game] if args.game else [])
            + (["--players", str(args.players)] if args.players else [])
        )
    if args.search:
        from game.tools.search_bench import main as search_main

        return search_main(
            (["--game", args.game] if args.game else [])
            + (["--players", str(args.players)] if args.players else [])
            + (["--deals", str(args.deals)] if args.deals else [])
        )
    if args.review:
        from game.tools.review_bench import main as review_main

        return review_main(
            (["--game", args.game] if args.game else [])
            + (["--players", str(args.players)] if args.players else [])
        )
    if args.solver:
        from game.tools.solver_bench import main as solver_main

        return solver_main(["--deals", "1000"])
    if args.worker:
        spec = json.loads(args.worker)
        variants = [(str(name), int(p)) for name, p in spec["variants"]]
        print(json.dumps(_measure(variants, float(spec["seconds"]))))
        return 0
    variants = _variants(args.game, args.players)
    if not variants:
        parser.error(f"{args.game or 'no game'} is not played by {args.players} players")
    rounds = max(1, args.rounds)
    print(
        f"random play, CPU time of one process (time.process_time), {args.seconds:g} s per "
        f"variant in {rounds} round(s) ({time.strftime('%Y-%m-%d')})"
    )
    ref = None if args.baseline.lower() == "none" else args.baseline
    now, before = _compare(ref, variants, args.seconds, rounds)
    if before is not None:
        print(
            f"before: the engine at {args.baseline[:12]}, run by this bench in a subprocess, "
            "taking turns with this one"
        )
    _report(now, before, variants)
    return 0


if __name__ == "__main__":
    sys.exit(main())
