"""Text from outside never stops the game (issue 23, class 1): the renderer draws any string, and the entries
(paste, typing, a player's name, stored names, a data folder's path) go through the gate of game/play/text.py.
Property tests draw arbitrary Unicode, lone surrogates included, through each of these paths."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app.input import Action
from game.app.scenes.backup import BackupScene
from game.app.scenes.board import BoardScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.open_link import OpenLinkScene
from game.app.scenes.players import NameScene
from game.app.theme import Text
from game.core import Board, GameState, encode
from game.play.players import Player
from game.play.text import MARK
from game.storage import FileStore

from .conftest import PORTRAIT

ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=120)
EXAMPLES = {"renderer": 400, "name entry": 150, "open a link": 150}
# each character that raised inside pygame's font (issue 23): zero width, soft hyphen, a bidi control, NUL, a lone
# surrogate
FATAL = ["\u200b", "\u00ad", "\u202e", "\x00", "\ud800"]


def ink(image: pygame.Surface) -> int:
    w, h = image.get_size()
    return sum(1 for x in range(w) for y in range(h) if image.get_at((x, y)).a > 40)


@pytest.mark.parametrize("char", FATAL, ids=["zero width space", "soft hyphen", "rtl override", "nul", "surrogate"])
def test_the_renderer_draws_each_character_that_stopped_the_game(char: str) -> None:
    pygame.font.init()
    text = Text()
    image = text.render(f"Lé{char}a", 24)
    assert image.get_width() <= text.width(f"Lé{char}a", 24) + 2
    assert text.width(f"Lé{char}a", 24) == text.width(f"Lé{MARK}a", 24), "shown as the replacement mark"
    assert ink(image) > ink(text.render("Léa", 24)), "the mark is visible"
    assert text.shorten(f"{char}" * 50, 24, 60).endswith("…")


@pytest.mark.slow
@settings(max_examples=EXAMPLES["renderer"], deadline=None)
@given(words=ANY_TEXT, size=st.integers(8, 60), width=st.integers(1, 400))
def test_the_renderer_draws_and_measures_any_text(words: str, size: int, width: int) -> None:
    pygame.font.init()
    text = _TEXT
    image = text.render(words, size)
    assert image.get_width() <= text.width(words, size) + 2
    assert text.width(text.shorten(words, size, width), size) <= max(width, text.width("…", size))
    lines = text.wrap(words, size, width)
    assert all(text.render(line, size).get_width() >= 1 for line in lines)
    assert min(size, text.least) <= text.fit(words, size, width) <= size


_TEXT = Text()


def test_a_link_pasted_from_a_chat_opens_the_game(make_driver, monkeypatch) -> None:
    """The chat puts zero-width spaces and a soft hyphen in the link: the field used to crash the frame as it drew
    them; the gate removes them, and the link opens."""
    driver = make_driver()
    driver.press_button("Open a link")
    state = GameState(Board.square(3, 3))
    for line in (0, 7, 6):
        state.play(line)
    code = encode(state)
    chat = f"\u200bhttps://example.org/#{code[:6]}\u00ad{code[6:]}\u200b\u202e"
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: chat)
    driver.press_button("Paste")
    driver.frames(2)
    assert driver.scene.typed == f"https://example.org/#{code}"
    driver.press_button("Open")
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == [0, 7, 6]


def history_entry(names: list[str]) -> dict:
    return {
        "date": "2026-11-30T10:00:00+00:00",
        "board": "s3x3",
        "rules": "2",
        "seats": [{"kind": "human", "level": "medium"}, {"kind": "human", "level": "medium"}],
        "names": names,
        "scores": [5, 4],
        "winners": [0],
        "moves": [],
    }


def test_history_opens_with_names_that_carry_any_character(make_driver, store) -> None:
    """Names as a backup or history.json may hold them: History used to crash at every opening. (Storage's schema
    refuses a lone surrogate and a name over 100 characters, game/storage/records.py.)"""
    names = ["Lé\u200ba\x00" + "\u202e", "Bob\u00ad" + "x" * 90]
    store.put("history", [history_entry(names)])
    driver = make_driver()
    driver.press_button("History")
    driver.frames(3)
    assert isinstance(driver.scene, HistoryScene) and len(driver.scene.entries) == 1


def test_a_data_folder_whose_path_holds_any_character_is_shown(make_driver, tmp_path) -> None:
    """A zero-width space, and a byte that is not UTF-8 (Python names it with a lone surrogate), in the folder."""
    folder = Path(os.fsdecode(os.path.join(os.fsencode(tmp_path), "dat\u200ba".encode() + b"\xff")))
    folder.mkdir()
    driver = make_driver(PORTRAIT, store=FileStore(folder))
    driver.press_button("History")
    driver.press_button("Backup")
    assert isinstance(driver.scene, BackupScene)
    driver.press_button("Import")  # "there is no backup file at <the path>"
    driver.frames(2)
    driver.press_button("Export")
    driver.frames(2)
    assert not driver.scene.error and MARK in driver.scene.message and "\u200b" not in driver.scene.message


@pytest.mark.slow
def test_typing_any_text_into_a_name_keeps_a_valid_name(make_driver) -> None:
    driver = make_driver()
    scene = NameScene(driver.app, 0)
    driver.app.manager.push(scene)
    driver.frames(1)

    @settings(max_examples=EXAMPLES["name entry"], deadline=None)
    @given(typed=ANY_TEXT)
    def type_in(typed: str) -> None:
        scene.name = ""
        scene.handle(Action("text", text=typed))
        assert Player(name=scene.name.strip()).problems(1) == []
        scene.draw(driver.app.screen)

    type_in()
    scene.name = ""
    scene.handle(Action("text", text="Le\u0301a\u200b"))
    assert scene.name == "Léa", "an accent typed after its letter is composed, the invisible space dropped"


@pytest.mark.slow
def test_typing_or_pasting_any_text_into_open_a_link_never_stops_the_scene(make_driver, monkeypatch) -> None:
    driver = make_driver()
    driver.press_button("Open a link")
    scene = driver.scene
    assert isinstance(scene, OpenLinkScene)

    @settings(max_examples=EXAMPLES["open a link"], deadline=None)
    @given(typed=ANY_TEXT, pasted=ANY_TEXT)
    def enter(typed: str, pasted: str) -> None:
        scene.clear()
        scene.handle(Action("text", text=typed))
        monkeypatch.setattr(pygame.scrap, "get_text", lambda: pasted)
        scene.paste()
        scene.draw(driver.app.screen)
        scene.open()
        if driver.app.manager.stack[-1] is not scene:  # a pasted text that happened to be a game: back to the field
            driver.app.manager.stack[-1:] = [scene]
        scene.draw(driver.app.screen)

    enter()
