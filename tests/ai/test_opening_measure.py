"""The early-game measure: games against Knox stopped at N lines left (``peers.py --stop-lines``) and valued exactly
there by ``postmortem.py``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.ai.position.chains import safe_lines
from game.ai.search.solver import Solver
from game.core import Board, GameState

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def postmortem(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import postmortem

    yield postmortem
    sys.modules.pop("postmortem", None)
    sys.modules.pop("peers", None)


def exact(state: GameState) -> int:
    solver = Solver(state, table={})
    while not solver.step(1.0):
        pass
    assert solver.value is not None
    return solver.value


def test_a_stopped_game_is_valued_by_the_exact_value_of_its_last_position(postmortem, tmp_path: Path) -> None:
    """2x3 boxes, random safe lines until none is left, then random lines to 8 lines left: the record of a game
    stopped there (the form peers.py prints) is read back, and its value is the measured side's cells so far plus
    the exact value of the rest, with the sign of whoever is to move."""
    from peers import Coordinates

    board = Board.square(2, 3)
    names = Coordinates(board, 2, 3)
    rng = random.Random(5)
    state = GameState(board)
    order = []
    while state.lines_left > 8:
        line = rng.choice(safe_lines(state) or state.legal_lines())
        state.play(line)
        order.append(line)
    moves = " ".join(names.name(line) for line in order)
    record = tmp_path / "games.txt"
    mine, theirs = state.scores[1], state.scores[0]
    record.write_text(f"game 3: Expert (second) {mine}-{theirs}, stopped at 8 lines left  {moves}\n")
    games = postmortem.read_games(str(record), names)
    assert [(game.number, game.seat, game.lines) for game in games] == [(3, 1, order)]
    values, _ = postmortem.values_back(board, 1, order, seconds=60.0, most_lines=8)
    rest = exact(state) if state.to_move == 1 else -exact(state)
    assert values == {len(order): mine - theirs + rest}
    assert rest == 6 and mine == theirs == 0  # the Expert to move takes all 6 cells: the rest is not its score


def test_the_mean_and_its_standard_error(postmortem) -> None:
    mean, error = postmortem.mean_and_error([0, -2, -4])
    assert mean == -2 and error == pytest.approx(2 / 3**0.5)
    assert postmortem.mean_and_error([5]) == (5, 0.0)
