"""Puzzles: the list (solved ones marked) and one puzzle at a time, where the player draws the one best line.

A right line is drawn and the puzzle saved as solved (``Saved.mark_puzzle_solved``); a wrong one shows in red for a
moment and is taken back. Hint names the technique of the puzzle's theme.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from ...core import GameState
from ...play.i18n import tr
from ...play.i18n.phrases import describe_board
from ...play.players import COLOURS, Look, seat_looks
from ...play.presenter import Feedback, Marks
from ...play.puzzle_words import goal_text, hint_text, right_text, theme_title
from ...puzzles import Puzzle, load_puzzles
from .. import layout, theme
from ..board_input import BoardInput
from ..input import Action
from ..render import BoardView
from ..scene import Scene, Services
from ..scoreboard import draw_scores
from ..widgets import Button, Panel
from .common import RowList, back_button, draw_title, footer_rect, header_rects

WRONG_SECONDS = 1.4


def looks() -> list[Look]:
    """You and the opponent, in the two seats' default colours and patterns, marked by their names' initials."""
    you, other = seat_looks([(False, ""), (True, "expert")], ())
    names = [tr("You"), tr("Opponent")]
    return [replace(look, name=name, initial=name[0].upper()) for look, name in zip((you, other), names, strict=True)]


def wrong_text() -> str:
    return tr("Not this one: it does not keep the best result. Try again.")


def check_mark(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: tuple[int, int, int]) -> None:
    """A tick drawn with lines (the bundled font has no check mark glyph)."""
    x, y = centre
    points = [(x - size // 2, y), (x - size // 6, y + size // 3), (x + size // 2, y - size // 3)]
    pygame.draw.lines(surface, colour, False, points, max(3, size // 6))


class PuzzleListScene(Scene):
    """Every puzzle, in order, with its theme and board; solved ones ticked. A row opens its puzzle."""

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.puzzles = load_puzzles()
        self.scroll = 0
        self.row_list = RowList(self.row_at, self._scroll_by)
        self.solved: set[str] = set()

    def enter(self) -> None:
        self.solved = set(self.app.saved.solved_puzzles())
        self.panel = Panel()
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        w = m.size[0]
        u = m.u
        self.bar, back_rect = header_rects(m)
        back = back_button(self.app, back_rect)
        self.next_button = Button(tr("Next unsolved"), self.open_next, primary=True)
        self.next_button.enabled = self.next_unsolved() is not None
        daily = Button(tr("Daily puzzle"), lambda: self.app.go("daily"))
        self.summary_rect = pygame.Rect(u, self.bar.bottom + u // 2, w - 2 * u, max(int(u * 1.4), m.body))
        footer = footer_rect(m)
        daily.rect, self.next_button.rect = layout.split_row(footer, 2, u // 2)
        self.panel.set([back, daily, self.next_button])
        two_lines = int(m.body * 0.8) + int(m.caption * 0.8) + int(u * 0.6)  # the title, the board, a margin
        self.row_height = max(m.target, int(u * 2.1), two_lines) + u // 4  # (a row is drawn u/4 short: the gap)
        top = self.summary_rect.bottom + u // 2
        self.list_rect = pygame.Rect(u, top, w - 2 * u, footer.top - u // 2 - top)
        self.columns = 1 if m.portrait or self.list_rect.width < 24 * u else 2  # (sideways: twice the rows shown)
        self.column_gap = u // 2
        self.scroll -= self.scroll % self.columns
        self._scroll_by(0)

    # -- actions ----------------------------------------------------------------------------------------------
    def next_unsolved(self) -> Puzzle | None:
        return next((p for p in self.puzzles if p.key not in self.solved), None)

    def open_next(self) -> None:
        puzzle = self.next_unsolved()
        if puzzle is not None:
            self.open(puzzle)

    def open(self, puzzle: Puzzle) -> None:
        self.app.go("puzzle", puzzles=self.puzzles, index=puzzle.number - 1)

    def _scroll_by(self, rows: int) -> None:
        """Move the list by ``rows`` rows (``scroll`` is the first puzzle shown, at the start of a row)."""
        visible = max(1, self.list_rect.height // self.row_height)
        all_rows = -(-len(self.puzzles) // self.columns)
        last = max(0, all_rows - visible) * self.columns
        self.scroll = max(0, min(last, self.scroll + rows * self.columns))

    def cell_rect(self, place: int) -> pygame.Rect:
        """The rect of the ``place``-th row shown (counting across the columns first), gap included below."""
        row, column = divmod(place, self.columns)
        width = (self.list_rect.width - self.column_gap * (self.columns - 1)) // self.columns
        x = self.list_rect.x + column * (width + self.column_gap)
        return pygame.Rect(x, self.list_rect.y + row * self.row_height, width, self.row_height)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The puzzle whose row is at ``pos``, if any."""
        if not self.list_rect.collidepoint(pos):
            return None
        row = (pos[1] - self.list_rect.y) // self.row_height
        for column in range(self.columns):
            place = row * self.columns + column
            index = self.scroll + place
            if self.cell_rect(place).collidepoint(pos) and index < len(self.puzzles):
                return index
        return None

    # -- input ------------------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back":
            self.app.manager.pop()
        elif not self.row_list.keys(action, self.panel.focus is not None) and not self.panel.handle(action):
            row = self.row_list.pointer(action, self.list_rect, self.row_height)
            if row is not None:
                self.open(self.puzzles[row])

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        u = self.app.metrics.u
        text = self.app.text
        draw_title(self.app, surface, self.bar, tr("Puzzles"))
        solved = sum(1 for p in self.puzzles if p.key in self.solved)
        summary = tr("{solved} of {total} solved · each has exactly one best line").format(
            solved=solved, total=len(self.puzzles)
        )
        summary, size = text.fitted(summary, max(self.app.metrics.body, int(u * 0.72)), self.summary_rect.width)
        text.draw(surface, summary, size, theme.MUTED, midleft=self.summary_rect.midleft)
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        for index in range(self.scroll, len(self.puzzles)):
            cell = self.cell_rect(index - self.scroll)
            if cell.y > self.list_rect.bottom:
                break
            self._draw_row(surface, u, self.puzzles[index], cell, index == self.row_list.pressed)
        surface.set_clip(clip)
        self.panel.draw(surface, text)

    def _draw_row(self, surface: pygame.Surface, u: int, puzzle: Puzzle, cell: pygame.Rect, pressed: bool) -> None:
        text = self.app.text
        row = pygame.Rect(cell.x, cell.y, cell.width, self.row_height - u // 4)
        pygame.draw.rect(surface, theme.BUTTON_DOWN if pressed else theme.PANEL, row, border_radius=10)
        solved = puzzle.key in self.solved
        title = f"{puzzle.number}. {theme_title(puzzle)}"
        m = self.app.metrics
        right = row.right - int(u * 2.2)
        title, size = text.fitted(title, max(m.body, int(u * 0.8)), right - row.x - u)
        text.draw(surface, title, size, theme.INK, topleft=(row.x + u // 2, row.y + u // 5))
        board = describe_board(puzzle.position().board)
        board, size = text.fitted(board, max(m.caption, int(u * 0.6)), right - row.x - u)
        text.draw(surface, board, size, theme.MUTED, bottomleft=(row.x + u // 2, row.bottom - u // 5))
        if solved:
            check_mark(surface, (row.right - int(u * 1.1), row.centery), int(u * 1.1), COLOURS["green"])


class PuzzleScene(Scene):
    """One puzzle: the position, its goal, the player's line judged against the stored answer, Hint and Next. Lines
    are picked with the game's board input (:class:`~game.app.board_input.BoardInput`), the scene being its target."""

    def __init__(self, app: Services, puzzles: Sequence[Puzzle], index: int, daily: str = "") -> None:
        super().__init__(app)
        self.puzzles = puzzles
        self.daily = daily  # the date (YYYY-MM-DD) this is the daily puzzle of, or ""
        self.now = 0.0
        self.feedback = Feedback(app.announcer.say)
        self.input = BoardInput(self, lambda: app.touch_radius(), self.feedback)
        self._load(index)

    def _load(self, index: int) -> None:
        self.index = index
        self.puzzle = self.puzzles[index]
        self.state: GameState = self.puzzle.position()
        self.solved_now = False
        self.was_solved = self.puzzle.key in self.app.saved.solved_puzzles()
        self.wrong: tuple[int, float] | None = None
        self.tries = 0
        self.show_hint = False
        self.feedback.said = None
        self.input.reset(cursor=True)
        self.invalidate_layout()

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    # -- layout -----------------------------------------------------------------------------------------------
    def arrange(self) -> None:
        u = self.app.metrics.u
        frame = layout.board_layout(self.app.metrics)
        self.portrait = frame.portrait
        self.header, self.scores, self.board_rect, buttons = frame.header, frame.scores, frame.board, frame.buttons
        self.status = frame.status
        if frame.portrait:  # the goal and the hint need two or three lines: taken from the board's height
            extra = int(u * 1.4)
            self.status = pygame.Rect(frame.status.x, frame.status.y, frame.status.width, frame.status.height + extra)
            self.board_rect = pygame.Rect(
                frame.board.x, frame.board.y + extra, frame.board.width, frame.board.height - extra
            )
        self.view = BoardView(self.state.board, self.board_rect)
        self.back = Button(tr("Back"), self.app.manager.pop)
        width = int(u * 3.6)
        if frame.portrait:
            self.back.rect = pygame.Rect(self.header.x, self.header.y, width, self.header.height)
        else:
            self.back.rect = pygame.Rect(self.header.right - width, self.header.y, width, self.header.height)
        self.hint_button = Button(tr("Hint"), self.hint)
        self.next_button = Button(tr("Next puzzle"), self.next_puzzle)
        self.hint_button.rect, self.next_button.rect = layout.split_row(buttons, 2, u // 2)
        self._refresh()
        self.input.place(self.view, self.panel, self.board_rect)

    def _refresh(self) -> None:
        self.ensure_layout()
        self.next_button.primary = self.solved_now
        self.next_button.enabled = self.index + 1 < len(self.puzzles)
        self.hint_button.enabled = not self.solved_now
        widgets = [self.hint_button, self.next_button, self.back]
        if self.panel.widgets != widgets:
            self.panel.set(widgets)

    # -- actions ----------------------------------------------------------------------------------------------
    def hint(self) -> None:
        if not self.solved_now:
            self.show_hint = True

    def next_puzzle(self) -> None:
        if self.index + 1 < len(self.puzzles):
            self._load(self.index + 1)

    # -- the board input's target -----------------------------------------------------------------------------
    def accepting(self) -> bool:
        return not self.solved_now and self.wrong is None

    def waiting(self) -> bool:
        return False

    def animating(self) -> int | None:
        return None

    def refusal(self) -> str | None:
        return None  # (solved: the tick and Next say it; a wrong line: its red says it)

    def draw_line(self, line: int) -> bool:
        """Judge the player's line: the stored answer solves the puzzle, anything else is shown and taken back."""
        if not self.accepting() or self.state.is_drawn(line):
            return False
        self.tries += 1
        self.state.play(line)
        if line == self.puzzle.answer:
            self.solved_now = True
            self.app.saved.mark_puzzle_solved(self.puzzle.key)  # if it cannot be written now, it is kept and retried
            if self.daily:
                self.app.saved.mark_daily_solved(self.daily)
            self.app.sounds.play("capture")
        else:
            self.wrong = (line, self.now + WRONG_SECONDS)
        return True

    # -- input ------------------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        self._refresh()
        if action.kind == "back":
            self.app.manager.pop()
        elif action.kind == "hint":
            self.hint()
        else:
            self.input.handle(action)

    def wants_frame(self) -> bool:
        """A wrong line is shown, to be taken back, or "That line is taken" is said (the frame after either
        is gone is drawn too)."""
        return self.wrong is not None or self.feedback.said is not None

    def update(self, dt: float) -> None:
        self.now += dt
        if self.wrong is not None and self.now >= self.wrong[1]:
            self.state.undo()
            self.wrong = None
        self.input.update()
        self.feedback.update(self.now)

    # -- drawing ----------------------------------------------------------------------------------------------
    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.solved_now:
            return right_text(self.puzzle), theme.INK
        if self.wrong is not None:
            return wrong_text(), theme.LAST_TURN
        said = self.feedback.text(self.now)
        if said is not None:
            return said, theme.LAST_TURN
        if self.show_hint:
            return hint_text(self.puzzle), theme.HINT
        return goal_text(self.puzzle), theme.INK

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        u = self.app.metrics.u
        text = self.app.text
        room = self.header.inflate(-int(u * 8), 0) if self.portrait else self.header.copy()
        if not self.portrait:
            room.width -= int(u * 4)
        title, size = self._title(max(self.app.metrics.body, int(u * 0.85)), room.width)
        text.draw(surface, title, size, theme.INK, center=room.center)
        seats = looks()
        patterns = self.app.settings.patterns
        draw_scores(surface, text, self.scores, seats, self.state.scores, 0, patterns, False, self.app.metrics)
        self._draw_status(surface, u)
        pygame.draw.rect(surface, theme.PANEL, self.board_rect, border_radius=16)
        self.input.draw_board(surface, lambda view: self._draw_board(surface, view, seats))
        self.panel.draw(surface, text)
        self.input.draw_loupe(surface)

    def _title(self, size: int, width: int) -> tuple[str, int]:
        """The header and its size: "Puzzle N · theme" (and "· solved"), or without the number where that does not
        fit (a long theme, in French or in the narrow header of a sideways screen), then the theme alone, cut short
        only if even that does not fit."""
        solved = self.was_solved or self.solved_now
        forms = (
            tr("Puzzle {number} · {theme} · solved") if solved else tr("Puzzle {number} · {theme}"),
            tr("{theme} · solved") if solved else "{theme}",
            "{theme}",
        )
        text = self.app.text
        for form in forms:
            title = form.format(number=self.puzzle.number, theme=theme_title(self.puzzle))
            fitted = text.fit(title, size, width)
            if text.width(title, fitted) <= width:
                return title, fitted
        return text.shorten(title, fitted, width), fitted

    def _draw_board(self, surface: pygame.Surface, view: BoardView, seats: list[Look]) -> None:
        view.draw(surface, self.state, self.app.text, self.marks(), seats, self.app.settings.patterns)
        if self.wrong is not None:
            start, end = view.ends[self.wrong[0]]
            pygame.draw.line(surface, theme.LAST_TURN, start, end, view.line_width + 2)

    def _draw_status(self, surface: pygame.Surface, u: int) -> None:
        text = self.app.text
        message, colour = self.status_text()
        m = self.app.metrics
        size = max(m.body, int(u * 0.75))
        lines = text.wrap(message, size, self.status.width - 8)
        while len(lines) * int(size * 0.8) > self.status.height and size > m.caption:
            size -= 1
            lines = text.wrap(message, size, self.status.width - 8)
        y = self.status.centery - len(lines) * int(size * 0.8) // 2
        for line in lines:
            text.draw(surface, line, size, colour, midtop=(self.status.centerx, y))
            y += int(size * 0.8)

    def marks(self) -> Marks:
        marks = Marks(pulse=self.now)
        if self.solved_now:
            marks.recent = [self.puzzle.answer]
        accepting = self.accepting()
        self.input.pointing().mark(marks, self.state, 0 if accepting else None, accepting)
        return marks
