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
SAFE = "safe"  # a step any safe line completes (it closes nothing and gives no cell its last-but-one side)


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
    takes: bool = False  # the other player first takes every cell offered (whichever line the reader drew)

    @property
    def answered(self) -> bool:
        """The other player moves after this step (takes what is offered, or draws the reply)."""
        return self.takes or bool(self.reply)


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
        if accept == SAFE:
            return [line for line in legal if self.state.is_safe(line) and not self.state.would_capture(line)]
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
        if step.answered:
            self.last_player = self.state.to_move
            replies = self._take_offered() if step.takes else []
            for name in step.reply:
                replies.append(line_id(self.board, name))
                self.state.play(replies[-1])
            self.last_turn = replies
        self.feedback, self.mistake = tr(step.said), False
        self.step += 1
        return True

    def _take_offered(self) -> list[int]:
        """The other player draws every line that closes a cell, while there is one; the lines drawn."""
        taken = []
        while self.state.capture_lines():
            taken.append(self.state.capture_lines()[0])
            self.state.play(taken[-1])
        return taken

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


CAPTURES_COMPULSORY = Exercise(
    "square",
    (2, 3),
    (*H_ROWS_2X3, "v00"),
    1,
    (
        Step(
            tr_mark("You are B; captures are compulsory. A opened the top chain: take its first box."),
            ("v01",),
            tr_mark("Take the box that has three sides, at the open end of the top chain."),
            tr_mark("One box taken, and you move again."),
        ),
        Step(
            tr_mark("Now try to leave the last two boxes, as in the double-cross."),
            CAPTURES,
            tr_mark("Captures are compulsory: while a box can be closed, you must close one."),
            tr_mark("Taken: here you may not leave them."),
        ),
        Step(
            tr_mark("Take the last box of the chain."),
            CAPTURES,
            tr_mark("Captures are compulsory: while a box can be closed, you must close one."),
            tr_mark("All three are yours, and you must move again."),
        ),
        Step(
            tr_mark("Nothing else is left: open the bottom chain."),
            ANY,
            tr_mark("That line is already drawn."),
            tr_mark("A must now take all three."),
        ),
    ),
    tr_mark("3 to 3: with captures compulsory there is no double-cross. Where capturing is optional, B wins 4 to 2."),
    rules=Rules(must_capture=True),
    previous=("v00",),
)

SAFE_LINES = Exercise(
    "square",
    (3, 3),
    ("h00", "v00", "h11", "h21", "v23", "h32"),
    0,
    (
        Step(
            tr_mark("You are A. Draw a safe line: one that gives no box its third side."),
            SAFE,
            tr_mark("Careless: that is a box's third side, and B would take the box. Find a safe line."),
            tr_mark("Safe: B has nothing to take."),
        ),
    ),
    tr_mark("While safe lines remain, never draw a box's third side."),
)

SHORTEST_CHAIN = Exercise(
    "square",
    (3, 3),
    ("h02", "h10", "h11", "h12", "h20", "h21", "h30", "h31", "h32", "v01", "v13", "v23"),
    0,
    (
        Step(
            tr_mark("You are A. No safe line is left: every line gives something away. Open the shortest chain."),
            ("h00", "v00"),
            tr_mark("That gives B more than it needs to: find the chain of one box, in the top-left corner."),
            tr_mark("B takes one box, and then has to open a chain for you."),
            reply=("v02",),
            takes=True,
        ),
        Step(
            tr_mark("B opened the chain of two in its middle: take both boxes."),
            CAPTURES,
            tr_mark("Take a box: draw a line that closes one."),
            tr_mark("Keep going."),
        ),
        Step(
            tr_mark("B opened the chain of two in its middle: take both boxes."),
            CAPTURES,
            tr_mark("Take a box: draw a line that closes one."),
            tr_mark("Two boxes for you; only the long chain is left, and it goes to B."),
        ),
    ),
    tr_mark("Giving the shortest chain first keeps what you give small: 2 to 7 here, and 1 to 8 otherwise."),
)

