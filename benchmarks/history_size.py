"""Stored size and the time to record a game after 1,000 finished games, on the desktop's JSON files.

Usage: python -m benchmarks.history_size [--games 1000]
For two kinds of game (the largest record, a two-board match on 12x12, and a 3x3 game) it records the same game
``--games`` times through ``game.storage.Saved`` (as the app does when a game ends) and prints the bytes stored,
the games counted and kept in detail, and the milliseconds each record took (re-read, check, merge, write, fsync).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time

from game.core import GameState, encode
from game.core.notation import parse_board_token, parse_rules_token
from game.play.stats import outcome
from game.storage import FileStore, Saved


def finished_codes(board: str, boards: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    codes = []
    for _ in range(boards):
        state = GameState(parse_board_token(board), parse_rules_token("2"))
        while not state.over:
            state.play(rng.choice(state.legal_lines()))
        codes.append(encode(state))
    return codes


def record(number: int, board: str, codes: list[str]) -> dict:
    return {
        "date": f"2026-{1 + number // 28 % 12:02d}-{1 + number % 28:02d}T10:{number % 60:02d}:00+00:00",
        "board": board,
        "rules": "2",
        "seats": [{"kind": "human", "level": "medium"}, {"kind": "computer", "level": "medium"}],
        "names": ["You", "Medium"],
        "scores": [5, 4] if number % 3 else [4, 5],
        "winners": [0] if number % 3 else [1],
        "moves": codes,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    for board, boards, label in (("s12x12", 2, "two-board match on 12x12"), ("s3x3", 1, "3x3 game")):
        codes = finished_codes(board, boards)
        with tempfile.TemporaryDirectory() as folder:
            saved = Saved(FileStore(folder), classify=outcome)
            times = []
            for number in range(args.games):
                started = time.perf_counter()
                saved.record_game(record(number, board, codes))
                times.append(time.perf_counter() - started)
            view = Saved(FileStore(folder), classify=outcome).history()
        times.sort()
        print(
            f"{label}: {view.stored_bytes} bytes stored, {view.total} games counted, {len(view.games)} in detail; "
            f"record_game median {times[len(times) // 2] * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
