"""The levels: textbook moves, complete games on every shape and variant, and the work done per step."""

from __future__ import annotations

import importlib
import random
from collections.abc import Generator

import pytest
from ai_helpers import (
    CHAINS_2_3_4,
    CHAINS_3_AND_6,
    LOOP_4_CHAIN_5,
    TickingClock,
    final_margin,
    line,
    position,
    run_to_end,
)

from game.ai import ComputerPlayer, choose_move, think_hint
from game.ai.levels import LEVELS as STRATEGIES
from game.ai.levels.basic import SAFE_LIMIT, take_or_decline
from game.ai.levels.hard import HARD_NODES, HARD_SOLVER_LINES, fight_for_control, long_chain_rule
from game.ai.position.chains import analyse, safe_lines
from game.ai.position.coins import cells_given, tables_for
from game.ai.position.tactics import Opened, opened_runs
from game.ai.search.maxn import MaxN
from game.core import Board, GameState, Rules
from game.steps import Clock

LEVELS = ["beginner", "easy", "medium", "hard", "expert"]
CHAIN_LEVELS = ["medium", "hard"]


def moves_over_seeds(state: GameState, level: str, seeds: int = 8) -> set[int]:
    return {choose_move(state, level, seed) for seed in range(seeds)}


# -- textbook positions --------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", CHAIN_LEVELS + ["expert"])
def test_all_but_two_keeps_control(level: str) -> None:
    state = position(CHAINS_3_AND_6, then=("v 0 0", "v 0 1"))  # the 3 was opened and one coin taken
    assert moves_over_seeds(state, level) == {line("v 0 3")}


def test_easy_takes_everything_instead() -> None:
    state = position(CHAINS_3_AND_6, then=("v 0 0", "v 0 1"))
    assert moves_over_seeds(state, "easy") == {line("v 0 2")}


@pytest.mark.parametrize("level", CHAIN_LEVELS + ["expert"])
def test_the_last_chain_is_taken_whole(level: str) -> None:
    state = position(["v 0 0", "v 0 1", "v 0 2", "v 0 3"], then=("v 0 0", "v 0 1"))
    assert moves_over_seeds(state, level) == {line("v 0 2")}


@pytest.mark.parametrize("level", CHAIN_LEVELS + ["expert"])
def test_all_but_four_of_a_loop_keeps_control(level: str) -> None:
    state = position(LOOP_4_CHAIN_5, then=("h 1 0",))
    assert moves_over_seeds(state, level) == {line("h 1 1")}


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_loop_is_opened_before_the_chain(level: str) -> None:
    state = position(LOOP_4_CHAIN_5)
    loop_lines = {line(name) for name in ("h 1 0", "h 1 1", "v 0 1", "v 1 1")}
    assert moves_over_seeds(state, level) <= loop_lines


@pytest.mark.parametrize("level", CHAIN_LEVELS + ["expert"])
def test_the_shortest_chain_is_opened_in_the_middle(level: str) -> None:
    assert moves_over_seeds(position(CHAINS_2_3_4), level) == {line("v 0 1")}


@pytest.mark.parametrize("level", ["easy"] + CHAIN_LEVELS + ["expert"])
def test_a_free_box_is_taken(level: str) -> None:
    state = position(CHAINS_3_AND_6, then=("v 0 0",))
    assert moves_over_seeds(state, level) == {line("v 0 1")}


def test_beginner_usually_but_not_always_takes_a_box() -> None:
    state = position(CHAINS_3_AND_6, then=("v 0 0",))
    taken = sum(choose_move(state, "beginner", seed) == line("v 0 1") for seed in range(200))
    assert 120 < taken < 200


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_no_third_side_while_safe_lines_remain(level: str) -> None:
    rng = random.Random(3)
    checked = 0
    for game in range(6):
        state = GameState(Board.square(4))
        while not state.over:
            chosen = choose_move(state, level, game)
            analysis = analyse(state)
            if analysis.safe and not analysis.captures:
                assert chosen in analysis.safe
                checked += 1
            state.play(chosen if rng.random() < 0.5 else rng.choice(state.legal_lines()))
    assert checked > 50


