"""A history as read (``Book``) and what one event adds to it (``Additions``): games known by id whether detailed or
folded, totals added up across blocks, additions read only from their lists, ids that never change."""

from __future__ import annotations

import pytest
from storage_fakes import small_game

from game.storage import FinishedGame, MemoryStore, RecordError, Saved, StoreError
from game.storage.envelope import unwrap
from game.storage.history import Additions, Book, Earlier, read_book
from game.storage.reasons import Why
from game.storage.records import FoldedGame, LegacyTotals, Outcome, content_id
from game.storage.steps import EVERY

DATE = "2026-02-03T10:00:00+00:00"


def finished(game_id: str, date: str = DATE) -> FinishedGame:
    return small_game(game_id, date)


def test_a_game_already_folded_is_here_on_its_date_and_a_conflict_on_another() -> None:
    book = Book(folded=[FoldedGame("g1", DATE)])
    account = book.merge(Additions([finished("g1")]))
    assert (account.added, account.already, account.conflicts) == (0, 1, 0)
    account = book.merge(Additions([finished("g1", "2026-02-04T10:00:00+00:00")]))
    assert (account.added, account.already, account.conflicts) == (0, 0, 1)
    assert book.games == [] and book.folded == [FoldedGame("g1", DATE)]


def test_totals_of_two_blocks_on_the_same_board_add_up() -> None:
    earlier = Earlier(
        legacy=(
            LegacyTotals("k1", 3, {"easy|s3x3": [1, 1, 1, 4]}, ("won", 1)),
            LegacyTotals("k2", 2, {"easy|s3x3": [2, 0, 0, 6], "hard|s5x5": [0, 0, 0, None]}),
        )
    )
    assert earlier.rows == {"easy|s3x3": [3, 1, 1, 6], "hard|s5x5": [0, 0, 0, None]}
    assert earlier.streak == ("won", 1) and earlier.games == 5


@pytest.mark.parametrize("part", ["games", "folded", "legacy"])
@pytest.mark.parametrize("value", [5, "", "g1", {"g1": {}}, None])
def test_additions_whose_parts_are_not_lists_are_not_a_history(part: str, value: object) -> None:
    with pytest.raises(RecordError, match=f"^{Why.NOT_A_HISTORY}$"):
        Additions.from_data({part: value})


def test_additions_read_back_as_written() -> None:
    additions = Additions(
        [finished("g1")], [FoldedGame("f1", DATE)], [LegacyTotals("k", 2, {"easy|s3x3": [1, 1, 0, 3]})], added=12.5
    )
    assert Additions.from_data(additions.to_data()) == additions
    assert Additions.from_data({}) == Additions() and not Additions()


def test_an_id_made_from_content_never_changes() -> None:
    # Ids made from content are stored in histories and backups (games an earlier version saved without an id,
    # totals' keys): the same content must give the same id in every version, text outside ASCII included.
    assert content_id({"name": "Zoé", "moves": ["a1"]}) == "c6b4e2cc2c978e5e5"
    assert content_id({"moves": ["a1"], "name": "Zoé"}) == "c6b4e2cc2c978e5e5", "in any key order"
    assert content_id({"name": "Zoe", "moves": ["a1"]}) != "c6b4e2cc2c978e5e5"


def test_a_text_that_cannot_be_read_back_is_not_held() -> None:
    class Unreadable(MemoryStore):
        def _read(self, key: str) -> str | None:
            raise StoreError(Why.FOLDER_REFUSED)

    store = Unreadable()
    store.texts["history"] = "text"
    assert not store.holds_text("history", "text") and not store.holds_text("history", None)


