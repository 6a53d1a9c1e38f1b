"""Keyboard play at the table: a visible focus over what may be clicked now, moved by keys.

Whatever a player may click at a prompt is put in one order: the lit cards of the hand to play,
left to right, then the other lit cards (a Scopa table card to take, a Cattura capture of one's
own), then the prompt's buttons, then the options of its chooser.  Left/Right (or Tab/Shift+Tab,
Up/Down) move the focus along that order, and Enter does to the focused thing exactly what a
click on it does: the same ``GameUI.click_card``, ``Button.on_click`` or chooser move, so no rule
is said twice here.  "Lit" means what the table draws as playable (the painter's marks), so the
focus can only land where a mouse player sees a highlight.

The number keys pick the n-th option of the chooser, or else the n-th button of the prompt (the
doubled suit, the 4th trump, a capture, the pass; never the Hint button).  Space skips a
running animation, F1 or ? opens the list of keys (:mod:`.scenes.keys`).  The focus ring and
the numbers are drawn only once the player used a key, and hidden again when the mouse moves:
a mouse player never sees them.  Every menu and dialog has the same keys and the same ring over
its buttons (:mod:`.focus_ring`, drawn with :func:`ring` and :func:`badge`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from . import theme

if TYPE_CHECKING:
    from game.engine import Move

    from .anim import CardSprite
    from .table.model import TableModel
    from .widgets import Button

#: the colour of the keyboard focus: unlike the table's green (playable), pale yellow (under the
#: mouse) and gold (chosen) rings
FOCUS = (90, 210, 255)

#: keys that move the focus forward / back (Shift+Tab goes back)
FORWARD = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB)
BACK = (pygame.K_LEFT, pygame.K_UP)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
#: the list of keys: F1, or "?" (the slash key, shifted or not, where "?" sits on it)
HELP = (pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH)
#: ask the coach for a hint (handled by the table, :mod:`.table.hint`)
HINT = (pygame.K_h,)
SKIP = pygame.K_SPACE
#: the number keys, top row and keypad, in order 1..9
NUMBERS = (
    pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5,
    pygame.K_6, pygame.K_7, pygame.K_8, pygame.K_9,
)  # fmt: skip
KEYPAD = (
    pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5,
    pygame.K_KP6, pygame.K_KP7, pygame.K_KP8, pygame.K_KP9,
)  # fmt: skip
#: the table's marks that mean "this card may be clicked now"
_LIT = frozenset({"legal", "hover", "selected"})


def number_of(key: int) -> int | None:
    """1..9 for a number key (top row or keypad), else None."""
    for row in (NUMBERS, KEYPAD):
        if key in row:
            return row.index(key) + 1
    return None


@dataclass(frozen=True)
class Target:
    """One thing the focus may rest on: a card sprite, a prompt button or a chooser option."""

    key: tuple[str, str]  # stays the same while the thing stays (a card, a button tag, a move)
    rect: pygame.Rect
    sprite: CardSprite | None = None
    button: Button | None = None
    move: Move | None = None


class KeyFocus:
    """The table's keyboard focus (``scene.keys``): its order, its keys and its ring; ``marks``
    are the table's highlights as drawn (the painter's), which say what is lit."""

    def __init__(self, model: TableModel, marks: Callable[[], dict[int, str]]) -> None:
        self.t = model
        self.marks = marks
        self.shown = False  # the player used a key since the mouse last moved
        self._key: tuple[str, str] | None = None
        self._index = 0
        self._prompt: tuple[int, int, str] | None = None

    # -- what may be focused -----------------------------------------------------------------
    def targets(self) -> list[Target]:
        """Everything the player may click now, in focus order (empty without a prompt)."""
        t = self.t
        if not t.prompt.kind or not t.synced:
            return []
        marks = self.marks()
        lit = [
            sp
            for sp in t.table.sprites
            if sp.card is not None and marks.get(id(sp)) in _LIT and t.gui.clickable(sp)
        ]
        hands = t.active_hands()

        def place(sp: CardSprite) -> tuple[int, float, float]:
            # a hand's cards left to right (a fan may curve), then the others row by row
            if sp.zone == "hand" and sp.owner in hands:
                return (hands.index(sp.owner), 0.0, sp.x)
            return (len(hands), round(sp.y), sp.x)

        lit.sort(key=place)
        out = [Target(("card", f"{sp.zone} {sp.card}"), t.sprite_rect(sp), sprite=sp) for sp in lit]
        return out + self._buttons() + self._choices()

    def _buttons(self) -> list[Target]:
        return [
            Target(("button", b.tag), b.rect, button=b) for b in self.t.prompt.buttons if b.enabled
        ]

    def _choices(self) -> list[Target]:
        chooser = self.t.prompt.chooser
        if chooser is None:
            return []
        return [Target(("choice", m.text), r, move=m) for r, m in chooser.rects]

    def numbered(self) -> list[Target]:
        """What the number keys pick, in order: the chooser's options, else the prompt's
        buttons (the Hint button apart: it is H)."""
        if not self.t.prompt.kind or not self.t.synced:
            return []
        return self._choices() or [b for b in self._buttons() if b.key != ("button", "hint")]

    def current(self, targets: list[Target] | None = None) -> Target | None:
        """The focused target: the same thing as before while it is still there; after a new
        prompt the first one; when the focused thing went away, the one now at its place."""
        targets = self.targets() if targets is None else targets
        if not targets:
            return None
        stamp = (id(self.t.state), self.t.synced_at, self.t.prompt.kind)
        if stamp != self._prompt:
            self._prompt, self._key, self._index = stamp, None, 0
        for i, tg in enumerate(targets):
            if tg.key == self._key:
                self._index = i
                return tg
        return targets[min(self._index, len(targets) - 1)]

    def _focus(self, target: Target | None, targets: list[Target]) -> None:
        self._key = target.key if target is not None else None
        if target is not None:
            self._index = targets.index(target)
        self.sync(target)

    def sync(self, target: Target | None = None) -> None:
        """Show the focus on the scene: a focused card is lifted like one under the mouse, a
        focused button lit like one under the mouse."""
        t = self.t
        if not self.shown:
            return
        target = target if target is not None else self.current()
        t.prompt.hover = target.sprite if target is not None else None
        for b in t.prompt.buttons:
            b.focus = target is not None and target.button is b

    def update(self) -> None:
        """Each frame of the human's turn: keep the shown focus on the scene (a new prompt)."""
        if self.shown:
            self.sync()

    def hide(self) -> None:
        """The mouse moved: the player points again, the focus disappears."""
        if self.shown:
            self.shown = False
            for b in self.t.prompt.buttons:
                b.focus = False

    # -- keys ----------------------------------------------------------------------------------
    def keydown(self, event: pygame.event.Event) -> bool:
        """A key for the focus, the help or the skip; True when it was used."""
        t = self.t
        key = event.key
        if key in HELP:
            t.app.open("keys")
            return True
        if key == SKIP and t.busy():
            t.skip()
            return True
        n = number_of(key)
        moving = key in FORWARD or key in BACK
        if (n is None and not moving and key not in ENTER) or t.busy():
            return False  # not ours, or an animation runs: the table skips it as for any key
        if n is not None:
            self.shown = True
            return self.pick(n)
        targets = self.targets()
        if not targets:
            return False
        if not self.shown:
            # the first key only shows where the focus is; Enter still reaches the prompt's own
            # Enter button (Capodama's pass) as it always did
            self.shown = True
            self._focus(self.current(targets), targets)
            return key not in ENTER
        cur = self.current(targets)
        if key in ENTER:
            if cur is not None:
                self.activate(cur)
            return True
        back = key in BACK or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        i = targets.index(cur) if cur is not None else 0
        self._focus(targets[(i + (-1 if back else 1)) % len(targets)], targets)
        return True

    def activate(self, target: Target) -> None:
        """What a click on ``target`` does, through the same calls as the click."""
        t = self.t
        if target.sprite is not None:
            t.gui.click_card(target.sprite)
        elif target.button is not None:
            target.button.on_click()
        elif target.move is not None:
            t.apply(target.move)
        self.sync()

    def pick(self, n: int) -> bool:
        """The n-th choice (1-based), as a click on it; False if there is none."""
        options = self.numbered()
        if not 1 <= n <= len(options):
            return False
        self.activate(options[n - 1])
        return True

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The focus ring and the numbers of the choices, once the player uses keys."""
        t = self.t
        if not self.shown:
            return
        targets = self.targets()
        if not targets:
            return
        s = t.table.layout.scale
        cur = self.current(targets)
        if cur is not None:
            self._ring(surface, cur, s)
        for i, target in enumerate(self.numbered()[:9]):
            badge(surface, i + 1, target.rect, s)

    def _ring(self, surface: pygame.Surface, target: Target, s: float) -> None:
        """A thick bright outline around the focused thing, with a glow around a card."""
        t = self.t
        grid = t.prompt.chooser is not None and t.prompt.chooser.grid
        if target.sprite is None and not (target.move is not None and grid):
            ring(surface, target.rect, s)
            return
        glow = t.images.ring(target.rect.w, FOCUS, "focus")
        surface.blit(glow, glow.get_rect(center=target.rect.center))
        pad = max(2, round(3 * s))
        radius = max(4, target.rect.w // 14 + pad)
        rect = target.rect.inflate(2 * pad, 2 * pad)
        pygame.draw.rect(surface, FOCUS, rect, max(3, round(4 * s)), border_radius=radius)


def ring(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """The keyboard focus around a button, a choice or a menu's row: a thick outline in the
    focus colour, the same on the table and in every menu (:mod:`.focus_ring`)."""
    pad = max(3, round(5 * s))
    outline = rect.inflate(2 * pad, 2 * pad)
    pygame.draw.rect(surface, FOCUS, outline, max(3, round(4 * s)), border_radius=pad * 3)


def badge(surface: pygame.Surface, n: int, rect: pygame.Rect, s: float) -> None:
    """The number key that picks the thing at ``rect``, in a disc on its top-left corner."""
    label = theme.text(str(n), round(13 * s), (12, 20, 16), True)
    r = max(label.get_width(), label.get_height()) // 2 + 3
    at = (rect.x + r // 2, rect.y + r // 2)
    pygame.draw.circle(surface, FOCUS, at, r)
    surface.blit(label, label.get_rect(center=at))
