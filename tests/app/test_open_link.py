"""Open a link (menu): a link or code typed on the keyboard, on the on-canvas keys, or pasted, then opened."""

from __future__ import annotations

import random

import pygame

from game.app.scenes.board import BoardScene
from game.app.scenes.open_link import OpenLinkScene
from game.app.scenes.review import ReviewScene
from game.core import Board, GameState, encode

from .conftest import LANDSCAPE


def open_scene(driver) -> OpenLinkScene:
    driver.press_button("Open a link")
    assert isinstance(driver.scene, OpenLinkScene)
    return driver.scene


def played(moves: int, seed: int = 2) -> GameState:
    state = GameState(Board.square(3, 3))
    rng = random.Random(seed)
    while len(state.moves) < moves and not state.over:
        state.play_random(rng)
    return state


def type_text(driver, text: str) -> None:
    driver.post(pygame.TEXTINPUT, text=text)
    driver.frames(1)


def tap_keys(driver, scene: OpenLinkScene, text: str) -> None:
    """Type ``text`` on the on-canvas keys: turn to the page holding each character, then tap it."""
    pages = {
        char: page
        for page, chars in enumerate(("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"))
        for char in chars
    }
    for char in text:
        page = pages.get(char, 2)
        rects = dict(scene.keypad.part_rects())
        if scene.keypad.page != page:
            driver.click(rects[("page", page)].center)
            rects = dict(scene.keypad.part_rects())
        driver.click(rects[("char", char)].center)


def test_a_code_typed_on_the_keyboard_opens_the_game(make_driver):
    driver = make_driver()
    scene = open_scene(driver)
    state = played(6)
    code = encode(state)
    type_text(driver, code[:-1] + "x")
    driver.key(pygame.K_BACKSPACE)
    assert isinstance(driver.scene, OpenLinkScene), "Backspace deletes in the field, it does not go back"
    type_text(driver, code[-1])
    assert scene.typed == code
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == state.moves


def test_a_code_tapped_on_the_on_canvas_keys_opens_the_game(make_driver):
    driver = make_driver(size=LANDSCAPE)
    scene = open_scene(driver)
    state = played(24, seed=5)  # a finished game: its review opens
    assert state.over
    code = encode(state)
    tap_keys(driver, scene, code + "Q")
    driver.click(dict(scene.keypad.part_rects())[("delete",)].center)
    assert scene.typed == code
    driver.press_button("Open")
    assert isinstance(driver.scene, ReviewScene) and driver.scene.game.moves == state.moves


def test_letters_typed_in_the_field_are_not_commands_and_esc_goes_back(make_driver):
    driver = make_driver()
    scene = open_scene(driver)
    for key, char in ((pygame.K_u, "u"), (pygame.K_h, "h")):
        driver.post(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
        driver.post(pygame.TEXTINPUT, text=char)
        driver.frames(1)
    assert scene.typed == "uh" and isinstance(driver.scene, OpenLinkScene)
    type_text(driver, " <>")
    assert scene.typed == "uh", "characters that cannot be in a link are not typed"
    driver.key(pygame.K_ESCAPE)
    assert not isinstance(driver.scene, OpenLinkScene)


def test_the_example_the_scene_offers_opens_a_game_when_tapped_on_its_keys(make_driver):
    from game.app.scenes.open_link import EXAMPLE

    driver = make_driver()
    scene = open_scene(driver)
    assert EXAMPLE in scene._intro()
    tap_keys(driver, scene, EXAMPLE)
    assert scene.typed == EXAMPLE
    driver.press_button("Open")
    assert isinstance(driver.scene, BoardScene), scene.problem
    assert len(driver.scene.session.state.moves) == 3


def test_a_bad_code_is_explained_and_the_text_is_kept_to_correct(make_driver):
    driver = make_driver()
    scene = open_scene(driver)
    driver.press_button("Open")
    assert "first" in scene.problem
    type_text(driver, "1.s3x3.2.0.AHG.Q")
    driver.press_button("Open")
    assert isinstance(driver.scene, OpenLinkScene)
    assert scene.problem.startswith("This link was changed on the way")
    assert scene.typed == "1.s3x3.2.0.AHG.Q"
    driver.press_button("Clear")
    assert scene.typed == "" and scene.problem == ""


def test_paste_fills_the_field_or_says_why_it_cannot(make_driver, monkeypatch):
    driver = make_driver()
    scene = open_scene(driver)
    code = encode(played(4))
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: f"  https://example.org/#{code}\n")
    driver.press_button("Paste")
    assert scene.typed == f"https://example.org/#{code}"
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "")
    driver.press_button("Paste")
    assert scene.clipboard.status.startswith("The clipboard holds no text")

    def refused():
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "get_text", refused)
    driver.post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    driver.frames(1)
    assert scene.clipboard.status.startswith("Pasting is not available here")
    driver.press_button("Open")
    assert isinstance(driver.scene, BoardScene), "the text pasted before is still there to open"
