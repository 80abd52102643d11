"""The Glicko-2 rating against the computer levels: the published worked example, the calibration from the ladder,
which games count, and how a record moves it."""

from __future__ import annotations

import math

import pytest

from game.ai.levels import LEVEL_NAMES
from game.play.rating import (
    LADDER,
    LEVEL_RATINGS,
    MIN_DEVIATION,
    LadderStep,
    Rating,
    Result,
    is_rated,
    level_ratings,
    rate_game,
    replay,
    result_of,
    update,
)


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
