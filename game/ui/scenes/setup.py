"""New-game setup: the game, the number of players, the deck, the rule options and the seats.

The dialog keeps its place and size whatever is chosen: it is laid out for the most rows any
game has (its options on the left, up to six seats on the right), so nothing jumps when rows
appear; a game with more options than the left column holds (Scopa's house rules) shows the rest
under the seats.  It remembers, in the settings, the game chosen last and per game its player
count, seats and rule options, and the deck the player picked for it (each game starts in its
own deck otherwise).  A deck that cannot show the chosen table (6-player Capodama in Italian
cards) is not a dead end: the dialog says so and uses one that can.  The game's two-line
summary (its rules page's "In short") sits at the top with a link to the whole page.

Hosting online adds a row under both columns: how long a player whose connection drops is
waited for, and the AI level that then plays for the seat until the player is back (the
server's ``takeover_s`` and ``takeover_level``), remembered per game too.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import skins
from game.ai import seat_kinds
from game.ai.levels import DEFAULT_LEVEL, LEGACY, LEVELS
from game.catalog import CATALOG
from game.engine import GAMES, new_game
from game.i18n import N_, _

from .. import theme
from ..focus_ring import FocusRing
from ..games import playable_games
from ..games.words import deck_name, deck_refusal, deck_title
from ..option_words import option_label, option_value, yes_no
from ..routes import confirm_replace
from ..rules_text import in_short
from ..savegame import MatchSetup, slot_of
from ..scene import Scene
from ..settings import TAKEOVER_WAITS, playable_deck
from ..table.tools import solitaire_seed
from ..widgets import Button, Selector, label_width
from .common import dialog, felt

if TYPE_CHECKING:
    from ..runner import App

SEAT_LABEL = {
    "human": N_("Human"),
    "open": N_("A friend (open)"),
    "easy": N_("AI: easy"),
    "normal": N_("AI: normal"),
    "strong": N_("AI: strong"),
    "solver": N_("AI (solver)"),
}


def _wait(seconds: int) -> str:
    """How long a dropped player is waited for, in words: "wait 30 s", "wait 2 min"."""
    if seconds % 60:
        return _("wait {seconds} s").format(seconds=seconds)
    return _("wait {minutes} min").format(minutes=seconds // 60)


def _split(left: int, right: int) -> int:
    """The rows of a dialog with ``left`` rows on the left (game, players, cards, options, a
    solitaire's "winnable deals only") and ``right`` seats: a left column longer than the
    seats overflows below them on the right, the two columns as even as may be."""
    return right if left <= right else max(right, -(-(left + right) // 2))


def _rows() -> int:
    """The most rows over every game and player count: the dialog is laid out for them once
    (and its left column holds as many, the rest of the options going under the seats)."""
    return max(
        _split(3 + len(GAMES[g].options_for(n)) + (n == 1), n)
        for g in CATALOG
        for n in GAMES[g].players
    )


class SetupScene(Scene):
    def __init__(self, app: App, *, online: bool = False) -> None:
        """``online``: the Host screen: the same choices for a table others join (each seat
        but the player's a friend or an AI level), started in the lobby."""
        super().__init__(app)
        self.online = online
        st = app.settings
        games = playable_games()
        last = st.last_hosted if online else st.last_game  # hosting apart from New game
        self.game = last if last in games else games[0]
        self.players = 4
        self.kinds: list[str] = []
        #: the deck asked for this game (the player's choice, else its own) and the one used
        self.wanted = self.deck = st.chosen_deck(self.game)
        self.deck_note: str | None = None
        #: games whose deck the player picked in this dialog (remembered for them)
        self.deck_picked: set[str] = set()
        self.game_sel = Selector(_("Game"), games, self.game, self._set_game, self._title)
        self.players_sel = Selector(
            _("Players"), GAMES[self.game].players, self.players, self._set_players,
            self._players_label,
        )  # fmt: skip
        self.deck_sel = Selector(
            _("Cards"), list(skins.DECKS), self.deck, self._set_deck, deck_title
        )
        self.options: dict[str, Any] = {}
        self.option_sels: list[Selector] = []
        self.seat_sels: list[Selector] = []
        self.winnable_sel: Selector | None = None
        #: online, the row of what a dropped player's seat does (:meth:`_takeover_row`)
        self.takeover_sels: list[Selector] = []
        start = _("Host") if online else _("Start")
        self.start = Button(start, self.begin, primary=True, key=pygame.K_RETURN, tag="start")
        self.back = Button(_("Back"), self.app.scenes.pop, tag="back")
        self.rules = Button(_("Full rules"), self.open_rules, tag="rules")
        self.how: list[str] = []
        #: the keyboard: down the rows as they read (the rules link, the options, the seats),
        #: then Back and Start; it starts on the game's row, and Enter starts from any row
        self.keys = FocusRing(
            app, lambda: [self.rules, *self.selectors, self.back, self.start], lambda: self.game_sel
        )
        self._load(self.game)

    @staticmethod
    def _title(game: str) -> str:
        return _(CATALOG[game].title)

    @staticmethod
    def _players_label(n: int) -> str:
        return _("1 (solitaire)") if n == 1 else str(n)

    # -- what is chosen -----------------------------------------------------------------------
    def _load(self, game: str) -> None:
        """Show ``game`` as it was last set up: its player count, seats and deck."""
        self.game = game
        self.how = in_short(game)
        remembered = self.app.settings.setup_of(game)
        if remembered is not None:
            self.players, self.kinds = remembered
        counts = [n for n in GAMES[game].players if n > 1 or not self.online]
        self.players_sel.set_choices(counts, self.players if self.players in counts else counts[0])
        self.players = self.players_sel.value
        self.wanted = self.app.settings.chosen_deck(game)
        #: online, a dropped player's seat waits ``after`` seconds, then ``level`` plays for it
        self.after, self.level = self.app.settings.takeover_of(game)
        self.options = self.app.settings.options_of(game)
        self._make_options()
        self._seats()

    def _remember(self) -> None:
        """Keep this game's setup (and the deck picked for it) in the settings (a table
        hosted online is not remembered as the game's own setup)."""
        st = self.app.settings
        if not self.online:
            st.remember_setup(self.game, self.players, self.kinds, self.options)
        else:
            st.remember_takeover(self.game, self.after, self.level)
        if self.game in self.deck_picked:
            st.decks[self.game] = self.wanted

    def _set_game(self, g: str) -> None:
        self._remember()
        self._load(g)

    def _make_options(self) -> None:
        """A selector per rule option of the game that means anything for the player count
        (the engine says which: a solitaire has no match target); a value already chosen in
        this dialog is kept."""
        chosen = self.options
        self.options = {}
        self.option_sels = []
        for key, opt in GAMES[self.game].options_for(self.players).items():
            value = chosen.get(key, opt.default)
            self.options[key] = value
            sel = Selector(
                option_label(key),
                list(opt.choices),
                value,
                self._option_setter(key),
                option_value(key),
            )
            self.option_sels.append(sel)
        self._grey_options()

    def _grey_options(self) -> None:
        """An option that means nothing while another is off (the ace's sweep as a scopa,
        without asso piglia tutto) keeps its row, greyed, so nothing jumps."""
        specs = GAMES[self.game].options_for(self.players)
        for sel, spec in zip(self.option_sels, specs.values(), strict=True):
            sel.enabled = spec.means_anything(self.options)

    def _option_setter(self, key: str) -> Any:
        return lambda v: self._set_option(key, v)

    def _set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        self._grey_options()

    def _set_players(self, n: int) -> None:
        self.players = n
        self._make_options()
        self._seats()

    def _set_deck(self, d: str) -> None:
        self.wanted = d
        self.deck_picked.add(self.game)
        self._check()

    def _offered(self) -> list[str]:
        """The seat kinds a player picks from: human, the levels, and the game's own other
        seats (the solitaire's solver); ``rules``, ``search`` and ``random`` are for the tools."""
        have = seat_kinds(self.game, self.players)
        others = [k for k in have if k not in LEVELS and k not in LEGACY]
        return ["human", *[k for k in LEVELS if k in have], *others]

    def _seat_kinds(self, seat: int) -> list[str]:
        """What seat ``seat`` may be: online, the player's own seat is the first, each other
        a friend's or an AI level."""
        if not self.online:
            return self._offered()
        if seat == 0:
            return ["human"]
        return ["open", *self._levels()]

    def _levels(self) -> list[str]:
        """The AI levels this game and player count have, weakest first."""
        return [k for k in self._offered() if k in LEVELS]

    def _seats(self) -> None:
        kinds = self._offered()
        old = [LEGACY.get(k, k) for k in self.kinds]  # a setup from before the levels
        default_ai = DEFAULT_LEVEL if DEFAULT_LEVEL in kinds else kinds[-1]
        self.kinds = [
            old[i] if i < len(old) and old[i] in kinds else ("human" if i == 0 else default_ai)
            for i in range(self.players)
        ]
        if self.online:
            self.kinds = [
                k if k in self._seat_kinds(i) else self._seat_kinds(i)[0]
                for i, k in enumerate(self.kinds)
            ]
        self.seat_sels = []
        for i in range(self.players):
            label = _("You (bottom)") if i == 0 else _("Seat {number}").format(number=i + 1)
            if self.players == 1:
                label = _("Player")
            sel = Selector(
                label,
                self._seat_kinds(i),
                self.kinds[i],
                partial(self._set_kind, i),
                lambda k: _(SEAT_LABEL[k]) if k in SEAT_LABEL else k,
            )
            self.seat_sels.append(sel)
        self._winnable_row()
        self._takeover_row()
        self._check()
        if hasattr(self, "scale"):
            self.resize(self.app.size)

    def _winnable_row(self) -> None:
        """The row "winnable deals only", for a solitaire (a game played by one)."""
        self.winnable_sel = None
        if self.players == 1:
            self.winnable_sel = Selector(
                _("Winnable deals only"),
                [False, True],
                self.app.settings.solitaire_winnable_only,
                self._set_winnable,
                yes_no,
            )

    def _takeover_row(self) -> None:
        """Online, the row "When a player drops: wait 1 min", "Then played by: AI: normal" (the
        levels this game and player count have)."""
        self.takeover_sels = []
        if not self.online:
            return
        levels = self._levels()
        if self.level not in levels:
            self.level = DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]
        self.takeover_sels = [
            Selector(_("When a player drops"), TAKEOVER_WAITS, self.after, self._set_after, _wait),
            Selector(
                _("Then played by"), levels, self.level, self._set_level, lambda k: _(SEAT_LABEL[k])
            ),
        ]

    def _set_after(self, seconds: int) -> None:
        self.after = seconds

    def _set_level(self, level: str) -> None:
        self.level = level

    def _set_winnable(self, on: bool) -> None:
        self.app.settings.solitaire_winnable_only = on

    def _set_kind(self, i: int, v: str) -> None:
        self.kinds[i] = v

    def refusal(self) -> str | None:
        return deck_refusal(self.game, self.players, self.deck)

    def _check(self) -> None:
        """The deck used: the one asked for, or one that can show this table, said why."""
        self.deck, reason = playable_deck(self.game, self.players, self.wanted)
        self.deck_sel.value = self.deck
        self.deck_note = None
        if reason and self.deck != self.wanted:
            self.deck_note = _("{why}: it is played in {deck}.").format(
                why=deck_refusal(self.game, self.players, self.wanted) or reason,
                deck=deck_name(self.deck),
            )
        self.start.enabled = self.refusal() is None

    # -- leaving ------------------------------------------------------------------------------
    def begin(self) -> None:
        """Start the match, asking first if this game's saved match would be replaced."""
        reason = self.refusal()
        if reason:
            self.app.toast(reason, "warn", 4.0)
            return
        if self.online:
            self._remember()
            options = dict(self.options)
            self.app.go(
                "lobby",
                game=self.game,
                players=self.players,
                options=options,
                seats=self.kinds,
                takeover_s=self.after,
                takeover_level=self.level,
            )
            return
        confirm_replace(self.app, slot_of(self.game, self.players), self._start)

    def _start(self) -> None:
        options: dict[str, Any] = dict(self.options)
        seed = solitaire_seed(self.game, self.app.settings, options) if self.players == 1 else None
        state = new_game(self.game, players=self.players, seed=seed, **options)
        self._remember()
        self.app.go("table", state, MatchSetup(self.game, self.players, list(self.kinds)))

    def open_rules(self) -> None:
        self.app.open("rules", self.game)

    def leave(self) -> None:
        self._remember()
        self.app.save_settings()

    # -- layout -------------------------------------------------------------------------------
    @property
    def buttons(self) -> list[Button]:
        return [self.start, self.back, self.rules]

    @property
    def left(self) -> list[Selector]:
        extra = [self.winnable_sel] if self.winnable_sel is not None else []
        return [self.game_sel, self.players_sel, self.deck_sel, *self.option_sels, *extra]

    @property
    def selectors(self) -> list[Selector]:
        return [*self.left, *self.seat_sels, *self.takeover_sels]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        pad, gap = round(28 * s), round(8 * s)
        rows = _rows() + (1 if self.online else 0)
        fixed = round(64 * s) + round(70 * s) + round(14 * s) + round(34 * s) + round(66 * s)
        w = min(size[0] - 24, round(940 * s))
        h = min(size[1] - 24, fixed + rows * (round(38 * s) + gap))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        rh = max(12, (h - fixed) // rows - gap)
        top = self.rect.y + round(64 * s)
        self.strip = pygame.Rect(self.rect.x + pad, top, w - 2 * pad, round(70 * s))
        bw, bh = max(round(150 * s), label_width(self.rules.label, s)), round(38 * s)
        self.rules.place(
            pygame.Rect(self.strip.right - bw - round(12 * s), self.strip.centery - bh // 2, bw, bh)
        )
        y0 = self.strip.bottom + round(14 * s)
        left_w = round((w - 3 * pad) * 0.56)
        per = _rows()  # the left column's rows; the options beyond go under the seats
        columns = (
            (self.left[:per], self.rect.x + pad, left_w),
            (
                [*self.seat_sels, *self.left[per:]],
                self.rect.x + 2 * pad + left_w,
                w - 3 * pad - left_w,
            ),
        )
        for sels, x, cw in columns:
            for i, sel in enumerate(sels):
                sel.place(pygame.Rect(x, y0 + i * (rh + gap), cw, rh), self._value_width(sel))
        for sel, (_sels, x, cw) in zip(self.takeover_sels, columns, strict=False):
            sel.place(pygame.Rect(x, y0 + (rows - 1) * (rh + gap), cw, rh))
        bw, bh = round(180 * s), round(46 * s)
        by = self.rect.bottom - bh - round(18 * s)
        self.back.place(pygame.Rect(self.rect.centerx - bw - 10, by, bw, bh))
        self.start.place(pygame.Rect(self.rect.centerx + 10, by, bw, bh))

    def _value_width(self, sel: Selector) -> int | None:
        """A yes/no row's value as wide as its words (the label gets the rest: the house
        rules' names are long); the other rows' the default."""
        if not all(isinstance(c, bool) for c in sel.choices):
            return None
        return sel.widest_value(round(17 * self.scale)) + round(16 * self.scale)

    # -- input and drawing --------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        self.keys.route(event)

    def draw(self, surface: pygame.Surface) -> None:
        felt(surface)
        s = self.scale
        dialog(surface, self.rect, _("Host a table") if self.online else _("New game"), s)
        self._draw_how(surface)
        for sel in self.selectors:
            sel.draw(surface, round(17 * s))
        note = self.deck_note or self.refusal()
        if note:
            color = theme.GOLD if self.start.enabled else theme.RED
            size = round(15 * s)
            lines = theme.wrap(note, size, self.rect.w - round(40 * s), True)
            y = (
                self.start.rect.y
                - round(8 * s)
                - len(lines) * theme.font(size, True).get_linesize()
            )
            for line in lines:
                t = theme.text(line, size, color, True)
                surface.blit(t, t.get_rect(midtop=(self.rect.centerx, y)))
                y += t.get_height()
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, s)

    def _draw_how(self, surface: pygame.Surface) -> None:
        """The game in two lines, set as large as the strip allows (they wrap if they must)."""
        s = self.scale
        box = self.strip
        pygame.draw.rect(surface, (20, 40, 30), box, border_radius=round(10 * s))
        x = box.x + round(14 * s)
        width = self.rules.rect.x - round(14 * s) - x
        size = round(16 * s)
        while True:
            lines = [part for line in self.how for part in theme.wrap(line, size, width)]
            lh = theme.font(size).get_linesize()
            if size <= 9 or len(lines) * lh <= box.h - round(8 * s):
                break
            size -= 1
        y = box.centery - len(lines) * lh // 2
        for line in lines:
            surface.blit(theme.text(line, size, theme.INK), (x, y))
            y += lh
