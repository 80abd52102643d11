"""How to play: the rules in a few pages, each with small drawn examples (before and after a move)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...core import Board, GameState
from .. import layout, theme
from ..input import Action
from ..render import BoardView, Marks
from ..scene import Scene
from ..widgets import Button, Panel
from .common import back_button, draw_title, header_rects

if TYPE_CHECKING:
    from ..app import App

MARKS = ["A", "B"]


@dataclass(frozen=True)
class Example:
    """A position on a small square board (lines given as h/v, row, col) and the highlighted move, if any."""

    rows: int
    cols: int
    lines: tuple[str, ...]
    owners: tuple[tuple[int, int], ...] = ()
    show: tuple[str, ...] = ()
    caption: str = ""


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    examples: tuple[Example, ...]


ALL_2X2 = ("h00", "h01", "h10", "h11", "h20", "h21", "v00", "v01", "v02", "v10", "v11", "v12")
ROW_1X3 = ("h00", "h01", "h02", "h10", "h11", "h12")

PAGES = (
    Page(
        "Lines and boxes",
        "Players take turns drawing one line between two neighbouring dots. Boxes belong to whoever closes them; "
        "when every line is drawn, the most boxes wins. The same rules work on triangle and hexagon boards.",
        (
            Example(2, 2, ("h00", "v00", "v11", "h21")),
            Example(2, 2, ("h00", "v00", "v11", "h21", "h11"), show=("h11",), caption="one line per turn"),
        ),
    ),
    Page(
        "A capture",
        "Draw the fourth side of a box and it is yours: it is filled with your colour, pattern and letter.",
        (
            Example(2, 2, ("h00", "v00", "h10"), show=("v01",), caption="before"),
            Example(2, 2, ("h00", "v00", "h10", "v01"), owners=((0, 0),), caption="after"),
        ),
    ),
    Page(
        "A double capture",
        "One line can close two boxes at once when it is the last side of both. You score two.",
        (
            Example(1, 2, ("h00", "h01", "h10", "h11", "v00", "v02"), show=("v01",), caption="before"),
            Example(1, 2, ROW_1X3[:2] + ("h10", "h11", "v00", "v01", "v02"), owners=((0, 0), (0, 1)), caption="after"),
        ),
    ),
    Page(
        "The extra move",
        "After closing a box you must draw another line. A line that closes nothing ends your turn.",
        (
            Example(2, 2, ("h00", "v00", "h10"), show=("v01",), caption="close a box..."),
            Example(2, 2, ("h00", "v00", "h10", "v01"), owners=((0, 0),), show=("h21",), caption="...then move again"),
        ),
    ),
    Page(
        "Chains",
        "A chain is a row of boxes with two sides left each. Draw any line in it and your opponent takes every box.",
        (
            Example(1, 3, ROW_1X3, show=("v01",), caption="a chain of 3"),
            Example(1, 3, ROW_1X3 + ("v00", "v01", "v02", "v03"), owners=((1, 0), (1, 1), (1, 2)), caption="all taken"),
        ),
    ),
    Page(
        "The double-cross",
        "When given a long chain, take all but two boxes and play the far end: your opponent takes the last two "
        "with one line, then must open the next chain for you.",
        (
            Example(1, 3, ROW_1X3 + ("v00",), show=("v01", "v03"), caption="take one, leave two"),
            Example(
                1, 3, ROW_1X3 + ("v00", "v01", "v03"), owners=((0, 0),), show=("v02",), caption="they double-cross"
            ),
        ),
    ),
)


def example_state(example: Example) -> GameState:
    board = Board.square(example.rows, example.cols)
    state = GameState(board)
    for name in example.lines:
        state.drawn |= 1 << line_id(board, name)
    for cell in range(board.num_cells):
        state.sides[cell] = sum(1 for line in board.cells[cell] if state.is_drawn(line))
    for player, cell in example.owners:
        state.owner[cell] = player
    return state


def line_id(board: Board, name: str) -> int:
    """``h<r><c>`` or ``v<r><c>`` on a square board, as in the core's line names."""
    rows, cols = board.size
    kind, r, c = name[0], int(name[1]), int(name[2])
    return r * cols + c if kind == "h" else (rows + 1) * cols + r * (cols + 1) + c


class HowToScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self._size: tuple[int, int] | None = None

    def enter(self) -> None:
        self.panel = Panel()
        self._size = None

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(PAGES) - 1, self.page + step))
        self._size = None

    def _layout(self) -> None:
        size = self.app.size
        self._size = size
        w, h = size
        u = layout.unit(size)
        self.bar, back_rect = header_rects(size)
        back = back_button(self.app)
        back.rect = back_rect
        previous = Button("Previous", lambda: self.turn(-1), enabled=self.page > 0)
        following = Button("Next", lambda: self.turn(1), enabled=self.page < len(PAGES) - 1, primary=True)
        row = pygame.Rect(u, h - int(u * 2.6), w - 2 * u, int(u * 2.1))
        previous.rect, following.rect = layout.split_row(row, 2, u)
        self.panel.set([following, previous, back])
        body = pygame.Rect(u, self.bar.bottom + u, w - 2 * u, row.y - self.bar.bottom - 2 * u)
        lines = self.app.text.wrap(PAGES[self.page].text, int(u * 0.8), body.w)
        text_height = int(u * 1.1 * 1.3) + int(len(lines) * u * 0.8 * 1.2) + u
        self.text_rect = pygame.Rect(body.x, body.y, body.w, min(text_height, int(body.h * 0.45)))
        pictures = pygame.Rect(body.x, self.text_rect.bottom, body.w, body.bottom - self.text_rect.bottom)
        examples = PAGES[self.page].examples
        boards = [Board.square(example.rows, example.cols) for example in examples]
        caption = int(u * 1.4)
        portrait = layout.is_portrait(size)
        if portrait:
            places = layout.split_column(pictures, len(examples), u)
        else:
            places = layout.split_row(pictures, len(examples), u)
        boxes = []
        for board, place in zip(boards, places, strict=True):
            room = pygame.Rect(place.x, place.y, place.width, place.height - caption)
            box = layout.tight_rect(board, room)
            box.width = max(box.width, min(room.width, int(u * 8)))
            box.centerx = room.centerx
            boxes.append(box)
        group = sum(box.height + caption for box in boxes) + u * (len(boxes) - 1) if portrait else boxes[0].height
        top = pictures.y + (pictures.height - group - (0 if portrait else caption)) // 2
        for box in boxes:
            box.y = top
            if portrait:
                top += box.height + caption + u
        self.views = [
            (example, example_state(example), BoardView(board, box))
            for example, board, box in zip(examples, boards, boxes, strict=True)
        ]

    def handle(self, action: Action) -> None:
        if self._size != self.app.size:
            self._layout()
        if action.kind == "back":
            self.app.manager.pop()
        elif action.kind in ("left", "right") and self.panel.focus is None:
            self.turn(-1 if action.kind == "left" else 1)
        else:
            self.panel.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        if self._size != surface.get_size():
            self._layout()
        u = layout.unit(surface.get_size())
        text = self.app.text
        page = PAGES[self.page]
        draw_title(self.app, surface, self.bar, f"How to play · {self.page + 1}/{len(PAGES)}")
        y = self.text_rect.y
        heading = int(u * 1.1)
        text.draw(surface, page.title, heading, theme.INK, midtop=(self.text_rect.centerx, y))
        y += int(heading * 1.3)
        size = int(u * 0.8)
        lines = text.wrap(page.text, size, self.text_rect.width)
        while len(lines) * size * 1.2 > self.text_rect.bottom - y and size > 12:
            size -= 1
            lines = text.wrap(page.text, size, self.text_rect.width)
        for line in lines:
            text.draw(surface, line, size, theme.INK, midtop=(self.text_rect.centerx, y))
            y += int(size * 1.2)
        for example, state, view in self.views:
            pygame.draw.rect(surface, theme.PANEL, view.rect, border_radius=12)
            shown = [line_id(view.board, name) for name in example.show]
            view.draw(surface, state, text, Marks(), MARKS, self.app.settings.patterns)
            for line in shown:
                a, b = view.ends[line]
                pygame.draw.line(surface, theme.HINT, a, b, view.line_width + 4)
                for dot in (a, b):
                    pygame.draw.circle(surface, theme.DOT, dot, view.dot_radius)
            if example.caption:
                text.draw(
                    surface,
                    example.caption,
                    int(u * 0.7),
                    theme.MUTED,
                    midtop=(view.rect.centerx, view.rect.bottom + u // 3),
                )
        self.panel.draw(surface, text)
