"""The match controller: one game (or two-board match) being played, and the only owner of its state.

It holds the match, the clock, undo, the next board and pause, and one :meth:`Session.apply` that every line goes
through, whoever drew it: a person on this device, the computer, the move timer, a friend's link, an online peer.
Who plays a seat is a driver plugged into it (:mod:`game.play.match.drivers`); who referees the game is a
:class:`Referee` (this device's own rules, :class:`LocalReferee`, or an online room:
:class:`game.play.online.game.OnlineGame`). What the screen, the speaker and the screen reader need leaves as
typed events in one outbox (:mod:`game.play.match.events`).

No pygame here: the board scene feeds it time (``update(dt)``) and the player's lines, and draws what it exposes.
Computer players and hints run one ``step()`` (a few milliseconds) per frame, so frames keep coming.
"""

from __future__ import annotations

import math
import random

from ... import ai
from ...core import GameState, Match, MoveTimer
from ...core.shapes import SHAPES
from ...storage import FinishedGame, Saved
from ..i18n import tr
from ..narration import announce_move
from ..settings import RANDOM_FIRST, Settings
from ..settings import Seat as SeatChoice
from ..thinking import Thinking
from . import record
from .animation import Animation, clamp
from .drivers import Computer, LinkFriend, Person, SeatDriver
from .events import Changed, Finished, Outbox, Said, Shown, Sound
from .moves import TIMER, Move
from .record import DECIDER, GAME, PRACTICE
from .referee import Referee

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
BEGINNER_PATH = ((2, 2), (4, 4), (5, 5))  # rules sheet 000: 3x3 dots, then 5x5; 6x6 dots for serious play


class LocalReferee:
    """The rules of a game played on this device (alone, against computers, or by link with friends far away)."""

    pausable = True
    resumable = True
    clock_here = True

    def __init__(self, session: Session) -> None:
        self.session = session

    def tick(self, now: float) -> None:
        pass

    def propose(self, move: Move) -> str | None:
        self.session.apply(move)
        return None

    def open(self) -> bool:
        return True

    def can_undo(self) -> bool:
        return self.session.can_take_back()

    def undo(self) -> bool:
        return self.session.take_back()

    def winners(self) -> list[int]:
        return self.session.match.winners()

    def ended(self) -> bool:
        return False

    def amend(self, finished: FinishedGame) -> FinishedGame:
        return finished

    def leave(self) -> None:
        pass

    def keep_with(self, saved: Saved) -> None:
        pass  # (its game is kept as the unfinished game, by GameKeeper itself)


