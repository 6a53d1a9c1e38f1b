"""How Capodama is shown: seat names, the capo side's points, prompts and the deal summary."""

from __future__ import annotations

from typing import Any

from game.engine import Card
from game.engine.capodama import STRENGTH

from .base import GameUI


class CapodamaUI(GameUI):
    name = "capodama"
    title = "Capodama"

    def seat_name(self, seat: int, viewer: int, seats: int, kinds: list[str], players: int) -> str:
        if players == 1:
            return "Your hand" if seat == 0 else "Opponent's hand"
        return super().seat_name(seat, viewer, seats, kinds, players)

    def hand_key(self, card: Card) -> Any:
        # the order a player holds a hand: by suit, strongest first (as the engine's views do)
        return (card.suit_index, -STRENGTH[card.index])

    def prompt(self, kind: str, players: int, solitaire_hand: str = "") -> str:
        if kind == "double":
            return "You are the capo: choose the doubled suit"
        if kind == "trump":
            return "Choose the 4th trump"
        if kind == "pass":
            if players == 6:
                return "Choose a card for your left, then one for your right"
            return "Choose a card to pass to your left"
        if players == 1:
            return f"Play a card from {solitaire_hand}"
        return "Your turn: play a card"

    def summary_lines(self, data: dict[str, Any], names: list[str], players: int) -> list[str]:
        """The deal summary as lines of plain words, from the engine's ``deal_scored`` data."""
        capo = data["capo"]
        team = list(data["team"])
        pts = data["points"]
        lines: list[str] = []
        if players == 1:
            lo, hi = data["window"]
            lines.append(f"The capo took {pts} of 150 points (the window is {lo} to {hi}).")
            lines.append("Won!" if data["won"] else "Lost.")
            return lines
        partners = [names[s] for s in team if s != capo]
        side = names[capo] + (" with " + " and ".join(partners) if partners else " alone")
        lines.append(f"Capo side: {side}.")
        lines.append(f"They took {pts} of 150 points (needed {data['threshold']}).")
        awards = data["awards"]
        won = [names[s] for s in range(len(awards)) if awards[s] > 0]
        gain = max(awards) if awards else 0
        if pts >= data["threshold"]:
            lines.append("The capo side wins the deal" + (" — all 150!" if pts == 150 else "."))
        else:
            lines.append(
                "The opponents win the deal"
                + (" — the capo side took nothing!" if pts == 0 else ".")
            )
        if won:
            lines.append(f"+{gain} to " + ", ".join(won) + ".")
        return lines
