"""Drawing the table scene: felt, cards with their highlights, name plates, counts, the prompt,
the chooser, the banner and the last trick.

The scene owns one :class:`TablePainter` (``scene.painter``); the painter only reads the scene,
so drawing can never change what the table does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import background, theme
from ..anim import CardSprite
from ..cards import card_size

if TYPE_CHECKING:
    from .table import TableScene


class TablePainter:
    """The drawing half of :class:`~game.ui.scenes.table.TableScene`, and its highlights."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        # where the last frame drew the glow and the banner (scene.damage redraws them alone)
        self.glow_rect: pygame.Rect | None = None
        self.banner_rect: pygame.Rect | None = None

    # -- highlights -----------------------------------------------------------------------------
    def lift(self, sp: CardSprite) -> float:
        sc = self.scene
        if sp.zone != "hand" or sp.owner not in sc.active_hands():
            return 0.0
        return sc.gui.lift(sp)

    def marks(self) -> dict[int, str]:
        sc = self.scene
        out: dict[int, str] = {}
        if sc.winner_mark is not None:
            out[id(sc.winner_mark)] = "winner"
        sc.gui.marks(out)
        hands = sc.active_hands()
        kind = sc.prompt_kind
        if not hands or kind not in ("play", "pass"):
            return out
        legal = sc.legal_cards()
        current = sc.state.current_player
        selected = sc.selected
        for s in hands:
            for sp in sc.table.hands[s]:
                if id(sp) in out:
                    continue
                if sp.card in selected:
                    out[id(sp)] = "selected"
                elif sc.solitaire and s != current and kind == "play":
                    out[id(sp)] = "dim"
                elif sp.card in legal:
                    out[id(sp)] = "hover" if sp is sc.hover else "legal"
                else:
                    out[id(sp)] = "dim"
        return out

    # -- the frame ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        surface.blit(background.felt(surface.get_size()), (0, 0))
        lay = sc.table.layout
        self._draw_plates(surface)
        sc.table.draw(surface, sc.face_key, sc.back_key, self.marks(), self.lift)
        self._draw_counts(surface)
        sc.gui.draw_extras(surface)
        gui, model = sc.gui, sc.model
        names = sc.names
        key = (sc.deck, gui.model_key(model), tuple(names))
        sc.hud.draw(
            surface,
            lay.panel,
            key,
            lambda: gui.hud_items(model, names, sc.deck),
            sc.face_key,
        )
        for b in sc.panel_buttons:
            b.draw(surface)
        self._draw_prompt(surface)
        if sc.chooser is not None and sc.synced:
            sc.chooser.draw(surface, sc.images, sc.face_key, lay.scale)
        if sc.banner is not None:
            self._draw_banner(surface, sc.banner)
        if sc.show_last and sc.shown_last:
            self._draw_last_trick(surface)

    def _draw_plates(self, surface: pygame.Surface) -> None:
        sc = self.scene
        lay = sc.table.layout
        s = lay.scale
        current = sc.state.current_player if sc.synced else None
        scores = sc.gui.seat_scores(sc.model)
        for seat in range(sc.state.seats):
            spot = lay.spot(seat)
            name = sc.short_name(seat)
            if not sc.solitaire and sc.kind_of(seat) != "human":
                name = f"{name} · {sc.kind_of(seat)}"
            score = ""
            if not sc.solitaire and seat < len(scores):
                score = f"  {scores[seat]}"
            img = theme.text(name + score, round(16 * s), theme.INK, True)
            badges = sc.gui.badges(seat)
            bw = sum(
                theme.text(t, round(12 * s), (0, 0, 0), True).get_width() + round(14 * s)
                for t, _ in badges
            )
            w = img.get_width() + round(24 * s) + bw
            h = lay.plate_h
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(spot.plate[0]), round(spot.plate[1]))
            if current is not None and seat == current:
                pulse = sc.damage.glow()  # breathes as a turn begins, then holds still
                glow = _glow(w + 14, h + 14)
                glow.set_alpha(int(255 * pulse))
                self.glow_rect = glow.get_rect(center=rect.center)
                surface.blit(glow, self.glow_rect)
            edge = theme.GOLD if current is not None and seat == current else (120, 170, 140)
            surface.blit(_plate(w, h, edge), rect.topleft)
            surface.blit(img, img.get_rect(midleft=(rect.x + round(12 * s), rect.centery)))
            x = rect.x + round(12 * s) + img.get_width() + round(8 * s)
            for text, color in badges:
                t = theme.text(text, round(12 * s), (20, 16, 8), True)
                br = pygame.Rect(x, 0, t.get_width() + round(10 * s), round(h * 0.7))
                br.centery = rect.centery
                pygame.draw.rect(surface, color, br, border_radius=br.h // 2)
                surface.blit(t, t.get_rect(center=br.center))
                x = br.right + round(4 * s)

    def _count_badge(self, surface: pygame.Surface, text: str, at: tuple[float, float]) -> None:
        s = self.scene.table.layout.scale
        t = theme.text(text, round(13 * s), theme.INK, True)
        r = pygame.Rect(0, 0, max(t.get_width() + 10, t.get_height() + 4), t.get_height() + 4)
        r.center = (round(at[0]), round(at[1]))
        pygame.draw.rect(surface, (20, 30, 26), r, border_radius=r.h // 2)
        pygame.draw.rect(surface, theme.GOLD, r, 1, border_radius=r.h // 2)
        surface.blit(t, t.get_rect(center=r.center))

    def _draw_counts(self, surface: pygame.Surface) -> None:
        """The number on each won pile, and on the draw deck where it stays on the table."""
        sc = self.scene
        lay = sc.table.layout
        sw, sh = lay.small_size
        for seat in range(sc.state.seats):
            pile = sc.table.piles[seat]
            if pile and not any(sp.moving for sp in pile):
                text = sc.gui.pile_badge(seat)
                if text:
                    x, y = lay.spot(seat).pile
                    self._count_badge(surface, text, (x + sw / 2, y - sh / 2))
        if sc.gui.center and sc.table.deck_count > 0:
            x, y = sc.table.deck_at()
            self._count_badge(surface, str(sc.table.deck_count), (x, y + sh / 2 + 4))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        sc = self.scene
        kind = sc.prompt_kind
        if not kind or not sc.synced:
            return
        lay = sc.table.layout
        s = lay.scale
        cx, cy = lay.center
        text = sc.gui.prompt_text()
        img = theme.text(text, round(20 * s), theme.INK, True)
        if kind == "trump" and sc.chooser is not None:
            return  # the chooser carries the question as its title
        y = cy - lay.big_size[1] * 0.55 if kind == "double" else None
        if kind in ("play", "pass"):
            current = sc.state.current_player
            spot = lay.spot(sc.viewer if not sc.solitaire else (current or 0))
            y = (
                spot.plate[1] - lay.plate_h * 1.2
                if spot.rel == 0
                else spot.plate[1] + lay.plate_h * 1.5
            )
        if y is not None:
            bg = theme.rounded_panel(
                (img.get_width() + 30, img.get_height() + 12),
                (8, 16, 12, 190),
                (img.get_height() + 12) // 2,
            )
            r = bg.get_rect(center=(round(cx), round(y)))
            chooser = sc.chooser
            if chooser is not None and r.colliderect(chooser.panel):
                r.left = chooser.panel.right + round(12 * s)  # beside the list, not over it
            surface.blit(bg, r.topleft)
            surface.blit(img, img.get_rect(center=r.center))
        for b in sc.buttons:
            b.draw(surface)
            icon = getattr(sc.gui, "button_icon", None)
            card = icon(b) if icon else None
            if card is not None:
                ace = sc.images.get(sc.face_key(card), round(b.rect.h * 0.55))
                surface.blit(ace, ace.get_rect(midleft=(b.rect.x + round(14 * s), b.rect.centery)))

    def _draw_banner(self, surface: pygame.Surface, banner: tuple[str, str, float, float]) -> None:
        text, sub, age, ttl = banner
        lay = self.scene.table.layout
        s = lay.scale
        alpha = 255
        if age < 0.15:
            alpha = int(255 * age / 0.15)
        elif ttl - age < 0.4:
            alpha = int(255 * max(0.0, ttl - age) / 0.4)
        big = theme.text(text, round(46 * s), theme.GOLD, True)
        small = theme.text(sub, round(18 * s), theme.INK, True) if sub else None
        w = max(big.get_width(), small.get_width() if small else 0) + round(60 * s)
        h = big.get_height() + (small.get_height() + round(6 * s) if small else 0) + round(26 * s)
        panel = theme.rounded_panel((w, h), (8, 16, 12, 215), round(18 * s), theme.GOLD, 2)
        box = panel.get_rect(center=(round(lay.center[0]), round(lay.center[1])))
        self.banner_rect = box
        panel.set_alpha(alpha)
        surface.blit(panel, box.topleft)
        big.set_alpha(alpha)
        surface.blit(big, big.get_rect(midtop=(box.centerx, box.y + round(12 * s))))
        if small is not None:
            small.set_alpha(alpha)
            y = box.y + round(14 * s) + big.get_height()
            surface.blit(small, small.get_rect(midtop=(box.centerx, y)))

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        sc = self.scene
        lay = sc.table.layout
        s = lay.scale
        cx, cy = lay.center
        w = lay.small
        cw, ch = card_size(w)
        shown = sc.shown_last
        n = len(shown)
        gap = round(10 * s)
        width = n * cw + (n - 1) * gap + round(40 * s)
        height = ch + round(80 * s)
        panel = theme.rounded_panel((width, height), (8, 16, 12, 230), 16, theme.GOLD, 2)
        r = panel.get_rect(center=(round(cx), round(cy)))
        surface.blit(panel, r.topleft)
        winner = sc.last_winner
        who = sc.short_name(winner) if winner is not None else "?"
        t = theme.text(f"Last trick — won by {who}", round(17 * s), theme.INK, True)
        surface.blit(t, t.get_rect(midtop=(r.centerx, r.y + round(10 * s))))
        x = r.x + round(20 * s)
        for seat, card in shown:
            img = sc.images.get(sc.face_key(card), w)
            surface.blit(img, (x, r.y + round(40 * s)))
            nm = theme.text(sc.short_name(seat), round(12 * s), theme.INK_DIM)
            surface.blit(nm, nm.get_rect(midtop=(x + cw // 2, r.y + round(44 * s) + ch)))
            x += cw + gap

    def toast_zone(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """Where messages may go: over the felt (not the panel), clear of every card."""
        sc = self.scene
        avoid = []
        for sp in sc.table.sprites:
            w, h = card_size(round(sp.w))
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(sp.x), round(sp.y))
            avoid.append(r)
        if sc.chooser is not None:
            avoid.append(sc.chooser.panel)
        return sc.table.layout.table, avoid


_PLATES: dict[tuple[int, int, theme.Color | str], pygame.Surface] = {}


def _plate(w: int, h: int, edge: theme.Color) -> pygame.Surface:
    key = (w, h, edge)
    surf = _PLATES.get(key)
    if surf is None:
        if len(_PLATES) > 200:
            _PLATES.clear()
        surf = theme.rounded_panel((w, h), (8, 18, 14, 200), h // 2, edge, 1)
        _PLATES[key] = surf
    return surf


def _glow(w: int, h: int) -> pygame.Surface:
    """The soft gold halo around the plate of the seat to play (alpha pulses per frame)."""
    key = (w, h, "glow")
    surf = _PLATES.get(key)
    if surf is None:
        surf = theme.rounded_panel((w, h), (*theme.GOLD, 90), h // 2)
        _PLATES[key] = surf
    return surf
