"""How to play: the rules and every variant in a few pages, each on a small board; the first pages are played.

An interactive page (a :class:`~game.play.lessons.Lesson`) asks the reader to draw lines on one board: the line that
closes a box, the extra move, declining a capture, the double-cross. Every other page shows an example: a start
position, who is to move, and the turns that follow. Its first picture shows the start with the lines of the first
turn highlighted (numbered when there are several); each next picture shows the position those lines made, with
the following turn highlighted, and so on. Every position is computed by the rules core, and the line under each
picture (who is to move, the score) is read from it, so the pictures and captions cannot disagree with the rules.
The last page starts a practice game against the computer, which is not recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...core import Board, GameState, Rules
from ...play.backup import BackupError, browser_download, desktop_path, write_desktop_file
from ...play.i18n import tr, tr_mark
from ...play.lessons import (
    CAPTURES_COMPULSORY,
    CLOSE_A_BOX,
    COUNT_CHAINS,
    DECLINE,
    MISERE_GIVE_BACK,
    SAFE_LINES,
    SHORTEST_CHAIN,
    TRIANGLES_LAST_TWO,
    TRIANGLES_SAFE,
    TRIANGLES_TWO,
    Exercise,
    Lesson,
    Line,
    line_id,
    start_state,
)
from ...play.match import BEGINNER_PATH, PRACTICE, Session
from ...play.players import Player, seat_looks
from ...play.presenter import Feedback, Marks
from ...play.printable import GRID_FILE, RULES_FILE, grid_svg, rules_svg
from ...play.settings import Seat
from .. import layout, theme
from ..board_input import ARROWS, BoardInput
from ..input import Action
from ..render import BoardView
from ..scene import Scene, Services
from ..widgets import Button, Panel
from .common import back_button, draw_title, footer_rect, header_rects

LOOKS = seat_looks([(False, "")] * 4, tuple(Player(name, name) for name in "ABCD"))
NAMES = [look.name for look in LOOKS]


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
    rules: Rules = field(default_factory=Rules)

    def board(self) -> Board:
        return Board.from_spec(self.shape, self.size)


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    example: Example | None = None
    exercise: Exercise | None = None


@dataclass
class Picture:
    """One picture of an example: the position, the lines to draw next (in order), and its caption."""

    state: GameState
    next_lines: tuple[int, ...]
    note: str
    last_turn: tuple[int, ...]
    last_player: int


PAGES = (
    Page(
        tr_mark("Lines and boxes"),
        tr_mark(
            "Players take turns drawing one line between two neighbouring dots. Boxes belong to whoever closes them; "
            "when every line is drawn, the most boxes wins. Try it: tap a line."
        ),
        exercise=CLOSE_A_BOX,
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
            "Capturing is optional. When your opponent opens a long chain, take all but the last two boxes and leave "
            "those two: your opponent takes both with one line, then has to open the next chain. Try it."
        ),
        exercise=DECLINE,
    ),
    Page(
        tr_mark("Safe lines"),
        tr_mark(
            "Never draw a box's third side early: your opponent would take the box. A safe line gives no box its "
            "third side. Try it."
        ),
        exercise=SAFE_LINES,
    ),
    Page(
        tr_mark("Count the long chains"),
        tr_mark(
            "When the safe lines run out, whoever must open the first long chain usually loses. The starter wants "
            "dots + long chains even; the other player, odd. (Elwyn Berlekamp's long-chain rule.)"
        ),
        exercise=COUNT_CHAINS,
    ),
    Page(
        tr_mark("Shortest chain first"),
        tr_mark("When every line gives something away, give the least: open the shortest chain first. Try it."),
        exercise=SHORTEST_CHAIN,
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
        tr_mark("Triangles: safe or careless"),
        tr_mark(
            "On triangles the careless line is a triangle's second side: your opponent closes it with the third. A "
            "safe line touches only triangles with no side drawn. Try it."
        ),
        exercise=TRIANGLES_SAFE,
    ),
    Page(
        tr_mark("Triangles: two at once"),
        tr_mark("A line between two triangles that both have two sides closes both: two points, one extra move."),
        exercise=TRIANGLES_TWO,
    ),
    Page(
        tr_mark("Triangles: leave the last two"),
        tr_mark(
            "Chains work on triangles too. When your opponent opens a long chain, take all but the last two "
            "triangles and leave those two: your opponent takes both, then has to open the next chain. Try it."
        ),
        exercise=TRIANGLES_LAST_TWO,
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
    Page(
        tr_mark("Misère"),
        tr_mark(
            "In misère the fewest boxes wins; you still own what you close and move again. The strategy flips: "
            "when your opponent opens a chain, do not take it; draw a line in it that closes nothing. Try it."
        ),
        exercise=MISERE_GIVE_BACK,
    ),
    Page(
        tr_mark("Swedish board (border drawn)"),
        tr_mark(
            "On a Swedish board the outer border is drawn before the first move. Those lines belong to nobody, and "
            "every corner box starts with two sides. It shortens the opening and puts the weight on chain control. "
            '(The "Swedish / Icelandic rule" of some rule sheets is something else: see Captures compulsory.)'
        ),
        Example(
            "square",
            (2, 2),
            (),
            0,
            (("h10",),),
            (tr_mark("the border is already drawn"), tr_mark("play goes on as usual")),
            rules=Rules(start="swedish"),
        ),
    ),
    Page(
        tr_mark("Left and bottom drawn"),
        tr_mark(
            "This start draws only the left and bottom border lines, for nobody: half of a Swedish board, named "
            "for what it draws."
        ),
        Example(
            "square",
            (2, 2),
            (),
            0,
            (("v01",),),
            (tr_mark("left and bottom are drawn"), tr_mark("play goes on as usual")),
            rules=Rules(start="icelandic"),
        ),
    ),
    Page(
        tr_mark("Captures compulsory"),
        tr_mark(
            "Capturing is optional here. Some rule sheets make captures compulsory (on their standard size, 4x4 "
            'dots) and call the right to decline the "Swedish / Icelandic rule". Settings > Rules > Captures: '
            "Compulsory plays their way: no double-cross. Try it."
        ),
        exercise=CAPTURES_COMPULSORY,
    ),
    Page(
        tr_mark("No extra move"),
        tr_mark(
            "A house rule: closing a box still makes it yours, but your turn ends anyway. Chains are no longer "
            "taken in one turn."
        ),
        Example(
            "square",
            (2, 2),
            ("h00", "v00", "h10", "v12"),
            0,
            (("v01",),),
            (tr_mark("A closes a box"), tr_mark("A owns it, but B moves next")),
            rules=Rules(no_extra=True),
        ),
    ),
    Page(
        tr_mark("The move timer"),
        tr_mark(
            "Speed play: 10, 15 or 30 seconds a move. When the time runs out a random line is drawn for whoever is to "
            "move, person or computer. The clock starts again on every move, extra moves too, and stops while a line "
            "is being drawn. Undo and hints stay on in a casual timed game; Competitive (in New game's rules) turns "
            "both off."
        ),
        Example(
            "square",
            (2, 2),
            ("h00", "v00", "h10"),
            0,
            (("h21",),),
            (tr_mark("A's time ran out"), tr_mark("a random line was drawn")),
        ),
    ),
    Page(
        tr_mark("The two-board match"),
        tr_mark(
            "Two fresh boards of the same size, each player starting one. Both boards' scores are written down and "
            "the totals decide; equal totals are a drawn match. After a tie you may play a decider on a board with "
            "an odd number of boxes."
        ),
        Example(
            "square",
            (2, 2),
            (),
            1,
            (("h00",),),
            (tr_mark("board 2: B starts it"), tr_mark("nothing carries over")),
        ),
    ),
    Page(
        tr_mark("Three or four players"),
        tr_mark(
            "Turns go round the table, and any seat can be a person or the computer. Players on the same top score "
            "share the win. Chain control works cleanly only head to head: with three or more, the chain you "
            "give away may go to a player you did not mean it for."
        ),
        Example(
            "square",
            (2, 2),
            (),
            0,
            (("h00",), ("h21",)),
            (tr_mark("A draws"), tr_mark("then B"), tr_mark("then C, then A again")),
            rules=Rules(players=3),
        ),
    ),
    Page(
        tr_mark("Playing online: if it does not connect"),
        tr_mark(
            "Play online joins two devices directly, with no server of ours. If they cannot connect: put both on the "
            "same Wi-Fi; check the STUN servers in Settings, Options (with none, only devices on the same network "
            "connect); keep both phones awake, with the game open, until the game begins; then open the invitation "
            "again, or make a new one with Play online."
        ),
    ),
    Page(
        tr_mark("Practice"),
        tr_mark(
            "Ready? Start as beginners do, on 3x3 dots (2x2 boxes), against the beginner computer; then move up to "
            "5x5 dots (4x4 boxes), and to 6x6 dots and larger for serious play. Practice games are not recorded in "
            "your history and leave any unfinished game as it is."
        ),
        Example(
            "square",
            (2, 2),
            (),
            0,
            (),
            (tr_mark("your practice board"),),
        ),
    ),
)


def example_state(example: Example) -> GameState:
    return start_state(example.shape, example.size, example.lines, example.first, example.rules)


def pictures(example: Example) -> list[Picture]:
    """The example's pictures: the start, then the position after each turn, played by the rules core."""
    state = example_state(example)
    board = state.board
    turns = [tuple(line_id(board, name) for name in turn) for turn in example.turns]
    shots: list[Picture] = []
    last_turn = tuple(line_id(board, name) for name in example.previous)
    last_player = (example.first - 1) % example.rules.players if last_turn else -1
    for index, note in enumerate(example.notes):
        upcoming = turns[index] if index < len(turns) else ()
        shots.append(Picture(state.copy(), upcoming, note, last_turn, last_player))
        last_player = state.to_move
        for line in upcoming:
            state.play(line)
        last_turn = upcoming
    return shots


