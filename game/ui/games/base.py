"""What the table asks of a game's presentation module, with the defaults most games share.

The table scene (:mod:`game.ui.scenes.table`) runs every game the same way: it follows the
engine's event log, asks the current seat for a move (a human through clicks, an AI in a worker
thread) and plays it.  Everything that differs between games in how things are *shown* and
*clicked* lives in one :class:`GameUI` subclass per game: how the table is laid out, which events
become which animations, what the side panel says, what the prompt says, what a click on a card
means, and the deal summary.  Such a module never decides a rule: what is legal, what a capture
takes and what a deal scores come from the engine's legal moves, views and events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from game import skins
from game.engine import BaseView, Card, DealScored, Payload
from game.engine.cards import FRENCH
from game.i18n import N_, _

from . import words

if TYPE_CHECKING:
    from game.engine import Event, IllegalMove, Move

    from ..anim import CardSprite
    from ..hud import Item
    from ..widgets import Button
    from .table_api import TableApi


#: the signs French cards print in their corners, in the order of the deck's suits
_SIGNS = dict(zip(FRENCH.suits, "♠♥♦♣", strict=True))

COMPASS = {
    2: [N_("South"), N_("North")],
    3: [N_("South"), N_("West"), N_("East")],
    4: [N_("South"), N_("West"), N_("North"), N_("East")],
    5: [N_("South"), N_("West"), N_("North-West"), N_("North-East"), N_("East")],
    6: [
        N_("South"),
        N_("South-West"),
        N_("North-West"),
        N_("North"),
        N_("North-East"),
        N_("South-East"),
    ],
}


class PanelModel(Protocol):
    """What the table reads of every game's panel model (:meth:`GameUI.new_model`): the seat
    to play, marked on the panel (None under a deal's summary), and the match scores."""

    turn: int | None
    scores: list[int]


#: the game's view class (its engine's ``GameState[ViewT]``) and its panel model class
ViewT = TypeVar("ViewT", bound=BaseView)
ModelT = TypeVar("ModelT", bound=PanelModel)
ScoredT = TypeVar("ScoredT", bound=DealScored)


def scored_as(data: DealScored, cls: type[ScoredT]) -> ScoredT:
    """A deal's result as the game's own :class:`DealScored` class, which its engine always
    logs (checked: a summary that reads the wrong class fails at once)."""
    assert isinstance(data, cls), f"{data!r} is not a {cls.__name__}"
    return data


@dataclass(frozen=True)
class LastLook:
    """The last trick or capture, as L and a click on a won pile show it again: a title
    that says who took it (and with what), and each card with a caption under it (who played
    it, or what it did in the capture)."""

    title: str
    cards: tuple[tuple[Card, str], ...]


class GameUI(Generic[ViewT, ModelT]):
    """A game's presentation, typed by its engine's view and its own panel model."""

    name = ""
    title = ""
    #: the most cards a hand holds (sizes the side hands: the engine's hand size, every game
    #: sets it), and what lies in the middle: "" a trick, "grid" Scopa's table cards, "stack"
    #: Cattura's battlefield
    hand_max: int
    center = ""
    #: cards per layer of a won pile (0: one trick, as many as seats); how many cards a pile
    #: shows face up side by side (Cattura's captures); whether cards stick out of a pile face
    #: up, counted in words under it (Scopa's scope)
    pile_stride = 0
    pile_cards = 1
    pile_flags = False
    #: the kinds of events shown together as one beat (the simultaneous exchange of Capodama)
    batch_kinds: tuple[type[Payload], ...] = ()
    #: the kinds of events that end a trick or a capture (a replay's PgUp and PgDn step by them)
    taking_kinds: tuple[type[Payload], ...] = ()
    #: the panel's button that shows the last trick or capture again (L), and what a look
    #: before the first one says
    LAST_BUTTON = N_("Last trick (L)")
    LAST_NONE = N_("No trick has been played yet")
    #: the Settings row that sets how long a finished trick or capture stays on the table
    HOLD_LABEL = N_("Trick stays")

    def __init__(self) -> None:
        # the table (its model), once attached; None before (a summary drawn without a table tests
        # ``self.t is not None``), typed as attached because every other use needs a table
        self.t: TableApi = cast("TableApi", None)

    def attach(self, table: TableApi) -> None:
        self.t = table

    # -- names and words ---------------------------------------------------------------------
    def seat_name(self, seat: int, viewer: int, seats: int, kinds: list[str], players: int) -> str:
        """A seat's name on its plate: "You", "West", "North (player)" for another human."""
        name = self.seat_short(seat, viewer, seats, kinds, players)
        if kinds[seat] == "human" and seat != viewer:
            return _("{name} (player)").format(name=name)
        return name

    def seat_short(self, seat: int, viewer: int, seats: int, kinds: list[str], players: int) -> str:
        """A seat's name alone, as sentences say it ("West", "You")."""
        if kinds[seat] == "human" and seat == viewer:
            return _("You")
        compass = COMPASS.get(seats)
        if compass is None:
            return _("Seat {number}").format(number=seat + 1)
        return _(compass[(seat - viewer) % seats])

    def is_you(self, seat: int) -> bool:
        """Whether ``seat`` is the human the table is seen from: sentences name it "You", and
        English then says "You win", not "You wins"."""
        t = self.t
        return t is not None and seat == t.viewer and t.kind_of(seat) == "human"

    def card_label(self, card: Card, deck: str) -> str:
        return words.card_words(self.name, card, deck)

    def card_the(self, card: Card, deck: str) -> str:
        """The card with its article ("the 7 of coins", "il 7 di denari") in ``deck``."""
        return words.card_the(self.name, card, deck)

    def suit_label(self, suit: str, deck: str) -> str:
        """The display name of a native suit in ``deck`` (via the skin of its ace)."""
        return words.suit_label(self.name, suit, deck)

    def card_short(self, card: Card) -> str:
        """A card as short as its corner where the deck has signs for its suits ("5♠" in
        French cards), else by name ("Cavallo of cups")."""
        deck = self.t.deck
        try:
            folder, stem = skins.face_image(self.name, card, deck)
        except ValueError:
            return str(card)
        if folder == FRENCH.name:
            return stem[:-1] + _SIGNS[stem[-1]]
        return self.card_label(card, deck)

    def card_words(self, card: Card) -> str:
        """'the 7 of coins' in the deck on screen (for toasts and banners)."""
        return self.card_the(card, self.t.deck)

    # -- refusals -----------------------------------------------------------------------------
    #: reason code -> sentence with {part} fields; each game adds its own codes (see refusal_text)
    #: (marked with N_ and translated where shown, so a language switch shows at once)
    REFUSALS: ClassVar[dict[str, str]] = {
        "not_a_move": N_("{text} is not a move here"),
        "not_your_turn": N_("it is not your turn: {current} is to play"),
        "not_a_seat": N_("{seat} is not a seat at this table"),
        "match_over": N_("the match is over"),
        "between_deals": N_("this deal is over: wait for the next one"),
    }

    def move_words(self, move: Move) -> str:
        """A move in words ("the 5 of swords"); games with richer moves say more."""
        return words.join_words([self.card_words(c) for c in move.cards]) or move.text

    def refusal_text(self, exc: IllegalMove, names: list[str], viewer: int | None) -> str:
        """Why a move was refused, built from the engine's reason code and parts.

        The sentence comes from :attr:`REFUSALS` (the game's own table over the common one);
        each part is said as the player sees it: cards in the deck on screen, suits by their
        displayed name, seats by name ("you" for the viewer), moves through :meth:`move_words`.
        An unknown code falls back to the engine's English sentence.
        """
        template = self.refusal_template(exc)
        if template is None:
            return str(exc)
        said = {k: self._part_words(k, v, names, viewer) for k, v in exc.parts.items()}
        return words.capitalized(template.format_map(said))

    def refusal_template(self, exc: IllegalMove) -> str | None:
        """The refusal's sentence in the player's language, with its {part} fields (a game
        whose sentence has a plural form picks it here by the count)."""
        template = self.REFUSALS.get(exc.code) or GameUI.REFUSALS.get(exc.code)
        return _(template) if template is not None else None

    def _part_words(self, key: str, value: Any, names: list[str], viewer: int | None) -> str:
        from game.engine import Move

        deck = self.t.deck
        if isinstance(value, Move):
            return self.move_words(value)
        if isinstance(value, Card):
            return self.card_the(value, deck)
        if isinstance(value, list | tuple) and value and isinstance(value[0], Move):
            return words.either_words([self.move_words(m) for m in value])
        if isinstance(value, list | tuple) and all(isinstance(c, Card) for c in value):
            return words.join_words([self.card_the(c, deck) for c in value])
        if "suit" in key and isinstance(value, str):
            return self.suit_label(value, deck)
        if key in ("seat", "current", "player") and isinstance(value, int):
            if value == viewer:
                return _("you")
            if 0 <= value < len(names):
                return names[value]
            return _("seat {number}").format(number=value)
        return str(value)

    # -- the side panel -----------------------------------------------------------------------
    def new_model(self, view: ViewT, seed: int) -> ModelT:
        """What the panel shows, kept in step with the animation (the engine may be ahead)."""
        raise NotImplementedError

    def model_key(self, model: ModelT) -> Any:
        return id(model)

    def hud_items(self, model: ModelT, names: list[str], deck: str) -> list[Item]:
        return [("title", self.title)]

    def seat_scores(self, model: ModelT) -> list[int]:
        return model.scores

    def badges(self, seat: int) -> list[tuple[str, Any]]:
        """Small labels on a seat's name plate (CAPO, DAMA, READY...)."""
        return []

    def pile_badge(self, seat: int) -> str:
        """The number shown on a seat's won pile ('' for none)."""
        n = len(self.t.table.piles[seat]) // max(1, self.t.state.seats)
        return str(n) if n else ""

    # -- events to animation ------------------------------------------------------------------
    def enqueue(self, e: Event) -> bool:
        """Turn one event into animation beats on ``self.t.queue``; False if not handled."""
        return False

    def enqueue_batch(self, batch: list[Event]) -> None:
        """Events of ``batch_kinds`` that came together, shown as one beat."""

    def rebuild(self, view: ViewT) -> None:
        """Lay the table out from a view, without animation (continue, undo, new viewer)."""

    def on_sync(self, view: ViewT) -> None:
        """Every event has been shown: refresh what depends on the view."""

    def deck_cards(self) -> list[Card]:
        """Every card the match deals (their pictures are prepared in advance)."""
        state = self.t.state
        return list(state.info.cards_for(state.players))

    # -- the human's decisions ----------------------------------------------------------------
    def decision(self, legal: list[Move]) -> str:
        """What the human is asked now (the table's ``prompt.kind``): "play" in most games."""
        return "play"

    def prompt(self, kind: str, players: int, solitaire_hand: str = "") -> str:
        return _("Your turn: play a card")

    def prompt_text(self) -> str:
        return self.prompt(self.t.prompt.kind, self.t.state.players)

    def place_prompt(self) -> None:
        """Make the prompt's buttons (``self.t.prompt.buttons``) or its card chooser
        (``self.t.prompt.chooser``)."""

    def legal_cards(self) -> set[Card]:
        """Hand cards to highlight as playable."""
        return {m.cards[0] for m in self.t.prompt.legal if m.cards}

    def clickable(self, sp: CardSprite) -> bool:
        """Whether a click on this sprite means something now."""
        return sp.zone == "hand" and sp.owner in self.t.active_hands() and not sp.moving

    def click_card(self, sp: CardSprite) -> None:
        """The human clicked a card it may click: play it, or start choosing."""
        if sp.card is not None:
            self.t.apply(str(sp.card))

    def cancel(self) -> bool:
        """Right click or Esc while choosing: drop the choice; True if there was one."""
        return False

    def marks(self, out: dict[int, str]) -> None:
        """Highlights beyond the hand's legal/dim marks (cards to pick on the table...)."""

    def lift(self, sp: CardSprite) -> float:
        t = self.t
        full = t.table.layout.lift() * (0.7 if t.solitaire else 1.0)
        if sp.card in t.prompt.selected:
            return full * 1.2
        legal = t.legal_cards()
        if sp is t.prompt.hover and sp.card in legal:
            return full
        if sp.card in legal and t.prompt.kind in ("play", "pass"):
            return full * 0.3
        return 0.0

    def last_look(self) -> LastLook | None:
        """The last trick to look at again (None before the first): the cards the table kept
        when it was swept (``moment.shown_last``), each under the name of who played it."""
        t = self.t
        if not t.moment.shown_last:
            return None
        who = t.who(t.moment.last_winner) if t.moment.last_winner is not None else "?"
        return LastLook(
            _("Last trick — won by {who}").format(who=who),
            tuple((card, t.short_name(seat)) for seat, card in t.moment.shown_last),
        )

    def next_change(self, now: float) -> float | None:
        """Seconds until something this game draws changes on its own (a mark shown for a
        moment), None if nothing will: an idle table sleeps until then."""
        return None

    def draw_extras(self, surface: Any) -> None:
        """Anything a game draws over the table (counts, badges)."""

    def show_verdict(self, verdict: Any) -> None:
        """The solitaire's verdict came in (:mod:`game.ai.capodama_verdict`): only a game with
        a solitaire shows it."""

    def button_icon(self, b: Button) -> Card | None:
        """The card a prompt button shows beside its label (None: the label alone)."""
        return None

    def pass_count(self) -> int:
        """How many cards the human's pass takes now (0: no pass is asked)."""
        return 0

    def language_changed(self) -> None:
        """The player's language changed: say again what the game keeps in words."""

    # -- summaries ----------------------------------------------------------------------------
    def summary_lines(self, data: DealScored, names: list[str], players: int) -> list[str]:
        return []

    def summary_table(
        self, data: DealScored, names: list[str]
    ) -> tuple[list[str], list[list[str]]]:
        """A table of the deal's figures: column headers and rows (first cell: who)."""
        return [], []

    def summary_scores(self, data: DealScored, names: list[str]) -> list[tuple[str, str, bool]]:
        """(name, match score, what the deal gave it) per seat, from the deal's result."""
        out = []
        for s, name in enumerate(names):
            gain = data.results[s].awards if s < len(data.results) else 0
            score = data.scores[s] if s < len(data.scores) else 0
            out.append((name, f"{score}" + (f"  (+{gain})" if gain else ""), bool(gain)))
        return out

    def deal_won(self, data: DealScored, viewer: int) -> bool:
        """Whether the viewer's side won this deal (the summary plays a chime): the engine's
        per-seat result, never re-derived here."""
        return data.results[viewer].won

    # -- hooks the table uses ----------------------------------------------------------------
    def hand_key(self, card: Card) -> Any:
        return int(card)

    def own_hands(self, view: ViewT) -> dict[int, tuple[Card, ...]]:
        """The hands the view shows face up, by seat: the viewer's own (the Capodama
        solitaire's player sees both of its hands)."""
        return {view.seat: view.hand}

    def suit_ace(self, suit: str) -> Card:
        """The ace of a native suit: its picture stands for the suit in buttons and the HUD."""
        return words.suit_ace(self.name, suit)
