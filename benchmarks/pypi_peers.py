"""The Expert (or any level) against the two Dots and Boxes players on PyPI: dnbpy's alpha-beta and OpenSpiel's MCTS.

    pip install -e '.[peers]'                                   # dnbpy and open_spiel (not needed by the tests or CI)
    python -m benchmarks.pypi_peers --board 3x3 --games 40      # both programs, 40 games each
    python -m benchmarks.pypi_peers --board 5x5 --games 20 --programs openspiel --seconds 1.5
    python -m benchmarks.pypi_peers --level hard --board 4x4 --programs dnbpy

The programs, and how they are set to play as strongly as they can in about the Expert's time a move (``--seconds``,
1.5 s by default, the app's):

* **dnbpy** (``dnbpy`` 0.3, Luis Antunes): ``Level3MinimaxPolicy`` is a depth-limited minimax with alpha-beta
  pruning that scores a position by the cells won so far. It takes a fixed depth (or its own rule, depth 2 at the
  start growing as lines are drawn); here it searches depth 1, 2, 3, ... on each move, each depth a full search
  of its own, until ``--dnbpy-seconds`` (default: ``--seconds``) run out, and plays the move of the deepest search
  that finished (a timer interrupts the one that does not; a search that reaches the end of the game stops the
  deepening). That is the deepest fixed depth it can afford on each move, deeper than its own rule everywhere
  we measured. ``update_alpha=True``: its author's fastest setting (the root's moves share the alpha bound).
* **OpenSpiel** (``open_spiel`` 2.0.2, DeepMind): ``MCTSBot`` on ``pyspiel.load_game("dots_and_boxes")`` with a
  random rollout evaluator, UCT constant 2, one random rollout a leaf and ``solve=True`` (MCTS-Solver: proven
  wins and losses are backed up), the settings of OpenSpiel's own MCTS example. It takes a number of simulations,
  not a time: by default the script times a search of the empty board and gives it as many simulations as fit in
  ``--openspiel-seconds`` (default: ``--seconds``) there (its later moves are faster, the rollouts being shorter);
  ``--simulations N`` fixes them. More rollouts a leaf would cost simulations in the same time.

Lines cross three notations: the project's line ids (``game.core.Board.square``), OpenSpiel's actions (horizontal
lines row by row, then vertical lines; rows counted from the top) and dnbpy's edge indices (each row of horizontal
lines followed by the vertical lines below it). :class:`Notation` translates them through (kind, row, column), and
every move is refereed by the project's own :class:`game.core.GameState`; the program's own game is kept in step and
checked against it after every line (the player to move, the cells each side holds), so a wrong translation stops
the game as aborted rather than playing on under other rules. A move the rules refuse aborts the game too. Seats
alternate: the measured side moves first in even-numbered games.

The report has the shape of ``peers.py`` (:mod:`tally`): wins/draws/losses, score (a draw counts half), mean
margin, seconds a line for both sides (wall clock, CPU in brackets), and the load average at the start and the end,
since both sides are limited by wall-clock time. Without a program's package the script says so and plays the
other; without both it exits with status 0.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from benchmarks.tally import Tally, header, load
from game.ai.player import LEVELS, ComputerPlayer
from game.core import Board, GameState

PROGRAMS = {"dnbpy": "dnbpy", "openspiel": "pyspiel"}  # program -> the module it needs
CALIBRATION_SIMULATIONS = 1000


class Aborted(Exception):
    """The game cannot go on: a program played a line the rules refuse, or its own game disagrees with the referee."""


# -- notations ----------------------------------------------------------------------------------------------------
@dataclass
class Notation:
    """The lines of a ``rows`` x ``cols`` box board in the project's, OpenSpiel's and dnbpy's numbering.

    Every line is named (kind, row, column): ``"h"`` joins dot (row, column) to (row, column + 1), ``"v"`` joins
    (row, column) to (row + 1, column), rows and columns of dots counted from 0 at one corner. Box (r, c) is then
    bounded by h(r, c), h(r + 1, c), v(r, c) and v(r, c + 1) in all three programs."""

    rows: int
    cols: int
    board: Board = field(init=False)
    names: list[tuple[str, int, int]] = field(init=False)
    by_name: dict[tuple[str, int, int], int] = field(init=False)

    def __post_init__(self) -> None:
        self.board = Board.square(self.rows, self.cols)
        self.names = [self._name(*pair) for pair in self.board.lines]
        self.by_name = {name: line for line, name in enumerate(self.names)}

    def _name(self, a: int, b: int) -> tuple[str, int, int]:
        (row, col), (row2, _) = divmod(min(a, b), self.cols + 1), divmod(max(a, b), self.cols + 1)
        return ("h" if row == row2 else "v", row, col)

    def _line(self, name: tuple[str, int, int], program: str, number: int) -> int:
        if name not in self.by_name:
            raise Aborted(f"{program} named a line that is not on the board: {number}")
        return self.by_name[name]

    # OpenSpiel: (rows + 1) rows of ``cols`` horizontal lines, then ``rows`` rows of (cols + 1) vertical lines.
    def openspiel_action(self, line: int) -> int:
        kind, row, col = self.names[line]
        if kind == "h":
            return row * self.cols + col
        return (self.rows + 1) * self.cols + row * (self.cols + 1) + col

    def from_openspiel(self, action: int) -> int:
        horizontal = (self.rows + 1) * self.cols
        if 0 <= action < horizontal:
            return self._line(("h", *divmod(action, self.cols)), "OpenSpiel", action)
        return self._line(("v", *divmod(action - horizontal, self.cols + 1)), "OpenSpiel", action)

    def openspiel_name(self, line: int) -> str:
        """The line as OpenSpiel's ``action_to_string`` writes it, without the player: ``(h,0,1)``."""
        kind, row, col = self.names[line]
        return f"({kind},{row},{col})"

    # dnbpy: each row of dots gives ``cols`` horizontal lines, followed by the (cols + 1) vertical lines below it.
    def dnbpy_edge(self, line: int) -> int:
        kind, row, col = self.names[line]
        return row * (2 * self.cols + 1) + (col if kind == "h" else self.cols + col)

    def from_dnbpy(self, edge: int) -> int:
        row, rest = divmod(edge, 2 * self.cols + 1)
        name = ("h", row, rest) if rest < self.cols else ("v", row, rest - self.cols)
        return self._line(name, "dnbpy", edge)


