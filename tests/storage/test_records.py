"""The records' schema piece by piece: the unfinished game's form and bounds, plain JSON values, and totals rows
(what storage's mutation run found no test pinning)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game.play.notices import storage_words
from game.storage import RecordError
from game.storage.records import MAX_DEPTH, FinishedGame, FoldedGame, LegacyTotals, UnfinishedGame, plain


@contextmanager
def refused_for(words: str) -> Iterator[None]:
    """The block raises RecordError whose reason, in the player's words, says ``words``."""
    with pytest.raises(RecordError) as error:
        yield
    assert re.search(words, storage_words(str(error.value)))


FULL = {
    "version": 1,
    "settings": {"shape": "square", "size": [3, 3]},
    "starter": 1,
    "codes": ["c1", "c2"],
    "current": 1,
    "timer_left": 12.5,
    "purpose": "decider",
    "unrated": True,
    "link": "AbCdEfGh",
}


def test_an_unfinished_game_reads_every_field_and_writes_them_back_as_they_were() -> None:
    game = UnfinishedGame.from_data(FULL)
    assert game == UnfinishedGame(
        settings={"shape": "square", "size": [3, 3]},
        starter=1,
        codes=("c1", "c2"),
        current=1,
        timer_left=12.5,
        purpose="decider",
        link="AbCdEfGh",
        unrated=True,
    )
    assert game.to_data() == FULL


def test_an_unfinished_game_without_its_optional_fields_writes_none_of_them() -> None:
    data = {"version": 1, "settings": {}, "starter": 0, "codes": [], "current": 0}
    game = UnfinishedGame.from_data(data)
    assert (game.timer_left, game.purpose, game.link, game.unrated) == (None, "game", None, False)
    assert game.to_data() == {**data, "timer_left": None, "purpose": "game"}


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"version": 2}, "not in a form this version reads"),
        ({"version": None}, "not in a form this version reads"),
        ({"settings": []}, "incomplete"),
        ({"codes": "c1"}, "incomplete"),
        ({"codes": ["a", "b", "c", "d", "e"]}, "incomplete"),
        ({"codes": ["x" * 2001]}, "incomplete"),
        ({"codes": [3]}, "incomplete"),
        ({"starter": 4}, "incomplete"),
        ({"starter": -1}, "incomplete"),
        ({"starter": True}, "incomplete"),
        ({"current": 5}, "incomplete"),
        ({"current": -5}, "incomplete"),
        ({"settings": {"name": "\ud800"}}, "incomplete"),
        ({"unrated": "yes"}, "missing"),
    ],
)
def test_an_unfinished_game_out_of_its_bounds_is_refused_with_the_reason(change, why) -> None:
    with refused_for(why):
        UnfinishedGame.from_data({**FULL, **change})


def test_what_is_not_a_dict_is_not_a_saved_game() -> None:
    for data in (None, [], "game", 3):
        with refused_for("not a saved game"):
            UnfinishedGame.from_data(data)


@pytest.mark.parametrize(
    ("stored", "kept"),
    [(0, 0.0), (3600, 3600.0), (0.25, 0.25), (3600.5, None), (-1, None), (True, None), ("5", None), (None, None)],
)
def test_the_time_left_is_kept_between_0_and_an_hour_else_the_clock_starts_afresh(stored, kept) -> None:
    game = UnfinishedGame.from_data({**FULL, "timer_left": stored})
    assert game.timer_left == kept and (kept is None or isinstance(game.timer_left, float))


def test_a_match_of_the_most_boards_is_kept() -> None:
    assert UnfinishedGame.from_data({**FULL, "codes": ["a", "b", "c", "d"]}).codes == ("a", "b", "c", "d")


@pytest.mark.parametrize(("current", "starter"), [(-4, 0), (4, 3), (0, 0)])
def test_the_board_in_play_and_the_starter_take_their_whole_ranges(current, starter) -> None:
    game = UnfinishedGame.from_data({**FULL, "current": current, "starter": starter})
    assert (game.current, game.starter) == (current, starter)


@pytest.mark.parametrize(
    ("link", "kept"),
    [("", None), ("x" * 64, "x" * 64), ("x" * 65, None), (7, None), ("a\ud800", None), ("Zoé", "Zoé")],
)
def test_a_link_id_is_kept_only_when_it_is_short_encodable_text(link, kept) -> None:
    game = UnfinishedGame.from_data({**FULL, "link": link})
    assert game.link == kept
    assert ("link" in game.to_data()) == (kept is not None)


@pytest.mark.parametrize("purpose", ["game", "other", None, 3])
def test_only_a_decider_is_kept_as_one(purpose) -> None:
    assert UnfinishedGame.from_data({**FULL, "purpose": purpose}).purpose == "game"


def test_the_unrated_mark_is_written_only_when_set() -> None:
    assert "unrated" not in UnfinishedGame.from_data({**FULL, "unrated": False}).to_data()
    assert UnfinishedGame.from_data({**FULL, "unrated": None}).unrated is False


