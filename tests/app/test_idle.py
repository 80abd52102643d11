"""Rest when idle: a frame is drawn only when something changed, and the loop sleeps until the next frame is due."""

from __future__ import annotations

import asyncio

import pygame

from game.app import app as app_module
from game.app.scenes.board import BoardScene
from game.app.session import Session
from game.app.settings_model import Seat, Settings

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
    driver.app.manager.push(BoardScene(driver.app, session))
    driver.frames(2)
    assert idle_draws(driver) == 0
    driver.click(driver.line_point(0))
    assert session.state.moves == [0]
    assert idle_draws(driver, 3) == 3, "the line being drawn is animated"
    driver.frames(60)  # (the new line glows for a second once drawn)
    assert idle_draws(driver) == 0, "at rest once the line is drawn"

    thinking = Session(TWO_PEOPLE.with_(seats=(Seat("computer", "expert"), Seat("human"))), driver.app.rng, first=0)
    driver.app.manager.push(BoardScene(driver.app, thinking))
    driver.frames(1)
    assert thinking.thinking
    assert idle_draws(driver, 5) == 5


def test_a_running_move_clock_is_drawn_and_an_expired_message_is_cleared(make_driver):
    driver = make_driver()
    timed = Session(TWO_PEOPLE.with_(timer=30), driver.app.rng, first=0)
    driver.app.manager.push(BoardScene(driver.app, timed))
    driver.frames(2)
    assert idle_draws(driver, 5) == 5, "the clock's ring moves"
    driver.app.manager.pop()
    driver.app.notify("Saved.")
    assert idle_draws(driver, 1) == 1
    assert idle_draws(driver, 10) == 0
    frames = round(app_module.reading_seconds("Saved.") * 30) + 2  # the fake clock gives 1/30 s a frame
    assert idle_draws(driver, frames) == 1, "drawn once more without the notice when it runs out"
    assert driver.app.notices == []
    assert idle_draws(driver) == 0


def test_the_loop_sleeps_until_the_next_frame_is_due(make_driver, monkeypatch):
    driver = make_driver()
    pauses: list[float] = []
    real_sleep = asyncio.sleep

    async def record(seconds: float = 0.0):
        pauses.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(app_module.asyncio, "sleep", record)
    asyncio.run(driver.app.run(max_frames=driver.app.frames + 10))
    assert len(pauses) == 10
    assert all(0.005 < pause <= 1 / 60 for pause in pauses), pauses


def test_after_a_second_of_rest_the_loop_looks_for_input_30_times_a_second(make_driver, monkeypatch):
    driver = make_driver()
    pauses: list[float] = []
    real_sleep = asyncio.sleep

    async def record(seconds: float = 0.0):
        pauses.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(app_module.asyncio, "sleep", record)
    driver.app.drawn_at -= app_module.IDLE_AFTER_SECONDS
    asyncio.run(driver.app.run(max_frames=driver.app.frames + 5))
    assert all(1 / 60 < pause <= 1 / app_module.IDLE_FRAME_RATE for pause in pauses), pauses
    driver.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    pauses.clear()
    asyncio.run(driver.app.run(max_frames=driver.app.frames + 5))
    assert all(pause <= 1 / 60 for pause in pauses), "back to 60 a second as soon as something is drawn"
