"""The pure parts of ``benchmarks/pypi_peers.py`` (the notations, the referee loop, the tally), without dnbpy or
OpenSpiel installed: the expected numbers are each program's own documented layout (dnbpy's ``get_board_state``
docstring, OpenSpiel's ``action_to_string`` order), so a wrong mapping closes the wrong cells here."""

from __future__ import annotations

import signal
import sys

import pytest

from benchmarks import pypi_peers as peers
from benchmarks import tally as tally_module
from game.core import GameState


def play(notation, lines: list[int]) -> GameState:
    state = GameState(notation.board)
    for line in lines:
        state.play(line)
    return state


@pytest.mark.parametrize("rows, cols", [(2, 3), (3, 2), (1, 1), (5, 5)])
def test_each_notation_numbers_every_line_once(rows, cols):
    notation = peers.Notation(rows, cols)
    lines = range(notation.board.num_lines)
    assert sorted(notation.openspiel_action(line) for line in lines) == list(lines)
    assert sorted(notation.dnbpy_edge(line) for line in lines) == list(lines)
    assert [notation.from_openspiel(notation.openspiel_action(line)) for line in lines] == list(lines)
    assert [notation.from_dnbpy(notation.dnbpy_edge(line)) for line in lines] == list(lines)


def test_openspiel_names_come_in_openspiels_order():
    # pyspiel.load_game("dots_and_boxes", {"num_rows": 2, "num_cols": 2}): action_to_string of actions 0..11
    openspiel = ["(h,0,0)", "(h,0,1)", "(h,1,0)", "(h,1,1)", "(h,2,0)", "(h,2,1)",
                 "(v,0,0)", "(v,0,1)", "(v,0,2)", "(v,1,0)", "(v,1,1)", "(v,1,2)"]  # fmt: skip
    notation = peers.Notation(2, 2)
    assert [notation.openspiel_name(notation.from_openspiel(action)) for action in range(12)] == openspiel


def test_dnbpy_box_zero_of_its_docstring_is_the_top_left_cell():
    # dnbpy's 2x2 layout: "*  0  *  1  *" / "2     3     4" / "*  5  *  6  *": box 0 is edges 0, 2, 3 and 5
    notation = peers.Notation(2, 2)
    state = play(notation, [notation.from_dnbpy(edge) for edge in (0, 2, 3, 5)])
    assert state.scores == [0, 1] and state.to_move == 1
    assert state.owner == [1, -1, -1, -1]


def test_a_double_capture_in_openspiel_actions_takes_the_two_cells_on_the_right_of_the_second_row():
    # 2 rows of 3 boxes: horizontal actions 0-8 (row * 3 + col), vertical 9-16 (9 + row * 4 + col)
    notation = peers.Notation(2, 3)
    sides = [4, 7, 14, 5, 8, 16]  # h(1,1) h(2,1) v(1,1) h(1,2) h(2,2) v(1,3): boxes (1,1) and (1,2) but their wall
    state = play(notation, [notation.from_openspiel(action) for action in sides])
    assert state.scores == [0, 0] and state.to_move == 0
    state.play(notation.from_openspiel(15))  # v(1,2), the shared wall
    assert state.scores == [2, 0] and state.to_move == 0
    assert [cell for cell, owner in enumerate(state.owner) if owner == 0] == [4, 5]


def test_a_capture_in_dnbpy_edges_keeps_the_turn_and_takes_its_box():
    # 2 rows of 3 boxes: row r of dots gives edges r * 7 + (0..2) across, then r * 7 + 3 + (0..3) down
    notation = peers.Notation(2, 3)
    state = play(notation, [notation.from_dnbpy(edge) for edge in (9, 12, 13)])  # box (1,2) but its bottom
    assert state.scores == [0, 0] and state.to_move == 1
    state.play(notation.from_dnbpy(16))
    assert state.scores == [0, 1] and state.to_move == 1
    assert state.owner == [-1, -1, -1, -1, -1, 1]


