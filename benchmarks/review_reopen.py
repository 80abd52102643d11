"""A review opened again: the time until its analysis is complete, the first time and the second.

Run: ``.venv/bin/python -m benchmarks.review_reopen [--games 2] [--seconds 10]``. For a 4x4 and a 5x5 game played by
the Hard level against itself (``benchmarks/review.py``'s games), the review screen is opened in a headless app
(memory storage), run frame by frame (the app's step budget) until its analysis is done (every position solved or
given up), closed, and opened again. Before results were kept per game, every opening cost what the first does; now
the second reads them back (``game.storage.reviews``). Prints both times and the moves solved.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from benchmarks.review import hard_game
from game.app.app import App
from game.app.scenes.review import POSITION_SECONDS, ReviewScene
from game.core import Board, GameState
from game.storage import MemoryStore


def time_to_full_analysis(app: App, game: GameState, seconds: float) -> tuple[float, int]:
    """(seconds from opening the review until its analysis is done, moves solved), the scene closed after."""
    started = time.perf_counter()
    scene = ReviewScene(app, game, seconds=seconds)
    app.manager.push(scene)
    while not scene.analysis.done:
        app.frame(1 / 30)
    spent = time.perf_counter() - started
    app.manager.pop()
    return spent, scene.analysis.solved_count()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=POSITION_SECONDS)
    args = parser.parse_args()
    app = App(size=(390, 844), store=MemoryStore(), browser=False)
    for size in (4, 5):
        for seed in range(1, args.games + 1):
            game = hard_game(Board.square(size), seed)
            first, solved = time_to_full_analysis(app, game, args.seconds)
            second, again = time_to_full_analysis(app, game, args.seconds)
            print(
                f"{size}x{size} game {seed} ({len(game.moves)} moves): first opening {first:.2f} s ({solved} solved), "
                f"second {second:.3f} s ({again} solved)",
                flush=True,
            )


if __name__ == "__main__":
    main()
