"""The interactive pages of How to play: the reader's lines are checked and answered by the rules core."""

from __future__ import annotations

import pygame

from game.ai.position.chains import analyse
from game.ai.search.solver import solve
from game.app.scenes.board import BoardScene
from game.app.scenes.howto import PAGES, HowToScene
from game.core import GameState
from game.play.lessons import (
    CAPTURES_COMPULSORY,
    CLOSE_A_BOX,
    COUNT_CHAINS,
    DECLINE,
    MISERE_GIVE_BACK,
    SAFE_LINES,
    SHORTEST_CHAIN,
    TRIANGLES_LAST_TWO,
    TRIANGLES_SAFE,
    TRIANGLES_TWO,
    Lesson,
    line_id,
)


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
    assert not session.recorded and session.seats[1].is_computer
    assert session.board.num_dots == 9, "rules sheet 000: beginners start on 3x3 dots"
    assert store.get("unfinished") is None


# -- the rules sheets' strategy, played ------------------------------------------------------------------------------
def line_values(state: GameState) -> dict[int, int]:
    """Each line's exact value for the player to move (cells taken count against them in misère)."""
    values = {}
    sign = -1 if state.rules.misere else 1
    for line in state.legal_lines():
        after = state.copy()
        result = after.play(line)
        rest = 0 if after.over else solve(after)
        again = after.to_move == state.to_move
        values[line] = sign * len(result.captured) + (rest if again else -rest)
    return values


def best_lines(state: GameState) -> set[int]:
    """The lines of ``state`` with the best exact value for the player to move."""
    values = line_values(state)
    best = max(values.values())
    return {line for line, value in values.items() if value == best}


def test_safe_lines_refuses_a_third_side_with_the_reason() -> None:
    lesson = Lesson(SAFE_LINES)
    third = line_id(lesson.board, "h10")  # the top-left box already has its top and left sides
    assert not lesson.draw(third) and "third side" in lesson.feedback and lesson.state.moves == []
    assert set(lesson.accepted()) == {line for line in lesson.state.legal_lines() if lesson.state.is_safe(line)}
    assert lesson.draw(lesson.show_me()) and lesson.done


def test_count_the_long_chains_accepts_exactly_the_winning_line() -> None:
    lesson = Lesson(COUNT_CHAINS)
    assert set(lesson.accepted()) == best_lines(lesson.state) == {line_id(lesson.board, "h01")}
    assert lesson.draw(line_id(lesson.board, "h01"))
    longs = [c for c in analyse(lesson.state).chains if len(c.cells) >= 3]
    assert sorted(len(c.cells) for c in longs) == [3, 4]


def test_open_the_shortest_chain_accepts_exactly_the_best_lines_and_b_replies() -> None:
    for first in ("h00", "v00"):  # either side of the one-box chain
        lesson = Lesson(SHORTEST_CHAIN)
        assert set(lesson.accepted()) == best_lines(lesson.state)
        assert not lesson.draw(line_id(lesson.board, "v11")) and lesson.mistake
        assert lesson.draw(line_id(lesson.board, first))
        assert lesson.state.scores == [0, 1] and lesson.state.to_move == 0
        while not lesson.done:
            assert lesson.draw(lesson.show_me())
        assert lesson.state.scores == [2, 1]


def test_triangles_safe_or_careless() -> None:
    lesson = Lesson(TRIANGLES_SAFE)
    careless = 2  # the second side of the top triangle
    assert not lesson.draw(careless) and "second side" in lesson.feedback
    assert lesson.accepted() == [5, 6, 16]
    assert lesson.draw(16) and lesson.done


def test_triangles_two_at_once() -> None:
    lesson = Lesson(TRIANGLES_TWO)
    assert not lesson.draw(0) and lesson.mistake
    assert lesson.draw(11) and lesson.state.scores == [2, 0] and lesson.state.to_move == 0
    assert lesson.draw(lesson.show_me()) and lesson.done and lesson.state.to_move == 1


