"""One way to pick a line on a board, for the game, the puzzles and the lessons alike.

- **Mouse:** hovering shows the line a click would draw (a drawn line shows as taken); a click draws it.
- **Touch:** a press chooses the line nearest the finger, drawn or not, and shows it magnified in a loupe above the
  finger; sliding moves the choice to the line now under it; lifting draws the choice, or says why not; lifting off
  every line cancels. A drawn line is never swapped for a free neighbour, so a tap on a taken line draws nothing and
  says it is taken. A press that comes hastily after a tap that drew a line is taken for the second half of a
  double tap: on that same line it is swallowed silently (it is not a tap on a taken line), and on a free line near
  it it draws nothing and says to tap again.
- **Keyboard:** the arrows move a line cursor, Enter or Space draws its line, Tab goes from the board to each usable
  button and back to the board.
- **Zoom** (:mod:`.board_zoom`): two fingers pinch to zoom and move together to pan (the mouse wheel zooms too);
  a double tap where there is no line (around the board), or two fingers tapped together, fit the whole board
  again. Everything above works the same zoomed.

What a line drawn means is the scene's: the board input asks a :class:`LineTarget` (the game's session, a puzzle, a
lesson) whether a line may be drawn now and has it drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from ..core import GameState
from ..play.i18n import tr
from ..play.i18n.phrases import CLOSE_FIRST, cell_words
from ..play.presenter import TAKEN, Feedback, Pointing
from .board_zoom import BoardZoom
from .input import PINCH_KINDS, POINTER_KINDS, Action
from .render import BoardView, draw_loupe
from .widgets import Panel

DOUBLE_TAP_SECONDS = 0.4  # two taps on no line this close in time fit a zoomed board
TWO_FINGER_TAP_SECONDS = 0.4  # two fingers down and up again this soon, without moving: the whole board again
HASTY_SECONDS = 0.35  # a press this soon after a tap drew a line may be the second half of a double tap
DOUBLE_TAP_REACH = 0.5  # a hasty press this close to the last tap (in touch radii) is taken for its double
LOUPE_ZOOM = 1.6
LOUPE_CLEAR = 1.3  # the loupe stays this many touch radii above the finger
ARROWS = ("left", "right", "up", "down")


class LineTarget(Protocol):
    """What the board input asks of the scene it picks lines for."""

    @property
    def state(self) -> GameState:
        """The position the lines are picked on."""

    @property
    def now(self) -> float:
        """The scene's clock, in seconds."""

    def accepting(self) -> bool:
        """A line picked now is drawn at once."""

    def waiting(self) -> bool:
        """A line picked now is kept, and drawn once the line being drawn is done (if nothing else happened)."""

    def animating(self) -> int | None:
        """The line being drawn, while it is."""

    def draw_line(self, line: int) -> bool:
        """Draw the free ``line`` picked by the player; True when it was drawn."""

    def refusal(self) -> str | None:
        """Why no line can be drawn now (None: nothing to say)."""


@dataclass
class Press:
    """A pointer held down on the board: where it is, the line nearest it (drawn or not), and whether it came so
    soon after a tap that drew a line (while that line was animating, or within HASTY_SECONDS) that it may be the
    second half of a double tap."""

    pos: tuple[int, int]
    line: int | None
    touch: bool
    hasty: bool


@dataclass(frozen=True)
class Queued:
    """A line tapped while the player's previous line was still animating, drawn once the animation ends if
    nothing else happened meanwhile (same player to move, same number of moves)."""

    line: int
    player: int
    moves: int
    pos: tuple[int, int]


@dataclass(frozen=True)
class Tap:
    """The last line drawn by a pointer: where the pointer was lifted, when, and the line."""

    pos: tuple[int, int]
    time: float
    line: int