def score_text(state: GameState) -> str:
    return " · ".join(f"{NAMES[p]} {score}" for p, score in enumerate(state.scores))


def status(picture: Picture) -> str:
    """What the position says: who is to move (and with what), or the final score."""
    state = picture.state
    score = score_text(state)
    if state.over:
        return tr("game over · {score}").format(score=score)
    if picture.last_player == state.to_move:
        return tr("{mover} to move again · {score}").format(mover=NAMES[state.to_move], score=score)
    return tr("{mover} to move · {score}").format(mover=NAMES[state.to_move], score=score)


class LessonLines:
    """The lesson on the page shown, as the board input sees it: a line is drawn when it does what the lesson asks
    (:meth:`Lesson.draw` says why not otherwise)."""

    def __init__(self, scene: HowToScene) -> None:
        self.scene = scene

    @property
    def state(self) -> GameState:
        lesson = self.scene.lesson
        assert lesson is not None, "the board input is used on a lesson's page only"
        return lesson.state

    @property
    def now(self) -> float:
        return self.scene.now

    def accepting(self) -> bool:
        lesson = self.scene.lesson
        return lesson is not None and not lesson.done

    def waiting(self) -> bool:
        return False

    def animating(self) -> int | None:
        return None

    def refusal(self) -> str | None:
        return None  # (the lesson is done, and says so)

    def draw_line(self, line: int) -> bool:
        lesson = self.scene.lesson
        if lesson is None:
            return False
        drawn = lesson.draw(line)
        self.scene.feedback.said = None  # (what the lesson says of this line replaces any message of before)
        if drawn:
            self.scene.invalidate_layout()  # (Show me is done once the lesson is)
        return drawn


