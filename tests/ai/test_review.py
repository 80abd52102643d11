"""The review of a game (engine ``review`` and :class:`game.ai.review.Review`) against a brute-force minimax."""

from __future__ import annotations

import random

import pytest
from ai_helpers import CHAINS_3_AND_6, TickingClock, position
from ai_helpers import line as named

from game.ai import review as review_module
from game.ai.reasons import Judgement, Mistake, Reason, Why
from game.ai.review import MoveReview, Review, judge, positions_of
from game.ai.search.solver import Solver
from game.core import Board, GameState, Rules
from game.engine import Engine


class BruteForce:
    """Exhaustive minimax over play/undo, memoised on the drawn lines: the mover's future cells minus the other's
    (misère: the other's minus the mover's). Written here, independently of the solver."""

    # The values found, per rules, kept across tests: they depend only on the board, the rules and the lines drawn,
    # never on the AI. A mutation run forks every mutant's run from a process that has run the suite once, so there
    # each value is worked out once instead of once per mutant.
    known: dict[Rules, dict[tuple[Board, int], int]] = {}

    def __init__(self, rules: Rules) -> None:
        self.sign = -1 if rules.misere else 1
        self.memo = BruteForce.known.setdefault(rules, {})

    def value(self, state: GameState) -> int:
        if state.over:
            return 0
        key = (state.board, state.drawn)
        if key not in self.memo:
            self.memo[key] = max(self.line_value(state, line) for line in state.legal_lines())
        return self.memo[key]

    def line_value(self, state: GameState, line: int) -> int:
        """What drawing ``line`` achieves for the player to move (``state`` is left as found)."""
        mover = state.to_move
        result = state.play(line)
        gained = self.sign * len(result.captured)
        rest = self.value(state)
        state.undo()
        if result.next_player == -1:
            return gained
        return gained + rest if result.next_player == mover else gained - rest


def random_game(board: Board, rules: Rules, seed: int, moves: int | None = None) -> GameState:
    state = GameState(board, rules)
    rng = random.Random(seed)
    while not state.over and (moves is None or len(state.moves) < moves):
        state.play_random(rng)
    return state


BOARDS = {
    "1x2": Board.square(1, 2),
    "2x2": Board.square(2, 2),
    "2x3": Board.square(2, 3),
    "triangle 3": Board.triangle(3),
}
VARIANTS = {
    "normal": Rules(),
    "misere": Rules(misere=True),
    "noextra": Rules(no_extra=True),
    "misere noextra": Rules(misere=True, no_extra=True),
    "swedish": Rules(start="swedish"),
}


# every board with every variant, except the Swedish start on 1x2 boxes, which the rules refuse (it closes a cell)
COMBINATIONS = [(b, v) for b in BOARDS for v in VARIANTS if (b, v) != ("1x2", "swedish")]


@pytest.mark.slow
@pytest.mark.parametrize(("board_name", "variant"), COMBINATIONS)
def test_every_move_value_best_and_loss_match_brute_force(board_name: str, variant: str) -> None:
    board, rules = BOARDS[board_name], VARIANTS[variant]
    brute = BruteForce(rules)
    for seed in range(3):
        game = random_game(board, rules, seed)
        reviewed = Review(game, seconds=30).finish().moves
        assert len(reviewed) == len(game.moves)
        for move, before in zip(reviewed, positions_of(game), strict=False):
            expected = brute.value(before)
            assert move.solved
            assert (move.line, move.player) == (game.moves[move.index], before.to_move)
            assert move.value == expected
            assert brute.line_value(before, move.best) == expected
            assert move.loss == expected - brute.line_value(before, move.line)


@pytest.mark.slow
def test_a_game_with_mistakes_shows_nonzero_losses_exactly_where_brute_force_does() -> None:
    rules = Rules()
    brute = BruteForce(rules)
    game = random_game(Board.square(2, 3), rules, seed=11)
    losses = [move.loss for move in Review(game, seconds=2.0).finish().moves]
    positions = positions_of(game)[:-1]
    expected = [brute.value(p) - brute.line_value(p, line) for p, line in zip(positions, game.moves, strict=True)]
    assert losses == expected
    assert any(expected)  # random play makes mistakes, so the test sees both kinds of move


