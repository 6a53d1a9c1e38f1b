"""What the table asks of a game's presentation module."""

from __future__ import annotations

from typing import Any

from game.art import skins
from game.engine import Card, GameState
from game.engine.cards import FRENCH, ITALIAN

from . import words

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
        return words.card_words(self.name, card, deck)

    def suit_label(self, suit: str, deck: str) -> str:
        """The display name of a native suit in ``deck`` (via the skin of its ace)."""
        return words.suit_label(self.name, suit, deck)

    def say(
        self, message: str, deck: str, names: list[str] | None = None, viewer: int | None = None
    ) -> str:
        """An engine message for the player: cards, suits and seats named as displayed."""
        return words.player_message(self.name, message, deck, names, viewer)

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
