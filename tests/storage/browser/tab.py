"""One tab's side of the two-tab test (tests/storage/test_browser_tabs.py, benchmarks/two_tabs.py), run in Pyodide by
tabs.js: a game between two people played to its end, then finished the way the board scene finishes it
(the app's ``GameKeeper`` hearing the match controller finish it: ``Saved.add_game`` into the app's own store, the
page's localStorage), and the history read back as the History scene reads it. Works with the game's sources of any
version since ``Saved.record_game`` (``--source`` of the benchmark: earlier versions finished a game with
``Autosave.finish``, or ``saved.record_game(session.record())`` before that)."""

from __future__ import annotations

import json
import random

try:
    from game.play.match import Session
except ImportError:  # (versions before the match controller)
    from game.play.session import Session  # type: ignore[no-redef]
from game import page
from game.play.settings import Seat, Settings
from game.play.stats import outcome
from game.storage import Saved, open_store

try:
    from game.steps import run as drain
except ImportError:  # (earlier versions: the storage's own driver, or none)
    try:
        from game.storage.steps import drain
    except ImportError:
        drain = None  # type: ignore[assignment]

PEOPLE = Settings(seats=(Seat("human"), Seat("human")), size=(2, 2))
finishing: list = []


def app_saved() -> Saved:
    """The app's saved data, made as ``App`` makes it (``game/app/app.py``)."""
    return Saved(open_store(), classify=outcome)


def prepare(seed: int) -> None:
    """A game played to its last move (lines in an order drawn from ``seed``), waiting to be finished."""
    session = Session(PEOPLE, random.Random(seed), first=0)
    lines = list(range(session.board.num_lines))
    random.Random(seed).shuffle(lines)
    for line in lines:
        session.play_line(line)
    finishing[:] = [session, app_saved()]


def known_by(game: dict) -> str:
    """A game as this test knows it: its id, or its moves for a version whose games had no ids (every game here
    has moves of its own)."""
    return game.get("id") or "|".join(game.get("moves", ()))


def names(game: dict) -> list[str]:
    """Every way a stored game is known: its id and its moves."""
    return [game.get("id", ""), "|".join(game.get("moves", ()))]


def a_minute_on() -> None:
    """From now on this tab's storage takes every addition saved so far as older than a minute (see
    ``GRACE_SECONDS`` in game/storage/saved.py): it removes those the history holds when it next merges."""
    import time

    from game.storage import saved as saved_module

    saved_module.clock = lambda: time.time() + saved_module.GRACE_SECONDS + 1


def finish() -> str:
    """Finish the game prepared as the board scene does when a game ends, then read the history as the results
    scene does right after (merging the game into it); the game as known in the history."""
    session, saved = finishing
    try:
        from game.play.match import GameKeeper
    except ImportError:
        try:
            from game.play.autosave import Autosave
        except ImportError:  # (a version before game.play.autosave)
            saved.record_game(session.record())
        else:
            Autosave(session, saved).finish()
    else:
        GameKeeper(session, saved)
        session.update(10.0)  # (past the pause on the finished board: the controller finishes the game)
    if hasattr(saved, "history_in_steps"):  # (earlier versions merged it in record_game)
        drain(saved.history_in_steps())
    record = session.record()
    return known_by(record if isinstance(record, dict) else record.to_data())


def shown() -> dict:
    """What the History scene shows (this version's reading): how many games it counts, and every game it knows
    one by one (the recent games in detail, the older ones folded; a version without ids kept only totals of its
    older games)."""
    view = app_saved().history()
    keys = [name for game in view.games for name in names(game.to_data())] + [line.id for line in view.earlier.folded]
    return {"total": view.total, "games": keys}


def stored() -> dict:
    """What localStorage holds: the games in the history value itself, and how many additions wait beside it."""
    storage = page.current().local_storage()
    text = storage.getItem("pipopipette.history")
    data = json.loads(text)["data"] if text else []
    games = data if isinstance(data, list) else data["games"]
    folded = [line[0] for line in data.get("folded", [])] if isinstance(data, dict) else []
    keys = [storage.key(index) for index in range(storage.length)]
    waiting = sum(1 for key in keys if key.startswith("pipopipette.add-"))
    return {"games": [name for game in games for name in names(game)] + folded, "waiting": waiting}
