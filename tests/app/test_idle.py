"""Rest when idle: a frame is drawn only when something changed, and the loop sleeps until the next frame is due."""

from __future__ import annotations

import asyncio

import pygame
import pytest

from game.app import app as app_module
from game.app.clipboard import COPYING, PASTING
from game.app.notice_strip import reading_seconds
from game.app.scenes import backup as backup_scene
from game.app.scenes.backup import BackupScene
from game.app.scenes.open_link import EXAMPLE, OpenLinkScene
from game.app.scenes.puzzles import PuzzleScene
from game.app.scenes.review import ReviewScene
from game.app.scenes.share import ShareScene
from game.play.match import Session
from game.play.presenter import CLOCK_STEP, FEEDBACK_SECONDS
from game.play.settings import Seat, Settings
from game.puzzles import load_puzzles

from .test_scenes import finished_session

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")), size=(3, 3), animation="slow")


def idle_draws(driver, frames: int = 30) -> int:
    drawn = driver.app.drawn
    driver.frames(frames)
    return driver.app.drawn - drawn


def test_the_idle_menu_is_not_drawn_again_until_something_happens(make_driver):
    driver = make_driver()
    driver.frames(2)
    assert idle_draws(driver) == 0
    driver.post(pygame.MOUSEMOTION, pos=driver.widget("History").rect.center, rel=(1, 1), buttons=(0, 0, 0))
    assert idle_draws(driver) == 1, "the hover is shown, once"
    assert driver.scene.panel.hover is not None


def test_a_new_scene_and_a_resize_are_drawn(make_driver):
    driver = make_driver(size=(1100, 760))
    driver.frames(2)
    drawn = driver.app.drawn
    driver.press_button("How to play")
    assert driver.app.drawn == drawn + 1 and driver.app._drawn_scene is driver.scene, "the new scene is shown"
    assert idle_draws(driver) == 0
    pygame.display.set_mode((900, 700), pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=(900, 700), w=900, h=700)
    assert idle_draws(driver) == 1
    assert driver.scene.bar.width == 900 - driver.app.metrics.u, "laid out for the new size"


def test_a_board_waiting_for_a_person_rests_and_a_thinking_computer_keeps_frames_coming(make_driver):
    driver = make_driver()
    session = Session(TWO_PEOPLE, driver.app.rng, first=0)
    driver.app.go("board", session=session)
    driver.frames(2)
    assert idle_draws(driver) == 0
    driver.click(driver.line_point(0))
    assert session.state.moves == [0]
    assert idle_draws(driver, 3) == 3, "the line being drawn is animated"
    driver.frames(60)  # (the new line glows for a second once drawn)
    assert idle_draws(driver) == 0, "at rest once the line is drawn"

    thinking = Session(TWO_PEOPLE.with_(seats=(Seat("computer", "expert"), Seat("human"))), driver.app.rng, first=0)
    driver.app.go("board", session=thinking)
    driver.frames(1)
    assert thinking.thinking
    assert idle_draws(driver, 5) == 5


def test_a_running_move_clock_is_drawn_and_an_expired_message_is_cleared(make_driver):
    driver = make_driver()
    timed = Session(TWO_PEOPLE.with_(timer=30), driver.app.rng, first=0)
    driver.app.go("board", session=timed)
    driver.frames(2)
    started = timed.now
    draws = idle_draws(driver, 30)
    steps = round((timed.now - started) / CLOCK_STEP)
    assert steps - 1 <= draws <= steps + 1 < 30, "drawn as the clock's ring moves, not every frame"
    driver.app.manager.pop()
    driver.app.notify("Saved.")
    assert idle_draws(driver, 1) == 1
    assert idle_draws(driver, 10) == 0
    frames = round(reading_seconds("Saved.") * 30) + 2  # the fake clock gives 1/30 s a frame
    assert idle_draws(driver, frames) == 1, "drawn once more without the notice when it runs out"
    assert driver.app.notices == []
    assert idle_draws(driver) == 0


def test_a_message_on_a_board_is_drawn_when_it_comes_and_when_it_goes(make_driver):
    driver = make_driver()
    session = Session(TWO_PEOPLE, driver.app.rng, first=0)
    driver.app.go("board", session=session)
    driver.frames(2)
    driver.scene.say("That line is taken")
    assert idle_draws(driver, 1) == 1, "drawn as it comes"
    assert idle_draws(driver, 10) == 0, "not drawn again while it shows"
    frames = round(FEEDBACK_SECONDS * 30) + 2  # the fake clock gives 1/30 s a frame
    assert idle_draws(driver, frames) == 1, "drawn once more without it when its time is up"
    assert driver.scene.status() != "That line is taken"


def test_a_page_whose_shape_stays_is_not_drawn_again_while_a_notice_shows(make_driver, monkeypatch):
    """In the browser the loop follows the page's shape: the canvas keeps its size when a notice strip takes the
    top of it (the scenes get the rest)."""
    driver = make_driver(browser=True)
    app = driver.app
    monkeypatch.setattr(app, "follows_page", True)
    monkeypatch.setattr(app, "_browser_canvas", lambda: (app.screen.get_size(), app.density))
    driver.frames(2)
    assert idle_draws(driver) == 0
    app.notify("Saved.")
    assert idle_draws(driver, 1) == 1
    assert idle_draws(driver, 10) == 0, "the page's shape did not change"


