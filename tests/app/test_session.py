"""The game session through the real loop: undo, timer expiry, computer pacing, hints, autosave and resume."""

from __future__ import annotations

import copy
import random

import pygame
import pytest

from game.app.scenes.board import BoardScene
from game.app.scenes.menu import MenuScene
from game.core import decode
from game.play.match import Session, resume_session, score_curves, unfinished_game
from game.play.settings import Seat, Settings
from game.storage import RecordError, UnfinishedGame

VS_COMPUTER = Settings(seats=(Seat("human"), Seat("computer", "easy")), animation="fast")


def start(driver, settings, first=0) -> Session:
    session = Session(settings, random.Random(4), first=first)
    driver.app.go("board", session=session)
    driver.frames(2)
    return session


def test_undo_against_the_computer_goes_back_to_the_humans_last_decision(make_driver):
    driver = make_driver()
    session = start(driver, VS_COMPUTER)
    driver.click(driver.line_point(0))
    driver.wait_for_turn()
    assert len(session.state.moves) >= 2, "the computer answered"
    before_second = len(session.state.moves)
    driver.click(driver.line_point(session.state.legal_lines()[0]))
    driver.wait_for_turn()
    assert len(session.state.moves) > before_second
    driver.key(pygame.K_u)
    assert len(session.state.moves) == before_second
    assert session.state.to_move == 0
    driver.press_button("Undo")
    assert session.state.moves == []
    assert not driver.widget("Undo").enabled


def test_undo_between_two_people_takes_back_one_line(make_driver):
    driver = make_driver()
    session = start(driver, VS_COMPUTER.with_(seats=(Seat("human"), Seat("human"))))
    for line in (0, 5, 9):
        driver.wait_for_turn()
        driver.click(driver.line_point(line))
    driver.wait_for_turn()
    snapshot = session.state.snapshot()
    driver.key(pygame.K_u)
    assert session.state.moves == [0, 5]
    session.state.play(9)
    assert session.state.snapshot() == snapshot


def test_no_undo_or_hint_in_a_competitive_timed_game(make_driver):
    driver = make_driver()
    session = start(driver, VS_COMPUTER.with_(timer=10, competitive=True))
    driver.click(driver.line_point(0))
    driver.wait_for_turn()
    driver.key(pygame.K_u)
    driver.key(pygame.K_h)
    assert session.state.moves[0] == 0 and session.hint_search is None
    assert not driver.widget("Undo").enabled and not driver.widget("Hint").enabled


@pytest.mark.slow
def test_timer_expiry_plays_a_random_line_for_the_player(make_driver):
    driver = make_driver()
    session = start(driver, VS_COMPUTER.with_(seats=(Seat("human"), Seat("human")), timer=10))
    driver.frames(270)  # 9 s at 1/30 s a frame
    assert session.state.moves == []
    driver.until(lambda: len(session.state.moves) == 1, limit=60)
    assert session.movers[0] == [0]
    assert session.timer.remaining() > 9


def test_the_move_timer_stands_still_while_a_line_is_drawn():
    session = Session(VS_COMPUTER.with_(seats=(Seat("human"), Seat("human")), timer=10), random.Random(2))
    session.update(2.0)
    assert session.timer.remaining() == 8.0
    session.play_human(0)
    assert session.busy
    while session.busy:
        assert session.timer.remaining() == 10.0  # restarted for the next move, and not running yet
        session.update(0.05)
    session.update(1.0)
    assert 8.9 <= session.timer.remaining() < 9.05


def test_a_computer_out_of_time_gets_a_random_line_like_a_person():
    session = Session(VS_COMPUTER.with_(timer=10), random.Random(3), first=1)
    session.update(0.001)
    assert session.thinking
    session.timer.set_remaining(0.01)
    expected = copy.deepcopy(session.rng).choice(session.state.legal_lines())
    session.update(0.02)
    assert session.state.moves == [expected] and session.movers[0] == [1]


