"""Every rule of the game on hand-built positions.

Square boards are written with line names: ``h r c`` (dot row r, box column c) and ``v r c`` (box row r, dot
column c). On 2x2 boxes the cells are 0 1 / 2 3; on 1x2 boxes they are 0 1.
"""

from __future__ import annotations

import random

import pytest

from game.core import Board, GameState, IllegalMove, Rules, RulesError, parse_line, predrawn_lines


def play(state: GameState, *names: str) -> list:
    """Play lines given by name; returns the MoveResults."""
    return [state.play(parse_line(state.board, name)) for name in names]


def line(state: GameState, name: str) -> int:
    return parse_line(state.board, name)


# The four border lines around the 2x2 board's top two boxes, plus the two outer sides of the top row:
# after these, boxes 0 and 1 each have three sides and only the shared middle line "v 0 1" is missing.
TOP_ROW_READY = ("h 0 0", "h 0 1", "h 1 0", "h 1 1", "v 0 0", "v 0 2")


def test_one_line_can_close_two_cells_and_gives_one_extra_move_not_two() -> None:
    state = GameState(Board.square(2))
    assert [r.captured for r in play(state, *TOP_ROW_READY)] == [()] * 6
    assert state.to_move == 0
    [double] = play(state, "v 0 1")
    assert double.player == 0 and sorted(double.captured) == [0, 1]
    assert double.next_player == 0
    assert state.scores == [2, 0] and state.owner[:2] == [0, 0]
    [after] = play(state, "h 2 0")  # closes nothing: the extra move is used up, the turn passes
    assert after.captured == () and after.next_player == 1


def test_a_capture_earns_another_move_each_time() -> None:
    state = GameState(Board.square(1, 2))
    play(state, "h 0 0", "h 1 0", "v 0 0")  # box 0 has three sides; player 1 to move
    assert state.to_move == 1
    [take] = play(state, "v 0 1")
    assert take.captured == (0,) and take.next_player == 1
    [again] = play(state, "h 0 1")
    assert again.player == 1 and again.next_player == 0


def test_no_extra_move_after_the_last_line() -> None:
    state = GameState(Board.square(1))
    play(state, "h 0 0", "h 1 0", "v 0 0")
    [last] = play(state, "v 0 1")
    assert last.captured == (0,)
    assert last.next_player == -1 and state.to_move == -1
    assert state.over and state.lines_left == 0 and state.legal_lines() == []
    with pytest.raises(IllegalMove):
        state.play(0)
    with pytest.raises(IllegalMove, match="the game is over"):
        state.play_random(random.Random(0))


def test_capturing_is_optional() -> None:
    state = GameState(Board.square(1, 2))
    play(state, "h 0 0", "h 1 0", "v 0 0")  # box 0 can be closed by "v 0 1"
    closing, other = line(state, "v 0 1"), line(state, "v 0 2")
    assert state.would_capture(closing) == 1 and state.would_capture(other) == 0
    assert closing in state.legal_lines() and other in state.legal_lines()
    [declined] = play(state, "v 0 2")
    assert declined.captured == () and declined.next_player == 0
    assert state.owner == [-1, -1]


def test_a_draw_is_shared_by_both_players() -> None:
    # Player 1 declines box 0; player 0 takes it and must then give box 1 away: one box each.
    for misere in (False, True):
        state = GameState(Board.square(1, 2), Rules(misere=misere))
        play(state, "h 0 0", "h 1 0", "v 0 0", "h 0 1", "v 0 1", "h 1 1", "v 0 2")
        assert state.over and state.scores == [1, 1]
        assert state.winners() == [0, 1]


def test_misere_counts_captures_the_same_way_but_fewest_cells_win() -> None:
    moves = (*TOP_ROW_READY, "v 0 1", "h 2 0", "v 1 0", "v 1 1", "h 2 1", "v 1 2")
    normal, misere = GameState(Board.square(2)), GameState(Board.square(2), Rules(misere=True))
    normal_results, misere_results = play(normal, *moves), play(misere, *moves)
    assert normal_results == misere_results  # misère changes only who wins
    assert misere.over and misere.scores == [3, 1]
    assert normal.winners() == [0]
    assert misere.winners() == [1]


def test_swedish_start_predraws_the_whole_border() -> None:
    board = Board.square(3)
    state = GameState(board, Rules(start="swedish"))
    assert all(state.is_drawn(b) for b in board.border)
    assert state.lines_left == board.num_lines - len(board.border) == 12
    assert state.legal_lines() == [i for i in range(board.num_lines) if i not in board.border]
    assert state.moves == [] and state.to_move == 0
    corner = board.cells[0]
    assert state.sides[0] == 2 and state.would_capture(corner[1]) == 0  # h 1 0 gives the corner its third side
    with pytest.raises(IllegalMove, match="already drawn"):
        state.play(board.border[0])
    with pytest.raises(RulesError, match="nothing to undo"):
        state.undo()  # pre-drawn lines are not moves


