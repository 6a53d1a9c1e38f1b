"""The in-game menu (Esc): resume, a new game, restart the match, rules, settings, or the title.

The match is saved after every move, so leaving it loses nothing: Quit to title still asks first
while the match is in progress, and says that it stays saved (or, when the last save failed,
that leaving now loses the moves since).  Restart throws the match away, so it asks too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.engine import new_game
from game.i18n import _

from .. import theme
from ..focus_ring import FocusRing
from ..savejournal import journal, keep_saved
from ..scene import Scene
from ..widgets import Button, layout_column
from .common import dialog, dim

if TYPE_CHECKING:
    from ..runner import App
    from ..table.model import TableModel


class PauseScene(Scene):
    overlay = True

    def __init__(self, app: App, table: TableModel) -> None:
        super().__init__(app)
        self.table = table
        self.keys = FocusRing(app, lambda: self.buttons)
        self._build()
        self.warning = ""

    def _build(self) -> None:
        restart = _("Restart deal") if self.table.solitaire else _("Restart match")
        self.buttons = [
            Button(_("Resume"), self.resume, primary=True, tag="resume"),
            Button(_("New game"), self.new_game, tag="new"),
            # a table played online is the server's: nobody restarts it alone
            *(
                [Button(restart, self.ask_restart, tag="restart")]
                if self.table.online is None
                else []
            ),
            Button(_("Rules"), self.rules, tag="rules"),
            Button(_("Settings"), self.settings, tag="settings"),
            Button(_("Keys (F1)"), self.keys_list, tag="keys"),
            Button(_("Quit to title"), self.ask_quit, tag="title"),
        ]

    def language_changed(self) -> None:
        self._build()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        self.warning = self._unsaved()
        n = len(self.buttons)
        bh, gap = round(44 * s), round(10 * s)
        extra = round(70 * s) if self.warning else 0
        self.rect = pygame.Rect(0, 0, round(380 * s), round(100 * s) + n * (bh + gap) + extra)
        self.rect.center = (size[0] // 2, size[1] // 2)
        top = self.rect.y + round(76 * s)
        layout_column(self.buttons, self.rect.centerx, top, round(280 * s), bh, gap)

    def _unsaved(self) -> str:
        failure = journal(self.app).failure
        if failure is None:
            return ""
        return _("The last moves could not be saved ({reason}): leaving now loses them.").format(
            reason=failure.reason
        )

    @property
    def in_progress(self) -> bool:
        """A match someone plays and that is kept: leaving or restarting it asks first (a table
        played online is kept by its server, and taken back from Play online)."""
        t = self.table
        return (
            self.app.persist and not t.setup.autoplay and not t.state.is_over and t.online is None
        )

    # -- the choices --------------------------------------------------------------------------
    def resume(self) -> None:
        self.app.scenes.remove(self)

    def new_game(self) -> None:
        """The setup, over the match: Back returns here, Start replaces the match on the table
        (its save stays, unless the same game's slot is replaced, which the setup asks)."""
        self._save()
        self.app.open("setup")

    def ask_restart(self) -> None:
        if not self.table.state.history:
            self.restart()
            return
        if self.table.solitaire:
            question = _(
                "Start this deal again from the beginning? The moves played so far are lost."
            )
            title = _("Restart deal")
        else:
            question = _(
                "Start this match again from the beginning? The moves played so far are lost."
            )
            title = _("Restart match")
        self.app.open("confirm", question, _("Restart"), self.restart, _("Keep playing"), title)

    def restart(self) -> None:
        """The same game, players and seats from its first deal: a new match (the solitaire
        replays the same deal, as its R key does)."""
        st, setup = self.table.state, self.table.setup
        seed = st.seed if self.table.solitaire else random.SystemRandom().randrange(1, 10**6)
        state = new_game(st.name, players=st.players, seed=seed, **dict(st.options))
        if self.in_progress:
            keep_saved(self.app, state, setup)  # the old match is gone from its slot now
        self.app.go("table", state, setup)

    def rules(self) -> None:
        self.app.open("rules", self.table.state.name)

    def settings(self) -> None:
        self.app.open("settings")

    def keys_list(self) -> None:
        self.app.open("keys")

    def ask_quit(self) -> None:
        if not self.in_progress:
            self.quit_to_title()
            return
        said = self.warning or _("Your match stays saved: continue it from the title.")
        self.app.open(
            "confirm", _("Leave this match? {why}").format(why=said), _("Quit to title"),
            self.quit_to_title, _("Keep playing"), _("Quit to title"),
        )  # fmt: skip

    def quit_to_title(self) -> None:
        self._save()
        self.app.go("title")

    def _save(self) -> None:
        """Save the match as it stands (a move still being shown on the table included)."""
        if self.in_progress:
            keep_saved(self.app, self.table.state, self.table.setup)

    # -- input and drawing --------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return
        self.keys.route(event)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        dialog(surface, self.rect, _("Paused"), self.scale)
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, self.scale)
        if self.warning:
            self._draw_warning(surface)

    def _draw_warning(self, surface: pygame.Surface) -> None:
        s = self.scale
        y = self.buttons[-1].rect.bottom + round(14 * s)
        for line in theme.wrap(self.warning, round(15 * s), self.rect.w - round(40 * s)):
            t = theme.text(line, round(15 * s), theme.GOLD)
            surface.blit(t, t.get_rect(midtop=(self.rect.centerx, y)))
            y += t.get_height()
