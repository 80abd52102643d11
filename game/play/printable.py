"""Paper to play on (rules sheet 000): a printable rules sheet, with diagrams of a move, a closure and a chain, and
a blank grid of any offered board, as SVG.

No pygame here: each page is an SVG document made as text (A4 upright, in millimetres), offered as a download in the
browser and written as a file on the desktop (:mod:`game.play.backup` moves the file).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from xml.sax.saxutils import escape

from ..core import Board
from .i18n import tr, tr_mark
from .i18n.phrases import describe_board
from .lessons import Line, line_id

PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 210, 297, 15  # A4, in millimetres
RULES_FILE, GRID_FILE = "pipopipette-rules.svg", "pipopipette-grid.svg"

RULES = (
    tr_mark("Players take turns drawing one line between two neighbouring dots, across or down, never diagonally."),
    tr_mark("Whoever draws the last side of a box writes their initial in it and must draw another line."),
    tr_mark("One line can close two boxes at once: both are yours, and you draw one more line."),
    tr_mark("Capturing is optional: you may leave a box for later, or for your opponent."),
    tr_mark("A line that closes nothing ends your turn. Nobody may pass."),
    tr_mark("When every line is drawn, the most boxes wins; equal counts are a draw."),
    tr_mark("Strategy: never draw a box's third side while a safe line is left."),
    tr_mark(
        "Count the long chains (three boxes or more), and open the shortest chain first (Elwyn Berlekamp, The "
        "Dots-and-Boxes Game)."
    ),
    tr_mark("Beginners start on 3x3 dots, then move up to 5x5 dots, and to 6x6 dots and larger for serious play."),
)


@dataclass(frozen=True)
class Diagram:
    """A small square board of ``size`` boxes: ``drawn`` lines thin, ``new`` lines bold (the line being drawn),
    ``marks`` the initials written in boxes (by box number), and a caption under it."""

    size: tuple[int, int]
    drawn: tuple[Line, ...]
    new: tuple[Line, ...]
    caption: str
    marks: tuple[tuple[int, str], ...] = ()


DIAGRAMS = (
    Diagram((1, 2), ("h00", "v00"), ("h01",), tr_mark("A move: one line")),
    Diagram((1, 1), ("h00", "v00", "h10"), ("v01",), tr_mark("A closes the box"), marks=((0, "A"),)),
    Diagram((1, 3), ("h00", "h01", "h02", "h10", "h11", "h12"), (), tr_mark("A chain of three")),
)
DIAGRAM_WIDTH, DIAGRAM_HEIGHT = 50, 22  # millimetres of each diagram's board, its caption below


def _element(tag: str, content: str = "", **attributes: object) -> str:
    """One SVG element; attribute names are written with ``-`` for ``_`` (``font_size`` -> ``font-size``)."""
    written = "".join(f' {name.replace("_", "-")}="{value}"' for name, value in attributes.items())
    return f"<{tag}{written}>{escape(content)}</{tag}>" if content else f"<{tag}{written}/>"


def _page(body: list[str]) -> str:
    size = {"width": f"{PAGE_WIDTH}mm", "height": f"{PAGE_HEIGHT}mm", "viewBox": f"0 0 {PAGE_WIDTH} {PAGE_HEIGHT}"}
    head = _element("svg", xmlns="http://www.w3.org/2000/svg", font_family="sans-serif", **size)[:-2] + ">"
    paper = _element("rect", width=PAGE_WIDTH, height=PAGE_HEIGHT, fill="white")
    return "\n".join([head, paper, *body, "</svg>\n"])


def _text(x: float, y: float, words: str, size: float, anchor: str = "start") -> str:
    return _element("text", words, x=f"{x:.1f}", y=f"{y:.1f}", font_size=size, text_anchor=anchor)


def _placed(
    board: Board, left: float, top: float, width: float, height: float
) -> tuple[list[tuple[float, float]], float]:
    """The board's dots scaled into the given box (kept in proportion, centred), and the scale (mm per unit)."""
    xs, ys = [x for x, _ in board.dots], [y for _, y in board.dots]
    span_x, span_y = max(xs) - min(xs) or 1, max(ys) - min(ys) or 1
    scale = min(width / span_x, height / span_y)
    x0 = left + (width - span_x * scale) / 2 - min(xs) * scale
    y0 = top + (height - span_y * scale) / 2 - min(ys) * scale
    return [(x0 + x * scale, y0 + y * scale) for x, y in board.dots], scale


