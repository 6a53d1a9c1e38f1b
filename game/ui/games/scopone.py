"""How Scopone is shown: Scopa's table (:mod:`.scopa`) with hands of up to 10 cards.

The table, the captures and their chooser, the scope sticking out of the sides' piles, the
last capture, the panel and the summary are Scopa's; the whole deck is dealt at once, so the
panel counts no cards left in it.
"""

from __future__ import annotations

from game.engine.scopone_deal import HAND_SIZE
from game.i18n import N_

from .scopa import ScopaUI

__all__ = ["ScoponeUI"]


class ScoponeUI(ScopaUI):
    name = "scopone"
    title = N_("Scopone")
    hand_max = HAND_SIZE
    deck_line = False
