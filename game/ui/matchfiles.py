"""Match files: the history's finished matches in words, newest first, exported as files to
send, and a file typed, pasted or given on the command line read to be opened.

Every match kept is a save file (:mod:`.savegame`) that replays exactly, so a list entry is
the file read: its game, who sat where (the seat kinds' levels, the names of an online
table's people), the result as the engine's end of match has it, and when it was played.
An export is the same file under a readable name where the player finds it (the documents
folder's ``Tavolo``, else the data folder's ``exports``): it opens on any Tavolo as it is.
"""

from __future__ import annotations

import os
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from game.engine import MatchOver
from game.engine.capodama import CapodamaView
from game.i18n import _, pgettext

from . import storage
from .games import game_ui
from .games.words import KIND_WORDS, join_words
from .savegame import (
    ONLINE,
    SavedMatch,
    SaveUnreadable,
    headline,
    history,
    read_match,
    when,
)

#: How many exports of one match (one name) a folder can hold side by side: -2, -3...
EXPORTS_SAME = 100


@dataclass(frozen=True)
class Entry:
    """One file of the history in words, in the language they were made in.

    ``won`` says whether the player won (None where no seat was the player's, or the file
    cannot be read: then ``match`` is None and ``seats`` says why).
    """

    path: Path
    match: SavedMatch | None
    headline: str
    outcome: str
    seats: str
    when: str
    won: bool | None = None


def history_files() -> list[Path]:
    """The history's files, the newest first (their names start with the time)."""
    return history()[::-1]


def read_entry(path: Path, now: float | None = None) -> Entry:
    """The file ``path`` in words; a file that cannot be read says why."""
    try:
        saved = read_match(path)
    except SaveUnreadable as exc:
        return Entry(path, None, path.name, _("Cannot be opened"), exc.reason, "")
    outcome, won = _outcome(saved)
    return Entry(
        path, saved, headline(saved.state), outcome, _seats(saved), when(saved.saved_at, now), won
    )


def _viewer(saved: SavedMatch) -> int:
    """The seat the match is told from: the player's (the first human seat), else the first."""
    st = saved.state
    kinds = _kinds(saved)
    return next((s for s in range(st.seats) if kinds[s] == "human"), 0)


def _kinds(saved: SavedMatch) -> list[str]:
    """The seat kind of every seat (a solitaire's two seats are its one player's)."""
    st = saved.state
    return [saved.setup.seats[st.controller(s)] for s in range(st.seats)]


def seat_names(saved: SavedMatch, levels: bool = True) -> list[str]:
    """Each seat's name as the table showed it: "You", "West", with the AI's level where
    ``levels`` ("West (strong)"); at an online table, the names its people had."""
    st = saved.state
    kinds, viewer = _kinds(saved), _viewer(saved)
    gui = game_ui(st.name)
    names = []
    for s in range(st.seats):
        kind = kinds[s]
        given = saved.names[s] if saved.names is not None else None
        if kind == ONLINE and given:
            names.append(given)
        elif kind in ("human", ONLINE) or not levels:
            names.append(gui.seat_name(s, viewer, st.seats, kinds, st.players))
        else:
            short = gui.seat_short(s, viewer, st.seats, kinds, st.players)
            level = _(KIND_WORDS.get(kind, kind))
            names.append(_("{name} ({kind})").format(name=short, kind=level))
    return names


def _seats(saved: SavedMatch) -> str:
    """The seats with their scores, side by side ("You and North (normal) 31 · West (strong)
    and East (strong) 21"); for the solitaire, the capo's points against the window."""
    st = saved.state
    if st.players == 1:
        view = st.view(0)
        if not isinstance(view, CapodamaView) or view.window is None:
            return ""
        lo, hi = view.window
        return _("The capo took {points} points: the window is {low} to {high}.").format(
            points=view.points_won[0], low=lo, high=hi
        )
    names = seat_names(saved)
    sides = st.view(_viewer(saved)).sides
    return " · ".join(
        _("{who} {score}").format(
            who=join_words([names[s] for s in side]), score=st.scores[side[0]]
        )
        for side in sides
    )


def _outcome(saved: SavedMatch) -> tuple[str, bool | None]:
    """Who won, as the engine's end of match says, and whether that is the player."""
    st = saved.state
    over = next((e.data for e in reversed(st.events) if isinstance(e.data, MatchOver)), None)
    if over is None:
        return pgettext("match", "Not finished"), None
    winners = list(over.winners)
    if st.players == 1:
        if winners:
            return pgettext("solitaire deal", "Won"), True
        return pgettext("solitaire deal", "Lost"), False
    kinds, viewer = _kinds(saved), _viewer(saved)
    mine = kinds[viewer] == "human"
    lost = False if mine else None
    if mine and viewer in winners:
        return pgettext("match", "You won"), True
    if not winners:
        return pgettext("match", "Nobody won"), lost
    names = seat_names(saved, levels=False)
    who = join_words([names[w] for w in winners])
    return pgettext("match", "Won by {who}").format(who=who), lost


# -- export ---------------------------------------------------------------------------------
def export_dir() -> Path:
    """Where exported matches go: ``Tavolo`` in the user's documents folder when there is
    one, else ``exports`` in the data folder."""
    documents = storage.documents_dir()
    if documents.is_dir():
        return documents / "Tavolo"
    return storage.data_dir() / "exports"


def export_name(saved: SavedMatch) -> str:
    """A name that says what the file holds: ``tavolo-scopa-2p-2026-11-27-1402.json``,
    ``tavolo-capodama-solitaire-1234-2026-11-27-1402.json``."""
    st = saved.state
    what = f"solitaire-{st.seed}" if st.players == 1 else f"{st.players}p"
    stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(saved.saved_at))
    return f"tavolo-{st.name}-{what}-{stamp}.json"


def export(path: Path, folder: Path | None = None) -> Path:
    """Write the match of ``path`` as a file to send (the same save, compact, its time kept);
    where it went.  SaveUnreadable when the match cannot be read, OSError when it cannot be
    written."""
    saved = read_match(path)
    data = storage.read_json(path)  # as it is: whatever else the file keeps goes with it
    folder = folder or export_dir()
    stem = export_name(saved).removesuffix(".json")
    names = [folder / f"{stem}{f'-{n}' if n > 1 else ''}.json" for n in range(1, EXPORTS_SAME)]
    target = storage.write_json_new(names, data, compact=True)  # never over another file
    os.utime(target, (saved.saved_at, saved.saved_at))
    return target


# -- a file to open -------------------------------------------------------------------------
def path_of(text: str) -> Path | None:
    """The file a player typed or pasted: quotes around it, a ``file://`` address (as file
    managers copy one) and ``~`` are understood; None for nothing."""
    text = text.strip().strip("'\"").strip()
    if text.startswith("file://"):
        text = urllib.parse.unquote(urllib.parse.urlparse(text).path)
    if not text:
        return None
    return Path(text).expanduser()
