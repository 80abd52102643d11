"""The Expert: textbook moves, legal moves on every shape and variant, bounded steps."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Generator

import pytest
from ai_helpers import TickingClock, all_drawn_but, final_margin, run_to_end

from game.ai.levels import expert
from game.ai.levels.expert import clear_tables, expert_move
from game.ai.levels.hard import hard
from game.ai.position.chains import safe_lines
from game.ai.search.common import INF
from game.ai.search.paranoid import Paranoid
from game.ai.search.solver import solve, to_win
from game.ai.wasm import solver as wasm_solver
from game.core import Board, GameState, Rules, parse_line
from game.steps import WALL_CLOCK, Clock


def run(state: GameState, seed: int = 0, budget: float = 0.5, clock: Clock = WALL_CLOCK) -> tuple[int, int]:
    """(the Expert's move, how many times it yielded)."""
    generator = expert_move(state, random.Random(seed), budget, clock)
    yields = 0
    while True:
        try:
            next(generator)
        except StopIteration as stop:
            return stop.value, yields
        yields += 1


def lines(board: Board, *names: str) -> set[int]:
    return {parse_line(board, name) for name in names}


def test_all_but_two_keeps_control() -> None:
    """Two rows of four boxes; the opponent opened the top row and two boxes of it are taken: decline the rest."""
    board = Board.square(2, 4)
    row_one = ["v 1 0", "v 1 1", "v 1 2", "v 1 3", "v 1 4"]
    state = all_drawn_but(board, ["v 0 3", "v 0 4", *row_one])
    for seed in range(3):
        move, _ = run(state, seed)
        assert move == parse_line(board, "v 0 4")  # leaves the last two boxes joined, for the opponent


def test_takes_everything_when_nothing_is_left_to_control() -> None:
    board = Board.square(2, 4)
    state = all_drawn_but(board, ["v 0 3", "v 0 4"])  # the last two boxes of the top row; the rest is taken
    move, _ = run(state)
    assert move == parse_line(board, "v 0 3")


def test_loop_all_but_four() -> None:
    """A 2x2 loop (opened by the opponent) and a chain of five: leave the loop's four boxes as two pairs."""
    board = Board.square(3, 3)
    loop = ["h 1 1", "v 0 1", "v 1 1"]  # the loop's inner cross, with "h 1 0" just drawn to open it
    chain = ["h 0 2", "h 1 2", "h 2 2", "v 2 2", "v 2 1", "v 2 0"]
    state = all_drawn_but(board, loop + chain)
    for seed in range(3):
        move, _ = run(state, seed)
        assert move == parse_line(board, "h 1 1")


def test_opens_the_shortest_chain() -> None:
    """A row of seven boxes cut into chains of 1, 3 and 3: give away the single box."""
    board = Board.square(1, 7)
    single = ["h 0 0", "v 0 0"]
    three = ["h 0 1", "v 0 2", "v 0 3", "h 1 3"]
    other_three = ["h 0 4", "v 0 5", "v 0 6", "v 0 7"]
    state = all_drawn_but(board, single + three + other_three)
    for seed in range(4):
        move, _ = run(state, seed)
        assert move in lines(board, *single)


def test_opens_a_two_chain_in_the_middle() -> None:
    """Chains of 2, 4 and 4: opening the pair in its middle stops the opponent from declining it."""
    board = Board.square(2, 5)
    pair = ["h 0 0", "v 0 1", "h 0 1"]  # boxes (0,0)-(0,1), tied to the ground at both ends
    four = ["h 0 2", "v 0 3", "v 0 4", "h 1 4", "v 1 5"]  # (0,2)-(0,3)-(0,4)-(1,4)
    four_more = ["v 1 0", "v 1 1", "v 1 2", "v 1 3", "h 2 3"]  # (1,0)-(1,1)-(1,2)-(1,3)
    state = all_drawn_but(board, pair + four + four_more)
    for seed in range(3):
        move, _ = run(state, seed)
        assert move == parse_line(board, "v 0 1")


VARIANTS = [Rules(), Rules(misere=True), Rules(no_extra=True), Rules(start="swedish"), Rules(start="icelandic")]
BOARDS = [Board.square(3, 3), Board.square(2, 4), Board.triangle(5), Board.hexagon(1)]


@pytest.mark.slow
@pytest.mark.parametrize("rules", [*VARIANTS, Rules(players=3), Rules(players=4, misere=True)])
@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.describe())
def test_expert_always_returns_a_legal_move(board: Board, rules: Rules) -> None:
    state = GameState(board, rules)
    rng = random.Random(7)
    while not state.over:
        move, _ = run(state, rng.randrange(1000), budget=0.02)
        assert move in state.legal_lines()
        state.play(move)


