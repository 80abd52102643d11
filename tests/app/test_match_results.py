"""Match results board by board, the decider board after a tie, and the practice game that is not recorded."""

from __future__ import annotations

import random

import pytest

from game.app.scenes.board import BoardScene
from game.app.scenes.history import board_scores, describe_entry
from game.app.scenes.results import ResultsScene
from game.play.match import DECIDER, PRACTICE, Session, unfinished_game
from game.play.presenter import Feedback, GamePresenter
from game.play.settings import Seat, Settings, settings_from_data
from game.storage import FinishedGame, RecordError

PEOPLE = (Seat("human"), Seat("human"))


def play_out(session: Session, seed: int) -> None:
    rng = random.Random(seed)
    for game in session.games:
        while not game.over:
            game.play(rng.choice(game.legal_lines()))
    session.match.current = len(session.games) - 1


def tied_session(settings: Settings) -> Session:
    for seed in range(200):
        session = Session(settings, random.Random(seed), first=0)
        play_out(session, seed)
        if session.tied():
            return session
    raise AssertionError("no tie found")


def test_a_match_records_each_boards_scores_and_history_shows_them() -> None:
    session = Session(Settings(seats=PEOPLE, size=(2, 3), match=True), random.Random(1), first=0)
    play_out(session, 4)
    entry = session.record()
    assert entry.boards == tuple(tuple(game.scores) for game in session.games)
    assert tuple(sum(board[seat] for board in entry.boards) for seat in range(2)) == entry.scores
    _, scores = describe_entry(entry)
    first, second = entry.boards
    assert f"Player 1 {first[0]}+{second[0]}={entry.scores[0]}" in scores


def test_history_ignores_board_scores_that_do_not_add_up() -> None:
    entry = {"date": "2026-01-01", "board": "s2x2", "rules": "2", "names": ["A", "B"], "scores": [3, 5], "winners": [1]}
    assert board_scores(FinishedGame.from_data({**entry, "boards": [[1, 2], [2, 3]]})) == [(1, 2), (2, 3)]
    for bad in ([[1, 2], [9, 9]], [[1, 2]]):
        assert board_scores(FinishedGame.from_data({**entry, "boards": bad})) == []
    for bad in ("3+5", [[1, "2"], [2, 3]], [[True, 2], [2, 3]]):
        with pytest.raises(RecordError, match="scores"):
            FinishedGame.from_data({**entry, "boards": bad})


def test_the_results_screen_shows_both_boards(make_driver) -> None:
    driver = make_driver()
    session = Session(Settings(seats=PEOPLE, size=(2, 3), match=True), random.Random(1), first=0)
    play_out(session, 4)
    drawn: list[str] = []
    draw = driver.app.text.draw
    driver.app.text.draw = lambda surface, text, *args, **kw: drawn.append(text) or draw(surface, text, *args, **kw)
    driver.app.manager.push(ResultsScene(driver.app, session))
    driver.frames(1)
    for seat in range(2):
        assert f"{session.games[0].scores[seat]} + {session.games[1].scores[seat]} =" in drawn
    assert any("board by board, then the total" in text for text in drawn)


def test_a_tie_offers_a_decider_on_an_odd_board_started_by_the_other_player(make_driver, store) -> None:
    session = tied_session(Settings(seats=PEOPLE, size=(2, 2)))
    assert session.totals() == [2, 2]
    driver = make_driver()
    driver.app.manager.push(ResultsScene(driver.app, session))
    driver.frames(1)
    button = driver.scene.panel.widgets[0]
    assert button.label == "Play a decider: 3x3 boxes (4x4 dots)"
    driver.press_button(button.label)
    assert isinstance(driver.scene, BoardScene)
    decider = driver.scene.session
    assert decider.purpose == DECIDER and decider.board.num_cells % 2 == 1
    assert decider.state.first == 1 and len(decider.games) == 1
    assert store.get("unfinished")["purpose"] == DECIDER


def test_no_decider_without_a_tie_or_with_three_players(make_driver) -> None:
    driver = make_driver()
    won = Session(Settings(seats=PEOPLE, size=(3, 3)), random.Random(1), first=0)
    play_out(won, 1)
    three = tied_session(Settings(seats=(*PEOPLE, Seat("human")), size=(2, 3)))
    for session in (won, three):
        driver.app.manager.push(ResultsScene(driver.app, session))
        driver.frames(1)
        assert not any(w.label.startswith("Play a decider") for w in driver.scene.panel.widgets)


