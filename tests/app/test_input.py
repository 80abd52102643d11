"""Input through the real loop: mouse, touch (each tap once, slide away cancels), keyboard, ignored input."""

from __future__ import annotations

import math

import pygame
import pytest

from game.app import theme
from game.app.input import Action, InputMapper
from game.app.render import BoardView
from game.core import Board, GameState, parse_line
from game.play.match import Session
from game.play.settings import Seat, Settings

HUMANS = Settings(seats=(Seat("human"), Seat("human")), animation="fast")


def start(driver, settings=HUMANS) -> Session:
    session = Session(settings, driver.app.rng, first=0)
    driver.app.go("board", session=session)
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


def test_a_second_finger_makes_a_pinch_and_the_first_fingers_lift_draws_nothing(make_driver):
    mapper = InputMapper()
    size = (100, 100)
    down = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=1)
    other = pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.1, finger_id=2)
    apart = pygame.event.Event(pygame.FINGERMOTION, x=0.0, y=0.0, dx=0, dy=0, finger_id=2)
    other_up = pygame.event.Event(pygame.FINGERUP, x=0.1, y=0.1, finger_id=2)
    up = pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, finger_id=1)
    assert mapper.actions(down, size) == [Action("press", (50, 50), touch=True)]
    assert mapper.actions(other, size) == [Action("pinch_start", (30, 30), touch=True)]
    (pinch,) = mapper.actions(apart, size)
    assert pinch.kind == "pinch" and pinch.pos == (25, 25) and abs(pinch.scale - 1.25) < 0.01
    assert [a.kind for a in mapper.actions(other_up, size)] == ["pinch_end"]
    assert mapper.actions(up, size) == [], "the finger that stayed draws nothing when lifted"
    assert mapper.actions(down, size) == [Action("press", (50, 50), touch=True)], "then a new touch is a press"


def test_a_touch_near_a_line_within_the_large_hit_area_draws_it(make_driver):
    driver = make_driver()
    session = start(driver)
    (ax, ay), (bx, by) = driver.scene.view.ends[0]
    assert ay == by, "line 0 of a square board is horizontal"
    near = ((ax + bx) // 2, ay - int(driver.scene.view.edge * 0.4))
    driver.tap(near)
    assert session.state.moves == [0]


def test_sliding_off_every_line_cancels_the_touch(make_driver):
    driver = make_driver()
    session = start(driver)
    outside = (driver.scene.frame.board.centerx, driver.scene.frame.status.centery)
    driver.tap(driver.line_point(0), slide_to=outside)
    assert session.state.moves == []


def test_finger_down_shows_the_line_before_it_is_drawn(make_driver):
    driver = make_driver()
    session = start(driver)
    w, h = driver.app.size
    x, y = driver.line_point(3)
    driver.post(pygame.FINGERDOWN, x=x / w, y=y / h, dx=0, dy=0, finger_id=0, touch_id=1)
    driver.frames(1)
    assert driver.scene.marks().preview == 3
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
    assert driver.scene.marks().preview == 4
    driver.click(point)
    assert session.state.moves == [4]


def test_keyboard_arrows_and_enter_play_lines(make_driver):
    driver = make_driver()
    session = start(driver)
    driver.key(pygame.K_RIGHT)
    first = driver.scene.input.cursor
    assert first is not None
    driver.key(pygame.K_RETURN)
    assert session.state.moves == [first]
    driver.wait_for_turn()
    driver.key(pygame.K_DOWN)
    second = driver.scene.input.cursor
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
    seen = [driver.scene.input.cursor]
    moves = {pygame.K_RIGHT: (1, 0), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_UP: (0, -1)}
    for key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP, pygame.K_UP):
        (x0, y0), dx_dy = middle(seen[-1]), moves[key]
        driver.key(key)
        x1, y1 = middle(driver.scene.input.cursor)
        assert (x1 - x0) * dx_dy[0] + (y1 - y0) * dx_dy[1] > 0, f"key {pygame.key.name(key)} moved the other way"
        seen.append(driver.scene.input.cursor)
    assert all(a != b for a, b in zip(seen, seen[1:], strict=False)), "every press moved the cursor"
    assert {direction(view, line) for line in seen} == {0, 60, 120}, "flat sides and both slants"


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
        Board.triangle(6),
        Board.triangle(9),
        Board.hexagon(3),
        Board.square(8),
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
    (ax, ay), (bx, by) = view.ends[0]
    away = ((ax + bx) // 2, ay - int(view.edge * 0.8))
    assert view.line_at(away) is None
    assert view.line_at(away, radius=view.edge) == 0


# -- a press on a drawn line, sliding, lifting, double taps ---------------------------------------------------


def finger(driver, kind: int, pos: tuple[int, int], finger_id: int = 0) -> None:
    w, h = driver.app.size
    driver.post(kind, x=pos[0] / w, y=pos[1] / h, dx=0, dy=0, finger_id=finger_id, touch_id=1)


def sdl_tap(driver, pos: tuple[int, int]) -> None:
    """A tap in the order SDL2 queues it: its synthetic mouse events (``touch`` set) before each finger event."""
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=True)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    finger(driver, pygame.FINGERDOWN, pos)
    driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
    finger(driver, pygame.FINGERUP, pos)
    driver.frames(1)


