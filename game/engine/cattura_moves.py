"""Cattura's moves: each built once, the legal ones listed, and typed text read back.

Move text (case-insensitive):

- ``send 5H``: put 5H on the battlefield.
- ``take 8H with 3D 5C``: capture the top card 8H; the cards after ``with`` go onto the
  battlefield in the order written, the last one on top.  A card from the player's own captured
  cards is marked with one ``*`` (``take 6D with 6S*``).  ``Move.arg`` holds one letter per used
  card: "h" from the hand, "c" from the captured cards.
- ``pass``.

Moves are made once per distinct capture and kept, so legal-move lists allocate nothing after
the first few games.
"""

from __future__ import annotations

from .base import IllegalMove, Move
from .cards import FRENCH, Card, CardError, parse_card
from .cattura_cards import VALUE, VALUE_MASK, card

__all__ = ["PASS", "SEND", "legal_moves", "read_move", "take"]

SEND = [Move("send", (card(i),), f"send {card(i)}") for i in range(52)]
PASS = Move("pass", (), "pass")
_NONE = 63
_TAKES: dict[int, Move] = {}


def _take_text(target: Card, used: list[tuple[Card, bool]]) -> str:
    return f"take {target} with " + " ".join(f"{c}{'*' if own else ''}" for c, own in used)


def _take_move(target: Card, used: list[tuple[Card, bool]]) -> Move:
    src = "".join("c" if own else "h" for _, own in used)
    return Move("take", (target, *(c for c, _ in used)), _take_text(target, used), src)


def take(t: int, a: int, ca: int, b: int = _NONE, cb: int = 0) -> Move:
    """The capture of ``t`` putting ``a`` then ``b`` (on top) onto the battlefield.

    ``ca``/``cb`` are 1 when the card comes from the player's own captured cards.
    """
    key = t | a << 6 | ca << 12 | b << 13 | cb << 19
    m = _TAKES.get(key)
    if m is None:
        used = [(card(a), bool(ca))] if b == _NONE else [(card(a), bool(ca)), (card(b), bool(cb))]
        m = _TAKES[key] = _take_move(card(t), used)
    return m


def legal_moves(hand: int, caps: int, t: int) -> list[Move]:
    """Every move of a player holding ``hand`` with captured ``caps`` when ``t`` is on top."""
    v = VALUE[t]
    out = [SEND[i] for i in _bits(hand & ~VALUE_MASK[v])]
    out += [take(t, i, 0) for i in _bits(hand & VALUE_MASK[v])]
    out += [take(t, i, 1) for i in _bits(caps & VALUE_MASK[v])]
    for i in _bits(hand):
        a = VALUE[i]
        if a < v:
            out += _pairs(t, i, a, v - a, hand, caps)
    return out or [PASS]


def _pairs(t: int, i: int, a: int, b: int, hand: int, caps: int) -> list[Move]:
    """The captures of ``t`` by hand card ``i`` (value ``a``) and a card of value ``b``.

    The larger goes on top; equal values give both orders.  Two hand cards are listed once,
    from the smaller (or, for equal values, from each card of the pair in turn).
    """
    out = []
    if a <= b:
        out += [take(t, i, 0, j, 0) for j in _bits(hand & VALUE_MASK[b] & ~(1 << i))]
    for j in _bits(caps & VALUE_MASK[b]):
        if a <= b:
            out.append(take(t, i, 0, j, 1))
        if a >= b:
            out.append(take(t, j, 1, i, 0))
    return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def read_move(key: str, caps: int | None, legal: list[Move]) -> Move | None:
    """The move upper-case text ``key`` names, legal or not, so a refusal can say why.

    A capture typed without ``*`` marks (``caps``: the player's captured cards, None once the
    match is over) is the legal move it can only mean.  None when ``key`` is no move form; an
    IllegalMove for a card marked with anything but one ``*``.
    """
    if key == "PASS":
        return PASS
    words = key.split()
    try:
        if words[0] == "SEND" and len(words) == 2:
            c = parse_card(words[1], FRENCH)
            return Move("send", (c,), f"send {c}")
        if words[0] == "TAKE" and len(words) >= 4 and words[2] == "WITH":
            return _read_take(parse_card(words[1], FRENCH), words[3:], caps, legal)
    except CardError:
        return None
    return None


def _read_take(target: Card, words: list[str], caps: int | None, legal: list[Move]) -> Move:
    used = [(parse_card(w[:-1] if _marked(w) else w, FRENCH), _marked(w)) for w in words]
    if caps is not None and not any(own for _, own in used):
        text = _take_text(target, [(c, bool(caps >> c.index & 1)) for c, _ in used])
        for mv in legal:
            if mv.text == text:
                return mv
    return _take_move(target, used)


def _marked(word: str) -> bool:
    """Whether a used card is marked as one's own captured card; refuses a wrong mark."""
    body = word.rstrip("*")
    if len(word) - len(body) > 1 or not body:
        raise IllegalMove(
            f"{word!r} is not a card: mark one of your captured cards with a single '*'",
            "bad_mark",
            text=word,
        )
    return body != word
