"""The two scrolling lists (puzzles, history): a tap opens its row even when the finger slips a little, a drag
scrolls a row at a time and opens nothing."""

from __future__ import annotations

from game.app.input import Action
from game.app.scenes.history import HistoryScene
from game.app.scenes.puzzles import PuzzleListScene, PuzzleScene
from game.storage import FinishedGame, Saved

from .conftest import PORTRAIT
from .test_history import entry


def row_centre(scene, place: int) -> tuple[int, int]:
    """The centre of the ``place``-th row shown (one column)."""
    return scene.list_rect.centerx, scene.list_rect.y + place * scene.row_height + scene.row_height // 2


def tap(scene, start: tuple[int, int], end: tuple[int, int]) -> None:
    scene.handle(Action("press", start, touch=True))
    scene.handle(Action("drag", end, touch=True))
    scene.handle(Action("release", end, touch=True))


def puzzle_list(make_driver) -> PuzzleListScene:
    driver = make_driver(PORTRAIT)
    driver.press_button("Puzzles")
    scene = driver.scene
    assert isinstance(scene, PuzzleListScene) and scene.columns == 1
    return scene


def history_list(make_driver, store, monkeypatch) -> tuple[HistoryScene, list[int]]:
    saved = Saved(store)
    for day in range(1, 10):
        for hour in range(10, 13):
            saved.record_game(FinishedGame.from_data(entry([5, 4], [0], date=f"2026-11-0{day}T{hour}:00:00+00:00")))
    driver = make_driver(PORTRAIT)
    driver.press_button("History")
    scene = driver.scene
    assert isinstance(scene, HistoryScene)
    opened: list[int] = []
    monkeypatch.setattr(scene, "_open_row", opened.append)
    return scene, opened


def test_a_tap_on_a_puzzle_that_slips_down_a_little_still_opens_it(make_driver):
    scene = puzzle_list(make_driver)
    scene._scroll_by(2)
    assert scene.scroll == 2
    x, y = row_centre(scene, 1)
    tap(scene, (x, y), (x + 2, y + 3))
    assert isinstance(scene.app.manager.top, PuzzleScene)
    assert scene.app.manager.top.index == 3, "the row under the finger, the list not scrolled"
    assert scene.scroll == 2


def test_dragging_the_puzzle_list_scrolls_it_and_opens_nothing(make_driver):
    scene = puzzle_list(make_driver)
    x, y = row_centre(scene, 3)
    tap(scene, (x, y), (x, y - 2 * scene.row_height - 5))
    assert scene.scroll == 2 and scene.app.manager.top is scene
    tap(scene, (x, y), (x, y + scene.row_height + 5))
    assert scene.scroll == 1 and scene.app.manager.top is scene


def test_a_tap_on_a_history_row_that_slips_down_a_little_still_opens_it(make_driver, store, monkeypatch):
    scene, opened = history_list(make_driver, store, monkeypatch)
    scene._scroll_by(4)
    assert scene.scroll == 4
    x, y = row_centre(scene, 2)
    tap(scene, (x, y), (x - 2, y + 3))
    assert opened == [6] and scene.scroll == 4


def test_dragging_the_history_scrolls_it_and_opens_nothing(make_driver, store, monkeypatch):
    scene, opened = history_list(make_driver, store, monkeypatch)
    x, y = row_centre(scene, 3)
    tap(scene, (x, y), (x, y - 2 * scene.row_height - 5))
    assert scene.scroll == 2
    tap(scene, (x, y), (x, y + scene.row_height + 5))
    assert scene.scroll == 1 and opened == []


def test_a_slow_drag_scrolls_as_far_as_the_finger_went(make_driver):
    scene = puzzle_list(make_driver)
    x, y = row_centre(scene, 4)
    scene.handle(Action("press", (x, y), touch=True))
    travel = int(scene.row_height * 2.5)
    for step in range(0, travel + 1, 7):
        scene.handle(Action("drag", (x, y - step), touch=True))
    assert scene.scroll == 2, "two and a half rows of finger travel scroll two rows, not one row per event"
    for step in [*range(travel, 0, -7), 0]:
        scene.handle(Action("drag", (x, y - step), touch=True))
    scene.handle(Action("release", (x, y), touch=True))
    assert scene.scroll == 0 and scene.app.manager.top is scene
