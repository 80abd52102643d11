"""What a board screen says and marks, worked out without pygame: the status line, its tone, the move clock's
figure, and the marks over the position (last turns, the line chosen, a taken line, the cursor, a hint).

The drawing code (``game.app.render``) draws :class:`Marks` as they are; the scenes show :meth:`GamePresenter.status`
in the colour its :meth:`~GamePresenter.tone` names. A :class:`Pointing` is what the board input (the pointer and the
keyboard cursor) has chosen, the same for the game, the puzzles and the lessons, and :meth:`Pointing.mark` marks it
the same way on all three.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from ..core import GameState
from ..core.rules import STARTS
from .i18n import tr, tr_mark
from .i18n.phrases import START_NAMES, describe_board, hint_text
from .match import GAME, LINK, Session

CLOCK_STEP = 0.25  # the move clock's ring moves in steps of this many seconds (4 redraws a second)
FEEDBACK_SECONDS = 2.0
TAKEN = tr_mark("That line is taken")
Tone = Literal["plain", "said", "hint"]  # the status line's colour: ink, a message of the moment, a hint's


@dataclass
class Marks:
    """What to show on top of the position (all optional)."""

    recent: list[int] = field(default_factory=list)
    glow: dict[int, float] = field(default_factory=dict)
    announced: int | None = None
    preview: int | None = None
    preview_player: int = 0
    taken: int | None = None  # a drawn line under a pressing pointer
    owned: int | None = None  # a drawn line under the mouse: whose it is, and that it is taken
    cursor: int | None = None
    hint: int | None = None
    must: tuple[int, ...] = ()  # captures compulsory: the lines that may be drawn now, each closing a cell
    animating: int | None = None
    line_progress: float = 1.0
    filling: tuple[int, ...] = ()
    fill_progress: float = 1.0
    pulse: float = 0.0


class Feedback:
    """A message of the moment (why a tap did nothing, what just happened), shown in place of the status line until
    its time is up."""

    def __init__(self, tell: Callable[[str], None] | None = None) -> None:
        """``tell`` gets every message as it is said (the screen reader's live region)."""
        self.said: tuple[str, float] | None = None
        self.tell = tell

    def say(self, message: str, now: float, seconds: float = FEEDBACK_SECONDS) -> None:
        """Show ``message`` for ``seconds``; told once, not again while the same message still shows (a finger's
        press and its lift on a taken line)."""
        if self.tell is not None and message != self.text(now):
            self.tell(message)
        self.said = (message, now + seconds)

    def text(self, now: float) -> str | None:
        """The message, while it shows at ``now``."""
        return self.said[0] if self.said is not None and self.said[1] > now else None

    def update(self, now: float) -> None:
        """Let the message go once its time is up."""
        if self.said is not None and self.said[1] <= now:
            self.said = None


@dataclass(frozen=True)
class Pointing:
    """What the board input has chosen: the line under a pressed pointer (else a line tapped while the last one was
    drawn, else the line under the mouse), whether a pointer is pressed, the line under the mouse, and the keyboard
    cursor's line while the board has the keyboard."""

    chosen: int | None = None
    pressing: bool = False
    hover: int | None = None
    cursor: int | None = None

    def hovered_drawn(self, state: GameState) -> int | None:
        """The drawn line under the mouse (no pointer pressed), which the status line may say is taken."""
        if self.pressing or self.hover is None or not state.is_drawn(self.hover):
            return None
        return self.hover

    def mark(self, marks: Marks, state: GameState, mover: int | None, accepting: bool) -> None:
        """Mark the choice on ``marks``: a drawn line as taken (under the mouse, as whose it is), a free one as the
        line ``mover`` would draw (None: nobody may draw now), the cursor's line while a line may be drawn."""
        chosen = self.chosen
        if chosen is not None and state.is_drawn(chosen):
            if chosen == self.hover and not self.pressing:
                marks.owned = chosen
            else:
                marks.taken = chosen
        elif chosen is not None and mover is not None:
            marks.preview, marks.preview_player = chosen, mover
        if accepting and self.cursor is not None and not state.is_drawn(self.cursor):
            marks.cursor = self.cursor


def must_draw(state: GameState) -> tuple[int, ...]:
    """With captures compulsory, the lines the player to move must choose among (each closes a cell), while one can
    be closed; () otherwise (any line may be drawn)."""
    if state.over or not state.rules.must_capture:
        return ()
    return tuple(state.capture_lines())


class GamePresenter:
    """The game's board screen in words and marks: its title, the status line and its tone, the move clock, and the
    marks over the position, from the session, the message of the moment and the board input's choice."""

    def __init__(self, session: Session, feedback: Feedback) -> None:
        self.session = session
        self.feedback = feedback

    def title(self) -> str:
        session = self.session
        parts = [describe_board(session.board)]
        if session.rules.misere:
            parts.append(tr("misère"))
        if session.rules.start != STARTS[0]:
            parts.append(tr(START_NAMES[session.rules.start]))
        if session.rules.no_extra:
            parts.append(tr("no extra move"))
        if session.rules.must_capture:
            parts.append(tr("captures compulsory"))
        if session.settings.decider and len(session.seats) == 2 and session.purpose == GAME:
            parts.append(tr("decider if tied"))
        if len(session.games) > 1:
            parts.append(tr("board {n} of {total}").format(n=session.current + 1, total=len(session.games)))
        return " · ".join(parts)

    def status(self, pointing: Pointing) -> str:
        session = self.session
        state = session.state
        said = self.feedback.text(session.now)
        if said is not None:
            return said
        hovered = pointing.hovered_drawn(state)
        if hovered is not None:
            return self.whose(hovered)
        if state.over:
            if session.between:
                return tr("Press Next board when you are ready")
            if session.current + 1 < len(session.games):
                return tr("Board {n} of {total} finished").format(n=session.current + 1, total=len(session.games))
            return tr("Game over")
        name = session.names[state.to_move]
        if session.paused:
            return tr("Paused: tap the board to go on")
        if session.drivers[state.to_move].source == LINK:  # (an online friend's lines come by themselves)
            return tr("{name} plays next, on their device: Send move, then open the link they send back").format(
                name=name
            )
        if not state.moves and state.to_move != 0:  # rules sheet 004 has the first player blue: say why not here
            return tr("{name} starts: colours stay with the players, whoever starts").format(name=name)
        if session.thinking:
            return tr("{name} is thinking").format(name=name)
        if session.hint_search is not None:
            return tr("Looking for a good line...")
        if session.hint is not None:
            return hint_text(session.hint[1], session.board)
        again = bool(state.moves) and session.movers[session.current][-1] == state.to_move
        if session.seats[state.to_move].is_computer:
            return tr("{name} plays").format(name=name)
        if session.is_you(state.to_move):
            return tr("Your turn again (extra move)") if again else tr("Your turn")
        return (tr("{name}'s turn again (extra move)") if again else tr("{name}'s turn")).format(name=name)

    def tone(self) -> Tone:
        if self.feedback.text(self.session.now) is not None or self.session.paused:
            return "said"
        return "hint" if self.session.hint is not None else "plain"

    def whose(self, line: int) -> str:
        """What the mouse over a drawn line says: that it is taken, and by whom."""
        session = self.session
        drawer = dict(zip(session.state.moves, session.state.drawers(), strict=True)).get(line, -1)
        if drawer < 0:
            return tr("That line is taken: it was drawn at the start")
        if session.is_you(drawer):
            return tr("That line is taken: you drew it")
        return tr("That line is taken: {name} drew it").format(name=session.names[drawer])

    def wait_message(self) -> str:
        """Why no line can be drawn now."""
        session = self.session
        if session.state.over:
            return tr("This board is finished")
        to_move = session.state.to_move
        if session.seats[to_move].is_computer or not session.plays_here(to_move):
            return tr("Wait: it is {name}'s turn").format(name=session.names[to_move])
        return tr("Wait for the line to be drawn")

    def clock(self) -> tuple[float, str] | None:
        """The move clock while one runs: the fraction of the move's time left and the seconds left, as shown. The
        ring moves in steps of :data:`CLOCK_STEP` seconds, so the screen changes a few times a second, not every
        frame (a phone's main thread kept drawing 55 times a second was 51-86% busy)."""
        if self.session.timer_fraction() is None:
            return None
        timer = self.session.timer
        remaining = timer.remaining()
        shown = math.ceil(remaining / CLOCK_STEP - 1e-9) * CLOCK_STEP
        return min(1.0, shown / timer.seconds), str(math.ceil(remaining))

    def marks(self, pointing: Pointing) -> Marks:
        """Every other player's last turn (a line the timer drew announced), the line being drawn and the cells it
        fills, the hint, and the board input's choice."""
        session = self.session
        state = session.state
        marks = Marks(pulse=session.now)
        marks.recent = session.recent_lines()
        marks.glow = {line: session.glow(line) for line in marks.recent}
        announced = session.timed_out_lines().intersection(marks.recent)
        if announced:
            marks.announced = max(announced, key=state.moves.index)
        animation = session.animation
        if animation is not None and state.moves and animation.line == state.moves[-1]:
            marks.animating = animation.line
            marks.line_progress = animation.line_progress(session.now)
            marks.filling = animation.cells
            marks.fill_progress = animation.fill_progress(session.now)
        mover = state.to_move if session.human_to_move else None
        pointing.mark(marks, state, mover, session.accepting_input())
        marks.must = must_draw(state) if animation is None else ()
        if session.hint is not None:
            marks.hint = session.hint[0]
        return marks
