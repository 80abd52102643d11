"""How each seat looks: its colour, pattern, initial and name, in one place for everything that draws a player.

No pygame here. Players choose a colour from a colour-blind-safe set (no two alike), an initial, and people a name;
what they leave unchosen follows the rules sheets: the first seat is blue with dots, the second orange with
stripes (the Triangles sheet), and against the computer the marks are Y for you and C for the computer (their
translations' first letters in another language).
:func:`seat_looks` is the one lookup (seat -> colour, pattern, initial, name) that the board, the scoreboard, the
results and the line strokes all use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .i18n import in_every_language, tr, tr_mark
from .i18n.phrases import level_name

# Okabe-Ito colours (the first four in the shades the game always used), chosen to stay distinct for the common
# kinds of colour blindness; the patterns tell the seats apart without colour at all.
COLOURS: dict[str, tuple[int, int, int]] = {
    "blue": (0, 114, 178),
    "orange": (230, 120, 0),
    "green": (0, 150, 110),
    "pink": (200, 90, 160),
    "sky": (86, 180, 233),
}
COLOUR_LABELS = {
    "blue": tr_mark("Blue"),
    "orange": tr_mark("Orange"),
    "green": tr_mark("Green"),
    "pink": tr_mark("Pink"),
    "sky": tr_mark("Sky blue"),
}
PATTERNS = ("dots", "stripes", "grid", "bars")  # by seat: first dots, second stripes (the Triangles sheet)
SEAT_COLOURS = ("blue", "orange", "green", "pink")  # by seat, unless the player chose another
INITIALS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
NAME_LIMIT = 12
LETTERS = "A-Za-z0-9À-ÖØ-öø-ſ"  # ASCII and the accented Latin letters the font draws (Léa, Zoë, Łukasz)
_NAME = re.compile(f"[{LETTERS}][{LETTERS} '\\-]*")


@dataclass(frozen=True)
class Player:
    """What a player chose for their seat; empty means the seat's default."""

    name: str = ""
    initial: str = ""
    colour: str = ""

    def problems(self, number: int) -> list[str]:
        found = []
        if self.colour and self.colour not in COLOURS:
            text = tr("player {n}'s colour {colour!r} is not one of {colours}")
            found.append(text.format(n=number, colour=self.colour[:20], colours=", ".join(COLOURS)))
        if self.initial and self.initial not in INITIALS:
            text = tr("player {n}'s initial {initial!r} is not one capital letter")
            found.append(text.format(n=number, initial=self.initial[:4]))
        if self.name and (len(self.name) > NAME_LIMIT or not _NAME.fullmatch(self.name)):
            text = tr("player {n}'s name {name!r} is not up to {limit} letters and digits")
            found.append(text.format(n=number, name=self.name[:20], limit=NAME_LIMIT))
        return found

    def to_data(self) -> dict[str, str]:
        return {"name": self.name, "initial": self.initial, "colour": self.colour}


def player_from_data(data: Any) -> Player:
    """A :class:`Player` from stored JSON; ValueError when it is not three texts."""
    if not isinstance(data, dict) or not all(isinstance(data.get(k, ""), str) for k in ("name", "initial", "colour")):
        raise ValueError(f"a player's look should be a name, an initial and a colour, not {str(data)[:40]}")
    return Player(data.get("name", ""), data.get("initial", ""), data.get("colour", ""))


@dataclass(frozen=True)
class Look:
    """How one seat is drawn: its colour (RGB), the pattern of its cells and lines, its initial and its name."""

    colour: tuple[int, int, int]
    pattern: str
    initial: str
    name: str


def chosen(players: tuple[Player, ...], count: int) -> tuple[Player, ...]:
    """``players`` padded with empty choices (or cut) to ``count`` seats."""
    return tuple(players[:count]) + (Player(),) * max(0, count - len(players))