PRINT_PAGE = len(PAGES) - 1  # the last page: the practice game, and paper to play on


class HowToScene(Scene):
    """``page``: the page shown first; ``printing`` (from Settings): :data:`PRINT_PAGE`, where the print buttons
    are."""

    def __init__(self, app: Services, page: int = 0, printing: bool = False) -> None:
        super().__init__(app)
        self.page = PRINT_PAGE if printing else page
        self.lessons: dict[int, Lesson] = {}
        self.now = 0.0
        self.feedback = Feedback(app.announcer.say)
        self.input = BoardInput(LessonLines(self), lambda: app.touch_radius(), self.feedback)

    @property
    def lesson(self) -> Lesson | None:
        """The interactive page's lesson in progress (kept while the reader turns pages), or None."""
        exercise = PAGES[self.page].exercise
        if exercise is None:
            return None
        if self.page not in self.lessons:
            self.lessons[self.page] = Lesson(exercise)
        return self.lessons[self.page]

    def restart_lesson(self) -> None:
        self.lessons.pop(self.page, None)
        self.input.reset(cursor=True)
        self.invalidate_layout()

    def show_me(self) -> None:
        lesson = self.lesson
        if lesson is not None:
            line = lesson.show_me()
            if line is not None:
                lesson.draw(line)
                self.invalidate_layout()

    def practise(self) -> None:
        """A practice game on the first board of the beginners' path (3x3 dots) against the beginner computer:
        neither autosaved nor recorded; its results offer the next board of the path."""
        settings = self.app.settings.with_(
            shape="square", size=BEGINNER_PATH[0], seats=(Seat("human"), Seat("computer", "beginner")), first=0,
            misere=False, start="normal", no_extra=False, must_capture=False, timer=0, match=False,
            competitive=False,
        )  # fmt: skip
        self.app.go("board", session=Session(settings, self.app.rng, purpose=PRACTICE))

    def print_rules(self) -> None:
        self.offer(RULES_FILE, rules_svg())

    def print_grid(self) -> None:
        self.offer(GRID_FILE, grid_svg(self.app.settings.board()))

    def offer(self, name: str, svg: str) -> None:
        """The page as a download in the browser, as a file in the data folder on the desktop; the status says
        which, or why not."""
        try:
            if self.app.page is not None:
                browser_download(self.app.page, svg, name, "image/svg+xml")
                said = tr("{file} offered for download: print it from there.").format(file=name)
            else:
                path = desktop_path(self.app.saved).with_name(name)
                write_desktop_file(path, svg)
                said = tr("Saved to {path}: open it to print it.").format(path=path)
        except BackupError as error:
            said = tr("Could not make the page: {why}.").format(why=error)
        self.feedback.say(said, self.now)

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(PAGES) - 1, self.page + step))
        self.input.reset(cursor=True)
        self.feedback.said = None
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        w = m.size[0]
        u = m.u
        self.bar, back_rect = header_rects(m)
        back = back_button(self.app, back_rect)
        previous = Button(tr("Previous"), lambda: self.turn(-1), enabled=self.page > 0)
        if self.page < len(PAGES) - 1:
            following = Button(tr("Next"), lambda: self.turn(1), primary=True)
        else:
            following = Button(tr("Practice game"), self.practise, primary=True)
        row = footer_rect(m)
        previous.rect, following.rect = layout.split_row(row, 2, u)
        focus = self.panel.focus
        widgets = [following, previous, back]
        lesson = self.lesson
        portrait = m.portrait
        if self.page == PRINT_PAGE:  # paper to play on: the rules and a blank grid of the board in Settings
            rules = Button(tr("Print the rules"), self.print_rules)
            grid = Button(tr("Print a grid"), self.print_grid)
            widgets += [rules, grid]
            tools = pygame.Rect(row.x, row.y - row.height - u // 2, row.width, row.height)
            rules.rect, grid.rect = layout.split_row(tools, 2, u)
            row = tools
            self.said_rect = pygame.Rect(row.x, row.y - m.caption * 2, row.width, m.caption * 2)
        if lesson is not None:
            show = Button(tr("Show me"), self.show_me, enabled=not lesson.done)
            again = Button(tr("Start again"), self.restart_lesson)
            widgets += [show, again]
            four = (previous, show, again, following)
            cells = layout.split_row(row, 4, u // 2)
            fit = all(self.app.text.width(b.label, m.body) + 8 <= c.width for b, c in zip(four, cells, strict=True))
            if portrait or not fit:  # a row of its own above Previous and Next
                tools = pygame.Rect(row.x, row.y - row.height - u // 2, row.width, row.height)
                show.rect, again.rect = layout.split_row(tools, 2, u)
                row = tools
            else:  # one row: Previous, Show me, Start again, Next
                previous.rect, show.rect, again.rect, following.rect = cells
        self.panel.set(widgets)
        self.panel.focus = focus if focus is None or focus >= len(widgets) or widgets[focus].enabled else 2
        body = pygame.Rect(u, self.bar.bottom + u // 2, w - 2 * u, row.y - self.bar.bottom - u)
        self.text_size = m.body
        self.heading = max(m.body, int(u * 1.0))
        column = body if portrait or lesson is None else pygame.Rect(body.x, body.y, body.w * 9 // 20, body.h)
        lines = self.app.text.wrap(tr(PAGES[self.page].text), self.text_size, column.w)
        text_height = int(self.heading * 0.9) + len(lines) * int(self.text_size * 0.8) + u // 2
        self.text_rect = pygame.Rect(column.x, column.y, column.w, text_height)
        if lesson is None:
            area = pygame.Rect(body.x, self.text_rect.bottom, body.w, body.bottom - self.text_rect.bottom)
            self._place_pictures(area, m)
        elif portrait:
            area = pygame.Rect(body.x, self.text_rect.bottom, body.w, body.bottom - self.text_rect.bottom)
            self._place_lesson(lesson, area, m)
        else:  # the words on the left, the board on the right
            said = pygame.Rect(column.x, self.text_rect.bottom, column.w, body.bottom - self.text_rect.bottom)
            board = pygame.Rect(column.right + u, body.y, body.right - column.right - u, body.h)
            self._place_lesson(lesson, said, m, board)

    def _place_lesson(
        self, lesson: Lesson, area: pygame.Rect, m: layout.Metrics, board: pygame.Rect | None = None
    ) -> None:
        """What to do and what the last line did at the top of ``area``, the exercise's board below them (or in
        ``board`` when given)."""
        u = m.u
        self.caption_size = m.caption
        self.lesson_text = pygame.Rect(area.x, area.y, area.width, int(self.text_size * 0.8) * 4 + self.text_size // 2)
        if board is None:
            board = pygame.Rect(area.x, self.lesson_text.bottom + u // 3, area.width, 0)
            board.height = area.bottom - board.y
        room = pygame.Rect(board.x, board.y, board.width, board.height - int(self.caption_size * 1.1))
        self.views: list[tuple[Picture, BoardView]] = []
        self.lesson_view = BoardView(lesson.board, layout.tight_rect(lesson.board, room))
        self.input.place(self.lesson_view, self.panel)

    def _place_pictures(self, area: pygame.Rect, m: layout.Metrics) -> None:
        """The pictures in a column or a row, whichever shows them bigger, each with its caption below it."""
        example = PAGES[self.page].example
        self.views = []
        if example is None:  # a page of words only
            return
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
        """On a lesson's page the board input takes the pointer, Tab and Enter, and the arrows once the board has the
        keyboard; elsewhere the arrows turn the pages."""
        self.ensure_layout()
        kind = action.kind
        if kind == "back":
            self.app.manager.pop()
        elif self.lesson is not None and (kind not in ARROWS or self.input.show_cursor) and self.input.handle(action):
            return
        elif kind in ("left", "right") and self.panel.focus is None:
            self.turn(-1 if kind == "left" else 1)
        else:
            self.panel.handle(action)

    def update(self, dt: float) -> None:
        self.now += dt
        if self.lesson is not None:
            self.input.update()
        self.feedback.update(self.now)

    def wants_frame(self) -> bool:
        """A message of the moment is shown (the frame after it goes is drawn too)."""
        return self.feedback.said is not None

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
        if self.lesson is not None:
            self._draw_lesson(surface, self.lesson)
        else:
            self._draw_said(surface)
        self.panel.draw(surface, text)
        if self.lesson is not None:
            self.input.draw_loupe(surface)

    def _draw_said(self, surface: pygame.Surface) -> None:
        """What the last button did (a page offered or saved), over the foot of the pictures."""
        said = self.feedback.text(self.now)
        if said is None:
            return
        text, box = self.app.text, self.said_rect
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        said, size = text.fitted(said, self.caption_size, box.width - 8)
        text.draw(surface, said, size, theme.ACCENT, center=box.center)

    def _draw_lesson(self, surface: pygame.Surface, lesson: Lesson) -> None:
        text, view, size = self.app.text, self.lesson_view, self.text_size
        box = self.lesson_text
        y = box.y
        said = [(lesson.prompt(), theme.INK)]
        now = self.feedback.text(self.now)
        if now is not None:
            said.append((now, theme.LAST_TURN))
        elif lesson.feedback:
            said.append((lesson.feedback, theme.LAST_TURN if lesson.mistake else theme.ACCENT))
        for message, colour in said:  # each in at most two lines, made smaller if it needs more
            lines, fitted = text.fit_lines(message, size, box.width, 2)
            for line in lines:
                text.draw(surface, line, fitted, colour, midtop=(box.centerx, y))
                y += int(fitted * 0.8)
            y += size // 4
        pygame.draw.rect(surface, theme.PANEL, view.rect, border_radius=12)
        marks, patterns = self.marks(lesson), self.app.settings.patterns
        self.input.draw_board(surface, lambda shown: shown.draw(surface, lesson.state, text, marks, LOOKS, patterns))
        line = score_text(lesson.state)
        line, fitted = text.fitted(line, self.caption_size, view.rect.width)
        text.draw(surface, line, fitted, theme.MUTED, midtop=(view.rect.centerx, view.rect.bottom + 2))

    def marks(self, lesson: Lesson) -> Marks:
        """The lesson's last turn, and the board input's choice."""
        marks = Marks(recent=list(lesson.last_turn))
        accepting = not lesson.done
        self.input.pointing().mark(marks, lesson.state, lesson.state.to_move if accepting else None, accepting)
        return marks

    def _draw_picture(self, surface: pygame.Surface, shot: Picture, view: BoardView, index: int) -> None:
        text = self.app.text
        pygame.draw.rect(surface, theme.PANEL, view.rect, border_radius=12)
        marks = Marks(recent=list(shot.last_turn))
        view.draw(surface, shot.state, text, marks, LOOKS, self.app.settings.patterns)
        numbered = len(shot.next_lines) > 1
        for order, drawn in enumerate(shot.next_lines, start=1):
            a, b = view.ends[drawn]
            pygame.draw.line(surface, theme.HINT, a, b, view.line_width + 4)
            for dot in (a, b):
                pygame.draw.circle(surface, theme.DOT, dot, view.dot_radius)
            if numbered:
                self._draw_number(surface, view, drawn, order)
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