def _dots(board: Board, left: float, top: float, width: float, height: float) -> list[str]:
    """The board's dots scaled into the given box (kept in proportion, centred), each a small black disc; on a
    board that is not square, every line faintly under them first, as paper grids print them (where two dots may
    be joined is not plain to see among triangles and hexagons)."""
    points, scale = _placed(board, left, top, width, height)
    at = [(f"{x:.2f}", f"{y:.2f}") for x, y in points]
    faint = [] if board.kind == "square" else [
        _element("line", x1=at[a][0], y1=at[a][1], x2=at[b][0], y2=at[b][1], stroke="#c8c8c8", stroke_width="0.3")
        for a, b in board.lines
    ]  # fmt: skip
    radius = f"{max(0.8, min(2.0, scale / 12)):.2f}"
    return faint + [_element("circle", cx=x, cy=y, r=radius) for x, y in at]


def _diagram(diagram: Diagram, left: float, top: float) -> list[str]:
    """One diagram: its lines (thin, the new ones bold), its initials, its dots, and its caption centred below."""
    board = Board.square(*diagram.size)
    points, _ = _placed(board, left, top, DIAGRAM_WIDTH, DIAGRAM_HEIGHT)
    body = []
    for names, width in ((diagram.drawn, 0.6), (diagram.new, 1.6)):
        for name in names:
            (x1, y1), (x2, y2) = (points[dot] for dot in board.lines[line_id(board, name)])
            ends = {"x1": f"{x1:.2f}", "y1": f"{y1:.2f}", "x2": f"{x2:.2f}", "y2": f"{y2:.2f}"}
            body.append(_element("line", stroke="black", stroke_width=width, stroke_linecap="round", **ends))
    for cell, initial in diagram.marks:
        corners = {dot for line in board.cells[cell] for dot in board.lines[line]}
        x = sum(points[dot][0] for dot in corners) / len(corners)
        y = sum(points[dot][1] for dot in corners) / len(corners)
        body.append(_text(x, y + 2.5, initial, 7, "middle"))
    body += _dots(board, left, top, DIAGRAM_WIDTH, DIAGRAM_HEIGHT)
    body.append(_text(left + DIAGRAM_WIDTH / 2, top + DIAGRAM_HEIGHT + 7, tr(diagram.caption), 4.2, "middle"))
    return body


def grid_svg(board: Board) -> str:
    """A blank board to play on paper: its name, its dots, and a line for each player's name and score."""
    width = PAGE_WIDTH - 2 * MARGIN
    body = [_text(PAGE_WIDTH / 2, MARGIN + 6, describe_board(board), 7, "middle")]
    body += _dots(board, MARGIN, MARGIN + 16, width, width)
    y = MARGIN + 16 + width + 14
    for player in ("A", "B"):
        body.append(_text(MARGIN, y, tr("Player {name}: ________________  score: ____").format(name=player), 5))
        y += 12
    return _page(body)


def rules_svg(example: Board | None = None) -> str:
    """The rules on one page, in the active language, with a small board to try them on."""
    body = [_text(PAGE_WIDTH / 2, MARGIN + 8, tr("Pipopipette (Dots and Boxes): the rules"), 8, "middle")]
    y = MARGIN + 22
    for rule in RULES:
        for number, line in enumerate(textwrap.wrap(tr(rule), 78)):
            body.append(_text(MARGIN + (0 if number == 0 else 5), y, ("• " if number == 0 else "") + line, 4.6))
            y += 7
        y += 2
    gap = (PAGE_WIDTH - 2 * MARGIN - len(DIAGRAMS) * DIAGRAM_WIDTH) / (len(DIAGRAMS) - 1)
    for number, diagram in enumerate(DIAGRAMS):
        body += _diagram(diagram, MARGIN + number * (DIAGRAM_WIDTH + gap), y + 2)
    y += DIAGRAM_HEIGHT + 14
    board = example or Board.square(2, 2)
    body.append(_text(PAGE_WIDTH / 2, y + 8, describe_board(board), 5, "middle"))
    size = PAGE_HEIGHT - MARGIN - (y + 14)
    body += _dots(board, (PAGE_WIDTH - size) / 2, y + 14, size, size)
    return _page(body)
