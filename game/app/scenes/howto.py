"""How to play: the rules in a few pages, each a short sequence of real positions.

An example is a start position, who is to move, and the turns that follow. The first picture shows the start with
the lines of the first turn highlighted (numbered when there are several); each next picture shows the position
those lines made, with the following turn highlighted, and so on. Every position after the start is computed by
the rules core, and the line under each picture (who is to move, the score) is read from it, so the pictures and
their captions cannot disagree with the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...core import Board, GameState
from .. import layout, theme
from ..i18n import tr, tr_mark
from ..input import Action
from ..render import BoardView, Marks
from ..scene import Scene
from ..widgets import Button, Panel
from .common import back_button, draw_title, footer_rect, header_rects

if TYPE_CHECKING:
    from ..app import App

NAMES = ["A", "B"]

Line = str | int  # "h<r><c>" / "v<r><c>" on a square board, else a line id


@dataclass(frozen=True)
class Example:
    """A start position on ``shape``/``size`` (``lines`` drawn, nobody owning anything), ``first`` to move, then
    ``turns``: the lines each picture highlights, played in order. ``notes`` has one caption per picture."""

    shape: str
    size: tuple[int, ...]
    lines: tuple[Line, ...]
    first: int
    turns: tuple[tuple[Line, ...], ...]
    notes: tuple[str, ...]
    previous: tuple[Line, ...] = ()  # drawn in ``lines`` by the other player just before: shown as their last turn

    def board(self) -> Board:
        return Board.from_spec(self.shape, self.size)


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    example: Example


@dataclass
class Picture:
    """One picture of an example: the position, the lines to draw next (in order), and its caption."""

    state: GameState
    next_lines: tuple[int, ...]
    note: str
    last_turn: tuple[int, ...]
    last_player: int


H_ROWS_2X3 = ("h00", "h01", "h02", "h10", "h11", "h12", "h20", "h21", "h22")

PAGES = (
    Page(
        tr_mark("Lines and boxes"),
        tr_mark(
            "Players take turns drawing one line between two neighbouring dots. Boxes belong to whoever closes them; "
            "when every line is drawn, the most boxes wins."
        ),
        Example(
            "square",
            (2, 2),
            ("h00", "v00", "v11", "h21"),
            0,
            (("h20",),),
            (tr_mark("A draws the marked line"), tr_mark("it closes nothing")),
        ),
    ),
    Page(
        tr_mark("A capture"),
        tr_mark(
            "Draw the last side of a box and it is yours: it takes your colour, pattern and letter, and you move again."
        ),
        Example(
            "square",
            (2, 2),
            ("h00", "v00", "h10", "h21", "v12"),
            0,
            (("v01",),),
            (tr_mark("A draws the fourth side"), tr_mark("A owns the box")),
        ),
    ),
    Page(
        tr_mark("A double capture"),
        tr_mark("One line can be the last side of two boxes at once: you score both, and move again once."),
        Example(
            "square",
            (2, 2),
            ("h00", "h01", "h10", "h11", "v00", "v02", "v10"),
            0,
            (("v01",),),
            (tr_mark("one line, two boxes"), tr_mark("A scores 2")),
        ),
    ),
    Page(
        tr_mark("The extra move"),
        tr_mark("After closing a box you must draw another line. A line that closes nothing ends your turn."),
        Example(
            "square",
            (2, 2),
            ("h00", "v00", "h10", "v12"),
            0,
            (("v01", "h21"),),
            (tr_mark("1 closes a box, so A draws 2"), tr_mark("2 closed nothing: turn over")),
        ),
    ),
    Page(
        tr_mark("Chains"),
        tr_mark(
            "A chain is a row of boxes with two sides left each. Draw any line in it and your opponent can take every "
            "box in it, one after another."
        ),
        Example(
            "square",
            (1, 3),
            ("h00", "h01", "h02", "h10", "h11", "h12"),
            0,
            (("v00",), ("v01", "v02", "v03")),
            (tr_mark("no safe line left for A"), tr_mark("B takes the chain..."), tr_mark("...all three boxes")),
        ),
    ),
    Page(
        tr_mark("The double-cross"),
        tr_mark(
            "A has just opened the top chain. B takes one box, then plays the far end, leaving two boxes to A. A takes "
            "both with one line but must then open the bottom chain: B wins 4 to 2. Had B taken all three, B would "
            "have had to open the bottom chain: 3 to 3."
        ),
        Example(
            "square",
            (2, 3),
            (*H_ROWS_2X3, "v00"),
            1,
            (("v01", "v03"), ("v02", "v10")),
            (tr_mark("B takes 1, leaves 2"), tr_mark("A takes 2, must open"), tr_mark("B will take 3 more")),
            previous=("v00",),
        ),
    ),
    Page(
        tr_mark("Triangles"),
        tr_mark(
            "Triangle boards play by the same rules: a triangle has three sides, and whoever draws the last one owns "
            "it and moves again."
        ),
        Example(
            "triangle",
            (3,),
            (0, 1, 4, 7),
            0,
            ((2, 3, 6),),
            (tr_mark("1 and 2 each close a triangle"), tr_mark("3 closed nothing: turn over")),
        ),
    ),
    Page(
        tr_mark("Hexagons"),
        tr_mark("Hexagon boards too: six sides to a cell. A line shared by two cells with five sides each takes both."),
        Example(
            "hex",
            (1,),
            (9, 11, 12, 17, 18, 22, 23, 27, 28, 29, 0, 14),
            0,
            ((20,),),
            (tr_mark("one line, two hexagons"), tr_mark("A scores 2")),
        ),
    ),
)


def line_id(board: Board, name: Line) -> int:
    """``h<r><c>`` or ``v<r><c>`` on a square board, as in the core's line names; a number is a line id."""
    if isinstance(name, int):
        return name
    rows, cols = board.size
    kind, r, c = name[0], int(name[1]), int(name[2])
    return r * cols + c if kind == "h" else (rows + 1) * cols + r * (cols + 1) + c