@pytest.mark.slow
def test_leaving_and_continuing_keeps_the_time_left(make_driver, store):
    driver = make_driver()
    session = start(driver, VS_COMPUTER.with_(seats=(Seat("human"), Seat("human")), timer=10))
    driver.frames(180)  # 6 s at 1/30 s a frame
    left = session.timer.remaining()
    assert 3.5 < left < 4.5
    assert 3 <= store.get("unfinished")["timer_left"] <= 5  # saved every whole second, not only on a move
    driver.press_button("Menu")
    driver = make_driver()
    driver.press_button("Continue")
    resumed = driver.scene.session
    assert resumed.timer.remaining() <= left + 0.05, "no fresh clock for leaving and coming back"
    driver.until(lambda: len(resumed.state.moves) == 1, limit=200)
    assert driver.app.frames < 200


def resume(data: object) -> tuple[Session | None, str]:
    """A stored value through storage's schema (Saved.unfinished), then rebuilt."""
    try:
        stored = UnfinishedGame.from_data(data)
    except RecordError as error:
        return None, str(error)
    return resume_session(stored)


def test_a_damaged_timer_value_is_ignored_not_fatal():
    good = unfinished_game(Session(VS_COMPUTER.with_(timer=15), random.Random(1), first=0)).to_data()
    for bad in ("soon", None, float("nan"), True):
        session, why = resume({**good, "timer_left": bad})
        assert session is not None and session.timer.remaining() == 15.0


def test_hint_highlights_a_line_with_a_reason(make_driver):
    driver = make_driver()
    session = start(driver, VS_COMPUTER.with_(seats=(Seat("human"), Seat("human"))))
    driver.press_button("Hint")
    driver.until(lambda: session.hint is not None, limit=2000)
    line, reason = session.hint
    assert not session.state.is_drawn(line)
    assert reason
    assert driver.scene.marks().hint == line
    driver.click(driver.line_point(line))
    assert session.hint is None


def test_computer_chain_moves_are_paced(make_driver):
    driver = make_driver()
    session = start(driver, VS_COMPUTER.with_(seats=(Seat("computer", "easy"), Seat("computer", "easy"))))
    frames_per_move = []
    for _ in range(4):
        count = len(session.state.moves)
        frames = 0
        while len(session.state.moves) == count:
            driver.frames(1)
            frames += 1
        frames_per_move.append(frames)
    assert min(frames_per_move) >= 5, "each computer line waits long enough (fake clock: 1/30 s a frame) to be followed"


def test_every_move_is_autosaved_and_the_game_resumes_from_the_menu(make_driver, store):
    driver = make_driver()
    session = start(driver, VS_COMPUTER.with_(seats=(Seat("human"), Seat("human")), misere=True))
    for line in (0, 3, 7):
        driver.wait_for_turn()
        driver.click(driver.line_point(line))
    driver.frames(1)
    saved = store.get("unfinished")
    assert decode(saved["codes"][0]).moves == [0, 3, 7]
    driver.press_button("Menu")
    assert isinstance(driver.scene, MenuScene)
    driver = make_driver()
    assert driver.widget("Continue").enabled
    driver.press_button("Continue")
    assert isinstance(driver.scene, BoardScene)
    resumed = driver.scene.session
    assert resumed.state.moves == [0, 3, 7]
    assert resumed.rules.misere
    assert resumed.state.snapshot() == session.state.snapshot()


def test_resume_rejects_damaged_saves_with_a_reason():
    good = unfinished_game(Session(VS_COMPUTER, random.Random(1), first=0)).to_data()
    assert resume(good)[0] is not None
    for bad in (
        None,
        [],
        {**good, "version": 99},
        {**good, "codes": ["1.s3x3.2.0.AA.x"]},
        {**good, "starter": 5},
        {**good, "codes": []},
        {**good, "settings": {"shape": "moon"}},
    ):
        session, why = resume(bad)
        assert session is None and why


@pytest.mark.slow
def test_match_plays_two_boards_and_totals_decide(make_driver):
    driver = make_driver()
    settings = Settings(
        shape="square",
        size=(2, 2),
        seats=(Seat("computer", "easy"), Seat("computer", "easy")),
        match=True,
        animation="fast",
    )
    session = start(driver, settings, first=1)
    assert [game.first for game in session.games] == [1, 0]
    driver.until(lambda: not isinstance(driver.scene, BoardScene), limit=4000)
    assert all(game.over for game in session.games)
    assert sum(session.totals()) == 8


