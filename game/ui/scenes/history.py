"""History: the finished matches and solitaire deals, newest first, to open, export or delete,
and a match file to open from anywhere.

Each line says the game and players, who won, when, and the seats with their levels and
scores (:mod:`game.ui.matchfiles` words them, reading each file only when its line is first
shown).  The list scrolls with the wheel, Up/Down, Page Up/Down, Home and End, and a click
selects a line; the focus ring moves over the buttons (Tab, Left/Right) as in every dialog,
Enter presses the focused one (Open at first) and Delete asks to delete the selected match.
Open file takes the path typed or pasted in the field beside it (Ctrl+V; a file dropped on the
window opens too).
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import _

from .. import matchfiles, theme
from ..fields import TextField, clipboard_text, copy_text
from ..focus import ENTER
from ..focus_ring import FocusRing
from ..matchfiles import Entry
from ..routes import open_match_file
from ..savegame import HISTORY_KEEP, SaveUnreadable
from ..scene import Scene
from ..widgets import Button, label_width
from .common import dialog, dim, felt

if TYPE_CHECKING:
    from ..runner import App

log = logging.getLogger(__name__)

#: the longest path the file field takes
PATH_LIMIT = 4096
#: the most characters of a path the field shows (its end: the file's name)
PATH_SHOWN = 60


class PathField(TextField):
    """The field of a file's path: any characters, and only the end of a long path shown."""

    def _relabel(self) -> None:
        shown = self.text if len(self.text) <= PATH_SHOWN else "…" + self.text[-PATH_SHOWN:]
        cursor = "▏" if self.editing else ""
        self.label = f"{self.caption}: {shown}{cursor}"
        self._cache.clear()


