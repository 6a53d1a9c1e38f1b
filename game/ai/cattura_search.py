"""A search seat for Cattura: determinized Monte Carlo over the other hands and the deck.

Everything in Cattura is public except the hands and the draw deck: captured cards lie face up
and every card on the battlefield was laid face up.  The cards a player draws are unseen, so
no play rules a card out of a hand, but one tells: a player who sent a card while it could
have captured the top card with a card of its hand most likely held none (the rule seat
captures then nine times in ten).  Its hand has changed since by the card it drew, so only
each player's last turn is read, and the card drawn may be any of its cards now.  A world is a
random split of the unseen cards into the other hands (their sizes) and the deck (its count,
in random order), a hand that could have captured at its player's last send weighed
:data:`MISSED_CAPTURE` as likely: :func:`hidden_cards` says so, the shared sampler does the
split and ``CatturaState.from_view`` rebuilds the state.  Every legal move is played in the
same worlds, each followed by the rule-based seat for everyone.

A match is one deal, so the rollouts run to the end of the match, and the evaluation is the
core's: a win (a tie shares it) first, then the seat's score.

The seat only ever reads its view: the worlds are guesses, never the true hands.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from game.engine.cattura import CatturaState, CatturaView, last_turns
from game.engine.cattura_moves import legal_moves

from .cattura_rules import CatturaRulesSeat
from .endgame import Endgame
from .search import Budget, DeterminizedSearch
from .search_worlds import Hidden, Placement, WorldSampler, hands_and_pile

__all__ = [
    "MISSED_CAPTURE",
    "CatturaSearchSeat",
    "MissedCapture",
    "could_capture",
    "hidden_cards",
    "missed_captures",
]

#: Score points worth less than a win: they order moves that win (or lose) alike.
POINTS_SCALE = 1 / 100
#: How likely a player is to send while a card of its hand could capture the top card,
#: relative to sending without one: about as often as the rule seat does, so a world giving it
#: that card is this much less likely; of the values tried this one places the true cards best,
#: against the normal level too (docs/EXPERIMENTS.md).
MISSED_CAPTURE = 0.1


@dataclasses.dataclass(frozen=True)
class MissedCapture:
    """Another player's last turn, a send: its seat, the card it sent and the top card it met
    (card indices), and its captured cards as a mask (as now: a pile changes only on its
    owner's turns)."""

    seat: int
    sent: int
    top: int
    captured: int


def hidden_cards(view: CatturaView) -> Hidden:
    """What ``view`` hides: the other hands and the draw deck, and how likely each placement
    makes the other players' last sends (:func:`missed_captures`)."""
    hidden = hands_and_pile(view.unseen, view.hand_sizes, view.seat, view.deck_count)
    missed = missed_captures(view)
    if not missed:
        return hidden
    return dataclasses.replace(hidden, weight=_missed_weight(missed))


def missed_captures(view: CatturaView) -> list[MissedCapture]:
    """The other players whose last turn was a send and who hold cards now (an empty hand
    sent its last card: nothing of it is hidden)."""
    return [
        MissedCapture(t.seat, t.move.cards[0].index, t.top.index, view.captured_masks[t.seat])
        for t in last_turns(view)
        if t.seat != view.seat and t.move.kind == "send" and view.hand_sizes[t.seat]
    ]


def could_capture(hand: int, captured: int, top: int) -> bool:
    """Whether a player holding ``hand`` could capture ``top`` with a card of it, as the
    legal moves of that position say."""
    return any(m.kind == "take" and "h" in (m.arg or "") for m in legal_moves(hand, captured, top))


def _missed_weight(missed: Sequence[MissedCapture]) -> Callable[[Placement], float]:
    """The likelihood of a placement: for each last send, over the cards its player holds now
    (each as likely the one drawn after the send), the share of hands it held then with which
    it could not have captured, and :data:`MISSED_CAPTURE` for the others.  A send from an
    empty deck drew nothing (its hand then was all of today's and the sent card); reading one
    card as drawn anyway only makes the tell milder, never turns it round."""

    def weight(hands: Placement) -> float:
        w = 1.0
        for m in missed:
            now = sum(1 << c.index for c in hands[m.seat])
            sent = 1 << m.sent
            then = [now & ~(1 << c.index) | sent for c in hands[m.seat]]
            able = sum(could_capture(h, m.captured, m.top) for h in then)
            w *= 1 - (1 - MISSED_CAPTURE) * able / len(then)
        return w

    return weight


SAMPLER = WorldSampler(hidden_cards, CatturaState.from_view)


class CatturaSearchSeat(DeterminizedSearch[CatturaView, CatturaState]):
    """Searches ``samples`` worlds per decision, within ``seconds`` of its own CPU time.

    With two players and the deck empty nothing is hidden: the other hand is every card not
    seen.  A seat that solves endgames plays the rest exactly then (suit swaps can make a solve
    long; one that would visit too many positions falls back to the rollouts).
    """

    ENDGAME = Endgame(near=lambda v: v.players == 2 and v.deck_count == 0)

    def __init__(self, samples: int = 80, seconds: float = 0.6) -> None:
        super().__init__(
            SAMPLER, CatturaRulesSeat(), Budget(samples, seconds), points_scale=POINTS_SCALE
        )
