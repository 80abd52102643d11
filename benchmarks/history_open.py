"""Seconds to open a valid 50 MB history (Saved.history() and the History scene's statistics), on the desktop's files.

Usage: python benchmarks/history_open.py [--mb 50]
Writes a schema-2 history of 5x5 games (four boards' codes each, a four-player match) until it holds ``--mb`` MB,
as an older version or a hand-merged file could hold it, then times one opening: reading, the schema, folding all
but the recent games, and the statistics the History scene shows. One figure: the seconds of that opening.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core import GameState, encode  # noqa: E402
from game.core.notation import parse_board_token, parse_rules_token  # noqa: E402
from game.play.stats import outcome, stats_rows, streak_text  # noqa: E402
from game.storage import FileStore, Saved  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=50)
    megabytes = parser.parse_args().mb
    rng = random.Random(1)
    state = GameState(parse_board_token("s5x5"), parse_rules_token("2"))
    while not state.over:
        state.play(rng.choice(state.legal_lines()))
    code = encode(state)
    games, size = [], 0
    while size < megabytes * 1e6:
        n = len(games)
        game = {
            "id": f"{n:016x}",
            "date": f"2026-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}T10:{n % 60:02d}:00+00:00",
            "board": "s5x5",
            "rules": "2",
            "seats": [{"kind": "human", "level": "medium"}, {"kind": "computer", "level": "medium"}],
            "names": ["You", "Medium"],
            "scores": [13, 12],
            "winners": [0],
            "moves": [code] * 4,
        }
        games.append(game)
        size += len(json.dumps(game))
    folder = Path(tempfile.mkdtemp())
    data = {"games": games, "earlier": {"games": 0, "rows": {}, "streak": ["", 0]}}
    (folder / "history.json").write_text(json.dumps({"schema": 2, "app": "pipopipette", "data": data}))
    started = time.perf_counter()
    view = Saved(FileStore(folder), classify=outcome).history()
    stats_rows(view.games, view.earlier)
    streak_text(view.games, view.earlier)
    seconds = time.perf_counter() - started
    mb = (folder / "history.json").stat().st_size / 1e6
    print(f"{len(games)} games, {mb:.1f} MB: opened in {seconds:.2f} s ({view.total} games counted)")


if __name__ == "__main__":
    main()
