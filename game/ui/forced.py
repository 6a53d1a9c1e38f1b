"""A forced card plays itself: when the human's only legal move is one card, after a short beat.

The beat lets the player see which card goes (it is lifted and ringed as chosen) and still
click it; then the card is played through the same ``GameUI.click_card`` as a click.  Only a
card play is ever played for the player: a decision with a single option (a pass, a suit, the
4th trump, Cattura's pass) still waits for the player.  Whether a move is forced comes from the
engine's legal moves; the setting ``auto_last`` turns this off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .anim import CardSprite
    from .drag import CardDrag
    from .table.model import TableModel

#: seconds the forced card waits, at normal speed (the speed setting scales it; 0 at instant)
BEAT = 0.4


class ForcedCard:
    """The table's forced card (``scene.forced``), found anew at each prompt; ``drag`` is the
    card the player holds (nothing plays itself meanwhile)."""

    def __init__(self, model: TableModel, drag: CardDrag) -> None:
        self.t = model
        self.drag = drag
        self.sprite: CardSprite | None = None
        self.left = 0.0
        self._prompt: tuple[int, int, str] | None = None

    def find(self) -> CardSprite | None:
        """The hand card the human must play now, if playing it is the only legal move."""
        t = self.t
        current = t.state.current_player
        if not t.app.settings.auto_last or t.prompt.kind != "play" or len(t.prompt.legal) != 1:
            return None
        move = t.prompt.legal[0]
        if current is None or not move.cards:
            return None
        for sp in t.table.hands[current]:
            if sp.card == move.cards[0] and t.gui.clickable(sp):
                return sp
        return None  # the only move is no card of the hand (a capture's top card, a pass)

    def update(self, dt: float) -> None:
        """Each frame of the human's turn: arm at a new prompt, play when the beat is over."""
        t = self.t
        stamp = (id(t.state), t.synced_at, t.prompt.kind)
        if stamp != self._prompt:
            self._prompt = stamp
            self.sprite = self.find()
            self.left = BEAT * t.app.settings.speed_factor
            if self.sprite is not None and self.sprite.card is not None:
                t.prompt.selected = [self.sprite.card]  # lifted and ringed: this one goes
        sp = self.sprite
        if sp is None or t.moment.show_last or self.drag.sprite is not None:
            return  # nothing forced, or the player looks at the last trick or holds a card
        self.left -= dt
        if self.left > 0:
            return
        self.sprite = None
        if t.prompt.kind == "play" and t.app.settings.auto_last and not sp.moving:
            t.gui.click_card(sp)
