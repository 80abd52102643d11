"""The board scene: the game in play, its scoreboard, status line, Undo and Hint, and every kind of input."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from ...core.rules import STARTS
from ...play.i18n import tr, tr_mark
from ...play.i18n.phrases import START_NAMES, describe_board, hint_text
from ...play.session import Session
from .. import layout, theme
from ..input import Action
from ..render import BoardView, Marks, draw_loupe
from ..scene import Scene
from ..scoreboard import Dots, draw_scores, swatch, timer_ring
from ..widgets import Button, Panel
from .common import go_to_menu

if TYPE_CHECKING:
    from ..app import App

FEEDBACK_SECONDS = 2.0
ANNOUNCE_SECONDS = 4.0
HASTY_SECONDS = 0.35  # a press this soon after a tap drew a line may be the second half of a double tap
DOUBLE_TAP_REACH = 0.5  # a hasty press this close to the last tap (in touch radii) is taken for its double
LOUPE_ZOOM = 1.6
LOUPE_CLEAR = 1.3  # the loupe stays this many touch radii above the finger
TAKEN = tr_mark("That line is taken")


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
class Still:
    """The board scene as last drawn while a computer thinks, without its thinking dots, and everything that
    drawing depended on (``key``). While the key stays the same only the dots move, so a frame is this image with
    the dots drawn over it instead of a whole new drawing (in the browser that drawing is most of a frame's time).
    The image is kept only once two frames in a row had the same key (None before)."""

    key: tuple[Any, ...]
    image: pygame.Surface | None
    dots: Dots | None


@dataclass(frozen=True)
class Tap:
    """The last line drawn by a pointer: where the pointer was lifted, when, and the line."""

    pos: tuple[int, int]
    time: float
    line: int


class BoardScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.press: Press | None = None
        self.queued: Queued | None = None
        self.last_tap: Tap | None = None
        self.hover: int | None = None
        self.loupe: pygame.Rect | None = None
        self.cursor: int | None = None
        self.show_cursor = False
        self.saved_at: tuple[int, int] | None = None
        self.feedback: tuple[str, float] | None = None
        self.still: Still | None = None

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()
        self._autosave()

    # -- layout -----------------------------------------------------------------------------------------------
    def arrange(self) -> None:
        self.frame = layout.board_layout(self.app.metrics)
        self.view = BoardView(self.session.board, self.frame.board)
        self.press = self.last_tap = None  # pointer positions from before a resize or rotation mean nothing now
        self.hover = None
        self.still = None
        u = self.app.metrics.u
        self.menu_button = Button(tr("Menu"), self.leave)
        self.undo_button = Button(tr("Undo"), self.undo)
        self.hint_button = Button(tr("Hint"), self.hint)
        self.share_button = Button(tr("Send move") if self._by_link() else tr("Share"), self.share)
        if self.frame.portrait:
            self.menu_button.rect = pygame.Rect(
                self.frame.header.x, self.frame.header.y, int(u * 3.6), self.frame.header.h
            )
        else:
            self.menu_button.rect = pygame.Rect(
                self.frame.header.right - int(u * 3.6), self.frame.header.y, int(u * 3.6), self.frame.header.h
            )
        self.undo_button.rect, self.hint_button.rect, self.share_button.rect = layout.split_row(
            self.frame.buttons, 3, u // 2
        )
        self.next_button = Button(tr("Next board"), self.next_board, primary=True)
        self._layout_card(u)
        self.panel.set(self._widgets())
        self.panel.focus = 0 if self.session.between else None

    def _widgets(self) -> list[Button]:
        if self.session.between:
            return [self.next_button, self.menu_button]
        return [self.undo_button, self.hint_button, self.share_button, self.menu_button]

    def _layout_card(self, u: int) -> None:
        """The card shown between two boards of a match: this board's result, the totals, and Next board."""
        board = self.frame.board
        seats = len(self.session.seats)
        self.card_line = int(u * 1.7)
        height = int(u * 2.2) + (seats + 1) * self.card_line + u + self.app.metrics.target
        self.card = pygame.Rect(0, 0, min(board.width - 2 * u, u * 20), min(board.height - 2 * u, height))
        self.card.center = board.center
        self.next_button.rect = pygame.Rect(
            self.card.x + u,
            self.card.bottom - u // 2 - self.app.metrics.target,
            self.card.width - 2 * u,
            self.app.metrics.target,
        )

    def _refresh(self) -> None:
        self.ensure_layout()
        self.undo_button.enabled = self.session.can_undo()
        self.hint_button.enabled = self.session.can_hint() and self.session.hint_search is None
        widgets = self._widgets()
        if self.panel.widgets != widgets:
            self.panel.set(widgets)
            self.panel.focus = 0 if self.session.between else None

    def next_board(self) -> None:
        if self.session.next_board():
            self.press = self.queued = None
            self.hover = self.cursor = None

    # -- actions ----------------------------------------------------------------------------------------------
    def leave(self) -> None:
        self._autosave()
        go_to_menu(self.app)

    def undo(self) -> None:
        if self.session.undo():
            self.press = self.queued = None
            self.hover = None
        elif self.session.settings.no_help:
            self.say(tr("No undo in a competitive game"))
        elif self.session.accepting_input():
            self.say(tr("Nothing of yours to undo yet"))
        else:
            self.say(self._wait_message())

    def hint(self) -> None:
        if self.session.request_hint():
            return
        if self.session.settings.no_help:
            self.say(tr("No hints in a competitive game"))
        elif not self.session.accepting_input():
            self.say(self._wait_message())

    def _by_link(self) -> bool:
        """Two people on this device, one board: the game can be sent to a friend far away, a move at a time."""
        session = self.session
        return len(session.seats) == 2 and not session.settings.match and not any(s.is_computer for s in session.seats)

    def share(self) -> None:
        """A link to this position, or in a two-human game the game so far for the friend to play their turn."""
        from ...play.links import LinkGames, friend_link, new_game_id, position_link, site_address
        from .share import ShareScene

        session, site = self.session, site_address(self.app.browser)
        if self._by_link():
            if session.link_id is None:
                session.link_id = new_game_id(self.app.rng)
                self._autosave()
            LinkGames(self.app.saved).remember(session.link_id, session.state)
            link = friend_link(site, session.state, session.link_id)
            explanation = tr(
                "Send this link to your friend. They open it, play their turn, press Send move and send you "
                "their link: open it here to go on."
            )
            self.app.manager.push(ShareScene(self.app, tr("Send your move"), explanation, link))
            return
        link = position_link(site, session.state)
        explanation = tr("Whoever opens this link plays on from this position.")
        self.app.manager.push(ShareScene(self.app, tr("Share this position"), explanation, link))

    def say(self, message: str, seconds: float = FEEDBACK_SECONDS) -> None:
        """Show ``message`` in the status line for a moment: why a tap or a key did nothing, or what happened."""
        self.feedback = (message, self.session.now + seconds)

    def _wait_message(self) -> str:
        session = self.session
        if session.state.over:
            return tr("This board is finished")
        if session.seats[session.state.to_move].is_computer:
            return tr("Wait: it is {name}'s turn").format(name=session.names[session.state.to_move])
        return tr("Wait for the line to be drawn")

    def handle(self, action: Action) -> None:
        self.still = None  # whatever an input changes is drawn in full
        self._refresh()
        kind = action.kind
        if kind == "back":
            self.leave()
        elif kind == "undo":
            self.undo()
        elif kind == "hint":
            self.hint()
        elif kind in ("next", "previous"):
            self._cycle_focus(1 if kind == "next" else -1)
        elif kind in ("left", "right", "up", "down"):
            self.panel.focus = None
            self._move_cursor(kind)
        elif kind == "confirm":
            self._confirm()
        elif kind in ("hover", "press", "drag", "release"):
            if self.panel.handle(action) or (self.panel.pressed is not None and kind != "release"):
                self.press = None
                return
            self._pointer(action)

    def _cycle_focus(self, step: int) -> None:
        """Tab: the board's line cursor, then each usable button in turn, then the board again."""
        if self.panel.focus is None and not self.show_cursor and step > 0:
            self._focus_board()
            return
        if self.panel.focus is None and self.show_cursor:
            self.show_cursor = False
            if not self.panel.cycle(step):
                self._focus_board()
            return
        if not self.panel.cycle(step):
            self._focus_board()

    def _focus_board(self) -> None:
        self.panel.focus = None
        self.show_cursor = True
        if self.cursor is None or self.session.state.is_drawn(self.cursor):
            self.cursor = self.view.neighbour(self.session.state, None, "right")

    def _confirm(self) -> None:
        if self.panel.focus is not None:
            self.panel.handle(Action("confirm"))
        elif not self.show_cursor or self.cursor is None:
            self._focus_board()
        elif not self.session.accepting_input():
            self.say(self._wait_message())
        else:
            self._draw_line(self.cursor)

    def _move_cursor(self, direction: str) -> None:
        self.show_cursor = True
        self.cursor = self.view.neighbour(self.session.state, self.cursor, direction)

    def _pointer(self, action: Action) -> None:
        """Mouse and finger on the board. A press chooses the line nearest the pointer, drawn or not; sliding
        moves the choice to the line now under it; lifting draws the choice, or says why not. A drawn line is never
        swapped for a free neighbour, so a tap on a taken line (or a double tap's second half) draws nothing."""
        if action.kind != "hover":
            self.show_cursor = False
        radius = self.app.touch_radius() if action.touch else None
        line = self.view.line_at(action.pos, radius)
        if action.kind == "hover":  # (a drawn line too: the mouse shows whose it is, as a tap says it is taken)
            self.hover = line if self.session.accepting_input() else None
        elif action.kind == "press":
            self.press = Press(action.pos, line, action.touch, self._hasty())
            self._choose(line)
        elif action.kind == "drag" and self.press is not None:
            if line != self.press.line:
                self._choose(line)
            self.press.pos, self.press.line = action.pos, line
            if not action.touch:
                self.hover = None
        elif action.kind == "release":
            press, self.press = self.press, None
            if press is not None:
                self._lift(press, action.pos, line)

    def _hasty(self) -> bool:
        """True when a press comes while the last tapped line is still animating, or very soon after."""
        tap, session = self.last_tap, self.session
        if tap is None:
            return False
        animating = session.animation is not None and session.animation.line == tap.line
        return animating or session.now - tap.time < HASTY_SECONDS

    def _choose(self, line: int | None) -> None:
        """The pointer is now over ``line``: say at once when it is taken, so the finger can slide to a free one."""
        if line is not None and self.session.state.is_drawn(line):
            self.say(tr(TAKEN))

    def _lift(self, press: Press, pos: tuple[int, int], line: int | None) -> None:
        session = self.session
        state = session.state
        if line is None:
            return  # lifted away from every line: the press is cancelled
        if state.is_drawn(line):
            self.say(tr(TAKEN))
        elif press.hasty and self._near_last_tap(pos):
            self.say(tr("Too quick: tap the line again to draw it"))
        elif session.accepting_input():
            self._draw_line(line, pos)
        elif session.busy and session.human_to_move:
            self.queued = Queued(line, state.to_move, len(state.moves), pos)
        else:
            self.say(self._wait_message())

    def _near_last_tap(self, pos: tuple[int, int]) -> bool:
        if self.last_tap is None:
            return False
        return math.dist(pos, self.last_tap.pos) < self.app.touch_radius() * DOUBLE_TAP_REACH

    def _draw_line(self, line: int, pos: tuple[int, int] | None = None) -> None:
        if self.session.play_human(line):
            self.hover = None
            self.queued = None
            self.last_tap = None if pos is None else Tap(pos, self.session.now, line)

    def _play_queued(self) -> None:
        """Draw the line tapped during the animation once it ends, if the same player is still to move and nothing
        else was drawn; otherwise forget it."""
        queued, session = self.queued, self.session
        if queued is None:
            return
        state = session.state
        unchanged = state.to_move == queued.player and len(state.moves) == queued.moves
        if session.busy and unchanged:
            return
        self.queued = None
        if unchanged and session.accepting_input() and not state.is_drawn(queued.line):
            self._draw_line(queued.line, queued.pos)

    # -- time -------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        session = self.session
        session.update(dt, self.app.step_budget())
        for name in session.sounds:
            self.app.sounds.play(name)
        session.sounds.clear()
        for message in session.messages:
            self.say(message, ANNOUNCE_SECONDS)
        session.messages.clear()
        self._play_queued()
        if self.feedback is not None and self.feedback[1] <= session.now:
            self.feedback = None
        if not session.accepting_input():
            self.hover = None
        if session.finished:
            self._finish()
        elif session.save_point() != self.saved_at:
            self._autosave()

    def wants_frame(self) -> bool:
        """Something moves by itself: a line drawn or still glowing, a computer thinking, a hint searched for or
        glowing, a move clock running, a finished board about to go on (or a message about to go)."""
        session = self.session
        return (
            session.busy
            or any(session.glow(line) > 0 for line in session.drawn_at)
            or session.thinking
            or session.hint_search is not None
            or session.hint is not None
            or session.timer_fraction() is not None
            or (session.state.over and not session.between)
            or self.feedback is not None
        )

    def _autosave(self) -> None:
        self.saved_at = self.session.save_point()
        if self.session.recorded:  # a practice game leaves the saved unfinished game alone
            self.app.saved.save_unfinished(self.session.to_unfinished())

    def _finish(self) -> None:
        from .results import ResultsScene

        if self.session.recorded:
            self.app.saved.record_game(self.session.record())
            self.app.saved.clear_unfinished()
        self.app.manager.replace(ResultsScene(self.app, self.session))

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole scene; while a computer thinks and nothing but its thinking dots moves, the last drawing with
        the dots drawn again over it."""
        self._refresh()
        marks = self._marks()
        key = self._still_key(marks) if self.session.thinking else None
        still = self.still
        if key is not None and still is not None and still.key == key and still.image is not None:
            surface.blit(still.image, (0, 0))
            dots = still.dots
        else:
            dots = self._draw_still(surface, marks)
            if key is None:
                self.still = None
            elif still is not None and still.key == key:  # the same drawing twice in a row: keep it from now on
                self.still = Still(key, surface.copy(), dots)
            else:  # (while something else moves, such as a line's glow, copying every frame would cost more)
                self.still = Still(key, None, dots)
        if dots is not None:
            dots.draw(surface, self.session.now)
        self._draw_loupe(surface)

    def _still_key(self, marks: Marks) -> tuple[Any, ...]:
        """Everything :meth:`_draw_still` draws from that can change by itself, as time passes. What an input
        changes (a hover, a press, the focus) and a new layout (a resize, a rotation, a notice strip) clear the
        kept drawing instead."""
        session = self.session
        state = session.state
        fraction = session.timer_fraction()
        timer = None if fraction is None else (fraction, math.ceil(session.timer.remaining()))
        return (
            self._title(),
            self._status(),
            self._status_colour(),
            timer,
            tuple(state.moves),
            tuple(state.owner),
            tuple(state.scores),
            state.to_move,
            session.current,
            session.between,
            tuple(session.totals()),
            tuple(session.looks),
            session.settings.patterns,
            replace(marks, pulse=0.0) if marks.hint is None else marks,  # (the pulse only moves a hint's glow)
            tuple((widget.label, widget.enabled) for widget in self.panel.widgets),
        )

    def _draw_still(self, surface: pygame.Surface, marks: Marks) -> Dots | None:
        """The scene without the thinking dots or the loupe; returns where the dots go while a computer thinks."""
        session, text = self.session, self.app.text
        state = session.state
        m = self.app.metrics
        u = m.u
        title = self._title()
        header = self.frame.header
        if self.frame.portrait:
            free = header.width - 2 * self.menu_button.rect.width - u
            title_size = text.fit(title, max(m.body, int(u * 0.9)), free)
            lines = [title] if text.width(title, title_size) <= free else text.wrap(title, m.caption, free)[:2]
            if len(lines) > 1:
                title_size = m.caption
            y = header.centery - len(lines) * int(title_size * 0.75) // 2
            for line in lines:
                text.draw(surface, line, title_size, theme.INK, midtop=(header.centerx, y))
                y += int(title_size * 0.75)
        else:
            room = pygame.Rect(header.x, header.y, header.width - int(u * 4), header.height)
            size = m.body
            lines = text.wrap(title, size, room.width)
            lines = lines[:2]
            y = room.centery - len(lines) * int(size * 0.75) // 2
            for line in lines:
                text.draw(surface, line, size, theme.INK, topleft=(room.x, y))
                y += int(size * 0.75)
        dots = draw_scores(
            surface,
            text,
            self.frame.scores,
            session.looks,
            session.totals(),
            state.to_move,
            session.settings.patterns,
            session.thinking,
            m,
        )
        self._draw_status(surface, u)
        pygame.draw.rect(surface, theme.PANEL, self.frame.board, border_radius=16)
        self.view.draw(surface, state, text, marks, session.looks, session.settings.patterns)
        if session.between:
            self._draw_card(surface, u)
        self.panel.draw(surface, text)
        return dots

    def _draw_loupe(self, surface: pygame.Surface) -> None:
        """While a finger is down on the board, what is under it, magnified above it (the finger hides the line)."""
        press = self.press
        self.loupe = None
        if press is None or not press.touch or not self.frame.board.collidepoint(press.pos):
            return
        radius = self.app.touch_radius()
        self.loupe = draw_loupe(surface, press.pos, radius, LOUPE_ZOOM, radius * LOUPE_CLEAR)

    def _draw_card(self, surface: pygame.Surface, u: int) -> None:
        session, text = self.session, self.app.text
        shade = pygame.Surface(self.frame.board.size, pygame.SRCALPHA)
        shade.fill((*theme.BACKGROUND, 170))
        surface.blit(shade, self.frame.board)
        card = self.card
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=16)
        pygame.draw.rect(surface, theme.FAINT, card, 2, border_radius=16)
        title = tr("Board {n} of {total} finished").format(n=session.current + 1, total=len(session.games))
        size = text.fit(title, int(u * 1.1), card.width - 2 * u)
        text.draw(surface, title, size, theme.INK, midtop=(card.centerx, card.y + int(u * 0.7)))
        y = card.y + int(u * 2.2)
        small = self.app.metrics.caption
        this_x, total_x = card.right - int(u * 5.5), card.right - u
        text.draw(surface, tr("this board"), small, theme.MUTED, midright=(this_x, y + self.card_line // 2))
        text.draw(surface, tr("total"), small, theme.MUTED, midright=(total_x, y + self.card_line // 2))
        totals = session.totals()
        for seat, name in enumerate(session.names):
            y += self.card_line
            box = pygame.Rect(card.x + u, y + self.card_line // 8, self.card_line * 3 // 4, self.card_line * 3 // 4)
            swatch(surface, text, box, session.looks[seat], session.settings.patterns)
            middle = box.centery
            name_size = text.fit(name, self.app.metrics.body, this_x - int(u * 3) - box.right)
            text.draw(surface, name, name_size, theme.INK, midleft=(box.right + u // 2, middle))
            text.draw(
                surface, str(session.state.scores[seat]), self.app.metrics.body, theme.INK, midright=(this_x, middle)
            )
            text.draw(surface, str(totals[seat]), self.app.metrics.body, theme.INK, midright=(total_x, middle))

    def _title(self) -> str:
        session = self.session
        parts = [describe_board(session.board)]
        if session.rules.misere:
            parts.append(tr("misère"))
        if session.rules.start != STARTS[0]:
            parts.append(tr(START_NAMES[session.rules.start]))
        if session.rules.no_extra:
            parts.append(tr("no extra move"))
        if len(session.games) > 1:
            parts.append(tr("board {n} of {total}").format(n=session.current + 1, total=len(session.games)))
        return " · ".join(parts)

    def _status(self) -> str:
        session = self.session
        state = session.state
        if self.feedback is not None and self.feedback[1] > session.now:
            return self.feedback[0]
        if self.press is None and self.hover is not None and state.is_drawn(self.hover):
            return self._whose(self.hover)
        if state.over:
            if session.between:
                return tr("Press Next board when you are ready")
            if session.current + 1 < len(session.games):
                return tr("Board {n} of {total} finished").format(n=session.current + 1, total=len(session.games))
            return tr("Game over")
        name = session.names[state.to_move]
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

    def _whose(self, line: int) -> str:
        """What the mouse over a drawn line says: that it is taken, and by whom."""
        session = self.session
        drawer = dict(zip(session.state.moves, session.state.drawers(), strict=True)).get(line, -1)
        if drawer < 0:
            return tr("That line is taken: it was drawn at the start")
        if session.is_you(drawer):
            return tr("That line is taken: you drew it")
        return tr("That line is taken: {name} drew it").format(name=session.names[drawer])

    def _draw_status(self, surface: pygame.Surface, u: int) -> None:
        text = self.app.text
        rect = self.frame.status
        fraction = self.session.timer_fraction()
        if fraction is not None:
            radius = min(rect.height // 2 - 2, int(u * 0.9))
            centre = (rect.x + radius + 4, rect.centery)
            timer_ring(surface, centre, radius, fraction)
            seconds = str(math.ceil(self.session.timer.remaining()))
            text.draw(surface, seconds, int(radius * 1.1), theme.INK, center=centre)
            rect = pygame.Rect(rect.x + 2 * radius + 12, rect.y, rect.width - 2 * radius - 12, rect.height)
        status = self._status()
        size = self.app.metrics.body
        lines = text.wrap(status, size, rect.width - 8)
        while len(lines) * size * 0.75 > rect.height and size > text.least:
            size -= 1
            lines = text.wrap(status, size, rect.width - 8)
        y = rect.centery - len(lines) * int(size * 0.75) // 2
        colour = self._status_colour()
        for line in lines:
            text.draw(surface, line, size, colour, midtop=(rect.centerx, y))
            y += int(size * 0.75)

    def _status_colour(self) -> tuple[int, int, int]:
        if self.feedback is not None and self.feedback[1] > self.session.now:
            return theme.LAST_TURN
        return theme.HINT if self.session.hint is not None else theme.INK

    def _marks(self) -> Marks:
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
        chosen = self._chosen()
        if chosen is not None and state.is_drawn(chosen) and chosen == self.hover and self.press is None:
            marks.owned = chosen
        elif chosen is not None and state.is_drawn(chosen):
            marks.taken = chosen
        elif chosen is not None and session.human_to_move:
            marks.preview = chosen
            marks.preview_player = state.to_move
        cursor_free = self.cursor is not None and not state.is_drawn(self.cursor)
        if session.accepting_input() and self.show_cursor and cursor_free:
            marks.cursor = self.cursor
        if session.hint is not None:
            marks.hint = session.hint[0]
        return marks

    def _chosen(self) -> int | None:
        """The line the pointer has chosen: under a pressed pointer, else the one tapped during the animation,
        else the one under the mouse."""
        if self.press is not None:
            return self.press.line
        if self.queued is not None:
            return self.queued.line
        return self.hover