def play_by_taps(driver, lines) -> None:
    for line in lines:
        driver.wait_for_turn()
        driver.tap(driver.line_point(line))
    driver.wait_for_turn()


def toward(point, target, pixels: float) -> tuple[int, int]:
    """``point`` moved ``pixels`` toward ``target``."""
    dx, dy = target[0] - point[0], target[1] - point[1]
    length = math.hypot(dx, dy)
    return round(point[0] + dx / length * pixels), round(point[1] + dy / length * pixels)


def test_a_tap_on_a_drawn_line_of_a_small_board_draws_nothing_and_says_it_is_taken(make_driver):
    driver = make_driver()
    session = start(driver)
    play_by_taps(driver, [13, 0])
    inside = driver.scene.view.centres[0]
    for point in (driver.line_point(13), toward(driver.line_point(13), inside, driver.scene.view.edge * 0.2)):
        driver.tap(point)
        assert session.state.moves == [13, 0]
        assert driver.scene.status() == "That line is taken"


def test_a_tap_on_a_drawn_line_of_a_big_board_draws_nothing_even_when_the_touch_radius_is_wider_than_an_edge(
    make_driver, monkeypatch
):
    driver = make_driver()
    session = start(driver, HUMANS.with_(size=(8, 8)))
    view = driver.scene.view
    monkeypatch.setattr(driver.app, "touch_radius", lambda: view.edge * 1.3)  # a phone: 7 mm is more than an edge
    cell = 27
    top = min(session.board.cells[cell], key=lambda line: driver.line_point(line)[1])
    play_by_taps(driver, [top])
    assert session.state.moves == [top]
    driver.frames(15)  # (a deliberate tap, not the second half of a double tap, which is swallowed silently)
    near_top = toward(driver.line_point(top), view.centres[cell], view.edge * 0.3)
    for _ in range(3):
        driver.tap(near_top)
        assert session.state.moves == [top], "the drawn line under the finger, not a free side of the box"
        assert driver.scene.status() == "That line is taken"
    other = next(line for line in session.board.cells[cell] if line != top)
    driver.tap(driver.line_point(other))
    assert session.state.moves == [top, other], "a free line under the finger is still drawn"


@pytest.mark.parametrize(("shape", "size", "cell"), [("triangle", (4,), 4), ("hex", (2,), 3)])
def test_a_click_on_a_drawn_line_of_a_triangle_or_hex_board_draws_nothing(make_driver, shape, size, cell):
    driver = make_driver()
    session = start(driver, HUMANS.with_(shape=shape, size=size))
    view = driver.scene.view
    line = session.board.cells[cell][0]
    driver.click(driver.line_point(line))
    driver.wait_for_turn()
    driver.frames(15)  # (a deliberate click, not the second half of a double click, which is swallowed silently)
    assert session.state.moves == [line]
    inside = view.centres[cell]
    for point in (driver.line_point(line), toward(driver.line_point(line), inside, view.edge * 0.15)):
        driver.click(point)
        assert session.state.moves == [line]
        assert driver.scene.status() == "That line is taken"


