"""Render every scene on a phone held upright (390x844 CSS px), the same phone turned sideways (844x390) and a
desktop window (1280x720) to docs/screenshots/*.png (headless; no window opens). Phones are drawn as the browser
build draws them: a canvas of the window's size times the device pixel ratio (2 here).

The same code draws the same pixels on every run and every machine: the clock the searches read (a computer's
move, a hint, a review's analysis) moves a fixed step at each reading, so a search given some time does the same
work however fast the machine is; the searches run in Python (the compiled core runs in a thread, whose progress
at each look depends on the machine); finished games are dated a minute apart on a fixed day. Compare two commits'
screenshots pixel by pixel to see that a change drew nothing differently.

Run: ``SDL_VIDEODRIVER=dummy python -m tools.screenshots`` (or ``make screenshots``).
"""

from __future__ import annotations

import os
import random
import time
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
CLOCK_STEP = 1e-4  # seconds between two readings of the searches' clock
DAY = datetime(2026, 6, 1, 10, 0, tzinfo=UTC)  # the games of the screenshots are finished on that day


class SteppingClock:
    """A clock one fixed step later at each reading."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class OnTheDay(datetime):
    """``datetime`` whose ``now`` is a minute later at each call from :data:`DAY` on: the games finish in the order
    they are played (a game's id is random: games finished at the same second would be put in a random order)."""

    calls = 0

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> OnTheDay:
        cls.calls += 1
        moment = DAY + timedelta(minutes=cls.calls)
        day = moment.astimezone(tz) if tz is not None else moment.replace(tzinfo=None)
        return cls.fromtimestamp(day.timestamp(), day.tzinfo)


time.perf_counter = SteppingClock(CLOCK_STEP)  # before the game is imported: every clock it keeps is this one

import pygame  # noqa: E402

from game.ai import hint  # noqa: E402
from game.app.app import App  # noqa: E402
from game.app.scenes.backup import BackupScene  # noqa: E402
from game.app.scenes.board import BoardScene  # noqa: E402
from game.app.scenes.history import HistoryScene  # noqa: E402
from game.app.scenes.howto import PAGES, HowToScene  # noqa: E402
from game.app.scenes.open_link import EXAMPLE, OpenLinkScene  # noqa: E402
from game.app.scenes.players import PlayersScene  # noqa: E402
from game.app.scenes.puzzles import PuzzleListScene, PuzzleScene  # noqa: E402
from game.app.scenes.results import ResultsScene  # noqa: E402
from game.app.scenes.review import ReviewScene  # noqa: E402
from game.app.scenes.settings import SettingsScene  # noqa: E402
from game.app.scenes.share import ShareScene  # noqa: E402
from game.play import i18n  # noqa: E402
from game.play.lessons import line_id  # noqa: E402
from game.play.link_play import FriendGame, friend_fragment  # noqa: E402
from game.play.links import new_game_id  # noqa: E402
from game.play.match import Session, unfinished_game  # noqa: E402
from game.play.players import Player  # noqa: E402
from game.play.settings import Seat, Settings  # noqa: E402
from game.storage import MemoryStore  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SCREENS = (("portrait", (390, 844), 2.0), ("landscape", (844, 390), 2.0), ("desktop", (1280, 720), 1.0))
VS_COMPUTER = (Seat("human"), Seat("computer", "medium"))
FOUR = (Seat("human"), Seat("computer", "easy"), Seat("human"), Seat("computer", "hard"))


def played(settings: Settings, moves: int, seed: int = 3) -> Session:
    """A session with ``moves`` random lines drawn, animations finished."""
    rng = random.Random(seed)
    session = Session(settings, random.Random(seed), first=0)
    for _ in range(moves):
        state = session.state
        if state.over:
            break
        session.play_line(rng.choice(state.legal_lines()))
        session.update(5.0)
    session.animation = None
    return session


def finished(settings: Settings) -> Session:
    session = played(settings, 10_000)
    for _ in range(len(session.games)):
        session.update(5.0)
        while not session.state.over:
            session.play_line(random.Random(1).choice(session.state.legal_lines()))
        session.update(5.0)
    session.update(5.0)
    return session


def page_titled(title: str) -> int:
    """The number of How to play's page called ``title`` (in English)."""
    return next(number for number, page in enumerate(PAGES) if page.title == title)


def shoot(app: App, scene, name: str, orientation: str, prepare=None) -> None:
    app.manager.push(scene)
    if prepare is not None:
        prepare()
    for _ in range(2):
        app.frame(0.0)
    pygame.image.save(app.screen, str(OUT / f"{name}-{orientation}.png"))
    app.manager.pop()


def show_a_mistake(review: ReviewScene) -> None:
    """Finish the review's analysis and show the latest move that gave something away (its better line dotted)."""
    review.analysis.finish()
    mistakes = [move.index for move in review.analysis.moves if move.solved and move.loss]
    review.go_to(mistakes[-1] + 1 if mistakes else review.count)


def shots(orientation: str, css_size: tuple[int, int], density: float) -> None:
    store = MemoryStore()
    size = (round(css_size[0] * density), round(css_size[1] * density))
    app = App(size=size, store=store, browser=False, density=density)
    history = [
        finished(Settings(seats=VS_COMPUTER, shape=shape, size=s)).record().to_data()
        for shape, s in (("square", (3, 3)), ("triangle", (5,)), ("hex", (1,)))
    ]
    store.put("history", history)
    store.put("unfinished", unfinished_game(played(Settings(seats=VS_COMPUTER), 9)).to_data())
    app.manager.reset(app.manager.top)
    app.frame(0.0)
    pygame.image.save(app.screen, str(OUT / f"menu-{orientation}.png"))
    shoot(app, SettingsScene(app, play=True), "settings", orientation)

    square = played(Settings(seats=VS_COMPUTER, size=(5, 5)), 44)
    scene = BoardScene(app, square)
    shoot(app, scene, "board-square", orientation)
    triangle = played(Settings(seats=FOUR, shape="triangle", size=(6,), timer=15), 30, seed=5)
    shoot(app, BoardScene(app, triangle), "board-triangle", orientation, lambda: triangle.timer.set_remaining(6))
    hexagon = played(Settings(seats=VS_COMPUTER, shape="hex", size=(2,)), 52, seed=8)
    hexagon.thinker.hint = hint(hexagon.state, 0.3)
    shoot(app, BoardScene(app, hexagon), "board-hex", orientation)
    shoot(app, ResultsScene(app, finished(Settings(seats=VS_COMPUTER, size=(4, 4)))), "results", orientation)
    shoot(app, HowToScene(app, page=page_titled("Count the long chains")), "howto", orientation)
    crossing = page_titled("The double-cross")  # played: the reader has taken one box and tried to take the next
    lesson = HowToScene(app, page=crossing)
    app.manager.push(lesson)
    app.frame(0.0)
    app.manager.pop()
    board = lesson.lessons[crossing].board
    lesson.lessons[crossing].draw(line_id(board, "v01"))
    lesson.lessons[crossing].draw(line_id(board, "v02"))
    shoot(app, lesson, "howto-lesson", orientation)
    shoot(app, HowToScene(app, page=page_titled("Three or four players")), "howto-variant", orientation)
    shoot(app, HistoryScene(app), "history", orientation)
    people = (Seat("human"), Seat("human"), Seat("computer", "easy"), Seat("computer", "hard"))
    app.save_settings(Settings(seats=people, players=(Player("Ada", "", "green"),)))
    shoot(app, PlayersScene(app), "players", orientation)
    reviewed = finished(Settings(seats=VS_COMPUTER, size=(4, 4)))
    review = ReviewScene(app, reviewed.state, reviewed.names, reviewed.seats)
    shoot(app, review, "review", orientation, lambda: show_a_mistake(review))
    by_link = played(Settings(seats=(Seat("human"), Seat("human")), size=(4, 4)), 9)
    fragment = friend_fragment(FriendGame(new_game_id(random.Random(1)), (by_link.state,), taken=frozenset({0})))
    link = f"https://example.org/pipopipette/#{fragment}"
    explanation = "Send this link to your friend. They open it, play their turn, press Send move and send you theirs."
    shoot(app, ShareScene(app, "Send your move", explanation, link), "share", orientation)
    puzzles = PuzzleListScene(app)
    for puzzle in puzzles.puzzles[:3]:
        app.saved.mark_puzzle_solved(puzzle.key)
    shoot(app, puzzles, "puzzles", orientation)
    puzzle = PuzzleScene(app, puzzles.puzzles, 30)
    shoot(app, puzzle, "puzzle", orientation, puzzle.hint)
    opening = OpenLinkScene(app)
    opening.typed = EXAMPLE
    shoot(app, opening, "open-link", orientation)
    app.browser = orientation != "desktop"  # (phones: the browser's backup; the desktop's shows its file's path)
    os.environ["PIPOPIPETTE_DATA_DIR"] = "/home/you/.local/share/pipopipette"  # (not this machine's folder)
    shoot(app, BackupScene(app), "backup", orientation)
    app.browser = False
    values_shots(app, orientation)
    in_french(app, orientation)


def values_shots(app: App, orientation: str) -> None:
    """The analysis board: in a 4x4 review (with its explanation, shown the first time) and in a paused 4x4 game."""
    app.save_settings(app.settings.with_(values_told=False))
    reviewed = finished(Settings(seats=VS_COMPUTER, size=(4, 4)))
    review = ReviewScene(app, reviewed.state, reviewed.names, reviewed.seats)

    def review_values() -> None:
        review.go_to(len(reviewed.state.moves) - 22)
        review.toggle_values()
        while review.values.board.show(review.positions[review.index]) and review.values.board.busy:
            review.values.board.step(0.05)

    shoot(app, review, "review-values", orientation, review_values)
    app.strip.dismiss()  # (read: the player tapped it away)
    app.strip.fit(app.now, app.screen.get_size(), app.density)
    game = played(Settings(seats=VS_COMPUTER, size=(4, 4)), 14, seed=6)
    while game.state.to_move != 0:  # (the person's turn: the game can be paused for the values)
        game.play_line(random.Random(2).choice(game.state.legal_lines()))
        game.update(5.0)
    game.animation = None
    board = BoardScene(app, game)

    def board_values() -> None:
        board.values.toggle()
        while board.values.board.show(game.state) and board.values.board.busy:
            board.values.board.step(0.05)

    shoot(app, board, "board-values", orientation, board_values)


def in_french(app: App, orientation: str) -> None:
    """The square board against the computer again, with the game in French."""
    i18n.set_language("fr")
    try:
        shoot(app, BoardScene(app, played(Settings(seats=VS_COMPUTER, size=(5, 5)), 44)), "board-french", orientation)
    finally:
        i18n.set_language("en")


def reproducible() -> None:
    """The searches in Python, and the day fixed (see the module's docstring)."""
    import game.ai.wasm.solver as compiled
    import game.play.match.record as record
    import game.storage.history as history

    compiled.present = lambda: False  # type: ignore[attr-defined]
    record.datetime = OnTheDay  # type: ignore[misc]
    history.datetime = OnTheDay  # type: ignore[misc]


def main() -> None:
    reproducible()
    OUT.mkdir(parents=True, exist_ok=True)
    for orientation, css_size, density in SCREENS:
        shots(orientation, css_size, density)
    pygame.quit()
    print(f"screenshots written to {OUT.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
