"""The exact solver against an independent brute force, on tiny boards of every shape and variant."""

from __future__ import annotations

import random

import pytest
from ai_helpers import TickingClock

from game.ai.search.solver import Solver, SolverOptions, solve, to_win
from game.core import Board, GameState, Rules, parse_line


def brute_force(state: GameState) -> int:
    """Plain minimax over play/undo: future cells of the mover minus the other's (misère: the reverse)."""
    memo: dict[int, int] = {}
    sign = -1 if state.rules.misere else 1

    def value() -> int:
        if state.over:
            return 0
        if state.drawn in memo:
            return memo[state.drawn]
        best = None
        for line in state.legal_lines():
            mover = state.to_move
            result = state.play(line)
            gained = sign * len(result.captured)
            if result.next_player == mover:
                score = gained + value()
            elif state.over:
                score = gained
            else:
                score = gained - value()
            state.undo()
            best = score if best is None else max(best, score)
        memo[state.drawn] = best
        return best

    return value()


def random_position(board: Board, rules: Rules, lines_left: int, seed: int) -> GameState:
    state = GameState(board, rules)
    rng = random.Random(seed)
    while state.lines_left > lines_left:
        state.play_random(rng)
    return state


CASES = [
    ("square", (1, 1), 4),
    ("square", (1, 2), 7),
    ("square", (2, 2), 12),
    ("square", (2, 3), 14),
    ("triangle", (3,), 9),
    ("triangle", (4,), 14),
    ("hex", (1,), 14),
]
VARIANTS = {
    "normal": Rules(),
    "misere": Rules(misere=True),
    "no_extra": Rules(no_extra=True),
    "swedish": Rules(start="swedish"),
    "icelandic": Rules(start="icelandic"),
    "misere_no_extra": Rules(misere=True, no_extra=True),
    "must_capture": Rules(must_capture=True),
    "misere_must_capture": Rules(misere=True, must_capture=True),
    "no_extra_must_capture": Rules(no_extra=True, must_capture=True),
}


def _valid(kind: str, size: tuple[int, ...], variant: str) -> bool:
    try:
        VARIANTS[variant].check(Board.from_spec(kind, size))
    except ValueError:
        return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "size", "left", "variant"),
    [(*case, variant) for case in CASES for variant in VARIANTS if _valid(case[0], case[1], variant)],
)
def test_solve_matches_brute_force(kind: str, size: tuple[int, ...], left: int, variant: str) -> None:
    board = Board.from_spec(kind, size)
    for seed in range(6):
        state = random_position(board, VARIANTS[variant], left, seed)
        before = state.snapshot()
        assert solve(state) == brute_force(state), (kind, size, variant, seed, state.moves)
        assert state.snapshot() == before


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_normal_play_reductions_on_many_endgames(seed: int) -> None:
    """Capture pruning, chain-end choices and the chain/loop formula are the risky parts: many positions."""
    rng = random.Random(seed)
    kind, size = rng.choice([("square", (2, 3)), ("square", (3, 3)), ("triangle", (4,)), ("hex", (1,))])
    state = random_position(Board.from_spec(kind, size), Rules(), rng.randint(10, 16), seed)
    assert solve(state) == brute_force(state), (kind, size, state.moves)


def test_captures_compulsory_takes_the_double_cross_away() -> None:
    """2x3 boxes, two chains of three, the top one just opened: declining its last two wins 4-2 when capturing is
    optional; when captures are compulsory the mover takes all three and must open the other chain: 3-3."""
    lines = ("h 0 0", "h 0 1", "h 0 2", "h 1 0", "h 1 1", "h 1 2", "h 2 0", "h 2 1", "h 2 2", "v 0 0")
    for rules, value in ((Rules(), 2), (Rules(must_capture=True), 0)):
        state = GameState(Board.square(2, 3), rules)
        for name in lines:
            state.drawn |= 1 << parse_line(state.board, name)
        state.sides = [sum(state.is_drawn(line) for line in sides) for sides in state.board.cells]
        assert solve(state) == brute_force(state) == value


def test_known_values_of_small_empty_boards() -> None:
    assert solve(GameState(Board.square(1, 1))) == -1  # the opponent draws the fourth side
    state = GameState(Board.square(2, 2))
    assert solve(state) == brute_force(state)


def test_best_move_achieves_the_value() -> None:
    for seed in range(10):
        state = random_position(Board.square(2, 3), Rules(), 13, seed)
        solver = Solver(state, SolverOptions(random.Random(seed)))
        while not solver.step(0.01):
            pass
        assert solver.best_move in state.legal_lines()
        mover = state.to_move
        result = state.play(solver.best_move)
        after = brute_force(state)
        child = after if result.next_player == mover else -after
        assert len(result.captured) + child == solver.value


