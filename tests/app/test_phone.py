"""Issue 22, "On a phone": what players tripped on with a phone in hand (timers and Competitive, an unattended
timed game, a double tap during a capture, sharing, big boards, small things)."""

from __future__ import annotations

import random

import pytest

from game.app.scenes.settings import SettingsScene
from game.page import use as use_page
from game.page.memory import MemoryPage
from game.play.match import Session
from game.play.settings import Seat, Settings

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")), animation="fast")
AGAINST_EASY = Settings(seats=(Seat("human"), Seat("computer", "easy")), animation="fast")


def start(driver, settings: Settings) -> Session:
    session = Session(settings, random.Random(3), first=0)
    driver.app.go("board", session=session)
    driver.frames(1)
    return session


def open_settings(driver, settings: Settings) -> SettingsScene:
    driver.app.save_settings(settings)
    driver.app.manager.push(SettingsScene(driver.app, play=True))
    driver.frames(1)
    return driver.scene


# -- 1. timers and Competitive ------------------------------------------------------------------------------------
def test_a_timer_turns_competitive_on_where_the_player_sees_it_and_it_can_be_turned_off(make_driver):
    driver = make_driver()
    scene = open_settings(driver, TWO_PEOPLE)
    driver.choose("Move timer", "10 s")
    assert driver.widget("Competitive").options[driver.widget("Competitive").index][1] == "No undo or hints"
    assert scene.note == "Competitive is now on: no undo or hints"
    driver.choose("Competitive", "Off")
    assert driver.app.settings.timer == 10 and not driver.app.settings.no_help
    assert scene.summary().endswith("casual: undo and hints on")
    driver.choose("Move timer", "30 s")
    assert not driver.app.settings.competitive, "changing the time keeps the player's casual choice"


def test_a_casual_timed_game_keeps_undo_and_hints(make_driver):
    driver = make_driver()
    session = start(driver, TWO_PEOPLE.with_(timer=10))
    driver.click(driver.line_point(0))
    driver.frames(20)
    assert session.can_undo() and session.can_hint()
    driver.press_button("Undo")
    assert session.state.moves == []


def test_a_greyed_undo_or_hint_says_why_when_tapped(make_driver):
    driver = make_driver()
    start(driver, TWO_PEOPLE.with_(timer=10, competitive=True))
    scene = driver.scene
    scene.ensure_layout()
    assert not scene.undo_button.enabled and not scene.hint_button.enabled
    driver.tap(scene.hint_button.rect.center)
    assert scene.status() == "No hints in a competitive game"
    driver.tap(scene.undo_button.rect.center)
    assert scene.status() == "No undo in a competitive game"


# -- 2. an unattended timed game ----------------------------------------------------------------------------------
@pytest.mark.slow
def test_an_unattended_timed_game_pauses_after_a_few_timer_moves_and_a_touch_wakes_it(make_driver):
    driver = make_driver()
    session = start(driver, AGAINST_EASY.with_(timer=10, competitive=True, size=(5, 5)))
    driver.frames(30 * 120)  # two minutes at 30 frames a second with nobody there
    assert session.paused and not session.state.over
    assert session.unattended == 3
    moves = len(session.state.moves)
    driver.frames(30 * 60)
    assert len(session.state.moves) == moves, "a paused game does not move"
    assert driver.scene.status() == "Paused: tap the board to go on"
    assert not driver.scene.wants_frame(), "a paused game rests: no frames drawn for nothing"
    driver.tap(driver.scene.frame.board.center)
    assert not session.paused and len(session.state.moves) == moves
    assert session.unattended == 0


def test_a_game_nobody_played_is_not_recorded(make_driver, store):
    from game.play.match import GameKeeper

    driver = make_driver()
    session = Session(AGAINST_EASY.with_(timer=10, competitive=True, size=(2, 2)), random.Random(1), first=0)
    while not session.state.over:
        session.attend()  # (stays awake: this test is about recording)
        session.update(0.5, 0.01)
    assert session.unplayed()
    GameKeeper(session, driver.app.saved)
    session.attend()
    session.update(5.0)  # (the controller finishes the game: not recorded)
    assert session.finished
    assert driver.app.saved.history().games == []


def test_a_game_a_person_played_is_recorded(make_driver):
    from game.play.match import GameKeeper

    driver = make_driver()
    session = Session(AGAINST_EASY.with_(size=(2, 2)), random.Random(1), first=0)
    while not session.state.over:
        if session.accepting_input():
            session.play_human(
                next(line for line in range(session.board.num_lines) if not session.state.is_drawn(line))
            )
        session.update(0.5, 0.01)
    assert not session.unplayed()
    GameKeeper(session, driver.app.saved)
    session.update(5.0)  # (the controller finishes the game, and the keeper records it)
    assert len(driver.app.saved.history().games) == 1


# -- 8. a double tap during a capture -----------------------------------------------------------------------------
def test_a_double_tap_that_closes_a_box_draws_one_line_and_says_nothing(make_driver):
    driver = make_driver()
    session = start(driver, TWO_PEOPLE.with_(animation="slow"))
    board = session.board
    box = board.cells[0]
    for line in box[:3]:  # three sides of the first box, the turn passing each time
        session.play_line(line)
        driver.frames(40)
    last = box[3]
    mover = session.state.to_move
    driver.tap(driver.line_point(last))
    assert session.state.owner[0] == mover and session.busy, "the box is being filled"
    driver.tap(driver.line_point(last))
    scene = driver.scene
    assert scene.feedback.text(session.now) is None and scene.status() != "That line is taken"
    assert session.state.moves[-1] == last and session.state.moves.count(last) == 1


