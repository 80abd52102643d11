"""The board scene: the game in play, its scoreboard, status line, Undo and Hint.

Picking a line is the board input's (:mod:`game.app.board_input`), what the status line says and what is marked on
the board is the presenter's (:mod:`game.play.presenter`), keeping the game on the device is
the app's (:class:`game.play.match.GameKeeper`, listening to the session's events); this scene lays them out,
draws them, runs the buttons and shows, plays and reads out what the session's outbox holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from ...ai.reasons import Reason
from ...core import GameState
from ...play.i18n import tr, tr_n
from ...play.i18n.phrases import hint_text
from ...play.links import plays_by_link, position_link, site_address
from ...play.match import Event, Said, Session, Shown, Sound
from ...play.narration import describe_position, line_words
from ...play.online.game import online_of
from ...play.presenter import FEEDBACK_SECONDS, Feedback, GamePresenter, Marks
from .. import layout, theme
from ..analysis_overlay import GameValues
from ..board_input import BoardInput
from ..input import Action
from ..online_board import OnlineBoard
from ..render import BoardView
from ..scene import Scene, Services
from ..scoreboard import Dots, draw_scores, swatch, timer_ring
from ..still import StillFrame
from ..theme import Text
from ..widgets import Button, Panel, focus_ring
from .opening import send_move

ANNOUNCE_SECONDS = 4.0
TONES = {"plain": "INK", "said": "LAST_TURN", "hint": "HINT"}  # the palette's colour names (read when drawn)
WAKING = ("press", "confirm", "left", "right", "up", "down", "undo", "hint", "next", "previous")  # a person is here


class SessionLines:
    """The game's session as the board input sees it: a line is drawn for the person to move, or kept while their
    last line is still being drawn."""

    def __init__(self, session: Session, presenter: GamePresenter) -> None:
        self.session = session
        self.presenter = presenter

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def now(self) -> float:
        return self.session.now

    def accepting(self) -> bool:
        return self.session.accepting_input()

    def waiting(self) -> bool:
        return self.session.busy and self.session.human_to_move

    def animating(self) -> int | None:
        animation = self.session.animation
        return None if animation is None else animation.line

    def draw_line(self, line: int) -> bool:
        return self.session.play_human(line)

    def refusal(self) -> str:
        return self.presenter.wait_message()


class SoundButton(Button):
    """The sound switch in the board's header: a loudspeaker, with waves when sound is on, crossed out when off."""

    def __init__(self, on: bool, on_click: Callable[[], None]) -> None:
        super().__init__(tr("Sound"), on_click)
        self.on = on

    def draw(self, surface: pygame.Surface, text: Text, focused: bool, hover: Any, pressed: Any) -> None:
        fill = theme.BUTTON_DOWN if pressed == 0 else theme.BUTTON_HOVER if hover == 0 else theme.BUTTON
        radius = min(14, self.rect.height // 3)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if focused:
            focus_ring(surface, self.rect, radius)
        s = min(self.rect.width, self.rect.height) / 8
        x, y = self.rect.centerx - s * 1.5, self.rect.centery
        body = [(x - s * 1.5, y - s), (x, y - s), (x + s * 1.5, y - s * 2.2), (x + s * 1.5, y + s * 2.2), (x, y + s)]
        body.append((x - s * 1.5, y + s))
        pygame.draw.polygon(surface, theme.INK, body)
        width = max(2, round(s / 2.5))
        if self.on:
            for reach in (1.6, 2.8):
                arc = pygame.Rect(0, 0, 2 * s * reach, 2 * s * reach)
                arc.center = (round(x + s * 1.5), round(y))
                pygame.draw.arc(surface, theme.INK, arc, -0.8, 0.8, width)
        else:
            cx = x + s * 3.6
            pygame.draw.line(surface, theme.LAST_TURN, (cx - s, y - s), (cx + s, y + s), width + 1)
            pygame.draw.line(surface, theme.LAST_TURN, (cx - s, y + s), (cx + s, y - s), width + 1)


class BoardScene(Scene):
    def __init__(self, app: Services, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.feedback = Feedback(app.announcer.say)
        self.presenter = GamePresenter(session, self.feedback)
        self.input = BoardInput(SessionLines(session, self.presenter), lambda: app.touch_radius(), self.feedback)
        self.still = StillFrame()
        self._lines_seen = len(session.state.moves)  # lines drawn when last looked at (a new one is shown)
        self._drawn: tuple[Any, str | None] = (None, None)  # the move clock and the message as last drawn
        self._told_hint: tuple[int, Reason | None] | None = None
        self.values = GameValues(app, session, self.say, self.presenter.wait_message)  # (the analysis board)
        self.online: OnlineBoard | None = None  # an online game's part: Resign, the friend's undo, Rematch...
        online = online_of(session)
        if online is not None:
            results = partial(app.go, "results", session=session)
            self.online = OnlineBoard(session, online, self.say, results, self.leave_now)

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def exit(self) -> None:
        self.values.board.stop()  # (no search outlives the screen; shown again, the values are searched again)

    # -- layout -----------------------------------------------------------------------------------------------
    def arrange(self) -> None:
        self.frame = layout.board_layout(self.app.metrics)
        board = self.frame.board if self.online is None else self.online.board_rect(self.frame.board, self.app.metrics)
        self.view = BoardView(self.session.board, board)
        self.still.clear()
        u = self.app.metrics.u
        self.menu_button = Button(tr("Menu"), self.leave)
        self.undo_button = Button(tr("Undo"), self.undo, why=self.undo)  # (greyed, a tap says why)
        self.hint_button = Button(tr("Hint"), self.hint, why=self.hint)
        self.share_button = Button(tr("Send move") if self._by_link() else tr("Share"), self.share)
        header = self.frame.header
        self.sound_button = SoundButton(self.app.settings.sound, self.toggle_sound)
        side = max(self.app.metrics.target, header.h)
        if self.frame.portrait:
            self.menu_button.rect = pygame.Rect(header.x, header.y, int(u * 3.6), header.h)
            self.sound_button.rect = pygame.Rect(header.right - side, header.y, side, header.h)
        else:  # (sideways the header has room for the title and Menu only: the switch ends the status line)
            self.menu_button.rect = pygame.Rect(header.right - int(u * 3.6), header.y, int(u * 3.6), header.h)
            status = self.frame.status
            side = max(self.app.metrics.target, min(status.h, header.h))
            self.sound_button.rect = pygame.Rect(status.right - side, status.centery - side // 2, side, side)
        self._place_buttons(u)
        self.next_button = Button(tr("Next board"), self.next_board, primary=True)
        if self.online is not None:
            self.online.place(self.frame.buttons, u // 2, self.undo_button, self.hint_button)
        self._layout_card(u)
        self.panel.set(self._widgets())
        self.panel.focus = 0 if self.session.between else None
        self.input.place(self.view, self.panel, self.frame.board)

    def _place_buttons(self, u: int) -> None:
        """Undo, Hint and Share share the row under the board; the Values switch, where offered, is a square in
        the header, left of the sound switch (upright) or of Menu (sideways): the row has no room for a fourth
        word on a phone."""
        row = [self.undo_button, self.hint_button, self.share_button]
        for button, rect in zip(row, layout.split_row(self.frame.buttons, 3, u // 2), strict=True):
            button.rect = rect
        header = self.frame.header
        side = max(self.app.metrics.target, header.h)
        beside = self.sound_button.rect if self.frame.portrait else self.menu_button.rect
        self.values.button.rect = pygame.Rect(beside.x - u // 2 - side, header.y, side, header.h)
        self.values.button.text_size = self.app.metrics.body

    def _title_room(self) -> int:
        """The header's width left for the title: upright, centred between its buttons; sideways, left of them."""
        u, header = self.app.metrics.u, self.frame.header
        if self.values.offered():
            right = self.values.button.rect
        else:
            right = self.sound_button.rect if self.frame.portrait else self.menu_button.rect
        if not self.frame.portrait:
            return right.x - u // 2 - header.x
        sides = max(self.menu_button.rect.right - header.x, header.right - right.x)
        return header.width - 2 * sides - u // 2

    def _title_rect(self) -> pygame.Rect:
        header, free = self.frame.header, self._title_room()
        if self.frame.portrait:
            return pygame.Rect(header.centerx - free // 2, header.y, free, header.h)
        return pygame.Rect(header.x, header.y, free, header.h)

    def _title_cut(self) -> bool:
        """The header shows the board's title cut short (with an ellipsis): too many rules for its room."""
        lines, _ = title_lines(self.app.text, self.presenter.title(), self.frame, self.app.metrics, self._title_room())
        return lines[-1].endswith("…")

    def _widgets(self) -> list[Button]:
        if self.session.between:
            return [self.next_button, self.menu_button, self.sound_button]
        if self.online is not None:
            return [*self.online.row(self.undo_button, self.hint_button), self.menu_button, self.sound_button]
        values = [self.values.button] if self.values.offered() else []
        return [self.undo_button, self.hint_button, self.share_button, self.menu_button, *values, self.sound_button]

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
        self.values.button.enabled = self.values.on or self.session.can_analyse()
        widgets = self._widgets()
        if self.panel.widgets != widgets:
            self.panel.set(widgets)
            self.panel.focus = 0 if self.session.between else None

    def next_board(self) -> None:
        if self.session.next_board():
            self.input.reset(cursor=True)

    # -- actions ----------------------------------------------------------------------------------------------
    def leave(self) -> None:
        """Menu: to the menu, once asked when it would leave an online game being played."""
        if self.online is not None and self.online.ask_to_leave():
            return
        self.leave_now()

    def leave_now(self) -> None:
        self.session.leave()  # (kept as it is; an online friend's device is told this one left)
        self.app.reset("menu")

    def toggle_sound(self) -> None:
        """The sound switch in the header: sounds on or off, kept in the settings."""
        on = not self.app.settings.sound
        self.app.save_settings(self.app.settings.with_(sound=on))
        self.sound_button.on = on
        self.say(tr("Sound on") if on else tr("Sound off"))

    def undo(self) -> None:
        before = len(self.session.state.moves)
        if self.session.undo():
            self.input.reset()
            self.feedback.said = None  # (a message of before the undo, "That line is taken", no longer holds)
            taken = before - len(self.session.state.moves)
            words = tr_n("Undone: {n} line taken back.", "Undone: {n} lines taken back.", taken)
            self.app.announcer.say(f"{words} {self.presenter.status(self.input.pointing())}")
        elif self.online is not None:
            self.say(self.online.why_no_undo())
        elif self.session.settings.no_help:
            self.say(tr("No undo in a competitive game"))
        elif self.session.accepting_input():
            self.say(tr("Nothing of yours to undo yet"))
        else:
            self.say(self.presenter.wait_message())

    def hint(self) -> None:
        if self.session.request_hint():
            return
        if self.session.settings.no_help:
            self.say(tr("No hints in a competitive game"))
        elif not self.session.accepting_input():
            self.say(self.presenter.wait_message())

    def _by_link(self) -> bool:
        """People only on this device: the game can be sent to friends far away, a turn at a time."""
        return plays_by_link(self.session)

    def share(self) -> None:
        """A link to this position, or in a game of people the game so far for the friend whose turn it is."""
        session = self.session
        if not self._by_link():
            link = position_link(site_address(self.app.page), session.state)
            explanation = (
                tr("Whoever opens this link plays on from this position.")
                if "://" in link
                else tr("Whoever pastes this code in Open a link plays on from this position.")
            )
            self.app.go("share", title=tr("Share this position"), explanation=explanation, link=link)
        elif session.link_id is not None and session.human_to_move:
            self.say(tr("Your turn: play it, then Send move"))
        else:
            send_move(self.app, session)

    def say(self, message: str, seconds: float = FEEDBACK_SECONDS) -> None:
        """Show ``message`` in the status line for a moment: why a tap or a key did nothing, or what happened."""
        self.feedback.say(message, self.session.now, seconds)  # (which tells the screen reader)

    def handle(self, action: Action) -> None:
        self.still.clear()  # whatever an input changes is drawn in full
        self._refresh()
        kind = action.kind
        if kind == "hidden":
            self.session.pause()  # the page went out of sight: the game waits (see Session.pause)
            return
        if self.values.on and self.values.handle(action, self.panel):
            return
        if kind in WAKING and self.session.attend():
            return  # the touch that wakes a paused game only wakes it
        if kind == "back":
            self.leave()
        elif kind == "undo":
            self.undo()
        elif kind == "hint":
            self.hint()
        elif kind == "read":
            self.app.announcer.say(describe_position(self.session.state, self.session.names))
        elif kind == "release" and self._title_cut() and self._title_rect().collidepoint(action.pos):
            self.app.notify(self.presenter.title())  # (the whole title, where the header showed it cut short)
        else:
            self.input.handle(action)

    # -- time -------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        session = self.session
        budget = self.app.step_budget()
        if self.values.searching(session.state, session.names):
            self.values.step(budget)  # (the game is paused: nothing else searches)
        session.update(dt, budget)
        self._tell(session.outbox.take())
        self._tell_hint()
        if self.online is not None:
            self.online.update()
        self._show_new_line(dt)
        self.input.update()
        self.feedback.update(session.now)
        if session.finished and self.online is None:
            self.app.replace("results", session=session)  # (an online game's board stays for a rematch)

    def _tell(self, events: list[Event]) -> None:
        """The session's news: sounds played, words shown for a moment, moves told to the screen reader."""
        for event in events:
            if isinstance(event, Sound):
                self.app.sounds.play(event.name)
        for event in events:
            if isinstance(event, Shown):
                self.say(event.text, ANNOUNCE_SECONDS)
        for event in events:
            if isinstance(event, Said):
                self.app.announcer.say(event.text)

    def _show_new_line(self, dt: float) -> None:
        """Zoomed in, a line drawn out of sight (by the opponent, the timer or a friend) is brought into sight."""
        moves = self.session.state.moves
        zoom = self.input.zoom
        if len(moves) > self._lines_seen and moves:
            zoom.show(moves[-1])
        self._lines_seen = len(moves)
        zoom.follow(dt)

    def _tell_hint(self) -> None:
        """A hint that has just come is told once: the line in words, then why."""
        hint = self.session.hint
        if hint is not None and hint != self._told_hint:
            board = self.session.board
            words = tr("Hint: {line}. {why}").format(line=line_words(board, hint[0]), why=hint_text(hint[1], board))
            self.app.announcer.say(words)
        self._told_hint = hint

    def wants_frame(self) -> bool:
        """Something moves by itself: a line drawn or still glowing, a computer thinking, a hint searched for or
        glowing, a finished board about to go on. The move clock and a message are :meth:`changed`."""
        session = self.session
        return (
            session.busy
            or any(session.glow(line) > 0 for line in session.drawn_at)
            or session.thinking
            or session.hint_search is not None
            or session.hint is not None
            or (session.state.over and not session.between)
            or self.input.zoom.panning
            or self.values.busy
        )

    def changed(self) -> bool:
        """The move clock shown moved a step since it was drawn (4 times a second while it runs), or a message of
        the moment came or went: one frame each, not every frame while the message shows."""
        shown = (self.presenter.clock(), self.feedback.text(self.session.now))
        return shown != self._drawn

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole scene; while a computer thinks and nothing but its thinking dots moves, the last drawing with
        the dots drawn again over it."""
        self._refresh()
        marks = self.marks()
        timed = self.presenter.clock() is not None
        key = self._still_key(marks) if self.session.thinking or timed else None
        dots = self.still.draw(surface, key, lambda target: self._draw_still(target, marks))
        self._draw_clock(surface)
        if dots is not None:
            dots.draw(surface, self.session.now)
        self.input.draw_loupe(surface)

    def marks(self) -> Marks:
        return self.presenter.marks(self.input.pointing())

    def status(self) -> str:
        if self.values.on:
            return self.values.caption(self.session.state, self.session.names)
        words = self.online.status(self.feedback.text(self.session.now)) if self.online is not None else None
        return words or self.presenter.status(self.input.pointing())

    def _still_key(self, marks: Marks) -> tuple[Any, ...]:
        """Everything :meth:`_draw_still` draws from that can change by itself, as time passes. What an input
        changes (a hover, a press, the focus) and a new layout (a resize, a rotation, a notice strip) clear the
        kept drawing instead."""
        session, presenter = self.session, self.presenter
        state = session.state
        return (
            presenter.title(),
            self.status(),
            presenter.tone(),
            presenter.clock() is None,
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
        m = self.app.metrics
        draw_board_title(surface, text, self.presenter.title(), self.frame, m, self._title_room())
        dots = draw_scores(
            surface,
            text,
            self.frame.scores,
            session.looks,
            session.totals(),
            session.state.to_move,
            session.settings.patterns,
            session.thinking,
            m,
        )
        self._draw_status(surface, m.u)
        pygame.draw.rect(surface, theme.PANEL, self.frame.board, border_radius=16)
        looks, patterns = session.looks, session.settings.patterns

        def draw_board(view: BoardView) -> None:
            view.draw(surface, session.state, text, marks, looks, patterns)
            self.values.draw(surface, view, text, session.state, m.body)

        self.input.draw_board(surface, draw_board)
        if session.between:
            draw_match_card(surface, text, session, self.frame.board, self.card, self.card_line, m)
        if self.online is not None:
            self.online.draw(surface, text, self.frame.board, m)
        self.panel.draw(surface, text)
        return dots

    def _clock_radius(self) -> int:
        return min(self.frame.status.height // 2 - 2, int(self.app.metrics.u * 0.9))

    def _draw_clock(self, surface: pygame.Surface) -> None:
        """The move clock at the start of the status line, over the page's background: the only part of the scene
        drawn anew when nothing but the clock changed."""
        clock = self.presenter.clock()
        self._drawn = (clock, self.feedback.text(self.session.now))
        if clock is None:
            return
        fraction, seconds = clock
        radius = self._clock_radius()
        centre = (self.frame.status.x + radius + 4, self.frame.status.centery)
        place = pygame.Rect(0, 0, 2 * radius + 8, 2 * radius + 8)
        place.center = centre
        surface.fill(theme.BACKGROUND, place)
        timer_ring(surface, centre, radius, fraction)
        self.app.text.draw(surface, seconds, int(radius * 1.1), theme.INK, center=centre)

    def _draw_status(self, surface: pygame.Surface, u: int) -> None:
        text = self.app.text
        rect = self.frame.status
        if not self.frame.portrait:  # (the sound switch ends the status line)
            rect = pygame.Rect(rect.x, rect.y, self.sound_button.rect.x - u // 2 - rect.x, rect.height)
        if self.presenter.clock() is not None:  # (the clock itself is drawn over the kept drawing: _draw_clock)
            radius = self._clock_radius()
            rect = pygame.Rect(rect.x + 2 * radius + 12, rect.y, rect.width - 2 * radius - 12, rect.height)
        status = self.status()
        size = self.app.metrics.body
        lines = text.wrap(status, size, rect.width - 8)
        while len(lines) * size * 0.75 > rect.height and size > text.least:
            size -= 1
            lines = text.wrap(status, size, rect.width - 8)
        y = rect.centery - len(lines) * int(size * 0.75) // 2
        colour = getattr(theme, TONES["plain" if self.values.on else self.presenter.tone()])
        for line in lines:
            text.draw(surface, line, size, colour, midtop=(rect.centerx, y))
            y += int(size * 0.75)


def title_lines(
    text: Text, title: str, frame: layout.BoardLayout, m: layout.Metrics, free: int
) -> tuple[list[str], int]:
    """The board's title as drawn in ``free`` pixels of the header: on one line (upright, larger if it fits), else
    wrapped between its parts, smaller down to the caption size, in as many lines as the header holds; the last
    line ends with an ellipsis when even that is too little (a tap on the title shows it whole)."""
    largest = max(m.body, int(m.u * 0.9)) if frame.portrait else m.body
    size = text.fit(title, largest, free)
    if size >= m.body and text.width(title, size) <= free:
        return [title], size
    for size in (m.body, m.caption):
        most = 1 + max(0, frame.header.height - text.font(size).get_height()) // int(size * 0.75)
        lines, fitted = text.fit_lines(title, size, free, most)
        if fitted == size or size == m.caption:
            return lines, fitted
    return lines, fitted


def draw_board_title(
    surface: pygame.Surface,
    text: Text,
    title: str,
    frame: layout.BoardLayout,
    m: layout.Metrics,
    free: int,
) -> None:
    """The board's title in the header, in ``free`` pixels (:func:`title_lines`): upright, centred between the
    buttons; sideways, at the left."""
    header = frame.header
    lines, size = title_lines(text, title, frame, m, free)
    step = int(size * 0.75)
    y = header.centery - ((len(lines) - 1) * step + text.font(size).get_height()) // 2
    for line in lines:
        if frame.portrait:
            text.draw(surface, line, size, theme.INK, midtop=(header.centerx, y))
        else:
            text.draw(surface, line, size, theme.INK, topleft=(header.x, y))
        y += step


def draw_match_card(
    surface: pygame.Surface,
    text: Text,
    session: Session,
    board: pygame.Rect,
    card: pygame.Rect,
    card_line: int,
    m: layout.Metrics,
) -> None:
    """Between two boards of a match, over the shaded ``board``: this board's scores and the totals."""
    u = m.u
    shade = pygame.Surface(board.size, pygame.SRCALPHA)
    shade.fill((*theme.BACKGROUND, 170))
    surface.blit(shade, board)
    pygame.draw.rect(surface, theme.PANEL, card, border_radius=16)
    pygame.draw.rect(surface, theme.FAINT, card, 2, border_radius=16)
    title = tr("Board {n} of {total} finished").format(n=session.current + 1, total=len(session.games))
    title, size = text.fitted(title, int(u * 1.1), card.width - 2 * u)
    text.draw(surface, title, size, theme.INK, midtop=(card.centerx, card.y + int(u * 0.7)))
    y = card.y + int(u * 2.2)
    small = m.caption
    this_x, total_x = card.right - int(u * 5.5), card.right - u
    text.draw(surface, tr("this board"), small, theme.MUTED, midright=(this_x, y + card_line // 2))
    text.draw(surface, tr("total"), small, theme.MUTED, midright=(total_x, y + card_line // 2))
    totals = session.totals()
    for seat, name in enumerate(session.names):
        y += card_line
        box = pygame.Rect(card.x + u, y + card_line // 8, card_line * 3 // 4, card_line * 3 // 4)
        swatch(surface, text, box, session.looks[seat], session.settings.patterns)
        middle = box.centery
        name, name_size = text.fitted(name, m.body, this_x - int(u * 3) - box.right)
        text.draw(surface, name, name_size, theme.INK, midleft=(box.right + u // 2, middle))
        text.draw(surface, str(session.state.scores[seat]), m.body, theme.INK, midright=(this_x, middle))
        text.draw(surface, str(totals[seat]), m.body, theme.INK, midright=(total_x, middle))
