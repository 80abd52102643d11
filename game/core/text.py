"""A text drawing of any board: dots, drawn lines and owned cells on a character grid."""

from __future__ import annotations

from .rules import GameState
from .shapes import shape_of


def draw(state: GameState) -> str:
    """Dots are ``o``, drawn lines ``-``, ``|``, ``/`` or ``\\``, owned cells the owner's number (1-based)."""
    board = state.board
    sx, sy = 4, 2 / shape_of(board).row_height  # two text rows between rows of dots
    x0, y0, x1, y1 = board.bounds()
    width, height = round((x1 - x0) * sx) + 1, round((y1 - y0) * sy) + 1
    grid = [[" "] * width for _ in range(height)]

    def at(x: float, y: float) -> tuple[int, int]:
        return round((y - y0) * sy), round((x - x0) * sx)

    for line, (a, b) in enumerate(board.lines):
        if not state.is_drawn(line):
            continue
        (ax, ay), (bx, by) = board.dots[a], board.dots[b]
        dx, dy = (bx - ax) * sx, (by - ay) * sy
        char = "-" if abs(dy) < 0.5 else "|" if abs(dx) < 0.5 else ("\\" if dx * dy > 0 else "/")
        steps = max(abs(round(dx)), abs(round(dy)), 1)
        for k in range(1, steps):
            r, c = at(ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps)
            grid[r][c] = char
    for cell, owner in enumerate(state.owner):
        if owner >= 0:
            r, c = at(*board.cell_centre(cell))
            grid[r][c] = str(owner + 1)
    for x, y in board.dots:
        r, c = at(x, y)
        grid[r][c] = "o"
    return "\n".join("".join(row).rstrip() for row in grid)
