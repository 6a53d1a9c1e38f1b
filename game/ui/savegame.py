"""The matches in progress, one per game, saved after every move; finished ones kept in a history.

A save is the engine's JSON record (game, options, seed, moves) plus how the table was seated;
replaying the record rebuilds the exact state, so nothing of the UI needs to be stored.  Each
game has its own slot (``match-<slot>.json`` in the data folder, the solitaire apart from the
table game: :func:`slot_of`), so starting one game never costs the match of another.

A file that cannot be resumed is never written over: a damaged one (a FIFO or a folder in the
slot's place, or a match of another slot, counts as damaged) is renamed aside with a timestamp,
one from a newer version of Tavolo is left as it is and not offered, and either way the caller
gets a sentence to tell the player.  Saving reports its failure (:class:`SaveFailure`) instead
of only logging it, so the player can be told; a data folder that cannot be used at all is found
before any file in it is read (:func:`folder_failure`).
"""

from __future__ import annotations

import datetime
import errno
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import i18n
from game.ai import seat_kinds
from game.engine import GAMES, Dealt, GameState, load_record
from game.i18n import _, ngettext

from . import storage

log = logging.getLogger(__name__)

SAVE_FORMAT = "tavolo-save/1"
_FORMAT_NAME = "tavolo-save/"
#: The seat kind of another person at a table played online (only in a finished match: such
#: a match is never resumed here).
ONLINE = "online"
#: How many finished matches the history keeps (the oldest files go first).  Each is written
#: compact: a long 6-player Capodama match is about 5 kB, a Tressette match about 1 kB.
HISTORY_KEEP = 200
#: How many matches of one slot finished in the same millisecond the history can tell apart.
HISTORY_SAME = 10


@dataclass
class MatchSetup:
    """Who sits where: the seat kinds ("human", "rules", "random"...) per player."""

    game: str
    players: int
    seats: list[str]
    autoplay: bool = False

    @property
    def solitaire(self) -> bool:
        return self.players == 1

    @property
    def slot(self) -> str:
        return slot_of(self.game, self.players)


def slot_of(game: str, players: int) -> str:
    """The save slot of a match: one per game, the 1-player solitaire being its own."""
    return f"{game}-1" if players == 1 else game


def save_path(slot: str) -> Path:
    return storage.data_dir() / f"match-{slot}.json"


def legacy_path() -> Path:
    """Where the previous version kept its single saved match."""
    return storage.data_dir() / "match.json"


def history_dir() -> Path:
    return storage.data_dir() / "history"


@dataclass(frozen=True)
class SaveFailure:
    """A save that did not reach the disk: where, and why in the player's words."""

    folder: Path
    reason: str

    @classmethod
    def of(cls, path: Path, exc: OSError) -> SaveFailure:
        if exc.errno in (errno.EEXIST, errno.ENOTDIR):  # a folder to make, or one to write in
            return cls(path.parent, _("a file stands where a folder should be"))
        reason = (exc.strerror or str(exc) or exc.__class__.__name__).strip()
        return cls(path.parent, reason[:1].lower() + reason[1:])

    @property
    def message(self) -> str:
        return _(
            "Could not save the match in {folder}: {reason}. Your game goes on; "
            "it will be saved when this is fixed."
        ).format(folder=self.folder, reason=self.reason)

    @property
    def unusable(self) -> str:
        """The sentence for a data folder found unusable before any save was tried."""
        return _(
            "Your matches and statistics cannot be kept in {folder}: {reason}. You can play, "
            "but nothing is saved until this is fixed."
        ).format(folder=self.folder, reason=self.reason)


def folder_failure() -> SaveFailure | None:
    """Why the data folder cannot take a save, worded as a save there would fail (None: it can).

    Asked before any match is read, so that a folder that cannot be listed or written is said
    once, in one sentence, instead of failing on every file in it.
    """
    folder = storage.data_dir()
    try:
        storage.probe_folder(folder)
    except OSError as exc:
        log.warning("the data folder %s cannot be used: %s", folder, exc.strerror or exc)
        return SaveFailure.of(folder / "probe", exc)
    return None