def test_a_number_off_the_board_aborts_the_game():
    notation = peers.Notation(2, 3)
    with pytest.raises(peers.Aborted, match="OpenSpiel named a line that is not on the board: 17"):
        notation.from_openspiel(17)
    with pytest.raises(peers.Aborted, match="dnbpy"):
        notation.from_dnbpy(17)
    with pytest.raises(peers.Aborted, match="dnbpy"):
        notation.from_dnbpy(-1)


class Scripted:
    """Plays the lowest undrawn line, or a given line once; remembers what it heard."""

    def __init__(self, bad_line: int | None = None, refuse_after: int | None = None) -> None:
        self.bad_line, self.refuse_after, self.heard = bad_line, refuse_after, []

    def move(self, state):
        if self.bad_line is not None:
            return self.bad_line, 0.25, 0.125
        return state.legal_lines()[0], 0.5, 0.25

    def hear(self, line, mover, state):
        self.heard.append((line, mover))
        if self.refuse_after is not None and len(self.heard) > self.refuse_after:
            raise peers.Aborted("its own game disagrees")


def test_play_game_alternates_seats_and_tallies_the_measured_side():
    notation, tally = peers.Notation(1, 1), tally_module.Tally()
    first, second = Scripted(), Scripted()
    # lines 0-3 in order: 0, 1, 2 pass the turn, the fourth closes the box for the player to move then: seat 1
    record = peers.play_game(notation, first, second, 0, tally)
    assert record.startswith("game 0: (first) 0-1")
    record = peers.play_game(notation, Scripted(), Scripted(), 1, tally)
    assert record.startswith("game 1: (second) 1-0")
    assert (tally.wins, tally.draws, tally.losses, tally.aborted) == (1, 0, 1, 0)
    assert tally.first_seat == [0, 0, 2]  # the second player won both
    assert first.heard == [(0, 0), (1, 1), (2, 0), (3, 1)] == second.heard
    assert tally.measured_times == [0.5] * 4 and tally.opponent_cpu == [0.25] * 4


def test_a_drawn_line_or_a_disagreeing_program_aborts_the_game():
    notation, tally = peers.Notation(2, 2), tally_module.Tally()
    record = peers.play_game(notation, Scripted(), Scripted(bad_line=0), 0, tally)
    assert record == "game 0: aborted after 1 lines (line 0 is already drawn)"
    record = peers.play_game(notation, Scripted(), Scripted(refuse_after=2), 1, tally)
    assert record == "game 1: aborted after 2 lines (its own game disagrees)"
    assert tally.aborted == 2 and tally.valid == 0
    assert tally.reasons == ["game 0: line 0 is already drawn", "game 1: its own game disagrees"]


def test_the_report_row_counts_a_draw_half():
    tally = tally_module.Tally()
    for margin, seat in [(3, 0), (0, 1), (-1, 0), (5, 1)]:
        tally.add(margin, seat)
    tally.timed(True, 1.5, 0.5)
    tally.timed(False, 0.5, 0.25)
    tally.abort(9, "gone")
    assert tally.score == pytest.approx(2.5 / 4)
    assert tally.first_seat == [1, 1, 2]
    assert tally.row("3x3", restarts=False) == "| 3x3 | 2/1/1 | 62% | +1.8 | 1.50 (0.50) | 0.50 (0.25) | 1 |"
    assert tally.row("3x3").endswith("| 1 | 0 |")
    lines = tally_module.header("Expert", "dnbpy", restarts=False).splitlines()
    assert lines[0].count("|") == lines[1].count("|") == tally.row("x", restarts=False).count("|")


def test_time_limit_interrupts_the_search_and_clears_its_timer():
    with pytest.raises(peers.OutOfTime), peers.time_limit(0.01):
        while True:
            pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is not None


def test_without_the_packages_the_benchmark_says_so_and_exits_quietly(monkeypatch, capsys):
    monkeypatch.setattr(peers, "installed", lambda program: False)
    monkeypatch.setattr(sys, "argv", ["pypi_peers.py", "--board", "3x3"])
    assert peers.main() == 0
    out = capsys.readouterr().out
    assert "dnbpy is absent (module dnbpy): pip install -e '.[peers]'; skipped." in out
    assert "openspiel is absent (module pyspiel)" in out
