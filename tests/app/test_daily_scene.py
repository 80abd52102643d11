"""The daily puzzle in the app: today's puzzle opens from the calendar, solving it ticks the day and grows the
streak, the days travel in a backup, and stored days that are not dates are ignored."""

from __future__ import annotations

import datetime

import pygame

from game.play.backup import export_text, merge_backup, read_backup
from game.play.daily import puzzle_of_day, streak
from game.play.settings import Settings
from game.puzzles import load_puzzles
from game.storage import MemoryStore, Saved

TODAY = datetime.date(2026, 12, 1)


def open_daily(driver, today=TODAY):
    driver.app.go("daily", today=lambda: today)
    driver.frames(2)
    return driver.scene


def test_solving_todays_puzzle_ticks_the_day_and_counts_the_streak(make_driver):
    driver = make_driver()
    driver.app.saved.mark_daily_solved("2026-11-30")
    daily = open_daily(driver)
    assert daily._play_label() == "Play today's puzzle"
    daily.play_today()
    driver.frames(1)
    puzzle = driver.scene
    assert puzzle.daily == "2026-12-01" and puzzle.puzzle == puzzle_of_day(load_puzzles(), TODAY)
    assert puzzle.draw_line(puzzle.puzzle.answer)
    assert driver.app.saved.daily_days() == ["2026-11-30", "2026-12-01"]
    assert puzzle.puzzle.key in driver.app.saved.solved_puzzles()
    driver.app.manager.pop()
    driver.frames(1)
    assert driver.scene is daily and daily._play_label() == "Today's puzzle: solved"
    assert streak(daily.solved, TODAY) == 2


def test_a_wrong_line_does_not_tick_the_day(make_driver):
    driver = make_driver()
    open_daily(driver).play_today()
    driver.frames(1)
    puzzle = driver.scene
    wrong = next(line for line in puzzle.state.legal_lines() if line != puzzle.puzzle.answer)
    puzzle.draw_line(wrong)
    assert driver.app.saved.daily_days() == []


def test_the_months_turn_but_not_past_this_one(make_driver):
    daily = open_daily(make_driver())
    later = next(w for w in daily.panel.widgets if getattr(w, "label", "") == ">")
    assert not later.enabled
    daily.turn(-1)
    assert daily.month == datetime.date(2026, 11, 1)
    daily.turn(-11)
    assert daily.month == datetime.date(2025, 12, 1)


def test_the_right_key_stops_at_this_month_and_the_left_key_at_the_calendars_first(make_driver):
    driver = make_driver()
    daily = open_daily(driver)
    driver.key(pygame.K_RIGHT)  # went on to January 2027, before
    driver.frames(1)
    assert daily.month == datetime.date(2026, 12, 1)
    daily.turn(-(2026 * 12))
    assert daily.month == datetime.date(1, 1, 1)
    driver.key(pygame.K_LEFT)  # went on to year 0: ValueError
    driver.frames(1)
    assert daily.month == datetime.date(1, 1, 1)


def test_the_calendar_draws_at_its_edges(make_driver):
    # December 9999 and January 0001 raised OverflowError at every frame (their weeks reach past the calendar)
    for today, start in ((datetime.date(9999, 12, 31), 0), (datetime.date(1, 1, 1), 0), (TODAY, -(2026 * 12))):
        driver = make_driver()
        driver.app.saved.mark_daily_solved(today.isoformat())
        daily = open_daily(driver, today)
        daily.turn(start)
        driver.frames(2)
        assert driver.scene is daily and streak(daily.solved, today) == 1


def test_daily_days_travel_in_a_backup_and_junk_is_ignored() -> None:
    source = Saved(MemoryStore())
    source.mark_daily_solved("2026-11-29")
    source.mark_puzzle_solved("some-key")
    backup = read_backup(export_text(source, Settings()))
    target = Saved(MemoryStore())
    target.mark_daily_solved("2026-12-01")
    merge_backup(target, backup)
    assert target.daily_days() == ["2026-11-29", "2026-12-01"] and target.solved_puzzles() == ["some-key"]
    store = MemoryStore()
    Saved(store).save_solved_puzzles([])
    store.put("puzzles", {"solved": [], "daily": ["2026-02-30", "１２３４-01-01", 7, "2026-01-01", "2026-01-01"]})
    assert Saved(store).daily_days() == ["2026-01-01"]


def test_a_tap_on_a_day_opens_its_puzzle_or_says_when_it_comes(make_driver):
    driver = make_driver()
    daily = open_daily(driver)
    cells = dict(daily._cells())
    driver.click(cells[datetime.date(2026, 12, 5)].center)
    assert driver.scene is daily and driver.app.notices[-1][0] == "The puzzle of 5 December 2026 comes that day."
    driver.click(cells[datetime.date(2026, 12, 1)].center)
    assert driver.scene.daily == "2026-12-01", "today: today's puzzle, counted"
    driver.app.manager.pop()
    driver.frames(1)
    daily.turn(-1)
    driver.frames(1)
    driver.click(dict(daily._cells())[datetime.date(2026, 11, 20)].center)
    puzzle = driver.scene
    assert puzzle.puzzle == puzzle_of_day(load_puzzles(), datetime.date(2026, 11, 20)) and puzzle.daily == ""
    assert "leaves your streak as it is" in driver.app.announcer.said[-2] + driver.app.announcer.said[-1]
    assert puzzle.draw_line(puzzle.puzzle.answer)
    assert driver.app.saved.daily_days() == [], "a past day solved late does not tick that day"
