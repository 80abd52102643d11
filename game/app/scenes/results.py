"""Results: the winner (or a draw), final scores, each player's score over the moves, rematch, history, menu."""

from __future__ import annotations

from functools import partial

import pygame

from ...play.i18n import tr
from ...play.i18n.phrases import MISERE_NOTES, cell_words, describe_board
from ...play.links import position_link, site_address
from ...play.match import PRACTICE, Session, Shown, score_curves
from ...play.online.game import online_of
from ...play.rating import change_by_in_steps, is_rated
from ...steps import Stepper
from ...storage.steps import Work
from .. import layout, theme
from ..input import Action
from ..render import BoardView, Marks
from ..scene import Scene, Services
from ..scoreboard import swatch
from ..widgets import Button, Panel
from .common import rating_words, reading_text
from .opening import send_move


def match_curves(session: Session) -> list[list[int]]:
    """Each player's total after every move across all boards of the game or match."""
    totals = [[0] for _ in session.seats]
    for game in session.games:
        curves = score_curves(game)
        for player, curve in enumerate(curves):
            base = totals[player][-1]
            totals[player].extend(base + score for score in curve[1:])
    return totals


def headline(session: Session) -> str:
    winners = session.winners()
    if len(winners) == len(session.seats):
        return tr("A draw")
    if len(winners) > 1:
        return tr("Shared win: {names}").format(names=tr(" and ").join(session.names[p] for p in winners))
    if session.is_you(winners[0]):
        return tr("You win!")
    return tr("{name} wins").format(name=session.names[winners[0]])


def nice_ticks(top: int) -> list[int]:
    """0, the top and one or two round values between them for an axis that runs from 0 to ``top``."""
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if top / s <= 4)
    ticks = list(range(0, top + 1, step))
    if ticks[-1] != top:
        if top - ticks[-1] <= step / 2:
            ticks.pop()
        ticks.append(top)
    return ticks


