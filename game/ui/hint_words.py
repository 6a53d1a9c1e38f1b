"""The coach's reasons in the player's language.

The coach (:mod:`game.ai.coach`) says what a move does as a :class:`~game.ai.coach.Reason`, a
code and its figures; this is where each code becomes words, so a language switch reaches the
hints as it reaches every other text, and the AI layer holds no sentence.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.coach import Hint, Reason
from game.engine import Card
from game.i18n import _, ngettext

__all__ = ["hint_reason", "reason_words"]


def _suit_letter(card: Card) -> str:
    """A suit as the card notation writes it: the table passes the deck's own names."""
    return card.suit


def _window(p: dict[str, int]) -> str:
    return f"{p['lo']}–{p['hi']}"


def _capo_takes(p: dict[str, int]) -> str:
    if not p["points"]:
        return _("the capo takes the trick")
    return ngettext(
        "the capo takes the trick: {points} point",
        "the capo takes the trick: {points} points",
        p["points"],
    ).format(points=p["points"])


def _takes(p: dict[str, int], suit_name: Callable[[Card], str]) -> str:
    """Scopa's capture: its cards, and how many of them are of the coins suit, named as the
    panel names it (the deck on screen: "quadri" in French cards, "denari" in Italian)."""
    if p["coin_cards"]:
        suit = suit_name(Card(p["coin"]))
        return ngettext(
            "takes {cards} card ({suit}: {coins})",
            "takes {cards} cards ({suit}: {coins})",
            p["cards"],
        ).format(cards=p["cards"], suit=suit, coins=p["coin_cards"])
    return ngettext("takes {cards} card", "takes {cards} cards", p["cards"]).format(
        cards=p["cards"]
    )


def _doubles(p: dict[str, int]) -> str:
    if p["shared"]:
        return ngettext(
            "doubles one of the suits you hold most points in: {points} point",
            "doubles one of the suits you hold most points in: {points} points",
            p["points"],
        ).format(points=p["points"])
    if p["most"]:
        return ngettext(
            "doubles the suit you hold most points in: {points} point",
            "doubles the suit you hold most points in: {points} points",
            p["points"],
        ).format(points=p["points"])
    return ngettext(
        "doubles a suit you hold {points} point in",
        "doubles a suit you hold {points} points in",
        p["points"],
    ).format(points=p["points"])


def _passes(p: dict[str, int]) -> str:
    if not p["points"]:
        return _("gives away no card points")
    return ngettext(
        "gives away the fewest points you can: {points} point",
        "gives away the fewest points you can: {points} points",
        p["points"],
    ).format(points=p["points"])


_SAY: dict[str, Callable[[dict[str, int]], str]] = {
    "keeps_window": lambda p: _("keeps {window} within reach").format(window=_window(p)),
    "window_sampled": lambda p: ngettext(
        "{window} stays within reach in {hits} of {n} sampled deal",
        "{window} stays within reach in {hits} of {n} sampled deals",
        p["n"],
    ).format(window=_window(p), hits=p["hits"], n=p["n"]),
    "strongest_move": lambda p: _("the move the strongest AI would play"),
    "won_sampled": lambda p: ngettext(
        "the deal is won in {won} of {n} sampled deal",
        "the deal is won in {won} of {n} sampled deals",
        p["n"],
    ).format(won=p["won"], n=p["n"]),
    "ends_deal_won": lambda p: _("ends the deal won"),
    "capo_takes_trick": _capo_takes,
    "gives_trick_away": lambda p: ngettext(
        "gives the trick away: {points} point", "gives the trick away: {points} points", p["points"]
    ).format(points=p["points"]),
    "saves_dama": lambda p: _("saves the dama"),
    "wins_trick": lambda p: (
        ngettext(
            "wins the trick: {points} point", "wins the trick: {points} points", p["points"]
        ).format(points=p["points"])
        if "points" in p
        else _("wins the trick")
    ),
    "wins_last_trick": lambda p: _("wins the last trick"),
    "partner_wins_trick": lambda p: _("lets your partner win the trick"),
    "declares": lambda p: ngettext(
        "declares Buongioco: {points} point", "declares Buongioco: {points} points", p["points"]
    ).format(points=p["points"]),
    "makes_scopa": lambda p: _("makes a scopa"),
    "takes_settebello": lambda p: _("takes the settebello"),
    "denies_scopa": lambda p: _("leaves the next player no scopa"),
    "denies_capture": lambda p: _("leaves the next player nothing to capture"),
    "doubles_suit": _doubles,
    "passes_fewest": _passes,
    "names_held_trump": lambda p: _("names a 4th trump from your own hand"),
    "captures_top": lambda p: ngettext(
        "captures the top card: you hold {held} captured card",
        "captures the top card: you hold {held} captured cards",
        p["held"],
    ).format(held=p["held"]),
}


def reason_words(
    reason: Reason,
    card_name: Callable[[Card], str] = str,
    suit_name: Callable[[Card], str] = _suit_letter,
) -> str:
    """One reason in words (a code this table does not know reads as the strongest move);
    ``card_name`` names a card the reason points at and ``suit_name`` its suit, as the table
    shows them."""
    if reason.code == "keeps_card":
        card = card_name(Card(reason.parts["card"]))
        return _("keeps {card} for a later trick").format(card=card)
    if reason.code == "takes_cards":
        return _takes(reason.parts, suit_name)
    say = _SAY.get(reason.code)
    return say(reason.parts) if say is not None else _("the move the strongest AI would play")


def hint_reason(
    hint: Hint,
    card_name: Callable[[Card], str] = str,
    suit_name: Callable[[Card], str] = _suit_letter,
) -> str:
    """The hint's reasons in one line, in the player's language."""
    return " · ".join(reason_words(r, card_name, suit_name) for r in hint.reasons)
