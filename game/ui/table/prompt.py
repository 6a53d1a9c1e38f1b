"""The human's decision at the table: :class:`Prompt`, a part of the table's model.

When the table is in sync and a human is to play, the scene asks the engine for the legal moves
and the game's presentation module for what they ask (``kind``: "play", "pass", "double"...;
"" while nobody human is asked).  The game then lays out the prompt's buttons or its card
chooser, and fills ``selected`` as cards are picked; a move played clears it all.  The panel's
own buttons (undo, the last trick, rules, menu) live here too: with the prompt's, they are what
the human may press.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.engine import Card, Move

    from ..anim import CardSprite
    from ..chooser import Chooser
    from ..widgets import Button


class Prompt:
    def __init__(self) -> None:
        self.kind = ""  # what the human is asked ("" for nothing): GameUI.decision
        self.legal: list[Move] = []  # the current seat's legal moves, once in sync
        self.selected: list[Card] = []  # cards picked so far (an exchange, a capture)
        self.hover: CardSprite | None = None  # the card under the mouse
        self.buttons: list[Button] = []  # the prompt's buttons (made by GameUI.place_prompt)
        self.chooser: Chooser | None = None  # or the prompt's card chooser
        self.panel_buttons: list[Button] = []  # the side panel's: undo, last trick, rules, menu

    def clear(self) -> None:
        """A move was played: nothing is asked until the table is in sync again."""
        self.kind = ""
        self.buttons = []
        self.chooser = None
        self.selected = []
        self.hover = None

    @property
    def trump_rects(self) -> list[tuple[pygame.Rect, Move]]:
        """The options of the card chooser on screen (the 4th trump...), as (rect, move)."""
        return self.chooser.rects if self.chooser is not None else []
