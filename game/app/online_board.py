"""The board scene's part for an online game (:class:`~game.play.online.game.OnlineGame`): the connection's
state over the board, Resign and Menu (both asked to confirm while the game is played: leaving closes the
connection), the answer to the friend's undo request, and at the end Rematch (through the room, seats swapped) and
Results.

The board scene keeps Undo, Hint, Menu and the sound switch; this part gives the third button of the row (Resign, in
place of Share: a game played live is never sent by link), the rows that replace the usual one while a question is
open, the status line while one is, and what is drawn over the board. No game logic here: the session and its room
decide (and the app keeps the finished game: :class:`game.play.match.GameKeeper`); this part shows them and tells the
screen reader when the connection changes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..play.i18n import tr
from ..play.match import Session
from ..play.online.game import CONNECTED, OnlineGame
from . import layout, theme
from .theme import Text
from .widgets import Button

RESIGN, LEAVE = "resign", "leave"  # the questions the row can ask


class OnlineBoard:
    """``session`` is refereed by ``online``; ``say`` shows words in the status line for a moment and gives them to
    the screen reader; ``results`` shows the results of the game just played; ``leave`` leaves the room for the menu
    (closing the connection)."""

    def __init__(
        self, session: Session, online: OnlineGame, say: Callable[[str], None], results: Callable[[], None],
        leave: Callable[[], None],
    ) -> None:  # fmt: skip
        self.session = session
        self.online = online
        self.say = say
        self.results = results
        self.asking = ""  # RESIGN or LEAVE was pressed: the row asks to confirm
        self.told = ""  # the connection's words last told
        self.resign_button = Button(tr("Resign"), self.ask_to_resign, why=self.why_no_resign)
        self.confirm_button = Button(tr("Yes, resign"), self.resign, danger=True)
        self.keep_button = Button(tr("Keep playing"), self.keep_playing, primary=True)
        self.leave_button = Button(tr("Leave"), leave, danger=True)
        self.allow_button = Button(tr("Allow undo"), self.allow_undo, primary=True)
        self.refuse_button = Button(tr("Refuse"), self.refuse_undo)
        self.rematch_button = Button(tr("Rematch"), self.rematch, primary=True, why=self.why_no_rematch)
        self.decider_button = Button(tr("Play a decider"), self.decider, primary=True, why=self.why_no_rematch)
        self.results_button = Button(tr("Results"), results)
        self.row_rect, self.gap = pygame.Rect(0, 0, 0, 0), 0

    def place(self, row: pygame.Rect, gap: int, undo: Button, hint: Button) -> None:
        """Lay out every row this part may show in the board's row of buttons (Resign, the longest word in some
        languages, a little wider than Undo and Hint)."""
        each = (row.width - 2 * gap) * 31 // 100
        undo.rect = pygame.Rect(row.x, row.y, each, row.height)
        hint.rect = pygame.Rect(undo.rect.right + gap, row.y, each, row.height)
        left = hint.rect.right + gap
        self.resign_button.rect = pygame.Rect(left, row.y, row.right - left, row.height)
        pairs = ((self.confirm_button, self.keep_button), (self.leave_button, self.keep_button),
                 (self.allow_button, self.refuse_button))  # fmt: skip
        for first, second in pairs:
            first.rect, second.rect = layout.split_row(row, 2, gap)
        self.row_rect, self.gap = row, gap

    def row(self, undo: Button, hint: Button) -> list[Button]:
        """The buttons of the row now: the end's, the question of Resign or Menu, the undo asked of this device, or
        Undo, Hint and Resign."""
        session = self.session
        online = self.online
        if session.finished:
            return self.end_row()
        if self.asking == RESIGN:
            return [self.confirm_button, self.keep_button]
        if self.asking == LEAVE:
            return [self.leave_button, self.keep_button]
        if online.undo_asked_of_me():
            return [self.allow_button, self.refuse_button]
        self.resign_button.enabled = online.can_resign()
        return [undo, hint, self.resign_button]

    def end_row(self) -> list[Button]:
        """At the end: the decider after a tie (alone when agreed before play), a rematch, and Results; the next
        game asked for by the other device is the one to accept."""
        online = self.online
        free = online.link() == CONNECTED and online.rematch_state() != "asked"
        offered = online.rematch_state() == "offered"
        decider = offered and online.decider_offered()
        self.rematch_button.label = tr("Accept rematch") if offered and not decider else tr("Rematch")
        self.decider_button.label = tr("Accept decider") if decider else tr("Play a decider")
        self.rematch_button.enabled = self.decider_button.enabled = free
        buttons = [self.rematch_button, self.results_button]
        if online.decider_agreed():
            buttons = [self.decider_button, self.results_button]
        elif online.decider_open():
            buttons = [self.decider_button, self.rematch_button, self.results_button]
        self.rematch_button.primary = buttons[0] is self.rematch_button  # (the decider first after a tie)
        for button, rect in zip(buttons, layout.split_row(self.row_rect, len(buttons), self.gap), strict=True):
            button.rect = rect
        return buttons

    def board_rect(self, board: pygame.Rect, m: layout.Metrics) -> pygame.Rect:
        """Where the board's dots go: below the connection's strip."""
        return pygame.Rect(board.x, board.y + m.caption, board.width, board.height - m.caption)

    # -- actions ---------------------------------------------------------------------------------------------------
    def ask_to_resign(self) -> None:
        self.asking = RESIGN

    def ask_to_leave(self) -> bool:
        """Menu: while the game is played, ask first (leaving closes the connection); True when it asks."""
        if self.session.finished:
            return False
        self.asking = LEAVE
        return True

    def why_no_resign(self) -> None:
        self.say(tr("You can resign while the game is played and both devices are connected."))

    def why_no_undo(self) -> str:
        """Why Undo did nothing in this online game."""
        online = self.online
        if online.undo_off():
            return tr("Undo is off in competitive games, timed games and matches.")
        if online.link() != CONNECTED:
            return online.link_text()
        if online.undo_asked_by_me():
            return tr("Undo asked: waiting for {name}'s answer.").format(name=online.friend())
        return tr("Nothing of yours to undo yet")

    def keep_playing(self) -> None:
        self.asking = ""

    def resign(self) -> None:
        self.asking = ""
        self.online.resign()

    def allow_undo(self) -> None:
        self.session.undo()

    def refuse_undo(self) -> None:
        self.online.refuse_undo()

    def rematch(self) -> None:
        self.online.offer_rematch()

    def decider(self) -> None:
        self.online.offer_rematch(decider=True)

    def why_no_rematch(self) -> None:
        if self.online.rematch_state() == "asked":
            self.say(tr("Rematch asked: waiting for {name}.").format(name=self.online.friend()))
        else:
            self.say(tr("A rematch can be offered once the game is over and both devices are connected."))

    # -- time ------------------------------------------------------------------------------------------------------
    def update(self) -> None:
        """Tell the connection's state when it changes; a question left open when the game ended (or was paused) is
        dropped."""
        words = self.online.link_text()
        if words != self.told:
            self.told = words
            self.say(words)
        if (self.asking == RESIGN and not self.online.can_resign()) or self.session.finished:
            self.asking = ""

    def status(self, said: str | None) -> str | None:
        """The status line: a question open (before ``said``, the message of the moment), else ``said``, else the
        game's end; None for the board's own."""
        session = self.session
        online = self.online
        friend = online.friend()
        if self.asking == RESIGN:
            return tr("Resign this game? {name} wins it.").format(name=friend)
        if self.asking == LEAVE:
            return tr("Leave the game? It pauses on {name}'s device.").format(name=friend)
        if online.undo_asked_of_me():
            return online.undo_asked_words()
        if said is not None:
            return said
        if online.link() != CONNECTED and not session.finished:
            return online.link_text()
        if online.undo_asked_by_me():
            return tr("Undo asked: waiting for {name}'s answer.").format(name=friend)
        if not session.finished:
            return None
        rematch = online.rematch_state() if online.link() == CONNECTED else ""
        if rematch == "offered":
            return online.offered_words()
        decider = online.decider_offered()
        if rematch == "asked":
            asked = tr("Decider asked: waiting for {name}.") if decider else tr("Rematch asked: waiting for {name}.")
            return asked.format(name=friend)
        return " ".join(filter(None, (online.resignation(), self.result())))

    def result(self) -> str:
        session = self.session
        winners = session.winners()
        if len(winners) != 1:
            return tr("Game over: a draw")
        if session.is_you(winners[0]):
            return tr("Game over: you win")
        return tr("Game over: {name} wins").format(name=session.names[winners[0]])

    # -- drawing ---------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, text: Text, board: pygame.Rect, m: layout.Metrics) -> None:
        """The connection's state in a strip at the top of the board; while the game waits for the other device,
        the board shaded under a card saying so."""
        session = self.session
        online = self.online
        words = online.link_text()
        live = online.link() == CONNECTED
        u = m.u
        paused = not live and not session.finished
        if paused:
            shade = pygame.Surface(board.size, pygame.SRCALPHA)
            shade.fill((*theme.BACKGROUND, 170))
            surface.blit(shade, board)
            card = pygame.Rect(0, 0, min(board.width - 2 * u, u * 20), 0)
            advice = online.pause_advice()
            lines = text.wrap(words, m.body, card.width - 2 * u)
            small = text.wrap(advice, m.caption, card.width - 2 * u)
            card.height = len(lines) * int(m.body * 0.8) + len(small) * int(m.caption * 0.8) + int(u * 1.8)
            card.center = board.center
            pygame.draw.rect(surface, theme.PANEL, card, border_radius=16)
            pygame.draw.rect(surface, theme.LAST_TURN, card, 2, border_radius=16)
            y = card.y + int(u * 0.7)
            for line in lines:
                text.draw(surface, line, m.body, theme.LAST_TURN, midtop=(card.centerx, y))
                y += int(m.body * 0.8)
            y += u // 3
            for line in small:
                text.draw(surface, line, m.caption, theme.MUTED, midtop=(card.centerx, y))
                y += int(m.caption * 0.8)
            return
        words, size = text.fitted(words, m.caption, board.width - 2 * u)
        strip = pygame.Rect(0, 0, text.width(words, size) + u * 2, int(size * 1.1))
        strip.midtop = (board.centerx, board.y + u // 4)
        pygame.draw.rect(surface, theme.BACKGROUND, strip, border_radius=strip.height // 2)
        dot = (strip.x + u * 2 // 3, strip.centery)
        pygame.draw.circle(surface, theme.ACCENT if live else theme.LAST_TURN, dot, max(3, u // 4))
        text.draw(surface, words, size, theme.INK if live else theme.LAST_TURN, midleft=(strip.x + u * 6 // 5, dot[1]))
