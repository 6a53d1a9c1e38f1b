"""Match files Tavolo refuses to open, each with words of the reason it gives: a damaged file,
one of a newer version (the save's format or its record's), one of a game this version does
not know, and none at all.  Shared by the tests of History's Open file and of ``tavolo --open``.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.ui.savegame import SAVE_FORMAT

#: what the file holds (None: there is no file), and words of the reason it is refused
REFUSED: dict[str, tuple[str | None, str]] = {
    "damaged": ("{not json", "the file is not valid JSON"),
    "newer": (
        json.dumps({"format": "tavolo-save/2", "record": {}, "seats": []}),
        "a newer version of Tavolo wrote it (tavolo-save/2)",
    ),
    "newer record": (
        json.dumps(
            {"format": SAVE_FORMAT, "record": {"format": "tavolo-record/3"}, "seats": ["human"]}
        ),
        "a newer version of Tavolo wrote it (tavolo-record/3)",
    ),
    "unknown game": (
        json.dumps(
            {
                "format": SAVE_FORMAT,
                "record": {"game": "no_such_game", "players": 2, "seed": 1, "moves": []},
                "seats": ["human", "normal"],
            }
        ),
        "of a game this version of Tavolo does not know ('no_such_game')",
    ),
    "missing": (None, "it could not be read (No such file or directory)"),
}


def refused_file(folder: Path, kind: str) -> tuple[Path, str]:
    """The file of ``kind`` in ``folder`` (written, unless it is the missing one) and words
    of the reason it is refused."""
    text, why = REFUSED[kind]
    path = folder / f"{kind.replace(' ', '-')}.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    return path, why
