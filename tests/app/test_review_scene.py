"""The review scene: opened from results and History, stepping (buttons, keys, slider, chart), the analysis filling
in over frames, "not solved" with the Expert's opinion, play from here and sharing."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.review import Review
from game.app.scenes.board import BoardScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.review import ReviewScene, advantage
from game.app.scenes.share import ShareScene
from game.core import Board, GameState, Rules, encode
from game.play.i18n.phrases import cost_text
from game.play.links import parse_link
from game.play.match import Session
from game.play.settings import Seat, Settings

from .conftest import LANDSCAPE


def finished(board: Board, seed: int = 1, rules: Rules | None = None) -> GameState:
    state = GameState(board, rules or Rules())
    rng = random.Random(seed)
    while not state.over:
        state.play_random(rng)
    return state


def open_review(driver, game: GameState, **options) -> ReviewScene:
    scene = ReviewScene(driver.app, game, **options)
    driver.app.manager.push(scene)
    driver.frames(1)
    return scene


def history_entry(game: GameState) -> dict:
    return {
        "date": "2026-11-30T10:00:00+00:00",
        "board": "s2x3",
        "rules": "2",
        "seats": [{"kind": "human", "level": "easy"}, {"kind": "computer", "level": "hard"}],
        "names": ["You", "Hard"],
        "scores": list(game.scores),
        "winners": game.winners(),
        "moves": [encode(game)],
    }


def test_results_offer_a_review_of_the_game_just_played(make_driver):
    driver = make_driver()
    settings = Settings(size=(2, 2), seats=(Seat("computer", "easy"), Seat("computer", "easy")), animation="fast")
    session = Session(settings, random.Random(5))
    session.match.resume([finished(Board.square(2, 2), seed=5)], 0)
    session.movers = [[0] * len(session.games[0].moves)]
    driver.app.manager.push(ResultsScene(driver.app, session))
    driver.frames(1)
    driver.press_button("Review")
    assert isinstance(driver.scene, ReviewScene)
    assert driver.scene.game.moves == session.state.moves and driver.scene.names == session.names


def test_a_history_row_opens_the_review_of_that_game(make_driver, store):
    game = finished(Board.square(2, 3), seed=3)
    store.put("history", [history_entry(game)])
    driver = make_driver()
    driver.press_button("History")
    scene = driver.scene
    assert isinstance(scene, HistoryScene)
    row = scene.list_rect
    driver.click((row.centerx, row.y + scene.row_height // 2))
    assert isinstance(driver.scene, ReviewScene)
    assert driver.scene.game.moves == game.moves
    assert driver.scene.seats == (Seat("human", "easy"), Seat("computer", "hard"))


def test_a_history_row_without_moves_says_so_and_stays(make_driver, store):
    entry = history_entry(finished(Board.square(2, 3)))
    entry["moves"] = []
    store.put("history", [entry])
    driver = make_driver()
    driver.press_button("History")
    row = driver.scene.list_rect
    driver.click((row.centerx, row.y + driver.scene.row_height // 2))
    assert isinstance(driver.scene, HistoryScene)
    assert any("without its moves" in message for message, _ in driver.app.notices)


def test_stepping_with_buttons_keys_slider_and_chart(make_driver):
    driver = make_driver()
    game = finished(Board.square(2, 3), seed=2)
    scene = open_review(driver, game)
    count = len(game.moves)
    assert scene.index == count, "the review opens on the final position"
    driver.press_button("<<")
    assert scene.index == 0 and not driver.widget("<").enabled
    driver.press_button(">")
    driver.key(pygame.K_RIGHT)
    assert scene.index == 2
    driver.key(pygame.K_LEFT)
    assert scene.index == 1
    slider = scene.chart.slider
    driver.post(pygame.MOUSEBUTTONDOWN, pos=(slider.x, slider.centery), button=1, touch=False)
    driver.post(pygame.MOUSEMOTION, pos=(slider.right, slider.centery), rel=(0, 0), buttons=(1, 0, 0), touch=False)
    driver.post(pygame.MOUSEBUTTONUP, pos=(slider.right, slider.centery), button=1, touch=False)
    driver.frames(1)
    assert scene.index == count, "dragging the slider to its end shows the last move"
    inner = scene.chart.inner(scene.chart_title())
    driver.click((inner.x + inner.width // 2, inner.centery))
    assert abs(scene.index - count // 2) <= 1, "a tap on the chart goes to that move"
    driver.press_button(">>")
    assert scene.index == count and not driver.widget(">").enabled


@pytest.mark.slow
def test_the_analysis_fills_in_over_frames_and_matches_the_engine_review(make_driver, monkeypatch):
    # the Python solver, stepped in the frames: the compiled core searches in a thread of its own and may settle a
    # small game between two frames of a loaded machine, so the partial count is the Python solver's to show
    monkeypatch.setattr("game.ai.wasm.solver.present", lambda: False)
    driver = make_driver()
    game = finished(Board.square(3, 3), seed=4)  # (on 2x3 the faster solver settled it with no partial count seen)
    scene = open_review(driver, game, seconds=60)  # room for every position even on a busy machine
    driver.app.step_budget = lambda: 0.0  # one solver step a frame, so the result cannot come in a single frame
    partial = False
    for _ in range(20000):
        driver.frames(1)
        solved = scene.analysis.solved_count()
        partial = partial or 0 < solved < len(game.moves)
        if scene.analysis.done:
            break
    assert partial, "moves are judged as the analysis goes, not all at once"
    assert scene.analysis.done and scene.analysis.solved_count() == len(game.moves)
    assert scene.analysis.moves == Review(game, 30).finish().moves
    for index in range(1, len(game.moves) + 1):
        scene.go_to(index)
        move = scene.analysis.move(index - 1)
        assert scene.verdict() == cost_text(move.loss or 0, scene.analysis.judgement(index - 1))
        assert scene.verdict().startswith("Best move" if move.loss == 0 else f"Gave away {move.loss}: ")
        assert scene.ghost() == (move.best if move.loss else None)
    assert advantage(scene.positions[-1], 0) == game.scores[0] - game.scores[1]


def test_positions_out_of_the_solvers_reach_are_not_solved_with_the_experts_opinion(make_driver):
    driver = make_driver(size=LANDSCAPE)
    game = finished(Board.square(5, 5), seed=6)
    scene = open_review(driver, game, seconds=0.05)
    driver.until(lambda: scene.analysis.done, limit=4000)
    assert scene.analysis.values[0] is None, "the empty 5x5 board is out of reach in 0.05 s"
    scene.go_to(2)
    assert scene.verdict().startswith("Not solved")
    driver.until(lambda: 1 in scene.opinions, limit=2000)
    line, reason = scene.opinions[1]
    assert reason and line in scene.positions[1].legal_lines()
    assert "The Expert would play" in scene.verdict()
    assert scene.ghost() in (None, line)


def test_play_from_here_starts_a_casual_game_on_the_position_shown(make_driver):
    driver = make_driver()
    game = finished(Board.square(2, 3), seed=8)
    scene = open_review(driver, game, names=["You", "Hard"], seats=(Seat("human"), Seat("computer", "hard")))
    scene.go_to(5)
    driver.press_button("Play from here")
    assert isinstance(driver.scene, BoardScene)
    session = driver.scene.session
    assert session.state.moves == game.moves[:5]
    assert session.seats == (Seat("human"), Seat("computer", "hard"))
    assert session.settings.timer == 0 and not session.settings.match


def test_share_gives_the_game_at_its_end_and_the_position_before(make_driver):
    driver = make_driver()
    game = finished(Board.square(2, 3), seed=9)
    scene = open_review(driver, game)
    driver.press_button("Share")
    assert isinstance(driver.scene, ShareScene) and parse_link(driver.scene.link).state.moves == game.moves
    driver.press_button("Back")
    scene.go_to(4)
    driver.press_button("Share")
    assert parse_link(driver.scene.link).state.moves == game.moves[:4]


def test_three_player_games_can_be_stepped_but_are_not_solved(make_driver):
    driver = make_driver()
    game = finished(Board.square(2, 2), rules=Rules(players=3))
    scene = open_review(driver, game)
    driver.frames(3)
    assert scene.analysis.done and scene.analysis.solved_count() == 0
    scene.go_to(3)
    assert scene.verdict().startswith("Not solved")


def test_misere_mistakes_are_not_named_in_normal_play_words(make_driver):
    driver = make_driver()
    game = finished(Board.square(2, 2), seed=3, rules=Rules(misere=True))
    scene = open_review(driver, game, seconds=60)
    scene.analysis.finish()
    mistakes = [move for move in scene.analysis.moves if move.loss]
    assert mistakes, "random play in misère makes mistakes too"
    scene.go_to(mistakes[0].index + 1)
    assert scene.verdict() == f"Gave away {mistakes[0].loss}: the dotted line was better"
    assert scene.ghost() == mistakes[0].best
