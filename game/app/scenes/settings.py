"""Settings: board shape and size, seats, rule switches, timer, who starts, sound, patterns, animation, match.

The same scene picks an online room's game (``pick``): its Board and Rules pages only, on a draft that is given back
to the room as it changes and never saved as the player's settings.

Every change is checked before it is kept, so an impossible combination cannot be chosen; the reason is shown.
The rows are on three pages (tabs), each row in a fixed place: changing the shape or the number of players leaves
empty places rather than moving the rows below them, so nothing moves under the finger.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from ...ai import LEVELS
from ...core.shapes import SHAPES
from ...play.i18n import AUTO, LANGUAGE_NAMES, LANGUAGES, tr, tr_mark
from ...play.i18n.phrases import ANIMATION_NAMES, level_name
from ...play.match import Session
from ...play.settings import (
    ANIMATION_SPEEDS,
    RANDOM_FIRST,
    Seat,
    Settings,
)
from .. import layout, theme
from ..scene import PanelScene, Services
from ..widgets import Button, Choice, Panel
from .common import back_button, draw_title, footer_rect, header_rects, start_game
from .game_choices import game_summary, rules_rows


def seat_options(short: bool = False) -> list[tuple[Seat, str]]:
    """Human, or a computer and its level ("Player 2  < Computer (Expert) >"); ``short``, the level alone (for the
    narrowest screens, where the longer words do not fit)."""
    computer = "{level}" if short else tr("Computer ({level})")
    return [(Seat("human"), tr("Human"))] + [
        (Seat("computer", level), computer.format(level=level_name(level))) for level in LEVELS
    ]


PAGES = (tr_mark("Board"), tr_mark("Rules"), tr_mark("Players"), tr_mark("Options"))
PLAYERS_PAGE = 2
OPTIONS_PAGE = 3
ROOM_PAGES = 2  # an online room's game: Board and Rules
SLOTS = 6  # rows a page has room for; every row has its own place on its page


def size_rows(settings: Settings) -> list[tuple[str, list[tuple[int, str]], int, int]]:
    """(label, options, current value, index in size) for the size steppers of the chosen shape."""
    shape = SHAPES[settings.shape]
    options = [(n, shape.option_name(n, tr)) for n in shape.offered]
    labelled = zip(shape.dimensions, settings.size, strict=True)
    return [(tr(label), options, value, index) for index, (label, value) in enumerate(labelled)]


def slot_rect(body: pygame.Rect, slot: int, m: layout.Metrics) -> pygame.Rect:
    """The place of row ``slot`` of a page: one column of :data:`SLOTS` rows upright, two of three sideways; it
    depends only on the surface, never on which rows a page shows."""
    columns = 1 if m.portrait else 2
    per_column = math.ceil(SLOTS / columns)
    gap = max(2, m.u // 8)
    width = (body.width - m.u * (columns - 1)) // columns
    height = max(m.target, min(int(m.u * 2.4), (body.height - gap * (per_column - 1)) // per_column))
    column, row = divmod(slot, per_column)
    return pygame.Rect(body.x + column * (width + m.u), body.y + row * (height + gap), width, height)


class SettingsScene(PanelScene):
    """``play``: New game (ends in Play); ``pick``: an online room's game, from ``draft``, each change given to
    ``pick`` (the Board and Rules pages; the player's settings are left as they are)."""

    def __init__(
        self, app: Services, play: bool, draft: Settings | None = None, pick: Callable[[Settings], None] | None = None
    ) -> None:
        super().__init__(app)
        self.play = play
        self.pick = pick
        self.draft = draft if draft is not None and pick is not None else app.settings
        self.message = ""
        self.note = ""  # what a change did besides itself (a timer made the game competitive)
        self.page = 0

    def enter(self) -> None:
        if self.pick is None:
            self.draft = self.app.settings  # back from Players: keep what was chosen there
        self.panel = Panel()
        self.invalidate_layout()

    # -- changing the draft -----------------------------------------------------------------------------------
    def change(self, **changes: Any) -> None:
        candidate = self.draft.with_(**changes).help_follows(self.draft)
        self.note = ""
        if candidate.competitive and not self.draft.competitive and "competitive" not in changes:
            self.note = tr("Competitive is now on: no undo or hints")
        if "seats" in changes and candidate.first >= len(candidate.seats):
            candidate = candidate.with_(first=0)
        problems = candidate.problems()
        if problems:
            self.message = tr("Not possible: {why}").format(why=problems[0])
        else:
            self.draft = candidate
            self.message = ""
            if self.pick is not None:
                self.pick(candidate)
            else:
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
        self.app.go("players")

    def _controls(self) -> list[list[tuple[int, Choice]]]:
        """Each page's rows with their places (a place stays empty when its row does not apply)."""
        d = self.draft
        board: list[tuple[int, Choice]] = [
            (
                0,
                Choice(
                    tr("Board"),
                    [(shape.name, tr(shape.label)) for shape in SHAPES.values()],
                    d.shape,
                    lambda v: self.change(shape=v, size=SHAPES[v].default),
                ),
            ),
        ]
        for label, options, value, index in size_rows(d):
            board.append((1 + index, Choice(label, options, value, partial(self._set_size, index), stepper=True)))
        board.append(
            (
                3,
                Choice(
                    tr("Match"),
                    [(False, tr("One board")), (True, tr("{n} boards").format(n=len(d.seats)))],
                    d.match,
                    lambda v: self.change(match=v),
                ),
            )
        )
        if len(d.seats) == 2:  # (only two players can be separated by a board with an odd number of cells)
            board.append(
                (
                    4,
                    Choice(
                        tr("If tied"),
                        [(False, tr("Offer a decider")), (True, tr("Decider agreed"))],
                        d.decider,
                        lambda v: self.change(decider=v),
                    ),
                )
            )
        rules = rules_rows(d, self.change)
        players: list[tuple[int, Choice]] = [
            (0, Choice(tr("Players"), [(2, "2"), (3, "3"), (4, "4")], len(d.seats), self._set_players))
        ]
        names = [look.name for look in d.looks()]
        for index, seat in enumerate(d.seats):
            row = Choice(
                tr("Player {n}").format(n=index + 1), seat_options(), seat, partial(self._set_seat, index), stepper=True
            )
            players.append((1 + index, row))
        starters = [(i, name) for i, name in enumerate(names)] + [(RANDOM_FIRST, tr("Random"))]
        players.append((5, Choice(tr("Who starts"), starters, d.first, lambda v: self.change(first=v), stepper=True)))
        choices = [
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
            Choice(
                tr("Theme"),
                [(AUTO, tr("Automatic")), ("light", tr("Light")), ("dark", tr("Dark"))],
                d.theme,
                lambda v: self.change(theme=v),
            ),
        ]
        return [board, list(enumerate(rules)), players, list(enumerate(choices))]

    def page_of(self, label: str) -> int | None:
        """The page holding the row called ``label`` (None when there is none)."""
        for number, rows in enumerate(self._controls()):
            if any(row.label == label for _, row in rows):
                return number
        return None

    def show_page(self, page: int) -> None:
        self.page = page
        self.arrange()
        self.panel.focus = None

    # -- layout -----------------------------------------------------------------------------------------------
    def arrange(self) -> None:
        m = self.app.metrics
        u, w = m.u, m.size[0]
        gap = max(2, u // 8)
        self.bar, back_rect = header_rects(m)
        back = back_button(self.app, back_rect)
        footer = footer_rect(m)
        line = int(m.caption * 0.9)
        self.message_rect = pygame.Rect(u, footer.y - gap - 2 * line, w - 2 * u, 2 * line)  # (two lines of words)
        tab_names = [(i, tr(name)) for i, name in enumerate(PAGES[:ROOM_PAGES] if self.pick else PAGES)]
        tabs = Choice("", tab_names, self.page, self.show_page, label_share=0)
        tabs.place(pygame.Rect(self.bar.x, self.bar.bottom + gap, self.bar.width, m.target), self.app.text)
        body = pygame.Rect(self.bar.x, tabs.rect.bottom + 2 * gap, self.bar.width, 0)
        body.height = self.message_rect.y - gap - body.y
        pages = self._controls()
        share = self._label_share(pages, slot_rect(body, 0, m).width)
        rows = pages[self.page]
        for slot, row in rows:
            row.label_share = share
            row.place(slot_rect(body, slot, m), self.app.text)
            if row.options == seat_options() and not row.values_fit(self.app.text):
                row.options = seat_options(short=True)
                row.place(slot_rect(body, slot, m), self.app.text)
        done = (
            Button(tr("Play"), self.start, primary=True)
            if self.play
            else Button(tr("Done"), self.app.manager.pop, primary=True)
        )
        done.rect = footer
        footer_buttons = [done]
        side = self._side_button()
        if side is not None:  # beside Done, a scene of its own
            side.rect, done.rect = footer.copy(), footer.copy()
            side.rect.width = footer.width * 3 // 5 - u // 4
            done.rect.width = footer.width - side.rect.width - u // 2
            done.rect.right = footer.right
            footer_buttons.insert(0, side)
        if self.page == OPTIONS_PAGE:  # the online servers have a scene of their own (a list to type or paste)
            servers = Button(self.servers_label(), lambda: self.app.go("servers"))
            servers.rect = slot_rect(body, len(rows), m)
            footer_buttons.insert(0, servers)
        self.panel.set([*(row for _, row in rows), tabs, *footer_buttons, back])

    def _side_button(self) -> Button | None:
        """The players' names, initials and colours on the Players page; paper to play on (How to play's print
        page) on the Options page."""
        if self.page == PLAYERS_PAGE:
            return Button(tr("Names and colours"), self._edit_players)
        if self.page == OPTIONS_PAGE:
            return Button(tr("Print the rules or a grid"), lambda: self.app.go("how_to_play", printing=True))
        return None

    def servers_label(self) -> str:
        count = len(self.app.settings.stun) + len(self.app.settings.relays)
        return tr("Online servers: {n}").format(n=count) if count else tr("Online servers: none")

    def _label_share(self, pages: list[list[tuple[int, Choice]]], width: int) -> float:
        """The part of a row given to labels: room for the widest label any page can show (so it stays the same
        whatever the shape or the number of players), between a quarter and 45% of the row."""
        labels = [row.label for rows in pages for _, row in rows]
        labels += [tr("Rows"), tr("Columns"), tr("Size"), tr("Player {n}").format(n=4)]
        widest = max(self.app.text.width(label, self.app.metrics.body) for label in labels) + self.app.metrics.u // 2
        return min(0.45, max(0.25, widest / max(1, width)))

    def start(self) -> None:
        session = Session(self.draft, self.app.rng)
        start_game(self.app, session, lambda: self.app.replace("board", session=session))

    def summary(self) -> str:
        return game_summary(self.draft)

    def title(self) -> str:
        if self.pick is not None:
            return tr("The room's game")
        return tr("New game") if self.play else tr("Settings")

    # -- scene contract ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        draw_title(self.app, surface, self.bar, self.title())
        text = self.app.text
        words = self.message or self.note or self.summary()
        ink = theme.LAST_TURN if self.message or self.note else theme.MUTED
        lines, size = text.fit_lines(words, m.caption, self.message_rect.width, 2)
        step = self.message_rect.height // 2
        y = self.message_rect.bottom - step * len(lines)
        for line in lines:
            text.draw(surface, line, size, ink, midtop=(self.message_rect.centerx, y))
            y += step
        self.panel.draw(surface, text)
