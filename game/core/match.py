"""A match over several boards, one fresh board per player, each player starting one; totals decide.

A single game is a match of one board, so the app plays every game through this one class.
"""

from __future__ import annotations

from .board import Board
from .rules import GameState, Rules


class Match:
    """Boards of the same size played one after the other; board k is started by player ``first + k``.

    ``boards`` defaults to one per player (the two-board match for two players); lines never carry over.
    """

    def __init__(self, board: Board, rules: Rules | None = None, first: int = 0, boards: int | None = None) -> None:
        rules = (rules or Rules()).check(board)
        count = rules.players if boards is None else boards
        self.games = [GameState(board, rules, first=(first + k) % rules.players) for k in range(count)]
        self.current = 0

    def resume(self, games: list[GameState], current: int) -> None:
        """Go on with a match under way: ``games`` as played so far (the same boards, rules and starters as this
        match's), ``current`` the board in play; ValueError says why they cannot be this match's."""
        if len(games) != len(self.games) or not 0 <= current < len(games):
            raise ValueError("the wrong number of boards")
        for game, fresh in zip(games, self.games, strict=True):
            if game.board is not fresh.board or game.rules != fresh.rules or game.first != fresh.first:
                raise ValueError("boards that do not match the settings")
        self.games, self.current = list(games), current

    @property
    def game(self) -> GameState:
        return self.games[self.current]

    @property
    def last_board(self) -> bool:
        return self.current + 1 >= len(self.games)

    def next_board(self) -> bool:
        """Move on to the next board once the current one is finished; False when the match is over."""
        if self.game.over and not self.last_board:
            self.current += 1
            return True
        return False

    @property
    def over(self) -> bool:
        return all(g.over for g in self.games)

    def board_scores(self) -> list[list[int]]:
        """Each board's scores, board by board (the rules sheet writes both boards' scores down)."""
        return [list(g.scores) for g in self.games]

    def totals(self) -> list[int]:
        return [sum(g.scores[p] for g in self.games) for p in range(len(self.games[0].scores))]

    def winners(self) -> list[int]:
        """Players on the best total (fewest in misère); all of them share a drawn match."""
        totals = self.totals()
        best = min(totals) if self.games[0].rules.misere else max(totals)
        return [p for p, t in enumerate(totals) if t == best]