# -- the sides ----------------------------------------------------------------------------------------------------
class Side(Protocol):
    def move(self, state: GameState) -> tuple[int, float, float]:
        """(its line, wall seconds, CPU seconds) for the player to move in ``state``."""
        ...

    def hear(self, line: int, mover: int, state: GameState) -> None:
        """``line`` was drawn by seat ``mover``; ``state`` is the referee's game after it."""
        ...


def timed(choose) -> tuple[int, float, float]:
    began, cpu = time.perf_counter(), time.process_time()
    line = choose()
    return line, time.perf_counter() - began, time.process_time() - cpu


class LevelSide:
    """A level of the project's computer player, seeded once per game as the app's computer seat is."""

    def __init__(self, level: str, game: int, seconds: float) -> None:
        self.player = ComputerPlayer(level, 1000 * game + 7, seconds)

    def move(self, state: GameState) -> tuple[int, float, float]:
        return timed(lambda: self.player.think(state).finish())

    def hear(self, line: int, mover: int, state: GameState) -> None:
        pass


class OutOfTime(Exception):
    pass


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raises :class:`OutOfTime` in the code run inside once ``seconds`` of wall-clock time have passed."""

    def ring(signum, frame):
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_scores(program: str, theirs: list[int], state: GameState) -> None:
    if theirs != state.scores:
        raise Aborted(f"{program}'s game counts the cells {theirs}, the referee {state.scores}")


class DnbpySide:
    """dnbpy's alpha-beta, deepened one ply at a time within ``seconds`` a move; its own ``Game`` kept in step."""

    def __init__(self, notation: Notation, game: int, seconds: float) -> None:
        import dnbpy

        self.dnbpy, self.notation, self.seconds, self.seed = dnbpy, notation, seconds, 1000 * game + 11
        self.game = dnbpy.Game((notation.rows, notation.cols), [0, 1])
        self.depths: list[tuple[int, int]] = []  # every move's deepest finished search, and its own rule's depth

    def move(self, state: GameState) -> tuple[int, float, float]:
        return timed(lambda: self.notation.from_dnbpy(self._deepest_edge(state)))

    def _deepest_edge(self, state: GameState) -> int:
        size, edges = (self.notation.rows, self.notation.cols), self.game.get_board_state()
        me = state.to_move
        scores = (state.scores[me], state.scores[1 - me])
        stop = time.perf_counter() + self.seconds
        edge, depth = None, 0
        while depth < state.lines_left:
            policy = self.dnbpy.Level3MinimaxPolicy(size, depth=depth + 1, random_state=self.seed, update_alpha=True)
            try:
                if depth == 0:  # depth 1 takes milliseconds: always finished, so there is a move
                    edge = policy.select_edge(edges, *scores)
                else:
                    with time_limit(stop - time.perf_counter()):
                        edge = policy.select_edge(edges, *scores)
            except OutOfTime:
                break
            depth += 1
            if time.perf_counter() >= stop:
                break
        own_rule = self.dnbpy.Level3MinimaxPolicy(size)._get_depth(edges)  # what depth=None would have searched
        self.depths.append((depth, min(own_rule, state.lines_left)))
        self.seed += 1
        assert edge is not None
        return edge

    def hear(self, line: int, mover: int, state: GameState) -> None:
        try:
            self.game.select_edge(self.notation.dnbpy_edge(line), mover)
        except Exception as error:  # dnbpy raises bare Exceptions for a move its rules refuse
            raise Aborted(f"dnbpy refused line {line}: {error}") from error
        check_scores("dnbpy", [self.game.get_score(0), self.game.get_score(1)], state)


