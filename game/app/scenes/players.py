"""Player setup: each seat's colour (a colour-blind-safe set), initial and, for people, name; and the name keyboard.

A self-contained scene reached from Settings. Choosing a colour or an initial that another player has swaps the
two, so no two players are ever alike. Every change is saved with the settings at once. Names are typed on an
on-screen keyboard (the browser gives a canvas no keyboard on phones).
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...play.i18n import tr
from ...play.players import COLOUR_LABELS, COLOURS, INITIALS, LETTERS, NAME_LIMIT, Look, Player, chosen, seat_colours
from ...play.text import clean
from .. import theme
from ..input import Action
from ..scene import PanelScene, Scene, Services
from ..scoreboard import swatch
from ..widgets import Button, Choice, Panel, focus_ring, label_lines, part_under
from .common import back_button, draw_title, header_rects

if TYPE_CHECKING:
    from ...play.settings import Settings

AUTO = ""
NAME_CHAR = re.compile(f"[{LETTERS}]")


class ColourRow:
    """One swatch per colour of the set; the seat's colour is ringed. Left/right move the choice."""

    def __init__(self, label: str, value: str, on_change: Any) -> None:
        self.label = label
        self.names = list(COLOURS)
        self.index = self.names.index(value)
        self.on_change = on_change
        self.enabled = True
        self.rect = pygame.Rect(0, 0, 0, 0)

    def part_rects(self) -> list[tuple[int, pygame.Rect]]:
        count = len(self.names)
        width = self.rect.width // count
        return [(i, pygame.Rect(self.rect.x + i * width, self.rect.y, width, self.rect.height)) for i in range(count)]

    def part_at(self, pos: tuple[int, int]) -> Any:
        return part_under(self.part_rects(), pos)

    def activate(self, part: Any) -> None:
        if part != self.index:
            self.on_change(self.names[part])

    def key(self, kind: str) -> bool:
        if kind in ("left", "right"):
            self.activate((self.index + (1 if kind == "right" else -1)) % len(self.names))
            return True
        return False

    def draw(self, surface: pygame.Surface, text: Any, focused: bool, hover: Any, pressed: Any) -> None:
        for part, rect in self.part_rects():
            colour = COLOURS[self.names[part]]
            radius = max(6, min(rect.width, rect.height) // 2 - 6)
            if part == self.index:
                pygame.draw.circle(surface, theme.INK, rect.center, radius + 5, 4)
            elif part in (hover, pressed):
                pygame.draw.circle(surface, theme.BUTTON_HOVER, rect.center, radius + 5)
            pygame.draw.circle(surface, colour, rect.center, radius)
        if focused:
            focus_ring(surface, self.rect, 10)


def with_player(settings: Settings, seat: int, **changes: str) -> Settings:
    """``settings`` with seat ``seat``'s choices changed; a colour or initial another player has is swapped."""
    players = list(chosen(settings.players, len(settings.seats)))
    colours = seat_colours(settings.players, len(settings.seats))
    players = [p if p.colour else Player(p.name, p.initial, colours[i]) for i, p in enumerate(players)]
    mine = players[seat]
    for what in ("colour", "initial"):
        value = changes.get(what)
        if not value:
            continue
        for other, player in enumerate(players):
            if other != seat and getattr(player, what) == value:
                players[other] = Player(**{**player.to_data(), what: getattr(mine, what)})
    players[seat] = Player(**{**mine.to_data(), **changes})
    return settings.with_(players=tuple(players))


class PlayersScene(PanelScene):
    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.message = ""

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def change(self, seat: int, **changes: str) -> None:
        candidate = with_player(self.app.settings, seat, **changes)
        problems = candidate.problems()
        if problems:
            self.message = tr("Not possible: {why}").format(why=problems[0])
        else:
            self.message = ""
            self.app.save_settings(candidate)
        focus = self.panel.focus
        self.arrange()
        self.panel.focus = focus

    def choose(self, seat: int, what: str, value: str) -> None:
        self.change(seat, **{what: value})

    def edit_name(self, seat: int) -> None:
        self.app.go("player_name", seat=seat)

    # -- layout -----------------------------------------------------------------------------------------------
    def note(self) -> str:
        return self.message or self.about_colours()

    def about_colours(self) -> str:
        colours = ", ".join(tr(label) for label in COLOUR_LABELS.values())
        return tr("Colours: {colours}. Each seat keeps its pattern.").format(colours=colours)

    def card_height(self) -> int:
        """A seat's card: three rows (swatch and name, colours, initial) of finger height."""
        m = self.app.metrics
        return 3 * m.target + 2 * (m.u // 4) + m.u // 2

    def seat_rects(self, body: pygame.Rect) -> list[pygame.Rect]:
        """The seats' cards in ``body``: one column upright and two side by side sideways, more columns when the
        cards would not fit the height otherwise (four seats on a small phone)."""
        count = len(self.app.settings.seats)
        gap = self.app.metrics.u // 2
        card = self.card_height()
        first = 1 if self.app.metrics.portrait else min(2, count)
        for columns in range(first, count + 1):
            rows = -(-count // columns)
            if rows * card + (rows - 1) * gap <= body.height:
                break
        width = (body.width - gap * (columns - 1)) // columns
        height = min(card, (body.height - gap * (rows - 1)) // rows)
        return [
            pygame.Rect(body.x + (i % columns) * (width + gap), body.y + (i // columns) * (height + gap), width, height)
            for i in range(count)
        ]

    def arrange(self) -> None:
        m = self.app.metrics
        u = m.u
        w, h = m.size
        self.bar, back_rect = header_rects(m)
        # the note's room is fixed (the colours' note, at least two lines) so a message never moves the cards
        room = max(2, len(self.app.text.wrap(self.about_colours(), m.caption, w - 2 * u)))
        self.note_lines = self.app.text.wrap(self.note(), m.caption, w - 2 * u)
        if len(self.note_lines) > room:
            rest = " ".join(self.note_lines[room - 1 :])
            self.note_lines = self.note_lines[: room - 1] + [self.app.text.shorten(rest, m.caption, w - 2 * u)]
        note_top = h - u // 2 - room * int(m.caption * 0.8)
        body = pygame.Rect(u // 2, self.bar.bottom + u // 2, w - u, note_top - u // 2 - self.bar.bottom - u // 2)
        settings = self.app.settings
        self.looks = settings.looks()
        players = chosen(settings.players, len(settings.seats))
        self.cards = self.seat_rects(body)
        widgets: list[Any] = []
        self.swatches: list[pygame.Rect] = []
        row = m.target
        for seat, card in enumerate(self.cards):
            inner = card.inflate(-u // 2, -u // 2)
            step = max(row + u // 4, (inner.height - row) // 2)
            top = pygame.Rect(inner.x, inner.y, inner.width, row)
            swatch_w = row if inner.width >= 3 * row else 0  # (a narrow card: the name takes the whole row)
            self.swatches.append(pygame.Rect(top.x, top.y, swatch_w, row))
            if not settings.seats[seat].is_computer:
                name = Button(players[seat].name or tr("Add a name"), partial(self.edit_name, seat))
                indent = swatch_w + u // 2 if swatch_w else 0
                name.rect = pygame.Rect(top.x + indent, top.y, top.width - indent, row)
                widgets.append(name)
            colour = seat_colours(settings.players, len(settings.seats))[seat]
            label = tr("Player {n} colour").format(n=seat + 1)
            colour_row = ColourRow(label, colour, partial(self.choose, seat, "colour"))
            colour_row.rect = pygame.Rect(inner.x, inner.y + step, inner.width, row)
            widgets.append(colour_row)
            auto = tr("Initial {initial} (auto)").format(initial=self.looks[seat].initial)
            options = [(AUTO, auto)] + [(c, tr("Initial {initial}").format(initial=c)) for c in INITIALS]
            on_initial = partial(self.choose, seat, "initial")
            initial = Choice(tr("Initial"), options, players[seat].initial, on_initial, stepper=True, label_share=0)
            initial.place(pygame.Rect(inner.x, inner.y + 2 * step, inner.width, row), self.app.text)
            widgets.append(initial)
        widgets.append(back_button(self.app, back_rect))
        self.panel.set(widgets)

    # -- scene contract ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        u = m.u
        text = self.app.text
        draw_title(self.app, surface, self.bar, tr("Players"))
        settings = self.app.settings
        for seat, (card, box) in enumerate(zip(self.cards, self.swatches, strict=True)):
            pygame.draw.rect(surface, theme.PANEL, card, border_radius=12)
            look: Look = self.looks[seat]
            if box.width:
                swatch(surface, text, box.inflate(-6, -6), look, True)
            if settings.seats[seat].is_computer:
                self._draw_computer(surface, tr("{name} (computer)").format(name=look.name), box, card)
        step = int(m.caption * 0.8)
        y = m.size[1] - u // 2 - len(self.note_lines) * step
        colour = theme.LAST_TURN if self.message else theme.MUTED
        for line in self.note_lines:
            text.draw(surface, line, m.caption, colour, midtop=(m.size[0] // 2, y))
            y += step
        self.panel.draw(surface, text)

    def _draw_computer(self, surface: pygame.Surface, label: str, box: pygame.Rect, card: pygame.Rect) -> None:
        """A computer seat's name beside its swatch: on one line, else two, else shrunk."""
        m, text = self.app.metrics, self.app.text
        room = card.right - m.u // 4 - box.right - m.u // 2
        lines = label_lines(text, label, m.body, pygame.Rect(0, 0, room, box.height))
        size = m.body
        if lines is None:
            shown, size = text.fitted(label, m.body, room)
            lines = [shown]
        step = int(size * 0.75)
        y = box.centery - step * (len(lines) - 1) // 2
        for line in lines:
            text.draw(surface, line, size, theme.INK, midleft=(box.right + m.u // 2, y))
            y += step


KEY_ROWS = ("ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ'-")


class NameScene(Scene):
    """An on-screen keyboard for one player's name: letters, space, delete, Clear (back to the default) and Done."""

    def __init__(self, app: Services, seat: int) -> None:
        super().__init__(app)
        self.seat = seat
        self.name = chosen(app.settings.players, len(app.settings.seats))[seat].name

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def type(self, key: str) -> None:
        """One key of the on-screen keyboard (or a typed character): a letter, a digit, space, ' or -, or
        "delete". A name starts with a capital, as does each word; other letters are small."""
        if key == "delete":
            self.name = self.name[:-1]
            return
        allowed = len(key) == 1 and (bool(NAME_CHAR.fullmatch(key)) or key in " '-")
        if allowed and len(self.name) < NAME_LIMIT and (self.name or key not in " '-"):
            self.name += key.upper() if not self.name or self.name.endswith(" ") else key.lower()

    def done(self) -> None:
        scene_below = self.app.manager.stack[-2] if len(self.app.manager.stack) > 1 else None
        self.app.manager.pop()
        if isinstance(scene_below, PlayersScene):
            scene_below.change(self.seat, name=self.name.strip())

    def clear(self) -> None:
        self.name = ""

    def arrange(self) -> None:
        m = self.app.metrics
        size = m.size
        u = m.u
        self.bar, back_rect = header_rects(m)
        gap = 4
        commands = [
            Button(tr("Space"), partial(self.type, " ")),
            Button(tr("Delete"), partial(self.type, "delete")),
            Button(tr("Clear"), self.clear),
            Button(tr("Done"), self.done, primary=True),
        ]
        width = size[0] - 2 * u
        quarter_fits = all(self.app.text.width(b.label, m.body) <= width // 4 - gap - 16 for b in commands)
        command_rows = 1 if quarter_fits else 2  # (French, on the narrowest phones)
        rows = 1 + len(KEY_ROWS) + command_rows  # the name field, the letters, the commands
        room = (size[1] - self.bar.bottom - u) // rows - gap
        row = max(m.target, min(int(u * 3), room))
        self.field = pygame.Rect(u, self.bar.bottom + u // 2, size[0] - 2 * u, row)
        width = min(width, row * 7 * 3 // 2)
        left = (size[0] - width) // 2
        key_w = width // 7
        widgets: list[Any] = []
        y = self.field.bottom + u // 2
        if m.portrait:  # the keys at the bottom, under the thumbs, as on the open-a-link page
            y = max(y, size[1] - u // 2 - (len(KEY_ROWS) + command_rows) * (row + gap))
        for keys in KEY_ROWS:
            for i, key in enumerate(keys):
                button = Button(key, partial(self.type, key))
                button.rect = pygame.Rect(left + i * key_w + gap // 2, y, key_w - gap, row)
                widgets.append(button)
            y += row + gap
        per_row = len(commands) // command_rows
        cell = width // per_row
        for i, button in enumerate(commands):
            line, column = divmod(i, per_row)
            button.rect = pygame.Rect(left + column * cell + gap // 2, y + line * (row + gap), cell - gap, row)
        widgets += [*commands, back_button(self.app, back_rect)]
        self.panel.set(widgets)

    def handle(self, action: Action) -> None:
        """The on-screen keys, and a physical keyboard: typed characters, Backspace deletes, Enter is Done (when no
        key has the focus), Esc goes back without keeping the name."""
        self.ensure_layout()
        kind, key = action.kind, action.text
        if kind == "text":
            for char in clean(key, NAME_LIMIT):  # (composed: a typed e and its accent are one é)
                self.type(char)
        elif kind == "back" and key == "backspace":
            self.type("delete")
        elif kind == "back":
            self.app.manager.pop()
        elif kind == "confirm" and key == "space":
            return  # the typed space arrives as text
        elif kind == "confirm" and key in ("return", "enter") and self.panel.focus is None:
            self.done()
        elif kind not in ("undo", "hint"):  # U and H are letters here: they arrive as text
            self.panel.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        u = self.app.metrics.u
        text = self.app.text
        draw_title(self.app, surface, self.bar, tr("Player {n}'s name").format(n=self.seat + 1))
        pygame.draw.rect(surface, theme.PANEL, self.field, border_radius=12)
        pygame.draw.rect(surface, theme.FAINT, self.field, 2, border_radius=12)
        shown = self.name + "|" if self.name else tr("(the seat's own name)")
        ink = theme.INK if self.name else theme.MUTED
        shown, size = text.fitted(shown, int(self.field.height * 0.55), self.field.width - u)
        text.draw(surface, shown, size, ink, midleft=(self.field.x + u // 2, self.field.centery))
        self.panel.draw(surface, text)
