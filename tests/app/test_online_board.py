"""An online game on the board, in the real app loop on two devices: Resign (confirmed), undo asked and answered by
the friend, Rematch on the board and in Results, the connection's state shown and told, and the result in both
devices' history marked as played online."""

from __future__ import annotations

import pygame
import pytest
from online_fakes import Page, online_page

from game.app.scenes.board import BoardScene
from game.app.scenes.history import describe_entry
from game.app.scenes.menu import MenuScene
from game.app.scenes.online import OnlineScene
from game.app.scenes.results import ResultsScene
from game.play.i18n import tr
from game.play.players import Player
from game.play.settings import Settings
from game.storage import MemoryStore, Saved


def labels(driver) -> list[str]:
    return [widget.label for widget in driver.scene.panel.widgets]


def both(host, guest, frames: int = 4) -> None:
    for _ in range(frames):
        host.frames(1)
        guest.frames(1)


def connected(make_driver, settings: Settings | None = None, **room):
    """Host and guest on the board of an online game, each with a store of its own (``room``: changes to the
    room's game, as Board and rules would make them)."""
    host_page, guest_page = Page.pair([])
    stores = MemoryStore(), MemoryStore()
    host, guest = make_driver(store=stores[0]), make_driver(store=stores[1])
    host.app.save_settings((settings or Settings()).with_(players=(Player("Ann"),)))
    guest.app.save_settings(Settings(players=(Player("Bob"),)))
    host.app.manager.push(OnlineScene(host.app, page=online_page(host_page)))
    host.frames(1)
    host.scene.setup = host.scene.setup.with_(**room)
    host.press_button(tr("Invite"))  # (in the host's language)
    host.frames(3)
    guest.app.manager.push(OnlineScene(guest.app, link=host.scene.lobby.link, page=online_page(guest_page)))
    guest.frames(3)
    host.scene.clipboard.pasted = guest.scene.lobby.link
    both(host, guest)
    assert isinstance(host.scene, BoardScene) and isinstance(guest.scene, BoardScene)
    return host, guest


def play(driver, other, line: int) -> None:
    driver.click(driver.line_point(line))
    both(driver, other, 10)


def history(driver) -> list:
    return list(Saved(driver.app.saved.store).history().games)


def test_an_online_board_offers_resign_and_never_send_move(make_driver):
    host, guest = connected(make_driver)
    assert not host.widget("Undo").enabled  # nothing of this device's to take back yet
    play(host, guest, 0)
    assert host.widget("Undo").enabled and not guest.widget("Undo").enabled
    for driver in (host, guest):
        assert labels(driver)[:3] == ["Undo", "Hint", "Resign"]
        assert "Send move" not in labels(driver) and "Share" not in labels(driver)
        assert driver.scene.session.referee.link_text().endswith("connected")
        assert driver.scene.session.referee.link_text() in driver.app.announcer.said  # told to the screen reader
    assert guest.widget("Resign").enabled


@pytest.mark.slow
def test_resign_asks_first_then_ends_the_game_on_both_devices_and_in_both_histories(make_driver):
    host, guest = connected(make_driver)
    play(host, guest, 0)
    guest.press_button("Resign")
    assert labels(guest)[:2] == ["Yes, resign", "Keep playing"] and "Resign this game?" in guest.scene.status()
    guest.press_button("Keep playing")
    assert labels(guest)[:3] == ["Undo", "Hint", "Resign"] and not guest.scene.session.finished
    guest.press_button("Resign")
    guest.press_button("Yes, resign")
    both(host, guest)
    for driver in (host, guest):
        assert isinstance(driver.scene, BoardScene) and driver.scene.session.finished  # the board stays
        assert labels(driver)[:2] == ["Rematch", "Results"]
        games = history(driver)
        assert len(games) == 1 and games[0].extra["online"]["resigned"] == "g"
        assert describe_entry(games[0])[1].startswith("Online  ·  ")
    both(host, guest, 130)  # (the news of the moment has gone)
    assert host.scene.status() == "Bob resigned. Game over: you win"
    assert guest.scene.status() == "You resigned. Game over: Ann wins"
    assert history(host)[0].winners == history(guest)[0].winners == (0,)
    assert describe_entry(history(host)[0])[1] == "Online  ·  You 0  Bob 0  ·  Bob resigned  ·  You won"
    assert describe_entry(history(guest)[0])[1] == "Online  ·  Ann 0  You 0  ·  You resigned  ·  Ann won"
    assert history(host)[0].extra["online"]["seats"] == [True, False]
    assert history(guest)[0].extra["online"]["seats"] == [False, True]
    both(host, guest, 10)
    assert len(history(host)) == len(history(guest)) == 1  # recorded once