class SaveUnreadable(ValueError):
    """A saved file that cannot be resumed; ``newer`` when a newer Tavolo wrote it."""

    def __init__(self, reason: str, *, newer: bool = False, damaged: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.newer = newer
        self.damaged = damaged and not newer


@dataclass(frozen=True)
class SavedMatch:
    """A match that can be continued, replayed from its file; ``names`` are the seats' names
    as an online table showed them (None for a match played here)."""

    state: GameState
    setup: MatchSetup
    saved_at: float
    names: tuple[str | None, ...] | None = None

    @property
    def slot(self) -> str:
        return self.setup.slot

    def describe(self) -> str:
        """What the match is: "Scopa, 2 players, deal 3, 5–2"."""
        title, details = _details(self.state)
        return ", ".join([title, *details])

    def label(self, now: float | None = None) -> str:
        """The title's line: "Scopa, 2 players, deal 3, 5–2 · today 14:02"."""
        return f"{self.describe()} · {when(self.saved_at, now)}"

    def replace_question(self) -> str:
        """The question asked before a new match takes this one's slot, e.g.
        Replace your Scopa match (2 players, deal 3, 5–2)?"""
        title, details = _details(self.state)
        return _("Replace your {game} match ({details})?").format(
            game=title, details=", ".join(details)
        )


def headline(state: GameState) -> str:
    """A match's game and players ("Scopa, 2 players"), or the solitaire's deal ("Capodama
    solitaire, deal no. 1234")."""
    title, details = _details(state)
    return f"{title}, {details[0]}"


def _details(state: GameState) -> tuple[str, list[str]]:
    """A match in a few words: the game, then players, the deal being played and the score."""
    title = _(GAMES[state.name].title)
    if state.players == 1:
        return _("Capodama solitaire"), [_("deal no. {number}").format(number=state.seed)]
    deal = max((e.data.deal_no for e in state.events if isinstance(e.data, Dealt)), default=1)
    deal += state.between_deals  # saved as a deal ended: the table goes on with the next one
    parts = [
        ngettext("{count} player", "{count} players", state.players).format(count=state.players),
        _("deal {number}").format(number=deal),
    ]
    scores = state.scores  # one per side: a side's seats share theirs
    shown = [scores[side[0]] for side in state.view(0).sides]
    parts.append("–".join(str(s) for s in shown))
    return title, parts


def when(stamp: float, now: float | None = None) -> str:
    """When a file was saved, in local time and the language's way: today 14:02, yesterday
    09:30, 21 Nov 14:02, or 21 Nov 2025 14:02 in another year."""
    moment = datetime.datetime.fromtimestamp(stamp)
    day = moment.date()
    today = datetime.datetime.fromtimestamp(time.time() if now is None else now).date()
    clock = i18n.clock(moment)
    if day == today:
        return _("today {time}").format(time=clock)
    if day == today - datetime.timedelta(days=1):
        return _("yesterday {time}").format(time=clock)
    said = i18n.day_month(day) if day.year == today.year else i18n.date(day)
    return _("{day} {time}").format(day=said, time=clock)


# -- writing --------------------------------------------------------------------------------------
def save_match(state: GameState, setup: MatchSetup, path: Path | None = None) -> SaveFailure | None:
    """Write the match to its slot; the failure, if any (the game goes on either way).

    A slot file written by a newer Tavolo is first renamed aside untouched, never written over.
    """
    path = path or save_path(setup.slot)
    data = {"format": SAVE_FORMAT, "record": state.record(), "seats": list(setup.seats)}
    if path not in _OURS and _newer(path):
        storage.set_aside(path, "newer")
    try:
        storage.write_json_atomic(path, data)
    except OSError as exc:
        log.warning("could not save the match to %s: %s", path, exc.strerror or exc)
        return SaveFailure.of(path, exc)
    _OURS.add(path)
    return None


#: Slot files this run wrote (no need to look for a newer version's file there again).
_OURS: set[Path] = set()


def _newer(path: Path) -> bool:
    """Whether a newer Tavolo wrote ``path`` (only its format is read)."""
    try:
        _fields(storage.read_json(path))
    except SaveUnreadable as exc:
        return exc.newer
    except (OSError, ValueError):
        return False
    return False


def finish_match(
    state: GameState, setup: MatchSetup, path: Path | None = None
) -> SaveFailure | None:
    """Move a finished match from its file (its slot's) to the history.

    If the history cannot be written the slot is left as it is, so nothing is lost.
    """
    failure = keep_in_history(state, setup)
    if failure is None:
        clear_save(path or save_path(setup.slot))
    return failure


def keep_in_history(
    state: GameState, setup: MatchSetup, names: list[str | None] | None = None
) -> SaveFailure | None:
    """Write a finished match into the history, capped to the last :data:`HISTORY_KEEP`.

    A match played online is kept so too (its slot's match is not touched), with the seats'
    ``names`` as the table showed them and its other people's seats of kind :data:`ONLINE`.
    """
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "record": state.record(),
        "seats": list(setup.seats),
    }
    if names is not None:
        data["names"] = names
    targets = history_names(setup.slot, time.time())
    try:
        storage.write_json_new(targets, data, compact=True)
    except OSError as exc:
        log.warning("could not keep the finished match in %s: %s", targets[0], exc.strerror or exc)
        return SaveFailure.of(targets[0], exc)
    _prune_history()
    return None