def choice_problems(players: tuple[Player, ...], count: int) -> list[str]:
    """Why these choices cannot be kept: a bad value, or two players alike in colour or initial."""
    players = chosen(players, count)
    found = [problem for number, p in enumerate(players, 1) for problem in p.problems(number)]
    colours = [p.colour for p in players if p.colour]
    if len(set(colours)) != len(colours):
        found.append(tr("two players cannot have the same colour"))
    initials = [p.initial for p in players if p.initial]
    if len(set(initials)) != len(initials):
        found.append(tr("two players cannot have the same initial"))
    return found


def seat_colours(players: tuple[Player, ...], count: int) -> list[str]:
    """Each seat's colour name: the chosen one, else the seat's own, else the first one nobody has."""
    players = chosen(players, count)
    taken = {p.colour for p in players if p.colour}
    colours = []
    for seat, player in enumerate(players):
        colour = player.colour
        if not colour:
            free = [c for c in (SEAT_COLOURS[seat], *COLOURS) if c not in taken]
            colour = free[0]
            taken.add(colour)
        colours.append(colour)
    return colours


def default_names(kinds: list[tuple[bool, str]]) -> list[str]:
    """Names for seats given as (is computer, level): "You" when one person plays computers, else "Player N";
    a computer is its level, numbered when two share it."""
    humans = sum(1 for computer, _ in kinds if not computer)
    levels = [level for computer, level in kinds if computer]
    names = []
    for number, (computer, level) in enumerate(kinds, 1):
        if not computer:
            names.append(tr("You") if humans == 1 else tr("Player {n}").format(n=number))
        elif levels.count(level) > 1:
            names.append(f"{level_name(level)} {number}")
        else:
            names.append(level_name(level))
    return names


def shown_names(stored: Sequence[str], kinds: list[tuple[bool, str]]) -> list[str]:
    """A stored game's names in the language shown: a name the game gave a seat (You, Player 2, a level's name),
    stored in whatever language was shown then, is given again in today's; a name a player chose stays as typed."""
    now = default_names(kinds)
    given = in_every_language(lambda: default_names(kinds))
    return [now[seat] if any(names[seat] == name for names in given) else name for seat, name in enumerate(stored)]


def default_initials(kinds: list[tuple[bool, str]], names: list[str]) -> list[str]:
    """When one person plays one computer, the rules sheet's marks in the player's language: the first letters of
    "You" and "Computer" (Y and C; V and O in French); else each name's initial, or the seat number when initials
    clash."""
    if len(kinds) == 2 and sorted(computer for computer, _ in kinds) == [False, True]:
        you, computer = tr("You")[0].upper(), tr("Computer")[0].upper()
        return [computer if is_computer else you for is_computer, _ in kinds]
    initials = [name[0].upper() for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [str(number) for number in range(1, len(names) + 1)]


def seat_looks(kinds: list[tuple[bool, str]], players: tuple[Player, ...]) -> list[Look]:
    """The look of every seat, from the seats (is computer, level) and what the players chose."""
    players = chosen(players, len(kinds))
    defaults = default_names(kinds)
    names = [p.name if p.name and not kind[0] else name for p, kind, name in zip(players, kinds, defaults, strict=True)]
    initials = default_initials(kinds, defaults)
    mine = {p.initial for p in players if p.initial}
    for seat, player in enumerate(players):
        if player.initial:
            initials[seat] = player.initial
        elif player.name and not kinds[seat][0] and player.name[0].upper() not in mine:
            initials[seat] = player.name[0].upper()
    if len(set(initials)) != len(initials):  # a default clashes with a choice: defaults become seat numbers
        initials = [p.initial or str(seat + 1) for seat, p in enumerate(players)]
    colours = seat_colours(players, len(kinds))
    return [
        Look(COLOURS[colours[seat]], PATTERNS[seat % len(PATTERNS)], initials[seat], names[seat])
        for seat in range(len(kinds))
    ]
