"""The game's board, a puzzle and a lesson take the same gestures the same way (one board input): the mouse's hover
and click, a finger's press, loupe, slide and lift, a slide off the board, a tap on a drawn line, a double tap, and
the keyboard's Tab, arrows and Enter. Each case is driven through the real loop with real pygame events."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytest

from game.app.render import BoardView
from game.app.scenes.board import BoardScene
from game.app.scenes.howto import HowToScene
from game.app.scenes.puzzles import PuzzleScene
from game.core import GameState
from game.play.lessons import ANY, Exercise, Lesson, Step
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.puzzles import load_puzzles

TAKEN = "That line is taken"
TOO_QUICK = "Too quick: tap the line again to draw it"
ANY_LINE = Step("Draw any line.", ANY, "That line is already drawn.", "Drawn.")


@dataclass
class Case:
    """A scene with a board, how to reach its board and position, and a free line it accepts."""

    scene: BoardScene | PuzzleScene | HowToScene
    view: Callable[[], BoardView]
    state: Callable[[], GameState]
    target: int

    def marks(self):
        scene = self.scene
        if isinstance(scene, HowToScene):
            assert scene.lesson is not None
            return scene.marks(scene.lesson)
        return scene.marks()

    def said(self) -> str | None:
        """The message of the moment (why a tap did nothing), as the scene shows it."""
        scene = self.scene
        now = scene.session.now if isinstance(scene, BoardScene) else scene.now
        return scene.feedback.text(now)


def the_board(driver) -> Case:
    session = Session(Settings(seats=(Seat("human"), Seat("human")), animation="fast"), random.Random(2), first=0)
    scene = BoardScene(driver.app, session)
    driver.app.manager.push(scene)
    driver.frames(2)
    return Case(scene, lambda: scene.view, lambda: session.state, 4)


def a_puzzle(driver) -> Case:
    scene = PuzzleScene(driver.app, load_puzzles(), 0)
    driver.app.manager.push(scene)
    driver.frames(2)
    return Case(scene, lambda: scene.view, lambda: scene.state, scene.puzzle.answer)


def a_lesson(driver) -> Case:
    scene = HowToScene(driver.app)
    scene.lessons[0] = Lesson(Exercise("square", (3, 3), (), 0, (ANY_LINE,) * 4, "Done."))
    driver.app.manager.push(scene)
    driver.frames(2)
    return Case(scene, lambda: scene.lesson_view, lambda: scene.lessons[0].state, 4)


CASES = {"board": the_board, "puzzle": a_puzzle, "lesson": a_lesson}


@pytest.fixture(params=list(CASES))
def case(request, make_driver) -> tuple[object, Case]:
    driver = make_driver()
    return driver, CASES[request.param](driver)


def middle(case: Case, line: int) -> tuple[int, int]:
    (ax, ay), (bx, by) = case.view().ends[line]
    return (ax + bx) // 2, (ay + by) // 2


def finger(driver, kind: int, pos: tuple[int, int]) -> None:
    w, h = driver.app.screen.get_size()
    x, y = driver.on_screen(pos)
    driver.post(kind, x=x / w, y=y / h, dx=0, dy=0, finger_id=0, touch_id=1)
    driver.frames(1)


def neighbour_of(case: Case, line: int) -> tuple[int, int]:
    """A free line sharing a dot with ``line``, and that dot."""
    board, state = case.state().board, case.state()
    for other in range(board.num_lines):
        shared = set(board.lines[other]) & set(board.lines[line])
        if other != line and shared and not state.is_drawn(other):
            return other, shared.pop()
    raise AssertionError("no free line next to the target")


def a_drawn_line(case: Case) -> int:
    state = case.state()
    drawn = [line for line in range(state.board.num_lines) if state.is_drawn(line)]
    return drawn[0]


def test_the_mouse_shows_the_line_it_would_draw_and_a_click_draws_it(case):
    driver, case = case
    point = driver.on_screen(middle(case, case.target))
    driver.post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    driver.frames(1)
    assert case.marks().preview == case.target
    assert not case.state().is_drawn(case.target)
    driver.click(middle(case, case.target))
    assert case.state().is_drawn(case.target)


def test_a_finger_sees_its_line_in_the_loupe_slides_to_another_and_lifts_to_draw_it(case):
    driver, case = case
    other, _ = neighbour_of(case, case.target)
    finger(driver, pygame.FINGERDOWN, middle(case, other))
    assert case.marks().preview == other and case.scene.input.loupe is not None
    finger(driver, pygame.FINGERMOTION, middle(case, case.target))
    assert case.marks().preview == case.target, "the choice follows the finger"
    assert not case.state().is_drawn(other) and not case.state().is_drawn(case.target)
    finger(driver, pygame.FINGERUP, middle(case, case.target))
    assert case.state().is_drawn(case.target) and not case.state().is_drawn(other)
    assert case.scene.input.loupe is None


def test_sliding_off_the_board_cancels(case):
    driver, case = case
    before = case.state().drawn
    view = case.view()
    outside = (view.rect.centerx, max(1, view.rect.top - round(2 * driver.app.touch_radius())))
    assert view.line_at(outside, driver.app.touch_radius()) is None
    driver.tap(middle(case, case.target), slide_to=outside)
    driver.frames(2)
    assert case.state().drawn == before and case.said() is None


def test_a_tap_on_a_drawn_line_draws_nothing_and_says_it_is_taken(case):
    driver, case = case
    if not case.state().drawn:
        driver.tap(middle(case, case.target))
        driver.frames(30)
    drawn = a_drawn_line(case)
    before = case.state().drawn
    finger(driver, pygame.FINGERDOWN, middle(case, drawn))
    assert case.marks().taken == drawn and case.marks().preview is None
    assert case.said() == TAKEN, "said while the finger is still down"
    finger(driver, pygame.FINGERUP, middle(case, drawn))
    assert case.state().drawn == before and case.said() == TAKEN


def test_a_double_tap_that_wobbles_onto_the_next_line_draws_one_line(case):
    driver, case = case
    other, dot = neighbour_of(case, case.target)
    view = case.view()
    reach = driver.app.touch_radius() * 0.2

    def toward(line: int) -> tuple[int, int]:
        (x, y), (mx, my) = view.dots[dot], middle(case, line)
        length = math.dist((x, y), (mx, my))
        return round(x + (mx - x) * reach / length), round(y + (my - y) * reach / length)

    first, second = toward(case.target), toward(other)
    assert view.line_at(first, driver.app.touch_radius()) == case.target
    assert view.line_at(second, driver.app.touch_radius()) == other
    driver.tap(first)
    assert case.state().is_drawn(case.target)
    driver.tap(second)
    assert not case.state().is_drawn(other) and case.said() == TOO_QUICK


def test_tab_gives_the_board_a_line_cursor_the_arrows_move_it_and_enter_draws_its_line(case):
    driver, case = case
    driver.key(pygame.K_TAB)
    board = case.scene.input
    assert board.show_cursor and board.cursor is not None and case.scene.panel.focus is None, "the board first"
    first = board.cursor
    assert case.marks().cursor == first
    driver.key(pygame.K_RIGHT)
    assert board.cursor not in (None, first) and case.marks().cursor == board.cursor
    line = board.cursor
    driver.key(pygame.K_RETURN)
    assert case.state().is_drawn(line)
    driver.key(pygame.K_TAB)
    assert case.scene.panel.focus is not None and not board.show_cursor, "then the buttons"


def test_in_a_lesson_what_the_lesson_says_of_a_line_replaces_the_message_of_before(make_driver):
    driver = make_driver()
    case = a_lesson(driver)
    driver.tap(middle(case, case.target))
    driver.frames(15)
    driver.tap(middle(case, case.target))
    assert case.said() == TAKEN
    other, _ = neighbour_of(case, case.target)
    driver.tap(middle(case, other))
    lesson = case.scene.lessons[0]
    assert case.state().is_drawn(other) and case.said() is None and lesson.feedback == "Drawn."


def test_a_double_tap_on_one_line_draws_it_once_and_says_nothing(case):
    driver, case = case
    before = len(case.state().moves)
    driver.tap(middle(case, case.target))
    assert case.state().is_drawn(case.target) and len(case.state().moves) == before + 1
    finger(driver, pygame.FINGERDOWN, middle(case, case.target))
    assert case.said() is None and case.marks().taken is None, "no red band under the second tap"
    finger(driver, pygame.FINGERUP, middle(case, case.target))
    assert case.said() is None, "the second half of a double tap is not a tap on a taken line"
    assert len(case.state().moves) == before + 1


def two_fingers(driver, start: tuple[tuple[int, int], tuple[int, int]], end: tuple[tuple[int, int], tuple[int, int]]):
    """Two fingers come down at ``start`` (the first one first) and move to ``end``, then are lifted."""
    w, h = driver.app.screen.get_size()
    for finger_id, pos in enumerate(start):
        x, y = driver.on_screen(pos)
        driver.post(pygame.FINGERDOWN, x=x / w, y=y / h, dx=0, dy=0, finger_id=finger_id, touch_id=1)
        driver.frames(1)
    for finger_id, pos in enumerate(end):
        x, y = driver.on_screen(pos)
        driver.post(pygame.FINGERMOTION, x=x / w, y=y / h, dx=0, dy=0, finger_id=finger_id, touch_id=1)
        driver.frames(1)
    for finger_id, pos in enumerate(end):
        x, y = driver.on_screen(pos)
        driver.post(pygame.FINGERUP, x=x / w, y=y / h, dx=0, dy=0, finger_id=finger_id, touch_id=1)
        driver.frames(1)


def test_two_fingers_zoom_and_pan_the_board_taps_still_draw_and_a_two_finger_tap_fits(case):
    driver, case = case
    input_ = case.scene.input
    whole = case.view()
    centre, edge = whole.rect.center, whole.edge
    before = case.state().drawn
    near = ((centre[0] - 40, centre[1]), (centre[0] + 40, centre[1]))
    far = ((centre[0] - 100, centre[1]), (centre[0] + 100, centre[1]))
    two_fingers(driver, near, far)
    assert case.state().drawn == before, "a pinch draws nothing"
    assert input_.zoom.zoomed and input_.view.edge > edge * 1.4, "spread fingers zoom in"
    zoomed = input_.view
    free = next(
        line
        for line in range(zoomed.board.num_lines)
        if not case.state().is_drawn(line) and whole.rect.collidepoint(middle_of(zoomed, line))
    )
    finger(driver, pygame.FINGERDOWN, middle_of(zoomed, free))
    assert case.marks().preview == free and input_.loupe is not None, "the loupe shows the zoomed line"
    finger(driver, pygame.FINGERUP, middle_of(zoomed, free))
    assert case.state().is_drawn(free), "a tap on the zoomed board draws the line under the finger"
    driver.frames(20)
    two_fingers(driver, far, ((far[0][0] - 60, far[0][1]), (far[1][0] - 60, far[1][1])))
    assert input_.view.rect.x != zoomed.rect.x or input_.view.rect.x == whole.rect.right - input_.view.rect.width
    tap = (near[0], near[1])
    two_fingers(driver, tap, tap)
    assert not input_.zoom.zoomed and input_.view is case.view(), "two fingers tapped together fit the board"
    two_fingers(driver, near, far)
    assert input_.zoom.zoomed


def middle_of(view: BoardView, line: int) -> tuple[int, int]:
    (ax, ay), (bx, by) = view.ends[line]
    return (ax + bx) // 2, (ay + by) // 2
