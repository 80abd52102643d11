"""History statistics (by level and board, best margin, streak) and clearing it behind a confirmation."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app.scenes.history import HistoryScene
from game.play.stats import current_streak, outcome, stats_rows, streak_text
from game.storage import Earlier, FinishedGame, FoldedGame, Saved
from game.storage.history import read_book
from game.storage.reasons import Why


def valid_entries(history):
    return read_book(history).games


def entry(scores, winners, level="medium", board="s3x3", rules="2", human=0, date="2026-11-30T10:00:00+00:00"):
    seats = [{"kind": "computer", "level": level}, {"kind": "computer", "level": level}]
    seats[human] = {"kind": "human", "level": "medium"}
    names = ["You" if i == human else level.title() for i in range(2)]
    return {
        "date": date,
        "board": board,
        "rules": rules,
        "seats": seats,
        "names": names,
        "scores": scores,
        "winners": winners,
        "moves": [],
    }


def at(minute: int) -> str:
    """Games in the order played: the history orders games by date, then by id (not as stored)."""
    return f"2026-11-30T10:{minute:02}:00+00:00"


HISTORY = [
    entry([3, 6], [1], date=at(1)),
    entry([7, 2], [0], date=at(2)),
    entry([5, 4], [0], date=at(3)),
    entry([8, 8], [0, 1], board="s4x4", date=at(4)),
    entry([1, 15], [0], board="t5", rules="2m", level="hard", date=at(5)),
    entry([9, 0], [0], board="s4x4", date=at(6)),
    {"names": "broken"},
    entry([5, 4], [0], board="s3x3", level="easy", date=at(7)),
    entry([6, 3], [0], date=at(8)),
]


def test_rows_per_level_and_board_with_best_margin():
    rows = {(row.level, row.board): row for row in stats_rows(valid_entries(HISTORY))}
    medium3 = rows[("medium", "s3x3")]
    assert (medium3.played, medium3.won, medium3.drawn, medium3.lost, medium3.best) == (4, 3, 0, 1, 5)
    medium4 = rows[("medium", "s4x4")]
    assert (medium4.won, medium4.drawn, medium4.best) == (1, 1, 9)
    misere = rows[("hard", "t5")]
    assert (misere.won, misere.best) == (1, 14), "in misère the margin counts the other way"
    assert [row.level for row in stats_rows(valid_entries(HISTORY))][0] == "easy", "weakest level first"


def test_current_streak_counts_the_latest_results_in_a_row():
    assert current_streak(valid_entries(HISTORY)) == ("won", 4)
    assert current_streak(valid_entries(HISTORY + [entry([1, 8], [1], date=at(9))])) == ("lost", 1)
    assert streak_text(valid_entries(HISTORY)) == "Current streak: 4 wins"
    assert streak_text([]).startswith("Play the computer")
    assert current_streak(valid_entries([entry([2, 2], [0, 1]), entry([2, 2], [0, 1])])) == ("drawn", 2)


def test_rows_and_streak_continue_from_the_totals_of_older_games():
    older = [entry([1, 8], [1]), entry([9, 0], [0]), entry([6, 3], [0]), entry([4, 2], [0], board="s4x4")]
    earlier = Earlier(tuple(FoldedGame.of(FinishedGame.from_data(old), outcome) for old in older))
    recent = valid_entries([entry([5, 4], [0]), entry([7, 2], [0])])
    rows = {(row.level, row.board): row for row in stats_rows(recent, earlier)}
    medium3 = rows[("medium", "s3x3")]
    assert (medium3.won, medium3.lost, medium3.best) == (4, 1, 9)
    assert rows[("medium", "s4x4")].won == 1
    assert current_streak(recent, earlier) == ("won", 5), "three older wins in a row, then two more"
    assert current_streak(valid_entries([entry([1, 8], [1])]), earlier) == ("lost", 1)
    assert current_streak([], earlier) == ("won", 3)


def test_a_full_history_keeps_the_recent_games_and_counts_every_game(make_driver, store):
    saved = Saved(store, classify=outcome, recent=3)
    for day in range(1, 8):
        saved.record_game(FinishedGame.from_data(entry([5, 4], [0], date=f"2026-11-0{day}T10:00:00+00:00")))
    driver = make_driver()
    driver.press_button("History")
    assert driver.scene.total == 7 and len(driver.scene.entries) == 3
    assert [row.played for row in driver.scene.rows] == [7]
    assert driver.scene.streak == "Current streak: 7 wins"
    assert driver.scene.saving.startswith("Saved data: ") and "KB" in driver.scene.saving


def test_clearing_history_asks_first_and_keeps_everything_on_cancel(make_driver, store):
    store.put("history", HISTORY)
    unfinished = {"version": 1, "settings": {}, "starter": 0, "codes": ["code"], "current": 0}
    store.put("unfinished", unfinished)
    good = {"version": 3, "games": [game.to_data() for game in valid_entries(HISTORY)], "folded": [], "legacy": []}
    driver = make_driver()
    driver.press_button("History")
    assert isinstance(driver.scene, HistoryScene)
    driver.press_button("Clear")
    assert json.loads(store.texts["history.bad-1"])["data"] == [{"names": "broken"}], "the unreadable game is kept"
    assert driver.scene.confirming and store.get("history") == good, "one tap deletes nothing"
    driver.press_button("Keep them")
    assert not driver.scene.confirming and store.get("history") == good
    driver.press_button("Clear")
    driver.key(pygame.K_ESCAPE)
    assert not driver.scene.confirming and isinstance(driver.scene, HistoryScene), "Escape closes only the question"
    assert store.get("history") == good
    driver.press_button("Clear")
    driver.key(pygame.K_RETURN)
    assert store.get("history") == good, "Enter on the question's default answer keeps the games"
    driver.press_button("Clear")
    driver.press_button(f"Delete {len(valid_entries(HISTORY))}")
    assert read_book(store.get("history")).games == [] and read_book(store.get("history")).total == 0
    assert store.get("unfinished") == unfinished
    assert driver.scene.entries == [] and not driver.widget("Clear").enabled
    driver.frames(1)


def test_clearing_by_keyboard_alone(make_driver, store):
    store.put("history", HISTORY[:2])
    driver = make_driver()
    driver.press_button("History")
    driver.key(pygame.K_TAB)  # focus Back
    driver.key(pygame.K_TAB)  # focus Clear
    driver.key(pygame.K_RETURN)
    assert driver.scene.confirming
    driver.key(pygame.K_RIGHT)  # from "Keep them" to "Delete 2"
    driver.key(pygame.K_RETURN)
    assert read_book(store.get("history")).total == 0


def test_history_opens_with_a_game_at_the_calendar_edge_kept_aside(make_driver, store):
    """Before the schema, a date of 0001-01-01 with an offset raised OverflowError at every History opening."""
    good = entry([5, 4], [0])
    store.put("history", [good, {**good, "date": "0001-01-01T00:00:00+01:00"}])
    driver = make_driver()
    driver.press_button("History")
    assert isinstance(driver.scene, HistoryScene) and len(driver.scene.entries) == 1
    driver.frames(2)


def test_a_million_character_name_is_drawn_cut_and_history_is_read_once(make_driver, store, monkeypatch):
    game = {**entry([5, 4], [0]), "names": ["You", "x" * 1_000_000]}
    store.put("history", [{**game, "names": ["You", "Medium" + "x" * 50]}])
    driver = make_driver()
    driver.press_button("History")
    assert driver.scene.lines[0][1].startswith("You 5  Mediumxxxxxxxxxxxxxxxxx…")
    reads = []
    monkeypatch.setattr(Saved, "history", lambda self: reads.append(1))
    driver.frames(5)
    assert reads == [], "frames draw what was read when the scene was shown"
    assert read_book([game]).bad_reason == Why.GAME_BAD_NAME


def test_a_game_recorded_in_english_reads_in_french_once_the_language_changes():
    from game.app.scenes.history import describe_entry
    from game.play import i18n

    game = FinishedGame.from_data(entry([5, 4], [0], level="easy"))
    i18n.set_language("fr")
    _, scores = describe_entry(game)
    assert scores == "Vous 5  Facile 4  ·  Vous avez gagné"
    i18n.set_language("en")
    assert describe_entry(game)[1] == "You 5  Easy 4  ·  You won"
    lost = FinishedGame.from_data(entry([3, 6], [1], level="easy"))
    assert describe_entry(lost)[1] == "You 3  Easy 6  ·  Easy won"


def online_entry(seats, resigned, winners, scores=(2, 2)) -> FinishedGame:
    """An online game between two people who chose no name, as one device recorded it (``seats``: its own)."""
    data = {**entry(list(scores), winners), "seats": [{"kind": "human", "level": "medium"}] * 2,
            "names": ["Player 1", "Player 2"], "online": {"seats": seats, "resigned": resigned}}  # fmt: skip
    return FinishedGame.from_data(data)


def test_an_online_game_names_this_devices_person_you_and_who_resigned_on_both_devices():
    from game.app.scenes.history import describe_entry
    from game.play import i18n

    guest = online_entry([False, True], "g", [0])  # the guest resigned: its own record
    host = online_entry([True, False], "g", [0])
    assert describe_entry(guest)[1] == "Online  ·  Player 1 2  You 2  ·  You resigned  ·  Player 1 won"
    assert describe_entry(host)[1] == "Online  ·  You 2  Player 2 2  ·  Player 2 resigned  ·  You won"
    assert describe_entry(online_entry([False, True], None, [0, 1]))[1] == "Online  ·  Player 1 2  You 2  ·  draw"
    i18n.set_language("fr")
    try:
        words = "En ligne  ·  Joueur 1 2  Vous 2  ·  Vous avez abandonné  ·  Joueur 1 a gagné"
        assert describe_entry(guest)[1] == words
    finally:
        i18n.set_language("en")


def drawn_texts(driver, monkeypatch) -> list[str]:
    """Every text the app draws from now on."""
    drawn: list[str] = []
    real = type(driver.app.text).draw

    def draw(text, surface, words, *args, **kwargs):
        drawn.append(words)
        return real(text, surface, words, *args, **kwargs)

    monkeypatch.setattr(type(driver.app.text), "draw", draw)
    return drawn


@pytest.mark.slow
def test_a_big_history_is_read_across_frames_while_history_says_it_is_reading(make_driver, store, monkeypatch):
    """Before, History read the whole history in the frame that opened it (5.8-6.6 s for 50 MB). Here every frame
    gets one step of the reading (the least time a frame grants): the scene shows at once, says it is reading, and
    shows the list once read."""
    saved = Saved(store, classify=outcome)
    for number in range(600):
        saved.add_game(FinishedGame.from_data({**entry([5, 4], [0]), "id": f"g{number:04d}"}))
    driver = make_driver()
    monkeypatch.setattr(driver.app, "step_budget", lambda: 0.0)
    drawn = drawn_texts(driver, monkeypatch)
    driver.press_button("History")
    driver.frames(1)
    scene = driver.scene
    assert isinstance(scene, HistoryScene) and scene.reading and scene.entries == []
    assert "Reading your games…" in drawn
    assert not driver.widget("Clear").enabled, "nothing to clear before it is read"
    frames = 1
    while scene.reading:
        driver.frames(1)
        frames += 1
    assert frames > 10, "read a step at a time"
    assert scene.total == 600 and len(scene.entries) == 100 and scene.rows[0].played == 600
    drawn.clear()
    driver.app.dirty = True
    driver.frames(1)
    assert "Reading your games…" not in drawn and "600 games played" in drawn
    assert not [key for key in store.names() if key.startswith("add-")], "what waited is merged on the way"


@pytest.mark.slow
def test_results_show_the_rating_once_the_history_is_read(make_driver, store, monkeypatch):
    from game.play.match import GameKeeper, Session
    from game.play.settings import Seat, Settings

    saved = Saved(store, classify=outcome)
    for number in range(600):
        saved.add_game(FinishedGame.from_data({**entry([5, 4], [0]), "id": f"g{number:04d}"}))
    driver = make_driver()
    monkeypatch.setattr(driver.app, "step_budget", lambda: 0.0)
    session = Session(Settings(seats=(Seat("human"), Seat("computer", "hard")), size=(2, 2)), first=0)
    for line in range(session.board.num_lines):
        session.play_line(line)
    GameKeeper(session, driver.app.saved)
    session.update(10.0)  # (the controller finishes the game, and the keeper records it)
    driver.app.go("results", session=session)
    drawn = drawn_texts(driver, monkeypatch)
    driver.frames(1)
    assert driver.scene.rating_note == "" and any("Reading your games…" in words for words in drawn)
    driver.until(lambda: driver.scene.rating_note != "")
    assert driver.scene.rating_note.endswith("? (provisional until more rated games)")
    assert Saved(store).history().total == 601
