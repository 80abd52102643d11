"""The puzzle scenes: from the menu to a puzzle, a wrong line taken back, the hint, the right line saved as solved."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.puzzles import PuzzleListScene, PuzzleScene, goal_text, right_text
from game.play.puzzle_words import theme_title
from game.puzzles import THEMES, load_puzzles
from game.storage import PUZZLES as SOLVED_KEY

from .conftest import LANDSCAPE, PORTRAIT


def open_first_puzzle(driver) -> PuzzleScene:
    driver.press_button("Puzzles")
    assert isinstance(driver.scene, PuzzleListScene)
    driver.press_button("Next unsolved")
    assert isinstance(driver.scene, PuzzleScene)
    return driver.scene


def a_wrong_line(scene: PuzzleScene) -> int:
    return next(line for line in scene.state.legal_lines() if line != scene.puzzle.answer)


def test_wrong_line_is_shown_then_taken_back_and_nothing_is_saved(make_driver, store):
    driver = make_driver(PORTRAIT)
    scene = open_first_puzzle(driver)
    before = scene.state.drawn
    assert scene.status_text()[0] == goal_text(scene.puzzle)
    assert scene.status_text()[0].startswith("Find the one line that ")
    wrong = a_wrong_line(scene)
    driver.click(driver.line_point(wrong))
    assert scene.state.is_drawn(wrong)
    assert scene.status_text()[0] == "Not this one: it does not keep the best result. Try again."
    driver.click(driver.line_point(scene.puzzle.answer))
    assert not scene.state.is_drawn(scene.puzzle.answer), "no second line while the wrong one is shown"
    driver.until(lambda: scene.wrong is None)
    assert scene.state.drawn == before and scene.tries == 1
    assert store.get(SOLVED_KEY) is None


@pytest.mark.slow
def test_the_mouse_over_a_drawn_line_shows_it_taken_and_a_click_on_it_draws_nothing(make_driver):
    driver = make_driver(PORTRAIT)
    scene = open_first_puzzle(driver)
    drawn = next(line for line in range(scene.state.board.num_lines) if scene.state.is_drawn(line))
    point = driver.on_screen(driver.line_point(drawn))
    driver.post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    driver.frames(1)
    assert scene.marks().owned == drawn and scene.marks().preview is None
    before = scene.state.drawn
    driver.click(driver.line_point(drawn))
    assert scene.state.drawn == before and scene.tries == 0
    assert scene.status_text()[0] == "That line is taken", "a click on it says what it says on the game's board"
    driver.until(lambda: scene.status_text()[0] == goal_text(scene.puzzle))
    free = a_wrong_line(scene)
    driver.post(pygame.MOUSEMOTION, pos=driver.on_screen(driver.line_point(free)), rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(1)
    assert scene.marks().owned is None and scene.marks().preview == free


def test_hint_names_the_technique(make_driver):
    driver = make_driver(LANDSCAPE)
    scene = open_first_puzzle(driver)
    driver.press_button("Hint")
    text, colour = scene.status_text()
    assert scene.puzzle.theme == "chains"
    assert text == "Hint: Count the chains: what each line gives away, and what taking everything leaves you to open."
    driver.key(pygame.K_h)
    assert scene.show_hint


def test_right_line_by_touch_solves_and_is_saved_and_ticked(make_driver, store):
    driver = make_driver(PORTRAIT)
    scene = open_first_puzzle(driver)
    first = scene.puzzle
    driver.tap(driver.line_point(first.answer))
    assert scene.solved_now and scene.state.is_drawn(first.answer)
    assert scene.marks().recent == [first.answer], "the right line stands out"
    assert scene.status_text()[0] == right_text(first)
    margin = first.final_margin()
    assert margin > 0 and right_text(first) == f"Right! With best play this line wins by {margin}."
    assert store.get(SOLVED_KEY) == {"solved": [first.key]}
    assert not driver.widget("Hint").enabled and driver.widget("Next puzzle").primary
    driver.press_button("Next puzzle")
    assert scene.puzzle.number == first.number + 1 and not scene.solved_now
    driver.press_button("Back")
    assert isinstance(driver.scene, PuzzleListScene)
    assert first.key in driver.scene.solved
    assert driver.scene.next_unsolved() is scene.puzzle, "the next unsolved one is the puzzle after it"


def test_keyboard_cursor_draws_the_answer(make_driver, store):
    driver = make_driver(LANDSCAPE)
    scene = open_first_puzzle(driver)
    for _ in range(60):
        if scene.input.cursor == scene.puzzle.answer:
            break
        target = scene.view.ends[scene.puzzle.answer]
        here = scene.view.ends[scene.input.cursor] if scene.input.cursor is not None else ((0, 0), (0, 0))
        mid = [(a + b) / 2 for a, b in zip(*target, strict=True)]
        now = [(a + b) / 2 for a, b in zip(*here, strict=True)]
        dx, dy = mid[0] - now[0], mid[1] - now[1]
        if scene.input.cursor is None:
            key = pygame.K_RIGHT
        elif abs(dx) > abs(dy):
            key = pygame.K_RIGHT if dx > 0 else pygame.K_LEFT
        else:
            key = pygame.K_DOWN if dy > 0 else pygame.K_UP
        driver.key(key)
    assert scene.input.cursor == scene.puzzle.answer
    driver.key(pygame.K_RETURN)
    assert scene.solved_now and store.get(SOLVED_KEY) == {"solved": [scene.puzzle.key]}


def test_list_opens_the_tapped_row_and_scrolls(make_driver):
    driver = make_driver(PORTRAIT)
    driver.press_button("Puzzles")
    scene = driver.scene
    driver.post(pygame.MOUSEWHEEL, x=0, y=-3, touch=False)
    driver.frames(1)
    assert scene.scroll == 3
    row = scene.list_rect.y + scene.row_height // 2
    driver.click((scene.list_rect.centerx, row))
    assert isinstance(driver.scene, PuzzleScene) and driver.scene.puzzle.number == 4


def test_sideways_the_list_shows_two_columns_and_a_tap_opens_the_puzzle_under_it(make_driver):
    driver = make_driver(LANDSCAPE)
    driver.press_button("Puzzles")
    scene = driver.scene
    assert scene.columns == 2
    driver.post(pygame.MOUSEWHEEL, x=0, y=-1, touch=False)
    driver.frames(1)
    assert scene.scroll == 2, "a row down is two puzzles on"
    right = scene.cell_rect(1)
    driver.click(right.center)
    assert isinstance(driver.scene, PuzzleScene) and driver.scene.puzzle.number == 4


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_header_names_every_theme_in_full(make_driver, monkeypatch, size, language):
    """The header says the puzzle's theme whole in both languages and orientations: where "Puzzle N · theme" does
    not fit ("La lutte pour le contrôle" on a phone) the number gives way, not the theme."""
    from game.play import i18n

    monkeypatch.setattr(i18n, "_active", language)
    driver = make_driver(size=size)
    puzzles = load_puzzles()
    drawn: list[str] = []
    real = type(driver.app.text).draw
    monkeypatch.setattr(
        type(driver.app.text),
        "draw",
        lambda text, surface, words, *a, **k: drawn.append(words) or real(text, surface, words, *a, **k),
    )
    for theme in THEMES:
        scene = PuzzleScene(driver.app, puzzles, next(i for i, p in enumerate(puzzles) if p.theme == theme))
        driver.app.manager.push(scene)
        for solved in (False, True):
            scene.was_solved = solved
            drawn.clear()
            driver.app.dirty = True
            driver.frames(1)
            name = theme_title(scene.puzzle)
            headers = [words for words in drawn if name in words]
            assert headers and not any("…" in words for words in headers), (theme, solved, drawn[:3])
        driver.app.manager.pop()
