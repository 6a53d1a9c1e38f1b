"""What became of this run's saves, per app: told to the player once, and true on the error page.

The table saves after every move; a failure must reach the player (a notice naming the folder
and the reason) but not after every move, so each kind of failure is told once.  A data folder
that cannot be used at all is told once at the title, and nothing that then fails in it is told
again.  The error page and the pause menu read the same journal to say whether the match really
was saved.
"""

from __future__ import annotations

import datetime
import time
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from game import i18n
from game.engine import GameState
from game.i18n import _

from .savegame import (
    MatchSetup,
    SaveFailure,
    finish_match,
    folder_failure,
    keep_in_history,
    save_match,
)

if TYPE_CHECKING:
    from .runner import App


class SaveJournal:
    def __init__(self) -> None:
        #: when the last successful save was written (None: none yet in this run)
        self.saved_at: float | None = None
        #: the last attempt's failure (None once a save succeeds again)
        self.failure: SaveFailure | None = None
        self.told: set[str] = set()
        #: data folders the player was told cannot keep anything: what fails there is not
        #: told again
        self.down: set[Path] = set()

    def note(self, failure: SaveFailure | None) -> str | None:
        """Record one save's outcome; the sentence to tell, the first time a failure is seen."""
        self.failure = failure
        if failure is None:
            self.saved_at = time.time()
            self.down.clear()  # the data folder works again: a new failure is news
            return None
        if self.is_down(failure.folder):
            return None
        return self.first_time(f"{failure.folder}: {failure.reason}", failure.message)

    def is_down(self, folder: Path) -> bool:
        """Whether ``folder`` is in a data folder the player was told cannot be used."""
        return any(folder.is_relative_to(d) for d in self.down)

    def first_time(self, key: str, text: str) -> str | None:
        """``text`` unless something told under ``key`` was told already."""
        if key in self.told:
            return None
        self.told.add(key)
        return text

    def truth(self) -> str:
        """The last save, in a sentence for the error page ('' before any match was saved)."""
        if self.failure is not None:
            reason = self.failure.reason
            if self.saved_at is None:
                return _("Your match could not be saved after the last move ({reason}).").format(
                    reason=reason
                )
            at = i18n.clock(datetime.datetime.fromtimestamp(self.saved_at))
            return _(
                "Your match could not be saved after the last move ({reason}); "
                "it was last saved at {time}."
            ).format(reason=reason, time=at)
        if self.saved_at is not None:
            return _(
                "Your match was saved after the last move: choose it on the title to resume it."
            )
        return ""


_JOURNALS: weakref.WeakKeyDictionary[object, SaveJournal] = weakref.WeakKeyDictionary()


def journal(app: App) -> SaveJournal:
    """The journal of ``app``'s saves (one per app, so tests with several apps stay apart)."""
    found = _JOURNALS.get(app)
    if found is None:
        found = _JOURNALS[app] = SaveJournal()
    return found


def tell(app: App, texts: list[str]) -> None:
    """Show each text the player has not been told yet in this run, as a notice."""
    j = journal(app)
    for text in texts:
        if j.first_time(text, text):
            app.notice(text)


def check_folder(app: App) -> None:
    """Tell the player once when the data folder cannot keep matches, and why; the saves that
    then fail there are not told again (the game goes on unsaved)."""
    failure = folder_failure()
    if failure is not None:
        journal(app).down.add(failure.folder)
        tell(app, [failure.unusable])


def keep_saved(app: App, state: GameState, setup: MatchSetup) -> None:
    """Save the match in progress and tell the player a new kind of failure."""
    _told(app, save_match(state, setup))


def keep_finished(app: App, state: GameState, setup: MatchSetup) -> None:
    """Move the finished match to the history and tell the player a new kind of failure."""
    _told(app, finish_match(state, setup))


def keep_played_online(
    app: App, state: GameState, setup: MatchSetup, names: list[str | None]
) -> None:
    """Keep a finished match played online in the history and tell the player a new kind of
    failure (no slot of the app's holds it)."""
    _told(app, keep_in_history(state, setup, names))


def _told(app: App, failure: SaveFailure | None) -> None:
    text = journal(app).note(failure)
    if text:
        app.notice(text)
