"""The coach's reasons in the player's language.

The coach (:mod:`game.ai.coach`) says what a move does as a :class:`~game.ai.coach.Reason`, a
code, its figures and the move it compares with; this is where each code becomes words, so a
language switch reaches the hints as it reaches every other text, and the AI layer holds no
sentence.  Cards, suits and moves a reason points at are named by the table's own namers (the
deck on screen); Tressette's points, counted in thirds, are said as its panel says them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.coach import Hint, Reason
from game.engine import Card, Move
from game.engine.tressette_tables import whole_and_thirds
from game.i18n import _, ngettext

from .games.tressette import thirds

__all__ = ["hint_reason", "reason_words"]


def _suit_letter(card: Card) -> str:
    """A suit as the card notation writes it: the table passes the deck's own names."""
    return card.suit


def _move_text(move: Move) -> str:
    return move.text


@dataclass(frozen=True)
class _Names:
    """How the table names what a reason points at: a card, its suit, a move."""

    card: Callable[[Card], str]
    suit: Callable[[Card], str]
    move: Callable[[Move], str]


def _window(p: dict[str, int]) -> str:
    return f"{p['lo']}–{p['hi']}"


def _points(p: dict[str, int]) -> tuple[str, int]:
    """A reason's points as said, and the count its plural follows: Tressette's thirds as
    its panel says them ("1 ⅔"), read as plural unless a whole single point."""
    points = p["points"]
    if not p.get("thirds"):
        return str(points), points
    whole, part = whole_and_thirds(points)
    return thirds(points), whole if not part else max(2, whole)


def _capo_takes(r: Reason, n: _Names) -> str:
    p = r.parts
    if not p["points"]:
        return _("the capo takes the trick")
    return ngettext(
        "the capo takes the trick: {points} point",
        "the capo takes the trick: {points} points",
        p["points"],
    ).format(points=p["points"])


def _takes(r: Reason, n: _Names) -> str:
    """Scopa's capture: its cards, and how many of them are of the coins suit, named as the
    panel names it (the deck on screen: "quadri" in French cards, "denari" in Italian)."""
    p = r.parts
    if p["coin_cards"]:
        suit = n.suit(Card(p["coin"]))
        return ngettext(
            "takes {cards} card ({suit}: {coins})",
            "takes {cards} cards ({suit}: {coins})",
            p["cards"],
        ).format(cards=p["cards"], suit=suit, coins=p["coin_cards"])
    return ngettext("takes {cards} card", "takes {cards} cards", p["cards"]).format(
        cards=p["cards"]
    )


def _doubles(r: Reason, n: _Names) -> str:
    p = r.parts
    if p["shared"]:
        return ngettext(
            "doubles one of the suits you hold most points in: {points} point",
            "doubles one of the suits you hold most points in: {points} points",
            p["points"],
        ).format(points=p["points"])
    return ngettext(
        "doubles the suit you hold most points in: {points} point",
        "doubles the suit you hold most points in: {points} points",
        p["points"],
    ).format(points=p["points"])


def _passes(r: Reason, n: _Names) -> str:
    p = r.parts
    if not p["points"]:
        return _("gives away no card points")
    return ngettext(
        "gives away the fewest points you can: {points} point",
        "gives away the fewest points you can: {points} points",
        p["points"],
    ).format(points=p["points"])


def _wins(r: Reason, n: _Names) -> str:
    points, count = _points(r.parts)
    return ngettext(
        "wins the trick: {points} point", "wins the trick: {points} points", count
    ).format(points=points)


def _partner_wins(r: Reason, n: _Names) -> str:
    points, count = _points(r.parts)
    return ngettext(
        "lets your partner win the trick: {points} point",
        "lets your partner win the trick: {points} points",
        count,
    ).format(points=points)


def _cheap(r: Reason, n: _Names) -> str:
    points, count = _points(r.parts)
    if not r.parts["points"]:
        return _("plays a card worth no points")
    return ngettext(
        "plays your card worth the fewest points: {points} point",
        "plays your card worth the fewest points: {points} points",
        count,
    ).format(points=points)


