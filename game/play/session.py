"""One game (or two-board match) being played in the app: seats, computer thinking, pacing, undo, hints, timer.

No pygame here: the board scene feeds it time (``update(dt)``) and the player's lines, and draws what it exposes.
Computer players and hints run one ``step()`` (a few milliseconds) per frame, so frames keep coming.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .. import ai
from ..core import CodeError, GameState, Match, MoveTimer, decode
from ..storage import FinishedGame, Saved, UnfinishedGame
from .i18n import tr
from .link_play import LinkGames
from .narration import announce_move
from .recording import DECIDER, GAME, Recording
from .settings import RANDOM_FIRST, Settings, settings_from_data
from .settings import Seat as SeatChoice
from .thinking import Thinking

PACE = {"slow": 1.6, "normal": 1.0, "fast": 0.45}
LINE_SECONDS = 0.18
FILL_SECONDS = 0.3
THINK_SECONDS = 0.5
CHAIN_SECONDS = 0.42
END_SECONDS = 1.2
BETWEEN_SECONDS = 3.0  # computers only: how long a finished match board stays up before the next one starts
STEP_SECONDS = 0.004
GLOW_SECONDS = 0.9  # how long another player's new line glows once it is drawn
UNATTENDED_TIMEOUTS = 3  # this many people's moves in a row drawn by the timer, with no touch between: a pause


@dataclass
class Animation:
    """A line being drawn (then the cells it closed being filled), started at ``start``."""

    line: int
    cells: tuple[int, ...]
    player: int
    start: float
    line_seconds: float
    fill_seconds: float

    def line_progress(self, now: float) -> float:
        return _clamp((now - self.start) / self.line_seconds)

    def fill_progress(self, now: float) -> float:
        return _clamp((now - self.start - self.line_seconds) / self.fill_seconds) if self.cells else 1.0

    def done(self, now: float) -> bool:
        return now >= self.start + self.line_seconds + (self.fill_seconds if self.cells else 0.0)


def _clamp(value: float) -> float:
    return 0.0 if value < 0 else 1.0 if value > 1 else value


class Session(Recording):
    """The game in play. ``now`` is the session's own clock (seconds), advanced by :meth:`update`."""

    pausable = True  # the game can wait for its people (not an online game: the other device's clock runs on)

    def __init__(
        self, settings: Settings, rng: random.Random | None = None, first: int | None = None, purpose: str = GAME
    ) -> None:
        self.settings = settings
        self.purpose = purpose
        self.rng = rng or random.Random()
        self.board = settings.board()
        self.rules = settings.rules()
        self.seats = settings.seats
        self.looks = settings.looks()
        self.names = [look.name for look in self.looks]
        self.marks = [look.initial for look in self.looks]
        if first is None:
            first = self.rng.randrange(len(self.seats)) if settings.first == RANDOM_FIRST else settings.first
        self.starter = first
        self.match = Match(self.board, self.rules, first, len(self.seats) if settings.match else 1)
        self.movers: list[list[int]] = [[] for _ in self.games]
        self.forced: list[set[int]] = [set() for _ in self.games]
        self.drawn_at: dict[int, float] = {}
        self.now = 0.0
        self.pace = PACE[settings.animation]
        self.timer = MoveTimer(float(settings.timer))
        self.thinker = Thinking([self._computer(seat) for seat in self.seats])  # a computer's move, a hint
        self.animation: Animation | None = None
        self.over_since: float | None = None
        self.between = False
        self.finished = False
        self.moves_made = 0
        self.sounds: list[str] = []
        self.messages: list[str] = []
        self.spoken: list[str] = []  # each move told in words, for the screen reader (game/play/narration.py)
        self.link_id: str | None = None  # the game's id when it is played by link with a friend far away
        self.here: frozenset[int] | None = None  # played by link: the seats played on this device (None: every seat)
        self.settled = 0  # played by link: this board's moves already sent or received, which undo never takes back
        self._record: FinishedGame | None = None
        self.unrated = False  # undo or a hint was used, or the game began on a given position (game/play/rating.py)
        self.paused = False  # nothing moves (no clock, no computer) until a person is back: see pause()
        self.unattended = 0  # people's moves drawn by the timer since a person last touched the game

    def again(self, settings: Settings, first: int, purpose: str) -> Session:
        """Another game with this one's players and random generator (a decider)."""
        return Session(settings, self.rng, first=first, purpose=purpose)

    def _computer(self, seat: SeatChoice) -> ai.ComputerPlayer | None:
        """The computer player of a computer seat (seeded from the game's generator), None for a person."""
        return ai.ComputerPlayer(seat.level, self.rng.randrange(2**32)) if seat.is_computer else None

    # -- what the scene shows ---------------------------------------------------------------------------------
    @property
    def you(self) -> int | None:
        """The seat of the one person playing here against computers or friends far away (the scoreboard calls them
        "You"), else None."""
        humans = [i for i, s in enumerate(self.seats) if not s.is_computer and self.plays_here(i)]
        return humans[0] if len(humans) == 1 else None

    def plays_here(self, seat: int) -> bool:
        """Whether ``seat`` is played on this device (a game played by link plays only its own seats here)."""
        return self.here is None or seat in self.here

    def is_you(self, seat: int) -> bool:
        return seat == self.you

    @property
    def state(self) -> GameState:
        return self.match.game

    @property
    def busy(self) -> bool:
        return self.animation is not None

    @property
    def thinking(self) -> bool:
        return self.thinker.search is not None

    @property
    def hint(self) -> tuple[int, ai.Reason | None] | None:
        """The hint found (its line and why), shown until a line is drawn."""
        return self.thinker.hint

    @property
    def hint_search(self) -> ai.HintSearch | None:
        return self.thinker.hint_search

    @property
    def players(self) -> list[ai.ComputerPlayer | None]:
        """By seat: the computer player, or None for a person."""
        return self.thinker.players

    @property
    def human_to_move(self) -> bool:
        """A person on this device is to move."""
        state = self.state
        return not state.over and not self.seats[state.to_move].is_computer and self.plays_here(state.to_move)

    def accepting_input(self) -> bool:
        """True when the player to move is a person and nothing is being animated."""
        return self.human_to_move and not self.busy and not self.finished

    def viewer(self) -> int:
        """The seat the board is shown for: the person to move, else the person who moved last, else the first
        person (with computers only: the computer to move)."""
        state = self.state
        if state.to_move >= 0 and not self.seats[state.to_move].is_computer and self.plays_here(state.to_move):
            return state.to_move
        for mover in reversed(self.movers[self.current]):
            if not self.seats[mover].is_computer and self.plays_here(mover):
                return mover
        people = [seat for seat, s in enumerate(self.seats) if not s.is_computer and self.plays_here(seat)]
        return people[0] if people else max(state.to_move, 0)

    def recent_lines(self) -> list[int]:
        """The lines drawn since the viewer last chose one: the last turn of every other player, and any line the
        timer drew for the viewer. They stay highlighted until the viewer draws a line."""
        viewer = self.viewer()
        movers, forced = self.movers[self.current], self.forced[self.current]
        start = 0
        for index in range(len(movers) - 1, -1, -1):
            if movers[index] == viewer and index not in forced:
                start = index + 1
                break
        return self.state.moves[start:]

    def timed_out_lines(self) -> set[int]:
        """The lines on this board that the move timer drew for a player who ran out of time."""
        moves = self.state.moves
        return {moves[index] for index in self.forced[self.current]}

    def glow(self, line: int) -> float:
        """1 while ``line`` is being drawn, fading to 0 over :data:`GLOW_SECONDS` after; 0 for older lines."""
        drawn_at = self.drawn_at.get(line)
        if drawn_at is None:
            return 0.0
        return 1.0 - _clamp((self.now - drawn_at - LINE_SECONDS * self.pace) / GLOW_SECONDS)

    def timer_fraction(self) -> float | None:
        if not self.timer.enabled or self.state.over or not self.plays_here(self.state.to_move):
            return None
        return self.timer.fraction_left()

    # -- nobody there -----------------------------------------------------------------------------------------
    def pause(self) -> None:
        """Stop the game where it is (the page was hidden, or nobody touched it for a few timed moves): the clock
        and the computers wait until :meth:`attend`."""
        if not self.state.over and not self.finished:
            self.paused = True

    def attend(self) -> bool:
        """A person touched the game: it goes on. True when that ended a pause (the touch only wakes the game)."""
        self.unattended = 0
        was, self.paused = self.paused, False
        return was

    def unplayed(self) -> bool:
        """True when people sit at this game but none of them chose a line: every line of theirs was drawn by the
        timer. Such a game is nobody's loss, and is not recorded."""
        people = {seat for seat, s in enumerate(self.seats) if not s.is_computer}
        if not people:
            return False
        for movers, forced in zip(self.movers, self.forced, strict=True):
            if any(mover in people and index not in forced for index, mover in enumerate(movers)):
                return False
        return True

    # -- playing ----------------------------------------------------------------------------------------------
    def play_human(self, line: int) -> bool:
        """Draw ``line`` for the person to move; False (nothing changes) when input is not accepted now."""
        if not self.accepting_input() or self.state.is_drawn(line) or self.state.must_not_draw(line):
            return False
        self.attend()
        self.play_line(line)
        return True

    def play_line(self, line: int, forced: bool = False) -> None:
        """Draw ``line`` for whoever is to move (the computer, the timer (``forced``), or :meth:`play_human`)."""
        state = self.state
        player = state.to_move
        result = state.play(line)
        if forced:
            self.forced[self.current].add(len(state.moves) - 1)
        self.movers[self.current].append(player)
        self.drawn_at[line] = self.now
        self.animation = Animation(
            line, result.captured, player, self.now, LINE_SECONDS * self.pace, FILL_SECONDS * self.pace
        )
        self.thinker.forget()
        self.timer.restart()
        self.moves_made += 1
        self.sounds.append("capture" if result.captured else "line")
        self.spoken.append(announce_move(state, result, self.names, self.you))
        if state.over:
            self.over_since = self.now

    def update(self, dt: float, step_seconds: float = STEP_SECONDS) -> None:
        """Advance by ``dt`` seconds; a computer's or a hint's search works for about ``step_seconds``.

        The move timer runs only while a player is to move: not while a line is being drawn or a board is over.
        """
        self.now += dt
        if self.animation is not None and self.animation.done(self.now):
            self.animation = None
        if self.busy or self.finished or self.paused:
            return
        if self.state.over:
            self._after_board()
            return
        if not self.plays_here(self.state.to_move):
            return  # a friend far away is to move: their move comes by link, timed on their device
        self.timer.run(dt)
        self.thinker.step_hint(step_seconds)
        timed_out = self.timer.random_line(self.state, self.rng)
        if timed_out is not None:
            self._time_out(timed_out)  # the same for everyone: a person or a computer out of time
        elif self.seats[self.state.to_move].is_computer:
            self._step_computer(step_seconds)

    def _time_out(self, line: int) -> None:
        """The player to move ran out of time, person or computer alike: ``line`` (a random one) is drawn for them,
        and they are told so."""
        player = self.state.to_move
        self.play_line(line, forced=True)
        if not self.seats[player].is_computer:
            self.unattended += 1
            if self.unattended >= UNATTENDED_TIMEOUTS:
                self.pause()
        if self.is_you(player):
            self.messages.append(tr("Time ran out: a line was drawn for you"))
        else:
            message = tr("Time ran out: a line was drawn for {name}")
            self.messages.append(message.format(name=self.names[player]))

    def _after_board(self) -> None:
        if self.over_since is None:  # a game resumed on a finished board
            self.over_since = self.now
        waited = self.now - self.over_since
        if waited < END_SECONDS * self.pace:
            return
        if self.match.last_board:
            self.finished = True
            self.sounds.append("win")
        elif any(not seat.is_computer for seat in self.seats):
            self.between = True  # the players read the board's result, then start the next board themselves
        elif waited >= (END_SECONDS + BETWEEN_SECONDS) * self.pace:
            self.next_board()

    def next_board(self) -> bool:
        """Start the match's next board once the current one is over; False when there is none to start."""
        if not self.match.next_board():
            return False
        self.drawn_at.clear()
        self.over_since = None
        self.between = False
        self.settled = 0
        self.timer.restart()
        self.moves_made += 1
        self.sounds.append("board")
        return True

    def _step_computer(self, step_seconds: float) -> None:
        state = self.state
        movers = self.movers[self.current]
        same_turn = bool(movers) and movers[-1] == state.to_move
        wait = (CHAIN_SECONDS if same_turn else THINK_SECONDS) * self.pace
        line = self.thinker.step_computer(state, self.now, wait, step_seconds)
        if line is not None:
            self.play_line(line)

    # -- undo -------------------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """A person here may take back their last move: on their turn, or, played by link, before sending it."""
        state = self.state
        sending = not (state.over or self.busy or self.plays_here(state.to_move))
        if self.settings.no_help or not (self.accepting_input() or sending):
            return False
        return any(not self.seats[p].is_computer for p in self.movers[self.current][self.settled :])

    def undo(self) -> bool:
        """Take back moves up to and including the last one a person chose (never one already sent or received by
        link); False when there is none."""
        if not self.can_undo():
            return False
        self.unrated = True
        movers = self.movers[self.current]
        while len(movers) > self.settled:
            self.drawn_at.pop(self.state.undo(), None)
            if not self.seats[movers.pop()].is_computer:
                break
        self.thinker.forget_hint()
        self.timer.restart()
        self.moves_made += 1
        self.sounds.append("undo")
        return True

    # -- hints ------------------------------------------------------------------------------------------------
    def can_hint(self) -> bool:
        return not self.settings.no_help and self.accepting_input()

    def request_hint(self) -> bool:
        if not self.can_hint() or not self.thinker.ask_hint(self.state):
            return False
        self.unrated = True
        return True

    # -- the analysis board -----------------------------------------------------------------------------------
    def can_analyse(self) -> bool:
        """The analysis board (every line's exact value) may be shown: help is allowed, two players, a person to
        move, no hint being looked for (one search at a time), and a game that can wait meanwhile."""
        return self.pausable and len(self.seats) == 2 and self.can_hint() and self.hint_search is None

    def analyse(self) -> bool:
        """Pause the game for the analysis board; help, like a hint, so the game is not rated. False when it may
        not be shown now."""
        if not self.can_analyse():
            return False
        self.unrated = True
        self.pause()
        return True


