"""Tavolo's deck art, drawn by our own code with Pillow (no pygame here).

``python -m game.tools.art`` regenerates every image in ``assets/`` (card faces of both decks,
backs, felt, icon, contact sheets) deterministically, so the art is ours, consistent across the two
decks and can be redrawn at any size.  The app itself never draws: it loads the committed PNGs,
and :mod:`game.skins` maps a game's native card to the image of the deck being shown.
"""

from __future__ import annotations

CARD_W = 420
"""Width of every card image in pixels (height :data:`CARD_H`); the UI scales down from it."""
CARD_H = 600
SS = 3
"""Supersampling factor: cards are drawn at ``SS`` times their size and downsampled (LANCZOS)."""
