"""Share links and play by link: reading and writing them, refusing damaged or foreign ones, and the browser
branch (sys.platform "emscripten" in a page in memory: its address's fragment, localStorage, the clipboard).

pygame is imported before sys.platform is patched (see the pygbag notes)."""

from __future__ import annotations

import asyncio
import random
import sys

import pygame
import pytest
from link_games import SITE, finished, friend_link, played
from storage_fakes import FakeLocalStorage

from game.app import main
from game.app.scenes.board import BoardScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.replace import ReplaceScene
from game.app.scenes.review import ReviewScene
from game.app.scenes.share import ShareScene
from game.core import Board, decode, encode
from game.page import use as use_page
from game.page.memory import MemoryPage
from game.play.links import (
    parse_link,
    position_link,
)
from game.play.settings import Seat, Settings

from .conftest import Driver, FakeClock


# -- the browser branch ---------------------------------------------------------------------------------------------
@pytest.fixture
def open_page(monkeypatch):
    """Open the game in a browser page (in memory) at ``#hash`` (with the device's localStorage); returns a Driver
    whose ``window`` is the page."""

    def make(hash_: str, local_storage: FakeLocalStorage | None = None, refuse: bool = False) -> Driver:
        page = MemoryPage(site=SITE, storage=local_storage or FakeLocalStorage(), clipboard_refused=refuse)
        page.open_fragment(hash_)
        monkeypatch.setattr(sys, "platform", "emscripten")
        use_page(page)
        clock = FakeClock()
        app = asyncio.run(main(max_frames=1, clock=clock))
        driver = Driver(app, clock)
        driver.window = page
        return driver

    yield make
    pygame.event.clear()


def test_opening_a_position_link_starts_a_game_on_that_position(open_page):
    state = played(Board.square(3, 3), 7)
    driver = open_page("#" + encode(state))
    assert isinstance(driver.scene, BoardScene)
    assert driver.scene.session.state.moves == state.moves
    assert not driver.app.notices


def test_opening_a_finished_game_opens_its_review(open_page):
    state = finished(Board.square(2, 2))
    driver = open_page("#" + encode(state))
    assert isinstance(driver.scene, ReviewScene)
    assert driver.scene.game.moves == state.moves


def test_a_tampered_link_shows_why_and_the_menu_and_loses_nothing(open_page):
    storage = FakeLocalStorage()
    first = open_page("", storage)
    first.press_button("Quick play")
    first.frames(2)
    saved = dict(storage.items)
    assert "pipopipette.unfinished" in saved
    code = encode(played(Board.square(3, 3), 7))
    tampered = code[:12] + ("B" if code[12] != "B" else "C") + code[13:]
    driver = open_page("#" + tampered, storage)
    assert isinstance(driver.scene, MenuScene)
    assert any("changed on the way" in message for message, _ in driver.app.notices)
    assert storage.items == saved, "the unfinished game and everything else are as they were"
    assert driver.widget("Continue").enabled


def test_the_hash_arriving_only_in_sys_argv_is_read_too(open_page, monkeypatch):
    state = played(Board.square(3, 3), 5)
    monkeypatch.setattr(sys, "argv", ["main.py", "#" + encode(state)])
    driver = open_page("")
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == state.moves


def human_pair(driver: Driver, board=(3, 3)) -> None:
    """Start a two-human game on this device from the settings."""
    settings = Settings(size=board, seats=(Seat("human"), Seat("human")))
    driver.app.save_settings(settings)
    driver.press_button("Quick play")
    driver.frames(2)


def play_turn(driver: Driver) -> None:
    """The person to move draws lines until the turn passes (captures give another move)."""
    session = driver.scene.session
    mover = session.state.to_move
    rng = random.Random(len(session.state.moves))
    while not session.state.over and session.state.to_move == mover:
        driver.until(lambda: session.accepting_input())
        driver.click(driver.line_point(rng.choice(session.state.legal_lines())))
    driver.until(lambda: not session.busy)


def send_move(driver: Driver) -> str:
    driver.press_button("Send move")
    assert isinstance(driver.scene, ShareScene)
    driver.press_button("Copy link")
    link = driver.window.clipboard
    assert link == driver.scene.link and link.startswith(SITE + "#p.")
    assert driver.scene.clipboard.status.startswith("Copied")
    return link