def resume_session(saved: UnfinishedGame, rng: random.Random | None = None) -> tuple[Session | None, str]:
    """Rebuild an autosaved game (its shape checked by storage); (None, why) when its meaning is impossible."""
    settings, problems = settings_from_data(saved.settings)
    if problems:
        return None, tr("the saved game's settings are impossible: {why}").format(why=problems[0])
    if not 0 <= saved.starter < len(settings.seats):
        return None, tr("the saved game's first player does not exist")
    purpose = DECIDER if saved.purpose == DECIDER else GAME
    session = Session(settings, rng, first=saved.starter, purpose=purpose)
    if len(saved.codes) != len(session.games) or not 0 <= saved.current < len(saved.codes):
        return None, tr("the saved game has the wrong number of boards")
    try:
        games = [decode(code) for code in saved.codes]
    except CodeError as error:
        return None, tr("the saved game's moves cannot be read: {why}").format(why=error)
    try:
        session.match.resume(games, saved.current)
    except ValueError:
        return None, tr("the saved game's boards do not match its settings")
    if saved.timer_left is not None:
        session.timer.set_remaining(saved.timer_left)  # the clock goes on where it stopped: no fresh time
    session.movers = [game.drawers() for game in games]
    session.link_id = saved.link
    session.unrated = saved.unrated
    return session, ""


def load_unfinished(saved: Saved, rng: random.Random | None = None) -> Session | None:
    """The unfinished game saved on the device, rebuilt; None when there is none. One that cannot be rebuilt is
    set aside (kept, and the player told why) and None is returned."""
    stored = saved.unfinished()
    if stored is None:
        return None
    session, why = resume_session(stored, rng)
    if session is None:
        saved.reject_unfinished(why)
    elif session.link_id is not None:
        LinkGames(saved).seat(session)
    return session


def score_curves(game: GameState) -> list[list[int]]:
    """Each player's score after every move (starting at 0), for the results chart."""
    replay = GameState(game.board, game.rules, game.first)
    curves = [[0] for _ in replay.scores]
    for line in game.moves:
        replay.play(line)
        for player, score in enumerate(replay.scores):
            curves[player].append(score)
    return curves
