"""Review time: the exact analysis of a whole 4x4 and 5x5 game, and how many of its moves got exact values.

Run: ``.venv/bin/python -m benchmarks.review [--seconds S] [--games N] [--quick]``. Each game is played by the
Hard level against itself from a fixed seed (realistic play: safe lines first, the fight for control, chains
taken with all-but-two), then reviewed as the app's review screen does it (``game.ai.review.Review``, each
position searched for at most ``--seconds``, default the app's 10, the last position first, one table for the
whole game). ``--quick`` reviews one 4x4 game only. Prints, per game: moves, moves with an exact value, the
earliest move solved, the review's time in steps, and the longest single step of 8 ms budget, in wall and CPU
time (the most a frame is held up in the app, which gives the analysis 4-10 ms a frame). Then ``--frames`` app
frames (default 600) on the review of a 5x5 game while it is analysed, a move further each frame: CPU time per
frame.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ai import ComputerPlayer
from game.ai.review import Review
from game.app.app import App
from game.app.scenes.review import POSITION_SECONDS, ReviewScene
from game.core import Board, GameState
from game.storage import MemoryStore

STEP_SECONDS = 0.008


def hard_game(board: Board, seed: int) -> GameState:
    state = GameState(board)
    players = [ComputerPlayer("hard", seed * 2 + seat, seconds=0.3) for seat in range(2)]
    while not state.over:
        state.play(players[state.to_move].think(state).finish())
    return state


def review_figures(game: GameState, seconds: float) -> tuple[int, int, int | None, float, float, float]:
    """(moves, exact, earliest exact move, seconds, longest step, longest step in CPU time) of reviewing ``game``
    in 8 ms steps. On a busy machine a step can be descheduled: the CPU time shows what the step itself cost."""
    review = Review(game, seconds)
    longest = longest_cpu = total = 0.0
    while True:
        started, cpu = time.perf_counter(), time.process_time()
        done = review.step(STEP_SECONDS)
        spent = time.perf_counter() - started
        total += spent
        longest = max(longest, spent)
        longest_cpu = max(longest_cpu, time.process_time() - cpu)
        if done:
            break
    moves = review.moves
    exact = [move.index for move in moves if move.solved]
    return len(moves), len(exact), (min(exact) if exact else None), total, longest, longest_cpu


def review_frames(game: GameState, frames: int) -> tuple[list[float], int]:
    """CPU milliseconds of each of ``frames`` app frames (720x1280) on the review of ``game`` while it is analysed,
    and how many moves were solved by then."""
    app = App(size=(780, 1688), store=MemoryStore(), browser=False, density=2.0)  # a 390x844 phone at ratio 2
    scene = ReviewScene(app, game)
    app.manager.push(scene)
    times = []
    for index in range(frames):
        scene.go_to(index % (scene.count + 1))  # the player stepping through while it fills in
        started = time.process_time()
        app.frame(1 / 60)
        times.append((time.process_time() - started) * 1000)
    return times, scene.analysis.solved_count()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=POSITION_SECONDS, help="search time per position")
    parser.add_argument("--games", type=int, default=2, help="games per board")
    parser.add_argument("--quick", action="store_true", help="one 4x4 game only")
    parser.add_argument("--frames", type=int, default=600, help="app frames timed on a 5x5 review (0: none)")
    args = parser.parse_args()
    boards = [(4, 1 if args.quick else args.games)] + ([] if args.quick else [(5, args.games)])
    print(f"per-position budget {args.seconds:.1f} s, steps of {STEP_SECONDS * 1000:.0f} ms")
    for size, games in boards:
        for seed in range(1, games + 1):
            game = hard_game(Board.square(size, size), seed)
            moves, exact, earliest, seconds, longest, longest_cpu = review_figures(game, args.seconds)
            first = "none" if earliest is None else f"from move {earliest} ({moves - earliest} lines left)"
            print(
                f"{size}x{size} game {seed}: {moves} moves, {exact} exact ({first}), "
                f"review {seconds:.1f} s, longest step {longest * 1000:.1f} ms ({longest_cpu * 1000:.1f} ms CPU)"
            )
    if args.frames and not args.quick:
        times, solved = review_frames(hard_game(Board.square(5, 5), 1), args.frames)
        times.sort()
        print(
            f"app frames on a 5x5 review ({args.frames}, stepping through; {solved} moves solved by then): "
            f"CPU median {times[len(times) // 2]:.1f} ms, 95th percentile {times[len(times) * 95 // 100]:.1f} ms, "
            f"max {times[-1]:.1f} ms"
        )


if __name__ == "__main__":
    main()
