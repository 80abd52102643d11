"""The Expert against Knox, an alpha-beta Dots and Boxes program in C, through Knox's text interface.

    python -m benchmarks.peers --knox KNOX                     # 4x4 boxes, 20 games
    python -m benchmarks.peers --knox KNOX --board 5x5 --games 20 --seconds 1.5 --knox-seconds 2
    python -m benchmarks.peers --knox KNOX --games 24 --stop-lines 30 > openings.txt  # the early game
    python -m benchmarks.peers --knox KNOX --board 5x5 --browser      # the Expert in the browser, 2.5 s

``--browser`` plays the Expert of the browser: the app in a headless Chromium page on Pyodide (the browser harness,
``tools/browser/expert_page.py``), the Expert thinking on the page's thread a step a frame with the compiled core in
its Web Worker, and by default with the app's budget in the browser (``EXPERT_SECONDS``). Its seconds per line are
the page's, from its turn to its line drawn (the app's pace of play, "fast", included: about 0.3 s for a move found
at once); its CPU time is the browser's processes' (the page's thread, the Worker, Chromium's own). Without the
harness the script says what is missing and exits with status 0.

``--stop-lines N`` stops every game once N lines are left: only the early game is played, and
``postmortem.py openings.txt --lines N`` gives the exact value reached there (a much sharper measure of the opening
than the wins and losses of whole games, where Knox's own mistakes and the endgame add noise).

Knox is not part of the project and never runs in CI: it is the 32-bit Linux binary ``aux/knox/knox`` of the public
KSquares research fork (``ofenrohr/ksquares``), kept in a folder outside the repository (it needs the i386 C and
C++ libraries). Without it (no ``--knox`` and no ``KNOX`` environment variable, or the file is missing) the script
says so and exits with status 0.

Knox's interface: ``knox SECONDS W H`` (W, H in boxes) asks "Enter Opponent's name:" and "Do You want to go first?
(Y or N)", reads moves like ``a1-b1`` (letters: dot columns from the left; numbers: dot rows from the bottom) after
each prompt "Enter move (e.g. a1-b1) ", and writes "My move: d4-e4" for every line it draws. It saves a game file
named after the opponent and reloads it when the name repeats, so every game runs in a fresh empty folder.

Every move of both sides is refereed by the project's own rules (:class:`game.core.GameState`): a Knox move that is
malformed or already drawn, Knox exiting or going silent mid-game all make the game *aborted*, counted apart and
left out of the win rate. Seats alternate (the Expert moves first in even-numbered games).

``--knox-v-knox`` plays Knox against Knox instead (two processes, each in its own folder, the same referee): the
record names one of them "Knox A" in the Expert's place, so ``postmortem.py`` reads it the same way and finds the
mistakes of both. Both sides are limited by
wall-clock time, so other work on a shared machine weakens both: the script prints the load average at the start
and the end, and the seconds per line drawn both as wall-clock time and as the CPU time each side really got.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from benchmarks.experiments.early_game import EARLY_GAMES
from benchmarks.tally import Tally, header, load
from game.ai.levels.expert import EXPERT_SECONDS, EarlyGame, expert_move
from game.ai.player import Search
from game.core import Board, GameState
from tools.browser.browser_expert import BrowserExpert, lacking
from tools.browser.node_driver import README

PROMPT = b"Enter move (e.g. a1-b1) "
MOVE = re.compile(rb"My move: ([a-z])(\d+)-([a-z])(\d+)")
SETUP_TIMEOUT = 10.0
DESKTOP_SECONDS = 1.5  # the Expert's time a move on the desktop (issue 19's measure)
MAX_RESTARTS = 30
T = TypeVar("T")


class Aborted(Exception):
    """The game cannot go on: Knox crashed, went silent or played a move the rules refuse."""


@dataclass
class Coordinates:
    """Knox's names for the lines of a ``rows`` x ``cols`` box board (dot rows counted from the bottom, from 1)."""

    board: Board
    rows: int
    cols: int
    by_dots: dict[tuple[int, int], int] = field(init=False)

    def __post_init__(self) -> None:
        self.by_dots = {tuple(sorted(pair)): line for line, pair in enumerate(self.board.lines)}

    def name(self, line: int) -> str:
        return "-".join(self._dot_name(dot) for dot in self.board.lines[line])

    def _dot_name(self, dot: int) -> str:
        r, c = divmod(dot, self.cols + 1)
        return f"{chr(ord('a') + c)}{self.rows + 1 - r}"

    def line(self, col1: str, row1: int, col2: str, row2: int) -> int:
        """The line between two named dots; Aborted if they are not neighbours on this board."""
        dots = []
        for col, row in ((col1, row1), (col2, row2)):
            c, r = ord(col) - ord("a"), self.rows + 1 - row
            if not (0 <= c <= self.cols and 0 <= r <= self.rows):
                raise Aborted(f"Knox named a dot off the board: {col}{row}")
            dots.append(r * (self.cols + 1) + c)
        key = (min(dots), max(dots))
        if key not in self.by_dots:
            raise Aborted(f"Knox named dots that are not neighbours: {col1}{row1}-{col2}{row2}")
        return self.by_dots[key]