def test_hard_gives_only_short_sacrifices_while_safe_lines_remain() -> None:
    checked = 0
    for game in range(3):
        state = GameState(Board.square(4))
        while state.lines_left > HARD_SOLVER_LINES:
            chosen = choose_move(state, "hard", game)
            analysis = analyse(state)
            if analysis.safe and not analysis.captures:
                tables = tables_for(state.board)
                given = cells_given(tables, state.drawn, tables.degrees(state.drawn), chosen)
                assert chosen in analysis.safe or 0 < given <= 2, "a safe line, else a chain of one or two"
                checked += 1
            state.play(chosen)
    assert checked > 20


def exact_best(state: GameState) -> tuple[int, dict[int, int]]:
    """Full-depth minimax values of every line for the mover (independent of the chain theory)."""
    values = {}
    for move in state.legal_lines():
        mover = state.to_move
        state.play(move)
        values[move] = final_margin(state, mover)
        state.undo()
    return max(values.values()), values


def test_the_fight_for_control_finds_what_an_exact_search_finds() -> None:
    """The long-chain rule in practice: Hard's control search picks a move worth what the best move is."""
    rng = random.Random(11)
    agree = total = 0
    while total < 12:
        state = GameState(Board.square(2, 3))
        while state.lines_left > 12:
            safe = analyse(state).safe
            state.play(rng.choice(safe or state.legal_lines()))
        analysis = analyse(state)
        if state.over or analysis.captures or not analysis.safe or len(analysis.safe) > SAFE_LIMIT:
            continue
        best, values = exact_best(state)
        total += 1
        agree += values[run_to_end(fight_for_control(state, random.Random(total)))] == best
    assert agree >= 11


@pytest.mark.parametrize("rules", [Rules(misere=True), Rules(no_extra=True), Rules(misere=True, no_extra=True)])
def test_hard_plays_late_misere_and_no_extra_positions_exactly(rules: Rules) -> None:
    rng = random.Random(8)
    for index in range(6):
        state = GameState(Board.square(2, 3), rules)
        while state.lines_left > 9:
            state.play(rng.choice(state.legal_lines()))
        if state.over:
            continue
        best, values = exact_best(state)
        assert values[choose_move(state, "hard", index)] == best


# -- every shape and variant ---------------------------------------------------------------------------------
BOARDS = [Board.square(2, 3), Board.triangle(4), Board.hexagon(1)]
RULES = [
    Rules(),
    Rules(misere=True),
    Rules(no_extra=True),
    Rules(start="swedish"),
    Rules(start="icelandic"),
    Rules(players=3),
    Rules(players=4, misere=True),
    Rules(players=3, no_extra=True),
    Rules(must_capture=True),
    Rules(players=3, must_capture=True),
]


def playable(board: Board, rules: Rules) -> bool:
    try:
        rules.check(board)
    except ValueError:
        return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("board", BOARDS, ids=repr)
def test_every_level_finishes_games_on_every_variant(level: str, board: Board) -> None:
    for index, rules in enumerate(RULES):
        if not playable(board, rules):
            continue
        state = GameState(board, rules)
        seats = [ComputerPlayer(level, seed=index * 10 + p, seconds=0.05) for p in range(rules.players)]
        while not state.over:
            before = state.snapshot()
            chosen = seats[state.to_move].think(state).finish()
            assert state.snapshot() == before
            assert chosen in state.legal_lines()
            state.play(chosen)
        assert sum(state.scores) == board.num_cells


