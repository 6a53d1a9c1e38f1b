"""The table's link to a server: what a table played online asks of its match (see
:class:`~game.ui.table.model.Online`), and how such a table is opened.

Each frame the desk takes in the server's frames (:meth:`OnlineMatch.poll`): the match's
events and views go to the table as an engine's would, and the desk is told the rest: a
refusal, worded as the engine's refusals are (from its reason code and parts, in the player's
language and deck), a phrase said, an error, a player gone or come back, the seats' names
changing.  Once the match is over, the record the server sends then goes to the player's
history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import IllegalMove
from game.i18n import _

from ..games.words import KIND_WORDS
from ..savegame import MatchSetup
from ..savejournal import keep_played_online
from ..table.seats import ONLINE
from .service import OnlineMatch, SeatInfo, TableInfo
from .words import error_text, phrase_text

if TYPE_CHECKING:
    from ..runner import App
    from ..table.model import TableModel


class OnlineDesk:
    """The link of one table to its server (the app's own, when it hosts, goes with the
    match)."""

    def __init__(self, app: App, match: OnlineMatch):
        self.app = app
        self.match = match
        self.model: TableModel | None = None
        self.kept = False  # the finished match is in the player's history
        self.views = 0  # the match's views the table has been told of

    def attach(self, model: TableModel) -> None:
        self.model = model

    def update(self) -> None:
        m = self.model
        if m is None:
            return
        self.match.poll(self)
        if self.match.views != self.views:
            # a new position (polled, or held until the table's deal_next): its decision is
            # asked again once the table has shown it, even at the move count it is in step
            # with (the next deal's first view comes at the deal's end's, and the table is in
            # step with that one when its summary was closed before the next deal came)
            self.views = self.match.views
            m.synced_at = -1
        if not self.kept:
            self._keep_finished(m)

    # -- what the server says besides the match (TableNews) ---------------------------------------
    @property
    def _model(self) -> TableModel:
        assert self.model is not None, "the match is polled once the table is attached"
        return self.model

    def refused(self, refusal: IllegalMove) -> None:
        self.app.toast(self._model.refusal(refusal), "warn", 3.0)
        self._model.synced_at = -1  # the decision is asked again

    def error(self, code: str) -> None:
        self.app.toast(error_text(code), "warn", 3.0)
        self._model.synced_at = -1

    def said(self, seat: int, phrase: str) -> None:
        who = self._model.short_name(seat)
        said = _("{who}: {phrase}").format(who=who, phrase=phrase_text(phrase))
        self.app.toast(said, "info", 3.0)

    def table_changed(self, table: TableInfo) -> None:
        self._model.forget_names()

    def dropped(self, retrying: bool) -> None:
        if retrying:
            self.app.toast(_("Connection lost: coming back to the table…"), "warn", 3.0)
        else:
            self.app.toast(_("Connection lost."), "warn", 4.0)

    # -- the match's end --------------------------------------------------------------------------
    def _keep_finished(self, m: TableModel) -> None:
        """Once the match is over and its record come, it goes to the player's history as a
        local finished match does: the player's seat ``human``, the server's AI seats their
        level, the other people's :data:`ONLINE`, with the names the table showed."""
        if not self.match.ended:
            return
        self.kept = True  # (a record that is not this match is logged once, and not kept)
        final = self.match.finished()
        if final is None or not self.app.persist or m.setup.autoplay:
            return
        infos = self.match.seats
        seats = [self._kind(s, info) for s, info in enumerate(infos)]
        setup = MatchSetup(final.name, final.players, seats)
        keep_played_online(self.app, final, setup, [info.name for info in infos])

    def _kind(self, seat: int, info: SeatInfo) -> str:
        if seat == self.match.my_seat:
            return "human"
        return info.level if info.kind == "ai" and info.level is not None else ONLINE

    def short_name(self, seat: int) -> str | None:
        return self.match.seats[seat].name

    def plate_name(self, seat: int, short: str) -> str:
        info = self.match.seats[seat]
        if info.kind == "ai" and info.level is not None:
            kind = _(KIND_WORDS.get(info.level, info.level))
            return _("{name} ({kind})").format(name=short, kind=kind)
        if info.ai_playing:
            return _("{name} (AI playing)").format(name=short)
        if not info.connected:
            return _("{name} (away)").format(name=short)
        return short

    def say(self, phrase: str) -> None:
        """Say a quick phrase to the table."""
        self.match.say(phrase)

    def close(self) -> None:
        self.match.close()


def setup_of(match: OnlineMatch) -> MatchSetup:
    """Who sits where, as the table sees an online match: the player, and the others'."""
    st = match.state
    seats = ["human" if s == match.my_seat else ONLINE for s in range(st.players)]
    return MatchSetup(st.name, st.players, seats)


def open_table(app: App, match: OnlineMatch, *, resumed: bool = False) -> None:
    """Put the online match on the table (``resumed``: a seat taken back mid-match, laid out
    as it stands)."""
    desk = OnlineDesk(app, match)
    app.go("table", match.state, setup_of(match), resumed=resumed, online=desk)