def test_names_marks_curves_and_movers():
    session = Session(VS_COMPUTER.with_(seats=(Seat("human"), Seat("computer", "hard"))), random.Random(1))
    assert (session.names, session.marks) == (["You", "Hard"], ["Y", "C"])
    four = Settings(seats=(Seat("human"), Seat("human"), Seat("computer", "easy"), Seat("computer", "easy")))
    session = Session(four, random.Random(1))
    assert session.names == ["Player 1", "Player 2", "Easy 3", "Easy 4"]
    assert session.marks == ["1", "2", "3", "4"]
    state = decode(unfinished_game(Session(VS_COMPUTER, random.Random(1), first=1)).codes[0])
    rng = random.Random(5)
    while not state.over:
        state.play_random(rng)
    curves = score_curves(state)
    assert [curve[-1] for curve in curves] == state.scores
    assert all(len(curve) == len(state.moves) + 1 for curve in curves)
    movers = state.drawers()
    assert movers[0] == 1 and len(movers) == len(state.moves)


@pytest.mark.slow
def test_a_match_waits_between_boards_with_the_first_boards_result(make_driver):
    driver = make_driver()
    settings = Settings(seats=(Seat("human"), Seat("human")), size=(2, 2), match=True, animation="fast")
    session = start(driver, settings)
    rng = random.Random(8)
    while not session.state.over:
        driver.wait_for_turn()
        driver.click(driver.line_point(rng.choice(session.state.legal_lines())))
    first_scores = list(session.state.scores)
    driver.frames(150)
    assert session.between and session.current == 0, "the first board's result stays up"
    assert driver.scene.status() == "Press Next board when you are ready"
    assert [widget.label for widget in driver.scene.panel.widgets] == ["Next board", "Menu", "Sound"]
    assert driver.scene.panel.focus == 0, "Enter goes straight on"
    assert session.totals() == first_scores
    driver.key(pygame.K_RETURN)
    assert session.current == 1 and not session.between
    assert session.state.moves == [] and session.accepting_input()
    widgets = [widget.label for widget in driver.scene.panel.widgets]
    expected = ["Undo", "Hint", "Send move", "Menu", "Values", "Sound"]
    assert widgets == expected, "a match of people can be played by link"
    assert driver.app.saved.store.get("unfinished")["current"] == 1, "the next board is saved at once"


def test_a_match_resumed_on_a_finished_board_goes_on(make_driver):
    settings = Settings(seats=(Seat("computer", "easy"), Seat("computer", "easy")), size=(2, 2), match=True)
    session = Session(settings, random.Random(2), first=0)
    rng = random.Random(3)
    while not session.state.over:
        session.state.play(rng.choice(session.state.legal_lines()))
    resumed, why = resume_session(unfinished_game(session))
    assert resumed is not None, why
    for _ in range(100):
        resumed.update(0.1)
    assert resumed.current == 1


class EndlessSearch:
    """A search that never finishes on its own (as Hard's work-bounded fallback can seem in a slow browser)."""

    def __init__(self, best: int) -> None:
        self.best = best
        self.steps = 0

    def step(self, budget: float) -> bool:
        self.steps += 1
        return False


def test_the_expert_plays_its_best_move_so_far_when_its_time_is_up_in_wall_time():
    from game.ai.levels import EXPERT_SECONDS

    settings = Settings(seats=(Seat("computer", "expert"), Seat("human")), size=(3, 3))
    session = Session(settings, random.Random(1), first=0)
    wall = [1000.0]
    session.thinker.wall = lambda: wall[0]
    endless = EndlessSearch(best=session.state.legal_lines()[5])
    session.players[0].think = lambda state: endless
    session.update(0.1)
    for _ in range(20):
        wall[0] += EXPERT_SECONDS / 25
        session.update(0.1)
    assert session.state.moves == [], "still within its time"
    wall[0] += EXPERT_SECONDS / 5
    session.update(0.1)
    assert session.state.moves == [endless.best], "the best move so far, as soon as the time is up"
    assert endless.steps == 22


def test_only_the_expert_has_a_time_budget():
    settings = Settings(seats=(Seat("computer", "hard"), Seat("human")), size=(3, 3))
    session = Session(settings, random.Random(1), first=0)
    wall = [0.0]
    session.thinker.wall = lambda: wall[0]
    endless = EndlessSearch(best=0)
    session.players[0].think = lambda state: endless
    for _ in range(5):
        wall[0] += 10.0
        session.update(0.1)
    assert session.state.moves == [], "Hard is bounded by work, not time: it finishes its move"
