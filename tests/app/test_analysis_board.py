"""The analysis board on screen (in a review and in a paused casual game), and the review's results kept per game."""

from __future__ import annotations

import random

from game.ai.review import Review
from game.ai.search.solver import line_values
from game.app.analysis_overlay import EXPLAINED, label_size
from game.app.render import BoardView
from game.app.scenes.board import BoardScene
from game.app.scenes.review import POSITION_SECONDS, ReviewScene
from game.core import Board, GameState, Rules
from game.play.match import Session
from game.play.settings import Seat, Settings
from game.storage.keys import REVIEWS

from .conftest import LANDSCAPE, PORTRAIT


def finished(board: Board, seed: int) -> GameState:
    state = GameState(board)
    rng = random.Random(seed)
    while not state.over:
        state.play_random(rng)
    return state


def open_review(driver, game: GameState) -> ReviewScene:
    scene = ReviewScene(driver.app, game)
    driver.app.manager.push(scene)
    driver.frames(1)
    return scene


def test_values_in_a_review_show_every_lines_exact_value_for_the_position_shown(make_driver):
    driver = make_driver()
    game = finished(Board.square(2, 3), seed=2)
    scene = open_review(driver, game)
    scene.go_to(4)
    driver.press_button("Values")
    assert scene.values.on and driver.widget("Hide values")
    assert driver.app.notice_height > 0 and driver.app.settings.values_told, "explained the first time"
    assert EXPLAINED in driver.app.announcer.said
    driver.until(lambda: scene.values.board.current is not None and scene.values.board.current.done)
    shown = scene.values.board.current
    assert shown.values == line_values(scene.positions[4])
    driver.frames(1)
    assert driver.app.announcer.said[-1] == shown.summary(scene.names), "the screen reader hears the best line"
    name = scene.names[scene.positions[4].to_move]
    assert scene.values.caption(scene.positions[4], scene.names).startswith(f"Values for {name} to move")
    scene.go_to(5)
    driver.until(lambda: scene.values.board.current.state.drawn == scene.positions[5].drawn)
    driver.until(lambda: scene.values.board.current.done)
    assert scene.values.board.current.values == line_values(scene.positions[5])
    driver.press_button("Hide values")
    assert not scene.values.on and scene.values.board.current is None
    driver.press_button("Values")
    assert driver.app.settings.values_told


def test_the_reviews_own_analysis_waits_while_the_values_fill(make_driver):
    driver = make_driver()
    game = finished(Board.square(3), seed=4)
    scene = open_review(driver, game)
    scene.go_to(8)
    driver.press_button("Values")
    waiting = scene.analysis.solving
    while scene.values.board.busy:
        assert scene.analysis._solver is None and scene.analysis.solving == waiting, "one search at a time"
        driver.frames(1)
    driver.until(lambda: scene.analysis.done)
    assert scene.analysis.solved_count() > 0


def test_a_game_reviewed_again_shows_its_analysis_at_once(make_driver, store):
    driver = make_driver()
    game = finished(Board.square(2, 3), seed=7)
    assert not ReviewScene(driver.app, game).analysis.done, "nothing kept yet: the analysis has to run"
    first = open_review(driver, game)
    assert not first.kept.restored
    driver.until(lambda: first.analysis.done)
    driver.press_button("Back")
    again = ReviewScene(driver.app, game)
    assert again.kept.restored and again.analysis.done, "no search needed"
    assert again.analysis.moves == first.analysis.moves
    other = finished(Board.square(2, 3), seed=8)
    assert not open_review(driver, other).kept.restored, "another game is analysed afresh"


def test_a_review_left_before_its_end_goes_on_from_there(make_driver):
    driver = make_driver()
    game = finished(Board.square(3), seed=5)
    first = open_review(driver, game)
    driver.until(lambda: first.analysis.solved_count() >= 3)
    solved = first.analysis.solved_count()
    driver.press_button("Back")
    again = open_review(driver, game)
    assert again.kept.restored and again.analysis.solved_count() >= solved


def test_a_review_reopened_after_its_solver_changed_keeps_what_was_found(make_driver, monkeypatch):
    """In the browser the solver is Python until the compiled core's Worker is ready, then the core: a review
    opened before and reopened after (or the other way round) keeps its results, and searches again only the
    positions the first solver gave up on."""
    from game.ai import review as review_module

    driver = make_driver()
    game = finished(Board.square(3), seed=5)
    monkeypatch.setattr(review_module, "solver_version", lambda state: "python-before-the-worker")
    first = open_review(driver, game)
    driver.until(lambda: first.analysis.solved_count() >= 3)
    solved = first.analysis.solved_count()
    driver.press_button("Back")
    monkeypatch.setattr(review_module, "solver_version", lambda state: "core-once-the-worker-is-ready")
    again = open_review(driver, game)
    assert again.kept.restored and again.analysis.solved_count() >= solved
    driver.until(lambda: again.analysis.done)
    assert again.analysis.moves == Review(game, POSITION_SECONDS).finish().moves


