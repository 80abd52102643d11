"""Input through the real loop: mouse, touch (each tap once, slide away cancels), keyboard, ignored input."""

from __future__ import annotations

import math

import pygame
import pytest

from game.app.input import Action, InputMapper
from game.app.render import BoardView
from game.app.scenes.board import BoardScene
from game.app.session import Session
from game.app.settings_model import Seat, Settings
from game.core import Board, GameState

HUMANS = Settings(seats=(Seat("human"), Seat("human")), animation="fast")


def start(driver, settings=HUMANS) -> Session:
    session = Session(settings, driver.app.rng, first=0)
    driver.app.manager.push(BoardScene(driver.app, session))
    driver.frames(2)
    return session


def test_a_tap_draws_one_line_even_with_sdl_synthetic_mouse_events(make_driver):
    driver = make_driver()
    session = start(driver)
    line = 5
    driver.tap(driver.line_point(line))
    assert session.state.moves == [line]
    driver.wait_for_turn()
    driver.tap(driver.line_point(7))
    assert session.state.moves == [line, 7]


def test_a_second_finger_is_ignored_while_the_first_is_down(make_driver):
    mapper = InputMapper()
    size = (100, 100)
    down = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=1)
    other = pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.1, finger_id=2)
    other_up = pygame.event.Event(pygame.FINGERUP, x=0.1, y=0.1, finger_id=2)
    up = pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, finger_id=1)
    assert mapper.actions(down, size) == [Action("press", (50, 50), touch=True)]
    assert mapper.actions(other, size) == []
    assert mapper.actions(other_up, size) == []
    assert mapper.actions(up, size) == [Action("release", (50, 50), touch=True)]


def test_a_touch_near_a_line_within_the_large_hit_area_draws_it(make_driver):
    driver = make_driver()
    session = start(driver)
    (ax, ay), (bx, by) = driver.scene.view.ends[0]
    assert ay == by, "line 0 of a square board is horizontal"
    near = ((ax + bx) // 2, ay - int(driver.scene.view.edge * 0.4))
    driver.tap(near)
    assert session.state.moves == [0]


def test_sliding_away_cancels_the_touch(make_driver):
    driver = make_driver()
    session = start(driver)
    start_point = driver.line_point(0)
    far = driver.line_point(session.board.num_lines - 1)
    driver.tap(start_point, slide_to=far)
    assert session.state.moves == []


def test_finger_down_shows_the_line_before_it_is_drawn(make_driver):
    driver = make_driver()
    session = start(driver)
    w, h = driver.app.size
    x, y = driver.line_point(3)
    driver.post(pygame.FINGERDOWN, x=x / w, y=y / h, dx=0, dy=0, finger_id=0, touch_id=1)
    driver.frames(1)
    assert driver.scene._marks().preview == 3
    assert session.state.moves == []
    driver.post(pygame.FINGERUP, x=x / w, y=y / h, dx=0, dy=0, finger_id=0, touch_id=1)
    driver.frames(1)
    assert session.state.moves == [3]


def test_mouse_hover_previews_and_click_draws(make_driver):
    driver = make_driver()
    session = start(driver)
    point = driver.line_point(4)
    driver.post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    driver.frames(1)
    assert driver.scene._marks().preview == 4
    driver.click(point)
    assert session.state.moves == [4]


def test_keyboard_arrows_and_enter_play_lines(make_driver):
    driver = make_driver()
    session = start(driver)
    driver.key(pygame.K_RIGHT)
    first = driver.scene.cursor
    assert first is not None
    driver.key(pygame.K_RETURN)
    assert session.state.moves == [first]
    driver.wait_for_turn()
    driver.key(pygame.K_DOWN)
    second = driver.scene.cursor
    assert second is not None and second != first
    driver.key(pygame.K_SPACE)
    assert session.state.moves == [first, second]


def test_keyboard_cursor_visits_every_line_direction_on_a_hex_board(make_driver):
    driver = make_driver()
    start(driver, HUMANS.with_(shape="hex", size=(1,)))
    view = driver.scene.view

    def middle(line: int) -> tuple[float, float]:
        (ax, ay), (bx, by) = view.ends[line]
        return (ax + bx) / 2, (ay + by) / 2

    driver.key(pygame.K_RIGHT)
    seen = [driver.scene.cursor]
    moves = {pygame.K_RIGHT: (1, 0), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_UP: (0, -1)}
    for key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP, pygame.K_UP):
        (x0, y0), dx_dy = middle(seen[-1]), moves[key]
        driver.key(key)
        x1, y1 = middle(driver.scene.cursor)
        assert (x1 - x0) * dx_dy[0] + (y1 - y0) * dx_dy[1] > 0, f"key {pygame.key.name(key)} moved the other way"
        seen.append(driver.scene.cursor)
    assert all(a != b for a, b in zip(seen, seen[1:], strict=False)), "every press moved the cursor"
    assert {direction(view, line) for line in seen} == {60, 120}, "both slants; the flat sides are checked below"


def direction(view, line: int) -> int:
    """A side's direction on the screen in degrees, to the nearest 10, from 0 to 170."""
    (ax, ay), (bx, by) = view.ends[line]
    return round(math.degrees(math.atan2(by - ay, bx - ax)) % 180 / 10) % 18 * 10


def reachable_with_arrows(view, state) -> set[int]:
    start = view.neighbour(state, None, "right")
    found, todo = {start}, [start]
    while todo:
        line = todo.pop()
        for way in ("left", "right", "up", "down"):
            step = view.neighbour(state, line, way)
            if step not in found:
                found.add(step)
                todo.append(step)
    return found


@pytest.mark.parametrize(
    "board",
    [
        Board.square(3),
        Board.square(2, 5),
        Board.hexagon(1),
        Board.hexagon(2),
        pytest.param(
            Board.triangle(6),
            marks=pytest.mark.xfail(strict=True, reason="issue 13 found: 10 of the 45 lines cannot be reached"),
        ),
    ],
    ids=repr,
)
def test_the_arrow_keys_reach_every_line(board):
    view = BoardView(board, pygame.Rect(0, 0, 600, 600))
    state = GameState(board)
    reached = reachable_with_arrows(view, state)
    assert reached == set(range(board.num_lines))
    assert {direction(view, line) for line in reached} == {direction(view, line) for line in range(board.num_lines)}


def test_input_during_a_computer_turn_is_ignored_and_not_queued(make_driver):
    driver = make_driver()
    settings = Settings(seats=(Seat("human"), Seat("computer", "easy")), animation="fast")
    session = start(driver, settings)
    driver.click(driver.line_point(0))
    assert session.state.moves == [0]
    assert not session.accepting_input()
    driver.click(driver.line_point(1))
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    driver.wait_for_turn()
    assert session.state.moves[0] == 0
    assert all(mover == 1 for mover in session.movers[0][1:]), "only the computer moved after the click"


def test_clicks_during_the_line_animation_are_ignored(make_driver):
    driver = make_driver()
    session = start(driver, HUMANS.with_(animation="slow"))
    driver.click(driver.line_point(0))
    assert session.busy
    driver.click(driver.line_point(2))
    assert session.state.moves == [0]


def test_the_touch_radius_reaches_further_than_half_an_edge():
    board = Board.square(12, 12)
    view = BoardView(board, pygame.Rect(0, 0, 700, 700))
    state = GameState(board)
    (ax, ay), (bx, by) = view.ends[0]
    away = ((ax + bx) // 2, ay - int(view.edge * 0.8))
    assert view.line_at(state, away) is None
    assert view.line_at(state, away, radius=view.edge) == 0
