"""Reading and writing the history in steps: the same values and texts as at once, never more than a few items
between two steps, and a reading left half way never writes an older history over a newer one."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from storage_fakes import small_game

from game.steps import Stepper, run
from game.storage import FinishedGame, MemoryStore, Saved
from game.storage.envelope import APP, SCHEMA, dumps_in_steps, loads, loads_in_steps, unwrap, wrap
from game.storage.history import Additions, Book, Earlier
from game.storage.keys import HISTORY
from game.storage.records import FoldedGame, LegacyTotals, Outcome
from game.storage.steps import EVERY, RUN, sort_in_steps

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5),
    max_leaves=30,
)


@pytest.mark.slow
@settings(max_examples=400)
@given(JSON)
def test_a_value_written_and_read_in_steps_is_what_json_writes_and_reads(value):
    envelope = {"schema": SCHEMA, "app": APP, "data": value}
    assert wrap(value) == json.dumps(envelope, ensure_ascii=False, allow_nan=False)
    assert unwrap(wrap(value)) == value
    spaced = json.dumps(envelope, indent=2)
    assert loads(spaced) == json.loads(spaced)


def test_what_json_refuses_is_refused_in_steps_too():
    for text in ("[1,2", '{"a":1,}', "[1,]", '{"a" 1}', "{1:2}", "", " ", '"x" y', '{"a":1}{', "[1 2]", "[NaN]"):
        try:
            json.loads(text, parse_constant=lambda name: 1 / 0)
        except (ValueError, ZeroDivisionError):
            pass
        else:
            raise AssertionError(text)
        try:
            loads(text)
        except ValueError:
            continue
        raise AssertionError(f"{text!r} read in steps")
    assert loads('  {"a" : [1 , {"b": [2]} ] , "a": {}}\n') == {"a": {}}


def game(number: int) -> FinishedGame:
    return small_game(
        f"g{number:05d}", f"2026-01-01T{number // 3600 % 24:02d}:{number // 60 % 60:02d}:{number % 60:02d}+00:00"
    )


def big_history(games: int) -> MemoryStore:
    store = MemoryStore()
    store.put(HISTORY, [game(number).to_data() for number in range(games)])  # (schema 1: every game in detail)
    return store


@pytest.mark.slow
def test_a_big_history_is_read_in_many_small_steps_and_reads_as_at_once():
    steps = 0
    work = Saved(big_history(3000)).history_in_steps()
    while True:
        try:
            next(work)
        except StopIteration as done:
            view = done.value
            break
        steps += 1
    assert steps >= 3 * 3000 // EVERY, "parsing, checking and folding each go a few items at a time"
    again = Saved(big_history(3000)).history()
    assert (
        (view.total, [g.id for g in view.games])
        == (again.total, [g.id for g in again.games])
        == (
            3000,
            [f"g{n:05d}" for n in range(2900, 3000)],
        )
    )


def test_steps_run_for_their_time_and_at_least_one_step():
    now = [0.0]

    def work():
        for _ in range(10):
            now[0] += 1.0
            yield
        return "done"

    steps = Stepper(work(), clock=lambda: now[0], freeze=True)
    assert not steps.step(0.0) and now[0] == 1.0, "one step even with no time"
    assert not steps.step(3.0) and now[0] == 4.0
    assert steps.step(100.0) and steps.value == "done"
    given_up = Stepper(work(), clock=lambda: now[0], freeze=True)
    given_up.close()
    assert given_up.closed and given_up.step(1.0) is False


def test_a_reading_left_half_way_never_writes_an_older_history_over_a_newer_one():
    """A reading started (a game waiting to be merged), then this game records another and merges it: the reading,
    resumed, must not write the history it read before (without the second game) over the merged one."""
    store = big_history(600)
    saved = Saved(store)
    assert saved.add_game(game(9001))
    reading = saved.history_in_steps()
    next(reading)  # (the history read half way)
    assert saved.record_game(game(9002))  # merged, and its own key removed: the file lock is this game's
    run(reading)
    ids = {g.id for g in Saved(store).history().games}
    assert {"g09001", "g09002"} <= ids


def test_a_finished_game_is_saved_without_reading_the_history():
    class Counting(MemoryStore):
        reads = 0

        def _read(self, key):
            self.reads += key == HISTORY
            return super()._read(key)

    store = Counting()
    store.put(HISTORY, [game(number).to_data() for number in range(5)])
    saved = Saved(store)
    store.reads = 0
    assert saved.add_game(game(7))
    assert store.reads == 0, "saved under its own key at once, whatever the history's size"
    assert "g00007" in {g.id for g in Saved(store).history().games}
    assert store.reads > 0 and not [key for key in store.names() if key.startswith("add-")], "merged when read"


def test_a_reading_another_tab_overtook_writes_nothing_and_loses_nothing(monkeypatch):
    """A tab left in the background reads slowly: another tab merges and writes meanwhile, and later removes the
    additions its history holds (a minute on). The slow tab's history, read before, is not written over it."""
    from game.storage import saved as saved_module

    store = big_history(600)
    slow, other = Saved(store), Saved(store)
    assert slow.add_game(game(9001))
    reading = slow.history_in_steps()
    next(reading)
    assert other.add_game(game(9002))
    monkeypatch.setattr(saved_module, "clock", lambda: 1e12)  # (every addition a minute old and more)
    other.history()  # merges 9001 and 9002 and removes their keys (this store's lock is no lock across tabs)
    run(reading)
    assert {"g09001", "g09002"} <= {g.id for g in Saved(store).history().games}


