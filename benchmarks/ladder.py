"""Each level against the level below, alternating who starts, on several boards; prints win rates.

    python -m benchmarks.ladder                 # default: a few minutes on one core
    python -m benchmarks.ladder --games 40      # more games per pairing and board
    python -m benchmarks.ladder --pairs hard    # only the pairing whose upper level is named
    python -m benchmarks.ladder --boards 5x5 "hex 19"   # only these boards

A draw counts half. Target: each level wins at least 75% against the level below. The timing columns are the
upper level's: its longest move, and its ``Search.step`` durations (the app's default step budget is 4 ms; the
maximum also catches the machine's other work, so the 99th percentile is the figure to read).
"""

from __future__ import annotations

import argparse
import time

from game.ai.levels import EXPERT_SECONDS
from game.ai.player import LEVELS, ComputerPlayer
from game.core import Board, GameState

BOARDS = {
    "3x3": Board.square(3),
    "4x4": Board.square(4),
    "5x5": Board.square(5),
    "triangle 6": Board.triangle(6),
    "hex 19": Board.hexagon(2),
}


class Timing:
    """The upper level's step durations (``Search.step`` with its default budget) and its longest whole move."""

    def __init__(self) -> None:
        self.steps: list[float] = []
        self.move = 0.0

    def step_ms(self, share: float) -> float:
        """The step duration that ``share`` of the steps do not exceed, in milliseconds."""
        ordered = sorted(self.steps)
        return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0

    def think(self, player: ComputerPlayer, state: GameState) -> int:
        search = player.think(state)
        began = time.perf_counter()
        while True:
            start = time.perf_counter()
            done = search.step()
            self.steps.append(time.perf_counter() - start)
            if done:
                break
        self.move = max(self.move, time.perf_counter() - began)
        return search.best


def play_game(
    board: Board, upper: str, lower: str, upper_first: bool, seed: int, seconds: float, timing: Timing
) -> float:
    """One game; returns the upper level's points (1 win, 0.5 draw, 0 loss)."""
    state = GameState(board)
    seats = [ComputerPlayer(upper, seed, seconds), ComputerPlayer(lower, seed + 1, seconds)]
    upper_seat = 0 if upper_first else 1
    if not upper_first:
        seats.reverse()
    while not state.over:
        player = seats[state.to_move]
        if state.to_move == upper_seat:
            state.play(timing.think(player, state))
        else:
            state.play(player.think(state).finish())
    mine, theirs = state.scores[upper_seat], state.scores[1 - upper_seat]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def run(games: int, pairs: list[str], seconds: float, boards: list[str]) -> None:
    if "expert" in pairs:
        print(f"Expert: {seconds} s a move (limited by time: run this alone on an idle machine)")
    print(
        f"{'pairing':<20}{'board':<12}{'games':>6}{'upper wins':>12}{'longest move s':>16}{'step ms p99':>13}{'max':>7}"
    )
    for upper in pairs:
        lower = LEVELS[LEVELS.index(upper) - 1]
        for name in boards:
            board = BOARDS[name]
            timing = Timing()
            points = sum(
                play_game(board, upper, lower, g % 2 == 0, 1000 * g + 7, seconds, timing) for g in range(games)
            )
            label = f"{upper} v {lower}"
            print(
                f"{label:<20}{name:<12}{games:>6}{100 * points / games:>11.0f}%{timing.move:>16.2f}"
                f"{timing.step_ms(0.99):>13.1f}{timing.step_ms(1.0):>7.1f}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per pairing and board (default 10)")
    parser.add_argument("--pairs", nargs="*", default=list(LEVELS[1:]), choices=LEVELS[1:], help="upper levels")
    parser.add_argument(
        "--seconds", type=float, default=EXPERT_SECONDS, help=f"Expert's time per move (default {EXPERT_SECONDS})"
    )
    parser.add_argument("--boards", nargs="*", default=list(BOARDS), choices=list(BOARDS), help="boards to play on")
    args = parser.parse_args()
    run(args.games, args.pairs, args.seconds, args.boards)


if __name__ == "__main__":
    main()