def test_triangles_leave_the_last_two_is_the_one_best_line_and_wins_6_to_3() -> None:
    lesson = Lesson(TRIANGLES_LAST_TWO)
    assert sorted(len(chain.cells) for chain in analyse(lesson.state).chains) == [1, 3, 5]
    assert set(lesson.accepted()) == best_lines(lesson.state), "giving the single triangle away is best"
    assert not lesson.draw(6) and "single triangle" in lesson.feedback, "opening the chain of five is refused"
    assert lesson.draw(0) and lesson.state.scores == [0, 1] and lesson.last_turn == [1, 16]
    assert lesson.draw(12) and lesson.state.scores == [1, 1] and lesson.state.to_move == 0
    values = line_values(lesson.state)
    assert set(lesson.accepted()) == best_lines(lesson.state) == {17}, "the solver's one best line: leave two"
    assert values[17] - values[13] == 6, "taking the last two instead costs 6 (6 to 3 becomes 3 to 6)"
    assert not lesson.draw(13) and "last two" in lesson.feedback and lesson.state.scores == [1, 1]
    assert lesson.draw(17) and lesson.state.scores == [1, 3] and lesson.state.to_move == 0
    while not lesson.done:
        assert lesson.draw(lesson.show_me())
    assert lesson.state.over and lesson.state.scores == [6, 3]


def test_misere_hands_the_opened_chains_back_as_the_solver_does() -> None:
    lesson = Lesson(MISERE_GIVE_BACK)
    board = lesson.board
    assert lesson.state.rules.misere and lesson.state.to_move == 1
    assert set(lesson.accepted()) == best_lines(lesson.state), "the lines that give the chain back are the best"
    assert not lesson.draw(line_id(board, "v01")) and "counts against you" in lesson.feedback
    assert lesson.draw(line_id(board, "v03")) and lesson.last_turn == [line_id(board, "v10")]
    assert set(lesson.accepted()) == best_lines(lesson.state)
    assert lesson.draw(line_id(board, "v12"))
    assert lesson.done and lesson.state.over and lesson.state.scores == [6, 0], "A had to take all six"


def test_captures_compulsory_refuses_the_double_cross() -> None:
    lesson = Lesson(CAPTURES_COMPULSORY)
    board = lesson.board
    assert lesson.draw(line_id(board, "v01"))
    assert not lesson.draw(line_id(board, "v03")), "declining the last two is what this rule forbids"
    assert "compulsory" in lesson.feedback
    while not lesson.done:
        assert lesson.draw(lesson.show_me())
    assert lesson.state.scores == [0, 3]


def test_the_strategy_pages_are_played() -> None:
    played = {page.title: page.exercise for page in PAGES if page.exercise is not None}
    assert played["Safe lines"] is SAFE_LINES and played["Count the long chains"] is COUNT_CHAINS
    assert played["Shortest chain first"] is SHORTEST_CHAIN
    assert played["Triangles: safe or careless"] is TRIANGLES_SAFE
    assert played["Triangles: two at once"] is TRIANGLES_TWO
    assert played["Triangles: leave the last two"] is TRIANGLES_LAST_TWO
    assert played["Misère"] is MISERE_GIVE_BACK
    assert played["Captures compulsory"] is CAPTURES_COMPULSORY


def test_the_last_page_prints_the_rules_and_a_grid(make_driver, monkeypatch) -> None:
    from tests.app.test_backup import backup_page

    _, window = backup_page()
    driver = make_driver(browser=True)
    scene = HowToScene(driver.app)
    driver.app.manager.push(scene)
    scene.page = len(PAGES) - 1
    scene.invalidate_layout()
    driver.frames(1)
    driver.press_button("Print the rules")
    driver.press_button("Print a grid")
    assert [(name, kind) for name, kind, _ in window.files] == [
        ("pipopipette-rules.svg", "image/svg+xml"),
        ("pipopipette-grid.svg", "image/svg+xml"),
    ]
    assert window.files[1][2].count("<circle") == driver.app.settings.board().num_dots
    assert "offered for download" in scene.feedback.text(scene.now)


def test_settings_options_page_leads_to_the_print_buttons(make_driver, monkeypatch) -> None:
    from game.app.scenes.settings import OPTIONS_PAGE
    from tests.app.test_backup import backup_page

    _, window = backup_page()
    driver = make_driver(browser=True)
    driver.press_button("Settings")
    driver.open_page(OPTIONS_PAGE)
    driver.press_button("Print the rules or a grid")
    assert isinstance(driver.scene, HowToScene) and driver.scene.page == len(PAGES) - 1
    driver.press_button("Print the rules")
    assert [name for name, _, _ in window.files] == ["pipopipette-rules.svg"]
    driver.press_button("Back")
    assert driver.scene.title() == "Settings", "Back returns to Settings"