def test_engine_review_prints_one_line_per_move_then_ok() -> None:
    engine = Engine()
    engine.handle("new square 2 2 misere")
    game = random_game(Board.square(2, 2), Rules(misere=True), seed=4, moves=7)
    for line in game.moves:
        assert engine.handle(f"move {line}")[-1] == "ok"
    reply = engine.handle("review maxtime=5000")
    assert reply[-1] == "ok" and len(reply) == 8
    brute = BruteForce(Rules(misere=True))
    for n, (text, before) in enumerate(zip(reply[:-1], positions_of(game), strict=False)):
        words = text.split()
        assert words[:4] == [str(n), str(game.moves[n]), "player", str(before.to_move)]
        assert words[4] == "value" and int(words[5]) == brute.value(before)
        assert words[6] == "best" and brute.line_value(before, int(words[7])) == int(words[5])
        assert words[8] == "loss" and int(words[9]) == brute.value(before) - brute.line_value(before, game.moves[n])


def test_engine_review_after_load_and_before_any_move() -> None:
    engine = Engine()
    engine.handle("new triangle 3")
    assert engine.handle("review") == ["ok"]
    game = random_game(Board.triangle(3), Rules(), seed=2)
    from game.core import encode

    assert engine.handle(f"load {encode(game)}") == ["ok"]
    reply = engine.handle("review")
    assert len(reply) == len(game.moves) + 1 and all(" value " in line for line in reply[:-1])


def test_more_than_two_players_are_unknown_for_every_move() -> None:
    engine = Engine()
    engine.handle("new square 1 2 players=3")
    for line in (0, 1, 2):
        engine.handle(f"move {line}")
    assert engine.handle("review") == ["0 0 player 0 unknown", "1 1 player 1 unknown", "2 2 player 2 unknown", "ok"]


def test_positions_not_solved_in_time_are_unknown_and_come_before_the_solved_ones() -> None:
    game = random_game(Board.square(5, 5), Rules(), seed=1)
    engine = Engine()
    from game.core import encode

    engine.handle(f"load {encode(game)}")
    reply = engine.handle("review maxtime=20")
    assert reply[-1] == "ok" and len(reply) == len(game.moves) + 1
    unknown = [line.endswith(" unknown") for line in reply[:-1]]
    assert unknown[0] and not unknown[-1]  # the empty 5x5 board is out of reach, the last move is not
    first_known = unknown.index(False)
    assert not any(unknown[first_known:])
    assert all(len(text.split()) == 5 for text in reply[:first_known])


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("review maxtime=0", "maxtime must be a whole number"),
        ("review maxtime=abc", "maxtime must be a whole number"),
        ("review maxtime=600001", "maxtime must be a whole number"),
        ("review depth=3", "cannot read 'depth=3'"),
        ("review maxtime", "cannot read 'maxtime'"),
        ("review maxtime=5 maxtime=6", "maxtime is given twice"),
    ],
)
def test_malformed_arguments_get_one_clear_error_and_change_nothing(command: str, reason: str) -> None:
    engine = Engine()
    engine.handle("new square 2 2")
    engine.handle("move 0")
    before = engine.state.snapshot()
    reply = engine.handle(command)
    assert len(reply) == 1 and reply[0].startswith("error: ") and reason in reply[0]
    assert engine.state.snapshot() == before


def test_help_lists_review() -> None:
    assert "review" in Engine().handle("help")[0].split()


def test_the_review_works_in_small_steps() -> None:
    game = random_game(Board.square(2, 3), Rules(), seed=5)
    steps = Review(game, seconds=30)
    count = 0
    seen_partial = False
    while not steps.step(0.0005):
        count += 1
        solved = [move.solved for move in steps.moves]
        seen_partial = seen_partial or (any(solved) and not all(solved))
    assert count > 1 and seen_partial
    assert all(move.solved for move in steps.moves)