# -- 4. sharing ---------------------------------------------------------------------------------------------------
@pytest.fixture
def phone_page(make_driver):
    """The game on a phone's browser page (in memory, its address unreadable): with a share sheet or not, copying
    refused at once or not; the browser answers when the test settles it."""

    def make(share: bool = True, refuse_copy: bool = False):
        page = MemoryPage(site=None, share_sheet=share, clipboard_missing=refuse_copy, answer_at_once=False)
        use_page(page)
        return make_driver(browser=True), page

    return make


def finish_a_game(driver) -> Session:
    session = start(driver, TWO_PEOPLE.with_(size=(2, 2)))
    for line in range(session.board.num_lines):
        driver.until(session.accepting_input)
        driver.click(driver.line_point(line))
    driver.until(lambda: type(driver.scene).__name__ == "ResultsScene")
    return session


def test_share_opens_the_phones_share_sheet_from_the_results(phone_page):
    from game.play.links import parse_link

    driver, window = phone_page(share=True)
    session = finish_a_game(driver)
    driver.press_button("Share")
    assert type(driver.scene).__name__ == "ShareScene"
    driver.press_button("Share...")
    (data,) = window.shared
    assert parse_link(data["url"]).state.moves == session.state.moves and data["title"] == "Share this game"
    assert driver.scene.status() == "Choose where to send it..."
    window.settle("AbortError")
    driver.frames(1)
    assert driver.scene.status() == "", "closing the share sheet is not an error"


def test_without_a_share_sheet_and_with_copying_refused_the_link_is_in_a_real_text_field(phone_page):
    driver, window = phone_page(share=False, refuse_copy=True)
    start(driver, AGAINST_EASY)
    driver.press_button("Share")
    scene = driver.scene
    copy = "Copy code"  # (this fake page has no address to read: a code to paste, not a link)
    assert [w.label for w in scene.panel.widgets if w.label] == [copy, "Back"], "no share sheet: no Share..."
    driver.press_button(copy)
    driver.frames(1)
    assert window.field_text == scene.link, "the link in a real text field, to copy by hand"
    driver.press_button("Back")
    assert window.field_text is None, "the field goes with the scene"


# -- 5. bad links: the notice ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(780, 1688), (1688, 780)])
def test_a_notices_lines_sit_inside_safe_margins(make_driver, size):
    driver = make_driver(size=size, density=2.0)
    drawn = []
    original = driver.app.text.draw

    def draw(surface, text, size_, colour=(0, 0, 0), **anchor):
        rect = original(surface, text, size_, colour, **anchor)
        if surface is driver.app.screen:
            drawn.append(rect)
        return rect

    driver.app.text.draw = draw
    driver.app.notify("This link is not whole: part of it was lost when it was copied. Ask for the link again.")
    driver.frames(1)
    margin = 8 * 2  # 8 CSS px at 2 canvas px each
    assert drawn, "the notice was drawn"
    assert min(rect.top for rect in drawn) >= margin
    assert max(rect.bottom for rect in drawn) <= driver.app.notice_height - margin // 2, "inside its strip"


# -- 9. smaller things ------------------------------------------------------------------------------------------
def test_the_installed_games_splash_has_the_games_background():
    import json
    from pathlib import Path

    from game.app import theme

    manifest = json.loads((Path(__file__).parents[2] / "static" / "manifest.webmanifest").read_text())
    assert manifest["background_color"] == "#{:02x}{:02x}{:02x}".format(*theme.BACKGROUND)


def test_a_first_launch_menu_has_no_greyed_continue(make_driver):
    driver = make_driver()
    labels = [widget.label for widget in driver.scene.panel.widgets]
    assert "Continue" not in labels and labels[0] == "New game"
    assert all(widget.enabled for widget in driver.scene.panel.widgets)


def test_the_replace_question_can_be_cancelled(make_driver):
    driver = make_driver()
    driver.press_button("Quick play")
    driver.click(driver.line_point(0))
    driver.frames(5)
    driver.press_button("Menu")
    assert driver.widget("Continue").enabled
    driver.press_button("Quick play")
    assert [widget.label for widget in driver.scene.panel.widgets] == ["Continue", "Replace", "Cancel"]
    driver.press_button("Cancel")
    assert type(driver.scene).__name__ == "MenuScene" and driver.app.saved.has_unfinished()


def test_the_seat_picker_says_computer_with_its_level(make_driver):
    driver = make_driver()
    open_settings(driver, AGAINST_EASY)
    row = driver.widget("Player 2")
    assert row.options[row.index][1] == "Computer (Easy)"


@pytest.mark.parametrize("size", [(720, 1280), (1280, 720)])
def test_the_board_has_a_sound_switch(make_driver, store, size):
    driver = make_driver(size=size)
    start(driver, AGAINST_EASY)
    switch = driver.widget("Sound")
    assert switch.on and driver.app.sounds.enabled
    frame = driver.scene.frame
    assert (frame.header if frame.portrait else frame.status.inflate(0, frame.status.h)).contains(switch.rect)
    assert not any(switch.rect.colliderect(w.rect) for w in driver.scene.panel.widgets if w is not switch)
    driver.tap(switch.rect.center)
    assert not driver.app.settings.sound and not driver.app.sounds.enabled and not switch.on
    assert driver.scene.status() == "Sound off"
    driver.tap(switch.rect.center)
    assert driver.app.settings.sound and driver.app.sounds.enabled
