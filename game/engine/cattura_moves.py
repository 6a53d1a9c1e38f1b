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

from collections.abc import Sequence

from .base import CardMove, IllegalMove, Move, MovesByMask
from .cards import FRENCH, Card, CardError, parse_card
from .cattura_cards import VALUE, VALUE_MASK, card
from .memo import Memo

__all__ = ["PASS", "SEND", "legal_moves", "read_move", "take"]

SEND = [CardMove("send", card(i), f"send {card(i)}") for i in range(52)]
PASS = Move("pass", (), "pass")
_NONE = 63
_TAKES: Memo[int, Move] = Memo("cattura captures", 1 << 13)
#: the sends of a mask of hand cards, each tuple made once
_SENDS = MovesByMask(SEND, [((1 << 13) - 1) << (13 * s) for s in range(4)])
#: the Cattura cards of a value below each value 1..8 (index 0 unused)
_BELOW = [0] * 9
for _v in range(2, 9):
    _BELOW[_v] = _BELOW[_v - 1] | VALUE_MASK[_v - 1]


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
        m = _TAKES.keep(key, _take_move(card(t), used))
    return m


def legal_moves(hand: int, caps: int, t: int) -> list[Move]:
    """Every move of a player holding ``hand`` with captured ``caps`` when ``t`` is on top.

    Sends first (card order), then single-card captures (hand, then captured cards), then
    pairs.  Pairs put the larger card on top; equal values give both orders (two hand cards of
    equal value are listed from each card in turn).  Written as plain bit loops, the sends
    looked up by mask: search seats call it at every turn of every rollout.
    """
    v = VALUE[t]
    same = VALUE_MASK[v]
    m = hand & ~same
    out = list(_SENDS(m))
    if (hand | caps) & same:
        for pile, src in ((hand, 0), (caps, 1)):
            m = pile & same
            while m:
                low = m & -m
                out.append(take(t, low.bit_length() - 1, src))
                m ^= low
    m = hand & _BELOW[v]
    while m:
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        a = VALUE[i]
        b = v - a
        if a <= b:  # two hand cards, from the smaller
            h = hand & VALUE_MASK[b] & ~low
            while h:
                hb = h & -h
                out.append(take(t, i, 0, hb.bit_length() - 1, 0))
                h ^= hb
        c = caps & VALUE_MASK[b]
        while c:
            cb = c & -c
            c ^= cb
            j = cb.bit_length() - 1
            if a <= b:
                out.append(take(t, i, 0, j, 1))
            if a >= b:
                out.append(take(t, j, 1, i, 0))
    return out or [PASS]


def read_move(key: str, caps: int | None, legal: Sequence[Move]) -> Move | None:
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


def _read_take(target: Card, words: list[str], caps: int | None, legal: Sequence[Move]) -> Move:
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