def hover(driver, point) -> None:
    driver.post(pygame.MOUSEMOTION, pos=driver.on_screen(point), rel=(0, 0), buttons=(0, 0, 0), touch=False)
    driver.frames(1)


def test_the_mouse_over_a_drawn_line_shows_that_it_is_taken_and_whose_it_is(make_driver):
    driver = make_driver()
    session = start(driver, HUMANS.with_(seats=(Seat("human"), Seat("computer", "easy"))))
    play_by_taps(driver, [13])
    computers = [line for line in session.state.moves if line != 13]
    assert computers, "the computer answered"
    view = driver.scene.view
    for line, says in ((13, "That line is taken: you drew it"), (computers[0], "That line is taken: Easy drew it")):
        hover(driver, toward(driver.line_point(line), view.centres[session.board.line_cells[line][0]], 4))
        marks = driver.scene.marks()
        assert marks.owned == line and marks.preview is None and marks.taken is None
        assert driver.scene.status() == says
        (ax, ay), (bx, by) = view.ends[line]
        beside = (
            ax + (bx - ax) // 4 + (by - ay != 0) * view.line_width,
            ay + (by - ay) // 4 + (bx - ax != 0) * view.line_width,
        )
        drawer = session.looks[session.state.drawers()[session.state.moves.index(line)]]
        assert tuple(driver.app.screen.get_at(driver.on_screen(beside)))[:3] == theme.tint(drawer.colour, 0.55), (
            "a band in the colour of whoever drew it"
        )
    free = next(line for line in range(session.board.num_lines) if not session.state.is_drawn(line))
    hover(driver, driver.line_point(free))
    assert driver.scene.marks().owned is None and driver.scene.marks().preview == free
    assert driver.scene.status() == "Your turn"
    driver.click(driver.line_point(13))
    assert session.state.moves[0] == 13 and session.state.moves.count(13) == 1
    assert driver.scene.status() == "That line is taken", "a click on it says what a tap says"


def test_the_chosen_line_is_the_nearest_line_even_when_it_is_drawn(make_driver):
    driver = make_driver()
    session = start(driver)
    play_by_taps(driver, [13])
    driver.frames(15)  # (a deliberate press, not the second half of a double tap)
    view = driver.scene.view
    point = toward(driver.line_point(13), view.centres[0], view.edge * 0.3)
    assert view.line_at(point) == 13
    assert view.line_at(point, radius=view.edge * 2) == 13, "a wide radius does not skip the drawn line"
    finger(driver, pygame.FINGERDOWN, point)
    driver.frames(1)
    marks = driver.scene.marks()
    assert marks.taken == 13 and marks.preview is None
    assert driver.scene.status() == "That line is taken", "said while the finger is still down"
    finger(driver, pygame.FINGERUP, point)
    driver.frames(1)
    assert session.state.moves == [13]


def test_press_slide_lift_draws_the_line_under_the_finger_at_lift(make_driver):
    driver = make_driver()
    session = start(driver)
    first, second = driver.line_point(0), driver.line_point(12)
    finger(driver, pygame.FINGERDOWN, first)
    driver.frames(1)
    assert driver.scene.marks().preview == 0
    finger(driver, pygame.FINGERMOTION, driver.scene.view.centres[0])
    finger(driver, pygame.FINGERMOTION, second)
    driver.frames(1)
    assert driver.scene.marks().preview == 12, "the choice followed the finger"
    assert session.state.moves == []
    finger(driver, pygame.FINGERUP, second)
    driver.frames(1)
    assert session.state.moves == [12]


def test_a_pressing_finger_sees_the_chosen_line_in_a_loupe_above_it(make_driver):
    driver = make_driver()
    start(driver)
    view = driver.scene.view
    cell = 4  # the middle box: room above it
    line = min(driver.scene.session.board.cells[cell], key=lambda n: driver.line_point(n)[1])
    point = driver.line_point(line)
    finger(driver, pygame.FINGERDOWN, point)
    driver.frames(1)
    loupe = driver.scene.input.loupe
    assert loupe is not None and loupe.bottom < point[1] - driver.app.touch_radius(), "clear of the finger"
    preview = driver.app.screen.get_at(point)
    shown = driver.app.screen.get_at((loupe.centerx, loupe.centery - view.line_width))
    assert max(abs(a - b) for a, b in zip(preview[:3], shown[:3], strict=True)) < 12, "the line, magnified"
    finger(driver, pygame.FINGERUP, point)
    driver.frames(1)
    assert driver.scene.input.loupe is None