class Crashed(Aborted):
    """Knox exited (it crashes now and then, mostly in its first moves); the game can be resumed."""


class Knox:
    """Knox playing one game, in its own empty folder.

    Knox keeps the game in a file named after its opponent and reloads it when started again with that name:
    after a crash it is started again, the reloaded moves are checked against ``history`` (every line so far and
    whether the Expert drew it), any Expert moves it missed are sent again, and the game goes on (as KSquares
    itself does). Every restart is counted in ``restarts``; ``started`` is when the current process started."""

    NAME = "expert"

    def __init__(
        self, binary: str, seconds: int, names: Coordinates, history: list[tuple[int, bool]], knox_first: bool
    ) -> None:
        self.binary, self.seconds, self.names, self.history = binary, seconds, names, history
        self.knox_first = knox_first
        self.folder = tempfile.mkdtemp(prefix="knox-")
        self.move_timeout = 10.0 * seconds + 30.0  # Knox keeps to its time, but a loaded machine delays it
        self.restarts = 0
        self.started = 0.0
        self.process: subprocess.Popen[bytes] | None = None
        self.output = b""
        self._moves_read = 0
        self._prompts_used = 0

    def cpu_seconds(self) -> tuple[int, float]:
        """(process id, CPU seconds Knox's current process has used so far)."""
        if self.process is None:
            return 0, 0.0
        try:
            with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return self.process.pid, 0.0
        return self.process.pid, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def start(self) -> None:
        self._retrying(lambda: None)

    def tell(self, line: int) -> None:
        """Sends one of the Expert's lines once Knox asks for a move."""
        self._retrying(lambda: self._send_move(self.names.name(line)))

    def reply(self) -> int:
        """Knox's next line."""
        return self._retrying(lambda: self.names.line(*self._next_move()))

    def close(self) -> None:
        self._stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- crashes ----------------------------------------------------------------------------------------------
    def _retrying(self, action: Callable[[], T]) -> T:
        """``action()`` on a running Knox, (re)starting it first and after every crash."""
        while True:
            try:
                if self.process is None:
                    self._resume()
                return action()
            except Crashed:
                self._stop()
                self.restarts += 1
                if self.restarts > MAX_RESTARTS:
                    raise Aborted(f"Knox crashed {self.restarts} times in one game") from None

    def _resume(self) -> None:
        """Starts Knox: a new game, or the saved one, which must be ``history`` less some Expert moves at the end
        (sent again here)."""
        if not os.path.exists(self.saved_game):
            if self.history:
                raise Aborted("Knox crashed and kept no game file")
            self._launch(new_game=True)
            return
        saved = [self.names.line(*_parse(move)) for move in self.saved_moves()]
        if saved != [line for line, _ in self.history[: len(saved)]]:
            raise Aborted("Knox reloaded a game that differs from the one played")
        missing = self.history[len(saved) :]
        if any(not by_expert for _, by_expert in missing):
            raise Aborted("Knox crashed before saving its own move")
        self._launch(new_game=False)
        for line, _ in missing:
            self._send_move(self.names.name(line))

    @property
    def saved_game(self) -> str:
        return os.path.join(self.folder, self.NAME)

    def saved_moves(self) -> list[str]:
        """The moves in Knox's game file ("1: a1-b1" lines)."""
        with open(self.saved_game, encoding="ascii", errors="replace") as saved:
            return re.findall(r"^\d+: ([a-z]\d+-[a-z]\d+)", saved.read(), re.MULTILINE)

    def _launch(self, new_game: bool) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [self.binary, str(self.seconds), str(self.names.cols), str(self.names.rows)],
            cwd=self.folder,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            bufsize=0,
        )
        self.output = b""
        self._moves_read = 0
        self._prompts_used = 0
        self._wait_for(lambda: b"Enter Opponent's name:" in self.output, SETUP_TIMEOUT)
        self._send(self.NAME)
        if new_game:
            self._wait_for(lambda: b"(Y or N)" in self.output, SETUP_TIMEOUT)
            self._send("N" if self.knox_first else "Y")

    def _stop(self) -> None:
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
            self.process = None

    # -- the text interface -----------------------------------------------------------------------------------
    def _send_move(self, name: str) -> None:
        self._wait_for(lambda: self.output.count(PROMPT) > self._prompts_used, self.move_timeout)
        self._prompts_used += 1
        self._send(name)

    def _next_move(self) -> tuple[str, int, str, int]:
        self._wait_for(lambda: len(MOVE.findall(self.output)) > self._moves_read, self.move_timeout)
        found = MOVE.findall(self.output)[self._moves_read]
        self._moves_read += 1
        return _parse(b"%s%s-%s%s" % found)

    def _send(self, text: str) -> None:
        try:
            assert self.process is not None and self.process.stdin is not None
            self.process.stdin.write(text.encode() + b"\n")
        except OSError as error:
            raise Crashed(f"Knox stopped reading: {error}") from error

    def _wait_for(self, ready: Callable[[], bool], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        while not ready():
            left = deadline - time.monotonic()
            if left <= 0:
                raise Aborted(f"Knox said nothing useful for {timeout:.0f} s")
            readable, _, _ = select.select([stdout], [], [], min(left, 0.5))
            if readable:
                data = os.read(stdout.fileno(), 65536)
                if not data:
                    raise Crashed(f"Knox exited mid-game (status {self.process.wait()})")
                self.output += data


def _parse(move: str | bytes) -> tuple[str, int, str, int]:
    text = move.decode() if isinstance(move, bytes) else move
    found = re.fullmatch(r"([a-z])(\d+)-([a-z])(\d+)", text)
    if found is None:
        raise Aborted(f"Knox wrote a move that cannot be read: {text!r}")
    return found[1], int(found[2]), found[3], int(found[4])


class ExpertSide:
    """The Expert in one seat of a game: it thinks in this process (its CPU time is this process's)."""

    def __init__(self, game: int, seconds: float, early_game: EarlyGame | None = None) -> None:
        self.rng = random.Random(1000 * game + 7)  # seeded once per game, as the app's computer seat is
        self.seconds = seconds
        self.early_game = early_game  # the Expert's early-game search (None: Hard's move, as in the game)
        self.restarts = 0

    def start(self) -> None:
        pass

    def move(self, state: GameState) -> tuple[int, float, float]:
        """(its line, wall seconds, CPU seconds)."""
        began, cpu = time.perf_counter(), time.process_time()
        position = state.copy()
        moves = expert_move(position, self.rng, self.seconds, early_game=self.early_game)
        line = Search(moves, fallback=position.legal_lines()[0]).finish()
        return line, time.perf_counter() - began, time.process_time() - cpu

    def hear(self, line: int, by_opponent: bool) -> None:
        pass

    def close(self) -> None:
        pass


class BrowserExpertSide:
    """The Expert in one seat of a game, in a browser page (:class:`BrowserExpert`, one page for every game): it
    thinks as in the app in the browser; its CPU time is the browser's."""

    def __init__(self, page: BrowserExpert, game: int, seconds: float, seat: int, boxes: tuple[int, int]) -> None:
        self.page, self.game, self.seconds, self.seat, self.boxes = page, game, seconds, seat, boxes
        self.restarts = 0

    def start(self) -> None:
        rows, cols = self.boxes
        if not self.page.new_game(rows, cols, self.seat, 1000 * self.game + 7, self.seconds):
            raise Aborted("the page could not start the compiled core's Worker (the Python solver would play)")

    def move(self, state: GameState) -> tuple[int, float, float]:
        """(its line, seconds from its turn to its line on the page, CPU seconds of the browser meanwhile)."""
        cpu = self.page.cpu_seconds()
        try:
            line, seconds = self.page.reply(list(state.moves))
        except RuntimeError as error:
            raise Aborted(f"the browser page: {error}") from error
        if state.is_drawn(line):
            raise Aborted(f"the browser's Expert replayed a drawn line: {line}")
        return line, seconds, self.page.cpu_seconds() - cpu

    def hear(self, line: int, by_opponent: bool) -> None:
        pass

    def close(self) -> None:
        pass


class KnoxSide:
    """Knox in one seat of a game: a :class:`Knox` process with the game seen from its side."""

    def __init__(self, binary: str, seconds: int, names: Coordinates, knox_first: bool) -> None:
        self.history: list[tuple[int, bool]] = []  # every line so far and whether Knox's opponent drew it
        self.knox = Knox(binary, seconds, names, self.history, knox_first=knox_first)

    @property
    def restarts(self) -> int:
        return self.knox.restarts

    def start(self) -> None:
        self.knox.start()

    def move(self, state: GameState) -> tuple[int, float, float]:
        began = time.perf_counter()
        pid, cpu = self.knox.cpu_seconds()
        line = self.knox.reply()
        wall = time.perf_counter() - max(began, self.knox.started)
        now_pid, now_cpu = self.knox.cpu_seconds()
        if state.is_drawn(line):
            raise Aborted(f"Knox replayed a drawn line: {self.knox.names.name(line)}")
        return line, wall, now_cpu - (cpu if now_pid == pid else 0.0)

    def hear(self, line: int, by_opponent: bool) -> None:
        """Records a line just drawn (telling Knox first when its opponent drew it)."""
        if by_opponent:
            self.knox.tell(line)
        self.history.append((line, by_opponent))

    def close(self) -> None:
        self.knox.close()


def play_game(
    knox_binary: str, board: Board, rows: int, cols: int, args, game: int, tally: Tally, page: BrowserExpert | None
) -> str:
    """One game; returns a one-line record. Adds the result (or the abort) to ``tally``. ``page``: the browser's
    Expert plays (``--browser``), else the desktop's.

    The record names the side measured (the Expert, or with ``--knox-v-knox`` the Knox called A) and its seat;
    its moves are in lower case, its opponent's (Knox, or Knox B) in upper case."""
    seat = 0 if game % 2 == 0 else 1  # the measured side's seat
    state = GameState(board)
    names = Coordinates(board, rows, cols)
    measured: ExpertSide | BrowserExpertSide | KnoxSide
    if args.knox_v_knox:
        measured = KnoxSide(knox_binary, args.knox_seconds, names, knox_first=seat == 0)
    elif page is not None:
        measured = BrowserExpertSide(page, game, args.seconds, seat, (rows, cols))
    else:
        measured = ExpertSide(game, args.seconds, EARLY_GAMES[args.early])
    knox = KnoxSide(knox_binary, args.knox_seconds, names, knox_first=seat == 1)
    sides = (measured, knox) if seat == 0 else (knox, measured)
    history: list[tuple[int, bool]] = []  # every line and whether the measured side drew it
    try:
        for side in sides:
            side.start()
        while not state.over and state.lines_left > args.stop_lines:
            mover = state.to_move
            line, wall, cpu = sides[mover].move(state)
            by_measured = mover == seat
            tally.timed(by_measured, wall, cpu)
            for index, side in enumerate(sides):
                side.hear(line, by_opponent=index != mover)
            state.play(line)
            history.append((line, by_measured))
    except Aborted as why:
        tally.abort(game, why)
        return f"game {game}: aborted after {len(history)} lines ({why})  {_moves_text(names, history)}"
    finally:
        restarts = sum(side.restarts for side in sides)
        tally.restarts += restarts
        for side in sides:
            side.close()
    mine, theirs = state.scores[seat], state.scores[1 - seat]
    stopped = "" if state.over else f", stopped at {state.lines_left} lines left"
    if state.over:
        tally.add(mine - theirs, seat)
    else:
        tally.stop()
    where = "first" if seat == 0 else "second"
    moves = _moves_text(names, history)
    restarted = f", Knox restarted {restarts}x" if restarts else ""
    name = "Knox A" if args.knox_v_knox else "Expert"
    return f"game {game}: {name} ({where}) {mine}-{theirs}{stopped}{restarted}  {moves}"


def _moves_text(names: Coordinates, history: list[tuple[int, bool]]) -> str:
    """The lines in Knox's names: the measured side's in lower case, its opponent's in upper case."""
    return " ".join(names.name(line) if by_measured else names.name(line).upper() for line, by_measured in history)


def find_knox(path: str | None) -> str | None:
    path = path or os.environ.get("KNOX")
    if path and os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    return None


def play_games(knox_binary: str, board: Board, rows: int, cols: int, args) -> Tally:
    """Every game, each printed as it ends (``--browser``: in one browser page)."""
    tally = Tally()
    page = BrowserExpert() if args.browser else None
    try:
        for game in range(args.first_game, args.first_game + args.games):
            print(play_game(knox_binary, board, rows, cols, args, game, tally, page), flush=True)
    finally:
        if page is not None:
            page.close()
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--knox", help="path of the knox binary (default: $KNOX)")
    parser.add_argument("--board", default="4x4", help="boxes, RxC (Knox takes 1..9 each way)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-game", type=int, default=0, help="number of the first game (seeds and seats)")
    parser.add_argument(
        "--seconds",
        type=float,
        help=f"the Expert's time a move (default {DESKTOP_SECONDS}; with --browser the app's, {EXPERT_SECONDS})",
    )
    parser.add_argument("--knox-seconds", type=int, default=2, help="Knox's time a move (whole seconds)")
    parser.add_argument(
        "--early",
        choices=tuple(EARLY_GAMES),
        default="hard",
        help="the Expert's early game: Hard's move, flat playouts or the tree search over safe lines",
    )
    parser.add_argument(
        "--stop-lines",
        type=int,
        default=0,
        help="stop each game once this many lines are left (the early game only; see postmortem.py --lines)",
    )
    parser.add_argument(
        "--knox-v-knox", action="store_true", help="Knox (called A) against Knox (B) instead of the Expert against Knox"
    )
    parser.add_argument("--browser", action="store_true", help="the Expert in a browser page (see the notes above)")
    args = parser.parse_args()
    if args.browser and (args.knox_v_knox or args.early != "hard"):
        print("--browser plays the app's Expert: not with --knox-v-knox or another --early")
        return 2
    if args.seconds is None:
        args.seconds = EXPERT_SECONDS if args.browser else DESKTOP_SECONDS
    binary = find_knox(args.knox)
    if binary is None:
        print("Knox is absent: pass --knox PATH or set KNOX to the knox binary (see this script's notes); skipped.")
        return 0
    if args.browser and lacking():
        print(f"The browser harness is absent ({', '.join(lacking())}): see {README}; skipped.")
        return 0
    rows, cols = (int(part) for part in args.board.lower().split("x"))
    board = Board.square(rows, cols)
    if not 0 <= args.stop_lines < len(board.lines):
        print(f"--stop-lines must be from 0 to {len(board.lines) - 1} on {args.board} boxes, not {args.stop_lines}")
        return 2
    print(f"load: {load()} (1, 5, 15 min)")
    early = " in the browser (Chromium, Pyodide, the Worker)" if args.browser else f", early game: {args.early}"
    measured = "Knox A" if args.knox_v_knox else "Expert"
    if args.knox_v_knox:
        print(f"{args.board} boxes, Knox A against Knox B, both {args.knox_seconds} s a move, {args.games} games")
    else:
        print(
            f"{args.board} boxes, Expert {args.seconds} s a move{early}, Knox {args.knox_seconds} s, {args.games} games"
        )
    tally = play_games(binary, board, rows, cols, args)
    print(f"load at the end: {load()}")
    print(header(measured, "Knox B" if args.knox_v_knox else "Knox"))
    print(tally.row(f"{args.board} (browser)" if args.browser else args.board))
    wins, draws, losses = tally.first_seat
    print(f"the player moving first: {wins}/{draws}/{losses} (W/D/L)")
    if tally.stopped:
        print(f"stopped at {args.stop_lines} lines left: {tally.stopped} games (value them with postmortem.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
