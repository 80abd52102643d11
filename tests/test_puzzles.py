"""The stored puzzles: every one re-solved by the exact solver within its node bound (the compiled core where it
runs), its stated answer the one best line; the compiled core and the Python solver agree on them, node counts
included, and a puzzle is kept or not as the Python solver alone decides; the set's size, themes, boards and rules;
the data checks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai.position.chains import analyse
from game.ai.position.tactics import opened_runs
from game.core import Board, GameState, Rules, code_game, decode, encode
from game.core.notation import check_v1
from game.puzzles import DATA_PATH, THEMES, PuzzleError, load_puzzles, parse_puzzles, solving
from game.puzzles.solving import (
    DEEP_NODES,
    MAX_NODES,
    OutOfNodes,
    beyond_bound,
    line_values,
    margin,
    solve_lines,
    unique_best,
    uses_core,
    within_bound,
)
from game.storage import PUZZLES as SOLVED_KEY
from game.storage import MemoryStore, Saved, solved_from_data
from tools import make_puzzles

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = load_puzzles()
CORE = uses_core(PUZZLES[0].position())  # wasmtime runs the compiled core here
needs_core = pytest.mark.skipif(not CORE, reason="wasmtime is not installed: the compiled core does not run here")


REQUIRED_THEMES = {"misere", "triangles", "hexagons"}
PER_THEME = 25  # the fewest puzzles a theme may have
SHAPES = {"triangles": "triangle", "triangles-two": "triangle", "hexagons": "hex"}  # every other: squares
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


def test_every_leave_the_last_two_puzzle_is_answered_by_leaving_the_last_two_triangles_of_an_opened_chain():
    puzzles = [p for p in PUZZLES if p.theme == "triangles-two"]
    assert len(puzzles) >= PER_THEME
    for puzzle in puzzles:
        state = puzzle.position()
        runs = [run for run in opened_runs(state) if run.closed and run.decline is not None]
        assert puzzle.answer in [run.decline for run in runs], puzzle.code
        assert not state.would_capture(puzzle.answer), "the answer takes nothing: it leaves the last two"


def bound_of(theme: str) -> int:
    """The node bound a theme's puzzles were kept under (in the Python solver's nodes)."""
    return DEEP_NODES if theme == "fight" else MAX_NODES


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: f"{p.number}-{p.theme}")
def test_every_puzzle_has_its_stated_answer_as_the_one_best_line_within_the_node_bound(puzzle):
    state = puzzle.position()
    bound = bound_of(puzzle.theme)
    if not CORE and bound > MAX_NODES:
        pytest.skip("needs the compiled core (wasmtime): past the Python solver's bound of the other themes")
    # the core may count a few nodes more than the Python solver the bound is counted in: the margin allows them
    solved = solve_lines(state, bound + margin(bound) if CORE else bound)  # raises OutOfNodes past the bound
    assert solved.compiled == CORE
    values = solved.values
    assert unique_best(values) == puzzle.answer
    assert values[puzzle.answer] == puzzle.value
    assert sorted(values.values())[-2] < puzzle.value, "every other line is worth less"


def test_the_fight_for_control_is_past_the_other_themes_bound_with_many_safe_lines_left():
    for puzzle in (p for p in PUZZLES if p.theme == "fight"):
        state = puzzle.position()
        analysis = analyse(state)
        assert state.board.size in {(4, 4), (5, 5)} and state.lines_left >= 25, puzzle.number
        assert not analysis.captures and not analysis.loops and len(analysis.safe) >= 8, puzzle.number
        try:  # the Python solver could not have kept it under the other themes' bound
            solved = solve_lines(state, MAX_NODES + margin(MAX_NODES))
        except OutOfNodes:
            continue  # past it by more than the margin
        assert beyond_bound(state, solved, MAX_NODES), puzzle.number  # near it: as the Python solver decides


@pytest.mark.slow
@needs_core
@pytest.mark.parametrize("theme", THEMES)
def test_the_compiled_core_and_the_python_solver_give_the_same_puzzle_values(theme):
    """Every puzzle within the Python solver's bound, and the first two (the easiest) of the fight for control: the
    same value for every line, and node counts closer than the margin the generator leaves for their difference."""
    puzzles = [p for p in PUZZLES if p.theme == theme]
    for puzzle in puzzles[:2] if theme == "fight" else puzzles:
        state = puzzle.position()
        core = solve_lines(state, compiled=True)
        python = solve_lines(state, compiled=False)
        assert core.compiled and not python.compiled
        assert core.values == python.values, puzzle.number
        assert abs(core.nodes - python.nodes) < margin(bound_of(theme)), (puzzle.number, core.nodes, python.nodes)


@pytest.mark.slow
@needs_core
def test_a_puzzle_is_kept_as_the_python_solver_alone_decides_even_at_the_bound():
    """Bounds just around a position's cost (where the core's count may differ from the Python solver's) and far
    from it: ``within_bound`` and ``beyond_bound`` answer what the Python solver alone answers."""
    puzzle = max((p for p in PUZZLES if p.theme == "sacrifice"), key=lambda p: p.position().lines_left)
    state = puzzle.position()
    python = solve_lines(state, compiled=False)
    band = margin(MAX_NODES)
    for bound in (python.nodes - 3 * band, python.nodes - 300, python.nodes - 1, python.nodes + 300,
                  python.nodes + 3 * band):  # fmt: skip
        try:
            solve_lines(state, bound, compiled=False)
            alone = True
        except OutOfNodes:
            alone = False
        kept = within_bound(state, bound)
        assert (kept is not None) == alone, bound
        assert kept is None or kept.values == python.values
        solved = within_bound(state, python.nodes + 3 * band)
        assert solved is not None and beyond_bound(state, solved, bound) == (not alone), bound
    assert state.moves == puzzle.position().moves, "left as found"


@needs_core
def test_the_core_counts_a_position_the_same_whatever_was_solved_before():
    """The generator's choice must not depend on which worker solved which position before: the core's table is
    emptied for each position."""
    first, second = _two_fight_positions()
    counts = [solve_lines(state).nodes for state in (first, second, first, first)]
    assert counts[0] == counts[2] == counts[3]


@pytest.mark.slow
@needs_core
def test_the_generator_keeps_the_same_candidates_with_the_core_as_with_the_python_solver_alone(monkeypatch):
    """Same seed, same set, with or without the core: the same positions kept, with the same theme, answer and
    value, the node counts closer than the margin."""
    tool = make_puzzles
    tasks = [(family, number, 1 + number) for family in ("captures", "control", "misere") for number in range(20)]
    with_core = [tool.candidate(task) for task in tasks]
    monkeypatch.setattr(solving, "uses_core", lambda state: False)
    alone = [tool.candidate(task) for task in tasks]
    assert [found is None for found in with_core] == [found is None for found in alone]
    kept = [(core, python) for core, python in zip(with_core, alone, strict=True) if core and python]
    assert len(kept) >= 8
    for core, python in kept:
        assert core["compiled"] and not python["compiled"]
        assert abs(core["nodes"] - python["nodes"]) < margin(MAX_NODES)
        assert [core[k] for k in ("theme", "code", "answer", "value")] == [
            python[k] for k in ("theme", "code", "answer", "value")
        ]


def _two_fight_positions() -> tuple[GameState, GameState]:
    fight = [p for p in PUZZLES if p.theme == "fight"]
    same_board = [p for p in fight if p.position().board.size == fight[0].position().board.size]
    return same_board[0].position(), same_board[1].position()


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


def version_1(code: str) -> str:
    """The same game as ``code`` written as a code of version 1 (as the set and the saves were written before)."""
    body = ".".join(("1", *code.split(".")[1:5]))
    return f"{body}.{check_v1(body)}"


def test_puzzles_saved_as_solved_under_their_version_1_codes_stay_solved_and_are_saved_by_key():
    store = MemoryStore()
    some = [PUZZLES[0], PUZZLES[40], PUZZLES[-1]]
    old = [version_1(p.code) for p in some]
    assert [encode(decode(code)) for code in old] == [p.code for p in some], "the same games"
    store.put(SOLVED_KEY, {"solved": [old[0], old[1], some[1].key, "junk"]})
    saved = Saved(store)
    assert saved.solved_puzzles() == [some[0].key, some[1].key, "junk"], "read as keys, each once"
    assert saved.mark_puzzle_solved(some[2].key)
    assert store.get(SOLVED_KEY) == {"solved": [some[0].key, some[1].key, "junk", some[2].key]}
    assert all(p.key == code_game(p.code) != p.code for p in PUZZLES)


def test_a_saved_list_that_is_not_solved_puzzles_is_kept_aside_and_reads_as_none():
    store = MemoryStore()
    store.put(SOLVED_KEY, ["not", "the", "stored", "form"])
    saved = Saved(store)
    assert saved.solved_puzzles() == []
    assert store.kept() and store.get(SOLVED_KEY) is None, "kept aside, not written over"
