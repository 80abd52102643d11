"""How often each side's moves lose value on 3x3 boxes, Expert v Hard, checked move by move by the exact solver.

    python -m benchmarks.experiments.hard_errors               # 20 games, the ladder's seeds and alternation
    python -m benchmarks.experiments.hard_errors --games 40 --seconds 0.5

The empty 3x3 board is worth -3 for the first player, so against a Hard that never loses value the Expert wins
only the games it starts second: Expert v Hard there is at most 50% plus the games Hard, moving second, throws
away. For each side and seat this prints the moves played, the moves that lost value (the solver's value of the
position minus the value of the move played, for the mover), how many games lost 0, 2, 4, ... cells that way,
and the Expert's score.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from game.ai.player import ComputerPlayer
from game.ai.search.solver import Solver
from game.core import Board, GameState


@dataclass
class Tally:
    moves: int = 0
    losing_moves: int = 0
    value_lost: int = 0
    lost_per_game: Counter[int] = field(default_factory=Counter)


def value(state: GameState, table: dict[int, int]) -> int:
    """The exact value for the player to move (normal rules), with a table shared by every call."""
    if state.over:
        return 0
    solver = Solver(state, table=table)
    while not solver.step(1.0):
        pass
    assert solver.value is not None
    return solver.value


def move_value(state: GameState, line: int, table: dict[int, int]) -> int:
    """The mover's value of drawing ``line``: the cells it closes plus what follows, for the mover."""
    mover = state.to_move
    captured = len(state.play(line).captured)
    rest = value(state, table)
    same = state.to_move == mover
    state.undo()
    return captured + (rest if same else -rest)


def play_game(seed: int, expert_first: bool, seconds: float, tallies: dict[str, Tally], table: dict[int, int]) -> float:
    """One game as in the ladder; fills ``tallies`` (keys like 'hard second'); returns the Expert's points."""
    state = GameState(Board.square(3))
    players = [ComputerPlayer("expert", seed, seconds), ComputerPlayer("hard", seed + 1, seconds)]
    names = ["expert", "hard"] if expert_first else ["hard", "expert"]
    seats = players if expert_first else players[::-1]
    keys = [f"{names[0]} first", f"{names[1]} second"]
    lost = [0, 0]
    while not state.over:
        seat = state.to_move
        line = seats[seat].think(state).finish()
        best = value(state, table)
        loss = best - move_value(state, line, table)
        tally = tallies.setdefault(keys[seat], Tally())
        tally.moves += 1
        tally.losing_moves += loss > 0
        tally.value_lost += loss
        lost[seat] += loss
        state.play(line)
    for seat in (0, 1):
        tally = tallies.setdefault(keys[seat], Tally())
        tally.lost_per_game[lost[seat]] += 1
    expert = 0 if expert_first else 1
    mine, theirs = state.scores[expert], state.scores[1 - expert]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.5, help="Expert's time per move (default 0.5)")
    args = parser.parse_args()
    table: dict[int, int] = {}
    print(f"3x3 boxes, empty board value for the first player: {value(GameState(Board.square(3)), table)}")
    tallies: dict[str, Tally] = {}
    points = sum(play_game(1000 * g + 7, g % 2 == 0, args.seconds, tallies, table) for g in range(args.games))
    print(f"Expert v Hard: {100 * points / args.games:.0f}% over {args.games} games (Expert {args.seconds} s a move)")
    print(f"{'side':<16}{'moves':>7}{'losing':>8}{'value lost':>12}  games by value lost in the game")
    for key in sorted(tallies):
        t = tallies[key]
        games = ", ".join(f"{lost}: {count}" for lost, count in sorted(t.lost_per_game.items()))
        print(f"{key:<16}{t.moves:>7}{t.losing_moves:>8}{t.value_lost:>12}  {games}")


if __name__ == "__main__":
    main()
