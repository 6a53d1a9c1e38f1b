"""The coach's reasons in Briscola: a trick taken by the move (by the player or its partner,
with its card points), and what the card is for against the others of the hand, the trick
played out in the sampled worlds: the cheap card given, the trick taken often, the card kept
back (a trump, an ace) for later.  Both are the trick games' (:func:`.coach_tricks.trick_coach`)
read with Briscola's card points and strength."""

from __future__ import annotations

from game.engine.briscola_cards import POINTS, STRENGTH

from .coach_tricks import TrickGame, own_side, trick_coach

__all__ = ["COACH", "TRICKS"]

TRICKS = TrickGame(
    own_side,
    lambda view, c: POINTS[c.index],
    lambda c: STRENGTH[c.index],
    False,
    voids=False,  # no suit need be followed: a suit emptied changes nothing to say
)

COACH = trick_coach(TRICKS)