def test_a_damaged_kept_review_is_ignored_and_computed_again(make_driver, store):
    driver = make_driver()
    game = finished(Board.square(2, 3), seed=9)
    first = open_review(driver, game)
    driver.until(lambda: first.analysis.done)
    driver.press_button("Back")
    kept = store.get(REVIEWS)
    kept["games"][0]["values"] = kept["games"][0]["values"][:-2]  # no longer this game's length
    kept["games"][0]["best"][0] = "x"
    store.put(REVIEWS, kept)
    again = ReviewScene(driver.app, game)
    assert not again.kept.restored and not again.analysis.done
    driver.app.manager.push(again)
    driver.until(lambda: again.analysis.done)
    assert again.analysis.moves == first.analysis.moves
    store.put(REVIEWS, {"games": [{"game": kept["games"][0]["game"], "values": None}]})
    assert not open_review(driver, game).kept.restored


CASUAL = Settings(size=(2, 3), seats=(Seat("human"), Seat("computer", "easy")), animation="fast")


def start(driver, settings: Settings) -> BoardScene:
    session = Session(settings, random.Random(4), first=0)
    scene = BoardScene(driver.app, session)
    driver.app.manager.push(scene)
    driver.frames(2)
    return scene


def test_values_pause_a_casual_game_and_no_line_is_drawn_until_they_are_hidden(make_driver):
    driver = make_driver()
    scene = start(driver, CASUAL)
    session = scene.session
    driver.click(driver.line_point(0))
    driver.wait_for_turn()
    moves = list(session.state.moves)
    driver.press_button("Values")
    assert session.paused and session.unrated and scene.values.on
    driver.until(lambda: not scene.values.board.busy)
    assert scene.values.board.current.values == line_values(session.state)
    assert scene.status().startswith("Values for")
    driver.click(driver.line_point(session.state.legal_lines()[0]))
    driver.frames(5)
    assert session.state.moves == moves and session.paused, "the board does not take a line while values show"
    assert scene.feedback.said is not None
    driver.press_button("Hide values")
    assert not session.paused and not scene.values.on
    driver.click(driver.line_point(session.state.legal_lines()[0]))
    assert len(session.state.moves) == len(moves) + 1


def test_back_hides_the_values_before_it_leaves_the_game(make_driver):
    driver = make_driver(size=LANDSCAPE)
    scene = start(driver, CASUAL)
    driver.press_button("Values")
    driver.key(27)  # Escape
    assert driver.scene is scene and not scene.values.on and not scene.session.paused


def test_competitive_and_three_player_games_offer_no_values(make_driver):
    driver = make_driver()
    competitive = start(driver, CASUAL.with_(competitive=True, timer=30))
    assert "Values" not in [widget.label for widget in competitive.panel.widgets]
    three = start(driver, CASUAL.with_(seats=(Seat("human"), Seat("human"), Seat("human"))))
    assert "Values" not in [widget.label for widget in three.panel.widgets]


def test_labels_are_sized_to_the_board_so_neighbours_never_overlap(make_driver):
    driver = make_driver(size=PORTRAIT)
    text = driver.app.text
    for board in (Board.square(4), Board.square(7), Board.square(10)):
        view = BoardView(board, (0, 0, 360, 360))
        size = label_size(text, view, 40)
        assert text.width("\u221288", size) + size // 2 <= view.edge * 0.86
        assert size * 1.05 < view.edge / 2, "a label is less than half an edge high"


def test_a_review_of_three_players_has_no_values_and_says_why(make_driver):
    driver = make_driver()
    game = GameState(Board.square(2, 2), Rules(players=3))
    rng = random.Random(1)
    while not game.over:
        game.play_random(rng)
    scene = open_review(driver, game)
    button = driver.widget("Values")
    assert not button.enabled
    driver.click(button.rect.center)
    assert not scene.values.on and driver.app.notice_height > 0


def test_leaving_the_game_stops_the_values_search(make_driver):
    driver = make_driver()
    scene = start(driver, CASUAL.with_(size=(5, 5)))
    driver.press_button("Values")
    assert scene.values.board.busy
    searching = scene.values.board.current
    driver.press_button("Menu")
    assert scene.values.board.current is None and searching._analysis is None, "the search under way was stopped"