def _takes_often(r: Reason, n: _Names) -> str:
    p = r.parts
    if p["side"]:
        words = ngettext(
            "your side takes this trick in {won} of {n} sampled deal",
            "your side takes this trick in {won} of {n} sampled deals",
            p["n"],
        )
    else:
        words = ngettext(
            "you take this trick in {won} of {n} sampled deal",
            "you take this trick in {won} of {n} sampled deals",
            p["n"],
        )
    return words.format(won=p["won"], n=p["n"])


def _won_sampled(r: Reason, n: _Names) -> str:
    """The deal's figure: whose deal (the player's side, or the player alone), in how many
    sampled deals, and in how many after the next best move; when that move did better in
    these few deals, the line says the strongest AI still prefers the hinted one."""
    p = r.parts
    assert r.move is not None  # the coach compares with the next best move
    figures = {"won": p["won"], "n": p["n"], "next": p["next"], "move": n.move(r.move)}
    if p["won"] < p["next"]:
        if p["side"]:
            words = ngettext(
                "your side wins {won} of {n} sampled deal, {next} after {move}; still the "
                "strongest AI's choice",
                "your side wins {won} of {n} sampled deals, {next} after {move}; still the "
                "strongest AI's choice",
                p["n"],
            )
        else:
            words = ngettext(
                "you win {won} of {n} sampled deal, {next} after {move}; still the "
                "strongest AI's choice",
                "you win {won} of {n} sampled deals, {next} after {move}; still the "
                "strongest AI's choice",
                p["n"],
            )
    elif p["side"]:
        words = ngettext(
            "your side wins {won} of {n} sampled deal, {next} after the next best move, {move}",
            "your side wins {won} of {n} sampled deals, {next} after the next best move, {move}",
            p["n"],
        )
    else:
        words = ngettext(
            "you win {won} of {n} sampled deal, {next} after the next best move, {move}",
            "you win {won} of {n} sampled deals, {next} after the next best move, {move}",
            p["n"],
        )
    return words.format(**figures)


def _window_sampled(r: Reason, n: _Names) -> str:
    p = r.parts
    assert r.move is not None  # the coach compares with the next best move
    figures = {"window": _window(p), "hits": p["hits"], "n": p["n"], "next": p["next"]}
    if p["hits"] < p["next"]:
        words = ngettext(
            "{window} stays within reach in {hits} of {n} sampled deal, {next} after {move}; "
            "still the strongest AI's choice",
            "{window} stays within reach in {hits} of {n} sampled deals, {next} after {move}; "
            "still the strongest AI's choice",
            p["n"],
        )
    else:
        words = ngettext(
            "{window} stays within reach in {hits} of {n} sampled deal, {next} after the next "
            "best move, {move}",
            "{window} stays within reach in {hits} of {n} sampled deals, {next} after the next "
            "best move, {move}",
            p["n"],
        )
    return words.format(**figures, move=n.move(r.move))


def _declares_later(r: Reason, n: _Names) -> str:
    p = r.parts
    return ngettext(
        "keeps Buongioco ({points} point) for your next turn",
        "keeps Buongioco ({points} points) for your next turn",
        p["points"],
    ).format(points=p["points"])


def _skips_buongioco(r: Reason, n: _Names) -> str:
    p = r.parts
    return ngettext(
        "does not declare Buongioco ({points} point): keeps {cards} cards hidden",
        "does not declare Buongioco ({points} points): keeps {cards} cards hidden",
        p["points"],
    ).format(points=p["points"], cards=p["cards"])


def _passes_side_card(r: Reason, n: _Names) -> str:
    if r.parts["capo"]:
        return _("whoever gets it plays on your side")
    return _("whoever gets it joins the capo's side")


def _captures(r: Reason, n: _Names) -> str:
    p = r.parts
    return ngettext(
        "captures the top card: {held} captured card, your score {score}",
        "captures the top card: {held} captured cards, your score {score}",
        p["held"],
    ).format(held=p["held"], score=p["score"])