def test_games_added_beside_a_history_that_cannot_be_written_over_are_still_shown() -> None:
    class Unmovable(MemoryStore):
        def _move(self, key: str, target: str) -> None:
            raise StoreError(Why.FOLDER_REFUSED)

    store = Unmovable()
    store.texts["history"] = "{damaged"
    saved = Saved(store)
    assert saved.add_game(finished("g1")), "saved under its own key"
    view = saved.history()
    assert [game.id for game in view.games] == ["g1"] and view.unsaved == 0
    assert store.texts["history"] == "{damaged", "what cannot be read is not written over"


def test_a_history_without_folded_games_or_totals_reads_its_games() -> None:
    book = read_book({"version": 3, "games": [finished("g1").to_data()]})
    assert [game.id for game in book.games] == ["g1"] and not book.unusable
    assert (book.folded, book.legacy) == ([], [])


def test_the_ids_of_a_big_history_are_gathered_in_steps_and_say_what_it_holds() -> None:
    # Before: every check of an addition gathered every folded game's id at once (a set of 88,000 ids for the
    # 50 MB history, twice for each addition waiting), within one step of the reading.
    folded = [FoldedGame(f"f{n:05d}", DATE) for n in range(3 * EVERY)]
    book = Book(games=[finished("g1")], folded=folded, legacy=[LegacyTotals("k1", 2, {})])
    work = book.ids_in_steps()
    steps = 0
    while True:
        try:
            next(work)
        except StopIteration as done:
            ids = done.value
            break
        steps += 1
    assert steps == 3 and ids == {"g1", *(game.id for game in folded)}
    assert book.holds(Additions([finished("g1")], [FoldedGame("f00007", DATE)], [LegacyTotals("k1", 2, {})]), ids)
    assert not book.holds(Additions([finished("g2")]), ids)
    assert not book.holds(Additions(folded=[FoldedGame("f99999", DATE)]), ids)
    assert not book.holds(Additions(legacy=[LegacyTotals("k2", 2, {})]), ids)


def test_the_moves_of_games_about_to_be_folded_are_not_replayed() -> None:
    store = MemoryStore()
    older = {**finished("g1", "2026-02-01T10:00:00+00:00").to_data(), "moves": ["not a position code"]}
    store.put("history", {"version": 3, "games": [older, finished("g2").to_data()]})
    saved = Saved(store, recent=1)
    view = saved.history()
    assert [game.id for game in view.games] == ["g2"] and [game.id for game in view.earlier.folded] == ["g1"]
    assert store.kept() == [] and store.pop_notices() == [], "its moves are dropped with it, not judged"
    store.put("history", {"version": 3, "games": [older]})
    assert Saved(store, recent=1).history().games == [] and store.kept() == ["history.bad-1"], "a recent game's are"
    assert unwrap(store.texts["history.bad-1"]) == [older], "kept aside whole"


def test_a_game_stored_twice_under_its_id_is_read_once() -> None:
    entry = finished("g1").to_data()
    book = read_book({"version": 3, "games": [entry, dict(entry)]})
    assert [game.id for game in book.games] == ["g1"] and book.bad == []


def test_two_games_an_earlier_version_saved_alike_and_without_ids_are_two_games() -> None:
    entry = finished("x").to_data()
    del entry["id"]
    book = read_book([entry, dict(entry), dict(entry)])
    assert len({game.id for game in book.games}) == 3


def test_an_import_saved_twice_is_saved_under_one_key_whenever_it_was_saved() -> None:
    games = [finished("g1"), finished("g2")]
    assert Additions(games, added=1.0).key() == Additions(games, added=2.0).key() != Additions(games[:1]).key()


def test_only_wins_count_for_the_best_margin() -> None:
    lost = FoldedGame("f1", DATE, Outcome("easy", "s3x3", "lost", -3))
    drawn = FoldedGame("f2", DATE, Outcome("easy", "s3x3", "drawn", 0))
    assert Earlier(folded=(lost, drawn)).rows == {"easy|s3x3": [0, 1, 1, None]}