def capture_run(driver) -> Session:
    """Player 2 to move on 3x3 with box 0 one line (13) from closed and box 1 closed by 14 after it."""
    session = start(driver, HUMANS.with_(animation="slow"))
    play_by_taps(driver, [0, 3, 12, 1, 4])
    assert session.state.to_move == 1
    return session


@pytest.mark.slow
def test_a_double_tap_during_an_animated_capture_run_draws_exactly_one_line(make_driver):
    driver = make_driver()
    session = capture_run(driver)
    point = driver.line_point(13)
    driver.tap(point)
    assert session.busy and session.state.moves[-1] == 13
    driver.tap(point)
    driver.wait_for_turn()
    driver.frames(20)
    assert session.state.moves == [0, 3, 12, 1, 4, 13]
    assert session.state.to_move == 1, "still the capturing player's turn, nothing drawn for them"


@pytest.mark.slow
def test_a_double_tap_that_wobbles_onto_a_free_line_draws_exactly_one_line(make_driver):
    driver = make_driver()
    session = capture_run(driver)
    view = driver.scene.view
    corner = view.dots[5]  # where line 13 meets free line 17 (below) and drawn lines 3 and 4
    reach = driver.app.touch_radius() * 0.2
    above, below = (corner[0], round(corner[1] - reach)), (corner[0], round(corner[1] + reach))
    assert view.line_at(above) == 13 and view.line_at(below) == 17
    driver.tap(above)
    assert session.state.moves[-1] == 13
    driver.tap(below)  # during the animation
    driver.wait_for_turn()
    driver.frames(20)
    assert session.state.moves == [0, 3, 12, 1, 4, 13]
    driver.tap(above)
    driver.clock.jump(0.1)
    driver.frames(1)
    assert session.state.moves == [0, 3, 12, 1, 4, 13]


def test_a_tap_far_from_the_last_during_the_animation_is_drawn_once_it_ends(make_driver):
    driver = make_driver()
    session = capture_run(driver)
    driver.tap(driver.line_point(13))
    assert session.busy
    driver.tap(driver.line_point(14))
    assert session.state.moves[-1] == 13 and driver.scene.marks().preview == 14, "waiting, and shown"
    driver.until(lambda: len(session.state.moves) == 7, limit=60)
    assert session.state.moves[-2:] == [13, 14]


def test_a_tap_during_the_animation_is_dropped_when_the_turn_passes(make_driver):
    driver = make_driver()
    session = start(driver, HUMANS.with_(animation="slow"))
    driver.tap(driver.line_point(0))
    assert session.busy and session.state.to_move == 1
    driver.tap(driver.line_point(9))  # the other person is to move next: a tap is queued for them only
    driver.wait_for_turn()
    driver.frames(5)
    assert session.state.moves == [0, 9]
    settings = Settings(seats=(Seat("human"), Seat("computer", "easy")), animation="slow")
    driver.app.manager.pop()
    session = start(driver, settings)
    driver.tap(driver.line_point(0))
    driver.tap(driver.line_point(9))
    assert driver.scene.input.queued is None, "the computer is to move: nothing is queued"


