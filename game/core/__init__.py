"""The rules core: boards of every shape, the game state and rules, matches, timers, notation and codes.

Standard library only (no pygame), so it runs the same in tests, the engine, the desktop and the browser.
"""

from .board import Board
from .match import Match
from .notation import CodeError, NotationError, code_game, decode, encode, line_name, parse_line
from .rules import GameState, IllegalMove, MoveResult, Rules, RulesError, predrawn_lines
from .shapes import BoardError
from .text import draw
from .timer import TIMER_CHOICES, MoveTimer

__all__ = [
    "Board",
    "BoardError",
    "CodeError",
    "GameState",
    "IllegalMove",
    "Match",
    "MoveResult",
    "MoveTimer",
    "NotationError",
    "Rules",
    "RulesError",
    "TIMER_CHOICES",
    "code_game",
    "decode",
    "draw",
    "encode",
    "line_name",
    "parse_line",
    "predrawn_lines",
]