class BoardInput:
    """The pointer and keyboard on one board: the line chosen, the keyboard cursor, the loupe.

    ``reach`` is a finger's touch radius in pixels; what the input says goes to ``feedback``. :meth:`place` gives it
    the board as laid out (and the scene's buttons, for Tab), :meth:`handle` the actions, :meth:`update` the time."""

    def __init__(self, target: LineTarget, reach: Callable[[], float], feedback: Feedback) -> None:
        self.target = target
        self.reach = reach
        self.feedback = feedback
        self.zoom = BoardZoom(reach)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.panel = Panel()
        self.press: Press | None = None
        self.queued: Queued | None = None
        self.last_tap: Tap | None = None
        self.hover: int | None = None
        self.cursor: int | None = None
        self.show_cursor = False
        self.loupe: pygame.Rect | None = None
        self.pointer: tuple[int, int] | None = None  # where the pointer was last seen (the mouse wheel zooms there)
        self.empty_tap: tuple[tuple[int, int], float] | None = None  # the last tap on no line: where, when
        self.two_finger_tap: tuple[tuple[int, int], float] | None = None  # two fingers down, not moved yet

    @property
    def view(self) -> BoardView | None:
        """The board as shown and hit-tested now (zoomed or whole)."""
        return self.zoom.view

    def place(self, view: BoardView, panel: Panel, area: pygame.Rect | None = None) -> None:
        """The board laid out as ``view`` (the loupe shows over ``area``, the view's rect unless given) beside the
        scene's ``panel``. A pointer's positions from before a resize or a rotation mean nothing now."""
        old = self.zoom.base
        if old is None or old.rect != view.rect or old.board is not view.board:
            self.press = self.last_tap = self.empty_tap = None
            self.hover = None
        self.zoom.place(view)
        self.panel = panel
        self.area = pygame.Rect(area if area is not None else view.rect)

    def draw_board(self, surface: pygame.Surface, draw: Callable[[BoardView], None]) -> None:
        """Have ``draw`` draw the board as shown now; zoomed, nothing of it leaves the board's place."""
        view, base = self.zoom.view, self.zoom.base
        if view is None or base is None:
            return
        if not self.zoom.zoomed:
            draw(view)
            return
        clip = surface.get_clip()
        surface.set_clip(base.rect.clip(clip))
        draw(view)
        surface.set_clip(clip)

    def reset(self, cursor: bool = False) -> None:
        """Forget the pointer's choice (an undo), and with ``cursor`` the keyboard cursor too (a new board, puzzle or
        lesson)."""
        self.press = self.queued = None
        self.hover = None
        if cursor:
            self.cursor, self.show_cursor = None, False

    def say(self, message: str) -> None:
        self.feedback.say(message, self.target.now)

    # -- what the scene shows ---------------------------------------------------------------------------------
    def pointing(self) -> Pointing:
        if self.press is not None:
            chosen = None if self._echo(self.press) else self.press.line
        elif self.queued is not None:
            chosen = self.queued.line
        else:
            chosen = self.hover
        cursor = self.cursor if self.show_cursor else None
        return Pointing(chosen, self.press is not None, self.hover, cursor)

    def draw_loupe(self, surface: pygame.Surface) -> None:
        """While a finger is down on the board, what is under it, magnified above it (the finger hides the line)."""
        press = self.press
        self.loupe = None
        if press is None or not press.touch or not self.area.collidepoint(press.pos):
            return
        radius = self.reach()
        self.loupe = draw_loupe(surface, press.pos, radius, LOUPE_ZOOM, radius * LOUPE_CLEAR)

    # -- input ------------------------------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        """Tab, the arrows, Enter and the pointer (the scene's buttons first); False for any other action."""
        kind = action.kind
        if kind in ("next", "previous"):
            self._cycle_focus(1 if kind == "next" else -1)
        elif kind in ARROWS:
            self.panel.focus = None
            self._move_cursor(kind)
        elif kind == "confirm":
            self._confirm()
        elif kind in POINTER_KINDS:
            if self.panel.handle(action) or (self.panel.pressed is not None and kind != "release"):
                self.press = None
            else:
                self._pointer(action)
        elif kind in PINCH_KINDS:
            self._pinch(action)
        elif kind == "scroll" and self.pointer is not None and self.area.collidepoint(self.pointer):
            self.zoom.wheel(self.pointer, action.amount)
        else:
            return False
        return True

    def _pinch(self, action: Action) -> None:
        """Two fingers on the board: the first one's press is forgotten (nothing is drawn), and the board zooms
        and pans with them."""
        self.press = None
        self.panel.pressed = None
        if action.kind == "pinch_start":
            self.zoom.start(action.pos)
            self.two_finger_tap = (action.pos, self.target.now)
        elif action.kind == "pinch":
            self.zoom.pinch(action.pos, action.scale)
            tap = self.two_finger_tap
            if tap is not None and (abs(action.scale - 1) > 0.1 or math.dist(action.pos, tap[0]) > self.reach() / 2):
                self.two_finger_tap = None  # the fingers moved: a pinch, not a tap
        elif self.two_finger_tap is not None and self.target.now - self.two_finger_tap[1] < TWO_FINGER_TAP_SECONDS:
            self.zoom.fit()  # two fingers tapped together: the whole board again

    def update(self) -> None:
        """Draw a line tapped during the last one's animation once that ends; no hover while no line may be drawn."""
        self._play_queued()
        if not self.target.accepting():
            self.hover = None

    def _cycle_focus(self, step: int) -> None:
        """Tab: the board's line cursor, then each usable button in turn, then the board again."""
        panel = self.panel
        if panel.focus is None and not self.show_cursor and step > 0:
            self._focus_board()
            return
        if panel.focus is None and self.show_cursor:
            self.show_cursor = False
            if not panel.cycle(step):
                self._focus_board()
            return
        if not panel.cycle(step):
            self._focus_board()

    def _focus_board(self) -> None:
        self.panel.focus = None
        self.show_cursor = True
        if self.view is not None and (self.cursor is None or self.target.state.is_drawn(self.cursor)):
            self.cursor = self.view.neighbour(self.target.state, None, "right")

    def _move_cursor(self, direction: str) -> None:
        self.show_cursor = True
        if self.view is not None:
            self.cursor = self.view.neighbour(self.target.state, self.cursor, direction)

    def _confirm(self) -> None:
        if self.panel.focus is not None:
            self.panel.handle(Action("confirm"))
        elif not self.show_cursor or self.cursor is None:
            self._focus_board()
        elif not self.target.accepting():
            self._refuse()
        else:
            self._draw_line(self.cursor)

    def _pointer(self, action: Action) -> None:
        """Mouse and finger on the board. A press chooses the line nearest the pointer, drawn or not; sliding
        moves the choice to the line now under it; lifting draws the choice, or says why not."""
        if self.view is None:
            return
        if action.kind != "hover":
            self.show_cursor = False
        radius = self.reach() if action.touch else None
        self.pointer = action.pos
        on_board = not self.zoom.zoomed or self.area.clip(self.view.shown).collidepoint(action.pos)
        line = self.view.line_at(action.pos, radius) if on_board else None
        if action.kind == "hover":  # (a drawn line too: the mouse shows whose it is, as a tap says it is taken)
            self.hover = line if self.target.accepting() else None
        elif action.kind == "press":
            self.press = Press(action.pos, line, action.touch, self._hasty())
            if not self._echo(self.press):
                self._choose(line)
        elif action.kind == "drag" and self.press is not None:
            moved = line != self.press.line
            self.press.pos, self.press.line = action.pos, line
            if moved and not self._echo(self.press):
                self._choose(line)
            if not action.touch:
                self.hover = None
        elif action.kind == "release":
            press, self.press = self.press, None
            if press is not None:
                self._lift(press, action.pos, line)

    def _hasty(self) -> bool:
        """True when a press comes while the last tapped line is still animating, or very soon after."""
        tap = self.last_tap
        if tap is None:
            return False
        return self.target.animating() == tap.line or self.target.now - tap.time < HASTY_SECONDS

    def _echo(self, press: Press) -> bool:
        """The press is the second half of a double tap, on the very line its first half drew."""
        return press.hasty and self.last_tap is not None and press.line == self.last_tap.line

    def _choose(self, line: int | None) -> None:
        """The pointer is now over ``line``: say at once when it is taken, so the finger can slide to a free one."""
        if line is not None and self.target.state.is_drawn(line):
            self.say(tr(TAKEN))

    def _lift(self, press: Press, pos: tuple[int, int], line: int | None) -> None:
        target = self.target
        state = target.state
        if line is None:
            self._tap_on_no_line(pos)  # lifted away from every line: the press is cancelled
            return
        if press.hasty and self.last_tap is not None and line == self.last_tap.line:
            return  # the second half of a double tap, on the line the first half drew: nothing to say
        if state.is_drawn(line):
            self.say(tr(TAKEN))
        elif press.hasty and self._near_last_tap(pos):
            self.say(tr("Too quick: tap the line again to draw it"))
        elif target.accepting():
            self._draw_line(line, pos)
        elif target.waiting():
            self.queued = Queued(line, state.to_move, len(state.moves), pos)
        else:
            self._refuse()

    def _tap_on_no_line(self, pos: tuple[int, int]) -> None:
        """A double tap where there is no line fits a zoomed board again."""
        now, tap = self.target.now, self.empty_tap
        near = tap is not None and math.dist(pos, tap[0]) < self.reach()
        if self.zoom.zoomed and tap is not None and near and now - tap[1] < DOUBLE_TAP_SECONDS:
            self.zoom.fit()
            self.empty_tap = None
        elif self.area.collidepoint(pos):
            self.empty_tap = (pos, now)

    def _refuse(self) -> None:
        message = self.target.refusal()
        if message is not None:
            self.say(message)

    def _near_last_tap(self, pos: tuple[int, int]) -> bool:
        if self.last_tap is None:
            return False
        return math.dist(pos, self.last_tap.pos) < self.reach() * DOUBLE_TAP_REACH

    def _draw_line(self, line: int, pos: tuple[int, int] | None = None) -> None:
        if self.target.state.must_not_draw(line):
            self.say(cell_words(CLOSE_FIRST, self.target.state.board))
        elif self.target.draw_line(line):
            self.hover = None
            self.queued = None
            self.last_tap = None if pos is None else Tap(pos, self.target.now, line)

    def _play_queued(self) -> None:
        """Draw the line tapped during the animation once it ends, if the same player is still to move and nothing
        else was drawn; otherwise forget it."""
        queued, target = self.queued, self.target
        if queued is None:
            return
        state = target.state
        unchanged = state.to_move == queued.player and len(state.moves) == queued.moves
        if target.waiting() and unchanged:
            return
        self.queued = None
        if unchanged and target.accepting() and not state.is_drawn(queued.line):
            self._draw_line(queued.line, queued.pos)