class OpenSpielSide:
    """OpenSpiel's MCTS bot with random rollouts; its own ``pyspiel`` state kept in step."""

    def __init__(self, notation: Notation, game: int, simulations: int, rollouts: int) -> None:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        self.notation = notation
        self.game = load_openspiel(notation)
        self.state = self.game.new_initial_state()
        evaluator = mcts.RandomRolloutEvaluator(rollouts, np.random.RandomState(1000 * game + 13))
        self.bot = mcts.MCTSBot(
            self.game, 2.0, simulations, evaluator, solve=True, random_state=np.random.RandomState(1000 * game + 17)
        )

    def move(self, state: GameState) -> tuple[int, float, float]:
        return timed(lambda: self.notation.from_openspiel(self.bot.step(self.state)))

    def hear(self, line: int, mover: int, state: GameState) -> None:
        action = self.notation.openspiel_action(line)
        if self.state.current_player() != mover or action not in self.state.legal_actions():
            raise Aborted(f"OpenSpiel's game refuses line {line} by player {mover} (its player to move is "
                          f"{self.state.current_player()})")  # fmt: skip
        self.state.apply_action(action)
        if self.state.is_terminal():
            theirs = self.state.returns()
            if (theirs[0] > theirs[1]) != (state.scores[0] > state.scores[1]) or (theirs[0] == theirs[1]) != (
                state.scores[0] == state.scores[1]
            ):
                raise Aborted(f"OpenSpiel's result {theirs} differs from the referee's score {state.scores}")
        elif self.state.current_player() != state.to_move:
            raise Aborted(f"OpenSpiel gives the move to {self.state.current_player()}, the referee to {state.to_move}")


def load_openspiel(notation: Notation) -> Any:
    import pyspiel

    return pyspiel.load_game("dots_and_boxes", {"num_rows": notation.rows, "num_cols": notation.cols})


def check_openspiel_names(notation: Notation) -> None:
    """Every OpenSpiel action is written by OpenSpiel as the name :class:`Notation` gives its line."""
    state = load_openspiel(notation).new_initial_state()
    for action in state.legal_actions():
        written = re.sub(r"^P\d", "", state.action_to_string(action))
        expected = notation.openspiel_name(notation.from_openspiel(action))
        if written != expected:
            raise SystemExit(f"OpenSpiel writes action {action} as {written}, the translation expects {expected}")


def calibrate_simulations(notation: Notation, seconds: float) -> int:
    """The simulations OpenSpiel's MCTS runs in ``seconds`` on the empty board (a timed search of 1,000)."""
    side = OpenSpielSide(notation, game=10**6, simulations=CALIBRATION_SIMULATIONS, rollouts=1)
    began = time.perf_counter()
    side.bot.step(side.state)
    rate = CALIBRATION_SIMULATIONS / (time.perf_counter() - began)
    return max(100, int(round(rate * seconds, -2)))


# -- a game ---------------------------------------------------------------------------------------------------------
def play_game(notation: Notation, measured: Side, opponent: Side, game: int, tally: Tally) -> str:
    """One game, the measured side in seat 0 in even-numbered games; returns a one-line record. Adds the result
    (or the abort) to ``tally``. In the record the measured side's lines are in lower case (OpenSpiel's names)."""
    seat = game % 2
    sides = (measured, opponent) if seat == 0 else (opponent, measured)
    state = GameState(notation.board)
    moves: list[str] = []
    try:
        while not state.over:
            mover = state.to_move
            line, wall, cpu = sides[mover].move(state)
            if state.is_drawn(line):
                raise Aborted(f"line {line} is already drawn")
            tally.timed(mover == seat, wall, cpu)
            state.play(line)
            for side in sides:
                side.hear(line, mover, state)
            name = notation.openspiel_name(line)
            moves.append(name if mover == seat else name.upper())
    except Aborted as why:
        tally.abort(game, why)
        return f"game {game}: aborted after {len(moves)} lines ({why})"
    mine, theirs = state.scores[seat], state.scores[1 - seat]
    tally.add(mine - theirs, seat)
    return f"game {game}: ({'first' if seat == 0 else 'second'}) {mine}-{theirs}  {' '.join(moves)}"