def test_the_same_seed_plays_the_same_game_and_others_differ() -> None:
    def game(seed: int) -> list[int]:
        state = GameState(Board.square(3))
        seats = [ComputerPlayer("medium", seed), ComputerPlayer("medium", seed + 100)]
        while not state.over:
            state.play(seats[state.to_move].think(state).finish())
        return state.moves

    assert game(1) == game(1)
    assert len({tuple(game(seed)) for seed in range(5)}) > 1


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        ComputerPlayer("grandmaster")


def test_a_computer_player_is_easy_unless_told_otherwise() -> None:
    assert ComputerPlayer().level == "easy"


# -- work per step ------------------------------------------------------------------------------------------
MAX_PLAYS_PER_STEP = 400


class CountingState(GameState):
    """A game state that counts its plays (the unit of work of every search here)."""

    __slots__ = ()
    plays = 0

    def play(self, line: int):  # type: ignore[override]
        CountingState.plays += 1
        return super().play(line)


def counting_copy(state: GameState) -> GameState:
    other = CountingState.__new__(CountingState)
    for name in GameState.__slots__:
        setattr(other, name, getattr(state, name))
    copy = state.copy()
    for name in ("sides", "owner", "scores", "moves", "_stack"):
        setattr(other, name, getattr(copy, name))
    return other


def largest_step(level: str, state: GameState, clock: Clock) -> int:
    """The most plays a level's strategy makes between two yields while choosing one move."""
    generator = STRATEGIES[level](counting_copy(state), random.Random(1), 0.5, clock)
    largest = 0
    while True:
        CountingState.plays = 0
        try:
            next(generator)
        except StopIteration:
            return max(largest, CountingState.plays)
        largest = max(largest, CountingState.plays)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard"])
@pytest.mark.parametrize("rules", [Rules(), Rules(misere=True), Rules(players=3)], ids=["normal", "misere", "3p"])
def test_each_step_does_bounded_work(level: str, rules: Rules) -> None:
    """On a slow machine, where every look at the clock finds the search's time used (a browser is 2-3 times
    slower than the desktop): the searches pause after bounded work."""
    slow = TickingClock(1.0)
    rng = random.Random(2)
    for board in (Board.square(4), Board.hexagon(2)):
        state = GameState(board, rules)
        while not state.over:
            if state.lines_left % 3 == 0:
                assert largest_step(level, state, slow) <= MAX_PLAYS_PER_STEP
            state.play(choose_move(state, "easy", rng.randrange(100)))


def test_long_chain_rule_keeps_exactly_the_safe_lines_that_deny_the_opponent_control() -> None:
    """Checked by counting turns from the start of the game instead of from the position: on m x n boxes every move
    that closes no box passes the turn, and there are dots - 1 + double-crosses of them in a game (lines - boxes =
    dots - 1, and a double-cross closes two boxes in one move). So the first player makes the last move, and keeps
    control, when dots - 1 + double-crosses is even; each long chain but the last gives one double-cross."""
    rng = random.Random(6)
    seen_split = False
    dots = 36  # 5x5 boxes
    for _ in range(10):
        state = GameState(Board.square(5))
        while len(analyse(state).safe) > 25:
            state.play(rng.choice(analyse(state).safe))
        assert state.scores == [0, 0]
        wanted_parity = 0 if state.to_move == state.first else 1  # no box taken yet: the players alternated
        safe = list(analyse(state).safe)
        kept = run_to_end(long_chain_rule(state, safe))
        denying = []
        for safe_line in safe:
            state.play(safe_line)
            double_crosses = max(analyse(state).long_chains - 1, 0)
            if (dots - 1 + double_crosses) % 2 == wanted_parity:
                denying.append(safe_line)
            state.undo()
        assert kept == (denying or safe)
        seen_split = seen_split or 0 < len(denying) < len(safe)
    assert seen_split


