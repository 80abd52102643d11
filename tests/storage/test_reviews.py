"""The reviews' results kept per game: read back by game and analysis version, bounded, and never trusted blindly."""

from __future__ import annotations

import json

import pytest

from game.storage import MemoryStore
from game.storage.keys import REVIEWS
from game.storage.reviews import KEPT_BYTES, KEPT_GAMES, KeptReview, ReviewCache, game_key

RESULTS = KeptReview([2, None, -1, 0], [5, None, 3, None], True)


def test_kept_results_are_read_back_for_the_same_game_and_version_only():
    cache = ReviewCache(MemoryStore())
    assert cache.read("g1", "v1") is None
    assert cache.keep("g1", "v1", RESULTS)
    assert cache.read("g1", "v1") == RESULTS
    assert cache.read("g1", "v2") is None, "another solver (a stronger one, or more time) computes it again"
    assert cache.read("g2", "v1") is None


def test_keeping_a_game_again_replaces_what_was_kept_for_it():
    store = MemoryStore()
    cache = ReviewCache(store)
    cache.keep("g1", "v1", KeptReview([None, 1], [None, 2], False))
    cache.keep("g1", "v2", RESULTS)
    assert cache.read("g1", "v2") == RESULTS and cache.read("g1", "v1") is None
    assert len(store.get(REVIEWS)["games"]) == 1


@pytest.mark.slow
def test_the_oldest_games_go_first_past_the_bounds():
    store = MemoryStore()
    cache = ReviewCache(store)
    for n in range(KEPT_GAMES + 5):
        cache.keep(f"g{n}", "v", RESULTS)
    assert cache.read("g0", "v") is None and cache.read("g4", "v") is None
    assert cache.read("g5", "v") == RESULTS and cache.read(f"g{KEPT_GAMES + 4}", "v") == RESULTS
    big = KeptReview([1] * 3000, [0] * 3000, True)  # (about 18 KB of JSON each)
    for n in range(10):
        cache.keep(f"big{n}", "v", big)
    assert len(json.dumps(store.get(REVIEWS))) <= KEPT_BYTES
    assert cache.read("big9", "v") == big and cache.read("big0", "v") is None


def test_entries_that_cannot_be_read_are_ignored_and_dropped_at_the_next_write():
    store = MemoryStore()
    good = {"game": "ok", "version": "v", "values": [1, None], "best": [0, None], "done": True}
    damaged = [
        "not an entry",
        {"game": "a", "version": "v", "values": "1,2", "best": [], "done": True},
        {"game": "b", "version": "v", "values": [1.5], "best": [0], "done": True},
        {"game": "c", "version": "v", "values": [True], "best": [0], "done": True},
        {"game": "d", "version": "v", "values": [1], "best": [0]},
        {"game": "e", "version": "v", "values": "", "best": [], "done": True},
        {"game": "f", "version": "v", "values": [], "best": "", "done": True},
        {"game": "h", "version": "v", "values": [1], "best": ["x"], "done": True},
        {"game": 5, "version": "v", "values": [1], "best": [0], "done": False},
    ]
    store.put(REVIEWS, {"games": [*damaged, good]})
    cache = ReviewCache(store)
    for game in ("a", "b", "c", "d", "e", "f", "h"):
        assert cache.read(game, "v") is None, game
    assert cache.read("ok", "v") == KeptReview([1, None], [0, None], True)
    cache.keep("new", "v", RESULTS)
    assert [entry["game"] for entry in store.get(REVIEWS)["games"]] == ["ok", "new"]


def test_a_value_of_another_form_is_no_cache_and_is_written_over():
    for value in ([1, 2], {"games": "x"}, "text", 3):
        store = MemoryStore()
        store.put(REVIEWS, value)
        cache = ReviewCache(store)
        assert cache.read("g", "v") is None
        assert cache.keep("g", "v", RESULTS) and cache.read("g", "v") == RESULTS


def test_a_games_key_is_its_moves():
    assert game_key("s3x3.2.abc") == game_key("s3x3.2.abc") != game_key("s3x3.2.abd")
    assert game_key("s3x3.2.abc") == "5978d34d5dcfa581be24c90d", "the same in every version: reviews kept stay found"


def test_results_of_another_solver_are_read_by_their_meaning():
    cache = ReviewCache(MemoryStore())
    assert cache.keep("g1", "1/2s/python-1", RESULTS)
    assert cache.read("g1", "1/2s/core-abc") is None
    assert cache.read_like("g1", "1/2s/") == RESULTS
    assert cache.read_like("g1", "1/3s/") is None and cache.read_like("g2", "1/2s/") is None


def test_an_entry_too_big_to_keep_with_any_other_is_kept_alone():
    store = MemoryStore()
    cache = ReviewCache(store)
    big = KeptReview([1] * 9000, [0] * 9000, True)  # (about 54 KB of JSON: two are past KEPT_BYTES)
    assert cache.keep("old", "v", big) and cache.keep("new", "v", big)
    assert [entry["game"] for entry in store.get(REVIEWS)["games"]] == ["new"]
    huge = KeptReview([1] * 20000, [0] * 20000, False)  # (past KEPT_BYTES alone: the newest is still kept)
    assert cache.keep("huge", "v", huge) and cache.read("huge", "v") == huge and cache.read("new", "v") is None
