"""The two-board match and the move timer."""

from __future__ import annotations

import random

import pytest

from game.core import TIMER_CHOICES, Board, GameState, Match, MoveTimer, Rules, RulesError, parse_line


def play_names(state: GameState, *names: str) -> None:
    for name in names:
        state.play(parse_line(state.board, name))


# On 1x2 boxes: the first player takes both boxes with the shared middle line, the 7th line of the game.
FIRST_TAKES_BOTH = ("h 0 0", "h 0 1", "h 1 0", "h 1 1", "v 0 0", "v 0 2", "v 0 1")
# On 1x2 boxes: one box each (see test_rules.test_a_draw_is_shared_by_both_players).
ONE_EACH = ("h 0 0", "h 1 0", "v 0 0", "h 0 1", "v 0 1", "h 1 1", "v 0 2")


def test_a_match_is_one_fresh_board_per_player_each_starting_one() -> None:
    match = Match(Board.square(1, 2))
    assert [g.first for g in match.games] == [0, 1]
    assert match.game is match.games[0] and not match.over
    assert match.games[0] is not match.games[1]
    assert not match.next_board()  # the first board is not finished yet
    play_names(match.game, *ONE_EACH)
    assert match.game.scores == [1, 1]
    assert match.games[1].moves == []  # lines never carry over
    assert match.next_board() and match.current == 1
    assert match.game.to_move == 1


def test_match_totals_decide_and_the_match_ends_after_the_last_board() -> None:
    match = Match(Board.square(1, 2))
    play_names(match.game, *FIRST_TAKES_BOTH)
    assert match.game.scores == [2, 0]
    match.next_board()
    play_names(match.game, *ONE_EACH)  # player 1 starts the second board
    assert match.game.scores == [1, 1]
    assert match.over and not match.next_board()
    assert match.totals() == [3, 1]
    assert match.winners() == [0]


def test_a_tie_on_totals_is_a_drawn_match_and_misere_picks_the_fewest() -> None:
    match = Match(Board.square(1, 2), Rules(misere=True))
    play_names(match.game, *FIRST_TAKES_BOTH)
    match.next_board()
    play_names(match.game, *FIRST_TAKES_BOTH)  # player 1 starts, so player 1 takes both boxes
    assert match.totals() == [2, 2]
    assert match.winners() == [0, 1]
    lopsided = Match(Board.square(1, 2), Rules(misere=True))
    play_names(lopsided.game, *FIRST_TAKES_BOTH)
    lopsided.next_board()
    play_names(lopsided.game, *ONE_EACH)
    assert lopsided.totals() == [3, 1] and lopsided.winners() == [1]


def test_a_three_player_match_has_three_boards() -> None:
    match = Match(Board.square(2), Rules(players=3))
    assert [g.first for g in match.games] == [0, 1, 2]
    assert match.totals() == [0, 0, 0]


def test_a_match_refuses_impossible_rules() -> None:
    with pytest.raises(RulesError):
        Match(Board.square(1), Rules(start="swedish"))


def test_timer_choices() -> None:
    assert TIMER_CHOICES == (0, 10, 15, 30)


def test_expiry_plays_a_random_legal_line_from_the_callers_rng() -> None:
    state = GameState(Board.square(3))
    timer = MoveTimer(10)
    timer.restart(100.0)
    assert timer.tick(state, 109.9, random.Random(5)) is None and state.moves == []
    result = timer.tick(state, 110.0, random.Random(5))
    assert result is not None and result.player == 0
    assert state.moves == [result.line]
    assert timer.started == 110.0  # the clock restarts for the next move
    again = GameState(Board.square(3))
    timer.restart(100.0)
    assert timer.tick(again, 110.0, random.Random(5)).line == result.line, "the caller's generator decides"


def test_expiry_lines_are_spread_over_every_legal_line() -> None:
    chosen = set()
    for seed in range(200):
        state = GameState(Board.square(1, 2))
        state.play(3)
        timer = MoveTimer(10)
        timer.restart(0.0)
        chosen.add(timer.tick(state, 10.0, random.Random(seed)).line)
    assert chosen == {0, 1, 2, 4, 5, 6}, "any undrawn line, never the drawn one"


def test_the_clock_restarts_on_every_move_including_extra_moves() -> None:
    state = GameState(Board.square(1, 2))
    timer = MoveTimer(15)
    now = 0.0
    timer.restart(now)
    for name in ("h 0 0", "h 1 0", "v 0 0"):
        now += 14.0
        assert timer.tick(state, now, random.Random(0)) is None
        play_names(state, name)
        timer.restart(now)
    now += 14.0
    play_names(state, "v 0 1")  # a capture: player 1 moves again, with a full 15 s
    timer.restart(now)
    assert state.to_move == 1
    assert timer.remaining(now + 5) == pytest.approx(10.0)
    assert timer.tick(state, now + 14.9, random.Random(0)) is None
    result = timer.tick(state, now + 15.0, random.Random(0))
    assert result is not None and result.player == 1


def test_a_timed_out_capture_keeps_the_turn_and_restarts_the_clock() -> None:
    state = GameState(Board.square(1))
    play_names(state, "h 0 0", "h 1 0", "v 0 0")  # only "v 0 1" is left, and it closes the box
    timer = MoveTimer(10)
    result = timer.tick(state, 10.0, random.Random(1))
    assert result is not None and result.captured == (0,) and state.over
    assert timer.tick(state, 1000.0, random.Random(1)) is None  # nothing to play once the game is over


def test_a_disabled_timer_never_fires() -> None:
    state = GameState(Board.square(2))
    timer = MoveTimer(0)
    assert not timer.enabled
    for now in (0.0, 10.0, 1e9):
        assert not timer.expired(now)
        assert timer.tick(state, now, random.Random(0)) is None
    assert timer.remaining(1e9) == float("inf") and timer.fraction_left(1e9) == 1.0
    assert state.moves == []


def test_remaining_time_and_fraction() -> None:
    timer = MoveTimer(30)
    timer.restart(5.0)
    assert timer.remaining(20.0) == pytest.approx(15.0)
    assert timer.fraction_left(20.0) == pytest.approx(0.5)
    assert timer.remaining(100.0) == 0.0 and timer.expired(35.0)


def test_a_negative_timer_is_refused() -> None:
    with pytest.raises(RulesError, match="cannot be negative"):
        MoveTimer(-1)
