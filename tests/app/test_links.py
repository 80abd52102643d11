"""Share links and play by link: reading and writing them, refusing damaged or foreign ones, and the browser
branch (sys.platform "emscripten" with a fake platform.window: location.hash, localStorage, navigator.clipboard).

pygame is imported before sys.platform is patched (see the pygbag notes)."""

from __future__ import annotations

import asyncio
import platform
import random
import sys

import pygame
import pytest

from game.app import main
from game.app.scenes.board import BoardScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.replace import ReplaceScene
from game.app.scenes.review import ReviewScene
from game.app.scenes.share import ShareScene
from game.core import Board, GameState, Rules, encode
from game.play.links import (
    LinkError,
    LinkGames,
    friend_link,
    new_game_id,
    parse_link,
    position_link,
)
from game.play.settings import Seat, Settings
from game.storage import LINK_GAMES, MemoryStore, Saved

from .conftest import Driver, FakeClock
from .test_browser import FakeLocalStorage

SITE = "https://example.org/pipopipette/"


def played(board: Board, moves: int, seed: int = 1, rules: Rules | None = None) -> GameState:
    state = GameState(board, rules or Rules())
    rng = random.Random(seed)
    while not state.over and len(state.moves) < moves:
        state.play_random(rng)
    return state


def finished(board: Board, seed: int = 1) -> GameState:
    return played(board, board.num_lines, seed)


# -- links as text ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "state",
    [
        played(Board.square(3, 3), 7),
        finished(Board.square(2, 3)),
        played(Board.triangle(5), 9, rules=Rules(misere=True, no_extra=True)),
        played(Board.hexagon(2), 30, rules=Rules(start="swedish", players=3)),
    ],
    ids=["square", "finished", "triangle misere", "hex 3 players"],
)
def test_position_links_round_trip(state: GameState) -> None:
    link = position_link(SITE, state)
    assert link.startswith(SITE + "#2.")
    back = parse_link(link).state
    assert (back.board, back.rules, back.first, back.moves) == (state.board, state.rules, state.first, state.moves)
    assert parse_link(link).game_id is None


def test_friend_links_carry_the_game_id_and_move_count() -> None:
    state = played(Board.square(3, 3), 5)
    game_id = new_game_id(random.Random(4))
    link = friend_link(SITE, state, game_id)
    assert f"#f.{game_id}.5.2." in link
    opened = parse_link(link)
    assert opened.game_id == game_id and opened.state.moves == state.moves


def test_a_pasted_link_with_percent_escapes_and_spaces_still_opens() -> None:
    state = played(Board.square(3, 3), 4)
    link = position_link(SITE, state).replace(".", "%2E")
    assert parse_link(f"  {link}\n").state.moves == state.moves


@pytest.mark.parametrize(
    ("mangle", "reason"),
    [
        (lambda link: link.split("#")[0] + "#", "nothing follows"),
        (lambda link: link[:-3], "cannot be read"),
        (lambda link: link.replace(".2.0.", ".2.7."), "cannot be read"),
        (lambda link: link[:-1] + ("A" if link[-1] != "A" else "B"), "check character"),
        (lambda link: link + "x" * 3000, "too long"),
    ],
    ids=["empty", "cut", "first player", "check", "long"],
)
def test_damaged_position_links_are_refused_with_a_reason(mangle, reason: str) -> None:
    link = position_link(SITE, played(Board.square(3, 3), 6))
    with pytest.raises(LinkError, match=reason):
        parse_link(mangle(link))


@pytest.mark.parametrize(
    ("mangle", "reason"),
    [
        (lambda link: link.replace(".6.2.", ".5.2."), "says 5 moves but holds 6"),
        (lambda link: link.replace("#f.ABCDEFGH.", "#f.ABC.", 1), "damaged"),
        (lambda link: link.replace("#f.ABCDEFGH.6.", "#f.ABCDEFGH.six.", 1), "damaged"),
        (lambda link: link.split(".s3x3")[0], "cannot be read"),
    ],
    ids=["count", "id", "count text", "cut"],
)
def test_damaged_friend_links_are_refused_with_a_reason(mangle, reason: str) -> None:
    link = friend_link(SITE, played(Board.square(3, 3), 6), "ABCDEFGH")
    with pytest.raises(LinkError, match=reason):
        parse_link(mangle(link))