def brute_max_n(state: GameState) -> tuple[int, ...]:
    """Every player's future cells when each mover maximises their own (ties: the best other player gets least)."""
    if state.over:
        return (0,) * state.rules.players
    mover, best = state.to_move, None
    for move in state.legal_lines():
        taken = len(state.play(move).captured)
        values = list(brute_max_n(state))
        state.undo()
        values[mover] += taken
        rank = (values[mover], -max(v for p, v in enumerate(values) if p != mover))
        if best is None or rank > best[0]:
            best = (rank, tuple(values))
    assert best is not None
    return best[1]


def test_hard_plays_the_last_lines_of_a_three_player_game_by_max_n() -> None:
    rng = random.Random(12)
    for index in range(6):
        state = GameState(Board.square(2, 2), Rules(players=3))
        while state.lines_left > 7:
            state.play(rng.choice(state.legal_lines()))
        mover = state.to_move
        own_best = brute_max_n(state)[mover]
        chosen = choose_move(state, "hard", index)
        taken = len(state.play(chosen).captured)
        after = (0,) * 3 if state.over else brute_max_n(state)
        assert taken + after[mover] == own_best


def ambiguous(state: GameState) -> bool:
    """Whether some position below ``state`` has two lines of the same rank for its mover but different values for
    the others: max-n then depends on which it meets first, so no two implementations need agree."""
    if state.over:
        return False
    mover, by_rank = state.to_move, {}
    for move in state.legal_lines():
        taken = len(state.play(move).captured)
        below = ambiguous(state)
        values = list((0,) * state.rules.players if state.over else brute_max_n(state))
        state.undo()
        if below:
            return True
        values[mover] += taken
        rank = (values[mover], -max(v for p, v in enumerate(values) if p != mover))
        if by_rank.setdefault(rank, tuple(values)) != tuple(values):
            return True
    return False


def test_max_n_breaks_ties_against_the_best_other_player() -> None:
    """Max-n's best lines against :func:`brute_max_n` over random 3- and 4-player endgames on 2x2 boxes where max-n
    is well defined (no position with two lines of the same rank but different values), some of them decided by
    the tie rule (the same own value, a different best other player)."""
    rng = random.Random(5)
    checked = decided_by_ties = 0
    while checked < 8:
        state = GameState(Board.square(2, 2), Rules(players=3 + checked % 2))
        while state.lines_left > 6:
            state.play(rng.choice(state.legal_lines()))
        if ambiguous(state):
            continue
        mover, ranks = state.to_move, {}
        for move in state.legal_lines():
            taken = len(state.play(move).captured)
            values = list((0,) * state.rules.players if state.over else brute_max_n(state))
            state.undo()
            values[mover] += taken
            ranks[move] = (values[mover], -max(v for p, v in enumerate(values) if p != mover))
        best = {move for move, rank in ranks.items() if rank == max(ranks.values())}
        own_best = {move for move, rank in ranks.items() if rank[0] == max(ranks.values())[0]}
        decided_by_ties += best != own_best
        checked += 1
        assert set(run_to_end(MaxN(state, 10**7).best_lines())) == best
    assert decided_by_ties


def test_a_finished_game_is_refused_word_for_word() -> None:
    state = GameState(Board.square(1, 1))
    for index in range(4):
        state.play(index)
    with pytest.raises(ValueError) as refused:
        ComputerPlayer("easy").think(state)
    assert str(refused.value) == "the game is over: there is no move to choose"
    with pytest.raises(ValueError) as refused:
        think_hint(state)
    assert str(refused.value) == "the game is over: there is nothing to hint"


def test_a_run_with_no_decision_to_make_is_taken_without_asking_the_judge() -> None:
    """The 6 just opened at its end: one run of six coins, no all-but-two line yet. It is taken, whatever a judge
    would say (here one that always declines); the judge is only asked about a run that can be declined."""
    asked = []

    def always_decline(state: GameState, run: Opened) -> Generator[None, None, bool]:
        asked.append(run)
        return False
        yield

    state = position(CHAINS_3_AND_6, then=("v 1 0",))
    (run,) = opened_runs(state)
    assert run.decline is None and len(run.cells) == 6
    assert run_to_end(take_or_decline(state, random.Random(1), always_decline)) == run.take and not asked
    declinable = position(CHAINS_3_AND_6, then=("v 0 0", "v 0 1"))  # the 3, one coin taken: two left
    (last_two,) = opened_runs(declinable)
    assert run_to_end(take_or_decline(declinable, random.Random(1), always_decline)) == last_two.decline
    assert asked == [last_two]