def start_state(example: Example) -> GameState:
    board = example.board()
    state = GameState(board, first=example.first)
    for name in example.lines:
        state.drawn |= 1 << line_id(board, name)
    for cell in range(board.num_cells):
        state.sides[cell] = sum(1 for line in board.cells[cell] if state.is_drawn(line))
    return state


def pictures(example: Example) -> list[Picture]:
    """The example's pictures: the start, then the position after each turn, played by the rules core."""
    state = start_state(example)
    board = state.board
    turns = [tuple(line_id(board, name) for name in turn) for turn in example.turns]
    shots: list[Picture] = []
    last_turn = tuple(line_id(board, name) for name in example.previous)
    last_player = (example.first - 1) % 2 if last_turn else -1
    for index, note in enumerate(example.notes):
        upcoming = turns[index] if index < len(turns) else ()
        shots.append(Picture(state.copy(), upcoming, note, last_turn, last_player))
        last_player = state.to_move
        for line in upcoming:
            state.play(line)
        last_turn = upcoming
    return shots


def status(picture: Picture) -> str:
    """What the position says: who is to move (and with what), or the final score."""
    state = picture.state
    score = f"{NAMES[0]} {state.scores[0]} · {NAMES[1]} {state.scores[1]}"
    if state.over:
        return tr("game over · {score}").format(score=score)
    if picture.last_player == state.to_move:
        return tr("{mover} to move again · {score}").format(mover=NAMES[state.to_move], score=score)
    return tr("{mover} to move · {score}").format(mover=NAMES[state.to_move], score=score)


class HowToScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(PAGES) - 1, self.page + step))
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        w = m.size[0]
        u = m.u
        self.bar, back_rect = header_rects(m)
        back = back_button(self.app, back_rect)
        previous = Button(tr("Previous"), lambda: self.turn(-1), enabled=self.page > 0)
        following = Button(tr("Next"), lambda: self.turn(1), enabled=self.page < len(PAGES) - 1, primary=True)
        row = footer_rect(m)
        previous.rect, following.rect = layout.split_row(row, 2, u)
        focus = self.panel.focus
        self.panel.set([following, previous, back])
        self.panel.focus = focus if focus is None or self.panel.widgets[focus].enabled else 2
        body = pygame.Rect(u, self.bar.bottom + u // 2, w - 2 * u, row.y - self.bar.bottom - u)
        self.text_size = m.body
        self.heading = max(m.body, int(u * 1.0))
        lines = self.app.text.wrap(tr(PAGES[self.page].text), self.text_size, body.w)
        text_height = int(self.heading * 0.9) + len(lines) * int(self.text_size * 0.8) + u // 2
        self.text_rect = pygame.Rect(body.x, body.y, body.w, text_height)
        area = pygame.Rect(body.x, self.text_rect.bottom, body.w, body.bottom - self.text_rect.bottom)
        self._place_pictures(area, m)

    def _place_pictures(self, area: pygame.Rect, m: layout.Metrics) -> None:
        """The pictures in a column or a row, whichever shows them bigger, each with its caption below it."""
        example = PAGES[self.page].example
        board = example.board()
        shots = pictures(example)
        self.caption_size = m.caption
        best: tuple[int, list[pygame.Rect], list[pygame.Rect]] | None = None
        for split in (layout.split_column, layout.split_row):
            places = split(area, len(shots), m.u // 2)
            caption = self._caption_height(shots, places[0].width, m)
            rooms = [pygame.Rect(p.x, p.y, p.width, max(1, p.height - caption)) for p in places]
            boxes = [layout.tight_rect(board, room) for room in rooms]
            size = min(min(box.size) for box in boxes)
            if best is None or size > best[0]:
                best = (size, boxes, rooms)
        _, boxes, rooms = best  # type: ignore[misc]
        self.in_column = rooms[0].x == rooms[-1].x
        self._caption_room = rooms[0].width
        for box, room in zip(boxes, rooms, strict=True):
            box.width = max(box.width, min(room.width, int(m.u * 7)))
            box.center = room.center
        self.views = [(shot, BoardView(board, box)) for shot, box in zip(shots, boxes, strict=True)]

    def _caption_height(self, shots: list[Picture], width: int, m: layout.Metrics) -> int:
        """Room for the tallest caption (the note and the position's status, each wrapped to ``width``)."""
        text = self.app.text
        lines = max(
            len(text.wrap(shot.note, m.caption, width)) + len(text.wrap(status(shot), m.caption, width))
            for shot in shots
        )
        return lines * int(m.caption * 0.8) + m.u // 3

    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back":
            self.app.manager.pop()
        elif action.kind in ("left", "right") and self.panel.focus is None:
            self.turn(-1 if action.kind == "left" else 1)
        else:
            self.panel.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        text = self.app.text
        page = PAGES[self.page]
        draw_title(
            self.app, surface, self.bar, tr("How to play · {n}/{total}").format(n=self.page + 1, total=len(PAGES))
        )
        y = self.text_rect.y
        text.draw(surface, tr(page.title), self.heading, theme.INK, midtop=(self.text_rect.centerx, y))
        y += int(self.heading * 0.9)
        size = self.text_size
        for line in text.wrap(tr(page.text), size, self.text_rect.width):
            text.draw(surface, line, size, theme.INK, midtop=(self.text_rect.centerx, y))
            y += int(size * 0.8)
        for index, (shot, view) in enumerate(self.views):
            self._draw_picture(surface, shot, view, index)
        self.panel.draw(surface, text)

    def _draw_picture(self, surface: pygame.Surface, shot: Picture, view: BoardView, index: int) -> None:
        text = self.app.text
        pygame.draw.rect(surface, theme.PANEL, view.rect, border_radius=12)
        marks = Marks(recent=list(shot.last_turn))
        view.draw(surface, shot.state, text, marks, NAMES, self.app.settings.patterns)
        numbered = len(shot.next_lines) > 1
        for order, line in enumerate(shot.next_lines, start=1):
            a, b = view.ends[line]
            pygame.draw.line(surface, theme.HINT, a, b, view.line_width + 4)
            for dot in (a, b):
                pygame.draw.circle(surface, theme.DOT, dot, view.dot_radius)
            if numbered:
                self._draw_number(surface, view, line, order)
        if index > 0:
            self._draw_arrow(surface, view)
        size = self.caption_size
        x, y = view.rect.centerx, view.rect.bottom + size // 4
        for line, colour in ((tr(shot.note), theme.INK), (status(shot), theme.MUTED)):
            for part in text.wrap(line, size, self._caption_room):
                text.draw(surface, part, size, colour, midtop=(x, y))
                y += int(size * 0.8)

    def _draw_number(self, surface: pygame.Surface, view: BoardView, line: int, order: int) -> None:
        (ax, ay), (bx, by) = view.ends[line]
        radius = max(9, round(view.edge * 0.16))
        centre = ((ax + bx) // 2, (ay + by) // 2)
        pygame.draw.circle(surface, theme.HINT, centre, radius)
        pygame.draw.circle(surface, theme.PANEL, centre, radius, 2)
        self.app.text.draw(surface, str(order), int(radius * 1.5), (255, 255, 255), center=centre)

    def _draw_arrow(self, surface: pygame.Surface, view: BoardView) -> None:
        """A small arrow before a picture: it follows the one before it."""
        s = max(6, view.dot_radius)
        if self.in_column:
            x, y = view.rect.centerx, view.rect.y - s // 2
            points = [(x - s, y - s), (x + s, y - s), (x, y)]
        else:
            x, y = view.rect.x - s // 2, view.rect.centery
            points = [(x - s, y - s), (x - s, y + s), (x, y)]
        pygame.draw.polygon(surface, theme.MUTED, points)