def test_play_by_link_goes_back_and_forth_and_refuses_a_stale_or_foreign_link(open_page):
    alice_storage, bob_storage = FakeLocalStorage(), FakeLocalStorage()
    alice = open_page("", alice_storage)
    human_pair(alice)
    play_turn(alice)
    first = send_move(alice)

    bob = open_page(first.split("#")[1], bob_storage)
    assert isinstance(bob.scene, BoardScene), bob.app.notices
    game = bob.scene.session
    assert game.link_id == parse_link(first).game_id and game.state.moves == parse_link(first).state.moves
    play_turn(bob)
    second = send_move(bob)
    assert len(parse_link(second).state.moves) > len(parse_link(first).state.moves)

    alice_again = open_page(second.split("#")[1], alice_storage)
    assert isinstance(alice_again.scene, BoardScene)
    assert alice_again.scene.session.state.moves == parse_link(second).state.moves
    play_turn(alice_again)
    send_move(alice_again)

    stale = open_page(second.split("#")[1], alice_storage)
    assert isinstance(stale.scene, MenuScene)
    assert any("older than your game" in message for message, _ in stale.app.notices)

    foreign_state = played(Board.square(3, 3), len(parse_link(second).state.moves) + 2, seed=99)
    foreign = friend_link(SITE, foreign_state, parse_link(second).game_id)
    refused = open_page(foreign.split("#")[1], alice_storage)
    assert isinstance(refused.scene, MenuScene)
    assert any("does not continue your game" in message for message, _ in refused.app.notices)


def test_a_refused_clipboard_leaves_the_link_on_screen_with_a_note(open_page):
    driver = open_page("", refuse=True)
    driver.press_button("Quick play")
    driver.frames(2)
    driver.press_button("Share")
    assert isinstance(driver.scene, ShareScene)
    driver.press_button("Copy link")
    assert "did not allow copying" in driver.scene.clipboard.status
    assert parse_link(driver.scene.link).state.moves == driver.app.manager.stack[-2].session.state.moves


def test_the_desktop_opens_a_link_given_on_its_command_line(make_driver):
    state = played(Board.triangle(5), 6)
    driver = make_driver(link=position_link(SITE, state))
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == state.moves
    refused = make_driver(link="#1.s3x3.2.0.AHG.Q")
    assert isinstance(refused.scene, MenuScene) and refused.app.notices


def test_a_board_the_app_does_not_offer_is_refused_clearly(make_driver):
    state = played(Board.square(1, 1), 1)
    driver = make_driver(link="#" + encode(state))
    assert isinstance(driver.scene, MenuScene)
    assert any("cannot be played on here" in message for message, _ in driver.app.notices)
    done = finished(Board.square(1, 1))
    review = make_driver(link="#" + encode(done))
    assert isinstance(review.scene, ReviewScene), "a finished game on any board can still be reviewed"


def test_a_link_pasted_into_the_address_bar_of_the_open_page_is_opened(open_page):
    driver = open_page("")
    assert isinstance(driver.scene, MenuScene)
    state = played(Board.square(3, 3), 3)
    driver.window.open_fragment(encode(state))
    driver.frames(45)  # the hash is looked at once a second (frames of 1/30 s here)
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == state.moves
    driver.frames(40)
    assert len(driver.app.manager.stack) == 2, "the same hash is opened once"


def test_a_link_game_asks_before_replacing_another_unfinished_game(open_page):
    storage = FakeLocalStorage()
    first = open_page("", storage)
    first.press_button("Quick play")
    first.frames(2)
    unfinished = storage.items["pipopipette.unfinished"]
    state = played(Board.square(3, 3), 5)
    driver = open_page("#" + encode(state), storage)
    assert isinstance(driver.scene, ReplaceScene), "asked first"
    assert [widget.label for widget in driver.scene.panel.widgets] == ["Continue", "Replace", "Cancel"]
    assert storage.items["pipopipette.unfinished"] == unfinished
    driver.press_button("Replace")
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == state.moves
    again = open_page("#" + encode(played(Board.square(3, 3), 7)), storage)
    again.press_button("Continue")
    assert isinstance(again.scene, BoardScene) and again.scene.session.state.moves == state.moves, "kept"


def test_an_opened_link_leaves_the_address_so_a_reload_does_not_open_it_again(open_page):
    driver = open_page("#" + encode(played(Board.square(3, 3), 7)))
    assert isinstance(driver.scene, BoardScene)
    assert driver.window.replaced == [SITE] and driver.window.fragment() == ""


@pytest.mark.slow
def test_a_finished_game_received_by_link_is_recorded_once_however_often_it_is_opened(open_page):
    bob_storage = FakeLocalStorage()
    last = friend_link(SITE, finished(Board.square(2, 2), seed=4), "GAMEID42")
    for _ in range(3):  # opened, then opened again (a reload of an older build, or the link pasted again)
        bob = open_page(last.split("#")[1], bob_storage)
        bob.until(lambda bob=bob: not isinstance(bob.scene, BoardScene), limit=600)
    games = bob.app.saved.history().games
    assert len(games) == 1, "one game, however often its last link is opened"
    assert decode(games[0].moves[0]).moves == parse_link(last).state.moves


