"""A valid 50 MB history on the desktop's files: how long opening it holds a frame up, and how long until it shows.

Usage: python -m benchmarks.history_open [--mb 50] [--only read|history|results]
Writes a schema-2 history of 5x5 games (four boards' codes each, ten minutes apart), as an older version or a
hand-merged file could hold it, until it holds ``--mb`` MB. Then, in a fresh app each time (headless SDL, a frame
every 1/60 s as the app's loop runs them):
- read: ``Saved.history()`` and the History scene's statistics at once (one figure: seconds);
- history: History opened from the menu; the longest frame, and the seconds until its list shows;
- results: a rated game against the computer finished on top of that history (recorded by ``GameKeeper``, then
  Results, in the frame the game ends, as the app does); the longest frame, the seconds until the rating line shows.
A frame's processor time (``time.thread_time``) is printed beside its wall time: on a loaded machine the wall time
of any frame includes the time other processes had the processor. Run it with the game of any version
(``PYTHONPATH=OTHER:. python -P -m benchmarks.history_open``, OTHER another checkout's root; ``-P`` keeps the current
folder from coming first): it finds the scenes by name.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core import GameState, encode
from game.core.notation import parse_board_token, parse_rules_token
from game.play.stats import outcome, stats_rows, streak_text
from game.storage import FileStore, Saved

FRAME = 1 / 60
START = datetime(2024, 1, 1, 9, tzinfo=UTC)
GIVE_UP = 600.0  # seconds


def write_history(megabytes: float) -> tuple[Path, int]:
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
            "date": (START + timedelta(minutes=10 * n)).isoformat(),  # (games are played one after another)
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
    return folder, len(games)


def copy_of(folder: Path) -> Path:
    other = Path(tempfile.mkdtemp())
    (other / "history.json").write_bytes((folder / "history.json").read_bytes())
    return other


def read_at_once(folder: Path) -> None:
    started = time.perf_counter()
    view = Saved(FileStore(copy_of(folder)), classify=outcome).history()
    stats_rows(view.games, view.earlier)
    streak_text(view.games, view.earlier)
    print(f"read: Saved.history() and the statistics at once: {time.perf_counter() - started:.2f} s "
          f"({view.total} games counted)")  # fmt: skip


def frames_until(app, first, shown, label: str) -> None:
    """Run the app's frames (one every 1/60 s) until ``shown()``, ``first()`` in the first one (what a tap does in
    the frame it comes); print the longest frame and the time until shown."""
    longest, busiest, started = 0.0, 0.0, time.perf_counter()
    count = 0
    while not count or not shown():
        begun, cpu = time.perf_counter(), time.thread_time()
        if not count:
            first()
        app.frame(FRAME)
        spent = time.perf_counter() - begun
        longest, busiest = max(longest, spent), max(busiest, time.thread_time() - cpu)
        count += 1
        if time.perf_counter() - started > GIVE_UP:
            break
        time.sleep(max(0.0, FRAME - spent))
    print(f"{label}: longest frame {longest * 1e3:.0f} ms ({busiest * 1e3:.0f} ms of processor time), shown after "
          f"{time.perf_counter() - started:.2f} s ({count} frames)")  # fmt: skip


def open_history(folder: Path) -> None:
    from game.app.app import App

    app = App(size=(780, 1688), store=FileStore(copy_of(folder)))
    app.frame(FRAME)

    def shown() -> bool:
        scene = app.manager.top
        return bool(getattr(scene, "entries", None)) and not getattr(scene, "reading", False)

    frames_until(app, lambda: app.go("history"), shown, "history: opened from the menu, until its list shows")


def finish_and_results(folder: Path) -> None:
    from game.app.app import App
    from game.play.match import GameKeeper, Session
    from game.play.settings import Seat, Settings

    app = App(size=(780, 1688), store=FileStore(copy_of(folder)))
    app.frame(FRAME)
    settings = Settings(seats=(Seat("human"), Seat("computer", "medium")), size=(3, 3), animation="fast")
    session = Session(settings, random.Random(1), first=0)
    rng = random.Random(5)
    while not session.state.over:
        session.play_line(rng.choice(session.state.legal_lines()))
    GameKeeper.watch(session, app.saved)  # (as the app does when the board shows the game)

    def game_over() -> None:  # (what the app does in the frame the game ends)
        started = time.perf_counter()
        session.update(10.0)  # (past the pause on the finished board: finished, and recorded by the keeper)
        print(f"results: finishing and recording took {(time.perf_counter() - started) * 1e3:.0f} ms")
        app.replace("results", session=session)

    frames_until(app, game_over, lambda: bool(app.manager.top.rating_note), "results: until the rating line shows")
    print(f"results: {app.manager.top.rating_note}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=50)
    parser.add_argument("--only", choices=("read", "history", "results"), default=None)
    args = parser.parse_args()
    folder, games = write_history(args.mb)
    mb = (folder / "history.json").stat().st_size / 1e6
    print(f"{games} games, {mb:.1f} MB")
    for name, run in (("read", read_at_once), ("history", open_history), ("results", finish_and_results)):
        if args.only in (None, name):
            run(folder)


if __name__ == "__main__":
    main()