class Session:
    """The game in play. ``now`` is the session's own clock (seconds), advanced by :meth:`update`."""

    def __init__(
        self, settings: Settings, rng: random.Random | None = None, first: int | None = None, purpose: str = GAME
    ) -> None:
        self.purpose = purpose
        self.rng = rng or random.Random()
        self.outbox = Outbox()
        self.referee: Referee = LocalReferee(self)
        self.changes = 0  # counts every change worth saving (record.save_point)
        self.now = 0.0
        self.link_id: str | None = None  # the game's id when it is played by link with a friend far away
        self.unrated = False  # undo or a hint was used, or the game began on a given position (game/play/rating.py)
        self.begin(settings, settings.first if first is None else first)

    def begin(self, settings: Settings, first: int) -> None:
        """Set the table for a game with ``settings`` (``first`` may be :data:`RANDOM_FIRST`): seats, players,
        drivers, a fresh match. An online rematch begins again so, seats swapped."""
        self.settings = settings
        self.board = settings.board()
        self.rules = settings.rules()
        self.seats = settings.seats
        self.looks = settings.looks()
        self.names = [look.name for look in self.looks]
        self.marks = [look.initial for look in self.looks]
        if first == RANDOM_FIRST:
            first = self.rng.randrange(len(self.seats))
        self.starter = first
        self.pace = PACE[settings.animation]
        self.thinker = Thinking([self._computer(seat) for seat in self.seats])  # a computer's move, a hint
        self.drivers: list[SeatDriver] = [Computer(self.thinker) if s.is_computer else Person() for s in self.seats]
        self._here: frozenset[int] | None = None
        self.settled = 0  # played by link: this board's moves already sent or received, which undo never takes back
        self._record: FinishedGame | None = None
        self.paused = False  # nothing moves (no clock, no computer) until a person is back: see pause()
        self.unattended = 0  # people's moves drawn by the timer since a person last touched the game
        self.take_match(Match(self.board, self.rules, first, len(self.seats) if settings.match else 1))
        self.timer = MoveTimer(float(settings.timer))
        self._second = self._clock_second()

    def take_match(self, match: Match, timer: MoveTimer | None = None) -> None:
        """Play ``match`` from where it is (and ``timer``, when given, as the move timer): nothing animates."""
        self.match = match
        if timer is not None:
            self.timer = timer
        self.movers: list[list[int]] = [game.drawers() for game in match.games]
        self.forced: list[set[int]] = [set() for _ in match.games]
        self.drawn_at: dict[int, float] = {}
        self.animation: Animation | None = None
        self.over_since: float | None = None
        self.between = False
        self.finished = False
        self.changed()

    def again(self, settings: Settings, first: int, purpose: str) -> Session:
        """Another game with this one's players and random generator (a decider)."""
        return Session(settings, self.rng, first=first, purpose=purpose)

    def _computer(self, seat: SeatChoice) -> ai.ComputerPlayer | None:
        """The computer player of a computer seat (seeded from the game's generator), None for a person."""
        return ai.ComputerPlayer(seat.level, self.rng.randrange(2**32)) if seat.is_computer else None

    # -- who plays where ----------------------------------------------------------------------------------------------
    @property
    def here(self) -> frozenset[int] | None:
        """Played by link: the seats played on this device (None: every seat)."""
        return self._here

    @here.setter
    def here(self, seats: frozenset[int] | None) -> None:
        self._here = seats
        for seat, choice in enumerate(self.seats):
            if seats is not None and seat not in seats:
                self.drivers[seat] = LinkFriend()
            elif not self.drivers[seat].here:
                self.drivers[seat] = Computer(self.thinker) if choice.is_computer else Person()

    def plays_here(self, seat: int) -> bool:
        """Whether ``seat`` is played on this device (by link or online, only this device's own seats)."""
        return self.drivers[seat].here

    @property
    def pausable(self) -> bool:
        return self.referee.pausable

    @property
    def resumable(self) -> bool:
        return self.referee.resumable

    # -- what the scene shows ---------------------------------------------------------------------------------
    @property
    def you(self) -> int | None:
        """The seat of the one person playing here against computers or friends far away (the scoreboard calls them
        "You"), else None."""
        humans = [i for i, s in enumerate(self.seats) if not s.is_computer and self.plays_here(i)]
        return humans[0] if len(humans) == 1 else None

    def is_you(self, seat: int) -> bool:
        return seat == self.you

    @property
    def state(self) -> GameState:
        return self.match.game

    @property
    def games(self) -> list[GameState]:
        """The match's boards (one, but for a two-board match)."""
        return self.match.games

    @property
    def current(self) -> int:
        return self.match.current

    def totals(self) -> list[int]:
        return self.match.totals()

    def winners(self) -> list[int]:
        return self.referee.winners()

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
        """True when the player to move is a person here, nothing is being animated, and the referee lets this
        device draw."""
        return self.human_to_move and not self.busy and not self.finished and self.referee.open()

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
        return 1.0 - clamp((self.now - drawn_at - LINE_SECONDS * self.pace) / GLOW_SECONDS)

    def timer_fraction(self) -> float | None:
        """The move timer's share left, shown while a seat timed here is to move (an online room's clock times every
        seat)."""
        state = self.state
        if not self.timer.enabled or state.over or (self.referee.clock_here and not self.plays_here(state.to_move)):
            return None
        return self.timer.fraction_left()

    # -- nobody there -----------------------------------------------------------------------------------------
    def pause(self) -> None:
        """Stop the game where it is (the page was hidden, or nobody touched it for a few timed moves): the clock
        and the computers wait until :meth:`attend`. An online game never waits: the host's clock decides."""
        if self.pausable and not self.state.over and not self.finished:
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
        return self.play_line(line)

    def play_line(self, line: int, forced: bool = False) -> bool:
        """Draw ``line`` for the seat to move, as its driver's move (or the timer's: ``forced``), through the
        referee; False when the referee refused it (and said why)."""
        seat = self.state.to_move
        source = TIMER if forced else self.drivers[seat].source
        return self.propose(Move(line, seat, source, forced))

    def propose(self, move: Move) -> bool:
        """A move chosen on this device goes to the referee, which applies it or says why not."""
        refusal = self.referee.propose(move)
        if refusal is not None:
            self.show(refusal)
        return refusal is None

    def apply(self, move: Move) -> None:
        """Draw ``move``'s line: the one way a line enters the game, whoever drew it. A line on a finished board of
        a match is the next board's first (an online peer may start it before this device did); a move for
        another seat than the one to move is an error (:class:`ValueError`), like an illegal line
        (:class:`~game.core.IllegalMove`)."""
        if self.state.over and not self.match.last_board:
            self.next_board()
        state = self.state
        if move.seat != state.to_move:
            raise ValueError(f"a move for seat {move.seat}, and seat {state.to_move} is to move")
        result = state.play(move.line)
        if move.forced:
            self.forced[self.current].add(len(state.moves) - 1)
        self.movers[self.current].append(move.seat)
        self.drawn_at[move.line] = self.now
        self.animation = Animation(
            move.line, result.captured, move.seat, self.now, LINE_SECONDS * self.pace, FILL_SECONDS * self.pace
        )
        self.thinker.forget()
        self.timer.restart()
        self.outbox.put(Sound("capture" if result.captured else "line"))
        self.outbox.put(Said(announce_move(state, result, self.names, self.you)))
        self.changed()
        if state.over:
            self.over_since = self.now

    def update(self, dt: float, step_seconds: float = STEP_SECONDS) -> None:
        """Advance by ``dt`` seconds; a computer's or a hint's search works for about ``step_seconds``.

        The move timer runs only while a player is to move: not while a line is being drawn or a board is over.
        """
        self.referee.tick(self.now + dt)  # (a line from elsewhere starts drawing at the frame's start)
        self.now += dt
        if self.animation is not None and self.animation.done(self.now):
            self.animation = None
        if self.referee.ended() and not self.finished:
            self._finish()
        if self.busy or self.finished or self.paused:
            return
        if self.state.over:
            self._after_board()
            return
        seat = self.state.to_move
        if not self.plays_here(seat):
            return  # a friend far away is to move: their move comes by link or from the room, timed there
        if self.referee.clock_here and self._run_clock(dt):
            return
        self.thinker.step_hint(step_seconds)
        driver = self.drivers[seat]
        line = driver.step(self.state, self.now, self._wait(seat), step_seconds)
        if line is not None:
            self.propose(Move(line, seat, driver.source))

    def _run_clock(self, dt: float) -> bool:
        """This device's clock runs for the seat to move; True when its time ran out (a line was drawn for it)."""
        self.timer.run(dt)
        second = self._clock_second()
        if second != self._second:
            self._second = second
            self.outbox.put(Changed())
        timed_out = self.timer.random_line(self.state, self.rng)
        if timed_out is None:
            return False
        self._time_out(timed_out)  # the same for everyone: a person or a computer out of time
        return True

    def _clock_second(self) -> int:
        return math.ceil(self.timer.remaining()) if self.timer.enabled else 0

    def _wait(self, seat: int) -> float:
        """The pace of play: how long a computer seems to think before its line, shorter within its turn."""
        movers = self.movers[self.current]
        same_turn = bool(movers) and movers[-1] == seat
        return (CHAIN_SECONDS if same_turn else THINK_SECONDS) * self.pace

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
            self.show(tr("Time ran out: a line was drawn for you"))
        else:
            self.show(tr("Time ran out: a line was drawn for {name}").format(name=self.names[player]))

    def _after_board(self) -> None:
        if self.over_since is None:  # a game resumed on a finished board
            self.over_since = self.now
        waited = self.now - self.over_since
        if waited < END_SECONDS * self.pace:
            return
        if self.match.last_board:
            self.outbox.put(Sound("win"))
            self._finish()
        elif any(not seat.is_computer for seat in self.seats):
            self.between = True  # the players read the board's result, then start the next board themselves
        elif waited >= (END_SECONDS + BETWEEN_SECONDS) * self.pace:
            self.next_board()

    def _finish(self) -> None:
        """The game is over: the one place that decides it is, and whether it is recorded (not a practice game,
        nor a game nobody played) and leaves no unfinished game to resume."""
        self.finished = True
        kept = self.recorded and not self.unplayed()
        self.outbox.put(Finished(self.record() if kept else None, self.recorded and self.resumable))

    def next_board(self) -> bool:
        """Start the match's next board once the current one is over; False when there is none to start."""
        if not self.match.next_board():
            return False
        self.drawn_at.clear()
        self.over_since = None
        self.between = False
        self.settled = 0
        if self.referee.clock_here:  # (an online room's clock restarts with the room's own moves)
            self.timer.restart()
        self.outbox.put(Sound("board"))
        self.changed()
        return True

    # -- undo -------------------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self.referee.can_undo()

    def undo(self) -> bool:
        return self.referee.undo()

    def can_take_back(self) -> bool:
        """A person here may take back their last move: on their turn, or, played by link, before sending it."""
        state = self.state
        sending = not (state.over or self.busy or self.plays_here(state.to_move))
        if self.settings.no_help or not (self.accepting_input() or sending):
            return False
        return any(not self.seats[p].is_computer for p in self.movers[self.current][self.settled :])

    def take_back(self) -> bool:
        """Take back moves up to and including the last one a person chose (never one already sent or received by
        link); False when there is none."""
        if not self.can_take_back():
            return False
        self.unrated = True
        movers = self.movers[self.current]
        while len(movers) > self.settled:
            self.drawn_at.pop(self.state.undo(), None)
            if not self.seats[movers.pop()].is_computer:
                break
        self.thinker.forget_hint()
        self.timer.restart()
        self.outbox.put(Sound("undo"))
        self.changed()
        return True

    def take_back_to(self, ply: int) -> None:
        """The board in play goes back to ``ply`` moves (an undo an online room agreed on)."""
        movers = self.movers[self.current]
        while len(self.state.moves) > ply:
            self.drawn_at.pop(self.state.undo(), None)
            movers.pop()
        self.forced[self.current] = {index for index in self.forced[self.current] if index < ply}
        self.animation = None
        self.thinker.forget()
        self.changed()

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

    # -- what the world is told -------------------------------------------------------------------------------
    def show(self, text: str) -> None:
        """Words shown for a moment in the status line, and read out."""
        self.outbox.put(Shown(text))

    def changed(self) -> None:
        """What is saved of the game changed (:func:`record.save_point` moves on)."""
        self.changes += 1
        self.outbox.put(Changed())

    def leave(self) -> None:
        """This device leaves the game for the menu: it is kept as it is now (the online room is told)."""
        self.referee.leave()
        self.changed()

    # -- what the game leaves behind ----------------------------------------------------------------------------
    @property
    def recorded(self) -> bool:
        """False for a practice game: it is not autosaved and does not go into the history."""
        return self.purpose != PRACTICE

    def record(self) -> FinishedGame:
        """The history's record of this finished game or match (made once: the same id every time)."""
        if self._record is None:
            self._record = self.referee.amend(record.finished_record(self))
        return self._record

    def rated(self) -> bool:
        return record.rated(self)

    def tied(self) -> bool:
        """True when every player shares the win (a drawn game or match)."""
        return len(self.winners()) == len(self.seats)

    def move_up(self) -> Settings | None:
        """After a practice game on a board of :data:`BEGINNER_PATH` that a person won (alone), the settings of a
        practice game on the next one (else None: after a loss or a draw the same board again is the advice)."""
        size = tuple(self.settings.size)
        if self.purpose != PRACTICE or self.settings.shape != "square" or size not in BEGINNER_PATH[:-1]:
            return None
        winners = self.winners()
        if len(winners) != 1 or self.seats[winners[0]].is_computer:
            return None
        return self.settings.with_(size=BEGINNER_PATH[BEGINNER_PATH.index(size) + 1])

    def decider_due(self) -> bool:
        """The game (not a decider, nor practice) ended in a tie, and the players agreed before play that a tie
        goes on to a decider."""
        over = all(game.over for game in self.games)
        return self.settings.decider and self.purpose == GAME and len(self.seats) == 2 and over and self.tied()

    def decider(self) -> Session:
        """A decider board after a tie (rules sheet 003): one board of the same shape with an odd number of cells
        (so two players cannot tie again), the same players and rules, started by the one who did not start the
        last board."""
        starter = (self.games[-1].first + 1) % len(self.seats)
        return self.again(self.decider_settings(), starter, DECIDER)

    def decider_settings(self) -> Settings:
        shape = SHAPES[self.settings.shape]
        return self.settings.with_(size=shape.decider_size(self.settings.size), match=False)
