"""One game (or two-board match) being played in the app: seats, computer thinking, pacing, undo, hints, timer.

No pygame here: the board scene feeds it time (``update(dt)``) and the player's lines, and draws what it exposes.
Computer players and hints run one ``step()`` (a few milliseconds) per frame, so frames keep coming.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .. import ai
from ..core import CodeError, GameState, Match, MoveTimer, decode, encode
from ..core.notation import board_token, rules_token
from .i18n import tr
from .i18n.phrases import level_name
from .settings_model import RANDOM_FIRST, Seat, Settings, settings_from_data

PACE = {"slow": 1.6, "normal": 1.0, "fast": 0.45}
LINE_SECONDS = 0.18
FILL_SECONDS = 0.3
THINK_SECONDS = 0.5
CHAIN_SECONDS = 0.42
END_SECONDS = 1.2
BETWEEN_SECONDS = 3.0  # computers only: how long a finished match board stays up before the next one starts
UNFINISHED_VERSION = 1
STEP_SECONDS = 0.004
BUDGET_MARGIN_SECONDS = 0.1  # a computer's move is played this much before its time is up (a frame or two to show)
HINT_MIN_SECONDS = 0.2
HINT_MAX_SECONDS = 0.45
GLOW_SECONDS = 0.9  # how long another player's new line glows once it is drawn


def hint_seconds(lines: int) -> float:
    """The hint search's time on a board of ``lines`` lines: small boards are solved exactly well within it, big
    ones get the most; with the frame's idle time given to it, the hint shows within about half a second."""
    return min(HINT_MAX_SECONDS, HINT_MIN_SECONDS + lines / 400)


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


def seat_names(seats: tuple[Seat, ...]) -> list[str]:
    """Short names for the scoreboard: "You" when one human plays computers, else "Player N"; levels for computers."""
    humans = sum(1 for seat in seats if not seat.is_computer)
    levels = [seat.level for seat in seats if seat.is_computer]
    names = []
    for number, seat in enumerate(seats, 1):
        if not seat.is_computer:
            names.append(tr("You") if humans == 1 else tr("Player {n}").format(n=number))
        elif levels.count(seat.level) > 1:
            names.append(f"{level_name(seat.level)} {number}")
        else:
            names.append(level_name(seat.level))
    return names