def test_icelandic_start_predraws_left_and_bottom_border() -> None:
    state = GameState(Board.square(2), Rules(start="icelandic"))
    expected = {line(state, name) for name in ("v 0 0", "v 1 0", "h 2 0", "h 2 1")}
    assert {i for i in range(state.board.num_lines) if state.is_drawn(i)} == expected
    assert set(predrawn_lines(state.board, state.rules)) == expected
    assert state.sides == [1, 0, 2, 1]


@pytest.mark.parametrize("board", [Board.triangle(5), Board.hexagon(1), Board.square(1, 3)], ids=repr)
def test_swedish_start_works_on_every_shape(board: Board) -> None:
    state = GameState(board, Rules(start="swedish"))
    assert state.lines_left == board.num_lines - len(board.border)
    assert not any(state.owner[c] >= 0 for c in range(board.num_cells))


def test_a_start_that_would_close_a_cell_is_refused() -> None:
    with pytest.raises(RulesError, match="swedish start would close a cell"):
        GameState(Board.square(1), Rules(start="swedish"))


@pytest.mark.parametrize("players", [3, 4])
def test_turns_rotate_round_the_table(players: int) -> None:
    state = GameState(Board.square(3), Rules(players=players))
    border = Board.square(3).border  # border lines alone close nothing on 3x3 boxes
    movers = [state.play(b).player for b in border[: 2 * players]]
    assert movers == list(range(players)) * 2


def test_three_players_rotate_and_a_capture_keeps_the_turn() -> None:
    state = GameState(Board.square(1, 2), Rules(players=3), first=2)
    results = play(state, "h 0 0", "h 1 0", "v 0 0", "v 0 1", "h 0 1")
    assert [r.player for r in results] == [2, 0, 1, 2, 2]
    assert results[3].captured == (0,)
    assert results[4].next_player == 0
    assert state.scores == [0, 0, 1]


def test_a_draw_among_three_players_is_shared_by_the_top_scores() -> None:
    state = GameState(Board.square(1, 2), Rules(players=3))
    results = play(state, "h 0 0", "h 1 0", "v 0 0", "h 0 1", "v 0 1", "h 1 1", "v 0 2")
    assert [r.player for r in results] == [0, 1, 2, 0, 1, 1, 2]
    assert state.scores == [0, 1, 1]
    assert state.winners() == [1, 2]
    misere = GameState(Board.square(1, 2), Rules(players=3, misere=True))
    play(misere, "h 0 0", "h 1 0", "v 0 0", "h 0 1", "v 0 1", "h 1 1", "v 0 2")
    assert misere.winners() == [0]


def test_four_players_can_all_share_a_draw() -> None:
    state = GameState(Board.square(2), Rules(players=4))
    for name in ("h 0 0", "h 0 1", "h 2 0", "h 2 1", "v 0 0", "v 0 2", "v 1 0", "v 1 2"):
        play(state, name)  # the border: every box has two sides, player 0 to move again
    results = play(state, "h 1 0", "v 0 1", "h 1 1", "v 1 1")
    assert [r.player for r in results] == [0, 1, 1, 1]
    assert state.scores == [0, 4, 0, 0] and state.winners() == [1]
    state.undo(), state.undo(), state.undo()
    assert state.to_move == 1 and state.scores == [0, 0, 0, 0]


def test_no_extra_move_passes_the_turn_after_a_capture() -> None:
    state = GameState(Board.square(2), Rules(no_extra=True))
    play(state, *TOP_ROW_READY)
    [double] = play(state, "v 0 1")
    assert sorted(double.captured) == [0, 1] and state.scores == [2, 0]
    assert double.next_player == 1
    three = GameState(Board.square(1, 2), Rules(players=3, no_extra=True))
    results = play(three, "h 0 0", "h 1 0", "v 0 0", "v 0 1")
    assert results[-1].captured == (0,) and results[-1].next_player == 1


def test_with_no_extra_move_a_capture_ends_the_turn_and_last_turn_stops_there() -> None:
    state = GameState(Board.square(1, 2), Rules(no_extra=True))
    play(state, "h 0 0", "h 1 0", "v 0 0")
    closing = play(state, "v 0 1")[0]  # the second player closes box 0, and the turn passes anyway
    assert closing.captured == (0,) and closing.next_player == 0
    play(state, "h 0 1")
    assert state.last_turn() == [line(state, "h 0 1")]