class MatchList:
    """The history's lines: which one is selected and which are in view (whole lines)."""

    def __init__(self) -> None:
        self.paths: list[Path] = []
        self.read: dict[Path, Entry] = {}
        self.selected = 0
        self.top = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1

    def load(self) -> None:
        """Read the history folder again; the selection stays at its place in the list."""
        self.paths = matchfiles.history_files()
        self.read = {p: e for p, e in self.read.items() if p in self.paths}
        self.move(0)

    def entry(self, index: int) -> Entry:
        path = self.paths[index]
        found = self.read.get(path)
        if found is None:
            found = self.read[path] = matchfiles.read_entry(path)
        return found

    @property
    def current(self) -> Entry | None:
        return self.entry(self.selected) if self.paths else None

    @property
    def shown(self) -> int:
        """How many lines the list has room for."""
        return max(1, self.rect.h // self.row_h)

    def move(self, by: int) -> None:
        """Select the line ``by`` lines on (clamped), scrolled into view."""
        self.selected = max(0, min(self.selected + by, len(self.paths) - 1))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.shown:
            self.top = self.selected - self.shown + 1
        self.scroll(0)

    def scroll(self, by: int) -> None:
        """Move the view ``by`` lines, the selection staying where it is."""
        self.top = max(0, min(self.top + by, len(self.paths) - self.shown))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        index = self.top + (pos[1] - self.rect.y) // self.row_h
        return index if index < len(self.paths) else None


class HistoryScene(Scene):
    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.list = MatchList()
        self.scale = 1.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._build("")
        self.keys = FocusRing(app, lambda: self.buttons, self._start)

    def _build(self, typed: str) -> None:
        """The buttons in the language now spoken (``typed``: the path in the field)."""
        self.open_button = Button(_("Open"), self.open_selected, primary=True, tag="open")
        self.export_button = Button(_("Export"), self.export_selected, tag="export")
        self.delete_button = Button(_("Delete"), self.ask_delete, tag="delete")
        self.close_button = Button(_("Close"), self.close, tag="close")
        self.field = PathField(_("File"), typed, tag="file", limit=PATH_LIMIT)
        self.open_file_button = Button(_("Open file"), self.open_typed, tag="open file")
        self._enable()

    @property
    def buttons(self) -> list[Button]:
        return [
            self.open_button,
            self.export_button,
            self.delete_button,
            self.field,
            self.open_file_button,
            self.close_button,
        ]

    def _start(self) -> Button:
        return self.open_button if self.list.paths else self.field

    def _enable(self) -> None:
        for b in (self.open_button, self.export_button, self.delete_button):
            b.enabled = bool(self.list.paths)

    def enter(self) -> None:
        """Read the history again (a match deleted or finished meanwhile)."""
        self.list.load()
        self._enable()

    def language_changed(self) -> None:
        self.list.read.clear()
        self._build(self.field.text)
        self.resize(self.app.size)

    # -- the actions --------------------------------------------------------------------------
    def open_selected(self) -> None:
        entry = self.list.current
        if entry is not None:
            open_match_file(self.app, entry.path)

    def open_typed(self) -> None:
        self.field.end()
        path = matchfiles.path_of(self.field.text)
        if path is None:
            self.app.toast(_("Type or paste the path of a match file."), "warn", 4.0)
            self.keys.focus(self.field)
            return
        open_match_file(self.app, path)

    def ask_delete(self) -> None:
        """Delete the selected match after a yes (Esc, Enter or Cancel keep it)."""
        entry = self.list.current
        if entry is None:
            return
        what = f"{entry.headline} · {entry.when}" if entry.when else entry.headline
        question = _(
            "This match will be deleted from the history: {match}. This cannot be undone."
        ).format(match=what)
        self.app.open(
            "confirm",
            question,
            _("Delete"),
            partial(self.delete, entry.path),
            title=_("Delete this match?"),
        )

    def delete(self, path: Path) -> None:
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not delete %s: %s", path, exc)
            reason = exc.strerror or str(exc)
            self.app.toast(
                _("{path} could not be deleted: {reason}").format(path=path, reason=reason),
                "warn",
                5.0,
            )
        self.list.load()
        self._enable()

    def export_selected(self) -> None:
        entry = self.list.current
        if entry is None:
            return
        try:
            target = matchfiles.export(entry.path)
        except SaveUnreadable as exc:
            said = _("This match cannot be exported: {reason}.").format(reason=exc.reason)
            self.app.toast(said, "warn", 5.0)
            return
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            log.warning("could not export %s: %s", entry.path, reason)
            said = _("The match could not be exported to {folder}: {reason}.").format(
                folder=matchfiles.export_dir(), reason=reason
            )
            self.app.toast(said, "warn", 6.0)
            return
        if copy_text(str(target)):
            said = _("Match exported as {name} in {folder} (its full path is on the clipboard).")
        else:
            said = _("Match exported as {name} in {folder}.")
        self.app.toast(said.format(name=target.name, folder=target.parent), "info", 8.0)

    def close(self) -> None:
        self.app.scenes.remove(self)

    # -- layout and input ---------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.scale = s
        w = min(size[0] - 40, round(1000 * s))
        h = size[1] - 2 * round(16 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        pad, gap = round(26 * s), round(12 * s)
        bh, fh = round(46 * s), round(40 * s)
        by = self.rect.bottom - bh - round(18 * s)
        actions = [self.open_button, self.export_button, self.delete_button, self.close_button]
        bw = max(round(150 * s), *(label_width(b.label, s) for b in actions))
        x = self.rect.centerx - (len(actions) * (bw + gap) - gap) // 2
        for b in actions:
            b.place(pygame.Rect(x, by, bw, bh))
            x += bw + gap
        fy = by - gap - fh
        ow = label_width(self.open_file_button.label, s)
        inner = self.rect.inflate(-2 * pad, 0)
        self.open_file_button.place(pygame.Rect(inner.right - ow, fy, ow, fh))
        self.field.place(pygame.Rect(inner.x, fy, inner.w - ow - gap, fh))
        top = self.rect.y + round(30 * s) + theme.font(round(28 * s), True).get_height()
        self.list.rect = pygame.Rect(inner.x, top, inner.w, fy - round(14 * s) - top)
        self.sizes = (round(17 * theme.text_scale(size)), round(15 * theme.text_scale(size)))
        head, sub = self.sizes
        self.lines_h = theme.font(head, True).get_linesize() + theme.font(sub).get_linesize()
        least = self.lines_h + round(18 * s)  # the whole lines that fit share what is left
        self.list.row_h = self.list.rect.h // max(1, self.list.rect.h // least)
        self.list.move(0)

    def handle(self, event: pygame.event.Event) -> None:
        if self.field.editing and event.type == pygame.KEYDOWN and event.key in ENTER:
            self.open_typed()
            return
        if self.field.type(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if event.type == pygame.DROPFILE:
            open_match_file(self.app, Path(event.file))
            return
        if self._list_event(event):
            return
        clicked = event.type == pygame.MOUSEBUTTONDOWN
        if clicked and self.field.editing and not self.field.rect.collidepoint(event.pos):
            self.field.end()
        self.keys.route(event)

    def _list_event(self, event: pygame.event.Event) -> bool:
        """The list's keys, wheel and clicks; True when the event was the list's."""
        lst = self.list
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.field.text = ""
                self.field.put(clipboard_text().strip())
                self.keys.focus(self.open_file_button)
                return True
            if event.key == pygame.K_DELETE:
                self.ask_delete()
                return True
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -max(1, lst.shown - 1),
                pygame.K_PAGEDOWN: max(1, lst.shown - 1),
                pygame.K_HOME: -len(lst.paths),
                pygame.K_END: len(lst.paths),
            }
            if event.key not in moves:
                return False
            lst.move(moves[event.key])
            return True
        if event.type == pygame.MOUSEWHEEL:
            lst.scroll(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self._bar()
            if bar is not None and bar[0].collidepoint(event.pos):
                lst.scroll(lst.shown if event.pos[1] > bar[1].centery else -lst.shown)
                return True
            row = lst.row_at(event.pos)
            if row is not None:
                lst.move(row - lst.selected)
                return True
        return False

    # -- drawing ------------------------------------------------------------------------------
    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb, when the lines do not all fit."""
        lst = self.list
        n = len(lst.paths)
        if n <= lst.shown:
            return None
        w = max(6, round(10 * self.scale))
        track = pygame.Rect(lst.rect.right - w, lst.rect.y, w, lst.rect.h)
        h = max(w * 3, track.h * lst.shown // n)
        y = track.y + (track.h - h) * lst.top // max(1, n - lst.shown)
        return track, pygame.Rect(track.x, y, w, h)

    def _line(
        self, surface: pygame.Surface, text: str, size: int, color: theme.Color,
        pos: tuple[int, int], room: int, bold: bool = False,
    ) -> int:  # fmt: skip
        """``text`` at ``pos``, set smaller (down to three quarters) or cut short with "…"
        to fit ``room``; the width drawn."""
        least = max(9, round(size * 0.75))
        while size > least and theme.font(size, bold).size(text)[0] > room:
            size -= 1
        f = theme.font(size, bold)
        if f.size(text)[0] > room:
            while text and f.size(text + "…")[0] > room:
                text = text[:-1]
            text += "…"
        img = theme.text(text, size, color, bold)
        surface.blit(img, pos)
        return img.get_width()

    def _draw_row(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        s = self.scale
        e = self.list.entry(index)
        chosen = index == self.list.selected
        fill = theme.BUTTON_HOVER if chosen else (20, 44, 34) if index % 2 else (16, 38, 29)
        pygame.draw.rect(surface, fill, rect, border_radius=round(8 * s))
        if chosen:
            pygame.draw.rect(surface, theme.GOLD, rect, 2, border_radius=round(8 * s))
        head, sub = self.sizes
        x, y = rect.x + round(12 * s), rect.centery - self.lines_h // 2 - round(1 * s)
        room = rect.w - round(24 * s)
        date = theme.text(e.when, sub, theme.INK_DIM)
        surface.blit(date, date.get_rect(topright=(rect.right - round(12 * s), y + 2)))
        room_head = room - date.get_width() - round(16 * s)
        used = self._line(surface, e.headline, head, theme.INK, (x, y), room_head, bold=True)
        if e.match is None:
            color = theme.GOLD
        else:
            color = theme.INK_DIM if e.won is None else theme.GREEN if e.won else theme.RED
        rest = room_head - used
        if rest > round(40 * s):
            self._line(surface, f"  ·  {e.outcome}", head, color, (x + used, y), rest, True)
        y += theme.font(head, True).get_linesize() + round(2 * s)
        self._line(surface, e.seats, sub, theme.INK_DIM, (x, y), room)

    def _draw_list(self, surface: pygame.Surface) -> None:
        s = self.scale
        lst = self.list
        box = lst.rect
        pygame.draw.rect(surface, (12, 32, 24), box, border_radius=round(10 * s))
        if not lst.paths:
            said = _("No finished match yet: the last {count} you finish are kept here.")
            for i, line in enumerate(
                theme.wrap(said.format(count=HISTORY_KEEP), self.sizes[0], box.w - 40)
            ):
                t = theme.text(line, self.sizes[0], theme.INK_DIM)
                lh = t.get_height() + 4
                surface.blit(t, t.get_rect(midtop=(box.centerx, box.centery - lh + i * lh)))
            return
        bar = self._bar()
        width = box.w - (bar[0].w + round(8 * s) if bar else 0)
        gap = round(4 * s)
        for k in range(lst.shown):
            index = lst.top + k
            if index >= len(lst.paths):
                break
            row = pygame.Rect(box.x, box.y + k * lst.row_h, width, lst.row_h - gap)
            self._draw_row(surface, index, row)
        if bar is not None:
            track, thumb = bar
            pygame.draw.rect(surface, (30, 56, 44), track, border_radius=track.w // 2)
            pygame.draw.rect(surface, theme.BUTTON_EDGE, thumb, border_radius=track.w // 2)

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.scenes.stack[0] is self:
            felt(surface)
        else:
            dim(surface, 150)
        dialog(surface, self.rect, _("History"), self.scale)
        self._draw_list(surface)
        for b in self.buttons:
            b.draw(surface)
        self.keys.draw(surface, self.scale)
