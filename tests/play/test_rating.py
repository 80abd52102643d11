"""The Glicko-2 rating against the computer levels: the published worked example, the calibration from the ladder,
which games count, and how a record moves it."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from game.ai.levels import LEVEL_NAMES
from game.core import Board, GameState
from game.play.links import position_session
from game.play.match import Session, resume_session, unfinished_game
from game.play.rating import (
    LADDER,
    LEVEL_RATINGS,
    MIN_DEVIATION,
    LadderStep,
    Rating,
    Result,
    change_by,
    history_results,
    is_rated,
    level_ratings,
    rate_game,
    replay,
    result_of,
    update,
)
from game.play.settings import Seat, Settings
from game.play.stats import outcome
from game.storage import FinishedGame, FoldedGame, RecordError, UnfinishedGame


def test_glickmans_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system": 1500 (RD 200) beats a 1400 (RD 30), loses to a 1550 (RD 100)
    # and to a 1700 (RD 300) in one period: 1464.06, RD 151.52, volatility 0.05999.
    after = update(Rating(1500, 200, 0.06), [(1400, 30), (1550, 100), (1700, 300)], (1.0, 0.0, 0.0))
    assert after.value == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert after.games == 1


def test_every_level_is_rated_above_the_one_below_by_its_measured_score() -> None:
    assert list(LEVEL_RATINGS) == list(LEVEL_NAMES)
    for (lower, upper), step in zip(zip(LEVEL_NAMES, LEVEL_NAMES[1:], strict=False), LADDER, strict=True):
        assert step.upper == upper
        share = (step.points + 0.5) / (step.games + 1)
        expected = 1 / (1 + 10 ** ((LEVEL_RATINGS[lower] - LEVEL_RATINGS[upper]) / 400))
        assert expected == pytest.approx(share)


def test_a_perfect_ladder_score_still_gives_a_finite_gap() -> None:
    ratings = level_ratings([LadderStep("easy", 10, 10.0)])
    assert math.isfinite(ratings["easy"]) and ratings["easy"] - ratings["beginner"] == pytest.approx(
        400 * math.log10(10.5 / 0.5)
    )


@pytest.mark.parametrize(
    ("seats", "assisted", "purpose", "from_link", "rated"),
    [
        ([("human", ""), ("computer", "hard")], False, "", False, True),
        ([("computer", "easy"), ("human", ""), ("computer", "expert")], False, "", False, True),
        ([("human", ""), ("computer", "hard")], True, "", False, False),  # undo or a hint was used
        ([("human", ""), ("human", "")], False, "", False, False),  # two people on one device
        ([("human", ""), ("computer", "hard")], False, "practice", False, False),
        ([("human", ""), ("computer", "hard")], False, "", True, False),
        ([("computer", "hard"), ("computer", "easy")], False, "", False, False),
        ([("human", ""), ("computer", "grandmaster")], False, "", False, False),
    ],
)
def test_which_games_count(seats, assisted, purpose, from_link, rated) -> None:
    assert is_rated(seats, assisted, purpose, from_link) is rated


def test_the_result_scores_the_person_against_each_computer_seat() -> None:
    result = result_of([("computer", "easy"), ("human", ""), ("computer", "hard")], [3, 5, 5])
    assert result == Result(("easy", "hard"), (1.0, 0.5))


def test_winning_against_a_stronger_level_gains_more() -> None:
    start = Rating()
    against_hard = rate_game(start, Result(("hard",), (1.0,)))
    against_easy = rate_game(start, Result(("easy",), (1.0,)))
    assert against_hard.value > against_easy.value > start.value
    assert rate_game(start, Result(("easy",), (0.0,))).value < start.value


def test_a_record_narrows_the_deviation_but_never_freezes_the_rating() -> None:
    ratings = replay([Result(("medium",), (0.5,))] * 200)
    deviations = [r.deviation for r in ratings]
    assert deviations[0] > deviations[10] > deviations[-1] >= MIN_DEVIATION
    assert ratings[9].provisional is False and Rating().provisional is True
    moved = rate_game(ratings[-1], Result(("medium",), (1.0,)))
    assert moved.value - ratings[-1].value > 5  # still moves after 200 games
    assert ratings[-1].value == pytest.approx(LEVEL_RATINGS["medium"], abs=25)  # even against Medium: about Medium


def test_replaying_the_same_games_gives_the_same_ratings() -> None:
    games = [Result(("hard",), (1.0,)), Result(("expert",), (0.0,)), Result(("easy", "medium"), (1.0, 0.5))]
    assert replay(games) == replay(list(games))
    assert [r.games for r in replay(games)] == [1, 2, 3]


# -- the rating in the game: which sessions are rated, what is kept, what a game changes -------------------------
def vs_computer(level: str = "hard", size=(1, 2), **changes) -> Session:
    settings = Settings(shape="square", size=size, seats=(Seat("human"), Seat("computer", level)), **changes)
    return Session(settings, random.Random(0), first=0)


def play_out(session: Session, lines=(0, 2, 4, 1, 3, 6, 5)) -> Session:
    for line in lines:
        session.play_line(line)
    assert session.state.over
    return session


def test_a_plain_game_against_the_computer_is_rated_and_its_record_says_so() -> None:
    session = play_out(vs_computer())
    assert session.rated() and session.record().rated
    assert session.record() is session.record(), "one record, one id"
    assert FinishedGame.from_data(session.record().to_data()).rated


def test_undo_a_hint_or_a_given_start_make_a_game_unrated_and_that_survives_a_reload() -> None:
    undone = vs_computer(size=(3, 3))  # (a board Settings offers, as a saved game needs)
    undone.play_line(0)
    undone.play_line(2)  # (the computer's reply: undo waits for the person's turn)
    undone.animation = None  # (as when the line has been drawn on screen)
    assert undone.undo() and not undone.rated()
    resumed, why = resume_session(UnfinishedGame.from_data(unfinished_game(undone).to_data()))
    assert why == "" and resumed is not None and not resumed.rated()
    hinted = vs_computer()
    assert hinted.request_hint() and not hinted.rated()
    given = position_session(vs_computer().settings, GameState(Board.square(1, 2)), random.Random(1))
    assert not given.rated()
    assert not vs_computer(competitive=True).unrated and vs_computer(competitive=True).rated()


def test_two_people_on_one_device_are_not_rated() -> None:
    settings = Settings(shape="square", size=(1, 2), seats=(Seat("human"), Seat("human")))
    assert not play_out(Session(settings, random.Random(0), first=0)).record().rated


def test_folded_games_keep_their_rated_mark() -> None:
    game = play_out(vs_computer()).record()
    folded = FoldedGame.of(game, outcome)
    assert folded.rated and FoldedGame.from_data(folded.to_data()) == folded
    assert FoldedGame.from_data(folded.to_data()[:6]).rated is False  # as versions before ratings stored it
    with pytest.raises(RecordError):
        FoldedGame.from_data([*folded.to_data()[:6], 2])


def test_a_misere_result_scores_fewer_cells_as_the_win() -> None:
    seats = [("human", ""), ("computer", "easy")]
    assert result_of(seats, [0, 2], misere=True) == Result(("easy",), (1.0,))
    assert result_of(seats, [0, 2]) == Result(("easy",), (0.0,))


def test_the_history_replays_folded_then_recent_games_and_a_game_changes_it_once() -> None:
    won = play_out(vs_computer("hard")).record()  # the person takes both boxes
    older = [
        dataclasses.replace(FoldedGame.of(play_out(vs_computer("easy")).record(), outcome), date=f"2020-01-0{day}")
        for day in (1, 2, 3)
    ]
    results = history_results(older, [won])
    assert [r.opponents for r in results] == [("easy",)] * 3 + [("hard",)]
    change = change_by(won, older, [won])
    assert change is not None and change == change_by(won, older, []), "the same whether the history holds it yet"
    assert change.before == replay(results[:3])[-1] and change.after == replay(results)[-1]
    assert change.delta > 0
    assert change_by(play_out(vs_computer(), (0, 2, 4, 1, 3, 6, 5)).record(), [], []) is not None