def test_expert_refuses_a_finished_game() -> None:
    state = GameState(Board.square(1, 1))
    for line in range(4):
        state.play(line)
    with pytest.raises(ValueError) as refused:
        run(state)
    assert str(refused.value) == "the game is over: there is no move to choose"


@pytest.mark.slow
@pytest.mark.parametrize("board", [Board.square(2, 2), Board.triangle(4)], ids=lambda b: b.describe())
def test_expert_against_itself_reaches_the_exact_value(board: Board) -> None:
    value = solve(GameState(board))
    for seed in range(3):
        state = GameState(board)
        while not state.over:
            move, _ = run(state, seed)
            state.play(move)
        assert state.scores[0] - state.scores[1] == value


def test_paranoid_pauses_after_bounded_work() -> None:
    state = GameState(Board.square(4, 4), Rules(players=3))
    search = Paranoid(state, pause_every=20, clock=TickingClock(1.0))  # a slow machine: every other look pauses
    run_ = search.line_value(state.drawn, 0, state.legal_lines()[0], 3, -INF, INF)
    yields = sum(1 for _ in run_)
    assert search.work.nodes > 200
    assert search.work.nodes <= (yields + 1) * 40


def test_expert_yields_often_on_a_big_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Searching a 5x5 fight from scratch (tables filled by earlier tests can settle it in a few steps), with the
    Python solver: its work, not the compiled core's thread racing the real clock, sets the count. A fake clock,
    0.5 ms a look, for the Expert and its searches: the count follows the work, not the machine's load (on a loaded
    machine the real clock let the budget pass with few resumptions)."""
    clock = TickingClock(0.0005)
    monkeypatch.setattr(wasm_solver, "present", lambda: False)
    clear_tables()
    state = control_fight(0)
    move, yields = run(state, budget=0.2, clock=clock)
    assert move in state.legal_lines()
    assert yields > 20


def control_fight(seed: int) -> GameState:
    """A 5x5 position from random safe lines, down to 5 safe lines left."""
    rng = random.Random(seed)
    state = GameState(Board.square(5, 5))
    while len(safe_lines(state)) > 5:
        state.play(rng.choice(safe_lines(state)))
    return state


def no_solver_finishes(*args: object, **kwargs: object) -> Generator[int | None, None, None]:
    """Stands in for the Expert's ``_solve``: a solver that did not finish in its time."""
    yield None
    return None


def best_moves(state: GameState) -> set[int]:
    """The moves a plain minimax over every line order rates best for the mover (independent of the AI)."""
    mover, values = state.to_move, {}
    for move in state.legal_lines():
        state.play(move)
        values[move] = final_margin(state, mover)
        state.undo()
    return {move for move, value in values.items() if value == max(values.values())}