def test_touch_duplicate_mouse_events_are_dropped_in_sdls_order(make_driver):
    mapper, size = InputMapper(), (200, 100)
    events = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(0, 0), buttons=(0, 0, 0), touch=True),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 50), button=1, touch=True),
        pygame.event.Event(pygame.FINGERDOWN, x=0.25, y=0.5, finger_id=3),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(60, 50), rel=(10, 0), buttons=(1, 0, 0), touch=True),
        pygame.event.Event(pygame.FINGERMOTION, x=0.3, y=0.5, finger_id=3),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(60, 50), button=1, touch=True),
        pygame.event.Event(pygame.FINGERUP, x=0.3, y=0.5, finger_id=3),
    ]
    actions = [action for event in events for action in mapper.actions(event, size)]
    assert actions == [
        Action("press", (50, 50), touch=True),
        Action("drag", (60, 50), touch=True),
        Action("release", (60, 50), touch=True),
    ]
    driver = make_driver()
    session = start(driver)
    sdl_tap(driver, driver.line_point(5))
    assert session.state.moves == [5]
    driver.wait_for_turn()
    finger(driver, pygame.FINGERDOWN, driver.line_point(7))
    driver.post(pygame.MOUSEMOTION, pos=driver.line_point(9), rel=(0, 0), buttons=(1, 0, 0), touch=True)
    driver.frames(1)
    assert driver.scene.marks().preview == 7, "a synthetic mouse motion does not move the choice"
    driver.post(pygame.MOUSEBUTTONUP, pos=driver.line_point(9), button=1, touch=True)
    finger(driver, pygame.FINGERUP, driver.line_point(7))
    driver.frames(1)
    assert session.state.moves == [5, 7]


def test_a_rotation_mid_press_cancels_the_press_and_the_board_follows_the_new_size(make_driver):
    driver = make_driver()
    session = start(driver)
    play_by_taps(driver, [0])
    finger(driver, pygame.FINGERDOWN, driver.line_point(5))
    driver.frames(1)
    assert driver.scene.input.loupe is not None
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720)
    driver.frames(1)
    assert driver.app.size == (1280, 720)
    assert driver.scene.input.press is None and driver.scene.input.loupe is None
    finger(driver, pygame.FINGERUP, (640, 360))
    driver.frames(1)
    assert session.state.moves == [0]
    x, y = driver.line_point(0)
    blue = session.looks[0].colour
    assert tuple(driver.app.screen.get_at((x, y)))[:3] in (blue, theme.tint(blue, 0.6)), "drawn where line 0 is now"
    sdl_tap(driver, driver.line_point(5))
    assert session.state.moves == [0, 5], "taps land on the lines where they are now drawn"


def test_the_first_arrow_press_starts_on_a_side_of_the_middle_box():
    board = Board.square(3)
    view = BoardView(board, pygame.Rect(0, 0, 600, 600))
    middle_box = set(board.cells[4])  # the box in the middle of 3x3: its sides are the lines nearest the centre
    for way in ("left", "right", "up", "down"):
        assert view.neighbour(GameState(board), None, way) in middle_box


@pytest.mark.parametrize(
    ("start", "way", "end"),
    [("v 1 1", "left", "v 1 0"), ("v 1 1", "right", "v 1 2"), ("h 1 1", "up", "h 0 1"), ("h 1 1", "down", "h 2 1")],
)
def test_an_arrow_moves_the_cursor_straight_that_way(start, way, end):
    """On 3x3 boxes (midpoints in edges: v r c at (c, r + 0.5), h r c at (c + 0.5, r)), the line straight that way
    is one edge off; the slanted neighbours are half an edge along and half across, which counts as further."""
    board = Board.square(3)
    view = BoardView(board, pygame.Rect(0, 0, 600, 600))
    assert view.neighbour(GameState(board), parse_line(board, start), way) == parse_line(board, end)


def test_an_arrow_counts_sideways_distance_twice():
    """From v 1 2 (at (2, 1.5) in edges) going left, with v 1 1, h 1 1 and h 2 1 drawn: h 1 0 and h 2 0 are 1.5
    along and 0.5 across (sqrt(1.5^2 + (2 * 0.5)^2) = 1.80), v 1 0 is 2 straight along (2): the cursor takes a
    slanted side. Counting sideways distance three times (2.12) would send it straight on instead."""
    board = Board.square(3)
    view = BoardView(board, pygame.Rect(0, 0, 600, 600))
    state = GameState(board)
    for name in ("v 1 1", "h 1 1", "h 2 1"):
        state.play(parse_line(board, name))
    assert view.neighbour(state, parse_line(board, "v 1 2"), "left") in {
        parse_line(board, "h 1 0"),
        parse_line(board, "h 2 0"),
    }