def seat_marks(names: list[str]) -> list[str]:
    """One character per seat for owned cells: the name's initial, or the seat number when initials clash."""
    initials = [name[0].upper() for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [str(number) for number in range(1, len(names) + 1)]


class Session:
    """The game in play. ``now`` is the session's own clock (seconds), advanced by :meth:`update`."""

    def __init__(self, settings: Settings, rng: random.Random | None = None, first: int | None = None) -> None:
        self.settings = settings
        self.rng = rng or random.Random()
        self.board = settings.board()
        self.rules = settings.rules()
        self.seats = settings.seats
        self.names = seat_names(self.seats)
        self.marks = seat_marks(self.names)
        if first is None:
            first = self.rng.randrange(len(self.seats)) if settings.first == RANDOM_FIRST else settings.first
        self.starter = first
        self.games = self._new_games(first)
        self.current = 0
        self.movers: list[list[int]] = [[] for _ in self.games]
        self.forced: list[set[int]] = [set() for _ in self.games]
        self.drawn_at: dict[int, float] = {}
        self.now = 0.0
        self.pace = PACE[settings.animation]
        self.timer = MoveTimer(float(settings.timer))
        self.players = [
            ai.ComputerPlayer(seat.level, self.rng.randrange(2**32)) if seat.is_computer else None
            for seat in self.seats
        ]
        self.search: ai.Search | None = None
        self.think_started = 0.0
        self.wall: Callable[[], float] = time.perf_counter  # the player's clock, for a computer's time budget
        self.think_wall = 0.0
        self.hint_search: ai.HintSearch | None = None
        self.hint: tuple[int, str] | None = None
        self.animation: Animation | None = None
        self.over_since: float | None = None
        self.between = False
        self.finished = False
        self.moves_made = 0
        self.sounds: list[str] = []
        self.messages: list[str] = []
        self.link_id: str | None = None  # the game's id when it is played by link with a friend far away

    def _new_games(self, first: int) -> list[GameState]:
        if not self.settings.match:
            return [GameState(self.board, self.rules, first)]
        games = Match(self.board, self.rules).games
        return games[first:] + games[:first]

    # -- what the scene shows ---------------------------------------------------------------------------------
    def is_you(self, seat: int) -> bool:
        """True when ``seat`` is the one human playing computers (the scoreboard calls them "You")."""
        humans = [i for i, s in enumerate(self.seats) if not s.is_computer]
        return humans == [seat]

    @property
    def state(self) -> GameState:
        return self.games[self.current]

    @property
    def busy(self) -> bool:
        return self.animation is not None

    @property
    def thinking(self) -> bool:
        return self.search is not None

    @property
    def human_to_move(self) -> bool:
        state = self.state
        return not state.over and not self.seats[state.to_move].is_computer

    def accepting_input(self) -> bool:
        """True when the player to move is a person and nothing is being animated."""
        return self.human_to_move and not self.busy and not self.finished

    def totals(self) -> list[int]:
        return [sum(game.scores[p] for game in self.games) for p in range(len(self.seats))]

    def winners(self) -> list[int]:
        totals = self.totals()
        best = min(totals) if self.rules.misere else max(totals)
        return [p for p, total in enumerate(totals) if total == best]

    def viewer(self) -> int:
        """The seat the board is shown for: the person to move, else the person who moved last, else the first
        person (with computers only: the computer to move)."""
        state = self.state
        if state.to_move >= 0 and not self.seats[state.to_move].is_computer:
            return state.to_move
        for mover in reversed(self.movers[self.current]):
            if not self.seats[mover].is_computer:
                return mover
        people = [seat for seat, s in enumerate(self.seats) if not s.is_computer]
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
        if not self.timer.enabled or self.state.over:
            return None
        return self.timer.fraction_left(self.now)

    # -- playing ----------------------------------------------------------------------------------------------
    def play_human(self, line: int) -> bool:
        """Draw ``line`` for the person to move; False (nothing changes) when input is not accepted now."""
        if not self.accepting_input() or self.state.is_drawn(line):
            return False
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
        self.search = None
        self.hint = None
        self.hint_search = None
        self.timer.restart(self.now)
        self.moves_made += 1
        self.sounds.append("capture" if result.captured else "line")
        if state.over:
            self.over_since = self.now

    def update(self, dt: float, step_seconds: float = STEP_SECONDS) -> None:
        """Advance by ``dt`` seconds; a computer's or a hint's search works for about ``step_seconds``."""
        self.now += dt
        if self.animation is not None and self.animation.done(self.now):
            self.animation = None
        if self.busy or self.finished:
            return
        if self.state.over:
            self._after_board()
            return
        self._step_hint(step_seconds)
        if self.seats[self.state.to_move].is_computer:
            self._step_computer(step_seconds)
        elif self.timer.expired(self.now):
            self._time_out()

    def _time_out(self) -> None:
        """The person to move ran out of time: a random line is drawn for them, and they are told so."""
        player = self.state.to_move
        self.play_line(self.rng.choice(self.state.legal_lines()), forced=True)
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
        if self.current + 1 >= len(self.games):
            self.finished = True
            self.sounds.append("win")
        elif any(not seat.is_computer for seat in self.seats):
            self.between = True  # the players read the board's result, then start the next board themselves
        elif waited >= (END_SECONDS + BETWEEN_SECONDS) * self.pace:
            self.next_board()

    def next_board(self) -> bool:
        """Start the match's next board once the current one is over; False when there is none to start."""
        if not self.state.over or self.current + 1 >= len(self.games):
            return False
        self.current += 1
        self.drawn_at.clear()
        self.over_since = None
        self.between = False
        self.timer.restart(self.now)
        self.moves_made += 1
        self.sounds.append("board")
        return True

    def _step_computer(self, step_seconds: float) -> None:
        state = self.state
        if self.search is None:
            self.search = self.players[state.to_move].think(state)
            self.think_started = self.now
            self.think_wall = self.wall()
        done = self.search.step(step_seconds)
        movers = self.movers[self.current]
        same_turn = bool(movers) and movers[-1] == state.to_move
        wait = (CHAIN_SECONDS if same_turn else THINK_SECONDS) * self.pace
        out_of_time = self.timer.expired(self.now) or self._past_budget(state.to_move)
        if (done and self.now - self.think_started >= wait) or out_of_time:
            self.play_line(self.search.best)

    def _past_budget(self, seat: int) -> bool:
        """True when a computer with a time budget (the Expert) has thought for longer than it, in wall time as the
        player waits: its best move so far is then played. Its search keeps to the budget by itself, except in
        parts bounded by work (Hard's fallback), which in the browser can run several times longer."""
        player = self.players[seat]
        if player is None or player.level != "expert":
            return False
        return self.wall() - self.think_wall >= player.seconds - BUDGET_MARGIN_SECONDS

    # -- undo -------------------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        if self.settings.competitive or not self.accepting_input():
            return False
        return any(not self.seats[p].is_computer for p in self.movers[self.current])

    def undo(self) -> bool:
        """Take back moves up to and including the last one a person chose; False when there is none."""
        if not self.can_undo():
            return False
        movers = self.movers[self.current]
        while movers:
            self.drawn_at.pop(self.state.undo(), None)
            self.forced[self.current].discard(len(movers) - 1)
            if not self.seats[movers.pop()].is_computer:
                break
        self.hint = None
        self.hint_search = None
        self.timer.restart(self.now)
        self.moves_made += 1
        self.sounds.append("undo")
        return True

    # -- hints ------------------------------------------------------------------------------------------------
    def can_hint(self) -> bool:
        return not self.settings.competitive and self.accepting_input()

    def request_hint(self) -> bool:
        if not self.can_hint() or self.hint_search is not None:
            return False
        self.hint = None
        self.hint_search = ai.think_hint(self.state, hint_seconds(self.board.num_lines))
        return True

    def _step_hint(self, step_seconds: float) -> None:
        search = self.hint_search
        if search is None:
            return
        if search.step(step_seconds):
            self.hint = (search.best, search.reason)
            self.hint_search = None

    # -- saving -----------------------------------------------------------------------------------------------
    def to_unfinished(self) -> dict[str, Any]:
        return {
            "version": UNFINISHED_VERSION,
            "settings": self.settings.to_data(),
            "starter": self.starter,
            "codes": [encode(game) for game in self.games],
            "current": self.current,
            **({"link": self.link_id} if self.link_id else {}),
        }

    def record(self) -> dict[str, Any]:
        """The history entry for this finished game or match."""
        return {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "board": board_token(self.board),
            "rules": rules_token(self.rules),
            "seats": [{"kind": seat.kind, "level": seat.level} for seat in self.seats],
            "names": self.names,
            "scores": self.totals(),
            "winners": self.winners(),
            "moves": [encode(game) for game in self.games],
        }


def resume_session(data: Any, rng: random.Random | None = None) -> tuple[Session | None, str]:
    """Rebuild an autosaved game; (None, why) when the saved value cannot be used."""
    if not isinstance(data, dict) or data.get("version") != UNFINISHED_VERSION:
        return None, tr("the saved game is not in a form this version reads")
    settings, problems = settings_from_data(data.get("settings"))
    if problems:
        return None, tr("the saved game's settings are impossible: {why}").format(why=problems[0])
    codes, current, starter = data.get("codes"), data.get("current"), data.get("starter")
    if not isinstance(codes, list) or not isinstance(current, int) or not isinstance(starter, int):
        return None, tr("the saved game is incomplete")
    if not 0 <= starter < len(settings.seats):
        return None, tr("the saved game's first player does not exist")
    session = Session(settings, rng, first=starter)
    if len(codes) != len(session.games) or not 0 <= current < len(codes):
        return None, tr("the saved game has the wrong number of boards")
    try:
        games = [decode(code) for code in codes]
    except CodeError as error:
        return None, tr("the saved game's moves cannot be read: {why}").format(why=error)
    for game, fresh in zip(games, session.games, strict=True):
        if game.board is not fresh.board or game.rules != fresh.rules or game.first != fresh.first:
            return None, tr("the saved game's boards do not match its settings")
    session.games = games
    session.current = current
    session.movers = [game.drawers() for game in games]
    link = data.get("link")
    session.link_id = link if isinstance(link, str) else None
    return session, ""


def score_curves(game: GameState) -> list[list[int]]:
    """Each player's score after every move (starting at 0), for the results chart."""
    replay = GameState(game.board, game.rules, game.first)
    curves = [[0] for _ in replay.scores]
    for line in game.moves:
        replay.play(line)
        for player, score in enumerate(replay.scores):
            curves[player].append(score)
    return curves
