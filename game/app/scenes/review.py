"""Review: step through a game's moves (buttons, arrow keys, a slider), the board as it was, what each move cost,
the best line as a ghost, and a chart of the advantage over the game.

The exact analysis (:class:`game.ai.review.Review`) runs a few milliseconds a frame and fills in as it goes;
positions it cannot solve are marked "not solved", with the Expert's move and reason when the player looks at one.
"Play from here" starts a casual game from the position shown; "Share" gives a link to it (to the whole game at
its end). "Values" turns the analysis board on over the position shown (:mod:`game.play.analysis_board`): while
it fills, the review's own analysis waits (one search at a time: the browser has one Worker). The review's results
are kept per game (:mod:`game.storage.reviews`), so the game reviewed again shows them at once.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ... import ai
from ...ai.reasons import Reason
from ...ai.review import Review
from ...core import GameState
from ...play.i18n import tr, tr_mark
from ...play.i18n.phrases import cost_text, reason_words
from ...play.kept_review import ReviewKeeper
from ...play.links import LinkError, position_link, position_session, position_settings, seats_for, site_address
from ...play.players import Player, seat_looks
from ...play.presenter import Marks
from ...play.settings import Seat
from .. import layout, theme
from ..analysis_overlay import Values
from ..input import Action
from ..margin_chart import MarginChart
from ..render import BoardView
from ..scene import Scene, Services
from ..theme import Text
from ..widgets import Button, Panel
from .common import back_button, draw_title, header_rects, start_game

# Search time for each position, in the background (earlier ones are not tried once one is not solved): on 4x4
# and 5x5 games 10 s solved 2-3 more moves than 3 s (benchmarks/review.py); the browser, several times slower,
# gets about what the desktop gets in 3 s.
POSITION_SECONDS = 10.0
OPINION_SECONDS = 1.0  # the Expert's time for a position the solver could not reach
NOT_SOLVED = tr_mark("Not solved (too many lines left for the exact solver)")
ANALYSING = tr_mark("Analysing...")


def advantage(position: GameState, value: int | None) -> int | None:
    """The final margin of player 1 (seat 0) over player 2 with best play from ``position`` (misère: the margin
    in fewest cells), or None when the position's value is unknown."""
    if value is None:
        return None
    lead = position.scores[0] - position.scores[1]
    if position.rules.misere:
        lead = -lead
    if position.to_move < 0:
        return lead
    return lead + (value if position.to_move == 0 else -value)


