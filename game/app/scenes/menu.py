"""The menu: Continue, New game, Quick play, Open a link, Play online, Puzzles, How to play, History, Settings; a
small board as decoration."""

from __future__ import annotations

import random

import pygame

from ...core import Board, GameState
from ...play.i18n import tr
from ...play.match import Session, load_unfinished
from .. import layout, theme
from ..input import Action
from ..render import BoardView, Marks
from ..scene import Scene
from ..widgets import Button, Panel
from .common import start_game


def sample_position() -> GameState:
    """A 3x3 game part-way through, drawn on the menu."""
    rng = random.Random(2)
    while True:
        state = GameState(Board.square(3, 3))
        while len(state.moves) < 18:
            state.play_random(rng)
        if min(state.scores) >= 2:
            return state


class MenuScene(Scene):
    def enter(self) -> None:
        self.panel = Panel()
        self.sample = sample_position()
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        w, h = m.size
        u = m.u
        has_saved = self.app.saved.has_unfinished()
        buttons = [Button(tr("Continue"), self.resume, primary=True)] if has_saved else []  # (nothing to continue: no
        buttons += [  # greyed button, the first thing a new player would see)
            Button(tr("New game"), self.new_game, primary=not has_saved),
            Button(tr("Quick play"), self.quick_play),
            Button(tr("Open a link"), self.open_link),
            Button(tr("Play online"), self.play_online),
            Button(tr("Puzzles"), self.puzzles),
            Button(tr("How to play"), self.how_to_play),
            Button(tr("History"), self.history),
            Button(tr("Settings"), self.settings),
        ]
        gap = u // 3
        button_h = max(m.target, int(u * 2.4))
        title_h = int(u * 4)
        room = h - u - (title_h + u // 2 if m.portrait else u)  # what the buttons may take, top to bottom
        columns = 1 if len(buttons) * (m.target + gap) - gap <= room else 2  # two columns when one is too tall
        rows = -(-len(buttons) // columns)
        button_h = min(button_h, max(m.target, (room - (rows - 1) * gap) // rows))
        column_height = rows * button_h + (rows - 1) * gap
        if m.portrait:
            self.title_rect = pygame.Rect(0, u // 2, w, title_h)
            column = pygame.Rect(u * 2 if columns == 1 else u, h - u - column_height, 0, column_height)
            column.width = w - 2 * column.x
            art = pygame.Rect(u * 3, self.title_rect.bottom, w - u * 6, column.top - self.title_rect.bottom - u // 2)
        else:
            self.title_rect = pygame.Rect(0, u, w // 2, title_h)
            top = self.title_rect.bottom + u // 2
            art = pygame.Rect(u * 3, top, w // 2 - u * 6, h - top - u * 2)
            column = pygame.Rect(w // 2 + u, (h - column_height) // 2, w // 2 - u * 3, column_height)
        halves = layout.split_row(column, columns, u // 2)
        places = [rect for half in halves for rect in layout.split_column(half, rows, gap, most=button_h)]
        for button, rect in zip(buttons, places, strict=False):
            button.rect = rect
        self.panel.set(buttons)
        self.view = BoardView(self.sample.board, art) if min(art.size) >= u * 2 else None  # no room: no picture

    # -- actions ----------------------------------------------------------------------------------------------
    def resume(self) -> None:
        session = load_unfinished(self.app.saved, self.app.rng)
        if session is None:
            self.invalidate_layout()
            return
        self._start(session)

    def new_game(self) -> None:
        self.app.go("settings", play=True)

    def quick_play(self) -> None:
        session = Session(self.app.settings, self.app.rng)
        start_game(self.app, session, lambda: self._start(session))

    def _start(self, session: Session) -> None:
        self.app.go("board", session=session)

    def open_link(self) -> None:
        self.app.go("open_link")

    def play_online(self) -> None:
        self.app.go("online")

    def how_to_play(self) -> None:
        self.app.go("how_to_play")

    def puzzles(self) -> None:
        self.app.go("puzzles")

    def history(self) -> None:
        self.app.go("history")

    def settings(self) -> None:
        self.app.go("settings", play=False)

    # -- scene contract ---------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back":
            if not self.app.browser:
                self.app.running = False
            return
        self.panel.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        u = m.u
        text = self.app.text
        text.draw(
            surface,
            "Pipopipette",
            text.fit("Pipopipette", int(u * 2.4), self.title_rect.width - 2 * u),
            theme.INK,
            center=(self.title_rect.centerx, self.title_rect.y + int(u * 1.5)),
        )
        text.draw(
            surface,
            tr("Dots and Boxes"),
            max(m.body, int(u * 1.0)),
            theme.MUTED,
            center=(self.title_rect.centerx, self.title_rect.y + int(u * 3.1)),
        )
        looks = self.app.settings.looks()  # the sample shows the players' own colours and initials
        if self.view is not None:
            self.view.draw(surface, self.sample, text, Marks(), looks, self.app.settings.patterns)
        self.panel.draw(surface, text)
