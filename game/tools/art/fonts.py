"""Ship DejaVu Sans (it has the suit glyphs ♠♥♦♣ that pygame's default font lacks) in assets/fonts.

The font is copied from Debian's fonts-dejavu-core at generation time only; the art and the UI
then load it from assets/fonts, never from system paths, so every machine renders the same.
"""

from __future__ import annotations

import shutil
from pathlib import Path

FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
SYSTEM_FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
SYSTEM_COPYRIGHT = Path("/usr/share/doc/fonts-dejavu-core/copyright")

_LICENCE_HEADER = """\
DejaVu Sans (DejaVuSans.ttf, DejaVuSans-Bold.ttf), bundled by Tavolo for the card indices and
the user interface (it carries the suit glyphs U+2660 U+2665 U+2666 U+2663).
Upstream: https://dejavu-fonts.github.io/  (copied from Debian's fonts-dejavu-core package)
The fonts are unmodified. Their licence follows, as Debian states it.

"""


def install_fonts(dest: Path) -> list[Path]:
    """Copy the fonts and their licence into ``dest`` (kept as is if the system lacks them)."""
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name in FONT_FILES:
        src, dst = SYSTEM_FONT_DIR / name, dest / name
        if src.exists():
            shutil.copyfile(src, dst)
        if not dst.exists():
            raise FileNotFoundError(
                f"{name} is missing: install Debian's fonts-dejavu-core or put it in {dest}"
            )
        written.append(dst)
    licence = dest / "LICENSE-DejaVu.txt"
    if SYSTEM_COPYRIGHT.exists():
        licence.write_text(_LICENCE_HEADER + SYSTEM_COPYRIGHT.read_text(encoding="utf-8"))
    written.append(licence)
    return written