def test_impossible_rules_are_refused_with_the_choices_spelled_out() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(start="danish").check()
    assert str(caught.value) == "start must be one of normal, swedish, icelandic, not 'danish'"
    state = GameState(Board.square(1))
    for name in ("h 0 0", "h 1 0", "v 0 0", "v 0 1"):
        play(state, name)
    with pytest.raises(IllegalMove) as over:
        state.play_random(random.Random(1))
    assert str(over.value) == "the game is over: there is no line left to draw"


def test_last_turn_lists_the_lines_of_the_most_recent_turn() -> None:
    state = GameState(Board.square(2))
    assert state.last_turn() == []
    play(state, *TOP_ROW_READY)
    assert state.last_turn() == [line(state, "v 0 2")]
    play(state, "v 0 1", "h 2 0")  # player 0: a double capture, then a quiet line
    assert state.last_turn() == [line(state, "v 0 1"), line(state, "h 2 0")]
    play(state, "v 1 0")  # player 1
    assert state.last_turn() == [line(state, "v 1 0")]
    state.undo()
    assert state.last_turn() == [line(state, "v 0 1"), line(state, "h 2 0")]


def test_last_turn_with_no_extra_move_is_one_line() -> None:
    state = GameState(Board.square(2), Rules(no_extra=True))
    play(state, *TOP_ROW_READY, "v 0 1")
    assert state.last_turn() == [line(state, "v 0 1")]


def test_undo_is_the_exact_inverse_of_play() -> None:
    state = GameState(Board.square(2))
    snapshots = [state.snapshot()]
    for name in (*TOP_ROW_READY, "v 0 1", "h 2 0", "v 1 0", "v 1 1", "h 2 1", "v 1 2"):
        play(state, name)
        snapshots.append(state.snapshot())
    assert state.over and state.to_move == -1
    for expected in reversed(snapshots[:-1]):
        state.undo()
        assert state.snapshot() == expected
    with pytest.raises(RulesError, match="nothing to undo"):
        state.undo()


def test_undo_returns_the_line_and_gives_the_turn_back() -> None:
    state = GameState(Board.square(1, 2))
    play(state, "h 0 0", "h 1 0", "v 0 0", "v 0 1")
    assert state.to_move == 1 and state.scores == [0, 1]
    assert state.undo() == line(state, "v 0 1")
    assert state.to_move == 1 and state.scores == [0, 0] and state.owner == [-1, -1]
    assert state.undo() == line(state, "v 0 0")
    assert state.to_move == 0


@pytest.mark.parametrize("bad", [-1, 7, 10**30, "3", 2.0, None])
def test_an_illegal_line_changes_nothing(bad: object) -> None:
    state = GameState(Board.square(1, 2))
    play(state, "h 0 0")
    before = state.snapshot()
    with pytest.raises(IllegalMove):
        state.play(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="already drawn"):
        state.play(0)
    assert state.snapshot() == before


def test_safe_lines_give_no_cell_its_last_but_one_side() -> None:
    state = GameState(Board.square(1, 2))
    play(state, "h 0 0")
    assert all(state.is_safe(i) for i in state.legal_lines())  # a second side is still safe
    play(state, "h 1 0")
    third_side = line(state, "v 0 0")
    assert not state.is_safe(third_side) and state.would_capture(third_side) == 0
    assert not state.is_safe(line(state, "v 0 1"))  # the shared side is a third side for box 0
    assert state.is_safe(line(state, "h 0 1")) and state.is_safe(line(state, "v 0 2"))


def safe_by_playing_it(state: GameState, line: int) -> bool:
    """A second, simple definition of a safe line: draw it, and no cell beside it is left one side short."""
    after = state.copy()
    after.play(line)
    need = [len(sides) for sides in state.board.cells]
    return all(after.sides[cell] != need[cell] - 1 for cell in state.board.line_cells[line])


@pytest.mark.parametrize("board", [Board.square(1, 2), Board.square(3), Board.triangle(4), Board.hexagon(1)], ids=repr)
def test_is_safe_agrees_with_drawing_the_line_in_every_position_of_random_games(board: Board) -> None:
    rng = random.Random(11)
    capturing_safe = 0
    for _ in range(30):
        state = GameState(board)
        while not state.over:
            for candidate in state.legal_lines():
                assert state.is_safe(candidate) == safe_by_playing_it(state, candidate), (state.moves, candidate)
                capturing_safe += state.would_capture(candidate) > 0 and state.is_safe(candidate)
            state.play_random(rng)
    assert capturing_safe, "the games reached lines that capture without giving away a third side"


