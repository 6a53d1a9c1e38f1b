"""The side panel: whose turn, the capo, the doubled suit, the trumps, points and scores.

The panel is rendered to one surface when what it shows changes (its key), and blitted as is
on the other frames: text rendering is the costly part of a HUD.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from game.engine import Card

from . import background, theme
from .cards import CardImages, card_size


@dataclass
class HudModel:
    """What the panel shows, kept in step with the animation (not with the engine, which may
    already be a move ahead)."""

    title: str
    players: int
    deal_no: int = 0
    capo: int | None = None
    doubled: str | None = None
    trumps: tuple[Card, ...] = ()
    fourth: Card | None = None
    revealed: tuple[int, ...] = ()
    points: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    threshold: int = 0
    target: int = 0
    turn: int | None = None
    seed: int = 0

    @classmethod
    def from_view(cls, title: str, view: Any, seed: int) -> HudModel:
        return cls(
            title=title,
            players=view.players,
            deal_no=view.deal_no,
            capo=view.capo if view.capo is not None and view.capo >= 0 else None,
            doubled=view.doubled,
            trumps=tuple(view.trumps),
            fourth=view.fourth_trump,
            revealed=tuple(view.revealed),
            points=list(view.points_won),
            scores=list(view.scores),
            threshold=view.threshold,
            target=view.target,
            turn=view.current_player,
            seed=seed,
        )

    def copy(self) -> HudModel:
        return replace(self, points=list(self.points), scores=list(self.scores))

    @property
    def capo_side(self) -> tuple[int, ...]:
        """The capo and the partners revealed so far: public knowledge only."""
        if self.capo is None:
            return ()
        return tuple(sorted({self.capo, *self.revealed}))

    def side_points(self) -> tuple[int, int]:
        side = self.capo_side
        mine = sum(self.points[s] for s in side if s < len(self.points))
        return mine, sum(self.points) - mine

    def key(self) -> tuple[Any, ...]:
        return (
            self.title, self.deal_no, self.capo, self.doubled, tuple(map(int, self.trumps)),
            self.fourth, self.revealed, tuple(self.points), tuple(self.scores), self.turn,
        )  # fmt: skip


class Hud:
    def __init__(self, images: CardImages) -> None:
        self.images = images
        self._key: tuple[Any, ...] | None = None
        self._surf: pygame.Surface | None = None
        self.buttons_top = 0  # y where the panel's buttons may start
        self._base: tuple[Any, pygame.Surface] | None = None

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        model: HudModel,
        names: list[str],
        deck: str,
        game_ui: Any,
        face_key: Any,
    ) -> None:
        key = (rect.size, deck, model.key(), tuple(names))
        if key != self._key or self._surf is None:
            self._surf = self._render(rect, model, names, deck, game_ui, face_key)
            self._key = key
        surface.blit(self._surf, rect.topleft)

    def _render(
        self,
        rect: pygame.Rect,
        m: HudModel,
        names: list[str],
        deck: str,
        game_ui: Any,
        face_key: Any,
    ) -> pygame.Surface:
        w, h = rect.size
        s = theme.ui_scale(pygame.display.get_surface().get_size())
        # drawn over a copy of the felt behind it, so the panel blits as one opaque copy
        screen = pygame.display.get_surface().get_size()
        base_key = (screen, tuple(rect))
        if self._base is None or self._base[0] != base_key:
            base = background.felt(screen).subsurface(rect).copy()
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((6, 14, 10, 196))
            base.blit(veil, (0, 0))
            pygame.draw.line(base, (70, 110, 90), (0, 0), (0, h), 2)
            self._base = (base_key, base)
        surf = self._base[1].copy()
        pad = round(16 * s)
        x, y = pad, pad
        fs = round(17 * s)
        small = round(14 * s)
        lh = theme.font(fs).get_linesize()

        def line(
            text: str,
            color: theme.Color = theme.INK,
            size: int = fs,
            bold: bool = False,
            indent: int = 0,
        ) -> None:
            nonlocal y
            img = theme.text(text, size, color, bold)
            surf.blit(img, (x + indent, y))
            y += theme.font(size, bold).get_linesize()

        def heading(text: str) -> None:
            nonlocal y
            y += round(6 * s)
            line(text.upper(), theme.GOLD, small, bold=True)
            y += round(2 * s)

        solitaire = m.players == 1
        line(m.title + (" solitaire" if solitaire else ""), theme.INK, round(21 * s), bold=True)
        sub = f"Deal no. {m.seed}" if solitaire else f"{m.players} players · deal {m.deal_no}"
        line(sub, theme.INK_DIM, small)

        heading("Capo")
        capo = names[m.capo] if m.capo is not None and m.capo < len(names) else "—"
        line(capo, theme.INK, fs, bold=True)
        if not solitaire and m.players >= 4:
            dama = ", ".join(names[r] for r in m.revealed) if m.revealed else "not yet revealed"
            line(f"Dama: {dama}", theme.INK_DIM, small)

        heading("Doubled suit")
        cw = round(34 * s)
        if m.doubled:
            img = self.images.get(face_key(game_ui.suit_ace(m.doubled)), cw)
            surf.blit(img, (x, y))
            label = game_ui.suit_label(m.doubled, deck)
            t = theme.text(label, fs, theme.INK, True)
            surf.blit(t, (x + cw + 10, y + card_size(cw)[1] // 2 - t.get_height() // 2))
            y += card_size(cw)[1] + 4
        else:
            line("not named yet", theme.INK_FAINT, small)

        heading("Trumps")
        tx = x
        for c in m.trumps:
            img = self.images.get(face_key(c), cw)
            surf.blit(img, (tx, y))
            tx += cw + 6
        y += card_size(cw)[1] + 4
        if m.players == 3 and m.fourth is None:
            line("4th trump: not named yet", theme.INK_FAINT, small)

        heading("Points this deal")
        mine, others = m.side_points()
        if solitaire:
            y = self._gauge(surf, x, y, w - 2 * pad, m.points[0] if m.points else 0, s)
        else:
            line(f"Capo side  {mine}", theme.GOLD, fs, bold=True)
            line(f"Others     {others}", theme.INK, fs, bold=True)
            line(f"Capo side needs {m.threshold} of 150", theme.INK_DIM, small)

        if not solitaire:
            heading(f"Match points (to {m.target})")
            for seat, name in enumerate(names):
                turn = seat == m.turn
                color = theme.GOLD if turn else theme.INK
                marker = "▶ " if turn else "   "
                sc = m.scores[seat] if seat < len(m.scores) else 0
                img = theme.text(marker + name, fs, color, turn)
                surf.blit(img, (x, y))
                val = theme.text(str(sc), fs, color, True)
                surf.blit(val, (w - pad - val.get_width(), y))
                y += lh
        self.buttons_top = y + round(10 * s)
        return surf

    def _gauge(self, surf: pygame.Surface, x: int, y: int, width: int, pts: int, s: float) -> int:
        """The solitaire gauge: the capo's points on 0–150 with the 80–85 window marked."""
        h = round(18 * s)
        bar = pygame.Rect(x, y + round(4 * s), width, h)
        pygame.draw.rect(surf, (30, 40, 36), bar, border_radius=h // 2)
        fill = bar.copy()
        fill.w = max(0, round(width * min(pts, 150) / 150))
        color = theme.GREEN if 80 <= pts <= 85 else (theme.RED if pts > 85 else theme.BLUE)
        if fill.w:
            pygame.draw.rect(surf, color, fill, border_radius=h // 2)
        lo, hi = round(width * 80 / 150), round(width * 85 / 150)
        win = pygame.Rect(x + lo, bar.y - 3, max(3, hi - lo), h + 6)
        pygame.draw.rect(surf, theme.GOLD, win, 2, border_radius=3)
        pygame.draw.rect(surf, (200, 200, 200), bar, 1, border_radius=h // 2)
        y = bar.bottom + round(6 * s)
        t = theme.text(f"{pts} points  ·  win with 80–85", round(16 * s), theme.INK, True)
        surf.blit(t, (x, y))
        y += t.get_height()
        t = theme.text("(150 is the most; 150 loses)", round(13 * s), theme.INK_DIM)
        surf.blit(t, (x, y))
        return y + t.get_height() + round(4 * s)
