"""The app's router: every scene by name, and the ways from one scene to the next.

Scenes never import one another: a scene asks the app for the next one by name
(:meth:`~game.ui.runner.App.open` pushes it over the scenes open, :meth:`~game.ui.runner.App.go`
leaves them for it) and this module, the one place that names every scene module, makes it.  A
scene module is imported at its first use, so the app starts with the title's alone.
``tests/ui/test_ui_wiring.py`` keeps the scenes from importing each other.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import _

from .savegame import SaveUnreadable, load_slot, read_match
from .savejournal import tell

if TYPE_CHECKING:
    from .runner import App
    from .scene import Scene
    from .table.model import TableModel

log = logging.getLogger(__name__)


def scene_class(name: str) -> type[Scene]:
    """The class of the scene called ``name``.  Its module is imported at the first ask, so
    the app starts with the title's alone; each import is written out (not made from the name)
    so that the executable's packager finds every scene."""
    match name:
        case "title":
            from .scenes.title import TitleScene

            return TitleScene
        case "setup":
            from .scenes.setup import SetupScene

            return SetupScene
        case "solitaire":
            from .scenes.solitaire import SolitaireScene

            return SolitaireScene
        case "table":
            from .scenes.table import TableScene

            return TableScene
        case "pause":
            from .scenes.pause import PauseScene

            return PauseScene
        case "summary":
            from .scenes.summary import SummaryScene

            return SummaryScene
        case "result":
            from .scenes.result import ResultScene

            return ResultScene
        case "rules":
            from .scenes.rules import RulesScene

            return RulesScene
        case "settings":
            from .scenes.settings import SettingsScene

            return SettingsScene
        case "replay":
            return _replay_class()
        case "stats":
            from .scenes.stats import StatsScene

            return StatsScene
        case "online" | "lobby" | "phrases":
            return _online_class(name)
        case "confirm" | "keys" | "history":
            return _dialog_class(name)
    raise KeyError(f"no scene is called {name!r}")


def _online_class(name: str) -> type[Scene]:
    """Play online's scenes: the Join screen (``online``), the lobby, the quick phrases."""
    if name == "online":
        from .online.join import JoinScene

        return JoinScene
    if name == "phrases":
        from .online.phrases import PhrasesScene

        return PhrasesScene
    from .online.lobby import LobbyScene

    return LobbyScene


def _dialog_class(name: str) -> type[Scene]:
    """The dialogs over any scene: a question to confirm (``confirm``), the list of keys, the
    finished matches (``history``)."""
    if name == "keys":
        from .scenes.keys import KeysScene

        return KeysScene
    if name == "history":
        from .scenes.history import HistoryScene

        return HistoryScene
    from .scenes.confirm import ConfirmScene

    return ConfirmScene


def _replay_class() -> type[Scene]:
    """A finished match replayed on the table (and its review drawn on it)."""
    from .replay.scene import ReplayScene

    return ReplayScene


def make(app: App, name: str, *args: Any, **kw: Any) -> Scene:
    """A new scene called ``name``, made with ``args`` and ``kw``."""
    return scene_class(name)(app, *args, **kw)


def table_model(app: App) -> TableModel | None:
    """The model of the table open in ``app`` (under its menus and dialogs), if any."""
    from .scenes.table import TableScene

    table = app.scenes.find(TableScene)
    return table.model if isinstance(table, TableScene) else None


def go(app: App, name: str, *args: Any, **kw: Any) -> None:
    """Leave the scenes open for the scene called ``name``: the title alone, afresh; any other
    over the title, which stays as it is (not read again).  A match put on the table (``"table"``:
    its state and setup) shows in its game's deck."""
    scenes = app.scenes
    if name == "title":
        scenes.reset(make(app, "title"))
        return
    stack = scenes.stack
    if not stack or not isinstance(stack[0], scene_class("title")):
        scenes.reset(make(app, "title"))
    for scene in stack[1:-1]:
        scenes.remove(scene)  # under the top: the title is not uncovered
    if name == "table":
        state = args[0]
        app.set_deck(app.settings.deck_for(state.name, state.players), chosen=False)
    new = make(app, name, *args, **kw)
    if len(stack) > 1:
        scenes.replace(new)
    else:
        scenes.push(new)


def confirm_replace(app: App, slot: str, start: Callable[[], object]) -> None:
    """``start`` a new match in ``slot``, asking first if a match there can be continued."""
    saved, notes = load_slot(slot) if app.persist else (None, [])
    tell(app, notes)
    if saved is None:
        start()
        return
    app.open("confirm", saved.replace_question(), _("Replace"), start, _("Keep it"), _("New match"))


def open_match_file(app: App, path: Path) -> bool:
    """Open the match saved in ``path`` in the replay, over the scenes open; whether it was.

    A file that cannot be (damaged, of a newer version of Tavolo, of a game this version does
    not know) is refused: the player is told why in a notice, the console in one line.
    """
    try:
        saved = read_match(path)
    except SaveUnreadable as exc:
        said = _("The match file {path} cannot be opened: {reason}.").format(
            path=path, reason=exc.reason
        )
        log.warning("%s", said)
        app.notice(said)
        return False
    app.open("replay", match=saved, path=path)
    return True