def test_a_move_that_left_a_free_box_is_judged_so_and_printed_in_codes() -> None:
    rules = Rules()
    game = GameState(Board.square(1, 2), rules)
    # the top-left box gets three sides, then the mover leaves it instead of taking it
    for line in (0, 2, 4):
        game.play(line)
    free = next(line for line in game.legal_lines() if game.would_capture(line))
    other = next(line for line in game.legal_lines() if not game.would_capture(line))
    game.play(other)
    reviewed = Review(game, seconds=2.0).finish()
    last = len(game.moves) - 1
    assert reviewed.moves[last].loss > 0 and free != other
    assert reviewed.judgement(last) == Judgement(Mistake.LEFT_BOXES, Reason(Why.TAKES))
    assert judge(positions_of(game)[-2], other, free).mistake is Mistake.LEFT_BOXES
    lines = reviewed.engine_lines()
    assert lines[last].endswith(f"loss {reviewed.moves[last].loss} mistake left-boxes better takes")
    best_moves = [i for i, move in enumerate(reviewed.moves) if move.loss == 0]
    assert best_moves and all(reviewed.judgement(i) is None for i in best_moves)
    assert all(lines[i].split()[-2] == "loss" for i in best_moves)  # a best move carries no judgement


def test_a_table_given_up_is_freed_a_chunk_a_step(monkeypatch) -> None:
    chunk = 100
    monkeypatch.setattr(review_module, "DISCARD_CHUNK", chunk)
    game = random_game(Board.square(4, 4), Rules(), seed=3)
    review = Review(game, seconds=600, table_limit=50_000, make_solver=Solver)  # the Python solver's table
    while len(review._table) <= 3 * chunk:  # the last positions solved: their entries fill the table
        review.step(0.01)
    review._give_up()  # as when a position is not solved in time (no clock in the test: it used to be flaky)
    left = len(review._discard)
    assert left > 3 * chunk, "the tried positions filled the table"
    steps = 0
    while not review.step(0.01):
        steps += 1
        assert len(review._discard) == left - chunk * steps
    assert not review._discard and steps == (left - 1) // chunk
    assert review.values[0] is None and review.moves[-1].solved


def test_judgements_for_a_line_given_early_and_for_a_longer_chain_opened() -> None:
    """The 3 and the 6 on 3x3 boxes (tests/ai/ai_helpers.py), by hand: with the safe line h 0 1 still there, opening
    the 3 gives boxes early; with no safe line left, opening the 6 instead of the 3 opens a longer chain than needed."""
    with_safe_line = position([*CHAINS_3_AND_6, "h 0 1"])
    assert judge(with_safe_line, named("v 0 0"), named("h 0 1")) == Judgement(Mistake.GAVE_EARLY, Reason(Why.SAFE))
    no_safe_line = position(CHAINS_3_AND_6)
    judgement = judge(no_safe_line, named("v 1 0"), named("v 0 0"))
    assert judgement == Judgement(Mistake.LONGER_CHAIN, Reason(Why.OPENS_SHORTEST, 3))
    assert judgement.tokens() == ["mistake", "longer-chain", "better", "opens-shortest:3"]
    assert no_safe_line.drawn == position(CHAINS_3_AND_6).drawn  # left as found


def test_a_loss_with_no_named_mistake_says_what_was_better() -> None:
    """Two safe lines of the 3 and the 6 (h 0 1 and h 1 1): drawing one when the other was best fits none of the
    named mistakes, so the judgement gives the better move's reason; under misère there is no reason at all."""
    before = position([*CHAINS_3_AND_6, "h 0 1", "h 1 1"])
    move = MoveReview(index=0, line=named("h 1 1"), player=0, value=-3, best=named("h 0 1"), loss=2)
    judgement = judge(before, move.line, named("h 0 1"))
    assert judgement == Judgement(None, Reason(Why.SAFE))
    assert move.engine_line(judgement) == f"0 {move.line} player 0 value -3 best {move.best} loss 2 better safe"
    misere = GameState(before.board, Rules(misere=True))
    for index in range(before.board.num_lines):
        if before.is_drawn(index):
            misere.play(index)
    assert judge(misere, move.line, named("h 0 1")) == Judgement(None, None)
    assert move.engine_line(Judgement(None, None)).endswith("loss 2")