@pytest.mark.parametrize(
    ("board", "seed"),
    [
        (Board.square(2, 3), 2),
        (Board.square(2, 3), 4),
        (Board.square(2, 3), 17),
        (Board.square(3, 3), 23),
        (Board.triangle(4), 10),
    ],
    ids=lambda value: value.describe() if isinstance(value, Board) else str(value),
)
def test_expert_plays_a_best_move_when_no_solver_finishes(
    board: Board, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When no solver finishes, the move comes from the fallback (Hard, with the time it needs): it must still be
    one a brute-force minimax rates best. Twelve lines are left after random play, few enough to search every
    order of them; in each of these positions a quick guess (a safe line, or the line that gives the fewest
    cells) can be a worse move."""
    monkeypatch.setattr(expert, "_solve", no_solver_finishes)
    monkeypatch.setattr(expert, "searches_at_once", lambda state: False)  # no win test beside the draw test
    rng = random.Random(seed)
    state = GameState(board)
    while state.lines_left > 12:
        state.play(rng.choice(state.legal_lines()))
    best = best_moves(state)
    for expert_seed in range(3):
        move, _ = run(state, expert_seed, budget=60.0)
        assert move in best


def test_the_expert_answers_at_its_budget_when_hard_would_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's fallback is bounded by work, which the browser does 2-3 times slower: inside the Expert it is also
    cut at the move's budget, and the Expert then plays its quick first move (a fake clock: 10 ms a look)."""
    clock = TickingClock(0.01)
    resumed = []

    def hard_never_done(state: GameState, rng: random.Random, clock: Clock) -> Generator[None, None, int]:
        while True:
            resumed.append(clock.now)
            yield None

    monkeypatch.setattr(expert, "_solve", no_solver_finishes)
    monkeypatch.setattr(expert, "searches_at_once", lambda state: False)  # no win test beside the draw test
    monkeypatch.setattr(expert, "hard", hard_never_done)
    state = control_fight(0)
    generator = expert_move(state, random.Random(1), budget_seconds=2.5, clock=clock)
    quick = next(generator)
    move = run_to_end(generator)
    assert move == quick
    assert 100 < len(resumed) < 260 and clock.now <= 2.5 + 0.1


# 3x4-box positions (lines drawn in order) where the mover cannot win and Hard's move loses cells (found by random
# safe play, checked with the exact solver): exact value -2, -4, -2, -2
CANNOT_WIN = [
    [18, 8, 16, 17, 11, 24, 22, 2],
    [0, 8, 5, 24, 21, 2, 6, 14, 13, 16],
    [3, 18, 7, 27, 28, 2, 23, 0, 22, 8, 10],
    [16, 8, 28, 9, 6, 24, 22, 30, 26, 11],
]


@pytest.mark.parametrize("moves", CANNOT_WIN)
def test_in_the_fight_a_lost_position_is_lost_by_as_little_as_possible(
    moves: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the exact solver left out, the selective solvers decide: when no move wins they look for a draw, then
    for the best value (they used to fall back on Hard's move, which loses more here)."""
    monkeypatch.setattr(expert, "SOLVER_LINES", {"normal": 0, "python": 0, "other": 0})
    clear_tables()
    state = GameState(Board.square(3, 4))
    for line in moves:
        state.play(line)
    value = solve(state)
    assert value is not None and value < to_win(state)
    hard_move = run_to_end(hard(state.copy(), random.Random(0)))
    assert value_of(state, hard_move) < value
    move, _ = run(state, budget=60.0)
    assert value_of(state, move) == value


def value_of(state: GameState, line: int) -> int:
    """The exact value of drawing ``line`` for the player to move in ``state``."""
    after = state.copy()
    after.play(line)
    rest = solve(after)
    assert rest is not None
    gained = after.scores[state.to_move] - state.scores[state.to_move]
    return gained + rest if after.to_move == state.to_move else -rest


def safe_play(seed: int, lines_left: int) -> GameState:
    """A 5x5 position from random safe lines, ``lines_left`` lines left."""
    rng = random.Random(seed)
    state = GameState(Board.square(5, 5))
    while state.lines_left > lines_left:
        state.play(rng.choice(safe_lines(state)))
    return state


def hard_at_once(
    state: GameState, rng: random.Random, best: int, stop: float, clock: Clock
) -> Generator[int | None, None, int]:
    yield None
    return best


def questions(monkeypatch: pytest.MonkeyPatch, state: GameState, compiled: bool = True) -> list[tuple[str, float]]:
    """Each solver the Expert asks in ``state`` (``compiled``: whether the compiled core runs) and the share of
    the budget up to which it may run; every question runs out of time at once, Hard's move comes at once."""
    asked = []

    def ladder(state: GameState, rng: random.Random, stop: float, *rest: object) -> Generator[int | None, None, None]:
        asked.append((rest[1], stop / 2.5))  # the clock stands at 0: stop / budget is the share
        yield None
        return None

    monkeypatch.setattr(expert, "_ladder", ladder)
    monkeypatch.setattr(expert, "hard_fallback", hard_at_once)
    monkeypatch.setattr(expert, "runs_compiled", lambda state: compiled)
    run_to_end(expert_move(state, random.Random(0), budget_seconds=2.5, clock=TickingClock(0.0)))
    return asked


@pytest.mark.parametrize(
    ("compiled", "lines", "exact_first"),
    [
        (True, {"normal": 40, "python": 39}, True),
        (True, {"normal": 39, "python": 40}, False),
        (False, {"normal": 40, "python": 39}, False),
        (False, {"normal": 39, "python": 40}, True),
    ],
)
def test_in_the_fight_the_exact_solver_is_tried_first_up_to_its_line_count(
    monkeypatch: pytest.MonkeyPatch, compiled: bool, lines: dict[str, int], exact_first: bool
) -> None:
    """In the fight for control at ``SOLVER_LINES`` lines left or fewer (the compiled core's count where it runs,
    the Python solver's where it does not) the exact solver runs first, until ``FIGHT_EXACT_SHARE`` of the budget,
    then the selective solvers; above, only the selective solvers."""
    monkeypatch.setattr(expert, "SOLVER_LINES", {**lines, "other": 0})
    state = safe_play(0, 40)
    assert len(safe_lines(state)) <= expert.SELECTIVE_SAFE  # 17: the fight for control
    asked = questions(monkeypatch, state, compiled)
    kinds = [kind for kind, _ in asked]
    assert kinds == (["exact", "narrow", "wide"] if exact_first else ["narrow", "wide"])
    if exact_first:
        assert asked[0][1] == pytest.approx(expert.FIGHT_EXACT_SHARE)


def exact_shares(monkeypatch: pytest.MonkeyPatch, state: GameState) -> list[float]:
    """The share of the budget up to which the Expert lets each exact question run in ``state``."""
    return [share for kind, share in questions(monkeypatch, state) if kind == "exact"]


def test_outside_the_fight_the_draw_test_takes_the_time_hards_move_does_not_need(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With many safe lines Hard's move is found at once, before the exact solver: nothing else needs the time, so
    the draw test may run as long as the win test would. With no safe line Hard's move comes after it and gets the
    rest."""
    many = safe_play(0, 44)
    assert len(safe_lines(many)) > expert.SELECTIVE_SAFE
    assert exact_shares(monkeypatch, many) == [pytest.approx(expert.WIN_SHARE)]
    none = safe_play(0, 44)
    while safe_lines(none):
        none.play(safe_lines(none)[0])
    assert not none.capture_lines()
    assert exact_shares(monkeypatch, none) == [pytest.approx(expert.EXACT_SHARE)]


# 3x4-box positions (lines drawn in order, from random safe play) that are drawn (exact value 0 for the mover, level
# scores) where Hard's move loses 2 cells
DRAWN = [
    [2, 12, 21, 30, 22, 13, 3, 24, 17, 19, 14],
    [16, 18, 30, 9, 24, 28, 15, 23, 14, 8, 26],
]


def asking(monkeypatch: pytest.MonkeyPatch, out_of_time: Callable[[str, int | None, int], bool]) -> list[tuple]:
    """Records every question put to a solver, ``(kind, beats - to_win)`` (``beats`` None for the value); the
    ones ``out_of_time(kind, beats, lead)`` picks run out of time at once, the others are solved."""
    solve_for_real = expert._solve
    asked: list[tuple] = []

    def solve(
        state: GameState, rng: random.Random, stop: float, best: int, kind: str, beats: int | None, *rest, **named
    ):
        lead = to_win(state)
        asked.append((kind, None if beats is None else beats - lead))
        if out_of_time(kind, beats, lead):
            yield best
            return None
        return (yield from solve_for_real(state, rng, stop, best, kind, beats, *rest, **named))

    monkeypatch.setattr(expert, "_solve", solve)
    monkeypatch.setattr(expert, "searches_at_once", lambda state: False)  # no win test beside the draw test
    return asked


def position(moves: list[int]) -> GameState:
    state = GameState(Board.square(3, 4))
    for line in moves:
        state.play(line)
    return state


@pytest.mark.parametrize("moves", DRAWN)
def test_a_drawing_move_is_kept_when_the_win_test_runs_out_of_time(
    moves: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The exact solver is asked for a draw before a win: in a drawn position, when the proof that nothing wins
    does not finish (and no selective solver does), the Expert still plays a drawing move, not Hard's (which
    loses 2 cells here). It used to ask for the win first and, that question cut, fall back on Hard."""
    clear_tables()
    state = position(moves)
    value = solve(state)
    assert value == to_win(state)
    assert value_of(state, run_to_end(hard(state.copy(), random.Random(0)))) < value
    asked = asking(monkeypatch, lambda kind, beats, lead: kind != "exact" or beats == lead)
    for seed in range(3):
        move, _ = run(state, seed, budget=60.0)
        assert value_of(state, move) == value
    assert asked[:2] == [("exact", -1), ("exact", 0)]


def test_the_win_test_may_go_on_after_a_drawing_move_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact draw test must find its move by ``EXACT_SHARE`` (``FIGHT_EXACT_SHARE`` in the fight) of the
    budget; once it has, the move is safe and the win test may go on until ``WIN_SHARE``, later than the draw test
    could (converting an opponent's mistake is worth more than the later searches' unproved moves)."""
    clear_tables()
    state = position(DRAWN[0])
    stops: list[tuple[int | None, float]] = []
    solve_for_real = expert._solve

    def solve(
        state: GameState, rng: random.Random, stop: float, best: int, kind: str, beats: int | None, *rest, **named
    ):
        if kind == "exact":
            stops.append((None if beats is None else beats - to_win(state), stop / 2.5))  # the clock stands at 0
        return (yield from solve_for_real(state, rng, stop, best, kind, beats, *rest, **named))

    monkeypatch.setattr(expert, "_solve", solve)
    run_to_end(expert_move(state, random.Random(0), budget_seconds=2.5, clock=TickingClock(0.0)))
    (draw, draw_share), (win, win_share) = stops[:2]
    assert (draw, win) == (-1, 0)
    assert draw_share in (pytest.approx(expert.EXACT_SHARE), pytest.approx(expert.FIGHT_EXACT_SHARE))
    assert win_share == pytest.approx(expert.WIN_SHARE) and win_share > draw_share


# 3x4-box positions (lines drawn in order, from random safe play, 20 lines left) that the mover wins, where Hard's
# move (with some generators) does not
WON = [
    [18, 1, 15, 20, 24, 0, 9, 22, 26, 12, 10],
    [12, 25, 28, 29, 0, 7, 15, 22, 2, 16, 1],
    [21, 19, 2, 24, 27, 30, 26, 23, 1, 17, 14],
]


def every_search_out_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search the Expert steps runs out of time (the exact draw test once the win test started beside it,
    if any, has finished)."""
    ahead_for_real = expert._win_test_ahead
    beside: list[object] = []

    def ahead(*args: object):
        test = ahead_for_real(*args)
        beside.append(test)
        return test

    def solve(state: GameState, rng: random.Random, stop: float, best: int, *rest, **named):
        while beside and beside[-1] is not None and not beside[-1].step(0.01):
            yield best
        yield best
        return None

    monkeypatch.setattr(expert, "_win_test_ahead", ahead)
    monkeypatch.setattr(expert, "_solve", solve)


@pytest.mark.skipif(not wasm_solver.compiled_core_available(), reason="the compiled core does not run here")
@pytest.mark.parametrize("moves", WON)
def test_the_win_test_beside_the_draw_test_wins_when_the_draw_test_runs_out(
    moves: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where two searches run side by side (the compiled core on the desktop), the exact win test starts with the
    draw test on a second core: when the draw test runs out of time, a win it found is played. One after the other,
    the Expert then falls back on Hard's move (no other search finishes here), which does not win here for some of
    its generators."""
    clear_tables()
    state = position(moves)
    every_search_out_of_time(monkeypatch)
    assert wasm_solver.searches_at_once(state)
    for seed in range(3):
        move, _ = run(state, seed, budget=60.0)
        assert value_of(state, move) > to_win(state)
    monkeypatch.setattr(expert, "searches_at_once", lambda state: False)
    hard_moves = [run(state, seed, budget=60.0)[0] for seed in range(8)]
    assert min(value_of(state, move) for move in hard_moves) <= to_win(state)


@pytest.mark.parametrize("moves", CANNOT_WIN)
def test_in_a_lost_position_the_exact_solver_is_not_asked_for_a_win(
    moves: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No move draws, so no move wins: after the draw test the exact solver goes straight to the best value."""
    clear_tables()
    state = position(moves)
    value = solve(state)
    assert value is not None and value < to_win(state)
    asked = asking(monkeypatch, lambda kind, beats, lead: False)
    move, _ = run(state, budget=60.0)
    assert value_of(state, move) == value
    assert [question for question in asked if question[0] == "exact"] == [("exact", -1), ("exact", None)]


def test_hards_fallback_does_not_depend_on_how_far_the_solvers_got(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solvers shuffle their root moves with the Expert's generator, as often as they get to start in the
    time they have; Hard's fallback draws its ties from a generator of its own, seeded before, so when no solver
    finishes the move is the same however many times they shuffled."""
    state = safe_play(4, 30)
    hards = {run_to_end(hard(state.copy(), random.Random(seed))) for seed in range(8)}
    assert len(hards) > 1  # Hard breaks ties at random here: its move depends on its generator
    for seed in range(4):
        moves = set()
        for shuffles in (0, 1, 5):
            monkeypatch.setattr(expert, "_solve", functools.partial(shuffling_out_of_time, shuffles))
            monkeypatch.setattr(expert, "searches_at_once", lambda state: False)  # no win test beside the draw test
            moves.add(run(state, seed, budget=60.0)[0])
        assert len(moves) == 1


def shuffling_out_of_time(
    shuffles: int, state: GameState, rng: random.Random, *rest: object, **named: object
) -> Generator[None, None, None]:
    """Stands in for ``_solve``: a solver that draws ``shuffles`` numbers from the Expert's generator and does not
    finish in its time."""
    for _ in range(shuffles):
        rng.random()
    yield None
    return None