def test_reopening_a_friend_link_after_a_move_not_sent_asks_first(open_page):
    alice_storage, bob_storage = FakeLocalStorage(), FakeLocalStorage()
    alice = open_page("", alice_storage)
    human_pair(alice)
    play_turn(alice)
    first = send_move(alice)
    bob = open_page(first.split("#")[1], bob_storage)
    play_turn(bob)  # Bob moves and has not sent it yet
    again = open_page(first.split("#")[1], bob_storage)
    assert isinstance(again.scene, ReplaceScene), "the same link again would take Bob's move back: it asks"


def test_on_the_desktop_with_no_site_known_send_move_gives_a_code_a_friend_opens_for_their_seat_only(
    make_driver, monkeypatch
):
    from game.app.scenes.opening import open_link
    from game.play import links
    from game.storage import MemoryStore

    monkeypatch.delenv(links.SITE_VARIABLE, raising=False)
    monkeypatch.setattr(links, "published_site", lambda: None)
    alice = make_driver()
    alice.app.save_settings(Settings(size=(3, 3), seats=(Seat("human"),) * 3, timer=15, competitive=False))
    alice.press_button("Quick play")
    alice.frames(2)
    play_turn(alice)
    alice.press_button("Send move")
    assert isinstance(alice.scene, ShareScene)
    code = alice.scene.link
    assert code.startswith("p.") and "localhost" not in code, "not a link to a site that would not open"
    assert "paste it in Open a link" in alice.scene.explanation and "Player 2" in alice.scene.explanation
    copies = [w.label for w in alice.scene.panel.widgets if w.label.startswith("Copy")]
    assert copies == ["Copy code"], "a code is not called a link"

    bob = make_driver(store=MemoryStore())
    assert open_link(bob.app, code)
    bob.frames(2)
    assert isinstance(bob.scene, BoardScene)
    game = bob.scene.session
    assert len(game.seats) == 3 and game.settings.timer == 15 and game.here == {1}
    play_turn(bob)
    bob.press_button("Undo")
    assert game.state.moves == parse_link(code).state.moves, "Bob's own move, not sent, came back"
    assert not game.can_undo(), "Alice's move did not"
    play_turn(bob)
    assert not game.accepting_input(), "Player 3 plays on their own device"
    bob.press_button("Send move")
    assert "Send this code to Player 3" in bob.scene.explanation


def test_a_match_s_link_for_its_next_board_goes_on_without_asking_to_replace(open_page):
    from game.core import GameState, Rules
    from game.play.link_play import FriendGame, friend_fragment

    board, storage = Board.square(2, 2), FakeLocalStorage()
    almost = played(board, board.num_lines - 1, seed=5)
    ended = finished(board, seed=5)
    assert ended.moves[:-1] == almost.moves
    second = GameState(board, Rules(), first=1)
    second.play(second.legal_lines()[0])
    before = friend_fragment(FriendGame("MATCH001", (almost,), match=True))
    after = friend_fragment(FriendGame("MATCH001", (ended, second), match=True))
    bob = open_page("#" + before, storage)
    assert isinstance(bob.scene, BoardScene) and bob.scene.session.current == 0
    again = open_page("#" + after, storage)
    assert isinstance(again.scene, BoardScene), "the same match, further on: nothing here is lost"
    game = again.scene.session
    assert game.current == 1 and game.state.moves == second.moves and game.games[0].moves == ended.moves


def test_the_last_move_of_a_game_played_by_link_is_sent_from_the_results(open_page):
    from game.app.scenes.results import ResultsScene
    from game.play.link_play import FriendGame, friend_fragment

    board = Board.square(2, 2)
    almost = played(board, board.num_lines - 1, seed=5)
    bob = open_page("#" + friend_fragment(FriendGame("LASTMOVE", (almost,))), FakeLocalStorage())
    bob.frames(2)
    bob.click(bob.line_point(almost.legal_lines()[0]))
    bob.until(lambda: isinstance(bob.scene, ResultsScene))
    bob.press_button("Send move")
    assert isinstance(bob.scene, ShareScene) and bob.scene.title == "Send the last move"
    assert parse_link(bob.scene.link).state.over, "the friends' game ends too when they open it"


def test_the_desktops_share_speaks_of_the_code_it_shares(make_driver) -> None:
    from game.play.match import Session
    from game.play.settings import Settings

    driver = make_driver()
    driver.app.go("board", session=Session(Settings(), random.Random(1), first=0))
    driver.frames(1)
    driver.press_button("Share")
    share = driver.scene
    assert isinstance(share, ShareScene) and "://" not in share.link, "the desktop has no page to link to"
    assert share.explanation == "Whoever pastes this code in Open a link plays on from this position."