def test_every_reason_token_reads_back() -> None:
    reasons = [Reason(why) for why in Why if why is not Why.OPENS_SHORTEST] + [Reason(Why.OPENS_SHORTEST, 4)]
    for reason in reasons:
        assert Reason.from_token(reason.token()) == reason
    for bad in ("opens-shortest", "safe:2", "opens-shortest:x", "opens-shortest:\uff12", "safe line"):
        with pytest.raises(ValueError):
            Reason.from_token(bad)


def test_a_game_the_second_player_began_is_replayed_with_that_player_first() -> None:
    game = GameState(Board.square(1, 2), Rules(), first=1)
    for index in (0, 1, 2):
        game.play(index)
    positions = positions_of(game)
    assert [position.to_move for position in positions] == [1, 0, 1, 0]  # no box closed: the turn passes each time
    assert positions[-1].snapshot() == game.snapshot()
    assert [move.player for move in Review(game, seconds=2.0).finish().moves] == [1, 0, 1]


class Elsewhere:
    """A solver searching outside the review's steps (the core's thread, the browser's Worker): each step only
    polls, returns at once and is never done; its budgets are kept."""

    budgets: list[float] = []
    elsewhere = True

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def step(self, budget: float) -> bool:
        Elsewhere.budgets.append(budget)
        return False

    def close(self) -> None:
        pass


def test_a_positions_time_is_the_wall_time_of_its_search_not_the_time_inside_the_steps() -> None:
    """A position whose search goes on between the steps (the core in its thread or in the browser's Worker) is
    given up once its seconds have passed on the clock since its search began, however little of that the steps
    took (it used to count the time inside the steps only: a position searched in the Worker got many times its
    budget). The clock ticks 1 ms at each look, and the frames between the steps take 0.5 s."""
    game = GameState(Board.square(5))
    for index in (0, 1):
        game.play(index)
    clock = TickingClock(0.001)
    Elsewhere.budgets = []
    steps = Review(game, seconds=2.0, make_solver=Elsewhere, clock=clock)
    for _ in range(4):
        steps.step(0.004)
        assert steps.solving == 2
        clock.now += 0.5  # (a frame drawn: the search goes on)
    steps.step(0.004)
    assert steps.solving is None and steps.solved_count() == 0
    assert max(Elsewhere.budgets) <= 0.004 and Elsewhere.budgets[-1] < 0.001, "never more than the time left"


def test_a_step_looks_once_at_a_search_running_elsewhere_and_gives_the_frame_its_time_back() -> None:
    """Polling the core's search again within the step could only spin (in the browser the Worker's answers come
    between frames): a step of a whole second looks once."""
    game = GameState(Board.square(5))
    game.play(0)
    Elsewhere.budgets = []
    steps = Review(game, seconds=60.0, make_solver=Elsewhere, clock=TickingClock(0.001))
    steps.step(1.0)
    assert len(Elsewhere.budgets) == 1 and steps.solving == 1


def test_a_position_is_given_up_once_its_seconds_are_spent_in_many_steps() -> None:
    """The Python solver searching inside the steps: the clock moves 0.5 s at every look, so a position of a barely
    started 5x5 game, far from solved in a step, is given up at the second step of no time (2 s are gone)."""
    game = GameState(Board.square(5))
    for index in (0, 1):
        game.play(index)
    steps = Review(game, seconds=2.0, make_solver=Solver, clock=TickingClock(0.5))
    steps.step(0.0)
    assert steps.solving == 2
    steps.step(0.0)
    assert steps.solving is None and steps.solved_count() == 0