def test_hard_asks_the_exact_solver_from_its_number_of_lines_left_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two players, normal rules: at HARD_SOLVER_LINES lines left and fewer Hard tries the exact solver within
    HARD_NODES nodes, with one line more it does not (its answer is replaced here by a line that says it was
    asked)."""
    hard_module = importlib.import_module("game.ai.levels.hard")  # the package's `hard` is the function

    budgets = []

    def exact(state: GameState, rng: random.Random, nodes: int, clock: Clock) -> Generator[None, None, int]:
        budgets.append(nodes)
        return state.legal_lines()[-1]
        yield

    monkeypatch.setattr(hard_module, "exact_best_move", exact)
    rng = random.Random(4)
    state = GameState(Board.square(4))
    while state.lines_left > HARD_SOLVER_LINES + 1:
        state.play(rng.choice(analyse(state).safe or state.legal_lines()))
    assert not state.over
    asked = [choose_move(state, "hard", seed) == state.legal_lines()[-1] for seed in range(3)]
    state.play(rng.choice(state.legal_lines()))
    assert state.lines_left == HARD_SOLVER_LINES
    assert choose_move(state, "hard", 0) == state.legal_lines()[-1]
    assert not all(asked)
    assert budgets == [HARD_NODES]  # asked once, within Hard's node budget


def test_hard_fights_for_control_from_its_number_of_safe_lines_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """Early on 5x5 boxes (more lines left than the exact solver takes, nothing offered): with SAFE_LIMIT safe lines
    or fewer Hard plays what its control search finds, with more it does not ask it (the search is replaced here
    by one that answers a line saying it was asked)."""
    hard_module = importlib.import_module("game.ai.levels.hard")
    asked = []

    def fight(state: GameState, rng: random.Random, clock: Clock) -> Generator[None, None, int]:
        asked.append(len(safe_lines(state)))
        return state.legal_lines()[-1]
        yield

    monkeypatch.setattr(hard_module, "fight_for_control", fight)
    rng = random.Random(2)
    seen = set()
    while seen != {SAFE_LIMIT, SAFE_LIMIT + 1}:
        state = GameState(Board.square(5))
        while len(safe_lines(state)) > SAFE_LIMIT:
            count = len(safe_lines(state))
            if count == SAFE_LIMIT + 1:
                assert choose_move(state, "hard", 0) in safe_lines(state) and not asked
                seen.add(count)
            state.play(rng.choice(safe_lines(state)))
        if len(safe_lines(state)) == SAFE_LIMIT:
            assert state.lines_left > HARD_SOLVER_LINES
            assert choose_move(state, "hard", 0) == state.legal_lines()[-1] and asked == [SAFE_LIMIT]
            seen.add(SAFE_LIMIT)
            asked.clear()


def test_out_of_nodes_with_no_safe_line_hard_gives_the_fewest_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 3 and the 6 with nothing safe, and both of Hard's searches over budget (replaced here by ones that give
    up): Hard opens the 3, the fewest cells it can give."""
    hard_module = importlib.import_module("game.ai.levels.hard")

    def over_budget(*args: object) -> Generator[None, None, None]:
        return None
        yield

    monkeypatch.setattr(hard_module, "exact_best_move", over_budget)
    monkeypatch.setattr(hard_module, "fight_for_control", over_budget)
    state = position(CHAINS_3_AND_6)
    assert moves_over_seeds(state, "hard", 4) <= {line(name) for name in ("v 0 0", "v 0 1", "v 0 2", "v 0 3")}
