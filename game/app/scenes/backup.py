"""Backup: export history, settings and solved puzzles to a file, and import such a file (checked, then merged).

In the browser Export downloads the file and Import opens the file chooser (the chosen file's text arrives a few
frames later); on the desktop both use one file in the user's data folder, whose path is shown.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...page import Page
from ...play.backup import (
    BackupError,
    browser_download,
    browser_pick_file,
    browser_take_upload,
    desktop_path,
    export_in_steps,
    merge_backup,
    read_backup,
    read_desktop_file,
    write_desktop_file,
)
from ...play.i18n import tr, tr_n
from ...play.text import shown_path
from ...steps import Stepper
from ...storage.steps import Work
from .. import layout, theme
from ..scene import PanelScene, Services
from ..widgets import Button, Panel
from .common import back_button, draw_title, footer_rect, header_rects, reading_text


def about() -> str:
    return tr(
        "A backup file holds your finished games, your settings and the puzzles you solved. Browser storage can be "
        "cleared: keep a copy. Importing adds the games that are not already here and restores the settings."
    )


def nothing_changed(why: object) -> str:
    return tr("Nothing was changed: {why}.").format(why=why)


def wrap_long(text: Any, paragraph: str, size: int, width: int) -> list[str]:
    """``paragraph`` wrapped at spaces, and a word too long for one line (a file path) cut where it must be."""
    lines = []
    for line in text.wrap(paragraph, size, width):
        while text.width(line, size) > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and text.width(line[:cut], size) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


class BackupScene(PanelScene):
    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.message = ""
        self.error = False
        self.waiting = False  # the browser's file chooser is open
        self.exporting: Stepper[None, str] | None = None  # the backup's text being made, once Export is pressed

    def enter(self) -> None:
        self.panel = Panel()
        self.count_saved()
        self.invalidate_layout()

    def exit(self) -> None:
        self.counting.close()
        if self.exporting is not None:
            self.exporting.close()
            self.exporting = None

    def count_saved(self) -> None:
        """What is saved now, read in steps (the history is read whole): when shown and after an import."""
        self.saved_now = reading_text()
        self.counting: Stepper[None, None] = Stepper(self._count(), freeze=True)
        self.counting.step(self.app.step_budget())  # (a small history is counted at once)

    def _count(self) -> Work[None]:
        view = yield from self.app.saved.history_in_steps()
        games = tr_n("{n} finished game", "{n} finished games", view.total)
        solved = tr_n("{n} solved puzzle", "{n} solved puzzles", len(self.app.saved.solved_puzzles()))
        self.saved_now = tr("Saved now: {games}, {solved}.").format(games=games, solved=solved)

    def page(self) -> Page:
        """The browser page (only in the browser)."""
        assert self.app.page is not None, "only in the browser"
        return self.app.page

    def arrange(self) -> None:
        m = self.app.metrics
        w = m.size[0]
        u = m.u
        self.bar, back_rect = header_rects(m)
        export = Button(tr("Export"), self.export, primary=True)
        load = Button(tr("Import"), self.start_import)
        row = footer_rect(m)
        export.rect, load.rect = layout.split_row(row, 2, u)
        self.panel.set([back_button(self.app, back_rect), export, load])
        self.text_rect = pygame.Rect(u, self.bar.bottom + u, w - 2 * u, row.top - self.bar.bottom - 2 * u)

    # -- actions ----------------------------------------------------------------------------------------------
    def say(self, message: str, error: bool = False) -> None:
        self.message, self.error = message, error

    def export(self) -> None:
        """Makes the backup's text in steps (:meth:`update` goes on with it), then offers it."""
        if self.exporting is not None:
            self.exporting.close()
        self.exporting = Stepper(export_in_steps(self.app.saved, self.app.settings), freeze=True)
        self.say(tr("Preparing the backup..."))
        self.go_on_exporting()

    def go_on_exporting(self) -> None:
        """A few ms more of the export (pressing Export again while it runs starts it over)."""
        if self.exporting is None or not self.exporting.step(self.app.step_budget()):
            return
        text, self.exporting = self.exporting.value, None
        if text is not None:
            self.offer(text)

    def offer(self, text: str) -> None:
        """The backup file: downloaded in the browser, written to the data folder on the desktop."""
        try:
            if self.app.browser:
                browser_download(self.page(), text)
                self.say(tr("Backup file offered for download."))
            else:
                path = desktop_path(self.app.saved)
                write_desktop_file(path, text)
                self.say(tr("Backup saved to {path}").format(path=shown_path(path)))
        except BackupError as error:
            self.say(tr("Export failed: {why}.").format(why=error), error=True)

    def start_import(self) -> None:
        if not self.app.browser:
            try:
                self.import_text(read_desktop_file(desktop_path(self.app.saved)))
            except BackupError as error:
                self.say(nothing_changed(error), error=True)
            return
        try:
            browser_pick_file(self.page())
        except BackupError as error:
            self.say(nothing_changed(error), error=True)
            return
        self.waiting = True
        self.message, self.error = tr("Choose a backup file..."), False

    def import_text(self, text: str | bytes) -> None:
        """Check ``text`` as a backup file and merge it; a bad file changes nothing and says why."""
        try:
            backup = read_backup(text)
        except BackupError as error:
            self.say(nothing_changed(error), error=True)
            return
        result = merge_backup(self.app.saved, backup)
        self.app.save_settings(backup.settings)
        self.count_saved()
        self.say(result.summary())

    def wants_frame(self) -> bool:
        """The browser's file chooser is open (the import's result shows when the file comes), or what is saved is
        being counted, or a backup made."""
        return self.waiting or not (self.counting.done or self.counting.closed) or self.exporting is not None

    def update(self, dt: float) -> None:
        if not (self.counting.done or self.counting.closed):
            self.counting.step(self.app.step_budget())
        self.go_on_exporting()
        if not self.waiting:
            return
        found = browser_take_upload(self.page())
        if found is None:
            return
        self.waiting = False
        if found.get("state") == "done":
            self.import_text(str(found.get("text", "")))
        elif found.get("state") == "cancelled":
            self.message, self.error = tr("No file chosen."), False
        else:
            self.say(nothing_changed(found.get("error")), error=True)

    # -- input and drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        u = self.app.metrics.u
        text = self.app.text
        draw_title(self.app, surface, self.bar, tr("Backup"))
        paragraphs = [(about(), theme.INK), (self.saved_now, theme.MUTED)]
        if not self.app.browser:
            path = shown_path(desktop_path(self.app.saved))
            paragraphs.append((tr("File: {path}").format(path=path), theme.MUTED))
        if self.message:
            paragraphs.append((self.message, theme.LAST_TURN if self.error else theme.ACCENT))
        m = self.app.metrics
        width = self.text_rect.width
        for size in (max(m.body, int(u * 0.75)), m.body, m.caption):  # smaller only when the text needs it
            blocks = [(wrap_long(text, paragraph, size, width), colour) for paragraph, colour in paragraphs]
            step = int(size * 0.9)
            if sum(len(lines) * step + size // 2 for lines, _ in blocks) <= self.text_rect.height + size // 2:
                break
        y = self.text_rect.y
        for lines, colour in blocks:
            for line in lines:
                text.draw(surface, line, size, colour, topleft=(self.text_rect.x, y))
                y += step
            y += size // 2
        self.panel.draw(surface, text)
