"""History: statistics against the computer by level and board, the list of past games, newest first (scrollable;
tap one to review it), clearing it all behind a confirmation, and the way to Backup (export and import).

The history is read when the scene is shown (and after clearing), in steps of a few ms across frames (a big
history never holds a frame up; "Reading your games..." shows meanwhile), never while frames are drawn; each game's
two lines of text are made once, names cut to :data:`SHOWN_NAME` characters, and only the rows in sight drawn."""

from __future__ import annotations

from datetime import datetime

import pygame

from ...core import CodeError, decode
from ...core.notation import parse_board_token
from ...play.i18n import tr, tr_mark, tr_n
from ...play.i18n.phrases import describe_board, format_date, level_name
from ...play.players import shown_names
from ...play.rating import Rating, history_results, history_results_in_steps, replay_in_steps
from ...play.stats import Row, board_label, seats_of, stats_rows, streak_text
from ...steps import Stepper
from ...storage import FinishedGame, HistoryView
from ...storage.steps import Work, map_in_steps
from .. import layout, theme
from ..input import Action
from ..scene import Scene, Services
from ..widgets import Button, Panel
from .common import RowList, back_button, draw_title, header_rects, rating_words, reading_text

SHOWN_NAME = 24  # characters of a player's name shown in a row (the game lets a player type 12)
RATING_POINTS = 240  # the rating line is drawn through at most this many of the ratings, evenly spread


def board_scores(game: FinishedGame) -> list[tuple[int, ...]]:
    """A match's scores board by board (the rules sheet writes both boards down); [] for a single board or a
    game saved before boards were recorded, or one whose boards do not add up to its totals."""
    boards = list(game.boards)
    if len(boards) < 2:
        return []
    if tuple(sum(b[seat] for b in boards) for seat in range(len(game.scores))) != game.scores:
        return []
    return boards


def shown_name(name: str) -> str:
    return name if len(name) <= SHOWN_NAME else name[: SHOWN_NAME - 1] + "…"


def describe_entry(game: FinishedGame) -> tuple[str, str]:
    """(when and where, who scored what) for one past game (its date and board passed storage's schema)."""
    when = format_date(datetime.fromisoformat(game.date).astimezone())
    try:
        board = describe_board(parse_board_token(game.board))
    except CodeError:
        board = tr("unknown board")
    boards = board_scores(game)
    kinds = [(seat.is_computer, seat.level) for seat in game.seats]
    names = [shown_name(name) for name in (shown_names(game.names, kinds) if kinds else game.names)]
    people = [seat for seat, (computer, _) in enumerate(kinds) if not computer]
    online = game.extra.get("online")
    if isinstance(online, dict):  # played online: this device's one person is "You" (each device its own)
        people = online_people(online, people)
        names = [tr("You") if [seat] == people else name for seat, name in enumerate(names)]
    scores = "  ".join(
        f"{name} {'+'.join(str(b[seat]) for b in boards) + '=' if boards else ''}{score}"
        for seat, (name, score) in enumerate(zip(names, game.scores, strict=True))
    )
    if game.decider:
        scores = tr("Decider") + "  ·  " + scores
    if isinstance(online, dict):
        scores = tr("Online") + "  ·  " + scores
    wins = game.winners
    if isinstance(online, dict) and online.get("resigned") in ("h", "g"):
        losers = [names[seat] for seat in range(len(names)) if seat not in wins]
        mine_lost = not set(people) & set(wins)
        scores += "  ·  " + (tr("You resigned") if mine_lost else tr("{name} resigned").format(name=", ".join(losers)))
    if len(wins) == 1 and people == list(wins) and len(kinds) > 1:  # the one person here won: "You won"
        scores += "  ·  " + tr("You won")
    elif len(wins) == 1:
        scores += "  ·  " + tr("{name} won").format(name=names[wins[0]])
    else:
        scores += "  ·  " + tr("draw")
    return f"{when}  ·  {board}", scores


def online_people(online: dict[str, object], people: list[int]) -> list[int]:
    """The seats of an online game's people that were this device's (its ``online`` mark's seats)."""
    seats = online.get("seats")
    return [seat for seat in people if isinstance(seats, list) and seat < len(seats) and seats[seat] is True]


