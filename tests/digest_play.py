"""Seeded play of every game and player count, written down as one digest per table.

Issue 29 reshapes the engine's insides (how the next deal is dealt, who owns ``play``, how views
and events are typed) and must change nothing a player or a seat can see.  This module plays
seeded matches with seeded random choices and writes down, in a form that does not depend on
those insides, everything observable: at each decision the seat to play, the legal moves and
every seat's view; the whole event log (kind, seat, cards, payload fields, who sees what); the
history and scores at the end; and, at some positions, the rule seat's and a small search seat's
choice.  ``python -m tests.digest_play --write`` rewrites tests/data/digests.json; the test
compares today's digests to the file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from game.catalog import CATALOG, load
from game.engine import (
    GAMES,
    DealScored,
    Dealt,
    MatchOver,
    Move,
    Payload,
    Played,
    Trick,
    capodama_events,
    cattura_events,
    new_game,
    scopa_events,
    tressette_events,
)

DIGESTS = Path(__file__).parent / "data" / "digests.json"
#: moves per table: several deals of every game, a whole match of the short ones
MOVES = 400
#: a search seat's choice is written down at every this many decisions
SEARCH_EVERY = 40


def norm(value: Any) -> Any:
    """``value`` as plain JSON, whatever classes hold it (field names sorted, cards as text)."""
    if isinstance(value, Move):
        return value.text
    if isinstance(value, bool) or value is None or isinstance(value, str | float):
        return value
    if isinstance(value, int):
        return str(value) if type(value) is not int else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: norm(getattr(value, f.name))
            for f in sorted(dataclasses.fields(value), key=lambda f: f.name)
        }
    if isinstance(value, dict):
        return [[norm(k), norm(v)] for k, v in sorted(value.items(), key=lambda kv: repr(kv[0]))]
    if isinstance(value, frozenset | set):
        return sorted((norm(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [norm(v) for v in value]
    raise TypeError(f"cannot write down {value!r}")


#: The name each kind of event was written under before an event's kind became its payload's
#: class (a subclass goes under its nearest listed class), so the digests stay comparable.
NAMES: dict[type[Payload], str] = {
    Dealt: "dealt",
    Played: "played",
    Trick: "trick",
    DealScored: "deal_scored",
    MatchOver: "match_over",
    capodama_events.Capo: "capo",
    capodama_events.Doubled: "doubled",
    capodama_events.FourthTrump: "trump",
    capodama_events.PassChosen: "pass_chosen",
    capodama_events.Passed: "passed",
    capodama_events.Exchanged: "exchanged",
    capodama_events.Partner: "partner",
    scopa_events.TableDealt: "table_dealt",
    scopa_events.Redeal: "redeal",
    scopa_events.Captured: "captured",
    scopa_events.Sweep: "scopa",
    scopa_events.Leftovers: "leftovers",
    tressette_events.Declared: "declared",
    cattura_events.Turned: "turned",
    cattura_events.Position: "position",
    cattura_events.Sent: "sent",
    cattura_events.Drew: "drew",
    cattura_events.Captured: "captured",
    cattura_events.Passed: "passed",
    cattura_events.FinalRound: "final_round",
}
#: The payloads of the kinds that carried no data then (written down as None, as then).
BARE = {
    Played,
    capodama_events.Capo,
    capodama_events.FourthTrump,
    capodama_events.PassChosen,
    capodama_events.Exchanged,
    capodama_events.Partner,
}


def event_kind(event: Any) -> str:
    """An event's kind as a name."""
    return next(NAMES[k] for k in type(event.data).__mro__ if k in NAMES)


def event_data(event: Any) -> Any:
    """An event's payload as it was written down (None for a kind that carried none)."""
    return None if type(event.data) in BARE else event.data


def advance(state: Any) -> None:
    """Leave a between-deals phase: the step that deals the next deal."""
    if state.between_deals:
        state.deal_next()


def table_digest(game: str, players: int, seed: int) -> str:
    """The digest of ``MOVES`` seeded random moves of ``game`` at ``players`` (fewer if the
    match ends first)."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    entry = CATALOG[game]
    rules = load(entry.seats["rules"])()
    search_cls = load(entry.seats["search"])
    h = hashlib.sha256()

    def put(item: Any) -> None:
        h.update(json.dumps(item, sort_keys=True).encode())
        h.update(b"\n")

    seen = 0  # events already looked through for a deal's end
    for made in range(MOVES):
        advance(state)
        if state.is_over:
            break
        current = state.current_player
        legal = state.legal_moves()
        views = [state.view(s) for s in range(state.seats)]
        put(["turn", current, [m.text for m in legal], [norm(v) for v in views]])
        view = views[current]
        if made % 7 == 0:
            put(["rules", rules.choose(view, list(legal), random.Random(made)).text])
        if made % SEARCH_EVERY == 0 and len(legal) > 1:
            searcher = search_cls(24, 60.0)
            put(["search", searcher.choose(view, list(legal), random.Random(made)).text])
        state.play(legal[rng.randrange(len(legal))])
        events = state.events
        if any(event_kind(e) == "deal_scored" for e in events[seen:]):
            put(["ended", [norm(state.view(s)) for s in range(state.seats)]])
        seen = len(events)
    advance(state)
    for e in state.events:
        put(["event", event_kind(e), e.seat, norm(e.cards), norm(event_data(e)), norm(e.seen_by)])
    put(["end", state.history, list(state.scores), state.is_over])
    return h.hexdigest()


def digested_games() -> list[str]:
    """The games the digests were written for: the four issue 29 reshaped, whose seeded play it
    must not change.  A game added since has no digest and needs none (its own tests say what
    it does); every game of the file must still be there."""
    return sorted({key.split()[0] for key in json.loads(DIGESTS.read_text())})


def tables() -> list[tuple[str, int, int]]:
    return [(g, p, seed) for g in digested_games() for p in GAMES[g].players for seed in (1, 2)]


def digests() -> dict[str, str]:
    return {f"{g} {p} {s}": table_digest(g, p, s) for g, p, s in tables()}


if __name__ == "__main__":
    if "--write" in sys.argv:
        DIGESTS.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n")
    else:
        print(json.dumps(digests(), indent=1, sort_keys=True))