TRIANGLES_SAFE = Exercise(
    "triangle",
    (4,),
    (0, 7, 9, 13),
    0,
    (
        Step(
            tr_mark("You are A. On triangles a safe line gives no triangle its second side: draw one."),
            SAFE,
            tr_mark("Careless: that is a triangle's second side, and B would close it. Find a safe line."),
            tr_mark("Safe: B has nothing to close."),
        ),
    ),
    tr_mark("A triangle has only three sides: its second side is already the careless one."),
)

TRIANGLES_TWO = Exercise(
    "triangle",
    (4,),
    (7, 10, 12, 16),
    0,
    (
        Step(
            tr_mark("You are A. One line is the last side of two triangles: draw it."),
            (11,),
            tr_mark("That takes nothing: find the line between two triangles that both have two sides."),
            tr_mark("Two at once: both are yours, and you move again, once."),
        ),
        Step(
            tr_mark("Your extra move: draw another line."),
            ANY,
            tr_mark("That line is already drawn."),
            tr_mark("That line closed nothing, so B moves next."),
        ),
    ),
    tr_mark("Done: two triangles with one line, and one extra move."),
)

TRIANGLES_LAST_TWO = Exercise(  # chains of 1 (the top triangle), 3 (bottom right) and 5 (from left to middle)
    "triangle",
    (4,),
    (2, 3, 8, 9, 11, 14),
    0,
    (
        Step(
            tr_mark("You are A. No safe line is left: give away the shortest chain, the triangle at the top."),
            (0, 1),
            tr_mark("That opens a long chain: give away the single triangle at the top."),
            tr_mark("B takes it, and has to open the chain of three."),
            reply=(16,),
            takes=True,
        ),
        Step(
            tr_mark("B opened the chain of three: take its first triangle."),
            (12,),
            tr_mark("Take the triangle that has two sides, at the open end of the chain of three."),
            tr_mark("One triangle taken, and you move again."),
        ),
        Step(
            tr_mark("Now leave the last two: draw the far end of the chain, not the line that takes a triangle."),
            (17,),
            tr_mark("Leave the last two triangles: draw the far end of the chain, at the bottom right."),
            tr_mark("B takes both with one line, but then has to open the chain of five."),
            reply=(13, 15),
        ),
        *(
            Step(
                tr_mark("Take the chain of five, triangle by triangle."),
                CAPTURES,
                tr_mark("Take a triangle: draw a line that closes one."),
                tr_mark("Keep going.") if taken < 5 else tr_mark("All five."),
            )
            for taken in range(1, 6)
        ),
    ),
    tr_mark("You win 6 to 3. Had you taken all three, you would have had to open the chain of five: 3 to 6."),
)

MISERE_GIVE_BACK = Exercise(
    "square",
    (2, 3),
    (*H_ROWS_2X3, "v00"),
    1,
    (
        Step(
            tr_mark("You are B. A opened the top chain: draw a line in it that closes nothing."),
            ("v02", "v03"),
            tr_mark("A box you take counts against you: draw a line of the top chain that closes nothing."),
            tr_mark("The chain is A's again: every line A draws takes a box or opens the bottom chain."),
            reply=("v10",),
        ),
        Step(
            tr_mark("A opened the bottom chain: give it back the same way."),
            ("v12", "v13"),
            tr_mark("A box you take counts against you: draw a line of the bottom chain that closes nothing."),
            tr_mark("Every line left closes a box: A has to take all six."),
            takes=True,
        ),
    ),
    tr_mark("B wins 0 to 6: in misère, hand the chains back and make your opponent take them."),
    rules=Rules(misere=True),
    previous=("v00",),
)

COUNT_CHAINS = Exercise(
    "square",
    (3, 3),
    ("v12", "h12", "h02", "h31", "v22", "h20", "v20", "v00", "h10", "h11"),
    0,
    (
        Step(
            tr_mark("You are A and you started: draw the safe line that makes two long chains (16 dots + 2: even)."),
            ("h01",),
            tr_mark("Count again: that leaves one long chain. Close the top row off into a chain of three."),
            tr_mark("Two long chains: the top row, and the four boxes at the bottom left."),
        ),
    ),
    tr_mark("Count the long chains before the safe lines run out: the starter wants dots + long chains even."),
)