def history_names(slot: str, now: float) -> list[Path]:
    """The names a match of ``slot`` finished at ``now`` may be kept under, the first free one
    taken: the local time to the millisecond, then ``.1``, ``.2``... for matches finished in
    the same millisecond, then the slot (``20261127-233005.120-scopa.json``).  They sort by
    name in the order they were kept, after the names of older versions, which had no
    milliseconds (``20261127-233005-scopa.json``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    ms = f"{stamp}.{int(now % 1 * 1000):03d}"
    return [history_dir() / f"{ms}{f'.{n}' if n else ''}-{slot}.json" for n in range(HISTORY_SAME)]


def history() -> list[Path]:
    """The finished matches' files, oldest first (their names start with the time:
    :func:`history_names`); none when the folder cannot be read."""
    folder = history_dir()
    try:
        return sorted(p for p in folder.glob("*.json") if p.is_file()) if folder.is_dir() else []
    except OSError as exc:
        log.warning("could not list the finished matches in %s: %s", folder, exc.strerror or exc)
        return []


def _prune_history() -> None:
    for old in history()[:-HISTORY_KEEP]:
        clear_save(old)


def clear_save(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("could not remove %s: %s", path, exc)


# -- reading --------------------------------------------------------------------------------------
def read_match(path: Path) -> SavedMatch:
    """The match saved in ``path``; :class:`SaveUnreadable` says why it cannot be resumed."""
    try:
        data: Any = storage.read_json(path)
        saved_at = path.stat().st_mtime
    except OSError as exc:
        raise SaveUnreadable(
            _("it could not be read ({error})").format(error=exc.strerror or exc), damaged=False
        ) from exc
    except ValueError as exc:
        raise SaveUnreadable(str(exc) or _("it is not valid JSON")) from exc
    record, seats = _fields(data)
    game = record.get("game")
    if isinstance(game, str) and game not in GAMES:
        raise SaveUnreadable(
            _("it is a match of a game this version of Tavolo does not know ({game})").format(
                game=repr(game)
            ),
            damaged=False,
        )
    try:
        state = load_record(record)
    except Exception as exc:  # a file anyone can edit: any failure to replay means damaged
        raise SaveUnreadable(_("its moves do not replay: {error}").format(error=exc)) from exc
    if len(seats) != state.players:
        raise SaveUnreadable(
            _("it seats {seats} for a {players}-player match").format(
                seats=len(seats), players=state.players
            )
        )
    allowed = {"human", *seat_kinds(state.name)}
    if state.is_over:  # a finished match played online: its other people's seats
        allowed.add(ONLINE)
    unknown = [s for s in seats if s not in allowed]
    if unknown:
        raise SaveUnreadable(
            _("it names a seat kind {game} does not have ({kind})").format(
                game=_(GAMES[state.name].title), kind=repr(unknown[0])
            )
        )
    setup = MatchSetup(state.name, state.players, seats)
    return SavedMatch(state, setup, saved_at, _names(data.get("names"), state.seats))


def stored_review(path: Path, seat: int, judge: str) -> dict[str, Any] | None:
    """The review of ``seat`` kept in the match file ``path`` (the JSON of
    :meth:`game.review.model.Review.to_json`), if one made by ``judge`` is there."""
    try:
        data = storage.read_json(path)
    except (OSError, ValueError):
        return None
    reviews = data.get("reviews") if isinstance(data, dict) else None
    review = reviews.get(str(seat)) if isinstance(reviews, dict) else None
    return review if isinstance(review, dict) and review.get("judge") == judge else None


def store_review(path: Path, seat: int, review: dict[str, Any]) -> SaveFailure | None:
    """Keep ``seat``'s review in the match file ``path`` (beside its record, so that it is
    computed once), in place of an older one; the failure, if it could not be written."""
    try:
        data = storage.read_json(path)
        if not isinstance(data, dict):
            raise ValueError("not a match file")
        reviews = data.get("reviews")
        data["reviews"] = {**(reviews if isinstance(reviews, dict) else {}), str(seat): review}
        storage.write_json_atomic(path, data, compact=True)
    except OSError as exc:
        log.warning("could not keep the review in %s: %s", path, exc.strerror or exc)
        return SaveFailure.of(path, exc)
    except ValueError as exc:
        log.warning("could not keep the review in %s: %s", path, exc)
        return SaveFailure(path.parent, str(exc))
    return None


def _names(names: Any, seats: int) -> tuple[str | None, ...] | None:
    """The seats' names a file holds, if they are a name (or null) per seat: they only label
    the seats, so names of any other shape are left out rather than refuse the match."""
    if not isinstance(names, list) or len(names) != seats:
        return None
    if not all(n is None or isinstance(n, str) for n in names):
        return None
    return tuple(names)


def _fields(data: Any) -> tuple[dict[str, Any], list[str]]:
    """The record and the seat kinds of a save's JSON, checked for their kinds."""
    fmt = data.get("format") if isinstance(data, dict) else None
    _check_version(fmt, _FORMAT_NAME)
    if fmt != SAVE_FORMAT:
        raise SaveUnreadable(_("it is not a Tavolo saved match"))
    record, seats = data.get("record"), data.get("seats")
    if not isinstance(record, dict):
        raise SaveUnreadable(_("its record is missing"))
    _check_version(record.get("format"), "tavolo-record/")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveUnreadable(_("its seats are not a list of seat kinds"))
    return record, seats


