"""The AI's engine commands: ``go``, ``solve``, ``hint`` (see ``docs/ai.md``), ``review`` and ``values``.

``engine_commands(engine)`` returns them as a dict name -> callable(args) -> reply lines; the engine registers
them at start-up. Bad arguments raise :class:`CommandError`, which the engine reports as an ``error:`` line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from ..core import GameState, RulesError
from ..core.numbers import whole_number
from .analysis import finish
from .hints import hint
from .player import LEVELS, ComputerPlayer
from .review import Review
from .wasm.solver import solve, warm_up
from .wasm.values import exact_values

DEFAULT_MOVETIME_MS = 1000
DEFAULT_MAXTIME_MS = 10000
DEFAULT_REVIEW_MS = 2000
MAX_MS = 600000


class CommandError(RulesError):
    """A go/solve/hint request that cannot be carried out (a rules error, so the engine reports it as one)."""


class HasState(Protocol):
    state: GameState


def parse_options(args: list[str], allowed: tuple[str, ...]) -> dict[str, str]:
    """Read ``name=value`` words; every name must be one of ``allowed`` and appear once."""
    options: dict[str, str] = {}
    for word in args:
        name, sep, value = word.partition("=")
        name = name.lower()
        if not sep or name not in allowed or not value:
            raise CommandError(f"cannot read {word[:40]!r}: expected {' or '.join(n + '=...' for n in allowed)}")
        if name in options:
            raise CommandError(f"{name} is given twice")
        options[name] = value
    return options


def parse_ms(name: str, text: str | None, default: int) -> float:
    """A time in milliseconds (1..600000) as seconds."""
    if text is None:
        return default / 1000
    ms = whole_number(text, 1, MAX_MS)
    if ms is None:
        raise CommandError(
            f"{name} must be a whole number of milliseconds from 1 to {MAX_MS} in digits 0-9, not {text[:20]!r}"
        )
    return ms / 1000


def _require_moves(state: GameState) -> None:
    if state.over:
        raise CommandError("the game is over: there is no move to look for")


def go(engine: HasState, args: list[str]) -> Iterable[str]:
    options = parse_options(args, ("level", "movetime"))
    level = options.get("level", "expert").lower()
    if level not in LEVELS:
        raise CommandError(f"unknown level {level[:20]!r}: choose one of {', '.join(LEVELS)}")
    seconds = parse_ms("movetime", options.get("movetime"), DEFAULT_MOVETIME_MS)
    _require_moves(engine.state)
    player = ComputerPlayer(level, seed=len(engine.state.moves), seconds=seconds)
    return [f"bestmove {player.think(engine.state).finish()}"]


def solve_command(engine: HasState, args: list[str]) -> Iterable[str]:
    options = parse_options(args, ("maxtime",))
    seconds = parse_ms("maxtime", options.get("maxtime"), DEFAULT_MAXTIME_MS)
    state = engine.state
    if state.rules.players != 2:
        raise CommandError("solve gives the value of two-player games only")
    value = solve(state, seconds)
    return ["unknown" if value is None else f"value {value}"]


def review_command(engine: HasState, args: list[str]) -> Iterable[str]:
    """One line per move played so far (see ``docs/engine-protocol.md``); ``maxtime`` is per position."""
    options = parse_options(args, ("maxtime",))
    seconds = parse_ms("maxtime", options.get("maxtime"), DEFAULT_REVIEW_MS)
    warm_up(engine.state)
    return Review(engine.state, seconds).finish().engine_lines()


def values_command(engine: HasState, args: list[str]) -> Iterable[str]:
    """One line per legal line: its exact value for the player to move, or unknown (``docs/engine-protocol.md``);
    ``maxtime`` is per line."""
    options = parse_options(args, ("maxtime",))
    seconds = parse_ms("maxtime", options.get("maxtime"), DEFAULT_REVIEW_MS)
    state = engine.state
    if state.rules.players != 2:
        raise CommandError("values gives the values of two-player games only")
    _require_moves(state)
    warm_up(state)
    values = finish(exact_values(state, seconds))
    return [f"{line} unknown" if value is None else f"{line} value {value}" for line, value in values.items()]


def hint_command(engine: HasState, args: list[str]) -> Iterable[str]:
    if args:
        raise CommandError("hint takes no arguments")
    _require_moves(engine.state)
    line, reason = hint(engine.state)
    return [f"hint {line} {reason.token()}"]


def engine_commands(engine: HasState) -> dict[str, Callable[[list[str]], Iterable[str]]]:
    """The commands to add to ``engine`` (an object with a ``state``)."""
    return {
        "go": lambda args: go(engine, args),
        "solve": lambda args: solve_command(engine, args),
        "hint": lambda args: hint_command(engine, args),
        "review": lambda args: review_command(engine, args),
        "values": lambda args: values_command(engine, args),
    }
