"""``python -m game.tools.art``: redraw every asset into assets/ (deterministic, no network).

Run it after changing any drawing code and commit the result; the app only loads the PNGs.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PIL import Image

from game.resources import assets_root
from game.skins import BACKS, FOUR_COLOUR
from game.tools.art.backs import back
from game.tools.art.card import save_png
from game.tools.art.felt import felt
from game.tools.art.fonts import install_fonts
from game.tools.art.french import RANKS as FR_RANKS
from game.tools.art.french import SUITS as FR_SUITS
from game.tools.art.french import french_face
from game.tools.art.icon import ICO_SIZES, icons
from game.tools.art.italian import RANKS as IT_RANKS
from game.tools.art.italian import SUITS as IT_SUITS
from game.tools.art.italian import italian_face
from game.tools.art.regional import STYLES
from game.tools.art.sheet import contact_sheet

ART_LICENCE = """\
Tavolo card art (assets/cards, assets/table, assets/icon, assets/preview)

These images are drawn by Tavolo's own code (game/tools/art, run `python -m game.tools.art`) and are
released under the same licence as the project, the MIT licence:

Copyright (c) Tavolo contributors

Permission is hereby granted, free of charge, to any person obtaining a copy of this software
and associated documentation files (the "Software"), to deal in the Software without
restriction, including without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

The fonts in assets/fonts are DejaVu Sans, under their own licence (fonts/LICENSE-DejaVu.txt).
"""


def build(root: Path) -> int:
    """Write every asset under ``root``; returns the number of files written."""
    count = len(install_fonts(root / "fonts"))
    backs = {name: back(name) for name in BACKS}
    Face = Callable[[str, str], Image.Image]
    decks: dict[str, tuple[tuple[str, ...], tuple[str, ...], Face]] = {
        "french": (FR_RANKS, FR_SUITS, french_face),
        "italian": (IT_RANKS, IT_SUITS, italian_face),
        FOUR_COLOUR["french"]: (FR_RANKS, FR_SUITS, partial(french_face, four_colour=True)),
        **{
            name: (IT_RANKS, IT_SUITS, partial(italian_face, style=style))
            for name, style in STYLES.items()
        },
    }
    for deck, (ranks, suits, draw) in decks.items():
        folder = root / "cards" / deck
        folder.mkdir(parents=True, exist_ok=True)
        rows = []
        for suit in suits:
            row = []
            for rank in ranks:
                face = draw(rank, suit)
                save_png(face, str(folder / f"{rank}{suit}.png"), small=True)
                row.append(face)
                count += 1
            rows.append(row)
        rows.append(list(backs.values()))
        (root / "preview").mkdir(parents=True, exist_ok=True)
        save_png(contact_sheet(rows), str(root / "preview" / f"{deck}.png"))
        count += 1
    (root / "cards" / "backs").mkdir(parents=True, exist_ok=True)
    for name, image in backs.items():
        save_png(image, str(root / "cards" / "backs" / f"{name}.png"))
        count += 1
    (root / "table").mkdir(parents=True, exist_ok=True)
    save_png(felt(), str(root / "table" / "felt.png"))
    (root / "icon").mkdir(parents=True, exist_ok=True)
    sized = icons()
    for size, image in sized.items():
        save_png(image, str(root / "icon" / f"tavolo-{size}.png"))
        count += 1
    largest = sized[max(ICO_SIZES)]
    largest.save(
        root / "icon" / "tavolo.ico",
        format="ICO",
        sizes=[(s, s) for s in ICO_SIZES],
        append_images=[sized[s] for s in ICO_SIZES if s != max(ICO_SIZES)],
    )
    (root / "LICENSE-art.txt").write_text(ART_LICENCE, encoding="utf-8")
    return count + 3


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.tools.art", description=__doc__)
    parser.add_argument("--out", type=Path, default=assets_root(), help="assets folder")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    n = build(args.out)
    print(f"wrote {n} files to {args.out} in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
