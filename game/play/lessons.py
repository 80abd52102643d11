"""The interactive pages of How to play: the reader draws the lines, the rules core answers.

No pygame here. A :class:`Lesson` holds a small position and a list of steps; each step says what to do, which
lines do it (the line that closes a box, any line, any capturing line), what to say when another line is drawn
(nothing is drawn then), what the move showed, and the lines the other player draws in reply. Every position is
played by the rules core, so what the page says cannot disagree with the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import Board, GameState, Rules, parse_line
from .i18n import tr, tr_mark

Line = str | int  # "h<r><c>" / "v<r><c>" on a square board, else a line id
ANY = "any"  # a step any legal line completes
CAPTURES = "captures"  # a step any line that closes a cell completes


def line_id(board: Board, name: Line) -> int:
    """``h<r><c>`` or ``v<r><c>`` on a square board (the core's line name ``h r c`` written short); a number is a
    line id."""
    return name if isinstance(name, int) else parse_line(board, " ".join(name))


def start_state(shape: str, size: tuple[int, ...], lines: tuple[Line, ...], first: int, rules: Rules) -> GameState:
    """A position with ``lines`` drawn and nobody owning anything, ``first`` to move (a start's lines included)."""
    board = Board.from_spec(shape, size)
    state = GameState(board, rules, first=first)
    for name in lines:
        state.drawn |= 1 << line_id(board, name)
    for cell in range(board.num_cells):
        state.sides[cell] = sum(1 for line in board.cells[cell] if state.is_drawn(line))
    return state


@dataclass(frozen=True)
class Step:
    prompt: str  # what the reader is asked to do
    accept: tuple[Line, ...] | str  # the lines that do it, or ANY, or CAPTURES
    wrong: str  # said when another line is drawn (and that line is not drawn)
    said: str  # said once the step is done
    reply: tuple[Line, ...] = ()  # then drawn by the other player


@dataclass(frozen=True)
class Exercise:
    shape: str
    size: tuple[int, ...]
    lines: tuple[Line, ...]
    first: int
    steps: tuple[Step, ...]
    finished: str  # said when every step is done
    rules: Rules = field(default_factory=Rules)
    previous: tuple[Line, ...] = ()  # drawn in ``lines`` by the other player just before: shown as their turn

    def start(self) -> GameState:
        return start_state(self.shape, self.size, self.lines, self.first, self.rules)


class Lesson:
    """One exercise in progress: the position, the step reached, and what to tell the reader."""

    def __init__(self, exercise: Exercise) -> None:
        self.exercise = exercise
        self.state = exercise.start()
        self.board = self.state.board
        self.step = 0
        self.feedback = ""
        self.mistake = False
        self.last_turn = [line_id(self.board, name) for name in exercise.previous]
        self.last_player = (exercise.first - 1) % exercise.rules.players if self.last_turn else -1

    @property
    def done(self) -> bool:
        return self.step >= len(self.exercise.steps)

    def prompt(self) -> str:
        return tr(self.exercise.finished) if self.done else tr(self.exercise.steps[self.step].prompt)

    def accepted(self) -> list[int]:
        """The lines that complete the current step (none once the lesson is done)."""
        if self.done:
            return []
        accept = self.exercise.steps[self.step].accept
        legal = self.state.legal_lines()
        if accept == ANY:
            return legal
        if accept == CAPTURES:
            return [line for line in legal if self.state.would_capture(line)]
        return [line_id(self.board, name) for name in accept if not self.state.is_drawn(line_id(self.board, name))]

    def draw(self, line: int) -> bool:
        """The reader draws ``line``: True when it completes the step (then it is played, and the reply after it);
        otherwise nothing is drawn and :attr:`feedback` says why."""
        if self.done:
            return False
        if self.state.is_drawn(line):
            self.feedback, self.mistake = tr("That line is already drawn."), True
            return False
        step = self.exercise.steps[self.step]
        if line not in self.accepted():
            self.feedback, self.mistake = tr(step.wrong), True
            return False
        reader = self.state.to_move
        self.state.play(line)
        self.last_turn, self.last_player = [line], reader
        if step.reply:
            replies = [line_id(self.board, name) for name in step.reply]
            self.last_player = self.state.to_move
            for reply in replies:
                self.state.play(reply)
            self.last_turn = replies
        self.feedback, self.mistake = tr(step.said), False
        self.step += 1
        return True

    def show_me(self) -> int | None:
        """A line that completes the current step (for a reader who is stuck, or playing by keyboard)."""
        lines = self.accepted()
        return lines[0] if lines else None


H_ROWS_2X3 = ("h00", "h01", "h02", "h10", "h11", "h12", "h20", "h21", "h22")

CLOSE_A_BOX = Exercise(
    "square",
    (2, 2),
    ("h00", "v00", "h10", "v12"),
    0,
    (
        Step(
            tr_mark("You are A. Draw the line that closes a box."),
            ("v01",),
            tr_mark("That line closes nothing: find the box that has three sides."),
            tr_mark("The box is yours, and you move again."),
        ),
        Step(
            tr_mark("Closing a box gives you an extra move: draw another line."),
            ANY,
            tr_mark("That line is already drawn."),
            tr_mark("That line closed nothing, so your turn is over: B moves next."),
        ),
    ),
    tr_mark("Done: a box is yours when you draw its last side, and you move again."),
)

DECLINE = Exercise(
    "square",
    (2, 3),
    (*H_ROWS_2X3, "v00"),
    1,
    (
        Step(
            tr_mark("You are B. A has just opened the top chain: take its first box."),
            ("v01",),
            tr_mark("Take the box that has three sides, at the open end of the top chain."),
            tr_mark("One box taken, and you move again."),
        ),
        Step(
            tr_mark("Now decline the last two: draw the far end of the chain, not the line that takes a box."),
            ("v03",),
            tr_mark("Capturing is optional: leave the last two boxes, draw the far end of the chain."),
            tr_mark("A takes both with one line (the double-cross), but then has to open the bottom chain."),
            reply=("v02", "v10"),
        ),
        Step(
            tr_mark("Take the bottom chain, box by box."),
            CAPTURES,
            tr_mark("Take a box: draw a line that closes one."),
            tr_mark("Keep going."),
        ),
        Step(
            tr_mark("Take the bottom chain, box by box."),
            CAPTURES,
            tr_mark("Take a box: draw a line that closes one."),
            tr_mark("Keep going."),
        ),
        Step(
            tr_mark("Take the bottom chain, box by box."),
            CAPTURES,
            tr_mark("Take a box: draw a line that closes one."),
            tr_mark("All three."),
        ),
    ),
    tr_mark("You win 4 to 2. Had you taken all three at the top, you would have had to open the bottom chain: 3 to 3."),
    previous=("v00",),
)