@pytest.mark.slow
def test_a_practice_game_is_neither_autosaved_nor_recorded(make_driver, store) -> None:
    real = unfinished_game(Session(Settings(seats=PEOPLE), random.Random(1))).to_data()
    store.put("unfinished", real)
    driver = make_driver()
    session = Session(Settings(seats=PEOPLE, size=(2, 2), animation="fast"), random.Random(3), purpose=PRACTICE)
    driver.app.go("board", session=session)
    driver.frames(1)
    rng = random.Random(5)
    while not session.state.over:
        driver.wait_for_turn()
        driver.click(driver.line_point(rng.choice(session.state.legal_lines())))
    driver.until(lambda: isinstance(driver.scene, ResultsScene))
    assert store.get("history") is None
    assert store.get("unfinished") == real


def test_a_decider_agreed_before_play_is_the_way_on_after_a_tie(make_driver) -> None:
    agreed = tied_session(Settings(seats=PEOPLE, size=(2, 2), decider=True))
    assert agreed.decider_due() and not tied_session(Settings(seats=PEOPLE, size=(2, 2))).decider_due()
    driver = make_driver()
    driver.app.manager.push(ResultsScene(driver.app, agreed))
    driver.frames(1)
    labels = [w.label for w in driver.scene.panel.widgets]
    assert labels[0] == "Play the agreed decider: 3x3 boxes (4x4 dots)"
    assert "Rematch" not in labels, "the players agreed on a decider, not a rematch"
    driver.press_button(labels[0])
    decider = driver.scene.session
    assert decider.purpose == DECIDER and decider.board.num_cells % 2 == 1
    assert not decider.decider_due()


def test_the_decider_is_agreed_in_settings_and_named_on_the_board() -> None:
    settings = Settings(seats=PEOPLE, decider=True)
    assert settings_from_data(settings.to_data()) == (settings, [])
    title = GamePresenter(Session(settings, random.Random(0), first=0), Feedback()).title()
    assert title.endswith("decider if tied")


def practice_ending(seats, won: bool, size: tuple[int, int] = (2, 2)) -> Session:
    """A practice game on ``size`` boxes that the person (seat 0) won alone, or lost."""
    for seed in range(100):
        session = Session(Settings(seats=seats, size=size), random.Random(seed), purpose=PRACTICE, first=0)
        play_out(session, seed)
        if (session.winners() == [0]) == won and (won or 0 not in session.winners()):
            return session
    raise AssertionError("no such game in 100 seeds")


def test_a_practice_game_lost_suggests_no_move_up() -> None:
    seats = (Seat("human"), Seat("computer", "beginner"))
    assert practice_ending(seats, won=False).move_up() is None, "after a loss, the same board again"


def test_a_practice_game_on_3x3_dots_suggests_moving_up_to_5x5_dots_then_6x6(make_driver, store) -> None:
    seats = (Seat("human"), Seat("computer", "beginner"))
    first = practice_ending(seats, won=True)
    driver = make_driver()
    driver.app.manager.push(ResultsScene(driver.app, first))
    driver.frames(1)
    label = driver.scene.panel.widgets[0].label
    assert label == "Move up: practise on 4x4 boxes (5x5 dots)"
    driver.press_button(label)
    bigger = driver.scene.session
    assert isinstance(driver.scene, BoardScene) and bigger.purpose == PRACTICE and bigger.board.num_dots == 25
    assert store.get("unfinished") is None and store.get("history") is None
    assert bigger.board.num_dots == 25
    serious = practice_ending(seats, won=True, size=(4, 4)).move_up()
    assert serious is not None and serious.board().num_dots == 36, "then 6x6 dots, for serious play"
    last = Session(serious, random.Random(2), purpose=PRACTICE)
    assert last.move_up() is None, "6x6 dots is the end of the beginners' path"
    game = Session(Settings(seats=seats, size=(2, 2)), random.Random(2))
    assert game.move_up() is None, "only practice games suggest it"
