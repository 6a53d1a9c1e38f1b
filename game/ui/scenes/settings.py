"""Settings: deck, animation speed, how long a trick stays, a forced last card, fullscreen, card
back, sound, and the look for the player's eyes (four-colour French cards, high-contrast table,
text size); saved at once, and the look is redrawn at once, over a table too.

Decks are chosen per game (in New game, or here and with D during one of its matches), so the
Cards row shows only over a table, for its game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n, skins
from game.catalog import CATALOG
from game.i18n import LANGUAGES, N_, _

from .. import theme
from ..focus_ring import FocusRing
from ..games.words import deck_title
from ..routes import table_model
from ..scene import Scene
from ..settings import HOLDS, SPEEDS, TEXT_SIZES, apply_look
from ..widgets import Button, Selector
from .common import dialog, dim, felt

if TYPE_CHECKING:
    from ..runner import App

#: how the animation speeds and the card backs read (the settings file keeps the keys)
SPEED_WORDS = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
BACK_WORDS = {"red": N_("Red"), "blue": N_("Blue")}


class SettingsScene(Scene):
    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._build()
        #: the keyboard: down the rows from the first, then Done (Enter closes from any row)
        self.keys = FocusRing(app, lambda: [*self.selectors, self.done], lambda: self.lang_sel)

    def _build(self) -> None:
        """The rows, labelled in the language in use (made again when it changes)."""
        app = self.app
        st = app.settings
        table = table_model(app)
        #: the game on the table, whose deck the Cards row sets (None: no table, no row)
        self.game = CATALOG[table.state.name].title if table is not None else None
        #: how long a finished play stays: a trick or a capture in the table's game, else both
        hold = N_("Trick or capture stays")
        if table is not None:
            hold = table.gui.HOLD_LABEL
        self.lang_sel = Selector(
            _("Language"), list(LANGUAGES), i18n.language(), self._language, LANGUAGES.__getitem__
        )
        shown = [  # the decks that can show the table's game (every card it deals)
            d
            for d in skins.DECKS
            if table is None or skins.can_show(table.state.name, table.state.players, d) is None
        ]
        self.deck_sel = Selector(
            _("Cards ({game})").format(game=_(self.game)) if self.game else _("Cards"),
            shown,
            st.deck,
            self._deck,
            deck_title,
        )
        self.speed_sel = Selector(
            _("Animation"), list(SPEEDS), st.speed, self._speed, lambda v: _(SPEED_WORDS[v])
        )
        self.hold_sel = Selector(_(hold), list(HOLDS), st.hold, self._hold, self._hold_words)
        self.last_sel = Selector(
            _("Play a forced last card"),
            [True, False],
            st.auto_last,
            self._auto_last,
            lambda v: _("Automatically") if v else _("I play it"),
        )
        self.full_sel = Selector(
            _("Fullscreen"),
            [False, True],
            st.fullscreen,
            self._full,
            lambda v: _("On") if v else _("Off"),
        )
        self.back_sel = Selector(
            _("Card back"),
            list(skins.BACKS),
            st.back,
            self._back,
            lambda v: _(BACK_WORDS[v]) if v in BACK_WORDS else v,
        )
        self.vol_sel = Selector(
            _("Volume"),
            [round(v / 10, 1) for v in range(0, 11)],
            round(st.volume, 1),
            self._volume,
            i18n.percent,
        )
        self.mute_sel = Selector(
            _("Sound"),
            [False, True],
            st.muted,
            self._mute,
            lambda v: _("Muted") if v else _("On"),
        )
        self.four_sel = Selector(
            _("Four-colour French cards"),
            [False, True],
            st.four_colour,
            lambda v: self._look(four_colour=v),
            self._four_words,
        )
        self.contrast_sel = Selector(
            _("High-contrast table"),
            [False, True],
            st.high_contrast,
            lambda v: self._look(high_contrast=v),
            lambda v: _("On") if v else _("Off"),
        )
        self.text_sel = Selector(
            _("Text size"),
            list(TEXT_SIZES),
            st.text_size,
            lambda v: self._look(text_size=v),
            lambda v: _("Large") if v == "large" else _("Normal"),
        )
        self.done = Button(_("Done"), self.close, primary=True, key=pygame.K_RETURN, tag="done")

    def _language(self, lang: str) -> None:
        """At once, everywhere: the app tells every scene, this one included."""
        self.app.set_language(lang)

    def language_changed(self) -> None:
        self._build()
        self.resize(self.app.size)

    @property
    def selectors(self) -> list[Selector]:
        return [
            self.lang_sel,
            *([self.deck_sel] if self.game else []),
            self.speed_sel,
            self.hold_sel,
            self.last_sel,
            self.full_sel,
            self.back_sel,
            self.four_sel,
            self.contrast_sel,
            self.text_sel,
            self.vol_sel,
            self.mute_sel,
        ]

    def _deck(self, d: str) -> None:
        if not self.app.set_deck(d):
            self.deck_sel.value = self.app.settings.deck

    @staticmethod
    def _four_words(on: bool) -> str:
        """What the four colours do, said where they are chosen: Italian cards keep their own."""
        return _("On: ♦ blue, ♣ green") if on else _("Off: ♦ red, ♣ black")

    def _look(self, **change: object) -> None:
        """Four colours, contrast or text size: in force at once, the table under this dialog
        laid out again (the text size moves plates, band and panel) and its pictures warmed."""
        for name, value in change.items():
            setattr(self.app.settings, name, value)
        apply_look(self.app.settings)
        self.app.save_settings()
        self.app.scenes.relayout()

    def _speed(self, v: str) -> None:
        self.app.settings.speed = v
        self.app.save_settings()

    @staticmethod
    def _hold_words(hold: str) -> str:
        seconds = HOLDS[hold]
        return (
            _("Until I click")
            if seconds is None
            else _("{seconds} s").format(seconds=i18n.number(seconds))
        )

    def _hold(self, v: str) -> None:
        self.app.settings.hold = v
        self.app.save_settings()

    def _auto_last(self, v: bool) -> None:
        self.app.settings.auto_last = v
        self.app.save_settings()

    def _full(self, v: bool) -> None:
        if v != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.full_sel.value = self.app.fullscreen

    def _back(self, v: str) -> None:
        self.app.settings.back = v
        self.app.save_settings()

    def _volume(self, v: float) -> None:
        self.app.settings.volume = v
        self.app.audio.set_volume(v, self.app.settings.muted)
        self.app.save_settings()
        self.app.audio.play("flick")

    def _mute(self, v: bool) -> None:
        self.app.settings.muted = v
        self.app.audio.set_volume(self.app.settings.volume, v)
        self.app.save_settings()

    def close(self) -> None:
        self.app.scenes.remove(self)

    def deck_changed(self) -> None:
        self.deck_sel.value = self.app.settings.deck

    @property
    def buttons(self) -> list[Button]:
        return [self.done]

    def resize(self, size: tuple[int, int]) -> None:
        """The dialog as wide as its longest label and value need in the language in use
        (within the window): a row's label never runs into its arrow."""
        s = theme.ui_scale(size)
        self.scale = s
        sels = self.selectors
        n = len(sels)
        gap, pad, fs = round(8 * s), round(36 * s), self.text_size
        rh = min(round(40 * s), (size[1] - round(190 * s)) // n - gap)
        value_w = max(sel.widest_value(fs) for sel in sels) + round(12 * s)
        label_w = max(theme.font(fs).size(sel.label)[0] for sel in sels) + rh // 3
        row_w = label_w + 2 * rh + 8 + value_w
        w = min(size[0] - 24, max(round(640 * s), row_w + 2 * pad))
        self.rect = pygame.Rect(0, 0, w, round(160 * s) + n * (rh + gap))
        self.rect.center = (size[0] // 2, size[1] // 2)
        y = self.rect.y + round(76 * s)
        row_w = w - 2 * pad
        room = row_w - 2 * rh - 8
        if label_w + value_w > room:  # a narrow window: label and value give way alike
            value_w = room * value_w // (label_w + value_w)
        for sel in sels:
            sel.place(pygame.Rect(self.rect.x + pad, y, row_w, rh), value_w)
            y += rh + gap
        bw, bh = round(180 * s), round(48 * s)
        self.done.place(
            pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - bh - round(18 * s), bw, bh)
        )

    @property
    def text_size(self) -> int:
        """The rows' text size at the window's scale."""
        return round(18 * self.scale)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.keys.route(event)

    def draw(self, surface: pygame.Surface) -> None:
        if len(self.app.scenes.stack) == 1:
            felt(surface)
        else:
            dim(surface, 150)
        dialog(surface, self.rect, _("Settings"), self.scale)
        for sel in self.selectors:
            sel.draw(surface, self.text_size)
        self.done.draw(surface)
        self.keys.draw(surface, self.scale)
