"""What one Tressette seat may know: :class:`TressetteView`, read by the UI and the AI seats."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .tressette_tables import Combo
from .tricks import TrickView

__all__ = ["TressetteView"]


@dataclass(frozen=True)
class TressetteView(TrickView):
    """What one seat may know: its own hand, and everything played or declared in public (the
    fields every trick view carries are :class:`.tricks.TrickView`'s).

    ``sides`` lists the seats of each side (side of seat s: ``s % 2`` in 4 players, ``s`` in 3);
    per-side tuples (``raw_points``, ``buongioco``, ``totals``, ``deals_won``) follow that order,
    per-seat ones (``hand_sizes``, ``declared``, ``shown``, ``scores``) follow seats.
    ``tricks`` gives each completed trick's raw points; ``raw_points`` is what each side has
    captured so far (the last trick's point included once the deal is over).
    ``declarations`` lists each declarer's combinations; ``last_trick_raw`` is what the last
    trick adds (1 raw, or 3 under the house rule ``last_trick_whole``); ``target`` and
    ``deals_to_win`` end the match.
    """

    raw_points: tuple[int, ...]
    declared: tuple[bool, ...]
    declarations: tuple[tuple[int, tuple[Combo, ...]], ...]
    shown: tuple[tuple[Card, ...], ...]
    buongioco: tuple[int, ...]
    totals: tuple[int, ...]
    deals_won: tuple[int, ...]
    last_deal_points: tuple[int, ...] | None
    target: int
    deals_to_win: int
    last_trick_whole: bool
    last_trick_raw: int
    winners: tuple[int, ...]

    @property
    def led_suit(self) -> str | None:
        return self.trick[0][1].suit if self.trick else None

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the suits (indices 0-3, D C S B) it has shown it holds none of this deal.

        A player who does not follow the led suit has none left: the rules oblige him to follow
        when able.  Search seats use it to guess hands the seat could really face.
        """
        out: list[set[int]] = [set() for _ in range(self.players)]
        tricks = [t for _, t, _, _ in self.tricks]
        if self.trick:
            tricks.append(self.trick)
        for trick in tricks:
            led = trick[0][1].suit_index
            for seat, c in trick[1:]:
                if c.suit_index != led:
                    out[seat].add(led)
        return tuple(frozenset(v) for v in out)
