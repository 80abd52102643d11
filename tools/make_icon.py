"""Draw the Pipopipette icon (a 2x2-box board with two captured boxes) as PNG files, in the game's own palette.

Usage: python -m tools.make_icon OUTPUT_FOLDER   (writes favicon.png, icon-180.png, icon-192.png, icon-512.png)
tools/make_assets.py writes them into assets/icons/.

The picture is defined in a unit square and rasterised with exact anti-aliased coverage, so every size is sharp
and the bytes are the same on every run. The background fills the whole square and the drawing stays inside the
central circle of radius 0.4, so the 512 px icon is also a valid "maskable" icon for phones.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

Color = tuple[int, int, int]

from game.app import theme  # noqa: E402
from game.play.players import COLOURS  # noqa: E402

BACKGROUND: Color = theme.BACKGROUND
DOT: Color = theme.DOT
LINE: Color = theme.LINE
PLAYER_ONE: Color = COLOURS["blue"]  # the first seat, as on the board
PLAYER_TWO: Color = COLOURS["orange"]

SIZES = {"favicon.png": 64, "icon-180.png": 180, "icon-192.png": 192, "icon-512.png": 512}

GRID = (0.27, 0.5, 0.73)
DOT_RADIUS = 0.05
LINE_HALF_WIDTH = 0.018
FILLED = ((0, 0, PLAYER_ONE), (1, 1, PLAYER_TWO))
# Lines as (column, row, horizontal?): the sides of both filled boxes and one more line.
LINES = (
    (0, 0, True),
    (0, 1, True),
    (0, 0, False),
    (1, 0, False),
    (1, 1, True),
    (1, 2, True),
    (1, 1, False),
    (2, 1, False),
    (1, 0, True),
)


class Canvas:
    """An RGB picture of ``size`` x ``size`` pixels that shapes are blended into by their coverage of each pixel."""

    def __init__(self, size: int, background: Color) -> None:
        self.size = size
        self.pixels = bytearray(bytes(background) * size * size)

    def blend(self, x: int, y: int, color: Color, coverage: float) -> None:
        if coverage <= 0.0:
            return
        offset = 3 * (y * self.size + x)
        for channel in range(3):
            old = self.pixels[offset + channel]
            self.pixels[offset + channel] = round(old + (color[channel] - old) * min(coverage, 1.0))

    def rectangle(self, left: float, top: float, right: float, bottom: float, color: Color) -> None:
        """Fill the rectangle given in unit coordinates."""
        s = self.size
        x0, y0, x1, y1 = left * s, top * s, right * s, bottom * s
        for y in range(max(0, int(y0)), min(s, int(y1) + 1)):
            cover_y = _overlap(y, y0, y1)
            for x in range(max(0, int(x0)), min(s, int(x1) + 1)):
                self.blend(x, y, color, cover_y * _overlap(x, x0, x1))

    def disc(self, cx: float, cy: float, radius: float, color: Color) -> None:
        """Fill the circle given in unit coordinates."""
        s = self.size
        px, py, pr = cx * s, cy * s, radius * s
        for y in range(max(0, int(py - pr - 1)), min(s, int(py + pr + 2))):
            for x in range(max(0, int(px - pr - 1)), min(s, int(px + pr + 2))):
                distance = ((x + 0.5 - px) ** 2 + (y + 0.5 - py) ** 2) ** 0.5
                self.blend(x, y, color, pr - distance + 0.5)


def _overlap(pixel: int, start: float, end: float) -> float:
    return max(0.0, min(pixel + 1.0, end) - max(float(pixel), start))


def draw_icon(size: int) -> Canvas:
    """The icon at ``size`` pixels square."""
    canvas = Canvas(size, BACKGROUND)
    inset = LINE_HALF_WIDTH
    for column, row, color in FILLED:
        canvas.rectangle(
            GRID[column] + inset, GRID[row] + inset, GRID[column + 1] - inset, GRID[row + 1] - inset, color
        )
    for column, row, horizontal in LINES:
        x, y = GRID[column], GRID[row]
        if horizontal:
            canvas.rectangle(x, y - LINE_HALF_WIDTH, GRID[column + 1], y + LINE_HALF_WIDTH, LINE)
        else:
            canvas.rectangle(x - LINE_HALF_WIDTH, y, x + LINE_HALF_WIDTH, GRID[row + 1], LINE)
    for y in GRID:
        for x in GRID:
            canvas.disc(x, y, DOT_RADIUS, DOT)
    return canvas


def png_bytes(canvas: Canvas) -> bytes:
    """Encode an RGB canvas as a PNG file (8 bits per channel, no filtering)."""
    stride = 3 * canvas.size
    rows = b"".join(b"\x00" + bytes(canvas.pixels[y * stride : (y + 1) * stride]) for y in range(canvas.size))
    header = struct.pack(">IIBBBBB", canvas.size, canvas.size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 9)) + _chunk(b"IEND", b"")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def write_icons(folder: Path) -> list[Path]:
    """Write every icon size into ``folder`` (created if needed); return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size in SIZES.items():
        path = folder / name
        path.write_bytes(png_bytes(draw_icon(size)))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    for path in write_icons(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
