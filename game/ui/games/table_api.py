"""What a game's presentation module may use of the table: :class:`TableApi`.

A :class:`~game.ui.games.base.GameUI` is attached to the table's model and drives it through
this protocol only, so the model's other attributes (the AI seats, the event index, the hints)
stay the table's business and mypy checks every use a game makes.  The model
(:class:`~game.ui.table.model.TableModel`) satisfies it structurally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.engine import BaseView, Card, GameState, Move

    from ..anim import CardSprite, StepQueue
    from ..runner import App
    from ..table.moment import Moment
    from ..table.prompt import Prompt
    from ..tableview import TableView


class TableApi(Protocol):
    """The table as a game's presentation module sees it."""

    # -- what is shown ---------------------------------------------------------------------
    app: App  # toasts and sounds
    state: GameState[Any]  # the match (the engine may be ahead of the animation)
    table: TableView  # the cards on the table: piles and the moves of the show
    queue: StepQueue  # animation beats fed from the engine's events
    panel: Any  # what the side panel shows: the game's own model (GameUI.new_model)
    viewer: int  # the seat the table is seen from
    time: float  # seconds since the table opened (marks that last a moment)

    @property
    def solitaire(self) -> bool:
        """One player: the table shows both hands, open."""
        ...

    # -- the human's decision, and what is shown for a while ------------------------------
    #: what is asked (``kind``), the legal moves, the cards picked (``selected``), the card
    #: under the mouse (``hover``), the prompt's ``buttons`` or card ``chooser``
    prompt: Prompt
    #: the trick's taker ringed (``winner_mark``), the last trick to look at again
    #: (``shown_last``, ``last_winner``), ``end_hold()`` when a held trick goes on
    moment: Moment

    @property
    def names(self) -> list[str]:
        """Seat names as the viewer sees them ("You", "West (rules)"...)."""
        ...

    @property
    def deck(self) -> str:
        """The deck on screen, one of ``game.skins.DECKS`` ("french", "italian", "siciliane"...)."""
        ...

    def kind_of(self, seat: int) -> str:
        """The kind of the seat's controller ("human", "rules"...)."""
        ...

    def short_name(self, seat: int) -> str:
        """A seat's name without its seat kind."""
        ...

    def apply(self, move: Move | str) -> bool:
        """Play a move for the current seat; a refusal is shown as a toast, never raised."""
        ...

    def refuse(self, move: Move) -> None:
        """Say why ``move`` (known to be illegal) is refused."""
        ...

    def who(self, seat: int) -> str:
        """A seat's name inside a sentence: "you" for the viewer."""
        ...

    def hold(self, label: str, sprite: CardSprite | None) -> float:
        """Keep a finished trick or capture on the table with ``label`` under it, below ``sprite``;
        the beat's length (infinite: until the player clicks)."""
        ...

    def show_banner(self, text: str, sub: str = "", ttl: float = 1.6) -> float:
        """A big word in the band with what it says; returns the beat's duration (0)."""
        ...

    def hidden_hands(self, view: BaseView) -> dict[int, list[Card | None]]:
        """Each seat's hand as the viewer sees it (None for a card it may not see)."""
        ...

    def legal_cards(self) -> set[Card]:
        """Hand cards to highlight as playable now."""
        ...

    def active_hands(self) -> list[int]:
        """The seats whose hand the human may click now."""
        ...