def test_a_finger_without_an_id_is_finger_0():
    """Finger events made without ``finger_id`` count as finger 0: a second finger makes a pinch with it, and finger
    0's lift ends the pinch."""
    mapper = InputMapper()
    down = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5)
    second = pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.1, finger_id=1)
    up = pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, finger_id=0)
    second_up = pygame.event.Event(pygame.FINGERUP, x=0.1, y=0.1, finger_id=1)
    assert [a.kind for a in mapper.actions(down, (100, 100))] == ["press"]
    assert [a.kind for a in mapper.actions(second, (100, 100))] == ["pinch_start"]
    assert [a.kind for a in mapper.actions(up, (100, 100))] == ["pinch_end"]
    assert mapper.actions(second_up, (100, 100)) == []
    assert [a.kind for a in mapper.actions(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5), (100, 100))] == [
        "press"
    ]
    assert mapper.actions(pygame.event.Event(pygame.FINGERDOWN, x=0.2, y=0.2), (100, 100)) == []


# -- each raw event, one at a time, to its action --------------------------------------------------------------
def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod)


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (pygame.event.Event(pygame.QUIT), [Action("quit")]),
        (key(pygame.K_LEFT), [Action("left", text="left")]),
        (key(pygame.K_RIGHT), [Action("right", text="right")]),
        (key(pygame.K_UP), [Action("up", text="up")]),
        (key(pygame.K_DOWN), [Action("down", text="down")]),
        (key(pygame.K_RETURN), [Action("confirm", text="return")]),
        (key(pygame.K_KP_ENTER), [Action("confirm", text="enter")]),
        (key(pygame.K_SPACE), [Action("confirm", text="space")]),
        (key(pygame.K_u), [Action("undo", text="u")]),
        (key(pygame.K_h), [Action("hint", text="h")]),
        (key(pygame.K_ESCAPE), [Action("back", text="escape")]),
        (key(pygame.K_AC_BACK), [Action("back", text="AC Back")]),
        (key(pygame.K_BACKSPACE), [Action("back", text="backspace")]),
        (key(pygame.K_x), []),
        (key(pygame.K_TAB), [Action("next")]),
        (key(pygame.K_TAB, pygame.KMOD_LSHIFT), [Action("previous")]),
        (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB), [Action("next")]),
        (key(pygame.K_v, pygame.KMOD_LCTRL), [Action("paste")]),
        (key(pygame.K_v, pygame.KMOD_RMETA), [Action("paste")]),
        (key(pygame.K_v), []),
        (key(pygame.K_v, pygame.KMOD_SHIFT), []),
        (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v), []),
        (pygame.event.Event(pygame.TEXTINPUT, text="é"), [Action("text", text="é")]),
        (pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200), [Action("resize")]),
        (pygame.event.Event(pygame.WINDOWSIZECHANGED, x=300, y=200), [Action("resize")]),
        (pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, touch=False), [Action("scroll", amount=-2)]),
        (pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3), [Action("scroll", amount=3)]),
        (pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, touch=True), []),
        (pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT), []),
        (pygame.event.Event(pygame.ACTIVEEVENT, gain=1, state=1), []),
    ],
)
def test_each_event_becomes_its_action(event: pygame.event.Event, expected: list[Action]) -> None:
    assert InputMapper().actions(event, (300, 200)) == expected


def test_the_mouse_hovers_then_drags_with_button_1_held_and_other_buttons_do_nothing() -> None:
    mapper = InputMapper()

    def mouse(kind: int, x: float, y: float, **extra: object) -> list[Action]:
        return mapper.actions(pygame.event.Event(kind, pos=(x, y), **extra), (300, 200))

    assert mouse(pygame.MOUSEBUTTONUP, 5, 5, button=1) == [], "a release with no press before it"
    assert mouse(pygame.MOUSEMOTION, 10.7, 20.2) == [Action("hover", (10, 20))]
    assert mouse(pygame.MOUSEBUTTONDOWN, 10, 20, button=3) == []
    assert mouse(pygame.MOUSEMOTION, 11, 20) == [Action("hover", (11, 20))], "the right button does not drag"
    assert mouse(pygame.MOUSEBUTTONDOWN, 11, 20) == [Action("press", (11, 20))], "no button given: button 1"
    assert mouse(pygame.MOUSEMOTION, 30, 40) == [Action("drag", (30, 40))]
    assert mouse(pygame.MOUSEBUTTONUP, 30, 40, button=2) == []
    assert mouse(pygame.MOUSEBUTTONUP, 31, 41, button=1) == [Action("release", (31, 41))]
    assert mouse(pygame.MOUSEMOTION, 32, 42) == [Action("hover", (32, 42))], "released: hovering again"
    assert mouse(pygame.MOUSEBUTTONUP, 32, 42, button=1) == [], "released once only"