def test_undo_is_asked_and_the_friend_allows_or_refuses_it_on_the_board(make_driver):
    host, guest = connected(make_driver)
    play(host, guest, 0)
    host.press_button("Undo")
    both(host, guest)
    assert "waiting for" in host.scene.status() and not host.widget("Undo").enabled
    assert labels(guest)[:2] == ["Allow undo", "Refuse"] and "asks to take back" in guest.scene.status()
    guest.press_button("Refuse")
    both(host, guest)
    assert host.scene.session.state.moves == guest.scene.session.state.moves == [0]
    assert labels(guest)[:3] == ["Undo", "Hint", "Resign"]
    host.press_button("Undo")
    both(host, guest)
    guest.press_button("Allow undo")
    both(host, guest)
    assert host.scene.session.state.moves == guest.scene.session.state.moves == []
    assert host.scene.session.accepting_input()


def test_a_competitive_online_game_never_offers_undo(make_driver):
    host, guest = connected(make_driver, Settings(competitive=True))
    play(host, guest, 0)
    host.press_button("Hint") if host.widget("Hint").enabled else None
    assert not host.widget("Undo").enabled and not guest.widget("Undo").enabled
    host.key(pygame.K_u)
    assert host.scene.status() == "Undo is off in competitive games, timed games and matches."
    both(host, guest)
    assert guest.scene.session.state.moves == [0] and "Allow undo" not in labels(guest)


def test_rematch_from_the_board_and_from_results_swaps_the_seats(make_driver):
    host, guest = connected(make_driver)
    assert host.scene.session.names == ["You", "Bob"] and guest.scene.session.names == ["Ann", "You"]
    play(host, guest, 0)
    host.press_button("Resign")
    host.press_button("Yes, resign")
    both(host, guest)
    host.press_button("Rematch")
    both(host, guest)
    assert "Rematch asked" in host.scene.status() and not host.widget("Rematch").enabled
    assert guest.widget("Accept rematch").enabled
    guest.press_button("Results")
    assert isinstance(guest.scene, ResultsScene)
    assert guest.scene.online_note().startswith("Ann resigned.")
    both(host, guest)
    guest.press_button("Rematch")  # the results' Rematch: through the room, then back to the board
    both(host, guest)
    for driver in (host, guest):
        assert isinstance(driver.scene, BoardScene) and not driver.scene.session.finished
    assert host.scene.session.names == ["Bob", "You"] and guest.scene.session.names == ["You", "Ann"]
    for driver in (host, guest):
        assert labels(driver)[:3] == ["Undo", "Hint", "Resign"]
    assert guest.scene.session.accepting_input() and not host.scene.session.accepting_input()


def test_a_friend_who_leaves_or_stops_answering_is_shown_and_told(make_driver):
    host, guest = connected(make_driver)
    play(host, guest, 0)
    host.clock.step = 0.1  # (a frame's dt is at most 0.1 s)
    host.frames(90)  # the guest's device stops answering (asleep) for 9 s
    host.clock.step = 1 / 30
    words = host.scene.session.referee.link_text()
    assert words == "Paused: Bob's device does not answer" and words in host.app.announcer.said
    assert not host.widget("Resign").enabled and host.scene.status() == words
    both(host, guest)
    assert host.scene.session.referee.link_text().endswith("connected")  # it answers again
    guest.press_button("Menu")  # the guest leaves
    guest.press_button("Leave")
    both(host, guest)
    words = host.scene.session.referee.link_text()
    assert words == "Paused: the connection is closed" and words in host.app.announcer.said
    assert not host.scene.session.accepting_input()


