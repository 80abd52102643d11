"""Settings: board shape and size, seats, rule switches, timer, who starts, sound, patterns, animation, match.

Every change is checked before it is kept, so an impossible combination cannot be chosen; the reason is shown.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...ai import LEVELS
from ...core import TIMER_CHOICES
from ...core.shapes import SHAPES
from .. import layout, theme
from ..i18n import AUTO, LANGUAGE_NAMES, LANGUAGES, tr
from ..i18n.phrases import ANIMATION_NAMES, START_NAMES, describe_board, level_name
from ..input import Action
from ..scene import Scene
from ..session import Session
from ..settings_model import (
    ANIMATION_SPEEDS,
    RANDOM_FIRST,
    Seat,
    Settings,
)
from ..widgets import Button, Choice, Panel
from .common import back_button, draw_title, footer_rect, header_rects

if TYPE_CHECKING:
    from ..app import App


def seat_options() -> list[tuple[Seat, str]]:
    return [(Seat("human"), tr("Human"))] + [
        (Seat("computer", level), tr("Computer: {level}").format(level=level_name(level))) for level in LEVELS
    ]


def size_rows(settings: Settings) -> list[tuple[str, list[tuple[int, str]], int, int]]:
    """(label, options, current value, index in size) for the size steppers of the chosen shape."""
    shape = SHAPES[settings.shape]
    options = [(n, shape.option_name(n, tr)) for n in shape.offered]
    labelled = zip(shape.dimensions, settings.size, strict=True)
    return [(tr(label), options, value, index) for index, (label, value) in enumerate(labelled)]


class SettingsScene(Scene):
    def __init__(self, app: App, play: bool) -> None:
        super().__init__(app)
        self.play = play
        self.draft = app.settings
        self.message = ""

    def enter(self) -> None:
        self.draft = self.app.settings  # back from Players: keep what was chosen there
        self.panel = Panel()
        self.invalidate_layout()

    # -- changing the draft -----------------------------------------------------------------------------------
    def change(self, **changes: Any) -> None:
        candidate = self.draft.with_(**changes)
        if "seats" in changes and candidate.first >= len(candidate.seats):
            candidate = candidate.with_(first=0)
        problems = candidate.problems()
        if problems:
            self.message = tr("Not possible: {why}").format(why=problems[0])
        else:
            self.draft = candidate
            self.message = ""
            self.app.save_settings(candidate)
        focus = self.panel.focus
        self.arrange()
        self.panel.focus = focus

    def _set_size(self, index: int, value: int) -> None:
        size = list(self.draft.size)
        size[index] = value
        self.change(size=tuple(size))

    def _set_players(self, count: int) -> None:
        seats = list(self.draft.seats[:count])
        while len(seats) < count:
            seats.append(Seat("computer", "easy"))
        self.change(seats=tuple(seats))

    def _set_seat(self, index: int, seat: Seat) -> None:
        seats = list(self.draft.seats)
        seats[index] = seat
        self.change(seats=tuple(seats))

    def _edit_players(self) -> None:
        from .players import PlayersScene

        self.app.manager.push(PlayersScene(self.app))

    def _controls(self) -> tuple[list[Any], list[Choice]]:
        d = self.draft
        game: list[Any] = [
            Choice(
                tr("Board"),
                [(shape.name, tr(shape.label)) for shape in SHAPES.values()],
                d.shape,
                lambda v: self.change(shape=v, size=SHAPES[v].default),
            ),
        ]
        for label, options, value, index in size_rows(d):
            game.append(Choice(label, options, value, partial(self._set_size, index), stepper=True))
        game.append(Choice(tr("Players"), [(2, "2"), (3, "3"), (4, "4")], len(d.seats), self._set_players))
        names = [look.name for look in d.looks()]
        for index, seat in enumerate(d.seats):
            game.append(
                Choice(
                    tr("Player {n}").format(n=index + 1),
                    seat_options(),
                    seat,
                    partial(self._set_seat, index),
                    stepper=True,
                )
            )
        starters = [(i, name) for i, name in enumerate(names)] + [(RANDOM_FIRST, tr("Random"))]
        game.append(Choice(tr("Who starts"), starters, d.first, lambda v: self.change(first=v), stepper=True))
        game.append(Button(tr("Players: names, initials, colours"), self._edit_players))
        rules = [
            Choice(
                tr("Winner"),
                [(False, tr("Most boxes")), (True, tr("Fewest (misère)"))],
                d.misere,
                lambda v: self.change(misere=v),
            ),
            Choice(
                tr("Start"),
                [(start, tr(name)) for start, name in START_NAMES.items()],
                d.start,
                lambda v: self.change(start=v),
            ),
            Choice(
                tr("Extra move"),
                [(False, tr("Yes")), (True, tr("No (house rule)"))],
                d.no_extra,
                lambda v: self.change(no_extra=v),
            ),
            Choice(
                tr("Move timer"),
                [(t, f"{t} s" if t else tr("Off")) for t in TIMER_CHOICES],
                d.timer,
                lambda v: self.change(timer=v),
            ),
            Choice(
                tr("Match"),
                [(False, tr("One board")), (True, tr("{n} boards").format(n=len(d.seats)))],
                d.match,
                lambda v: self.change(match=v),
            ),
            Choice(
                tr("Competitive"),
                [(False, tr("Off")), (True, tr("No undo or hints"))],
                d.competitive,
                lambda v: self.change(competitive=v),
            ),
            Choice(tr("Sound"), [(True, tr("On")), (False, tr("Off"))], d.sound, lambda v: self.change(sound=v)),
            Choice(
                tr("Patterns"), [(True, tr("On")), (False, tr("Off"))], d.patterns, lambda v: self.change(patterns=v)
            ),
            Choice(
                tr("Animation"),
                [(s, tr(ANIMATION_NAMES[s])) for s in ANIMATION_SPEEDS],
                d.animation,
                lambda v: self.change(animation=v),
            ),
            Choice(
                tr("Language"),
                [(AUTO, tr("Automatic"))] + [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
                d.language,
                lambda v: self.change(language=v),
            ),
        ]
        return game, rules

    # -- layout -----------------------------------------------------------------------------------------------
    def arrange(self) -> None:
        size = self.app.size
        w = size[0]
        u = layout.unit(size)
        self.bar, back_rect = header_rects(size)
        back = back_button(self.app, back_rect)
        footer = footer_rect(size)
        self.message_rect = pygame.Rect(u, footer.y - int(u * 1.2), w - 2 * u, int(u * 1.1))
        body = pygame.Rect(u // 2, self.bar.bottom + u // 2, w - u, self.message_rect.y - self.bar.bottom - u // 2)
        game, rules = self._controls()
        if layout.is_portrait(size):
            rows = layout.split_column(body, len(game) + len(rules), max(2, u // 8), most=int(u * 1.9))
        else:
            half = (body.width - u) // 2
            left = pygame.Rect(body.x, body.y, half, body.height)
            right = pygame.Rect(body.x + half + u, body.y, half, body.height)
            count = max(len(game), len(rules))
            rows = layout.split_column(left, count, u // 6, most=int(u * 1.9))[: len(game)]
            rows += layout.split_column(right, count, u // 6, most=int(u * 1.9))[: len(rules)]
        for control, rect in zip(game + rules, rows, strict=True):
            control.rect = rect
        widgets: list[Any] = [*game, *rules]
        if self.play:
            start = Button(tr("Play"), self.start, primary=True)
            start.rect = footer
            widgets.append(start)
        else:
            done = Button(tr("Done"), self.app.manager.pop, primary=True)
            done.rect = footer
            widgets.append(done)
        widgets.append(back)
        self.panel.set(widgets)

    def start(self) -> None:
        from .board import BoardScene
        from .replace import start_game

        session = Session(self.draft, self.app.rng)
        start_game(self.app, session, lambda: self.app.manager.replace(BoardScene(self.app, session)))

    # -- scene contract ---------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        self.ensure_layout()
        if action.kind == "back":
            self.app.manager.pop()
        else:
            self.panel.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        u = layout.unit(surface.get_size())
        draw_title(self.app, surface, self.bar, tr("New game") if self.play else tr("Settings"))
        text = self.app.text
        if self.message:
            size = text.fit(self.message, int(u * 0.6), self.message_rect.width)
            text.draw(surface, self.message, size, theme.LAST_TURN, center=self.message_rect.center)
        else:
            summary = describe_board(self.draft.board())
            if self.draft.no_help:
                summary += tr(" · competitive: no undo or hints")
            size = text.fit(summary, int(u * 0.6), self.message_rect.width)
            text.draw(surface, summary, size, theme.MUTED, center=self.message_rect.center)
        self.panel.draw(surface, text)