def _check_version(fmt: Any, name: str) -> None:
    """Refuse a format ``name`` of a version after the first: a newer Tavolo wrote it."""
    if isinstance(fmt, str) and fmt.startswith(name):
        version = fmt.removeprefix(name)
        if version.isdigit() and int(version) > 1:
            raise SaveUnreadable(
                _("a newer version of Tavolo wrote it ({format})").format(format=fmt), newer=True
            )


def load_slot(slot: str) -> tuple[SavedMatch | None, list[str]]:
    """The match in ``slot`` if it can be continued, and what to tell the player about it.

    Whatever stands at the slot's path is read: a FIFO or a folder is told and set aside like
    any damaged file (a path that cannot even be looked at is taken for an empty slot).
    """
    path = save_path(slot)
    if not os.path.lexists(path):
        return None, []
    return _checked(path, slot)


def _checked(path: Path, slot: str | None = None) -> tuple[SavedMatch | None, list[str]]:
    """Read ``path``: a damaged file, or one holding another slot's match, is set aside; a
    finished match is moved to the history."""
    try:
        saved = read_match(path)
        if slot is not None and saved.slot != slot:
            raise SaveUnreadable(
                _("it holds a {game} match, which belongs in {name}").format(
                    game=_details(saved.state)[0], name=save_path(saved.slot).name
                )
            )
    except SaveUnreadable as exc:
        return None, [_unreadable(path, exc)]
    if saved.state.is_over:
        finish_match(saved.state, saved.setup, path)
        return None, []
    return saved, []


def _unreadable(path: Path, exc: SaveUnreadable) -> str:
    log.warning("the saved match in %s cannot be resumed: %s", path, exc.reason)
    if exc.newer:
        return _(
            "The saved match {path} was written by a newer version of Tavolo: it is left "
            "untouched and not offered here."
        ).format(path=path)
    aside = storage.set_aside(path, "damaged") if exc.damaged else None
    kept = (
        _("it was kept as {name}").format(name=aside.name) if aside else _("it is left where it is")
    )
    return _("The saved match {path} cannot be resumed ({reason}); {kept}.").format(
        path=path, reason=exc.reason, kept=kept
    )


def slots() -> list[str]:
    """Every slot a match of this version's games can be saved in (other files are not ours)."""
    return sorted({slot_of(name, n) for name, info in GAMES.items() for n in info.players})


def saved_matches() -> tuple[list[SavedMatch], list[str]]:
    """Every match that can be continued, the most recent first, and what to tell the player.

    The previous version's single ``match.json`` is first moved into its game's slot.
    """
    notes = _migrate()
    found: list[SavedMatch] = []
    for slot in slots():
        saved, told = load_slot(slot)
        notes += told
        if saved is not None:
            found.append(saved)
    found.sort(key=lambda m: m.saved_at, reverse=True)
    return found, notes


def _migrate() -> list[str]:
    """Move the previous version's ``match.json`` into its slot (kept if the slot is taken)."""
    old = legacy_path()
    if not os.path.lexists(old):
        return []
    saved, notes = _checked(old)
    if saved is None:
        return notes
    target = save_path(saved.slot)
    if os.path.lexists(target):
        log.info("%s kept: the slot %s already holds a match", old, target)
        return notes
    try:
        os.replace(old, target)
    except OSError as exc:
        log.warning("could not move %s to %s: %s", old, target, exc)
    return notes
