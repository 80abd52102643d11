"""The Expert against Knox, an alpha-beta Dots and Boxes program in C, through Knox's text interface.

    python benchmarks/peers.py --knox /work/knox/knox                     # 4x4 boxes, 20 games
    python benchmarks/peers.py --knox /work/knox/knox --board 5x5 --games 20 --seconds 1.5 --knox-seconds 2

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
left out of the win rate. Seats alternate (the Expert moves first in even-numbered games). Timing is wall-clock on
a shared machine: the script prints ``uptime``'s load first, since other work weakens the time-limited Expert.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.player import ComputerPlayer  # noqa: E402
from game.core import Board, GameState  # noqa: E402

PROMPT = b"Enter move (e.g. a1-b1) "
MOVE = re.compile(rb"My move: ([a-z])(\d+)-([a-z])(\d+)")
SETUP_TIMEOUT = 10.0


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


class Knox:
    """One Knox process playing one game, in its own empty folder."""

    def __init__(self, binary: str, seconds: int, rows: int, cols: int, knox_first: bool) -> None:
        self.folder = tempfile.mkdtemp(prefix="knox-")
        self.process = subprocess.Popen(
            [binary, str(seconds), str(cols), str(rows)],
            cwd=self.folder,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            bufsize=0,
        )
        self.output = b""
        self.move_timeout = 5.0 * seconds + 10.0
        self._moves_read = 0
        self._prompts_used = 0
        self._wait_for(lambda: b"Enter Opponent's name:" in self.output, SETUP_TIMEOUT)
        self._send("expert")
        self._wait_for(lambda: b"(Y or N)" in self.output, SETUP_TIMEOUT)
        self._send("N" if knox_first else "Y")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def send_move(self, name: str) -> None:
        """Sends one of our lines once Knox asks for a move."""
        self._wait_for(lambda: self.output.count(PROMPT) > self._prompts_used, self.move_timeout)
        self._prompts_used += 1
        self._send(name)

    def next_move(self) -> tuple[str, int, str, int]:
        """Knox's next line, as (column, row, column, row) of its two dots."""
        self._wait_for(lambda: len(MOVE.findall(self.output)) > self._moves_read, self.move_timeout)
        found = MOVE.findall(self.output)[self._moves_read]
        self._moves_read += 1
        col1, row1, col2, row2 = (part.decode() for part in found)
        return col1, int(row1), col2, int(row2)

    def _send(self, text: str) -> None:
        try:
            assert self.process.stdin is not None
            self.process.stdin.write(text.encode() + b"\n")
        except OSError as error:
            raise Aborted(f"Knox stopped reading: {error}") from error

    def _wait_for(self, ready, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        stdout = self.process.stdout
        assert stdout is not None
        while not ready():
            left = deadline - time.monotonic()
            if left <= 0:
                raise Aborted(f"Knox said nothing useful for {timeout:.0f} s")
            readable, _, _ = select.select([stdout], [], [], min(left, 0.5))
            if readable:
                data = os.read(stdout.fileno(), 65536)
                if not data:
                    raise Aborted(f"Knox exited mid-game (status {self.process.wait()})")
                self.output += data


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    aborted: int = 0
    margins: list[int] = field(default_factory=list)
    expert_times: list[float] = field(default_factory=list)
    knox_times: list[float] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)

    def add(self, margin: int) -> None:
        self.margins.append(margin)
        if margin > 0:
            self.wins += 1
        elif margin < 0:
            self.losses += 1
        else:
            self.draws += 1

    def row(self, label: str) -> str:
        valid = self.wins + self.draws + self.losses
        rate = (self.wins + self.draws / 2) / valid if valid else 0.0
        margin = sum(self.margins) / valid if valid else 0.0
        expert = sum(self.expert_times) / len(self.expert_times) if self.expert_times else 0.0
        knox = sum(self.knox_times) / len(self.knox_times) if self.knox_times else 0.0
        return (
            f"| {label} | {self.wins}/{self.draws}/{self.losses} | {100 * rate:.0f}% | {margin:+.1f} | "
            f"{expert:.2f} | {knox:.2f} | {self.aborted} |"
        )


def play_game(knox_binary: str, board: Board, rows: int, cols: int, args, game: int, tally: Tally) -> str:
    """One game; returns a one-line record. Adds the result (or the abort) to ``tally``."""
    expert_seat = 0 if game % 2 == 0 else 1
    state = GameState(board)
    names = Coordinates(board, rows, cols)
    expert = ComputerPlayer("expert", seed=1000 * game + 7, seconds=args.seconds)
    moves: list[str] = []
    knox = Knox(knox_binary, args.knox_seconds, rows, cols, knox_first=expert_seat == 1)
    try:
        while not state.over:
            began = time.perf_counter()
            if state.to_move == expert_seat:
                line = expert.think(state).finish()
                tally.expert_times.append(time.perf_counter() - began)
                state.play(line)
                knox.send_move(names.name(line))
                moves.append(names.name(line))
            else:
                line = names.line(*knox.next_move())
                tally.knox_times.append(time.perf_counter() - began)
                if state.is_drawn(line):
                    raise Aborted(f"Knox replayed a drawn line: {names.name(line)}")
                state.play(line)
                moves.append(names.name(line).upper())
    except Aborted as why:
        tally.aborted += 1
        tally.reasons.append(f"game {game}: {why}")
        return f"game {game}: aborted after {len(moves)} lines ({why})"
    finally:
        knox.close()
    mine, theirs = state.scores[expert_seat], state.scores[1 - expert_seat]
    tally.add(mine - theirs)
    seat = "first" if expert_seat == 0 else "second"
    return f"game {game}: Expert ({seat}) {mine}-{theirs}  {' '.join(moves)}"


def find_knox(path: str | None) -> str | None:
    path = path or os.environ.get("KNOX")
    if path and os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--knox", help="path of the knox binary (default: $KNOX)")
    parser.add_argument("--board", default="4x4", help="boxes, RxC (Knox takes 1..9 each way)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-game", type=int, default=0, help="number of the first game (seeds and seats)")
    parser.add_argument("--seconds", type=float, default=1.5, help="the Expert's time a move")
    parser.add_argument("--knox-seconds", type=int, default=2, help="Knox's time a move (whole seconds)")
    args = parser.parse_args()
    binary = find_knox(args.knox)
    if binary is None:
        print("Knox is absent: pass --knox PATH or set KNOX to the knox binary (see this script's notes); skipped.")
        return 0
    rows, cols = (int(part) for part in args.board.lower().split("x"))
    board = Board.square(rows, cols)
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min)")
    print(f"{args.board} boxes, Expert {args.seconds} s a move, Knox {args.knox_seconds} s, {args.games} games")
    tally = Tally()
    for game in range(args.first_game, args.first_game + args.games):
        print(play_game(binary, board, rows, cols, args, game, tally), flush=True)
    print(f"load at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print("| board | Expert W/D/L | score | avg margin | Expert s/move | Knox s/move | aborted |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print(tally.row(args.board))
    return 0


if __name__ == "__main__":
    sys.exit(main())