# -- plain JSON ------------------------------------------------------------------------------------------------
def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def test_plain_values_come_back_as_they_were() -> None:
    value = {"a": [1, 2.5, None, True, False, "é", {"b": []}], "": {}}
    assert plain(value, "why") == value
    assert plain(nested(MAX_DEPTH), "why") == nested(MAX_DEPTH)


@pytest.mark.parametrize(
    "value",
    [
        nested(MAX_DEPTH + 1),
        math.nan,
        math.inf,
        -math.inf,
        [math.nan],
        "\ud800",
        ["ok", "\udfff"],
        {"\ud800": 1},
        {"k": {"\ud800": 1}},
        (1, 2),
        {1, 2},
        b"bytes",
        object(),
    ],
    ids=lambda value: type(value).__name__,
)
def test_what_is_not_plain_json_is_refused_with_the_reason_given(value) -> None:
    with pytest.raises(RecordError, match="^the reason$"):
        plain(value, "the reason")


# -- totals ------------------------------------------------------------------------------------------------------
def test_totals_rows_add_up_when_two_names_are_one_board_and_keep_the_best_margin() -> None:
    data = {
        "games": 12,
        "rows": {"easy|3x3 boxes": [3, 1, 0, 4], "easy|3x3 cases": [2, 0, 1, None], "hard|t5": [0, 0, 1, None]},
        "streak": ["lost", 1],
    }
    totals = LegacyTotals.from_data(data, key="k", board=lambda name: "s3x3" if "3x3" in name else name)
    assert totals.rows == {"easy|s3x3": [5, 1, 1, 4], "hard|t5": [0, 0, 1, None]}
    assert (totals.key, totals.games, totals.streak) == ("k", 12, ("lost", 1))
    both_none = LegacyTotals.from_data(
        {"games": 2, "rows": {"a|b": [1, 0, 0, None], "a|c": [1, 0, 0, None]}}, key="k", board=lambda _: "s1"
    )
    assert both_none.rows == {"a|s1": [2, 0, 0, None]} and both_none.streak == ("", 0)
    longest = "e" * 40 + "|" + "s" * 40
    read = LegacyTotals.from_data({"games": 1, "rows": {longest: [1, 0, 0, 2]}}, key="k")
    assert read.rows == {longest: [1, 0, 0, 2]}, "a name as long as a level and a board token"


@pytest.mark.parametrize(
    "change",
    [
        {"games": 1},  # fewer games than the rows count
        {"rows": {"easy": [1, 0, 0, 1]}},  # no board
        {"rows": {"e" * 40 + "|" + "s" * 41: [1, 0, 0, 1]}},  # a name longer than a level and a board token
        {"rows": {"easy|s3x3": [1, 0, 0]}},
        {"rows": {"easy|s3x3": [1, 0, 0, 10_001]}},
        {"rows": {"easy|s3x3": [-1, 0, 0, 1]}},
        {"rows": []},
        {"streak": ["won"]},
        {"streak": ["maybe", 1]},
        {"streak": ["won", 6]},
        {"key": 3},
    ],
)
def test_totals_out_of_their_bounds_are_refused(change) -> None:
    data = {"key": "k", "games": 5, "rows": {"easy|s3x3": [2, 1, 1, -3]}, "streak": ["won", 2], **change}
    with refused_for("totals of older games"):
        LegacyTotals.from_data(data)


# -- finished and folded games ---------------------------------------------------------------------------------
MATCH = {
    "id": "m1",
    "date": "2026-02-03T10:00:00+00:00",
    "board": "s2x2",
    "rules": "2",
    "names": ["You", "Easy"],
    "seats": [{"kind": "human", "level": "medium"}, {"kind": "computer", "level": "easy"}],
    "scores": [5, 3],
    "winners": [0],
    "moves": [],
    "boards": [[3, 1], [2, 2]],
    "decider": False,
    "rated": True,
}


def test_a_match_is_written_back_with_its_boards_scores_as_read() -> None:
    game = FinishedGame.from_data(MATCH)
    assert game.boards == ((3, 1), (2, 2))
    assert game.to_data() == MATCH
    assert "boards" not in FinishedGame.from_data({**MATCH, "boards": []}).to_data()
    longest = {**MATCH, "boards": [[1, 0]] * 4, "decider": True}  # (a match of the most boards, and its decider)
    assert FinishedGame.from_data(longest).to_data() == longest
    with refused_for("scores"):
        FinishedGame.from_data({**MATCH, "boards": [[1, 0]] * 5})


def test_a_folded_game_is_rated_only_by_its_mark_1() -> None:
    line = ["f1", "2026-02-03T10:00:00+00:00", "easy", "s3x3", "won", 4]
    assert FoldedGame.from_data([*line, 1]).rated and not FoldedGame.from_data(line).rated
    assert FoldedGame.from_data([*line, 1]).to_data() == [*line, 1]
    for mark in (0, 2, "1", None):
        with refused_for("totals of older games"):
            FoldedGame.from_data([*line, mark])
