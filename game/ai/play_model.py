"""Inference from the cards the others played: how well a guess at their hands explains them.

A world sampler already keeps every hard fact (voids, declared cards) and a game's own soft
facts (a capo passes the dama, a Buongioco is declared).  The plays themselves say more: a
player who led a low card of a suit, or threw a figure rather than taking a trick, did so with
the cards it held.  If the others play like a model (the game's rule seat: the normal level
mostly keeps its move, and sensible people mostly make it too), a guess at their hands under
which the model would have made the plays seen is likelier than one under which it would not.

:class:`PlayModel` scores that: it replays the deal from the guessed hands, asks the model at
every choice another seat made, and multiplies in :data:`SLIP` for each choice the model would
have made otherwise (the likeliness relative to a guess that explains every play).  The
sampler keeps a guess with that probability (:func:`~.search_worlds.weighted_placement`).

A seat's choices depend only on its own hand and what is public, so the likeliness is a
product over seats, and a seat's share is kept per hand for the rest of the decision: late in
a deal, when few hands are possible, most guesses cost no replay at all.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence

from game.engine import BaseView, Card, GameState

from .base import Seat

__all__ = ["CAP", "SLIP", "PlayModel", "slips"]

#: How likely, relative to the model's own choice, a player makes another one: normal seats
#: leave the rule move when search finds better, people follow their own habits.
SLIP = 0.25
#: Choices against the model counted at most: a guess already this unlikely (1 in 64) is all
#: but never kept, and counting on would cost as much as a rollout.
CAP = 3


def slips(
    start: GameState[BaseView], moves: Sequence[str], model: Seat, seats: Collection[int]
) -> dict[int, int] | None:
    """Per seat of ``seats``, how many of its choices in ``moves`` (texts, in order, played
    from ``start``) ``model`` would have made otherwise, counted up to :data:`CAP`; None when
    a move is not legal where it was made (the guess contradicts the play).

    Only choices of one kind are compared (which card, not whether to declare: the games'
    own weights judge announcements), and lone legal moves tell nothing.
    """
    state = start
    state.mute()
    rng = random.Random(0)  # the rule seats decide without it; a model that draws stays seeded
    count = dict.fromkeys(seats, 0)
    open_ = len(count)
    for text in moves:
        legal = state.legal_sequence()
        made = next((m for m in legal if m.text == text), None)
        if made is None:
            return None
        player = state.current_player
        if player in count and count[player] < CAP and len(legal) > 1:
            choice = model.choose(state.view(player), legal, rng)
            if choice.kind == made.kind and choice != made:
                count[player] += 1
                open_ -= count[player] == CAP
                if not open_:
                    break
        state.play(made)
    return count


class PlayModel:
    """How well ``model`` explains the plays of the seats a guess places cards with, for one
    decision: ``replay(hands)`` gives the deal as dealt under a guess and the moves since
    (None: nothing to read, every guess alike)."""

    def __init__(
        self,
        model: Seat,
        replay: Callable[[dict[int, list[Card]]], tuple[GameState[BaseView], Sequence[str]] | None],
    ) -> None:
        self.model = model
        self.replay = replay
        self.known: dict[tuple[int, frozenset[Card]], int] = {}

    def likeliness(self, hands: dict[int, list[Card]]) -> float:
        """:data:`SLIP` to the power of the choices against the model (at most :data:`CAP`),
        0 for a guess the plays rule out.  ``hands``: every other seat's guessed hand (and
        places that are no seat, below 0, which are skipped)."""
        keys = {s: (s, frozenset(cards)) for s, cards in hands.items() if s >= 0}
        todo = [s for s, key in keys.items() if key not in self.known]
        if todo:
            replayed = self.replay(hands)
            if replayed is None:
                return 1.0  # nothing here to read
            counted = slips(*replayed, self.model, todo)
            if counted is None:
                return 0.0
            for s in todo:
                self.known[keys[s]] = counted[s]
        return SLIP ** min(CAP, sum(self.known[key] for key in keys.values()))