def test_menu_during_an_online_game_asks_first_and_keep_playing_stays(make_driver):
    host, guest = connected(make_driver)
    play(host, guest, 0)
    host.press_button("Menu")
    assert isinstance(host.scene, BoardScene) and labels(host)[:2] == ["Leave", "Keep playing"]
    assert host.scene.status() == "Leave the game? It pauses on Bob's device."
    host.press_button("Keep playing")
    assert labels(host)[:3] == ["Undo", "Hint", "Resign"] and host.scene.session.referee.link_text().endswith(
        "connected"
    )
    host.key(pygame.K_ESCAPE)  # Back asks too
    assert labels(host)[:2] == ["Leave", "Keep playing"]
    host.press_button("Leave")
    both(host, guest)
    assert isinstance(host.scene, MenuScene)
    assert guest.scene.session.referee.link_text() == "Paused: the connection is closed"
    assert guest.scene.session.state.moves == [0]


def test_a_question_to_leave_is_dropped_when_the_game_ends(make_driver):
    host, guest = connected(make_driver)
    host.press_button("Menu")
    guest.press_button("Resign")
    guest.press_button("Yes, resign")
    both(host, guest)
    assert labels(host)[:2] == ["Rematch", "Results"]  # the game over: Menu leaves at once
    host.press_button("Menu")
    assert isinstance(host.scene, MenuScene)


def test_the_board_of_an_online_game_in_french(make_driver):
    host, guest = connected(make_driver, Settings(language="fr"))
    assert "Abandon" in labels(host) and "connecté" in host.scene.session.referee.link_text()


def test_a_rematch_asked_of_a_friend_who_left_is_not_waited_for(make_driver):
    host, guest = connected(make_driver)
    host.press_button("Resign")
    host.press_button("Yes, resign")
    both(host, guest)
    host.press_button("Rematch")
    guest.press_button("Menu")
    both(host, guest, 130)
    assert host.scene.status() == "You resigned. Game over: Bob wins"
    assert (
        not host.widget("Rematch").enabled
        and host.scene.session.referee.link_text() == "The connection with Bob is closed"
    )


TIE = [3, 10, 9, 2, 7, 6, 5, 11, 0, 8, 1, 4]  # a 2x2 game that ends 2-2


def play_to_a_tie(host, guest) -> None:
    for line in TIE:
        mover, other = (host, guest) if host.scene.session.accepting_input() else (guest, host)
        play(mover, other, line)
        both(host, guest, 10)  # (past the double-tap window: one device may play twice in a row)
    both(host, guest, 100)  # (past the pause on the finished board)
    assert host.scene.session.tied() and guest.scene.session.finished


def test_after_a_tie_the_decider_is_asked_on_the_board_and_accepted_in_results(make_driver):
    host, guest = connected(make_driver, size=(2, 2))
    play_to_a_tie(host, guest)
    assert labels(host)[:3] == ["Play a decider", "Rematch", "Results"]
    host.press_button("Play a decider")
    both(host, guest)
    assert host.scene.status() == "Decider asked: waiting for Bob."
    assert labels(guest)[:3] == ["Accept decider", "Rematch", "Results"]
    assert guest.scene.status() == "Ann wants a decider: press Accept decider."
    guest.press_button("Results")
    lead = next(label for label in labels(guest) if label.startswith("Play a decider"))
    guest.press_button(lead)  # Results' own decider button ("Play a decider: 3x3 boxes"): through the room too
    both(host, guest)
    for driver in (host, guest):
        session = driver.scene.session
        assert isinstance(driver.scene, BoardScene) and not session.finished and session.purpose == "decider"
        assert session.board.size == (3, 3)
    assert guest.scene.session.accepting_input(), "the player who did not start the tied game starts the decider"


def test_a_decider_agreed_before_play_is_the_only_way_on_after_a_tie(make_driver):
    host, guest = connected(make_driver, size=(2, 2), decider=True)
    assert "decider if tied" in guest.scene.presenter.title()
    play_to_a_tie(host, guest)
    assert labels(host)[:2] == labels(guest)[:2] == ["Play a decider", "Results"]
    host.press_button("Play a decider")
    guest.press_button("Play a decider")
    both(host, guest)
    assert host.scene.session.board.size == guest.scene.session.board.size == (3, 3)


def test_the_pause_card_says_what_to_do_on_each_device(make_driver):
    host, guest = connected(make_driver)
    play(host, guest, 0)
    guest.press_button("Menu")
    guest.press_button("Leave")
    both(host, guest)
    drawn = host.scene.session.referee.pause_advice()
    assert "Invite again" in drawn and host.scene.status() == "Paused: the connection is closed"
