"""History: statistics against the computer by level, and the list of past games, newest first (scrollable)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame

from ...ai import LEVELS
from ...core import CodeError
from ...core.notation import parse_board_token
from .. import layout, theme
from ..input import Action
from ..scene import Scene
from ..widgets import Panel
from .common import back_button, draw_title, header_rects

if TYPE_CHECKING:
    from ..app import App


def valid_entries(history: Any) -> list[dict[str, Any]]:
    """The entries that can be shown (anything malformed is skipped)."""
    if not isinstance(history, list):
        return []
    entries = []
    for entry in history:
        if not isinstance(entry, dict):
            continue
        names, scores, winners = entry.get("names"), entry.get("scores"), entry.get("winners")
        if not (isinstance(names, list) and isinstance(scores, list) and isinstance(winners, list)):
            continue
        if len(names) != len(scores) or not all(isinstance(s, int) for s in scores):
            continue
        entries.append(entry)
    return entries


def level_record(entries: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Wins, draws and losses of the one human against the computer, by the strongest computer level present."""
    record: dict[str, list[int]] = {}
    for entry in entries:
        seats = entry.get("seats")
        if not isinstance(seats, list) or len(seats) != len(entry["names"]):
            continue
        humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
        levels = [s.get("level") for s in seats if isinstance(s, dict) and s.get("kind") == "computer"]
        levels = [level for level in levels if level in LEVELS]
        if len(humans) != 1 or not levels:
            continue
        level = max(levels, key=LEVELS.index)
        wins = entry["winners"]
        row = record.setdefault(level, [0, 0, 0])
        if humans[0] not in wins:
            row[2] += 1
        elif len(wins) > 1:
            row[1] += 1
        else:
            row[0] += 1
    return record


def describe_entry(entry: dict[str, Any]) -> tuple[str, str]:
    """(when and where, who scored what) for one past game."""
    try:
        when = datetime.fromisoformat(str(entry.get("date"))).astimezone().strftime("%d %b %Y %H:%M")
    except ValueError:
        when = "?"
    try:
        board = parse_board_token(str(entry.get("board"))).describe()
    except CodeError:
        board = "unknown board"
    scores = "  ".join(f"{name} {score}" for name, score in zip(entry["names"], entry["scores"], strict=True))
    wins = entry["winners"]
    if len(wins) == 1 and 0 <= wins[0] < len(entry["names"]):
        scores += f"  ·  {entry['names'][wins[0]]} won"
    else:
        scores += "  ·  draw"
    return f"{when}  ·  {board}", scores


class HistoryScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries = list(reversed(valid_entries(app.store.get("history"))))
        self.record = level_record(self.entries)
        self.scroll = 0
        self.drag_from: tuple[int, int] | None = None
        self._size: tuple[int, int] | None = None

    def enter(self) -> None:
        self.panel = Panel()
        self._size = None

    def _layout(self) -> None:
        size = self.app.size
        self._size = size
        w, h = size
        u = layout.unit(size)
        self.bar, back_rect = header_rects(size)
        back = back_button(self.app)
        back.rect = back_rect
        self.panel.set([back])
        stats_height = int(u * (2.2 + 1.0 * max(1, len(self.record))))
        self.stats_rect = pygame.Rect(u, self.bar.bottom + u // 2, w - 2 * u, stats_height)
        self.list_rect = pygame.Rect(u, self.stats_rect.bottom + u // 2, w - 2 * u, h - self.stats_rect.bottom - u)
        self.row_height = int(u * 2.1)

    def _scroll_by(self, rows: int) -> None:
        visible = max(1, self.list_rect.height // self.row_height)
        self.scroll = max(0, min(max(0, len(self.entries) - visible), self.scroll + rows))

    def handle(self, action: Action) -> None:
        if self._size != self.app.size:
            self._layout()
        kind = action.kind
        if kind == "back":
            self.app.manager.pop()
        elif kind in ("up", "down") and self.panel.focus is None:
            self._scroll_by(-1 if kind == "up" else 1)
        elif kind == "scroll":
            self._scroll_by(-action.amount)
        else:
            if self.panel.handle(action):
                return
            if kind == "press" and self.list_rect.collidepoint(action.pos):
                self.drag_from = action.pos
            elif kind == "drag" and self.drag_from is not None:
                rows = (self.drag_from[1] - action.pos[1]) // self.row_height
                if rows:
                    self._scroll_by(rows)
                    self.drag_from = (action.pos[0], action.pos[1] + rows * self.row_height)
            elif kind == "release":
                self.drag_from = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._size != surface.get_size():
            self._layout()
        u = layout.unit(surface.get_size())
        text = self.app.text
        draw_title(self.app, surface, self.bar, "History")
        self._draw_stats(surface, u)
        if not self.entries:
            text.draw(
                surface,
                "No finished games yet.",
                int(u * 0.8),
                theme.MUTED,
                midtop=(self.list_rect.centerx, self.list_rect.y + u),
            )
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        y = self.list_rect.y
        for entry in self.entries[self.scroll :]:
            if y > self.list_rect.bottom:
                break
            row = pygame.Rect(self.list_rect.x, y, self.list_rect.width, self.row_height - u // 4)
            pygame.draw.rect(surface, theme.PANEL, row, border_radius=10)
            top, bottom = describe_entry(entry)
            size = text.fit(top, int(u * 0.62), row.width - u)
            text.draw(surface, top, size, theme.MUTED, topleft=(row.x + u // 2, row.y + u // 4))
            size = text.fit(bottom, int(u * 0.72), row.width - u)
            text.draw(surface, bottom, size, theme.INK, bottomleft=(row.x + u // 2, row.bottom - u // 4))
            y += self.row_height
        surface.set_clip(clip)
        self.panel.draw(surface, text)

    def _draw_stats(self, surface: pygame.Surface, u: int) -> None:
        text = self.app.text
        rect = self.stats_rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        text.draw(
            surface,
            f"{len(self.entries)} games played",
            int(u * 0.85),
            theme.INK,
            topleft=(rect.x + u // 2, rect.y + u // 3),
        )
        y = rect.y + int(u * 1.4)
        if not self.record:
            text.draw(
                surface,
                "Play the computer to see your record by level.",
                int(u * 0.62),
                theme.MUTED,
                topleft=(rect.x + u // 2, y),
            )
        for level in LEVELS:
            if level in self.record:
                wins, draws, losses = self.record[level]
                line = f"vs {level}: {wins} won, {draws} drawn, {losses} lost"
                text.draw(surface, line, int(u * 0.68), theme.INK, topleft=(rect.x + u // 2, y))
                y += u