class ReviewScene(Scene):
    def __init__(
        self,
        app: Services,
        game: GameState,
        names: list[str] | None = None,
        seats: tuple[Seat, ...] | None = None,
        seconds: float = POSITION_SECONDS,
    ) -> None:
        super().__init__(app)
        self.game = game.copy()
        players = game.rules.players
        if not names or len(names) != players:
            names = [tr("Player {n}").format(n=n) for n in range(1, players + 1)]
        self.names = names
        kinds = [(seat.is_computer, seat.level) for seat in seats] if seats else [(False, "")] * players
        named = tuple(Player(name=name) for name in names)
        self.looks = [replace(look, name=name) for look, name in zip(seat_looks(kinds, named), names, strict=True)]
        self.seats = seats
        self.analysis = Review(self.game, seconds)
        self.positions = self.analysis.positions
        self.kept = ReviewKeeper(app.saved.reviews, self.game, self.analysis, seconds)  # (the last opening's results)
        self.values = Values(app, self.toggle_values)
        self.count = len(self.game.moves)
        self.index = self.count
        self.opinions: dict[int, tuple[int, Reason | None]] = {}
        self.opinion_search: ai.HintSearch | None = None
        self.opinion_for: int | None = None
        self.sliding = False
        self.told = ""  # the move shown and its verdict, as last told to the screen reader

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def exit(self) -> None:
        self.values.board.stop()
        self.kept.suspend()  # (kept: the next review of this game starts from there)

    # -- layout -----------------------------------------------------------------------------------------------
    def arrange(self) -> None:
        m = self.app.metrics
        w, h = m.size
        u = m.u
        if m.portrait:
            self.bar, back_rect = header_rects(m)
            column = pygame.Rect(u // 2, self.bar.bottom + u // 2, w - u, h - self.bar.bottom - u)
            controls = self._controls_height(m)
            board_height = column.height - controls - u // 2
            board = pygame.Rect(column.x, column.y, column.width, board_height)
            rest = pygame.Rect(column.x, board.bottom + u // 2, column.width, controls)
        else:
            right = pygame.Rect(w // 2 + u // 2, 0, w // 2 - u, h)
            self.bar, back_rect = header_rects(replace(m, size=(right.width + u, h)))
            self.bar.x += right.x - u // 2
            back_rect.x += right.x - u // 2
            board = pygame.Rect(u // 2, u // 2, w // 2 - u // 2, h - u)
            rest = pygame.Rect(right.x, self.bar.bottom + u // 2, right.width, h - self.bar.bottom - u)
        self.view = BoardView(self.game.board, layout.tight_rect(self.game.board, board))
        self.board_rect = board
        self._arrange_controls(rest, m, back_rect)

    def _info_height(self, m: layout.Metrics) -> int:
        """The headline, two lines of verdict and the outlook."""
        return m.u // 2 + int(m.body * 0.85) + 2 * int(m.body * 0.8) + int(m.caption * 0.8)

    def _controls_height(self, m: layout.Metrics) -> int:
        u, row = m.u, max(m.target, int(m.u * 2.1))
        return self._info_height(m) + int(u * 5.0) + max(m.target, int(u * 1.4)) + 2 * row + 4 * (u // 2)

    def _arrange_controls(self, rest: pygame.Rect, m: layout.Metrics, back_rect: pygame.Rect) -> None:
        u = m.u
        gap = u // 2
        row_height = max(m.target, int(u * 2.1))
        slider = max(m.target, int(u * 1.4))
        play_row = pygame.Rect(rest.x, rest.bottom - row_height, rest.width, row_height)
        nav_row = pygame.Rect(rest.x, play_row.y - gap - row_height, rest.width, row_height)
        slider_rect = pygame.Rect(rest.x + u // 2, nav_row.y - gap - slider, rest.width - u, slider)
        self.info = pygame.Rect(rest.x, rest.y, rest.width, self._info_height(m))
        chart_top = self.info.bottom + gap
        chart = pygame.Rect(rest.x, chart_top, rest.width, max(u, slider_rect.y - gap - chart_top))
        self.chart = MarginChart(self.app.text, m, chart, slider_rect, self.count)
        self.first_button = Button("<<", lambda: self.go_to(0))
        self.previous_button = Button("<", lambda: self.go_to(self.index - 1))
        self.next_button = Button(">", lambda: self.go_to(self.index + 1))
        self.last_button = Button(">>", lambda: self.go_to(self.count))
        nav = [self.first_button, self.previous_button, self.next_button, self.last_button]
        values = self.values.button  # (a square at the end of the arrows' row)
        values.rect = pygame.Rect(nav_row.right - nav_row.height, nav_row.y, nav_row.height, nav_row.height)
        values.text_size = m.body
        arrows = pygame.Rect(nav_row.x, nav_row.y, nav_row.width - nav_row.height - gap, nav_row.height)
        for button, rect in zip(nav, layout.split_row(arrows, 4, gap), strict=True):
            button.rect = rect
        self.play_button = Button(tr("Play from here"), self.play_from_here, primary=True)
        self.share_button = Button(tr("Share"), self.share)
        self.play_button.rect, self.share_button.rect = layout.split_row(play_row, 2, gap)
        back = back_button(self.app, back_rect)
        self.panel.set([*nav, values, self.play_button, self.share_button, back])
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        self.first_button.enabled = self.previous_button.enabled = self.index > 0
        self.next_button.enabled = self.last_button.enabled = self.index < self.count
        self.play_button.enabled = not self.positions[self.index].over
        self.values.button.enabled = self.game.rules.players == 2

    # -- actions ----------------------------------------------------------------------------------------------
    def go_to(self, index: int) -> None:
        self.index = max(0, min(self.count, index))
        if self._laid_out_for is not None:
            self._refresh_buttons()

    def play_from_here(self) -> None:
        state = self.positions[self.index]
        if state.over:
            return
        players = state.rules.players
        seats = self.seats if self.seats is not None else seats_for(self.app.settings, players)
        try:
            settings = position_settings(self.app.settings, state, seats)
        except LinkError as error:
            self.app.notify(str(error))
            return
        session = position_session(settings, state, self.app.rng)
        start_game(self.app, session, lambda: self.app.go("board", session=session))

    def toggle_values(self) -> None:
        """The analysis board over the position shown, on or off; its explanation the first time."""
        if self.game.rules.players != 2:
            self.app.notify(tr("Values are for games of two players"))
            return
        self.values.switch(not self.values.on)

    def share(self) -> None:
        at_end = self.index == self.count
        state = self.game if at_end else self.positions[self.index]
        link = position_link(site_address(self.app.page), state)
        code = "://" not in link  # (the desktop shares a code, to paste in Open a link)
        if at_end:
            title = tr("Share this game")
            explanation = (
                tr("Whoever pastes this code in Open a link sees the review of this game.")
                if code
                else tr("Whoever opens this link sees the review of this game.")
            )
        else:
            title = tr("Share this position")
            explanation = (
                tr("Whoever pastes this code in Open a link plays on from move {n} of this game.")
                if code
                else tr("Whoever opens this link plays on from move {n} of this game.")
            ).format(n=self.index)
        self.app.go("share", title=title, explanation=explanation, link=link)

    def handle(self, action: Action) -> None:
        self.ensure_layout()
        kind = action.kind
        if kind == "back":
            self.app.manager.pop()
        elif kind in ("left", "right"):
            self.go_to(self.index + (1 if kind == "right" else -1))
        elif kind == "scroll":
            self.go_to(self.index - action.amount)
        elif kind == "press" and (self.chart.slider.inflate(0, 16).collidepoint(action.pos)):
            self.sliding = True
            self.go_to(self.chart.slid_to(action.pos[0]))
        elif kind == "drag" and self.sliding:
            self.go_to(self.chart.slid_to(action.pos[0]))
        elif kind == "release" and self.sliding:
            self.sliding = False
        elif kind == "release" and self.chart.rect.collidepoint(action.pos) and self.panel.pressed is None:
            self.go_to(self.chart.move_at(action.pos[0], self.chart_title()))
        else:
            self.panel.handle(action)

    # -- time -------------------------------------------------------------------------------------------------
    def wants_frame(self) -> bool:
        """The analysis, the values or the opinion on the position shown are still being worked out: each step
        shows."""
        return self.opinion_search is not None or not self.analysis.done or self.values.busy

    def update(self, dt: float) -> None:
        self._tell_move()
        budget = self.app.step_budget()
        if self.values.searching(self.positions[self.index], self.names):
            self.analysis.suspend()  # (one search at a time: the review's and the opinion wait)
            self.opinion_search = self.opinion_for = None
            self.values.step(budget)
            return
        self._want_opinion()
        if self.opinion_search is not None:
            if self.opinion_search.step(budget) and self.opinion_for is not None:
                self.opinions[self.opinion_for] = (self.opinion_search.best, self.opinion_search.reason)
                self.opinion_search = None
        elif not self.analysis.done:
            self.kept.step(budget)  # (what it finds is kept as it goes)

    def _tell_move(self) -> None:
        """The move shown and its verdict, told when either changes (another move, or its analysis came)."""
        words = f"{self.headline()}. {self.verdict()}"
        if words != self.told:
            self.told = words
            self.app.announcer.say(words)

    def _judged(self) -> int:
        """The position whose move is being judged: the one before the move just shown (the start at move 0)."""
        return max(0, self.index - 1)

    def _want_opinion(self) -> None:
        """Start the Expert on the position shown when the solver gave up on it and it has no opinion yet."""
        judged = self._judged()
        position = self.positions[judged]
        if (
            self.opinion_search is not None
            or not self.analysis.done
            or self.analysis.values[judged] is not None
            or judged in self.opinions
            or position.over
        ):
            return
        self.opinion_for = judged
        self.opinion_search = ai.think_hint(position, OPINION_SECONDS)

    # -- what is shown ----------------------------------------------------------------------------------------
    def verdict(self) -> str:
        """What the move shown cost, or what the analysis knows about it."""
        if self.count == 0:
            return tr("No moves were played.")
        if self.index == 0:
            value = self.analysis.values[0]
            if value is None:
                return tr(ANALYSING) if not self.analysis.done else tr(NOT_SOLVED) + self._opinion_text(0)
            name = self.names[self.positions[0].to_move]
            return tr("The start: worth {value} to {name} with best play").format(value=f"{value:+d}", name=name)
        judged = self.index - 1
        move = self.analysis.move(judged)
        if move.solved:
            return cost_text(move.loss or 0, self.analysis.judgement(judged))
        solving = self.analysis.solving
        if solving is not None and solving >= judged:
            return tr(ANALYSING)
        return tr(NOT_SOLVED) + self._opinion_text(judged)

    def _opinion_text(self, judged: int) -> str:
        if self.game.rules.players != 2:
            return ""
        if judged in self.opinions:
            line, why = self.opinions[judged]
            reason = reason_words(why) if why is not None else ""
            if self.index > 0 and line == self.game.moves[judged]:
                return " · " + tr("The Expert would play this move too ({reason})").format(reason=reason)
            return " · " + tr("The Expert would play the dotted line ({reason})").format(reason=reason)
        return " · " + tr("Asking the Expert...") if self.opinion_search is not None else ""

    def ghost(self) -> int | None:
        """The better line for the move shown (or the Expert's, where the solver could not reach)."""
        judged = self._judged()
        if self.count == 0 or self.positions[judged].over:
            return None
        if self.index == 0:
            return self.analysis.best[0] if self.analysis.best[0] is not None else self.opinions.get(0, (None,))[0]
        move = self.analysis.move(judged)
        if move.solved:
            return move.best if move.loss else None
        opinion = self.opinions.get(judged)
        return opinion[0] if opinion and opinion[0] != move.line else None

    def tone(self) -> str:
        """ "best" or "mistake" for a solved move shown, else "" (the verdict's colour)."""
        if self.index == 0:
            return ""
        move = self.analysis.move(self.index - 1)
        return "" if not move.solved else "mistake" if move.loss else "best"

    def headline(self) -> str:
        if self.index == 0:
            return tr("Start · {name} to move").format(name=self.names[self.positions[0].to_move])
        judged = self.index - 1
        player = self.positions[judged].to_move
        return tr("Move {n} of {count} · {name}").format(n=self.index, count=self.count, name=self.names[player])

    def outlook(self) -> str:
        """Who the position shown favours with best play from here, and by how much (two players, when solved)."""
        if self.game.rules.players != 2:
            return ""
        lead = advantage(self.positions[self.index], self.analysis.values[self.index])
        if lead is None:
            return ""
        ahead = self.names[0 if lead > 0 else 1]
        if self.index == self.count:
            return tr("A draw") if lead == 0 else tr("{name} won by {n}").format(name=ahead, n=abs(lead))
        if lead == 0:
            return tr("Even: a draw with best play from here")
        return tr("With best play from here: {name} +{n}").format(name=ahead, n=abs(lead))

    def advantages(self) -> list[int | None]:
        return [advantage(p, v) for p, v in zip(self.positions, self.analysis.values, strict=True)]

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        self._refresh_buttons()
        text = self.app.text
        draw_title(self.app, surface, self.bar, tr("Review"))
        pygame.draw.rect(surface, theme.PANEL, self.board_rect, border_radius=16)
        position = self.positions[self.index]
        marks = Marks()
        if self.index > 0:
            marks.recent = [self.game.moves[self.index - 1]]
        patterns = self.app.settings.patterns
        self.view.draw(surface, position, text, marks, self.looks, patterns)
        ghost = self.ghost()
        if ghost is not None:
            draw_ghost(surface, self.view, ghost)
        self.values.draw(surface, self.view, text, position, self.app.metrics.body)
        tone = {"best": theme.INK, "mistake": theme.LAST_TURN}.get(self.tone(), theme.MUTED)
        outlook = self.values.caption(position, self.names) if self.values.on else self.outlook()
        draw_info(surface, text, self.app.metrics, self.info, self.headline(), (self.verdict(), tone), outlook)
        values = self.advantages()
        lost = [move.solved and bool(move.loss) for move in (self.analysis.move(i) for i in range(self.count))]
        colour = self.looks[0].colour
        self.chart.draw(surface, self.chart_title(), values, lost, self.index, colour, not self.analysis.done)
        self.chart.draw_slider(surface, self.index)
        self.panel.draw(surface, text)

    def chart_title(self) -> str:
        return tr("Margin for {name} with best play · {done} of {count} moves solved").format(
            name=self.names[0], done=self.analysis.solved_count(), count=self.count
        )


def draw_ghost(surface: pygame.Surface, view: BoardView, line: int) -> None:
    """The better line for the move shown, dotted over the board."""
    a, b = view.ends[line]
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    width = view.line_width + 4
    pieces = 7
    for i in range(0, pieces, 2):
        t0, t1 = i / pieces, (i + 1) / pieces
        start = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        end = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(layer, (*theme.HINT, 170), start, end, width)
    surface.blit(layer, (0, 0))


def draw_info(
    surface: pygame.Surface,
    text: Text,
    m: layout.Metrics,
    rect: pygame.Rect,
    headline: str,
    verdict: tuple[str, tuple[int, int, int]],
    outlook: str,
) -> None:
    """The move shown in words: the headline, the verdict (in its colour, at most two lines) and the outlook."""
    u = m.u
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
    headline, size = text.fitted(headline, max(m.body, int(u * 0.8)), rect.width - u)
    text.draw(surface, headline, size, theme.INK, topleft=(rect.x + u // 2, rect.y + u // 4))
    words, colour = verdict
    lines, small = text.fit_lines(words, m.body, rect.width - u, 2)
    y = rect.y + u // 4 + int(m.body * 0.85)
    for line in lines:
        text.draw(surface, line, small, colour, topleft=(rect.x + u // 2, y))
        y += int(small * 0.8)
    if outlook:
        outlook, size = text.fitted(outlook, m.caption, rect.width - u)
        text.draw(surface, outlook, size, theme.MUTED, bottomleft=(rect.x + u // 2, rect.bottom - u // 4))
