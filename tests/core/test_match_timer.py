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


def test_expiry_gives_a_random_legal_line_from_the_callers_rng() -> None:
    state = GameState(Board.square(3))
    timer = MoveTimer(10)
    timer.run(9.9)
    assert timer.random_line(state, random.Random(5)) is None and not timer.expired()
    timer.run(0.1)
    line = timer.random_line(state, random.Random(5))
    assert timer.expired() and line in state.legal_lines()
    assert timer.random_line(state, random.Random(5)) == line, "the caller's generator decides"
    assert state.moves == []  # the caller draws it (and restarts the clock)


def test_expiry_lines_are_spread_over_every_legal_line() -> None:
    chosen = set()
    for seed in range(200):
        state = GameState(Board.square(1, 2))
        state.play(3)
        timer = MoveTimer(10)
        timer.run(10.0)
        chosen.add(timer.random_line(state, random.Random(seed)))
    assert chosen == {0, 1, 2, 4, 5, 6}, "any undrawn line, never the drawn one"


def test_the_clock_restarts_on_every_move_including_extra_moves() -> None:
    state = GameState(Board.square(1, 2))
    timer = MoveTimer(15)
    for name in ("h 0 0", "h 1 0", "v 0 0"):
        timer.run(14.0)
        assert timer.random_line(state, random.Random(0)) is None
        play_names(state, name)
        timer.restart()
    timer.run(14.0)
    play_names(state, "v 0 1")  # a capture: player 1 moves again, with a full 15 s
    timer.restart()
    assert state.to_move == 1
    timer.run(5)
    assert timer.remaining() == pytest.approx(10.0)
    timer.run(9.9)
    assert timer.random_line(state, random.Random(0)) is None
    timer.run(0.1)
    assert timer.random_line(state, random.Random(0)) in state.legal_lines()


def test_nothing_is_drawn_once_the_game_is_over() -> None:
    state = GameState(Board.square(1))
    play_names(state, "h 0 0", "h 1 0", "v 0 0", "v 0 1")
    timer = MoveTimer(10)
    timer.run(1000.0)
    assert timer.expired() and timer.random_line(state, random.Random(1)) is None


def test_a_disabled_timer_never_fires() -> None:
    state = GameState(Board.square(2))
    timer = MoveTimer(0)
    assert not timer.enabled
    for dt in (0.0, 10.0, 1e9):
        timer.run(dt)
        assert not timer.expired()
        assert timer.random_line(state, random.Random(0)) is None
    assert timer.remaining() == float("inf") and timer.fraction_left() == 1.0


def test_remaining_time_fraction_and_resuming_with_the_time_left() -> None:
    timer = MoveTimer(30)
    timer.run(15.0)
    assert timer.remaining() == pytest.approx(15.0)
    assert timer.fraction_left() == pytest.approx(0.5)
    timer.run(-5.0)  # time never runs backwards
    assert timer.remaining() == pytest.approx(15.0)
    timer.run(100.0)
    assert timer.remaining() == 0.0 and timer.expired()
    resumed = MoveTimer(30)
    resumed.set_remaining(4.5)
    assert resumed.remaining() == pytest.approx(4.5)
    resumed.set_remaining(99.0)
    assert resumed.remaining() == 30.0
    resumed.set_remaining(-3.0)
    assert resumed.expired()


def test_a_single_game_is_a_match_of_one_board_started_by_the_chosen_player() -> None:
    single = Match(Board.square(1, 2), first=1, boards=1)
    assert [g.first for g in single.games] == [1] and single.last_board
    three = Match(Board.square(2), Rules(players=3), first=2)
    assert [g.first for g in three.games] == [2, 0, 1]


def test_board_scores_are_kept_board_by_board() -> None:
    match = Match(Board.square(1, 2))
    play_names(match.game, *FIRST_TAKES_BOTH)
    match.next_board()
    play_names(match.game, *ONE_EACH)
    assert match.board_scores() == [[2, 0], [1, 1]]


def test_resuming_a_match_checks_the_boards() -> None:
    match = Match(Board.square(1, 2))
    played = Match(Board.square(1, 2))
    play_names(played.game, *ONE_EACH)
    match.resume(played.games, 1)
    assert match.current == 1 and match.games[0].scores == [1, 1]
    with pytest.raises(ValueError, match="wrong number"):
        match.resume(played.games[:1], 0)
    with pytest.raises(ValueError, match="do not match"):
        match.resume(list(reversed(played.games)), 0)


def test_a_negative_timer_is_refused() -> None:
    with pytest.raises(RulesError, match="cannot be negative"):
        MoveTimer(-1)


def resume_error(match: Match, games: list[GameState], current: int) -> str:
    with pytest.raises(ValueError) as caught:
        match.resume(games, current)
    return str(caught.value)


def test_a_match_is_resumed_only_on_one_of_its_boards_with_its_own_settings() -> None:
    match = Match(Board.square(1, 2))
    fresh = Match(Board.square(1, 2)).games
    assert resume_error(match, fresh, 2) == "the wrong number of boards"
    assert resume_error(match, fresh, -1) == "the wrong number of boards"
    assert resume_error(match, fresh + fresh[:1], 0) == "the wrong number of boards"
    other_board = Match(Board.square(2, 1)).games  # same rules and starters, another board
    assert resume_error(match, other_board, 0) == "boards that do not match the settings"
    misere = Match(Board.square(1, 2), Rules(misere=True)).games
    assert resume_error(match, misere, 0) == "boards that do not match the settings"
    match.resume(fresh, 1)
    assert match.game is fresh[1] and match.last_board


def test_a_three_player_match_goes_through_its_three_boards_in_turn() -> None:
    match = Match(Board.square(1, 2), Rules(players=3))
    for board in range(3):
        assert match.current == board and match.last_board == (board == 2)
        for line in range(7):
            match.game.play(line)
        assert match.next_board() == (board < 2)
    assert match.current == 2 and match.over


def test_a_single_game_names_its_winner_by_the_rules() -> None:
    misere = Match(Board.square(1, 2), Rules(misere=True), boards=1)
    play_names(misere.game, *FIRST_TAKES_BOTH)
    assert misere.totals() == [2, 0] and misere.winners() == [1]
    normal = Match(Board.square(1, 2), boards=1)
    play_names(normal.game, *FIRST_TAKES_BOTH)
    assert normal.winners() == [0]
