"""The daily puzzle: one per date for everyone, every puzzle once before any repeats; streaks and the calendar."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from game.play.daily import best_streak, daily_order, month_weeks, parse_day, puzzle_of_day, streak, turn_month
from game.puzzles import load_puzzles


def test_the_same_date_gives_the_same_puzzle_and_the_next_date_another() -> None:
    puzzles = load_puzzles()
    day = date(2026, 12, 1)
    assert puzzle_of_day(puzzles, day) == puzzle_of_day(list(puzzles), date.fromisoformat("2026-12-01"))
    assert puzzle_of_day(puzzles, day) != puzzle_of_day(puzzles, day + timedelta(days=1))


def test_every_puzzle_comes_round_once_before_any_comes_back() -> None:
    puzzles = load_puzzles()
    start = date(2025, 3, 7)
    cycle = [puzzle_of_day(puzzles, start + timedelta(days=n)) for n in range(len(puzzles))]
    assert len({p.key for p in cycle}) == len(puzzles)
    assert sorted(daily_order(50)) == list(range(50))


def test_no_puzzles_is_refused() -> None:
    with pytest.raises(ValueError, match="no puzzles"):
        puzzle_of_day([], date(2026, 1, 1))


def test_the_streak_counts_back_from_today_or_from_yesterday_while_today_is_open() -> None:
    today = date(2026, 3, 1)
    run = {today - timedelta(days=n) for n in range(1, 5)}  # Feb 25-28 solved, today still open
    assert streak(run, today) == 4
    assert streak(run | {today}, today) == 5
    assert streak(run, today + timedelta(days=1)) == 0  # a day missed
    assert streak(set(), today) == 0
    assert best_streak(run | {date(2025, 1, 1), date(2025, 1, 2)}) == 4
    assert best_streak([]) == 0


def test_a_month_is_laid_out_in_weeks_from_monday() -> None:
    weeks = month_weeks(2026, 2)  # February 2026 starts on a Sunday
    assert weeks[0][:6] == [None] * 6 and weeks[0][6] == date(2026, 2, 1)
    days = [d for week in weeks for d in week if d is not None]
    assert days[0] == date(2026, 2, 1) and days[-1] == date(2026, 2, 28) and len(days) == 28
    assert all(len(week) == 7 for week in weeks)


@pytest.mark.parametrize(
    "text", ["2026-13-01", "2026-02-30", "１２３４-01-01", "26-1-1", 20260101, None, "2026-01-01x"]
)
def test_stored_dates_that_are_not_dates_are_ignored(text) -> None:
    assert parse_day(text) is None


def test_stored_dates_are_read() -> None:
    assert parse_day("2026-02-28") == date(2026, 2, 28)


def test_the_months_turn_between_the_calendars_first_and_this_one() -> None:
    today = date(2026, 12, 15)
    assert turn_month(date(2026, 11, 1), 1, today) == date(2026, 12, 1)
    assert turn_month(date(2026, 12, 1), 1, today) == date(2026, 12, 1)
    assert turn_month(date(2026, 12, 1), -13, today) == date(2025, 11, 1)
    assert turn_month(date(1, 3, 1), -5, today) == date(1, 1, 1)
    assert turn_month(date(9999, 12, 1), 1, date(9999, 12, 31)) == date(9999, 12, 1)


def test_the_calendars_first_and_last_months_have_their_weeks_and_streaks() -> None:
    first, last = month_weeks(1, 1), month_weeks(9999, 12)
    assert first[0] == [date(1, 1, day) for day in range(1, 8)] and last[-1][-2:] == [None, None]
    assert [day for week in last for day in week if day][-1] == date(9999, 12, 31)
    assert streak({date.min}, date.min) == 1 and streak(set(), date.min) == 0
