"""The player setup scene: colours, initials and names chosen by tapping, no two players alike, saved at once."""

from __future__ import annotations

import pytest

from game.app.scenes.players import ColourRow, NameScene, PlayersScene
from game.app.scenes.settings import PLAYERS_PAGE, SettingsScene
from game.play.players import COLOURS
from game.play.settings import Seat, Settings, settings_from_data

from .conftest import LANDSCAPE, PORTRAIT

TWO_PEOPLE = Settings(seats=(Seat("human"), Seat("human")))


def open_players(driver, settings=TWO_PEOPLE):
    driver.app.save_settings(settings)
    driver.app.manager.push(SettingsScene(driver.app, play=False))
    driver.frames(1)
    driver.open_page(PLAYERS_PAGE)
    driver.press_button("Names and colours")
    assert isinstance(driver.scene, PlayersScene)


def colour_rows(driver):
    return [w for w in driver.scene.panel.widgets if isinstance(w, ColourRow)]


def saved(store) -> Settings:
    settings, problems = settings_from_data(store.get("settings"))
    assert problems == []
    return settings


def test_choosing_another_players_colour_swaps_the_two(make_driver, store):
    driver = make_driver()
    open_players(driver)
    first, _ = colour_rows(driver)
    orange = dict(first.part_rects())[first.names.index("orange")]
    driver.click(orange.center)
    looks = driver.app.settings.looks()
    assert [look.colour for look in looks] == [COLOURS["orange"], COLOURS["blue"]]
    assert [look.pattern for look in looks] == ["dots", "stripes"]  # patterns stay with the seat
    assert saved(store).looks() == looks


def test_a_name_typed_on_the_screen_keyboard_is_saved_and_gives_the_initial(make_driver, store):
    driver = make_driver()
    open_players(driver)
    driver.press_button("Add a name")
    assert isinstance(driver.scene, NameScene)
    for key in ("A", "D", "A"):
        driver.press_button(key)
    driver.press_button("Done")
    assert isinstance(driver.scene, PlayersScene)
    look = saved(store).looks()[0]
    assert (look.name, look.initial) == ("Ada", "A")
    driver.press_button("Back")
    assert isinstance(driver.scene, SettingsScene)
    assert driver.scene.draft.players == driver.app.settings.players  # the settings scene keeps the choice


def test_an_initial_another_player_has_is_swapped_not_doubled(make_driver):
    driver = make_driver()
    open_players(driver)
    scene = driver.scene
    scene.change(0, initial="Q")
    scene.change(1, initial="Q")
    initials = [look.initial for look in driver.app.settings.looks()]
    assert initials[1] == "Q" and initials[0] != "Q"


def test_a_computer_seat_has_no_name_button(make_driver):
    driver = make_driver()
    open_players(driver, Settings(seats=(Seat("human"), Seat("computer", "hard"))))
    labels = [getattr(w, "label", "") for w in driver.scene.panel.widgets]
    assert labels.count("Add a name") == 1


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE, (390, 844), (844, 390)])
def test_every_target_is_big_enough_and_on_screen_with_four_players(make_driver, size):
    driver = make_driver(size=size)
    four = Settings(seats=(Seat("human"), Seat("human"), Seat("human"), Seat("computer", "easy")))
    open_players(driver, four)
    driver.press_button("Add a name")
    for scene in (driver.app.manager.stack[-2], driver.scene):
        scene.ensure_layout()
        screen = driver.app.screen.get_rect()
        rects = [w.rect for w in scene.panel.widgets if getattr(w, "label", "") != "Back"]
        assert all(screen.contains(rect) and rect.height >= 44 for rect in rects), type(scene).__name__
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_competitive_is_chosen_in_settings_and_turns_undo_and_hints_off(make_driver, store):
    from game.play.match import Session

    driver = make_driver()
    driver.app.save_settings(TWO_PEOPLE)
    driver.app.manager.push(SettingsScene(driver.app, play=False))
    driver.frames(1)
    driver.choose("Competitive", "No undo or hints")
    assert saved(store).competitive and driver.app.settings.no_help
    session = Session(driver.app.settings, first=0)
    driver.app.go("board", session=session)
    driver.frames(1)
    driver.click(driver.line_point(0))
    driver.frames(10)
    assert not session.can_undo() and not session.can_hint()


def test_a_name_can_be_typed_on_a_keyboard_too(make_driver, store):
    import pygame

    driver = make_driver()
    open_players(driver)
    driver.press_button("Add a name")
    for char in "hugo x":
        driver.post(pygame.TEXTINPUT, text=char)
        key = pygame.K_SPACE if char == " " else getattr(pygame, f"K_{char}")
        driver.post(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
    driver.frames(1)
    assert driver.scene.name == "Hugo X", "u and h are letters here, not undo and hint; a space is typed"
    driver.key(pygame.K_BACKSPACE)
    assert isinstance(driver.scene, NameScene) and driver.scene.name == "Hugo "
    driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text="<é>")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayersScene)
    assert saved(store).looks()[0].name == "Hugoé", "letters (accented too), digits, space, ' and - are kept"