def record_sleeps(monkeypatch) -> list[float]:
    """Every pause the app's loop asks of ``asyncio.sleep``, in order (each then taken as no pause at all)."""
    pauses: list[float] = []
    real_sleep = asyncio.sleep

    async def record(seconds: float = 0.0):
        pauses.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(app_module.asyncio, "sleep", record)
    return pauses


def test_the_loop_sleeps_until_the_next_frame_is_due(make_driver, monkeypatch):
    driver = make_driver()
    pauses = record_sleeps(monkeypatch)
    asyncio.run(driver.app.run(max_frames=driver.app.frames + 10))
    assert len(pauses) == 10
    assert all(0.005 < pause <= 1 / 60 for pause in pauses), pauses


def test_after_a_second_of_rest_the_loop_looks_for_input_30_times_a_second(make_driver, monkeypatch):
    driver = make_driver()
    pauses = record_sleeps(monkeypatch)
    driver.app.drawn_at -= app_module.IDLE_AFTER_SECONDS
    asyncio.run(driver.app.run(max_frames=driver.app.frames + 5))
    assert all(1 / 60 < pause <= 1 / app_module.IDLE_FRAME_RATE for pause in pauses), pauses
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    pauses.clear()
    asyncio.run(driver.app.run(max_frames=driver.app.frames + 5))
    assert all(pause <= 1 / 60 for pause in pauses), "back to 60 a second as soon as something is drawn"


def test_after_ten_seconds_of_rest_the_loop_looks_for_input_15_times_a_second(make_driver, monkeypatch):
    driver = make_driver()
    pauses = record_sleeps(monkeypatch)
    driver.app.drawn_at -= app_module.REST_AFTER_SECONDS
    asyncio.run(driver.app.run(max_frames=driver.app.frames + 5))
    assert all(1 / app_module.IDLE_FRAME_RATE < pause <= 1 / app_module.REST_FRAME_RATE for pause in pauses), pauses
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    pauses.clear()
    asyncio.run(driver.app.run(max_frames=driver.app.frames + 5))
    assert all(pause <= 1 / 60 for pause in pauses), "back to 60 a second as soon as something is drawn"


@pytest.mark.slow
def test_a_review_is_drawn_while_its_analysis_fills_in_then_rests(make_driver, monkeypatch):
    driver = make_driver()
    monkeypatch.setattr(driver.app, "step_budget", lambda: 0.0)  # (one piece of the analysis a frame)
    game = finished_session(TWO_PEOPLE)
    scene = ReviewScene(driver.app, game.state, game.names, game.seats)
    driver.app.manager.push(scene)
    driver.frames(1)
    assert not scene.analysis.done
    assert idle_draws(driver, 3) == 3, "each step of the analysis is shown"
    driver.until(lambda: scene.analysis.done and scene.opinion_search is None)
    driver.frames(1)
    assert idle_draws(driver) == 0, "at rest once it is all shown"


def test_a_wrong_puzzle_line_is_shown_and_its_taking_back_is_drawn(make_driver):
    driver = make_driver()
    puzzles = load_puzzles()
    scene = PuzzleScene(driver.app, puzzles, 0)
    driver.app.manager.push(scene)
    driver.frames(2)
    assert idle_draws(driver) == 0
    wrong = next(line for line in scene.state.legal_lines() if line != scene.puzzle.answer)
    driver.click(driver.line_point(wrong))
    assert scene.wrong is not None
    drawn, frames = driver.app.drawn, driver.app.frames
    driver.until(lambda: scene.wrong is None)
    assert driver.app.drawn - drawn == driver.app.frames - frames > 1, "every frame, the one taking it back too"
    assert not scene.state.is_drawn(wrong)
    assert idle_draws(driver) == 0


def test_an_answer_the_browser_gives_later_is_drawn_when_it_comes(make_driver, monkeypatch):
    driver = make_driver()
    opening = OpenLinkScene(driver.app)
    driver.app.manager.push(opening)
    driver.frames(2)
    opening.clipboard.status = PASTING  # (the browser's promise is pending)
    assert idle_draws(driver, 3) == 3
    opening.clipboard._receive(EXAMPLE)
    assert idle_draws(driver, 1) == 1 and opening.typed == EXAMPLE, "the pasted code is shown when it comes"
    assert idle_draws(driver) == 0
    driver.app.manager.pop()

    sharing = ShareScene(driver.app, "Send your move", "Send this link.", "https://example.org/#" + EXAMPLE)
    driver.app.manager.push(sharing)
    driver.frames(2)
    sharing.clipboard.status = COPYING
    assert idle_draws(driver, 3) == 3
    sharing.clipboard._set("Copied")
    assert idle_draws(driver, 1) == 1, "'Copied' is shown when the browser says so"
    assert idle_draws(driver) == 0
    driver.app.manager.pop()

    answer: list[dict] = []  # what the page's file chooser has said so far (nothing: still open)
    monkeypatch.setattr(backup_scene, "browser_take_upload", lambda page: answer.pop() if answer else None)
    monkeypatch.setattr(BackupScene, "page", lambda self: None)
    backup = BackupScene(driver.app)
    driver.app.manager.push(backup)
    driver.frames(2)
    backup.waiting = True  # (as Import leaves it in the browser: the file chooser is open)
    assert idle_draws(driver, 3) == 3
    answer.append({"state": "cancelled"})
    assert idle_draws(driver, 1) == 1 and backup.message == "No file chosen.", "the chooser's answer is shown"
    assert idle_draws(driver) == 0