def saving_text(view: HistoryView) -> str:
    """One line on what is saved: its size, games not saved yet, and unreadable data kept aside."""
    kb = max(1, round(view.stored_bytes / 1024)) if view.stored_bytes else 0
    parts = [tr("Saved data: {kb} KB").format(kb=kb)]
    if view.unsaved:
        parts.append(tr_n("{n} game is not saved yet", "{n} games are not saved yet", view.unsaved))
    if view.kept:
        parts.append(
            tr_n(
                "{n} saved item could not be read; it was kept",
                "{n} saved items could not be read; they were kept",
                view.kept,
            )
        )
    return "  ·  ".join(parts)


def ratings_in_steps(view: HistoryView) -> Work[list[Rating]]:
    """The rating after each rated game of the history, in steps."""
    results = yield from history_results_in_steps(view.earlier.folded, ())
    return (yield from replay_in_steps(results + history_results((), view.games)))


def spread(values: list[float], most: int) -> list[float]:
    """At most ``most`` of ``values``, evenly spread, the first and the last always in."""
    if len(values) <= most:
        return values
    return [values[round(i * (len(values) - 1) / (most - 1))] for i in range(most)]


HEADINGS = (tr_mark("Level"), tr_mark("Board"), tr_mark("Played"), tr_mark("W-D-L"), tr_mark("Best"))


def row_cells(row: Row) -> list[str]:
    best = "" if row.best is None else f"{row.best:+d}"
    return [level_name(row.level), board_label(row.board), str(row.played), f"{row.won}-{row.drawn}-{row.lost}", best]


