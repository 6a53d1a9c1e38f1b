"""Card pictures: loaded once, scaled once per size with smoothscale, and kept while in use.

A card on screen is a (picture, size) pair; the picture of a game's card in the chosen deck comes
from :mod:`game.skins` (the one mapping from a game's cards to the deck images), so switching
decks only changes the key and every card redraws.  Loading and scaling are the expensive parts,
so :meth:`CardImages.warm` does them a few at a time in idle frame time before they are needed.
Shadows, the dim veil and the highlight ring are drawn once per size too.

The player's :class:`~game.ui.theme.Look` reaches the cards here: the four-colour French deck is
another folder of pictures (:func:`game.skins.shown_folder`), so it is another key and switches
like the deck; on the high-contrast table the rings of lit and focused cards are a thick solid
outline, and the veil over cards that cannot be played is darker.

The art is :data:`ART_W` pixels wide and every card is scaled down from it: the widest card
a 3840×2160 window draws is about 345 pixels (tests/ui/test_ui_look.py measures it), so cards
stay sharp on a 4K screen without a second, larger set of pictures.

Every window size brings new card widths, so the scaled pictures are kept for the
:data:`MAX_WIDTHS` most recently used widths only (a table draws four to eight at once): memory
stays flat however often the window is resized.  The full-size pictures (1 MB each) are kept for
the :data:`RAW_KEPT` most recently used only, a deck and its backs: a table scales new widths
from them without reading files again, and the decks not on the table hold no memory.  A width
below one pixel (a window narrower than anything can be laid out in) is drawn one pixel wide
rather than failing.
"""

from __future__ import annotations

import logging
import math
import time
from collections import OrderedDict, deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

import pygame

from game import skins
from game.engine import Card
from game.resources import asset_path

from . import theme

log = logging.getLogger(__name__)

ART_W = 420  # width of the card pictures in assets/cards (game.tools.art.CARD_W)
RATIO = 600 / ART_W  # card height / width of the art
Key = tuple[str, str]  # (folder, stem): ("french", "AH"), ("backs", "blue")
_T = TypeVar("_T")


#: How many card widths keep their scaled pictures (and their shadows, veils, rings).
MAX_WIDTHS = 12
#: How many full-size pictures are kept: the 52 of a French deck (an Italian one has 40), the
#: backs, and a few to spare.
RAW_KEPT = 56


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


#: The top-left corner of every card that names it (the rank over the suit, in both decks), as
#: shares of the card's width and height: a card whose corner shows can be told.
INDEX = (0.22, 0.3)


def index_rect(card: pygame.Rect) -> pygame.Rect:
    """The part of ``card`` (a card's rectangle on screen) that its corner index takes."""
    return pygame.Rect(card.x, card.y, math.ceil(card.w * INDEX[0]), math.ceil(card.h * INDEX[1]))


@dataclass(frozen=True)
class CacheSize:
    """What the scaled pictures hold (pictures, bytes of pixels, distinct card widths) and what
    the full-size ones hold (pictures, bytes of pixels)."""

    count: int
    bytes: int
    widths: int
    raw: int = 0
    raw_bytes: int = 0


