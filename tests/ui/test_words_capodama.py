"""Capodama in Italian cards names every card as it is drawn: "the 1 of coins", never "AH".

Capodama is played with French cards; in Italian cards each is shown as its Italian picture
(A→1, Q→Cavallo, hearts→coins...), so a toast that said "the queen of hearts" or "QH" would
name a card nobody sees.  These tests play real deals through the app (clicks and the table's
own calls, rules AI at the other seats) and collect every text the UI builds: each toast (the
capo, the doubled suit, the 4th trump, the dama revealed, refusals), each line it draws (prompts,
buttons, the side panel, the deal summary), the words for every legal move, and the refusals of
moves the rules forbid at each decision.  In Italian cards none may name a French card; in
French cards the same collection must name French cards, which shows the check can see them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import game.ui.theme as theme
from game.engine import new_game
from game.engine.capodama import pass_move
from game.engine.cards import FRENCH, ITALIAN
from tests.ui_harness import (
    click,
    decide_non_play,
    human_turn,
    make_app,
    run_until,
    sprite_center,
    start_game,
    user_dirs,
)

FRENCH_NOTATION = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")
"""An engine card code: "QH", "10S"."""
FRENCH_WORDS = re.compile(
    r"\b(?:ace|king|queen|jack|hearts|diamonds|clubs|spades)\b|[♠♥♦♣]", re.IGNORECASE
)
"""French card and suit names, and the French suit symbols."""
ITALIAN_WORDS = re.compile(
    r"\b(?:[1-7]|Fante|Cavallo|Re) of (?:" + "|".join(map(ITALIAN.suit_name, ITALIAN.suits)) + ")"
)
FRENCH_CARD_WORDS = re.compile(
    r"\b(?:[2-9]|10|ace|king|queen|jack) of (?:"
    + "|".join(map(FRENCH.suit_name, FRENCH.suits))
    + ")",
    re.IGNORECASE,
)


def first_seed(players: int, human_is_capo: bool) -> int:
    """The first deal in which seat 0 (the human) is, or is not, the capo (asked of the engine:
    the capo is the first to decide, naming the doubled suit)."""
    for seed in range(1, 200):
        st = new_game("capodama", players=players, seed=seed)
        capo_first = st.current_player == 0 and st.legal_moves()[0].kind == "double"
        if capo_first == human_is_capo:
            return seed
    raise AssertionError("no such deal in 200 seeds")


class Said:
    """Every text the UI builds while a table is shown: toasts and every rendered line."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def add(self, text: str) -> None:
        if text.strip():
            self.texts.append(text)

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def recorded(text: str, *args: Any, **kw: Any) -> Any:
            self.add(text)
            return fn(text, *args, **kw)

        return recorded


@pytest.fixture
def app(tmp_path: Any, monkeypatch: Any) -> Iterator[Any]:
    user_dirs(tmp_path, monkeypatch)
    a = make_app(speed="instant", persist=False)
    yield a
    a.shutdown()


def provoke(table: Any, said: Said) -> None:
    """At a human decision: the words of every legal move, and what the table says to moves the
    rules forbid now (each goes through the table as a click would, and comes back a toast)."""
    gui = table.model.gui
    for m in table.model.prompt.legal:
        said.add(gui.move_words(m))
    hand = [sp.card for sp in table.model.table.hands[table.model.viewer] if sp.card is not None]
    legal_first = {m.cards[0] for m in table.model.prompt.legal if m.cards}
    kind = table.model.prompt.kind
    if kind == "double":
        table.model.apply("double H")  # the capo's own suit cannot be doubled
        table.model.apply("double X")
        table.model.apply(str(hand[0]))  # a card before the doubled suit
    elif kind == "trump":
        table.model.apply(f"trump {hand[0]}")  # a card already a trump or held
        table.model.apply(str(hand[0]))  # a card played before the 4th trump is named
    elif kind == "pass":
        for c in hand:
            if c not in legal_first:
                table.model.refuse(pass_move((c,) * gui.pass_count()))
        table.model.apply(str(hand[0]))  # a card played before the exchange
    elif kind == "play":
        for c in hand:
            if c not in legal_first:
                table.model.apply(str(c))


def play_deal(app: Any, players: int, seed: int, deck: str, said: Said) -> None:
    """Start a deal with the human at seat 0 and play it to its summary by clicks."""
    from game.ui.scenes.result import ResultScene
    from game.ui.scenes.summary import SummaryScene

    app.settings.deck = deck
    table = start_game(app, "capodama", players, seed=seed)
    provoked: set[int] = set()

    def done() -> bool:
        return isinstance(app.scenes.top, SummaryScene | ResultScene)

    for _ in range(400):
        if run_until(app, lambda: done() or human_turn(table), 3000) and done():
            break
        if len(table.model.state.history) not in provoked:
            provoked.add(len(table.model.state.history))
            provoke(table, said)
            app.step()  # the refusals' toasts are drawn
        if table.model.prompt.kind == "play":
            legal = table.model.legal_cards()
            hands = [sp for h in table.model.active_hands() for sp in table.model.table.hands[h]]
            sp = next(sp for sp in hands if sp.card in legal)
            click(app, sprite_center(table, sp))
        else:
            decide_non_play(app, table)
    assert done(), "the deal never reached its summary"
    for _ in range(3):
        app.step()  # the summary is drawn


POSITIONS = [
    pytest.param(4, True, id="4 players, the human is the capo (double, pass)"),
    pytest.param(4, False, id="4 players, an AI is the capo (its toasts, the dama)"),
    pytest.param(3, True, id="3 players, the human names the 4th trump"),
    pytest.param(1, True, id="the solitaire"),
]


def collect(app: Any, monkeypatch: Any, players: int, human_is_capo: bool, deck: str) -> Said:
    said = Said()
    monkeypatch.setattr(theme, "text", said.wrap(theme.text))
    monkeypatch.setattr(app, "toast", said.wrap(app.toast))
    play_deal(app, players, first_seed(players, human_is_capo), deck, said)
    return said


@pytest.mark.parametrize(("players", "human_is_capo"), POSITIONS)
def test_italian_cards_are_named_as_drawn(
    app: Any, monkeypatch: Any, players: int, human_is_capo: bool
) -> None:
    said = collect(app, monkeypatch, players, human_is_capo, "italian")
    french = [t for t in said.texts if FRENCH_NOTATION.search(t) or FRENCH_WORDS.search(t)]
    assert not french, french
    # the collection did name cards, in Italian words: with others at the table the capo is
    # announced by its card, the ace of hearts, which Italian cards show as the 1 of coins
    named = [t for t in said.texts if ITALIAN_WORDS.search(t)]
    assert named, sorted(set(said.texts))
    if players > 1:
        assert any("the 1 of coins: capo" in t for t in said.texts), named


@pytest.mark.parametrize(("players", "human_is_capo"), POSITIONS[:2])
def test_the_same_texts_in_french_cards_name_french_cards(
    app: Any, monkeypatch: Any, players: int, human_is_capo: bool
) -> None:
    """The control: in French cards the texts do name cards the French way, so the check above
    would see a French name that leaked into Italian cards."""
    said = collect(app, monkeypatch, players, human_is_capo, "french")
    assert any(FRENCH_CARD_WORDS.search(t) for t in said.texts), sorted(set(said.texts))
    assert not any(ITALIAN_WORDS.search(t) for t in said.texts)