def column_starts(cells: list[list[str]], width: int, gap: int, measure) -> list[int]:
    """Where each column of the table starts: the figures as wide as their widest cell, from the right; the
    computer's level and the board sharing what is left (the level's column no wider than its widest cell)."""
    widths = [max(measure(row[i]) for row in cells) + gap for i in range(len(HEADINGS))]
    figures = sum(widths[2:])
    names = max(0, width - figures)
    first = min(widths[0], names * 2 // 5) if widths[0] + widths[1] > names else widths[0]
    starts = [0, first]
    x = names
    for column_width in widths[2:]:
        starts.append(x)
        x += column_width
    return starts


class HistoryScene(Scene):
    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.scroll = 0
        self.row_list = RowList(self.row_at, self._scroll_by)
        self.confirming = False
        self.loading: Stepper[None, None] | None = None
        self._show(None)

    @property
    def reading(self) -> bool:
        """True while the history is being read."""
        return self.loading is not None and not self.loading.done and not self.loading.closed

    def _load(self) -> None:
        """Read the history again, in steps (:meth:`update` runs them); the first step at once, so that a small
        history shows in the frame that opens the scene."""
        if self.loading is not None:
            self.loading.close()
        self.loading = Stepper(self._read(), freeze=True)
        self.update(0.0)

    def _read(self) -> Work[None]:
        view = yield from self.app.saved.history_in_steps()
        yield from view.earlier.tally_in_steps()
        ratings = yield from ratings_in_steps(view)
        lines = yield from map_in_steps(describe_entry, list(reversed(view.games)))
        self._show(view, lines, ratings)

    def _show(
        self, view: HistoryView | None, lines: list[tuple[str, str]] | None = None, ratings: list[Rating] | None = None
    ) -> None:
        """What the scene shows of ``view`` (None: nothing yet, while it is read)."""
        ratings = ratings or []
        self.entries = list(reversed(view.games)) if view else []
        self.lines = lines or []
        self.total = view.total if view else 0
        self.rows = stats_rows(view.games, view.earlier) if view else []
        self.streak = streak_text(view.games, view.earlier) if view else ""
        self.saving = saving_text(view) if view else ""
        self.ratings = ratings
        self.rating_values = spread([rating.value for rating in ratings], RATING_POINTS)
        self.invalidate_layout()

    def enter(self) -> None:
        self.panel = Panel()
        self._load()  # again after a backup was imported
        self.invalidate_layout()

    def exit(self) -> None:
        if self.loading is not None:  # (a reading left half way is read again when shown, never written late)
            self.loading.close()

    def update(self, dt: float) -> None:
        if self.reading:
            assert self.loading is not None
            self.loading.step(self.app.step_budget())

    def wants_frame(self) -> bool:
        return self.reading

    def backup(self) -> None:
        self.app.go("backup")

    # -- clearing ---------------------------------------------------------------------------------------------
    def ask_to_clear(self) -> None:
        self.confirming = True
        self.invalidate_layout()

    def cancel_clear(self) -> None:
        self.confirming = False
        self.invalidate_layout()

    def clear(self) -> None:
        self.app.saved.clear_history()
        self._load()
        self.scroll = 0
        self.confirming = False
        self.invalidate_layout()
        self.app.notify(tr("History cleared."))

    # -- layout -----------------------------------------------------------------------------------------------
    def arrange(self) -> None:
        m = self.app.metrics
        w, h = m.size
        u = m.u
        self.bar, back_rect = header_rects(m)
        self.title_room: pygame.Rect | None = None
        if self.confirming:
            self._layout_dialog(m)
        else:
            back = back_button(self.app, back_rect)
            clear = Button(tr("Clear"), self.ask_to_clear, enabled=bool(self.total))
            clear.rect = pygame.Rect(self.bar.right - back_rect.width, self.bar.y, back_rect.width, self.bar.height)
            backup = Button(tr("Backup"), self.backup)
            wide = max(back_rect.width, self.app.text.width(backup.label, m.body) + u)  # (its label's length)
            backup.rect = pygame.Rect(clear.rect.x - u // 3 - wide, self.bar.y, wide, self.bar.height)
            self.title_room = pygame.Rect(back_rect.right, self.bar.y, backup.rect.x - back_rect.right, self.bar.height)
            self.panel.set([back, clear, backup])
        self.row_height = max(int(u * 2.1), int((m.caption + m.body) * 0.75) + u)
        self.table_line = max(int(u * 0.95), int(m.caption * 0.95))
        captions = 3 if self.ratings else 2  # (rating,) streak, saved
        self.stats_top = u // 3 + int(m.body * 0.8) + captions * int(m.caption * 0.8) + self._chart_height() + u // 3
        room = max(0, int((h - self.bar.bottom) * 0.45) - self.stats_top - u) // self.table_line - 1
        self.shown_rows = max(0, min(len(self.rows), room))
        table = (self.shown_rows + 1) * self.table_line if self.shown_rows else 0
        more = self.table_line if len(self.rows) > self.shown_rows else 0
        stats_height = self.stats_top + table + more + u // 3
        self.stats_rect = pygame.Rect(u, self.bar.bottom + u // 2, w - 2 * u, stats_height)
        self.list_rect = pygame.Rect(u, self.stats_rect.bottom + u // 2, w - 2 * u, h - self.stats_rect.bottom - u)

    def _layout_dialog(self, m: layout.Metrics) -> None:
        w, h = m.size
        u = m.u
        width = min(w - 2 * u, u * 22)
        question = self.app.text.wrap(self._question(), m.body, width - 2 * u)
        row_h = max(m.target, int(u * 2.1))
        self.dialog = pygame.Rect(0, 0, width, u + len(question) * int(m.body * 0.8) + m.caption * 2 + row_h + u)
        self.dialog.center = (w // 2, h // 2)
        row = pygame.Rect(self.dialog.x + u, self.dialog.bottom - u // 2 - row_h, width - 2 * u, row_h)
        keep = Button(tr("Keep them"), self.cancel_clear)
        delete = Button(tr("Delete {n}").format(n=self.total), self.clear, danger=True)
        keep.rect, delete.rect = layout.split_row(row, 2, u)
        self.panel.set([keep, delete])
        self.panel.focus = 0

    def _scroll_by(self, rows: int) -> None:
        visible = max(1, self.list_rect.height // self.row_height)
        self.scroll = max(0, min(max(0, len(self.entries) - visible), self.scroll + rows))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The game whose row is at ``pos``, if any."""
        if not self.list_rect.collidepoint(pos):
            return None
        index = (pos[1] - self.list_rect.y) // self.row_height + self.scroll
        return index if index < len(self.entries) else None

    # -- input ------------------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        self.ensure_layout()
        kind = action.kind
        if self.confirming:
            if kind == "back":
                self.cancel_clear()
            elif kind in ("left", "right"):
                self.panel.handle(Action("down" if kind == "right" else "up"))
            else:
                self.panel.handle(action)
            return
        if kind == "back":
            self.app.manager.pop()
        elif not self.row_list.keys(action, self.panel.focus is not None) and not self.panel.handle(action):
            row = self.row_list.pointer(action, self.list_rect, self.row_height)
            if row is not None:
                self._open_row(row)

    def _open_row(self, index: int) -> None:
        """Review the game tapped (a match's last board)."""
        entry = self.entries[index]
        if not entry.moves:
            self.app.notify(tr("This game was saved without its moves, so it cannot be reviewed."))
            return
        try:
            game = decode(entry.moves[-1])
        except CodeError as error:
            self.app.notify(tr("This game's moves cannot be read: {why}.").format(why=error))
            return
        self.app.go("review", game=game, names=list(entry.names), seats=seats_of(entry))

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        u = self.app.metrics.u
        text = self.app.text
        draw_title(self.app, surface, self.bar, tr("History"), self.title_room)
        self._draw_stats(surface, u)
        self._draw_list(surface, u)
        if self.confirming:
            self._draw_dialog(surface, u)
        self.panel.draw(surface, text)

    def _draw_list(self, surface: pygame.Surface, u: int) -> None:
        text = self.app.text
        if not self.entries:
            text.draw(
                surface,
                reading_text() if self.reading else tr("No finished games yet."),
                self.app.metrics.body,
                theme.MUTED,
                midtop=(self.list_rect.centerx, self.list_rect.y + u),
            )
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        y = self.list_rect.y
        for top, bottom in self.lines[self.scroll :]:
            if y > self.list_rect.bottom:
                break
            row = pygame.Rect(self.list_rect.x, y, self.list_rect.width, self.row_height - u // 4)
            pygame.draw.rect(surface, theme.PANEL, row, border_radius=10)
            corner = (row.right - u // 2, row.y + u // 4)
            review = text.draw(surface, tr("Review >"), self.app.metrics.caption, theme.ACCENT, topright=corner)
            room = review.x - row.x - u
            top = text.shorten(top, self.app.metrics.caption, room)
            text.draw(surface, top, self.app.metrics.caption, theme.MUTED, topleft=(row.x + u // 2, row.y + u // 4))
            bottom, size = text.fitted(bottom, self.app.metrics.body, row.width - u)
            text.draw(surface, bottom, size, theme.INK, bottomleft=(row.x + u // 2, row.bottom - u // 4))
            y += self.row_height
        surface.set_clip(clip)

    def _draw_stats(self, surface: pygame.Surface, u: int) -> None:
        text = self.app.text
        m = self.app.metrics
        rect = self.stats_rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        inner = rect.inflate(-u, 0)
        inner.width = min(inner.width, u * 24)
        played = reading_text() if self.reading else tr_n("{n} game played", "{n} games played", self.total)
        top = rect.y + u // 3
        played, size = text.fitted(played, m.body, inner.width)
        text.draw(surface, played, size, theme.INK, topleft=(inner.x, top))
        y = top + int(m.body * 0.8)
        for line in (self._rating_text(), self.streak, self.saving):
            if line:
                line, size = text.fitted(line, m.caption, inner.width)
                text.draw(surface, line, size, theme.MUTED, topleft=(inner.x, y))
                y += int(m.caption * 0.8)
        if len(self.rating_values) >= 2 and not self.confirming:  # (the question covers it, as the table)
            chart = pygame.Rect(inner.x, y + u // 4, inner.width, self._chart_height() - u // 4)
            self._draw_rating_chart(surface, chart)
        if not self.shown_rows or self.confirming:  # (the question covers the table)
            return
        y = rect.y + self.stats_top
        size = m.caption
        cells = [[tr(name) for name in HEADINGS]] + [row_cells(row) for row in self.rows[: self.shown_rows]]
        starts = column_starts(cells, inner.width, u // 3, lambda cell: text.width(cell, size))
        for index, row_text in enumerate(cells):
            colour = theme.MUTED if index == 0 else theme.INK
            self._draw_table_row(surface, row_text, starts, inner, y, size, colour)
            y += self.table_line
        hidden = len(self.rows) - self.shown_rows
        if hidden:
            text.draw(surface, tr("and {n} more").format(n=hidden), size, theme.MUTED, topleft=(inner.x, y))

    def _rating_text(self) -> str:
        if not self.ratings:
            return ""
        return rating_words(self.ratings[-1])

    def _chart_height(self) -> int:
        """The rating chart's height under the lines of words (none for fewer than two rated games)."""
        m = self.app.metrics
        return int(m.u * 3.4) + m.caption if len(self.rating_values) >= 2 else 0

    def _draw_rating_chart(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The rating over the rated games, oldest at the left: a line between two axes, the lowest and highest
        rating written beside the upright one, the first and last game under the other."""
        text, m = self.app.text, self.app.metrics
        values = self.rating_values
        low, high = min(values), max(values)
        labels = [str(round(high)), str(round(low))]
        left = max(text.width(label, m.caption) for label in labels) + m.u // 3
        plot = pygame.Rect(room.x + left, room.y + m.caption // 3, room.width - left, room.height - m.caption)
        pygame.draw.line(surface, theme.MUTED, plot.topleft, plot.bottomleft, 2)
        pygame.draw.line(surface, theme.MUTED, plot.bottomleft, plot.bottomright, 2)
        text.draw(surface, labels[0], m.caption, theme.MUTED, midright=(plot.x - m.u // 6, plot.y))
        text.draw(surface, labels[1], m.caption, theme.MUTED, midright=(plot.x - m.u // 6, plot.bottom))
        count = len(self.ratings)
        text.draw(surface, "1", m.caption, theme.MUTED, midtop=(plot.x + m.u // 2, plot.bottom + 2))
        games = tr_n("{n} rated game", "{n} rated games", count)
        text.draw(surface, games, m.caption, theme.MUTED, topright=(plot.right, plot.bottom + 2))
        span = max(high - low, 1.0)
        inside = plot.inflate(-m.u, -m.u // 2)
        last = len(values) - 1
        points = [(inside.x + inside.width * i // last, inside.bottom - round((v - low) / span * inside.height))
                  for i, v in enumerate(values)]  # fmt: skip
        pygame.draw.lines(surface, theme.ACCENT, False, points, max(2, m.u // 8))

    def _draw_table_row(
        self,
        surface: pygame.Surface,
        cells: list[str],
        starts: list[int],
        inner: pygame.Rect,
        y: int,
        size: int,
        colour: tuple,
    ) -> None:
        text = self.app.text
        ends = [*starts[1:], inner.width]
        for cell, start, end in zip(cells, starts, ends, strict=True):
            cell, fitted = text.fitted(cell, size, end - start - 4)
            text.draw(surface, cell, fitted, colour, topleft=(inner.x + start, y))

    def _draw_dialog(self, surface: pygame.Surface, u: int) -> None:
        text = self.app.text
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*theme.INK, 140))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.dialog, border_radius=16)
        m = self.app.metrics
        y = self.dialog.y + u
        for line in text.wrap(self._question(), m.body, self.dialog.width - 2 * u):
            text.draw(surface, line, m.body, theme.INK, midtop=(self.dialog.centerx, y))
            y += int(m.body * 0.8)
        note = tr("This cannot be undone. An unfinished game is kept.")
        for line in text.wrap(note, m.caption, self.dialog.width - 2 * u):
            text.draw(surface, line, m.caption, theme.MUTED, midtop=(self.dialog.centerx, y + u // 4))
            y += int(m.caption * 0.8)

    def _question(self) -> str:
        return tr_n(
            "Delete {n} finished game and its statistics?",
            "Delete all {n} finished games and their statistics?",
            self.total,
        )