def test_a_friend_link_must_continue_the_game_kept_under_its_id() -> None:
    store = Saved(MemoryStore())
    games = LinkGames(store)
    full = played(Board.square(3, 3), 9, seed=2)
    mine = played(Board.square(3, 3), 6, seed=2)
    games.remember("ABCDEFGH", mine)
    assert LinkGames(store).refusal(parse_link(friend_link(SITE, full, "ABCDEFGH"))) is None
    assert LinkGames(store).refusal(parse_link(friend_link(SITE, mine, "ABCDEFGH"))) is None, "the same game again"
    older = played(Board.square(3, 3), 4, seed=2)
    assert "older than your game: it has 4 moves, yours has 6" in LinkGames(store).refusal(
        parse_link(friend_link(SITE, older, "ABCDEFGH"))
    )
    other = played(Board.square(3, 3), 9, seed=3)
    assert "move 1 is not the one you played" in LinkGames(store).refusal(
        parse_link(friend_link(SITE, other, "ABCDEFGH"))
    )
    bigger = played(Board.square(4, 4), 9, seed=2)
    assert "different board" in LinkGames(store).refusal(parse_link(friend_link(SITE, bigger, "ABCDEFGH")))
    assert LinkGames(store).refusal(parse_link(friend_link(SITE, other, "ZZZZZZZZ"))) is None, "a new game id"


def test_link_games_keep_the_latest_twenty() -> None:
    store = MemoryStore()
    games = LinkGames(Saved(store))
    state = played(Board.square(3, 3), 2)
    for number in range(25):
        games.remember(f"GAME{number:04d}", state)
    kept = store.get(LINK_GAMES)
    assert len(kept) == 20 and "GAME0024" in kept and "GAME0004" not in kept


# -- the browser branch ---------------------------------------------------------------------------------------------
class FakePromise:
    """Settles at once: calls ``then``'s first callback with ``value``, or the second with an error."""

    def __init__(self, value=None, refused: bool = False) -> None:
        self.value, self.refused = value, refused

    def then(self, done, failed):
        if self.refused:
            failed("NotAllowedError")
        else:
            done(self.value)


class FakeClipboard:
    def __init__(self, refuse: bool = False) -> None:
        self.text = ""
        self.refuse = refuse

    def writeText(self, text):  # noqa: N802 - the JavaScript name
        if not self.refuse:
            self.text = text
        return FakePromise(refused=self.refuse)

    def readText(self):  # noqa: N802
        return FakePromise(self.text, refused=self.refuse)


class FakeLocation:
    def __init__(self, hash_: str) -> None:
        self.hash = "#" + hash_.lstrip("#") if hash_ else ""  # as browsers give it: "#..." or empty
        self.href = SITE + self.hash


class FakeNavigator:
    def __init__(self, clipboard: FakeClipboard) -> None:
        self.clipboard = clipboard


class FakeWindow:
    def __init__(self, hash_: str = "", local_storage: FakeLocalStorage | None = None, refuse: bool = False) -> None:
        self.innerWidth, self.innerHeight = 390, 844
        self.localStorage = local_storage or FakeLocalStorage()
        self.location = FakeLocation(hash_)
        self.navigator = FakeNavigator(FakeClipboard(refuse))


@pytest.fixture
def open_page(monkeypatch):
    """Open the game in the fake browser at ``#hash`` (with the device's localStorage); returns a Driver."""

    def make(hash_: str, local_storage: FakeLocalStorage | None = None, refuse: bool = False) -> Driver:
        window = FakeWindow(hash_, local_storage, refuse)
        monkeypatch.setattr(sys, "platform", "emscripten")
        monkeypatch.setattr(platform, "window", window, raising=False)
        clock = FakeClock()
        app = asyncio.run(main(max_frames=1, clock=clock))
        driver = Driver(app, clock)
        driver.window = window
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
    assert any("cannot be read" in message for message, _ in driver.app.notices)
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
    link = driver.window.navigator.clipboard.text
    assert link == driver.scene.link and link.startswith(SITE + "#f.")
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
    driver.window.location.hash = "#" + encode(state)
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
    assert [widget.label for widget in driver.scene.panel.widgets] == ["Continue", "Replace"]
    assert storage.items["pipopipette.unfinished"] == unfinished
    driver.press_button("Replace")
    assert isinstance(driver.scene, BoardScene) and driver.scene.session.state.moves == state.moves
    again = open_page("#" + encode(played(Board.square(3, 3), 7)), storage)
    again.press_button("Continue")
    assert isinstance(again.scene, BoardScene) and again.scene.session.state.moves == state.moves, "kept"