class CardImages:
    def __init__(self) -> None:
        self._raw: OrderedDict[Key, pygame.Surface] = OrderedDict()  # least recently used first
        # width -> pictures at that width, least recently used width first
        self._scaled: OrderedDict[int, dict[Key, pygame.Surface]] = OrderedDict()
        self._extras: OrderedDict[int, dict[str, pygame.Surface]] = OrderedDict()
        self._queue: deque[tuple[Key, int]] = deque()
        self._missing: set[Key] = set()
        # PNG decoding releases the interpreter lock: a loader thread reads files while the
        # main thread keeps drawing; only convert_alpha (cheap) happens on the main thread
        self._loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavolo-img")
        self._loading: dict[Key, Future[pygame.Surface | None]] = {}

    # -- keys ---------------------------------------------------------------------------------
    @staticmethod
    def face_key(game: str, card: Card, deck: str) -> Key:
        """The picture of ``game``'s ``card`` in ``deck``, in four colours if the player asks."""
        try:
            folder, stem = skins.face_image(game, card, deck)
        except ValueError:
            folder, stem = skins.face_image(game, card, skins.NATIVE_DECK.get(game, "french"))
        return skins.shown_folder(folder, theme.LOOK.four_colour), stem

    @staticmethod
    def back_key(name: str) -> Key:
        return ("backs", name if name in skins.BACKS else skins.BACKS[0])

    # -- loading ------------------------------------------------------------------------------
    @staticmethod
    def _read(key: Key) -> pygame.Surface | None:
        path = asset_path("cards", key[0], key[1] + ".png")
        try:
            return pygame.image.load(str(path))
        except (pygame.error, FileNotFoundError, OSError):
            return None

    def prefetch(self, keys: list[Key]) -> None:
        """Start reading these pictures in the loader thread.  A picture read is kept until
        used, so the reads count towards :data:`RAW_KEPT`: no more than that are under way,
        and the pictures unused longest make room for them (these, if kept already, are now
        the most recently used).  The others are read when used."""
        for k in keys:
            if k in self._raw:
                self._raw.move_to_end(k)
            elif k not in self._loading and len(self._loading) < RAW_KEPT:
                self._loading[k] = self._loader.submit(self._read, k)
        self._make_room()

    def _make_room(self) -> None:
        """Forget the pictures unused longest while those kept and being read pass
        :data:`RAW_KEPT` (never the one just used)."""
        while len(self._raw) > 1 and len(self._raw) + len(self._loading) > RAW_KEPT:
            self._raw.popitem(last=False)

    def _queue_instead(self, items: list[tuple[Key, int]]) -> None:
        """Queue ``items`` in place of everything queued before, and let go of the reads no
        longer wanted (a picture read and never used was kept for good)."""
        self._queue = deque(items)
        queued = {k for k, _ in items}
        for k in [k for k in self._loading if k not in queued]:
            self._loading.pop(k).cancel()

    def raw(self, key: Key) -> pygame.Surface:
        """The full-size picture, read now unless kept (then the most recently used)."""
        surf = self._raw.get(key)
        if surf is not None:
            self._raw.move_to_end(key)
        else:
            future = self._loading.pop(key, None)
            loaded = future.result() if future is not None else self._read(key)
            if loaded is not None:
                surf = loaded.convert_alpha()
            else:
                if key not in self._missing:
                    self._missing.add(key)
                    log.info("card image %s/%s missing; drawing a plain card", *key)
                surf = _plain_card(key)
            self._raw[key] = surf
            self._make_room()
        return surf

    def _ready(self, key: Key) -> bool:
        future = self._loading.get(key)
        return key in self._raw or future is None or future.done()

    @staticmethod
    def _use(
        cache: OrderedDict[int, dict[_T, pygame.Surface]], width: int
    ) -> dict[_T, pygame.Surface]:
        """The pictures of ``width``, now the most recently used; the least recently used
        width is dropped when there are more than :data:`MAX_WIDTHS`."""
        at = cache.get(width)
        if at is None:
            at = cache[width] = {}
            while len(cache) > MAX_WIDTHS:
                cache.popitem(last=False)
        else:
            cache.move_to_end(width)
        return at

    def get(self, key: Key, width: int) -> pygame.Surface:
        """The picture at ``width`` pixels wide (height from the art's ratio), cached."""
        width = max(1, width)
        at = self._use(self._scaled, width)
        surf = at.get(key)
        if surf is None:
            surf = pygame.transform.smoothscale(self.raw(key), card_size(width))
            surf = at[key] = _opaque_inside(surf)
        return surf

    def quick(self, key: Key, size: tuple[int, int]) -> pygame.Surface:
        """An uncached fast scale for in-between sizes (a card growing in flight, a flip)."""
        w = size[0]
        base = self._scaled.get(w, {}).get(key) or self._nearest(key, w)
        if base.get_size() == size:
            return base
        return pygame.transform.scale(base, (max(1, size[0]), max(1, size[1])))

    def _nearest(self, key: Key, width: int) -> pygame.Surface:
        best = min((w for w, at in self._scaled.items() if w >= width and key in at), default=None)
        return self._scaled[best][key] if best is not None else self.get(key, width)

    def is_ready(self, key: Key, width: int) -> bool:
        return key in self._scaled.get(width, {})

    def forget(self) -> None:
        """Let go of every picture kept and every read queued (the monkey tool measures what
        the app holds besides them)."""
        self._queue_instead([])
        self._raw.clear()
        self._scaled.clear()
        self._extras.clear()

    def cache_size(self) -> CacheSize:
        """How much the pictures and decorations hold now (the monkey tool watches it)."""
        surfs = [
            s
            for cache in (self._scaled, self._extras)
            for at in cache.values()
            for s in at.values()
        ]
        return CacheSize(
            count=sum(len(at) for at in self._scaled.values()),
            bytes=sum(s.get_height() * s.get_pitch() for s in surfs),
            widths=len(self._scaled),
            raw=len(self._raw),
            raw_bytes=sum(s.get_height() * s.get_pitch() for s in self._raw.values()),
        )

    def want(self, keys: list[Key], widths: list[int]) -> None:
        """Queue pictures to prepare in idle time, in place of anything queued before: a
        resize, a deck switch or another table makes it moot (kept, the requests piled up by
        the thousand under resizing, and pictures were read and scaled for windows long gone).
        """
        todo = [(k, w) for w in widths if w > 0 for k in keys if not self.is_ready(k, w)]
        self._queue_instead(todo)
        self.prefetch(list(dict.fromkeys(k for k, _ in todo)))

    def want_raw(self, keys: list[Key]) -> None:
        """Queue pictures to load (not scale) in idle time, in place of anything queued
        before: the title screen does this for the deck a table will most likely show."""
        todo = [(k, 0) for k in dict.fromkeys(keys) if k not in self._raw]
        self._queue_instead(todo)
        self.prefetch([k for k, _ in todo])

    def warm(self, budget: float = 0.003) -> int:
        """Prepare queued pictures for up to ``budget`` seconds; returns how many are left."""
        end = time.perf_counter() + budget
        waiting = 0
        while self._queue and time.perf_counter() < end and waiting < len(self._queue):
            key, w = self._queue.popleft()
            # a picture a table waits for (w > 0) never waits behind other reads
            if not self._ready(key) and not (w and self._jump(key)):
                self._queue.append((key, w))  # being read: look at it again later
                waiting += 1
                continue
            if w == 0:
                self.raw(key)
            elif not self.is_ready(key, w):
                self.get(key, w)
        return len(self._queue)

    def _jump(self, key: Key) -> bool:
        """A picture wanted now whose read still waits behind others in the loader: take it out
        of that queue, so :meth:`raw` reads it at once."""
        future = self._loading.get(key)
        if future is None or not future.cancel():
            return False
        del self._loading[key]
        return True

    @property
    def pending(self) -> int:
        return len(self._queue)

    def missing(self, keys: list[Key], widths: list[int]) -> int:
        """How many of these pictures are not scaled yet."""
        return sum(1 for w in widths if w > 0 for k in keys if not self.is_ready(k, w))

    # -- decorations --------------------------------------------------------------------------
    def shadow(self, width: int) -> pygame.Surface:
        """A soft shadow for a card of this width (bigger than the card by a blur margin)."""
        width = max(1, width)
        at = self._use(self._extras, width)
        surf = at.get("shadow")
        if surf is None:
            w, h = card_size(width)
            m = max(4, width // 12)
            small = pygame.Surface((w // 4 + m, h // 4 + m), pygame.SRCALPHA)
            pygame.draw.rect(
                small,
                (0, 0, 0, 110),
                (m // 2, m // 2, w // 4, h // 4),
                border_radius=max(1, width // 40),
            )
            surf = pygame.transform.smoothscale(small, (w + 4 * m, h + 4 * m))
            surf = pygame.transform.smoothscale(
                pygame.transform.smoothscale(surf, ((w + 4 * m) // 3, (h + 4 * m) // 3)),
                (w + 2 * m, h + 2 * m),
            )
            at["shadow"] = surf
        return surf

    def veil(self, width: int) -> pygame.Surface:
        """A dark translucent card-shaped veil: unplayable cards are dimmed with it."""
        width = max(1, width)
        at = self._use(self._extras, width)
        key = f"veil-{theme.LOOK.contrast}"
        surf = at.get(key)
        if surf is None:
            w, h = card_size(width)
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            alpha = 165 if theme.LOOK.contrast else 120
            pygame.draw.rect(surf, (8, 16, 12, alpha), surf.get_rect(), border_radius=width // 14)
            at[key] = surf
        return surf

    def ring(self, width: int, color: tuple[int, int, int], name: str) -> pygame.Surface:
        """A glowing outline around a card (playable, hovered, selected or focused); a thick
        solid one, with a black line between it and the card, on the high-contrast table."""
        width = max(1, width)
        at = self._use(self._extras, width)
        key = f"ring-{name}-{theme.LOOK.contrast}"
        surf = at.get(key)
        if surf is None and theme.LOOK.contrast:
            surf = at[key] = _solid_ring(width, color)
        elif surf is None:
            w, h = card_size(width)
            g = max(3, width // 16)
            surf = pygame.Surface((w + 2 * g, h + 2 * g), pygame.SRCALPHA)
            for i in range(g, 0, -1):
                a = int(200 * (1 - i / (g + 1)) ** 1.5)
                pygame.draw.rect(
                    surf,
                    (*color, a),
                    (g - i, g - i, w + 2 * i, h + 2 * i),
                    2,
                    border_radius=width // 14 + i,
                )
            pygame.draw.rect(
                surf, (*color, 255), (g - 1, g - 1, w + 2, h + 2), 2, border_radius=width // 14
            )
            at[key] = surf
        return surf


_IMAGES: CardImages | None = None


def card_images() -> CardImages:
    """One image cache for the whole app (kept across matches; the title fills it early)."""
    global _IMAGES
    if _IMAGES is None:
        _IMAGES = CardImages()
    return _IMAGES


#: the card's corner radius as a share of its width (game.tools.art.card.CORNER_RADIUS / CARD_W)
CORNER = 26 / ART_W


def _opaque_inside(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` with the alpha the scaling lost put back inside the card.

    ``smoothscale`` rounds a fully opaque card down to an alpha of 251 to 253, so a card in a
    fanned hand let 2 % of the cards under it through: faint upside-down indices, plain to see
    on a 4K screen.  Adding a few steps of alpha everywhere but the rounded corners (where the
    edge fades out on purpose) makes the inside opaque again; the straight edges, anti-aliased
    over a pixel, only get a hair firmer."""
    w, h = surf.get_size()
    r = math.ceil(w * CORNER)
    lift = (0, 0, 0, 8)
    for rect in ((r, 0, w - 2 * r, h), (0, r, r, h - 2 * r), (w - r, r, r, h - 2 * r)):
        surf.fill(lift, rect, special_flags=pygame.BLEND_RGBA_ADD)
    return surf


def _solid_ring(width: int, color: tuple[int, int, int]) -> pygame.Surface:
    """The high-contrast ring: a band a twelfth of the card wide in ``color``, split from
    the card by a black line so it reads on a white card edge and on the dark felt alike."""
    w, h = card_size(width)
    g = max(4, width // 12)
    line = max(2, g // 3)
    surf = pygame.Surface((w + 2 * g, h + 2 * g), pygame.SRCALPHA)
    radius = width // 14
    pygame.draw.rect(surf, (*color, 255), surf.get_rect(), g - line + 1, border_radius=radius + g)
    inner = pygame.Rect(g - line, g - line, w + 2 * line, h + 2 * line)
    pygame.draw.rect(surf, (0, 0, 0, 255), inner, line, border_radius=radius + line)
    return surf


def _plain_card(key: Key) -> pygame.Surface:
    """A readable stand-in for a missing picture: a white card with its name."""
    w, h = 420, 600
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if key[0] == "backs":
        pygame.draw.rect(surf, (40, 60, 140), surf.get_rect(), border_radius=30)
        pygame.draw.rect(
            surf, (230, 230, 240), surf.get_rect().inflate(-30, -30), 6, border_radius=22
        )
        return surf
    pygame.draw.rect(surf, (250, 248, 240), surf.get_rect(), border_radius=30)
    pygame.draw.rect(surf, (60, 60, 60), surf.get_rect(), 4, border_radius=30)
    stem = key[1]
    suit = stem[-1]
    french = key[0] in ("french", skins.shown_folder("french", True))
    red = suit in "HD" if french else suit in "DC"
    color = (190, 30, 30) if red else (20, 20, 20)
    label = stem[:-1] + (theme.SUIT_SYMBOL.get(suit, suit) if french else suit)
    img = theme.font(120, True).render(label, True, color)
    surf.blit(img, img.get_rect(center=(w // 2, h // 2)))
    small = theme.font(60, True).render(label, True, color)
    surf.blit(small, (24, 20))
    return surf
