"""The stored puzzles: every one re-solved by the exact solver within the node bound, its stated answer the one best
line; the set's size, themes, boards and rules; the data checks."""

from __future__ import annotations

import json
import random

import pytest

from game.core import Board, GameState, Rules, encode
from game.puzzles import DATA_PATH, THEMES, PuzzleError, load_puzzles, parse_puzzles
from game.puzzles.solving import MAX_NODES, OutOfNodes, line_values, unique_best
from game.storage import PUZZLES as SOLVED_KEY
from game.storage import MemoryStore, Saved, solved_from_data

PUZZLES = load_puzzles()


REQUIRED_THEMES = {"misere", "triangles", "hexagons"}
PER_THEME = 25  # the fewest puzzles a theme may have
SHAPES = {"triangles": "triangle", "hexagons": "hex"}  # every other theme is played on squares
RULES = {"misere": Rules(misere=True), "no-extra": Rules(no_extra=True)}  # every other theme: the standard rules


def test_the_set_has_three_hundred_puzzles_or_more_in_ten_themes_or_more_in_order():
    assert len(PUZZLES) >= 300
    themes = [p.theme for p in PUZZLES]
    assert set(themes) == set(THEMES) and len(THEMES) >= 10 and set(THEMES) >= REQUIRED_THEMES
    assert min(themes.count(theme) for theme in THEMES) >= PER_THEME
    assert themes == sorted(themes, key=THEMES.index), "grouped by theme, in the themes' order"
    assert [p.number for p in PUZZLES] == list(range(1, len(PUZZLES) + 1))


@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_is_played_on_its_board_under_its_rules(theme):
    states = [p.position() for p in PUZZLES if p.theme == theme]
    assert {state.board.kind for state in states} == {SHAPES.get(theme, "square")}
    assert {state.rules for state in states} == {RULES.get(theme, Rules())}


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: f"{p.number}-{p.theme}")
def test_every_puzzle_has_its_stated_answer_as_the_one_best_line_within_the_node_bound(puzzle):
    state = puzzle.position()
    values = line_values(state, MAX_NODES)  # raises OutOfNodes past the bound every stored puzzle keeps
    assert unique_best(values) == puzzle.answer
    assert values[puzzle.answer] == puzzle.value
    assert sorted(values.values())[-2] < puzzle.value, "every other line is worth less"


def test_a_position_past_the_node_bound_is_refused():
    state = GameState(Board.square(3, 3), Rules(misere=True))  # the whole misère game: far past the bound
    for line in (0, 5, 10):
        state.play(line)
    with pytest.raises(OutOfNodes):
        line_values(state, MAX_NODES)
    assert state.moves == [0, 5, 10], "left as found"


def brute_force(state: GameState) -> int:
    """Plain negamax over play/undo (no shared code with the solver): the mover's future cells minus the other's
    (misère: the other's minus the mover's)."""
    if state.over:
        return 0
    best = None
    for line in state.legal_lines():
        mover = state.to_move
        gained = len(state.play(line).captured) * (-1 if state.rules.misere else 1)
        if state.over:
            score = gained
        else:
            rest = brute_force(state)
            score = gained + rest if state.to_move == mover else gained - rest
        state.undo()
        best = score if best is None else max(best, score)
    return best


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(misere=True), Rules(no_extra=True)], ids=["normal", "misere", "no-extra"]
)
@pytest.mark.parametrize("seed", range(6))
def test_line_values_agree_with_brute_force_on_small_positions(seed, rules):
    rng = random.Random(seed)
    state = GameState(Board.square(2, 2) if seed % 2 else Board.triangle(3), rules)
    while state.lines_left > 7:
        state.play_random(rng)
    for line, value in line_values(state).items():
        mover = state.to_move
        gained = len(state.play(line).captured) * (-1 if rules.misere else 1)
        rest = 0 if state.over else brute_force(state)
        expected = gained + rest if state.to_move == mover or state.over else gained - rest
        state.undo()
        assert value == expected, (line, value, expected)


def test_the_final_margin_counts_the_cells_already_owned():
    puzzle = next(p for p in PUZZLES if p.position().scores[1] and p.theme != "misere")
    state = puzzle.position()
    assert puzzle.final_margin() == state.scores[0] - state.scores[1] + puzzle.value


def test_in_misere_the_final_margin_counts_cells_fewer():
    puzzle = next(p for p in PUZZLES if p.theme == "misere" and len(set(p.position().scores)) == 2)
    state = puzzle.position()
    assert puzzle.final_margin() == state.scores[1] - state.scores[0] + puzzle.value


def stored_data():
    return json.loads(DATA_PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(version=2), "version"),
        (lambda d: d["themes"].update(bogus=[]), "unknown theme"),
        (lambda d: d["themes"]["chains"][0].__setitem__(0, "1.s3x3.2.0.AB.Q"), "check character"),
        (lambda d: d["themes"]["chains"][0].__setitem__(1, 10**6), "not a line that can be drawn"),
        (lambda d: d["themes"]["chains"][0].__setitem__(2, "3"), "whole numbers"),
        (lambda d: d["themes"]["chains"].append(list(d["themes"]["chains"][0])), "appears twice"),
        (lambda d: d["themes"]["chains"].append(["x"]), r"is not \[code, answer, value\]"),
    ],
)
def test_damaged_data_is_refused_with_the_reason(change, message):
    data = stored_data()
    change(data)
    with pytest.raises(PuzzleError, match=message):
        parse_puzzles(data)


def test_a_drawn_answer_or_the_other_player_to_move_is_refused():
    data = stored_data()
    code, answer, value = data["themes"]["chains"][0]
    drawn = PUZZLES[0].position().moves[0]
    data["themes"]["chains"][0] = [code, drawn, value]
    with pytest.raises(PuzzleError, match="not a line that can be drawn"):
        parse_puzzles(data)
    state = GameState(Board.square(2, 2))
    state.play(0)
    data["themes"]["chains"][0] = [encode(state), 5, 0]
    with pytest.raises(PuzzleError, match="player 0 of two must be to move"):
        parse_puzzles(data)


def test_solved_puzzles_are_saved_once_and_bad_saved_values_read_as_nothing():
    store = MemoryStore()
    saved = Saved(store)
    assert saved.solved_puzzles() == []
    assert saved.mark_puzzle_solved(PUZZLES[3].key) and saved.mark_puzzle_solved(PUZZLES[3].key)
    assert saved.mark_puzzle_solved(PUZZLES[0].key)
    assert store.get(SOLVED_KEY) == {"solved": [PUZZLES[3].key, PUZZLES[0].key]}
    assert solved_from_data({"solved": ["a", 3, None, "a", "", "b"]}) == ["a", "b"]
    assert solved_from_data(["a"]) == [] and solved_from_data(None) == []


def test_a_saved_list_that_is_not_solved_puzzles_is_kept_aside_and_reads_as_none():
    store = MemoryStore()
    store.put(SOLVED_KEY, ["not", "the", "stored", "form"])
    saved = Saved(store)
    assert saved.solved_puzzles() == []
    assert store.kept() and store.get(SOLVED_KEY) is None, "kept aside, not written over"
