"""A match over several boards: one fresh board per player, each player starting one; totals decide."""

from __future__ import annotations

from .board import Board
from .rules import GameState, Rules


class Match:
    """The two-board match (one board per player, so two boards for two players), played one board after the other."""

    def __init__(self, board: Board, rules: Rules | None = None) -> None:
        rules = (rules or Rules()).check(board)
        self.games = [GameState(board, rules, first=p) for p in range(rules.players)]
        self.current = 0

    @property
    def game(self) -> GameState:
        return self.games[self.current]

    def next_board(self) -> bool:
        """Move on to the next board once the current one is finished; False when the match is over."""
        if self.game.over and self.current + 1 < len(self.games):
            self.current += 1
            return True
        return False

    @property
    def over(self) -> bool:
        return all(g.over for g in self.games)

    def totals(self) -> list[int]:
        return [sum(g.scores[p] for g in self.games) for p in range(len(self.games[0].scores))]

    def winners(self) -> list[int]:
        """Players on the best total (fewest in misère); all of them share a drawn match."""
        totals = self.totals()
        best = min(totals) if self.games[0].rules.misere else max(totals)
        return [p for p, t in enumerate(totals) if t == best]
