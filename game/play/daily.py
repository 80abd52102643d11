"""The daily puzzle: the same puzzle for everyone on the same date, with no server; the streak and the calendar of
solved days (no pygame).

The puzzle of a date is drawn from the date alone: the day's number since :data:`EPOCH` picks a place in one fixed
shuffle of the puzzle set (seeded by a constant), so everyone with the same set of puzzles gets the same one, and
every puzzle comes round once before any comes back. Dates are the player's local calendar dates.
"""

from __future__ import annotations

import calendar
import random
from collections.abc import Iterable, Sequence
from datetime import date, timedelta
from typing import TypeVar

EPOCH = date(2026, 1, 1)
SHUFFLE_SEED = 20260101

T = TypeVar("T")


def day_number(day: date) -> int:
    """Days since :data:`EPOCH` (negative before it)."""
    return (day - EPOCH).days


def daily_order(count: int) -> list[int]:
    """The fixed order in which the days walk through ``count`` puzzles (indices into the set)."""
    order = list(range(count))
    random.Random(SHUFFLE_SEED).shuffle(order)
    return order


def puzzle_of_day(puzzles: Sequence[T], day: date) -> T:
    """The puzzle of ``day``: the same for everyone with the same set."""
    if not puzzles:
        raise ValueError("there are no puzzles to draw from")
    order = daily_order(len(puzzles))
    return puzzles[order[day_number(day) % len(order)]]


def streak(solved: Iterable[date], today: date) -> int:
    """Days in a row with the daily puzzle solved, ending today, or yesterday while today's is still open."""
    days = set(solved)
    day = today if today in days or today == date.min else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        if day == date.min:
            break
        day -= timedelta(days=1)
    return count


def best_streak(solved: Iterable[date]) -> int:
    """The longest run of consecutive solved days ever."""
    days = sorted(set(solved))
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    return best


def month_weeks(year: int, month: int) -> list[list[date | None]]:
    """The month as weeks from Monday to Sunday; days outside the month are None (so January of year 1 and December
    of 9999, whose first and last weeks reach past the calendar's edges, have weeks too)."""
    weeks = calendar.Calendar(firstweekday=0).monthdayscalendar(year, month)
    return [[date(year, month, day) if day else None for day in week] for week in weeks]


def turn_month(month: date, months: int, today: date) -> date:
    """The first day of the month ``months`` after ``month``'s (before it when negative), kept between January of
    year 1 and today's month: the calendar never shows a month to come, nor one past the calendar's edges."""
    index = month.year * 12 + month.month - 1 + months
    last = today.year * 12 + today.month - 1
    year, number = divmod(min(max(index, 12), last), 12)
    return date(year, number + 1, 1)


def parse_day(text: object) -> date | None:
    """A stored ``YYYY-MM-DD`` date, or None when ``text`` is not one (stored data is checked, never trusted)."""
    if not isinstance(text, str) or len(text) != 10 or not text.isascii():
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None