def test_a_folded_game_is_rated_only_when_it_was_and_has_an_outcome() -> None:
    def classify(game: FinishedGame) -> Outcome:
        return Outcome("easy", game.board, "won", 2)

    rated = FinishedGame.from_data({**finished("g1").to_data(), "rated": True})
    assert FoldedGame.of(rated, classify).rated and not FoldedGame.of(rated, None).rated
    assert not FoldedGame.of(finished("g2"), classify).rated


def test_names_are_the_keys_saved_without_those_kept_aside_or_not_ours() -> None:
    store = MemoryStore()
    store.put("history", [])
    store.texts["history.bad-1"] = "{damaged"
    store.texts["Not Ours"] = "x"
    assert store.names() == ["history"] and store.kept() == ["history.bad-1"]


def test_games_that_cannot_be_shown_are_kept_aside_each_time_others_come() -> None:
    # A reading keeps aside the games it cannot show, then another tab writes first, so it writes nothing; the
    # next reading finds other such games: they are kept aside too, not taken for the ones already kept.
    store = MemoryStore()
    good = finished("g1").to_data()

    def bad(number: int) -> dict:
        return {**finished(f"b{number}").to_data(), "moves": [f"not a position code {number}"]}

    store.put("history", {"version": 3, "games": [good, bad(1)]})
    saved = Saved(store)
    assert saved.add_game(finished("g2"))
    real_holds_text = MemoryStore.holds_text
    store.holds_text = lambda key, text: False  # type: ignore[method-assign]  # (another tab wrote first)
    saved.history()
    store.holds_text = real_holds_text.__get__(store)  # type: ignore[method-assign]
    assert store.kept() == ["history.bad-1"]
    store.put("history", {"version": 3, "games": [good, bad(2)]})
    saved.history()
    assert sorted(store.kept()) == ["history.bad-1", "history.bad-2"]
    assert [entry["id"] for entry in unwrap(store.texts["history.bad-2"])] == ["b2"]


def test_ids_given_to_games_an_earlier_version_saved_without_ids_never_change() -> None:
    entry = {"date": DATE, "board": "s2x2", "rules": "2", "names": ["You", "Easy"], "scores": [3, 1], "winners": [0]}
    assert sorted(game.id for game in read_book([entry, dict(entry)]).games) == [
        "c5be1adca9a0af4f7",
        "c9a0d76ca856350b9",
    ]


def test_a_folded_game_stored_twice_is_read_once() -> None:
    line = FoldedGame("f1", DATE).to_data()
    book = read_book({"version": 3, "games": [], "folded": [line, list(line), FoldedGame("f2", DATE).to_data()]})
    assert [game.id for game in book.folded] == ["f1", "f2"]


def test_the_totals_of_two_devices_of_before_are_two_blocks_and_the_same_totals_one() -> None:
    mine = {"games": 3, "rows": {"easy|3x3 boxes": [2, 1, 0, 4]}, "streak": ["won", 1]}
    theirs = {"games": 2, "rows": {"hard|3x3 boxes": [0, 0, 2, None]}, "streak": ["lost", 2]}
    keys = [read_book({"games": [], "earlier": earlier}).legacy[0].key for earlier in (mine, theirs, dict(mine))]
    assert keys[0] != keys[1] and keys[0] == keys[2]


def test_a_game_added_by_itself_waits_under_a_key_made_from_its_id_only() -> None:
    one = Additions([finished("g1")]).key()
    assert one == Additions([finished("g1", "2026-05-05T10:00:00+00:00")]).key() != Additions([finished("g2")]).key()


def test_a_finished_game_merged_while_this_game_holds_the_lock_leaves_no_addition() -> None:
    store = MemoryStore()  # (a store in memory: nothing else writes, the lock is always this game's)
    assert Saved(store).record_game(finished("g1"))
    assert not [key for key in store.names() if key.startswith("add-")], "removed at once, not a minute later"
    assert MemoryStore().where() == "", "a store in memory has no place to show"