def test_a_sort_in_steps_is_a_stable_sort_cut_into_runs_and_a_merge() -> None:
    # Before: the keys were made in steps, then every item was sorted and copied at once (168 ms of processor time
    # for 88,000 shuffled games on this machine, in one frame).
    rng = random.Random(9)
    items = [(rng.randrange(50), index) for index in range(5 * RUN + 17)]
    expected = sorted(items, key=lambda item: item[0])
    yields = len(list(sort_in_steps(items, key=lambda item: item[0])))
    assert items == expected, "sorted by key, equal keys in their first order"
    assert yields >= 2 * (len(items) // EVERY) + len(items) // RUN, "keys, runs and merge each in steps"
    ordered = [(1, "a"), (2, "b")]
    assert list(sort_in_steps(ordered, key=lambda item: item[0])) == [] and ordered == [(1, "a"), (2, "b")]
    ties = [(1, "a"), (1, "b"), (2, "c")]  # (games that share a time stamp, as stored: in order already)
    assert list(sort_in_steps(ties, key=lambda item: item[0])) == [] and ties == [(1, "a"), (1, "b"), (2, "c")]


def test_a_backup_of_many_folded_games_merges_in_steps_as_at_once() -> None:
    # Before: the history's games and its folded games were sorted at once after a merge (and the folded games put
    # in a dict at once), whatever their number, within one frame of the History scene's reading.
    def line(number: int) -> FoldedGame:
        return FoldedGame(f"f{number:06d}", f"2025-{number % 12 + 1:02d}-01T00:00:{number % 60:02d}+00:00")

    numbers = list(range(4 * RUN))
    random.Random(5).shuffle(numbers)
    here, backup = sorted(numbers[: 2 * RUN]), numbers[RUN:]  # (half of the backup's games are here already)
    backup_games = [game(number) for number in range(150)]
    in_steps, at_once = (Book(games=[game(n) for n in range(100)], folded=[line(n) for n in here]) for _ in "ab")
    additions = Additions(games=backup_games, folded=[line(n) for n in backup])
    steps = 0
    work = in_steps.merge_in_steps(additions)
    while True:
        try:
            next(work)
        except StopIteration as done:
            account = done.value
            break
        steps += 1
    assert account == at_once.merge(additions)
    assert (account.added, account.already, account.folded_added, account.folded_already) == (50, 100, 2 * RUN, RUN)
    assert in_steps == at_once
    assert [g.id for g in in_steps.folded] == sorted(
        (f"f{n:06d}" for n in numbers), key=lambda i: (f"2025-{int(i[1:]) % 12 + 1:02d}", int(i[1:]) % 60, i)
    )
    folded_items = len(here) + len(backup) + 2 * len(numbers)  # (the dict of the history's, the backup's, the sort)
    assert steps >= folded_items // EVERY, "the folded games are looked up, added and sorted a few at a time"


def test_the_totals_of_many_folded_games_are_counted_in_steps_once_and_read_at_once_after(monkeypatch) -> None:
    results = ("won", "drawn", "lost")
    folded = tuple(
        FoldedGame(f"f{n:05d}", "2025-01-01T00:00:00+00:00", Outcome("easy", "s3x3", results[n % 3], n % 5))
        for n in range(3 * EVERY + 1)
    )
    legacy = (LegacyTotals("k1", 4, {"easy|s3x3": [2, 1, 1, 7], "hard|s5x5": [0, 0, 4, None]}, ("lost", 3)),)
    earlier = Earlier(folded, legacy)
    steps = len(list(earlier.tally_in_steps()))
    assert steps >= len(folded) // EVERY, "counted a few hundred games a step"

    def count_again(self: Earlier) -> Iterator[None]:
        raise AssertionError("counted again")
        yield

    monkeypatch.setattr(Earlier, "_count", count_again)
    assert list(earlier.tally_in_steps()) == [], "counted once"
    won = [n for n in range(len(folded)) if n % 3 == 0]
    assert earlier.rows == {
        "easy|s3x3": [2 + len(won), 1 + len(folded) // 3, 1 + len(folded) // 3, max(7, *(n % 5 for n in won))],
        "hard|s5x5": [0, 0, 4, None],
    }
    assert earlier.streak == ("won", 1), "the folded games continue the legacy streak; the last one is won"
    assert earlier.games == len(folded) + 4


def test_a_value_is_written_and_read_with_a_step_after_every_every_th_item_opened_three_containers_deep() -> None:
    def steps(value: object) -> int:
        written, read = len(list(dumps_in_steps(value))), len(list(loads_in_steps(json.dumps(value))))
        assert written == read
        return written

    assert [steps(list(range(n))) for n in (EVERY - 2, EVERY - 1, 2 * EVERY - 1)] == [0, 1, 2]
    assert steps({str(n): n for n in range(EVERY - 1)}) == 1, "a dict's values are items too"
    deep = [[[[0, 1]] * (2 * EVERY - 1)]]  # (each [0, 1] is three containers deep: one item, written at once)
    assert steps(deep) == 2
    assert steps({"a": [[[0, 1]] * (2 * EVERY - 1)]}) == 2, "a dict's values are one container deeper too"


def test_keys_that_are_not_text_are_written_as_json_writes_them() -> None:
    value = {1: "a", "b": {2.5: [None], None: {True: 1}}}
    assert run(dumps_in_steps(value)) == json.dumps(value, ensure_ascii=False)
    assert wrap(value) == json.dumps({"schema": SCHEMA, "app": APP, "data": value}, ensure_ascii=False)


def test_json_written_without_spaces_is_read_as_json_reads_it() -> None:
    # (the game writes ", " and ": "; a backup or a stored value another program wrote may have neither)
    for text in ('{"a":12,"b":[3,{"c":45}],"d":{"e":"f"}}', '[{"a":[1,2]},7]', '{"schema":3,"app":"x","data":[]}'):
        assert loads(text) == json.loads(text)