_SAY: dict[str, Callable[[Reason, _Names], str]] = {
    "keeps_window": lambda r, n: _("keeps {window} within reach").format(window=_window(r.parts)),
    "window_out_of_reach": lambda r, n: _(
        "{window} can no longer be reached, whatever you play"
    ).format(window=_window(r.parts)),
    "window_sampled": _window_sampled,
    "strongest_move": lambda r, n: _("the move the strongest AI would play"),
    "won_sampled": _won_sampled,
    "only_move": lambda r, n: _("your only legal move"),
    "ends_deal_won": lambda r, n: _("ends the deal won"),
    "capo_takes_trick": _capo_takes,
    "gives_trick_away": lambda r, n: ngettext(
        "gives the trick away: {points} point",
        "gives the trick away: {points} points",
        r.parts["points"],
    ).format(points=r.parts["points"]),
    "saves_dama": lambda r, n: _("saves the dama"),
    "wins_trick": _wins,
    "wins_last_trick": lambda r, n: _("wins the last trick"),
    "partner_wins_trick": _partner_wins,
    "takes_trick_often": _takes_often,
    "cheap_card": _cheap,
    "keeps_card": lambda r, n: _("keeps {card} for a later trick").format(
        card=n.card(Card(r.parts["card"]))
    ),
    "voids_suit": lambda r, n: _("leaves you no {suit}").format(suit=n.suit(Card(r.parts["card"]))),
    "declares": lambda r, n: ngettext(
        "declares Buongioco: scores {points} point now",
        "declares Buongioco: scores {points} points now",
        r.parts["points"],
    ).format(points=r.parts["points"]),
    "declares_later": _declares_later,
    "skips_buongioco": _skips_buongioco,
    "makes_scopa": lambda r, n: _("makes a scopa"),
    "takes_settebello": lambda r, n: _("takes the settebello"),
    "takes_cards": _takes,
    "takes_most": lambda r, n: _("the most cards you can take"),
    "keeps_primiera": lambda r, n: _("keeps {card} for the primiera").format(
        card=n.card(Card(r.parts["card"]))
    ),
    "denies_scopa": lambda r, n: _("leaves the next player no scopa"),
    "denies_capture": lambda r, n: _("leaves the next player nothing to capture"),
    "doubles_suit": _doubles,
    "passes_fewest": _passes,
    "passes_side_card": _passes_side_card,
    "names_held_trump": lambda r, n: _("names a 4th trump from your own hand"),
    "captures_top": _captures,
    "raises_score_most": lambda r, n: ngettext(
        "raises your score the most you can: +{points} point",
        "raises your score the most you can: +{points} points",
        r.parts["points"],
    ).format(points=r.parts["points"]),
    "fewest_replies": lambda r, n: ngettext(
        "the next player can capture after it in {hits} of {n} sampled deal, as few as "
        "after any card you could send",
        "the next player can capture after it in {hits} of {n} sampled deals, as few as "
        "after any card you could send",
        r.parts["n"],
    ).format(hits=r.parts["hits"], n=r.parts["n"]),
}


def reason_words(
    reason: Reason,
    card_name: Callable[[Card], str] = str,
    suit_name: Callable[[Card], str] = _suit_letter,
    move_name: Callable[[Move], str] = _move_text,
) -> str:
    """One reason in words (a code this table does not know reads as the strongest move);
    ``card_name`` names a card the reason points at, ``suit_name`` its suit and
    ``move_name`` the move it compares with, as the table shows them."""
    say = _SAY.get(reason.code)
    if say is None:
        return _("the move the strongest AI would play")
    return say(reason, _Names(card_name, suit_name, move_name))


def hint_reason(
    hint: Hint,
    card_name: Callable[[Card], str] = str,
    suit_name: Callable[[Card], str] = _suit_letter,
    move_name: Callable[[Move], str] = _move_text,
) -> str:
    """The hint's reasons in one line, in the player's language."""
    return " · ".join(reason_words(r, card_name, suit_name, move_name) for r in hint.reasons)
