"""The interactive pages of How to play: the reader's lines are checked and answered by the rules core."""

from __future__ import annotations

import pygame

from game.app.scenes.board import BoardScene
from game.app.scenes.howto import PAGES, HowToScene
from game.play.lessons import CLOSE_A_BOX, DECLINE, Lesson, line_id


def test_closing_a_box_then_the_extra_move() -> None:
    lesson = Lesson(CLOSE_A_BOX)
    board = lesson.board
    assert not lesson.draw(line_id(board, "h11")) and lesson.mistake
    assert "closes nothing" in lesson.feedback and lesson.state.moves == []
    assert lesson.draw(line_id(board, "v01"))
    assert lesson.state.owner[0] == 0 and lesson.state.to_move == 0, "the box is A's and A moves again"
    assert "extra move" in lesson.prompt()
    assert lesson.draw(line_id(board, "h21"))
    assert lesson.done and lesson.state.to_move == 1 and "turn is over" in lesson.feedback


def test_declining_a_capture_meets_the_double_cross() -> None:
    lesson = Lesson(DECLINE)
    board = lesson.board
    assert lesson.last_turn == [line_id(board, "v00")] and lesson.last_player == 0, "A's opening line is shown"
    assert lesson.draw(line_id(board, "v01"))
    assert not lesson.draw(line_id(board, "v02")), "taking the second box is the wrong lesson"
    assert "optional" in lesson.feedback
    assert lesson.draw(line_id(board, "v03"))
    assert lesson.state.scores == [2, 1] and lesson.state.to_move == 1
    assert lesson.last_turn == [line_id(board, "v02"), line_id(board, "v10")] and lesson.last_player == 0
    while not lesson.done:
        assert lesson.state.would_capture(lesson.show_me())
        assert lesson.draw(lesson.show_me())
    assert lesson.state.over and lesson.state.scores == [2, 4]


def test_the_reader_taps_the_lines_on_the_page(make_driver) -> None:
    driver = make_driver()
    scene = HowToScene(driver.app)
    driver.app.manager.push(scene)
    driver.frames(1)
    lesson = scene.lesson
    assert lesson is not None and PAGES[0].exercise is CLOSE_A_BOX

    def tap(name: str) -> None:
        (ax, ay), (bx, by) = scene.lesson_view.ends[line_id(lesson.board, name)]
        driver.tap(((ax + bx) // 2, (ay + by) // 2))

    tap("h11")
    assert lesson.state.moves == [] and lesson.mistake
    tap("v01")
    assert lesson.state.owner[0] == 0
    driver.press_button("Start again")
    assert scene.lesson is not lesson and scene.lesson.state.moves == []
    driver.press_button("Show me")
    assert scene.lesson.step == 1


def test_the_last_page_starts_an_unrecorded_practice_game(make_driver, store) -> None:
    driver = make_driver()
    scene = HowToScene(driver.app)
    driver.app.manager.push(scene)
    driver.frames(1)
    for _ in range(len(PAGES)):
        driver.key(pygame.K_RIGHT)
    assert scene.page == len(PAGES) - 1
    driver.press_button("Practice game")
    assert isinstance(driver.scene, BoardScene)
    session = driver.scene.session
    assert not session.recorded and session.seats[1].is_computer and session.board.num_cells == 9
    assert store.get("unfinished") is None
