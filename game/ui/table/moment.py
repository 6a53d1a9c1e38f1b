"""What the table shows for a while beside the match: :class:`Moment`, a part of its model.

A finished trick or capture held on the table with its label (until a click, or for the time
set in Settings), the card that took it ringed, a banner fading out ("Scopa!"), the last trick
looked at again (L, the panel's button) and the last deal's result (S shows its summary
again).  None of it changes the match; the table's model sets the timed parts
(:meth:`~game.ui.table.model.TableModel.hold`, ``show_banner``, ``toggle_last``), which read
the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Card, DealScored

    from ..anim import CardSprite


class Moment:
    def __init__(self) -> None:
        #: the last trick or capture, to look at again, and who took it
        self.shown_last: list[tuple[int, Card]] = []
        self.last_winner: int | None = None
        self.show_last = False  # the last trick is shown (L held, or the panel's button)
        self.show_last_timer = 0.0  # seconds left of a look from the button (0: while L is held)
        self.winner_mark: CardSprite | None = None  # the card that takes the trick, ringed
        #: a finished trick or capture on hold: the label, and the card that took it
        self.held: tuple[str, CardSprite] | None = None
        self.held_until_click = False
        self.banner: tuple[str, str, float, float] | None = None  # text, sub, age, ttl
        #: the last deal's result once the next deal is on: S shows its summary again
        self.last_scored: DealScored | None = None

    def end_hold(self) -> None:
        """The held trick or capture goes on (its label disappears)."""
        self.held = None
        self.held_until_click = False

    def fade(self, dt: float) -> None:
        """The banner ages by ``dt`` seconds, and goes once its time is up."""
        if self.banner is not None:
            text, sub, age, ttl = self.banner
            self.banner = (text, sub, age + dt, ttl) if age + dt < ttl else None

    def count_down(self, dt: float) -> None:
        """A look at the last trick from the button ends once its seconds are over."""
        if self.show_last_timer > 0:
            self.show_last_timer -= dt
            if self.show_last_timer <= 0:
                self.show_last = False