def test_no_solver_step_outlasts_the_time_left_for_its_position() -> None:
    """``maxtime`` is per position: a step of the review never hands a position's solver more than that
    position's time left, however long the step (it gave it the whole step, 1 s from ``finish``, and positions
    searched for 124-457 ms at ``maxtime=5`` were reported solved)."""
    budgets: list[float] = []

    class NeverDone:
        elsewhere = False  # (it searches in the steps: each step works for its budget)

        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

        def step(self, budget: float) -> bool:
            budgets.append(budget)
            return False

        def close(self) -> None:
            pass

    game = random_game(Board.square(3, 3), Rules(), seed=5)
    review = Review(game, seconds=0.005, make_solver=NeverDone)
    review.step(1.0)
    assert budgets and max(budgets) <= 0.005
    assert review.solved_count() == 0


def test_the_review_table_stays_within_its_limit_and_the_values_exact() -> None:
    game = random_game(Board.square(2, 3), Rules(), seed=11)
    steps = Review(game, seconds=30, table_limit=40, make_solver=Solver).finish()
    assert len(steps._table) <= 40  # the one table shared by every position's solver
    brute = BruteForce(Rules())
    assert [move.value for move in steps.moves] == [brute.value(p) for p in positions_of(game)[:-1]]


def reviewed_game(seed: int) -> GameState:
    game = GameState(Board.square(2, 3))
    rng = random.Random(seed)
    while not game.over:
        game.play_random(rng)
    return game


def test_a_review_restored_from_kept_results_is_done_at_once_with_the_same_judgements():
    game = reviewed_game(4)
    first = Review(game, 60.0).finish()
    again = Review(game, 60.0)
    assert again.restore(list(first.values), list(first.best), first.done)
    assert again.done and again.moves == first.moves and again.engine_lines() == first.engine_lines()


def test_a_partial_review_restored_goes_on_from_where_it_stopped():
    game = reviewed_game(5)
    whole = Review(game, 60.0).finish()
    half = len(game.moves) // 2
    values = [None] * half + whole.values[half:]
    best = [None] * half + whole.best[half:]
    again = Review(game, 60.0)
    assert again.restore(values, best, False) and not again.done and again.solving == half - 1
    assert again.finish().moves == whole.moves


def test_kept_results_that_cannot_be_this_games_are_refused_and_change_nothing():
    game = reviewed_game(6)
    whole = Review(game, 60.0).finish()
    values, best = list(whole.values), list(whole.best)
    drawn_first = game.moves[0]
    wrong = [
        (values[:-1], best[:-1]),  # another game's length
        ([values[0] + 100, *values[1:]], best),  # more than the board's cells
        (values, [best[0], drawn_first, *best[2:]]),  # a best line drawn already (at move 1, move 0's line)
        ([*values[:2], None, *values[3:]], [*best[:2], None, *best[3:]]),  # a gap: solved before an unsolved one
        ([*values[:-1], 1], best),  # the end of a finished game is worth nothing
        ([True, *values[1:]], best),  # not a number
    ]
    for bad_values, bad_best in wrong:
        review = Review(game, 60.0)
        assert not review.restore(bad_values, bad_best, True), (bad_values, bad_best)
        assert not review.done and review.values[0] is None
        assert review.finish().moves == whole.moves


def test_a_suspended_review_starts_its_position_again_and_ends_the_same():
    game = reviewed_game(7)
    closed: list[bool] = []

    class Watched(Solver):
        started = False

        def step(self, budget: float) -> bool:
            if not Watched.started:  # (the first search is still under way when the review is suspended)
                Watched.started = True
                return False
            return super().step(budget)

        def close(self) -> None:
            closed.append(True)
            super().close()

    review = Review(game, 60.0, make_solver=Watched)
    review.step(0.0)
    review.suspend()
    assert closed and review._solver is None
    assert review.finish().moves == Review(game, 60.0).finish().moves


def test_results_say_which_solver_and_time_made_them():
    game = reviewed_game(8)
    assert review_module.results_version(game, 10.0) != review_module.results_version(game, 3.0)
    assert review_module.results_version(game, 10.0).startswith(f"{review_module.RESULTS_VERSION}/")