def draw_chart(
    surface: pygame.Surface,
    text,
    rect: pygame.Rect,
    curves: list[list[int]],
    m: layout.Metrics,
    colours: list[tuple[int, int, int]],
    boards: list[int] | None = None,
) -> None:
    """Score against move number, one line per player in their ``colours``, with labelled axes and ticks;
    ``boards`` are the move numbers where each later board of a match starts (marked by a dashed line)."""
    u = m.u
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
    small = m.caption
    line = int(small * 0.75)
    text.draw(surface, tr("Score after each move"), small, theme.INK, topleft=(rect.x + u // 2, rect.y + u // 3))
    inner = pygame.Rect(rect.x + u // 2 + text.width("000", small), rect.y + u // 3 + line + u // 2, 0, 0)
    inner.width = rect.right - u - inner.x
    inner.height = rect.bottom - u // 3 - 2 * line - u // 4 - inner.y
    if inner.width < u or inner.height < u:
        return
    top = max(1, max(max(curve) for curve in curves))
    moves = max(1, len(curves[0]) - 1)
    for value in nice_ticks(top):
        y = round(inner.bottom - inner.height * value / top)
        if value:
            pygame.draw.line(surface, theme.BACKGROUND, (inner.x, y), (inner.right, y), 1)
        text.draw(surface, str(value), small, theme.MUTED, midright=(inner.x - u // 3, y))
    for value in nice_ticks(moves):
        x = round(inner.x + inner.width * value / moves)
        pygame.draw.line(surface, theme.FAINT, (x, inner.bottom), (x, inner.bottom + u // 5), 2)
        text.draw(surface, str(value), small, theme.MUTED, midtop=(x, inner.bottom + u // 4))
    for start in boards or []:
        x = round(inner.x + inner.width * start / moves)
        for y in range(inner.y, inner.bottom, 8):
            pygame.draw.line(surface, theme.FAINT, (x, y), (x, min(inner.bottom, y + 4)), 2)
    pygame.draw.line(surface, theme.FAINT, inner.bottomleft, inner.bottomright, 2)
    pygame.draw.line(surface, theme.FAINT, inner.bottomleft, inner.topleft, 2)
    text.draw(surface, tr("moves"), small, theme.MUTED, bottomright=(rect.right - u // 2, rect.bottom - u // 8))
    for player, curve in enumerate(curves):
        points = [
            (inner.x + inner.width * i / moves, inner.bottom - inner.height * s / top) for i, s in enumerate(curve)
        ]
        if len(points) > 1:
            pygame.draw.lines(surface, colours[player], False, points, 3 + (player == 0))


def board_starts(session: Session) -> list[int]:
    """The move numbers at which each board after the first starts, for the chart."""
    starts, moves = [], 0
    for game in session.games[:-1]:
        moves += len(game.moves)
        starts.append(moves)
    return starts


def rating_note(session: Session, app: Services) -> Work[str]:
    """What this game did to the player's rating ("rating 1612 (+14)"), why it was not rated, or nothing (not one
    person against the computer); in steps (it reads the history, which also merges the game just finished)."""
    history = yield from app.saved.history_in_steps()
    seats = [(seat.kind, seat.level) for seat in session.seats]
    if not session.recorded or session.unplayed() or not is_rated(seats, assisted=False):
        return ""
    if not session.rated():
        return tr("not rated: undo, a hint or a given start")
    change = yield from change_by_in_steps(session.record(), history.earlier.folded, history.games)
    if change is None:
        return ""
    if change.after.provisional:  # (its change from the starting guess says nothing yet)
        return rating_words(change.after)
    return tr("rating {rating} ({change})").format(rating=round(change.after.value), change=f"{change.delta:+d}")


class ResultsScene(Scene):
    def __init__(self, app: Services, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.curves = match_curves(session)
        self.rating_note = ""
        self.said = False
        self.news = ""  # an online game's last news (a rematch asked for), shown under the scores
        self.shown = ""  # the online news last drawn
        online = online_of(session)
        self.game_number = online.game_number if online is not None else -1  # an online game: the room's number
        # (run by update: see rating_note)
        self.noting: Stepper[None, str] = Stepper(rating_note(session, app), freeze=True)
        self.update(0.0)

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()
        self.app.announcer.say(self.spoken())
        self.said = True
        if self.noting.closed:  # (left while reading: read again)
            self.noting = Stepper(rating_note(self.session, self.app), freeze=True)

    def exit(self) -> None:
        self.noting.close()  # (a reading left half way is read again, never written late)

    def update(self, dt: float) -> None:
        """The rating line, read in steps; said when it comes after the result was."""
        if not self.noting.done and self.noting.step(self.app.step_budget()):
            self.rating_note = self.noting.value or ""
            if self.rating_note and self.said:
                self.app.announcer.say(self.rating_note)
            self.invalidate_layout()
        self._keep_room(dt)

    def _keep_room(self, dt: float) -> None:
        """An online game's room keeps answering while its results show; the rematch, once both devices asked for
        it, goes back to the board (the results were shown over it)."""
        session = self.session
        online = online_of(session)
        if online is None:
            return
        session.update(dt)
        shown = [event.text for event in session.outbox.take() if isinstance(event, Shown)]
        for message in shown:
            self.app.announcer.say(message)
        self.news = shown[-1] if shown else self.news
        if online.game_number != self.game_number:
            self.app.manager.pop()

    def online_note(self) -> str:
        """An online game's news: who resigned, and the last thing said (a rematch asked for), else the connection."""
        online = online_of(self.session)
        if online is None:
            return ""
        return " ".join(filter(None, (online.resignation(), self.news or online.link_text())))

    def wants_frame(self) -> bool:
        return not self.noting.done or self.online_note() != self.shown

    def spoken(self) -> str:
        """The result for a screen reader: who won, every player's score, and what the game did to the rating."""
        session = self.session
        scores = ", ".join(f"{name} {total}" for name, total in zip(session.names, session.totals(), strict=True))
        return " ".join(part for part in (f"{headline(session)} {scores}.", self.rating_note) if part)

    def arrange(self) -> None:
        m = self.app.metrics
        w, h = m.size
        u = m.u
        row_h = max(m.target, int(u * 2.2))
        score_h = max(int(u * 1.6), int(m.body * 1.1))
        buttons = [
            Button(tr("Rematch"), self.rematch, primary=not (self.offers_decider() or self.session.move_up())),
            Button(tr("Review"), self.review),
            Button(tr("Send move") if self.session.link_id else tr("Share"), self.share),
            Button(tr("History"), self.history),
            Button(tr("Menu"), self.menu),
        ]
        if self.session.decider_due():  # agreed before play: the decider is the way on, not a rematch
            buttons.pop(0)
        seats = len(self.session.seats)
        width = w - 2 * u if m.portrait else w // 2 - u
        lines = self._button_lines(buttons, width, m)
        row_h = lines * row_h + (lines - 1) * (u // 2)
        lead = self.lead()
        extra = max(m.target, int(u * 2.2)) + u // 2 if lead else 0  # the decider's or the next board's button
        if m.portrait:
            self.title_rect = pygame.Rect(0, u // 2, w, int(u * 2.5))
            self.scores_rect = pygame.Rect(u, self.title_rect.bottom, w - 2 * u, score_h * seats)
            row = pygame.Rect(u, h - u // 2 - row_h, w - 2 * u, row_h)
            top = self.scores_rect.bottom + u
            space = row.y - extra - u - top
            board = pygame.Rect(u, top, w - 2 * u, int(space * 0.62))
            bottom = row.y - extra - u
            self.chart_rect = pygame.Rect(u, board.bottom + u // 2, w - 2 * u, bottom - board.bottom - u // 2)
        else:
            self.title_rect = pygame.Rect(w // 2, u // 2, w // 2, int(u * 2.5))
            board = pygame.Rect(u, u, w // 2 - u * 2, h - u * 2)
            self.scores_rect = pygame.Rect(w // 2, self.title_rect.bottom, w // 2 - u, score_h * seats)
            row = pygame.Rect(w // 2, h - u // 2 - row_h, w // 2 - u, row_h)
            self.chart_rect = pygame.Rect(
                w // 2, self.scores_rect.bottom + u // 2, w // 2 - u, row.y - extra - self.scores_rect.bottom - u
            )
        per_line = -(-len(buttons) // lines)
        for line, band in enumerate(layout.split_column(row, lines, u // 2)):
            shown = buttons[line * per_line : (line + 1) * per_line]
            for button, rect in zip(shown, layout.split_row(band, len(shown), u // 2), strict=True):
                button.rect = rect
        if lead:
            lead.rect = pygame.Rect(row.x, row.y - extra, row.width, max(m.target, int(u * 2.2)))
            buttons.insert(0, lead)
        self.panel.set(buttons)
        self.view = BoardView(self.session.board, layout.tight_rect(self.session.board, board))

    def _button_lines(self, buttons: list[Button], width: int, m: layout.Metrics) -> int:
        """The fewest rows of buttons (up to three) in which every label fits its button at body size."""
        for lines in (1, 2):
            per_line = -(-len(buttons) // lines)
            each = (width - (per_line - 1) * (m.u // 2)) // per_line - 16
            if all(self.app.text.width(button.label, m.body) <= each for button in buttons):
                return lines
        return 3

    def lead(self) -> Button | None:
        """The button above the others, when there is a next step: the decider after a tie, or the next board of
        the beginners' path after a practice game."""
        session = self.session
        if self.offers_decider():
            board_name = describe_board(session.decider_settings().board())
            label = tr("Play the agreed decider: {board}") if session.decider_due() else tr("Play a decider: {board}")
            return Button(label.format(board=board_name), self.play_decider, primary=True)
        bigger = session.move_up()
        if bigger is not None:
            label = tr("Move up: practise on {board}").format(board=describe_board(bigger.board()))
            practice = partial(Session, bigger, self.app.rng, first=0, purpose=PRACTICE)
            return Button(label, lambda: self.app.replace("board", session=practice()), primary=True)
        return None

    def offers_decider(self) -> bool:
        """After a tie between two players (rules sheet 003): a decider board with an odd number of cells."""
        session = self.session
        return session.recorded and session.tied() and len(session.seats) == 2

    def play_decider(self) -> None:
        online = online_of(self.session)
        if online is not None:  # through the room, as a rematch: the decider starts on the board once both asked
            online.offer_rematch(decider=True)
            return
        self.app.replace("board", session=self.session.decider())

    def rematch(self) -> None:
        session = self.session
        online = online_of(session)
        if online is not None:  # through the room: it starts on the board once both asked
            online.offer_rematch()
            return
        starter = (session.starter + 1) % len(session.seats)
        rematch = Session(session.settings, self.app.rng, first=starter, purpose=session.purpose)
        self.app.replace("board", session=rematch)

    def review(self) -> None:
        """Review the game just played (a match's last board)."""
        session = self.session
        self.app.go("review", game=session.state, names=session.names, seats=session.seats)

    def share(self) -> None:
        """A link to the game just played (a match's last board): whoever opens it sees its review. Played by link,
        the last move for the friends far away (``share.send_move``)."""
        if self.session.link_id is not None:
            send_move(self.app, self.session)
            return
        link = position_link(site_address(self.app.page), self.session.state)
        explanation = (
            tr("Whoever opens this link sees the review of this game.")
            if "://" in link
            else tr("Whoever pastes this code in Open a link sees the review of this game.")
        )
        self.app.go("share", title=tr("Share this game"), explanation=explanation, link=link)

    def history(self) -> None:
        self.app.go("history")

    def menu(self) -> None:
        self.session.leave()  # (an online friend's device is told this one left)
        self.app.reset("menu")

    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back" and online_of(self.session) is not None:
            self.app.manager.pop()  # (back to the board, where the room goes on)
        elif action.kind == "back":
            self.menu()
        else:
            self.panel.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        session, text = self.session, self.app.text
        m = self.app.metrics
        u = m.u
        title = headline(session)
        title, size = text.fitted(title, int(u * 1.6), self.title_rect.width - 2 * u)
        text.draw(surface, title, size, theme.INK, center=self.title_rect.center)
        rows = layout.split_column(self.scores_rect, len(session.seats), u // 4)
        order = sorted(range(len(session.seats)), key=lambda p: session.totals()[p], reverse=not session.rules.misere)
        for row, player in zip(rows, order, strict=True):
            box = pygame.Rect(row.x + u, row.y, row.height, row.height)
            swatch(surface, text, box, session.looks[player], session.settings.patterns)
            text.draw(surface, session.names[player], m.body, theme.INK, midleft=(box.right + u // 2, row.centery))
            total = text.draw(
                surface,
                str(session.totals()[player]),
                max(m.body, int(u * 1.1)),
                theme.INK,
                midright=(row.right - u, row.centery),
            )
            if len(session.games) > 1:  # a match: each board's score, then the total
                boards = " + ".join(str(game.scores[player]) for game in session.games) + " ="
                text.draw(surface, boards, m.body, theme.MUTED, midright=(total.x - u // 3, row.centery))
        notes = [cell_words(MISERE_NOTES, session.board)] if session.rules.misere else []
        if session.decider_due():
            notes.append(tr("a tie: the decider agreed before play comes next"))
        if not session.recorded:
            notes.append(tr("practice game: not recorded"))
        elif session.unplayed():
            notes = [tr("nobody played: not recorded")]  # (what matters most, and room for one line only)
        if len(session.games) > 1:
            notes.append(tr("board by board, then the total"))
        if self.rating_note or not self.noting.done:
            notes.append(self.rating_note or reading_text())
        self.shown = self.online_note()
        if self.shown:
            notes.insert(0, self.shown)
        if notes:
            note = " · ".join(notes)
            note, size = text.fitted(note, m.caption, self.scores_rect.width)  # (room for one line)
            text.draw(surface, note, size, theme.MUTED, midtop=(self.scores_rect.centerx, self.scores_rect.bottom))
        pygame.draw.rect(surface, theme.PANEL, self.view.rect, border_radius=12)
        self.view.draw(surface, session.state, text, Marks(), session.looks, session.settings.patterns)
        colours = [look.colour for look in session.looks]
        draw_chart(surface, text, self.chart_rect, self.curves, m, colours, board_starts(session))
        self.panel.draw(surface, text)
