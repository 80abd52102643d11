"""Zooming a board that is too dense for a finger (a 12x12 board on a phone): two fingers pinch to zoom and move
together to pan; pinching back out, two fingers tapped together, or a double tap where there is no line (around
the board), fit the whole board again.

The zoomed board is a :class:`BoardView` laid out in a rect larger than the board's place, drawn only inside that
place (``visible``), so hit-testing, the loupe and every mark work on it as on the whole board."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .render import BoardView

MAX_ZOOM = 3.0
LEAST_ZOOM = 1.5  # even a board that is easy to hit may be zoomed this much
FINGER_EDGES = 2.5  # zoomed in fully, two dots are this many touch radii apart (within the limits above)
SHOWN_MARGIN = 0.12  # a line drawn out of sight is brought this far (a share of the place) in from the edge
PAN_SECONDS = 0.4  # and the board pans there in about this long


def _clamp(value: float, low: float, high: float) -> float:
    return low if value < low else high if value > high else value


class BoardZoom:
    """How much a board is zoomed (``scale``, 1 = the whole board) and which of its points is in the middle of its
    place (``centre``, as fractions of the board's fitted rect)."""

    def __init__(self, reach: Callable[[], float]) -> None:
        self.reach = reach
        self.base: BoardView | None = None
        self.scale = 1.0
        self.centre = (0.5, 0.5)
        self._view: BoardView | None = None
        self._start: tuple[float, tuple[float, float]] | None = None  # a pinch's start: scale, point under fingers
        self.target: tuple[float, float] | None = None  # where a pan to show a line goes

    def place(self, base: BoardView) -> None:
        """The board's whole view; a new board or a new layout (a rotation) starts fitted."""
        old = self.base
        if old is None or old.rect != base.rect or old.board is not base.board:
            self.fit()
        self.base = base
        self._view = None

    @property
    def zoomed(self) -> bool:
        return self.scale > 1.0

    @property
    def view(self) -> BoardView | None:
        """The board as shown now: the whole view, or a zoomed one (made once per zoom and pan)."""
        base = self.base
        if base is None or not self.zoomed:
            return base
        if self._view is None:
            w, h = base.rect.width * self.scale, base.rect.height * self.scale
            cx, cy = self.centre
            rect = pygame.Rect(round(base.rect.centerx - cx * w), round(base.rect.centery - cy * h), round(w), round(h))
            self._view = BoardView(base.board, rect, visible=base.rect)
        return self._view

    def most(self) -> float:
        """The most this board may be zoomed: until two dots are a few finger widths apart."""
        if self.base is None:
            return 1.0
        return _clamp(FINGER_EDGES * self.reach() / max(1.0, self.base.edge), LEAST_ZOOM, MAX_ZOOM)

    def fit(self) -> None:
        self.scale, self.centre, self._view, self._start = 1.0, (0.5, 0.5), None, None
        self.target = None

    # -- following a line drawn elsewhere ---------------------------------------------------------------------
    def show(self, line: int) -> None:
        """Zoomed in, a line drawn out of sight (the opponent's): pan gently (:meth:`follow`) until its middle is
        inside the place again, a little in from the edge; nothing when it is in sight or the board is fitted."""
        base = self.base
        if base is None or not self.zoomed:
            return
        (ax, ay), (bx, by) = base.ends[line]
        point = (
            ((ax + bx) / 2 - base.rect.x) / max(1, base.rect.width),
            ((ay + by) / 2 - base.rect.y) / max(1, base.rect.height),
        )
        reach = (0.5 - SHOWN_MARGIN) / self.scale
        edge = 0.5 / self.scale
        target = tuple(
            _clamp(_clamp(centre, at - reach, at + reach), edge, 1 - edge)
            for centre, at in zip(self.centre, point, strict=True)
        )
        if target != self.centre:
            self.target = (target[0], target[1])

    @property
    def panning(self) -> bool:
        return self.target is not None

    def follow(self, dt: float) -> None:
        """Move a step towards the line to show: most of the way in :data:`PAN_SECONDS`, then there."""
        if self.target is None:
            return
        share = min(1.0, dt / PAN_SECONDS * 3)
        (cx, cy), (tx, ty) = self.centre, self.target
        cx, cy = cx + (tx - cx) * share, cy + (ty - cy) * share
        if abs(tx - cx) < 1e-3 and abs(ty - cy) < 1e-3:
            cx, cy, self.target = tx, ty, None
        self.centre, self._view = (cx, cy), None

    # -- gestures ---------------------------------------------------------------------------------------------
    def start(self, pos: tuple[int, int]) -> None:
        """Two fingers came down around ``pos``: the board's point there stays between them (a pan under way
        stops: the fingers lead)."""
        self._start, self.target = (self.scale, self.point_at(pos)), None

    def pinch(self, pos: tuple[int, int], spread: float) -> None:
        """The fingers are around ``pos``, ``spread`` times as far apart as when they came down."""
        if self._start is None or self.base is None:
            return
        scale, point = self._start
        self.zoom_to(scale * spread, point, pos)

    def wheel(self, pos: tuple[int, int], steps: int) -> None:
        """The mouse wheel over ``pos``: each step zooms by a quarter, keeping the point under the mouse."""
        self.zoom_to(self.scale * 1.25**steps, self.point_at(pos), pos)

    def zoom_to(self, scale: float, point: tuple[float, float], pos: tuple[int, int]) -> None:
        """Zoom to ``scale`` with the board's ``point`` (fractions of its rect) under ``pos``, the board always
        covering its place."""
        base = self.base
        if base is None:
            return
        scale = _clamp(scale, 1.0, self.most())
        if scale <= 1.02:
            start, self._start = self._start, None
            self.fit()
            self._start = start
            return
        w, h = base.rect.width * scale, base.rect.height * scale
        cx = _clamp(point[0] + (base.rect.centerx - pos[0]) / w, 0.5 / scale, 1 - 0.5 / scale)
        cy = _clamp(point[1] + (base.rect.centery - pos[1]) / h, 0.5 / scale, 1 - 0.5 / scale)
        if (scale, (cx, cy)) != (self.scale, self.centre):
            self.scale, self.centre, self._view = scale, (cx, cy), None

    def point_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        """The board's point under ``pos``, as fractions of its rect."""
        view = self.view
        if view is None:
            return 0.5, 0.5
        return (pos[0] - view.rect.x) / max(1, view.rect.width), (pos[1] - view.rect.y) / max(1, view.rect.height)
