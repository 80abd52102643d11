"""The game told in words for a screen reader: cell and line names on every shape, each move, the position."""

from __future__ import annotations

import random

import pytest

from game.core import Board, GameState, Rules
from game.play import i18n
from game.play.narration import announce_move, cell_names, column_letters, describe_position, line_words

BOARDS = [Board.square(3, 3), Board.square(2, 5), Board.triangle(4), Board.hexagon(2)]


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.describe())
def test_every_cell_has_its_own_name_and_every_line_its_own_words(board: Board) -> None:
    names = cell_names(board)
    assert len(set(names)) == board.num_cells and all(names)
    words = [line_words(board, line) for line in range(board.num_lines)]
    assert len(set(words)) == board.num_lines


def test_square_cells_read_like_a_chess_board() -> None:
    board = Board.square(3, 3)
    assert cell_names(board) == ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
    assert line_words(board, 0) == "the top of a1"
    assert line_words(board, 4) == "between b1 and b2"
    assert line_words(board, board.num_lines - 1) == "the right side of c3"


def test_columns_go_on_past_z() -> None:
    assert [column_letters(n) for n in (0, 25, 26, 27, 51, 52)] == ["a", "z", "aa", "ab", "az", "ba"]


def test_a_capture_is_told_with_the_score_and_the_extra_turn() -> None:
    state = GameState(Board.square(1, 1))
    players = ["Blue", "Orange"]
    told = [announce_move(state, state.play(line), players) for line in range(3)]
    assert told[0] == "Blue draws the top of a1, Orange to play."
    last = state.play(3)
    assert announce_move(state, last, players) == "Orange draws the right side of a1, closes a1, 0 to 1, game over."


def test_the_person_playing_computers_is_told_as_you() -> None:
    state = GameState(Board.square(1, 2))
    said = [announce_move(state, state.play(line), ["You", "Easy"], you=0) for line in (0, 2)]
    assert said == ["You draw the top of a1, Easy to play.", "Easy draws the bottom of a1, your turn."]
    state.play(4)
    said = announce_move(state, state.play(5), ["You", "Easy"], you=0)
    assert said == "Easy draws between a1 and b1, closes a1, 0 to 1, Easy again."


def test_an_extra_turn_is_told() -> None:
    state = GameState(Board.square(1, 2))
    for line in (0, 2, 4):  # three sides of a1
        state.play(line)
    move = state.play(5)  # between a1 and b1: closes a1 and the game goes on
    assert move.captured and move.next_player == move.player
    said = announce_move(state, move, ["You", "Easy"])
    assert said == "Easy draws between a1 and b1, closes a1, 0 to 1, Easy again."


def test_the_position_says_the_score_lines_safe_lines_and_chains() -> None:
    state = GameState(Board.square(1, 3))
    for line in (0, 1, 2, 3, 4, 5):  # the tops and bottoms: one chain of three cells, no safe line left
        state.play(line)
    said = describe_position(state, ["You", "Easy"])
    assert said == "Score: 0 to 0. 4 lines left. You to play. 0 safe lines. 1 chain: 3."


def test_three_players_are_scored_by_name() -> None:
    state = GameState(Board.square(1, 1), Rules(players=3))
    said = describe_position(state, ["Ann", "Bob", "Cy"])
    assert said.startswith("Score: Ann 0, Bob 0, Cy 0.")


def test_french_words_come_from_the_catalogue() -> None:
    i18n.set_language("fr")
    state = GameState(Board.square(2, 2))
    said = announce_move(state, state.play(0), ["Bleu", "Orange"])
    assert said == "Bleu trace le haut de a1, à Orange de jouer."


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.describe())
def test_a_whole_random_game_can_be_told(board: Board) -> None:
    state = GameState(board)
    rng = random.Random(7)
    while not state.over:
        said = announce_move(state, state.play(rng.choice(state.legal_lines())), ["A", "B"])
        assert said.endswith(".") and "{" not in said
    assert "0 lines left" in describe_position(state, ["A", "B"])