def move_value(state: GameState, line: int) -> int:
    """The exact value for the mover of drawing ``line`` (brute force)."""
    mover = state.to_move
    result = state.play(line)
    after = brute_force(state)
    state.undo()
    sign = -1 if state.rules.misere else 1
    return sign * len(result.captured) + (after if result.next_player == mover else -after)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["normal", "misere"])
def test_beats_finds_a_move_above_the_threshold_or_proves_there_is_none(variant: str) -> None:
    """The null-window root: a move worth more than ``beats`` when one exists, else None and an upper bound."""
    checked = {True: 0, False: 0}
    for seed in range(12):
        state = random_position(Board.square(2, 3), VARIANTS[variant], 12, seed)
        exact = brute_force(state)
        for beats in (exact - 2, exact - 1, exact, exact + 1):
            solver = Solver(state, SolverOptions(random.Random(seed), beats=beats, first=state.legal_lines()[-1]))
            while not solver.step(0.01):
                pass
            assert solver.value is not None
            if exact > beats:
                assert solver.best_move is not None
                assert move_value(state, solver.best_move) > beats
                assert beats < solver.value <= exact
            else:
                assert solver.best_move is None
                assert exact <= solver.value <= beats
            checked[exact > beats] += 1
    assert checked[True] and checked[False]


def test_solve_reports_unknown_when_out_of_time() -> None:
    assert solve(GameState(Board.square(4, 4)), max_seconds=0.05) is None


def test_solver_refuses_more_than_two_players() -> None:
    with pytest.raises(ValueError, match="two players"):
        Solver(GameState(Board.square(2, 2), Rules(players=3)))


def test_finished_game_is_worth_zero() -> None:
    state = random_position(Board.square(1, 2), Rules(), 0, 1)
    assert solve(state) == 0


@pytest.mark.slow
def test_solver_pauses_after_bounded_work_when_its_time_is_used() -> None:
    """A slow machine (every look at the clock finds the time used): a pause every other look, 100 nodes."""
    state = random_position(Board.square(3, 3), Rules(), 16, 3)
    solver = Solver(state, SolverOptions(pause_every=50, clock=TickingClock(1.0)))
    steps = 0
    while not solver.step(0.0):
        steps += 1
    assert solver.nodes > 300
    assert solver.pauses >= solver.nodes // 100 - 1
    assert steps >= solver.pauses
    assert solver.value == brute_force(state)


@pytest.mark.slow
def test_a_capped_table_stops_growing_and_the_value_stays_exact() -> None:
    for seed in range(6):
        state = random_position(Board.square(2, 3), Rules(), 14, seed)
        table: dict[int, int] = {}
        solver = Solver(state, SolverOptions(table=table, max_entries=40))
        while not solver.step(0.01):
            pass
        assert solver.value == brute_force(state)
        assert len(table) <= 40


def test_to_win_is_the_opponents_lead_or_the_movers_in_misere() -> None:
    for rules, sign in ((Rules(), 1), (Rules(misere=True), -1)):
        state = GameState(Board.square(2, 2), rules)
        state.scores[0], state.scores[1] = 1, 3
        assert to_win(state) == sign * 2


FIGHT_BOARDS = [
    ("square", (2, 3)),
    ("square", (3, 3)),
    ("square", (2, 4)),
    ("square", (4, 4)),
    ("triangle", (4,)),
    ("triangle", (5,)),
    ("hex", (1,)),
]


def fight_position(seed: int) -> GameState:
    """A position from mostly safe play (safe lines with a random bias, else any line), 8-13 lines left: chains
    ending at joints, several of them, loops and short chains side by side, where the opening rules matter."""
    rng = random.Random(seed)
    kind, size = rng.choice(FIGHT_BOARDS)
    state = GameState(Board.from_spec(kind, size))
    left = rng.randint(8, 13)
    bias = rng.random()
    while state.lines_left > left:
        legal = state.legal_lines()
        safe = [line for line in legal if state.is_safe(line)]
        state.play(rng.choice(safe if safe and rng.random() < bias else legal))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(8))
def test_one_opening_per_chain_keeps_the_value_in_the_fight(chunk: int) -> None:
    """The normal-play search looks at one opening per chain or loop and takes an opened chain in one go: 160 fight
    positions of small boards against the brute force."""
    for seed in range(chunk * 20, chunk * 20 + 20):
        state = fight_position(seed)
        if not state.over:
            assert solve(state) == brute_force(state), (seed, state.board.describe(), state.moves)
