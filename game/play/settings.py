"""What the player chose in Settings: a plain value, its defaults, its JSON form and its validation.

No pygame here. :func:`settings_from_data` never raises: whatever was stored, it returns usable settings plus the
list of problems found, so the app can set a bad stored value aside, tell the player and go on with defaults.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..ai import LEVELS
from ..core import TIMER_CHOICES, Board, BoardError, Rules, RulesError
from ..core.shapes import SHAPES
from .i18n import AUTO, LANGUAGES, tr
from .online.ice import DEFAULT_RELAYS, DEFAULT_SERVERS, relays_problem, servers_problem
from .players import Look, Player, choice_problems, player_from_data, seat_looks

SEAT_KINDS = ("human", "computer")
ANIMATION_SPEEDS = ("slow", "normal", "fast")
RANDOM_FIRST = -1


@dataclass(frozen=True)
class Seat:
    kind: str = "human"
    level: str = "easy"

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


def _default_seats() -> tuple[Seat, ...]:
    return (Seat("human"), Seat("computer", "easy"))


@dataclass(frozen=True)
class Settings:
    """Everything the Settings scene offers; every instance that :meth:`problems` accepts can be played."""

    shape: str = "square"
    size: tuple[int, ...] = (3, 3)
    seats: tuple[Seat, ...] = field(default_factory=_default_seats)
    misere: bool = False
    start: str = "normal"
    no_extra: bool = False
    must_capture: bool = False
    timer: int = 0
    first: int = 0
    sound: bool = True
    patterns: bool = True
    animation: str = "normal"
    match: bool = False
    decider: bool = False  # a decider agreed before play: a two-player tie goes on to it (rules sheet 003)
    competitive: bool = False
    players: tuple[Player, ...] = ()
    language: str = AUTO
    theme: str = AUTO  # "light", "dark", or the system's choice (the browser's prefers-color-scheme)
    stun: tuple[str, ...] = DEFAULT_SERVERS  # online rooms' STUN/TURN servers (game/play/online/ice.py); () for none
    relays: tuple[str, ...] = DEFAULT_RELAYS  # online rooms' signalling relays (ice.py, relay.py); () for two links
    values_told: bool = False  # the analysis board's short explanation was shown (it is shown once)

    # -- what the game is made of -----------------------------------------------------------------------------
    def board(self) -> Board:
        return Board.from_spec(self.shape, self.size)

    def rules(self) -> Rules:
        return Rules(
            players=len(self.seats),
            misere=self.misere,
            no_extra=self.no_extra,
            start=self.start,
            must_capture=self.must_capture,
        )

    @property
    def no_help(self) -> bool:
        """Competitive play has no undo and no hints (rules sheet 003). It is the one switch: a move timer or a
        match turns it on in Settings, where the player sees it and may turn it off again for a casual timed game
        or match (sheet 001's house match is casual)."""
        return self.competitive

    def help_follows(self, before: Settings) -> Settings:
        """These settings, made competitive when they just gained a move timer or a match (from ``before``): a
        timed game or a match is competitive unless the player then says otherwise."""
        gained = (self.timer > 0 and before.timer == 0) or (self.match and not before.match)
        return self.with_(competitive=True) if gained and not self.competitive else self

    def looks(self) -> list[Look]:
        """How each seat is drawn: colour, pattern, initial and name (see :mod:`game.play.players`)."""
        return seat_looks([(seat.is_computer, seat.level) for seat in self.seats], self.players)

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    # -- validation ---------------------------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why these settings cannot be played (empty when they can)."""
        found = []
        if self.shape not in SHAPES:
            return [tr("unknown board shape {shape!r}").format(shape=self.shape)]
        if not SHAPES[self.shape].is_offered(self.size):
            return [tr("a {shape} board of size {size} is not offered").format(shape=self.shape, size=list(self.size))]
        if not 2 <= len(self.seats) <= 4:
            found.append(tr("{n} players: a game has 2 to 4").format(n=len(self.seats)))
        for number, seat in enumerate(self.seats, 1):
            if seat.kind not in SEAT_KINDS or seat.level not in LEVELS:
                found.append(
                    tr("player {n} is {kind!r} at level {level!r}").format(n=number, kind=seat.kind, level=seat.level)
                )
        if self.timer not in TIMER_CHOICES:
            found.append(tr("a {seconds} s move timer is not offered").format(seconds=self.timer))
        if not (self.first == RANDOM_FIRST or 0 <= self.first < len(self.seats)):
            found.append(
                tr("player {n} cannot start a game of {players}").format(n=self.first + 1, players=len(self.seats))
            )
        if self.animation not in ANIMATION_SPEEDS:
            found.append(tr("animation speed {speed!r} is not offered").format(speed=self.animation))
        if self.language not in (AUTO, *LANGUAGES):
            found.append(tr("language {code!r} is not offered").format(code=self.language))
        if self.theme not in THEMES:
            found.append(tr("theme {name!r} is not offered").format(name=self.theme))
        if len(self.players) > 4:
            found.append(tr("{n} players' looks: a game has at most 4 players").format(n=len(self.players)))
        found += choice_problems(self.players, len(self.seats))
        found += filter(None, [servers_problem(self.stun), relays_problem(self.relays)])
        if not found:
            try:
                self.rules().check(self.board())
            except (RulesError, BoardError) as error:
                found.append(str(error))
        return found

    # -- JSON ---------------------------------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["size"] = list(self.size)
        data["seats"] = [asdict(seat) for seat in self.seats]
        data["players"] = [player.to_data() for player in self.players]
        data["stun"] = list(self.stun)
        data["relays"] = list(self.relays)
        return data


THEMES = (AUTO, "light", "dark")
_BOOLS = ("misere", "no_extra", "must_capture", "sound", "patterns", "match", "decider", "competitive", "values_told")
_TEXTS = ("shape", "start", "animation", "language", "theme")
_INTS = ("timer", "first")


def settings_from_data(data: Any) -> tuple[Settings, list[str]]:
    """Settings read back from stored JSON, and the problems found; defaults replace the whole value on a problem."""
    if not isinstance(data, dict):
        return Settings(), [tr("the saved settings are not a set of named values")]
    try:
        values: dict[str, Any] = {}
        for name in _BOOLS:
            if name in data:
                values[name] = _typed(data[name], bool, name)
        for name in _TEXTS:
            if name in data:
                values[name] = _typed(data[name], str, name)
        for name in _INTS:
            if name in data:
                values[name] = _typed(data[name], int, name)
        if "size" in data:
            size = _typed(data["size"], list, "size")
            values["size"] = tuple(_typed(n, int, "size") for n in size)
        if "seats" in data:
            seats = _typed(data["seats"], list, "seats")
            values["seats"] = tuple(_seat(s) for s in seats)
        if "players" in data:
            players = _typed(data["players"], list, "players")
            values["players"] = tuple(player_from_data(p) for p in players)
        for name in ("stun", "relays"):
            if name in data:
                values[name] = tuple(_typed(url, str, name) for url in _typed(data[name], list, name))
    except ValueError as error:
        return Settings(), [str(error)]
    settings = Settings(**values)
    problems = settings.problems()
    return (Settings(), problems) if problems else (settings, [])


def _typed(value: Any, kind: type, name: str) -> Any:
    """``value`` when it is of ``kind`` (a yes/no is not a number), else a ValueError in the player's words."""
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        message = tr("{name} should be {kind}, not {value}")
        raise ValueError(message.format(name=name, kind=_kind_word(kind), value=repr(value)))
    return value


def _kind_word(kind: type) -> str:
    words = {bool: tr("yes or no"), str: tr("text"), int: tr("a whole number"), list: tr("a list")}
    return words[kind]


def _seat(data: Any) -> Seat:
    if not isinstance(data, dict):
        raise ValueError(tr("a player should be named values, not {value}").format(value=repr(data)))
    return Seat(
        kind=_typed(data.get("kind", "human"), str, "kind"), level=_typed(data.get("level", "easy"), str, "level")
    )
