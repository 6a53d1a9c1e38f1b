"""A card dragged from the hand onto the table is played, as a click on it plays it.

A press on a card of the hand is not acted on at once.  Released before the pointer went more
than a few pixels, it is a click.  Moved further while the player is asked to play a card, the
card follows the pointer; released over the middle of the table
(:meth:`~game.ui.layout.TableLayout.drop_rect`), it goes through the same
``GameUI.click_card`` as a click: played, refused with the same words, or (a Scopa card that
could take different cards) asking which, as a click does.  Released anywhere else, or not
played, it glides back to its place in the hand.  Nothing here decides what may be played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .anim import CardSprite
    from .table.model import TableModel

#: how far (in pixels at a scale of 1) the pointer moves before a press becomes a drag
DRAG_FROM = 8
#: the dragged card is drawn over every other
ON_TOP = 10_000


class CardDrag:
    """The table's card under the pressed mouse button (``scene.drag``)."""

    def __init__(self, model: TableModel) -> None:
        self.t = model
        self.sprite: CardSprite | None = None  # the card pressed, until the button is released
        self.dragging = False  # it follows the pointer
        self._origin = (0, 0)
        self._grab = (0.0, 0.0)  # the card's centre from the pointer

    def press(self, sp: CardSprite, pos: tuple[int, int]) -> None:
        self.sprite, self.dragging = sp, False
        self._origin = pos
        self._grab = (sp.x - pos[0], sp.y - pos[1])

    def motion(self, pos: tuple[int, int]) -> bool:
        """The pointer moved with the button down: True while a card is pressed (the table
        then leaves its hover marks as they are)."""
        sp, t = self.sprite, self.t
        if sp is None:
            return False
        if not self.dragging:
            far = max(abs(pos[0] - self._origin[0]), abs(pos[1] - self._origin[1]))
            if far < DRAG_FROM * t.table.layout.scale or t.prompt.kind != "play":
                return True
            self.dragging = True
            sp.motions.clear()
            sp.z = ON_TOP
        sp.x, sp.y = pos[0] + self._grab[0], pos[1] + self._grab[1]
        return True

    def release(self, pos: tuple[int, int]) -> None:
        """The button is up: a click, a drop on the table, or the card back to the hand."""
        sp, dragged = self.sprite, self.dragging
        self.sprite, self.dragging = None, False
        t = self.t
        if sp is None:
            return
        hand = t.table.hands.get(sp.owner) or []
        held = sp in hand and t.gui.clickable(sp)
        if held and (not dragged or t.table.layout.drop_rect().collidepoint(pos)):
            before = len(t.state.history)
            t.gui.click_card(sp)
            if len(t.state.history) > before:
                return  # played: it flies on to the table from where it was let go
        if dragged and sp in hand:
            t.table.place_hand(sp.owner, t.table.d(0.25))
