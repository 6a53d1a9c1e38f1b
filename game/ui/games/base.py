"""What the table asks of a game's presentation module."""

from __future__ import annotations

import re
from typing import Any

from game.art import skins
from game.engine import Card, GameState
from game.engine.cards import FRENCH, ITALIAN

_DECKS = {"french": FRENCH, "italian": ITALIAN}

COMPASS = {
    2: ["South", "North"],
    3: ["South", "West", "East"],
    4: ["South", "West", "North", "East"],
    5: ["South", "West", "North-West", "North-East", "East"],
    6: ["South", "South-West", "North-West", "North", "North-East", "South-East"],
}


class GameUI:
    name = ""
    title = ""

    # -- names and words ---------------------------------------------------------------------
    def seat_name(self, seat: int, viewer: int, seats: int, kinds: list[str], players: int) -> str:
        rel = (seat - viewer) % seats
        if kinds[seat] == "human" and seat == viewer:
            return "You"
        name = COMPASS.get(seats, [f"Seat {i + 1}" for i in range(seats)])[rel]
        if kinds[seat] == "human":
            return f"{name} (player)"
        return name

    def card_label(self, card: Card, deck: str) -> str:
        try:
            return skins.card_label(self.name, card, deck)
        except ValueError:
            return str(card)

    def suit_label(self, suit: str, deck: str) -> str:
        """The display name of a native suit in ``deck`` (via the skin of its ace)."""
        native = skins.NATIVE_DECK[self.name]
        ace = "A" if native == "french" else "1"
        try:
            folder, stem = skins.face_image(self.name, ace + suit, deck)
        except ValueError:
            folder, stem = native, ace + suit
        d = _DECKS[folder]
        return d.suit_name(stem[-1])

    def say(self, message: str, deck: str) -> str:
        """An engine message for the player: capitalised, cards and suits named as displayed."""
        native = skins.NATIVE_DECK[self.name]
        if deck != native:
            d = _DECKS[native]

            def card(m: re.Match[str]) -> str:
                try:
                    return self.card_label(Card(d.card(m.group(1), m.group(2))), deck)
                except (ValueError, KeyError):
                    return m.group(0)

            ranks = "|".join(sorted(map(re.escape, d.ranks), key=len, reverse=True))
            suits = "".join(d.suits)
            message = re.sub(rf"\b({ranks})([{suits}])\b", card, message)
            for s, name in zip(d.suits, d.suit_names, strict=True):
                message = re.sub(rf"\b{name}\b", self.suit_label(s, deck), message)
        return message[:1].upper() + message[1:]

    # -- hooks the table uses ----------------------------------------------------------------
    def hand_key(self, card: Card) -> Any:
        return int(card)

    def set_aside_now(self, state: GameState, viewer: int) -> int:
        """Cards waiting face down in the deck pile (Capodama's set-aside half)."""
        return int(getattr(state.view(viewer), "set_aside", 0) or 0)

    def rules_file(self) -> str:
        return f"{self.name}.txt"

    def suit_ace(self, suit: str) -> Card:
        """The ace of a native suit: its picture stands for the suit in buttons and the HUD."""
        native = skins.NATIVE_DECK[self.name]
        d = _DECKS[native]
        return d.card(d.ranks[0] if native == "italian" else "A", suit)
