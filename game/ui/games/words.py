"""Engine messages reworded for the player: cards and suits named as they are drawn.

The engine explains refusals in its own notation ("you must follow hearts (or play a trump): 9S
is neither", "2D can capture ... play '2D x 1C 1S'"), which is right for records and tests but
not for someone looking at pictures of cards.  This is the one place that turns such a message
into plain words in the deck the player is looking at: card codes become "the 9 of spades" (or
"the 5 of swords" in Italian cards), runs of codes become "the A, the B and the C", quoted moves
become phrases, suit names follow the skin, and "seat 2" becomes that seat's name.  No rule is
re-derived: only words change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game import skins
from game.engine.cards import FRENCH, ITALIAN, Card, Deck

_DECKS: dict[str, Deck] = {"french": FRENCH, "italian": ITALIAN}

# "seat 2 does not hold ..." said to the player in seat 2
_YOU_VERBS = {
    "does not": "do not",
    "has": "have",
    "holds": "hold",
    "must": "must",
    "may": "may",
    "cannot": "cannot",
    "is": "are",
}


def _code_pattern(deck: Deck) -> str:
    ranks = "|".join(sorted(map(re.escape, deck.ranks), key=len, reverse=True))
    return rf"(?:{ranks})[{''.join(deck.suits)}]\*?"


def suit_label(game: str, suit: str, deck: str) -> str:
    """The display name of ``game``'s native suit letter in ``deck`` (via the skin of its ace)."""
    native = skins.NATIVE_DECK[game]
    ace = "A" if native == "french" else "1"
    try:
        folder, stem = skins.face_image(game, ace + suit, deck)
    except ValueError:
        folder, stem = native, ace + suit
    return _DECKS[folder].suit_name(stem[-1])


def card_words(game: str, card: Card | str, deck: str) -> str:
    """'9 of spades', 'Cavallo of coins': a card as drawn in ``deck`` (its code if it has none)."""
    try:
        return skins.card_label(game, card, deck)
    except ValueError:
        return str(card)


def join_words(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def player_message(
    game: str,
    message: str,
    deck: str,
    names: Sequence[str] | None = None,
    viewer: int | None = None,
) -> str:
    """``message`` from ``game``'s engine, reworded for a player looking at ``deck`` cards."""
    native = _DECKS[skins.NATIVE_DECK[game]]
    code = _code_pattern(native)
    run = re.compile(rf"(?<![\w*])({code}(?:(?:\s*,\s*|\s+)(?:\+\s+)?{code})*)(?![\w*])")
    one = re.compile(code)

    def cards(m: re.Match[str]) -> str:
        words = []
        for token in one.findall(m.group(1)):
            own = token.endswith("*")
            text = card_words(game, token.rstrip("*"), deck)
            words.append(f"the {text}" + (" (from your captures)" if own else ""))
        if "+" in m.group(1):
            return " + ".join(words)
        return join_words(words)

    def quoted(m: re.Match[str]) -> str:
        inner = m.group(1)
        if not one.search(inner) and inner.lower() not in ("pass", "buongioco"):
            return m.group(0)
        inner = re.sub(r"^take (\S+) with ", r"taking \1 with ", inner)
        inner = re.sub(r"^send ", "sending ", inner)
        inner = re.sub(r" x ", " to take ", inner)
        return inner

    # suit names first (on the engine's words), then the codes (which come out in display names)
    if deck != native.name:
        for s, name in zip(native.suits, native.suit_names, strict=True):
            message = re.sub(rf"\b{name}\b", suit_label(game, s, deck), message)
    message = message.replace("', '", "' or '")  # a list of moves offers a choice
    if "may take '" in message:  # "5S may take '5S x 5C'": the played card is said already
        head, tail = message.split("may take '", 1)
        message = head + "may take '" + re.sub(r"'\S+ x ", "'", "'" + tail)[1:]
    message = re.sub(r"'([^']+)'", quoted, message)
    message = run.sub(cards, message)
    message = message.replace("the the ", "the ")
    if names is not None:

        def seat(m: re.Match[str]) -> str:
            s = int(m.group(1))
            if s >= len(names):
                return m.group(0)
            if s == viewer:
                verb = m.group(2) or ""
                return "you" + (" " + _YOU_VERBS.get(verb.strip(), verb.strip()) if verb else "")
            return names[s] + (m.group(2) or "")

        verbs = "|".join(_YOU_VERBS)
        message = re.sub(rf"\bseat (\d)(\s(?:{verbs})\b)?", seat, message)
    return message[:1].upper() + message[1:]