def test_a_finger_s_place_is_its_fraction_of_the_window_and_its_lift_ends_the_press() -> None:
    mapper = InputMapper()

    def finger(kind: int, x: float, y: float, finger_id: int = 7) -> list[Action]:
        return mapper.actions(pygame.event.Event(kind, x=x, y=y, finger_id=finger_id), (300, 200))

    assert finger(pygame.FINGERMOTION, 0.5, 0.5) == [], "no finger is down"
    assert finger(pygame.FINGERUP, 0.5, 0.5) == []
    assert finger(pygame.FINGERDOWN, 0.25, 0.999) == [Action("press", (75, 199), touch=True)]
    assert finger(pygame.FINGERMOTION, 0.5, 0.1, finger_id=8) == [], "another finger"
    assert finger(pygame.FINGERMOTION, 0.5, 0.1) == [Action("drag", (150, 20), touch=True)]
    assert finger(pygame.FINGERUP, 0.6, 0.5) == [Action("release", (180, 100), touch=True)]
    assert finger(pygame.FINGERMOTION, 0.5, 0.5) == [], "lifted"
    assert finger(pygame.FINGERDOWN, 0.1, 0.1, finger_id=8) == [Action("press", (30, 20), touch=True)]


def test_a_line_exactly_on_the_edge_of_the_arrow_cone_counts_as_within_it():
    """On 5x5 boxes in 600x600 (edge 100 px), v 4 3 (at (350, 500)) is 250 px right of h 0 0 (at (100, 50)) and
    450 px below it: exactly 1.8 times as far across as along, on the edge of the cone. With every other line drawn,
    the right arrow goes there rather than staying put."""
    board = Board.square(5)
    view = BoardView(board, pygame.Rect(0, 0, 600, 600))
    start, edge_line = parse_line(board, "h 0 0"), parse_line(board, "v 4 3")
    state = GameState(board)
    for line in range(board.num_lines):
        if line not in (start, edge_line):
            state.play(line)
    assert view.neighbour(state, start, "right") == edge_line


def test_between_two_lines_equally_near_the_arrow_goes_to_the_first_in_reading_order():
    """On 3x3 boxes in 600x600 (edge 150 px), with h 0 1 drawn, up from h 1 1 (at (300, 225)): v 0 1 (at
    (225, 150)) and v 0 2 (at (375, 150)) are both 75 px up and 75 px across, the same score; the cursor takes
    v 0 1, the first of the two in reading order."""
    board = Board.square(3)
    view = BoardView(board, pygame.Rect(0, 0, 600, 600))
    state = GameState(board)
    state.play(parse_line(board, "h 0 1"))
    assert view.neighbour(state, parse_line(board, "h 1 1"), "up") == parse_line(board, "v 0 1")


def test_the_exact_centre_of_a_box_is_no_line_s_for_the_mouse():
    """On 3x3 boxes in 600x600 (edge 150 px) the middle box's centre (300, 300) is exactly half an edge from each
    of its four sides: the mouse reaches lines less than half an edge away, so it picks none of the four rather
    than an arbitrary one; a touch's wider reach picks the first of them in the board's numbering."""
    board = Board.square(3)
    view = BoardView(board, pygame.Rect(0, 0, 600, 600))
    assert view.line_at((300, 300)) is None
    assert view.line_at((300, 301)) == parse_line(board, "h 2 1"), "a pixel nearer the bottom side"
    assert view.line_at((300, 300), radius=76) == min(board.cells[4])
