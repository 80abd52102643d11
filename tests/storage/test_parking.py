"""What is waiting when the game quits (Saved.park): written to the spare store, taken back at the next start
(Saved._unpark); nothing waiting, no spare or a spare that refuses too leaves the player told "" (nowhere)."""

from __future__ import annotations

from storage_fakes import small_game

from game.storage import FinishedGame, MemoryStore, Saved, StoreError
from game.storage.history import Additions
from game.storage.keys import HISTORY, LINK_GAMES, ONLINE_ROOM, PUZZLES, REMOVALS, SETTINGS, UNFINISHED


class Medium(MemoryStore):
    """A store in memory that refuses to write the keys in ``refused`` (when ``refused`` is True: to write or remove
    anything)."""

    def __init__(self, where: str = "", refused: set[str] | bool = False) -> None:
        super().__init__()
        self.place = where
        self.refused = refused

    def _write(self, key: str, text: str) -> None:
        if self.refused is True or (self.refused and key in self.refused):
            raise StoreError("folder read-only")
        super()._write(key, text)

    def _remove(self, key: str) -> None:
        if self.refused is True:
            raise StoreError("folder read-only")
        super()._remove(key)

    def where(self) -> str:
        return self.place


def game(number: int) -> FinishedGame:
    return small_game(f"g{number:05d}", f"2026-01-0{number}T10:00:00+00:00")


def stuck_with(spare: Medium) -> Saved:
    """A Saved whose own store refuses every write, holding new settings, a cleared unfinished game and two games."""
    saved = Saved(Medium(refused=True), spare=spare)
    assert not saved.save_settings({"shape": "hex"})
    assert not saved.clear_unfinished() and saved.has_unfinished() is False
    assert not saved.record_game(game(1)) and not saved.record_game(game(2))
    return saved


def test_what_is_waiting_goes_to_the_spare_store_and_its_place_is_told() -> None:
    spare = Medium("the spare folder")
    saved = stuck_with(spare)
    assert saved.park() == "the spare folder"
    additions = [name for name in spare.names() if name.startswith("add-")]
    assert len(additions) == 2 and spare.get(SETTINGS) == {"shape": "hex"}
    assert UNFINISHED not in spare.names(), "a value waiting to be removed is not parked as a value"
    assert spare.get(REMOVALS) == [UNFINISHED], "but as a removal"
    assert sorted(g.id for name in additions for g in Additions.from_data(spare.get(name)).games) == [
        "g00001",
        "g00002",
    ]


def test_nothing_is_parked_with_nothing_waiting_or_no_spare() -> None:
    spare = Medium("the spare folder")
    assert Saved(Medium(), spare=spare).park() == "" and spare.names() == []
    assert stuck_with(Medium("x")).park() != ""
    nowhere = Saved(Medium(refused=True))  # (a store in memory has no spare)
    assert nowhere.spare is None and not nowhere.record_game(game(1)) and nowhere.park() == ""


def test_a_spare_that_refuses_one_value_still_takes_the_others_and_the_place_is_not_told() -> None:
    spare = Medium("the spare folder", refused={SETTINGS})
    saved = stuck_with(spare)
    assert saved.park() == ""
    assert len([name for name in spare.names() if name.startswith("add-")]) == 2, "every game still tried"
    first = Additions(games=[game(1)]).key()
    spare = Medium("the spare folder", refused={first})
    saved = stuck_with(spare)
    assert saved.park() == ""
    assert spare.get(SETTINGS) == {"shape": "hex"} and Additions(games=[game(2)]).key() in spare.names(), (
        "the game after the refused one is still tried"
    )


def test_the_next_start_takes_back_what_was_parked_and_saves_it() -> None:
    # Before: the removal of the unfinished game (the game had ended) was not parked, and the next start offered
    # to resume a game already finished and recorded, to be played and recorded a second time.
    spare = Medium("the spare folder")
    stuck_with(spare).park()
    spare.put(HISTORY, {"not": "taken: the history is never parked"})
    spare.put("add-0123456789abcdef", {"games": "not a list"})
    store = Medium()
    store.put(UNFINISHED, {"the game": "finished before the quit"})
    again = Saved(store, spare=spare)
    assert again.unparked == 4, "the settings, the removal and the two games"
    assert store.get(SETTINGS) == {"shape": "hex"} and not again.has_pending
    assert UNFINISHED not in store.names() and again.unfinished() is None
    assert [g.id for g in again.history().games] == ["g00001", "g00002"]
    assert sorted(spare.names()) == ["add-0123456789abcdef", HISTORY], "what is not taken back stays"


def test_every_value_the_game_parks_is_taken_back() -> None:
    spare = Medium("the spare folder")
    values = {SETTINGS: {"a": 1}, UNFINISHED: {"b": 2}, PUZZLES: {"c": 3}, LINK_GAMES: {"d": 4}, ONLINE_ROOM: {"e": 5}}
    for key, value in values.items():
        spare.put(key, value)
    store = Medium()
    assert Saved(store, spare=spare).unparked == 5
    assert {key: store.get(key) for key in values} == values and spare.names() == []
    spare.put(REMOVALS, [SETTINGS, HISTORY, "add-0123456789abcdef", 3, [UNFINISHED]])
    assert Saved(store, spare=spare).unparked == 1
    assert sorted(store.names()) == sorted(set(values) - {SETTINGS}), "only what the game parks is removed"
    spare.put(REMOVALS, {UNFINISHED: True})
    assert Saved(store, spare=spare).unparked == 0 and spare.names() == [REMOVALS], "not a list: left in the spare"


def test_a_start_whose_store_still_refuses_keeps_what_it_took_back_waiting() -> None:
    spare = Medium("the spare folder")
    stuck_with(spare).park()
    again = Saved(Medium(refused=True), spare=spare)
    assert again.unparked == 4 and again.has_pending and again.unsaved_games == 2
    assert again.settings() == {"shape": "hex"} and not again.has_unfinished()
    assert again.park() == "the spare folder" and len(spare.names()) == 4, "parked again at the next quit"