def test_a_line_that_closes_a_cell_and_touches_no_other_is_safe() -> None:
    state = GameState(Board.square(1, 2))
    play(state, "h 0 0", "h 1 0", "v 0 0")  # box 0 lacks only v 0 1, which box 1 (no sides yet) shares
    assert state.would_capture(line(state, "v 0 1")) == 1 and state.is_safe(line(state, "v 0 1"))
    play(state, "h 0 1")  # now box 1 has one side: v 0 1 would give it its second, still safe
    assert state.is_safe(line(state, "v 0 1"))
    play(state, "h 1 1")  # two sides: v 0 1 closes box 0 but gives box 1 its third side
    assert not state.is_safe(line(state, "v 0 1"))


@pytest.mark.parametrize(
    ("rules", "first", "reason"),
    [
        (Rules(players=1), 0, "players must be 2, 3 or 4"),
        (Rules(players=5), 0, "players must be 2, 3 or 4"),
        (Rules(start="danish"), 0, "start must be one of"),
        (Rules(), 2, "first player must be 0..1"),
        (Rules(players=3), -1, "first player must be 0..2"),
    ],
)
def test_impossible_settings_are_refused(rules: Rules, first: int, reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        GameState(Board.square(2), rules, first)


def test_copy_is_independent() -> None:
    state = GameState(Board.square(2))
    play(state, *TOP_ROW_READY)
    other = state.copy()
    play(other, "v 0 1")
    assert other.scores == [2, 0] and state.scores == [0, 0]
    assert state.snapshot() != other.snapshot()
    other.undo()
    assert state.snapshot() == other.snapshot()


def test_rules_with_changes_only_what_is_named() -> None:
    rules = Rules(players=3, misere=True)
    assert rules.with_(no_extra=True) == Rules(players=3, misere=True, no_extra=True)
    assert rules.with_(players=2, start="icelandic") == Rules(players=2, misere=True, start="icelandic")
    assert rules == Rules(players=3, misere=True), "the original is unchanged"


def test_undo_on_a_fresh_game_says_there_is_nothing_to_undo() -> None:
    with pytest.raises(RulesError) as caught:
        GameState(Board.square(2)).undo()
    assert str(caught.value) == "nothing to undo"


# -- captures compulsory (sheet 003's standard play) ----------------------------------------------------------------
def three_sided_box() -> tuple[Board, list[int]]:
    """2x2 boxes with the top-left box on three sides (its right side open) and one line far from it."""
    board = Board.square(2)
    return board, [line(GameState(board), name) for name in ("h 2 1", "h 0 0", "v 0 0", "h 1 0")]


def test_declining_a_capture_is_allowed_in_the_standard_game() -> None:
    board, lines = three_sided_box()
    state = GameState(board)
    for drawn in lines:
        state.play(drawn)
    closes = line(state, "v 0 1")
    assert state.capture_lines() == [closes]
    assert len(state.legal_lines()) == board.num_lines - 4
    state.play(line(state, "h 0 1"))  # closes nothing, and the box stays open for the next player
    assert state.owner[0] == -1


def test_captures_compulsory_allows_only_the_capture_while_one_exists() -> None:
    board, lines = three_sided_box()
    state = GameState(board, Rules(must_capture=True))
    for drawn in lines:
        state.play(drawn)
    closes = line(state, "v 0 1")
    assert state.legal_lines() == [closes]
    elsewhere = line(state, "h 0 1")
    assert state.must_not_draw(elsewhere) and not state.must_not_draw(closes)
    before = state.snapshot()
    with pytest.raises(IllegalMove, match="captures are compulsory"):
        state.play(elsewhere)
    assert state.snapshot() == before  # nothing changed
    state.play(closes)
    assert state.owner[0] == 0 and state.to_move == 0
    assert len(state.legal_lines()) == board.num_lines - 5  # nothing left to close: every line again


def test_random_play_under_captures_compulsory_never_leaves_a_capture_untaken() -> None:
    rng = random.Random(3)
    for board in (Board.square(3), Board.triangle(5), Board.hexagon(1)):
        state = GameState(board, Rules(must_capture=True))
        while not state.over:
            could = state.capture_lines()
            result = state.play_random(rng)
            assert not could or result.captured
        assert sum(state.scores) == board.num_cells


def test_normal_play_is_the_standard_game_only() -> None:
    assert Rules().normal_play
    for changed in ({"misere": True}, {"no_extra": True}, {"must_capture": True}):
        assert not Rules(**changed).normal_play  # type: ignore[arg-type]