def depth_summary(depths: list[tuple[int, int]]) -> str:
    """dnbpy's depths a move: (reached within the time, its own rule's) for every move."""
    reached, rule = [depth for depth, _ in depths], [depth for _, depth in depths]
    shallower = sum(depth < own for depth, own in depths)
    return (
        f"dnbpy's deepest finished search a move: mean {sum(reached) / len(reached):.1f} ({min(reached)}-"
        f"{max(reached)}); its own depth rule on the same moves: mean {sum(rule) / len(rule):.1f}; shallower than "
        f"its rule on {shallower} of {len(depths)} moves"
    )


def installed(program: str) -> bool:
    return importlib.util.find_spec(PROGRAMS[program]) is not None


def run_program(program: str, notation: Notation, args: argparse.Namespace) -> Tally:
    seconds = args.opponent_seconds or args.seconds
    if program == "openspiel":
        check_openspiel_names(notation)
        simulations = args.simulations or calibrate_simulations(notation, seconds)
        setting = f"MCTS, {simulations} simulations a move, {args.rollouts} random rollout(s) a leaf, uct_c 2, solve"
    else:
        setting = f"alpha-beta deepened within {seconds} s a move, update_alpha"
    print(f"{program}: {setting}", flush=True)
    tally = Tally()
    dnbpy_sides = []
    for game in range(args.first_game, args.first_game + args.games):
        opponent: Side
        if program == "openspiel":
            opponent = OpenSpielSide(notation, game, simulations, args.rollouts)
        else:
            opponent = DnbpySide(notation, game, seconds)
            dnbpy_sides.append(opponent)
        measured = LevelSide(args.level, game, args.seconds)
        print(play_game(notation, measured, opponent, game, tally), flush=True)
    depths = [pair for side in dnbpy_sides for pair in side.depths]
    if depths:
        print(depth_summary(depths))
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default="3x3", help="boxes, RxC")
    parser.add_argument("--games", type=int, default=20, help="games against each program")
    parser.add_argument("--first-game", type=int, default=0, help="number of the first game (seeds and seats)")
    parser.add_argument("--level", default="expert", choices=LEVELS, help="the project's level measured")
    parser.add_argument("--seconds", type=float, default=1.5, help="the Expert's time a move")
    parser.add_argument("--programs", nargs="+", default=list(PROGRAMS), choices=list(PROGRAMS))
    parser.add_argument(
        "--opponent-seconds", type=float, help="dnbpy's time a move, and OpenSpiel's in calibration (default --seconds)"
    )
    parser.add_argument("--simulations", type=int, help="OpenSpiel's simulations a move (default: calibrated)")
    parser.add_argument("--rollouts", type=int, default=1, help="OpenSpiel's random rollouts a leaf")
    args = parser.parse_args()
    found = re.fullmatch(r"(\d+)x(\d+)", args.board.lower())
    if found is None or not all(1 <= int(size) <= 12 for size in found.groups()):
        print(f"--board must be RxC boxes, 1 to 12 each way, not {args.board!r}")
        return 2
    notation = Notation(int(found[1]), int(found[2]))
    programs = [program for program in args.programs if installed(program)]
    for program in sorted(set(args.programs) - set(programs)):
        print(f"{program} is absent (module {PROGRAMS[program]}): pip install -e '.[peers]'; skipped.")
    if not programs:
        return 0
    print(f"load: {load()} (1, 5, 15 min)")
    print(f"{args.board} boxes, {args.level} {args.seconds} s a move, {args.games} games against each program")
    tallies = {program: run_program(program, notation, args) for program in programs}
    print(f"load at the end: {load()}")
    print(header(args.level.capitalize(), "the program", restarts=False))
    for program, tally in tallies.items():
        print(tally.row(f"{args.board}, {program}", restarts=False))
        if tally.reasons:
            print("aborted: " + "; ".join(tally.reasons))
    return 0


if __name__ == "__main__":
    sys.exit(main())
