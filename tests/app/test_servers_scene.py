"""Settings' online servers, as a player edits them: typed, refused with the reason when bad (nothing lost), set to
none or back to the default list, kept in the settings; and How to play's page on what to try when a connection
cannot be made."""

from __future__ import annotations

import pygame

from game.app.scenes.howto import PAGES, HowToScene
from game.app.scenes.servers import ServersScene
from game.app.scenes.settings import OPTIONS_PAGE, SettingsScene
from game.play import i18n
from game.play.online.ice import DEFAULT_RELAYS, DEFAULT_SERVERS


def open_servers(driver) -> None:
    driver.press_button("Settings")
    assert isinstance(driver.scene, SettingsScene)
    driver.open_page(OPTIONS_PAGE)
    driver.press_button("Online servers: 5")  # two STUN servers and three relays
    assert isinstance(driver.scene, ServersScene)


def type_text(driver, text: str) -> None:
    driver.post(pygame.TEXTINPUT, text=text)
    driver.frames(1)


def test_servers_are_typed_checked_and_kept(make_driver):
    driver = make_driver()
    open_servers(driver)
    assert driver.scene.typed == "\n".join((*DEFAULT_SERVERS, *DEFAULT_RELAYS))
    driver.press_button("None")
    type_text(driver, "stun.example.org:3478")
    driver.press_button("Save")
    assert "starts with stun: or turn:" in driver.scene.problem  # refused, and what was typed stays
    assert isinstance(driver.scene, ServersScene) and driver.scene.typed == "stun.example.org:3478"
    assert driver.app.settings.stun == DEFAULT_SERVERS
    driver.press_button("None")
    type_text(driver, "stun:stun.example.org:3478")
    driver.key(pygame.K_RETURN)
    type_text(driver, "turn:ann:pw@relay.example.org")
    driver.key(pygame.K_RETURN)
    type_text(driver, "wss://mqtt.example.org:8084/mqtt?x")
    driver.press_button("Save")
    assert "the path after the server" in driver.scene.problem  # a relay's URL is checked too, nothing lost
    driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_BACKSPACE)
    driver.press_button("Save")
    assert isinstance(driver.scene, SettingsScene)
    assert driver.app.settings.stun == ("stun:stun.example.org:3478", "turn:ann:pw@relay.example.org")
    assert driver.app.settings.relays == ("wss://mqtt.example.org:8084/mqtt",)
    assert "Online servers: 3" in [w.label for w in driver.scene.panel.widgets]


def test_no_server_at_all_is_allowed_and_the_default_list_comes_back(make_driver):
    driver = make_driver()
    open_servers(driver)
    driver.press_button("None")
    driver.press_button("Save")
    assert driver.app.settings.stun == () == driver.app.settings.relays
    driver.press_button("Online servers: none")
    driver.press_button("Default list")
    driver.press_button("Save")
    assert driver.app.settings.stun == DEFAULT_SERVERS and driver.app.settings.relays == DEFAULT_RELAYS


def test_back_leaves_the_servers_as_they_were(make_driver):
    driver = make_driver()
    open_servers(driver)
    driver.press_button("None")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, SettingsScene) and driver.app.settings.stun == DEFAULT_SERVERS


def test_how_to_play_says_what_to_try_when_a_connection_cannot_be_made(make_driver):
    page = next(i for i, p in enumerate(PAGES) if "connect" in p.title)
    assert page == len(PAGES) - 2  # (the practice game stays last)
    for language, words in (("en", ("same Wi-Fi", "STUN servers", "awake", "invitation again")),
                            ("fr", ("même Wi-Fi", "serveurs STUN", "allumés", "rouvrez l'invitation"))):  # fmt: skip
        i18n.set_language(language)
        try:
            text = i18n.tr(PAGES[page].text)
            assert all(word in text for word in words), (language, text)
        finally:
            i18n.set_language("en")
    driver = make_driver()
    scene = HowToScene(driver.app)
    driver.app.manager.push(scene)
    scene.turn(page)
    driver.frames(1)
    assert scene.views == [] and scene.page == page  # words only
