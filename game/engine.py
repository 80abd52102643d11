"""The engine: a line-based text protocol on stdin/stdout (``python -m game.engine``).

Every command's reply ends with a line ``ok``, or is a single line ``error: <reason>``; a bad command never stops
the process. The protocol is documented in ``docs/engine-protocol.md``.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable
from typing import TextIO

from .core import (
    Board,
    BoardError,
    CodeError,
    GameState,
    NotationError,
    Rules,
    RulesError,
    decode,
    draw,
    encode,
    parse_line,
)
from .core.notation import shorten
from .core.numbers import whole_number
from .core.shapes import SHAPES


class EngineError(ValueError):
    """A command the engine cannot carry out; the message is sent as ``error: <message>``."""


def parse_new(args: list[str]) -> GameState:
    if not args or args[0] not in SHAPES:
        forms = " | ".join(f"new {shape.name} {' '.join(d[0] for d in shape.dimensions)}" for shape in SHAPES.values())
        raise EngineError(f"usage: {forms}, then options")
    shape = SHAPES[args[0]]
    sizes, options = args[1 : 1 + shape.arity], args[1 + shape.arity :]
    numbers = [whole_number(size) for size in sizes]
    if len(sizes) != shape.arity or None in numbers:
        raise EngineError(f"new {shape.name} needs {shape.arity} whole number(s) for its size")
    board = Board.from_spec(shape.name, tuple(number for number in numbers if number is not None))
    rules, first = Rules(), 0
    for option in options:
        name, _, value = option.partition("=")
        if option == "misere":
            rules = rules.with_(misere=True)
        elif option == "noextra":
            rules = rules.with_(no_extra=True)
        elif option == "mustcapture":
            rules = rules.with_(must_capture=True)
        elif option in ("swedish", "icelandic"):
            if rules.start != "normal":
                raise EngineError("choose at most one of swedish and icelandic")
            rules = rules.with_(start=option)
        elif name == "players" and (players := whole_number(value)) is not None:
            rules = rules.with_(players=players)
        elif name == "first" and (seat := whole_number(value)) is not None:
            first = seat
        else:
            raise EngineError(
                f"unknown option {shorten(option)!r} "
                "(misere, swedish, icelandic, noextra, mustcapture, players=N, first=N)"
            )
    return GameState(board, rules, first)


def _no_arguments(name: str, args: list[str]) -> None:
    if args:
        raise EngineError(f"{name} takes no arguments")


class Engine:
    """Holds one game and answers protocol commands; extra commands can be registered by other modules."""

    def __init__(self) -> None:
        self.state = GameState(Board.square(3))
        self.commands: dict[str, Callable[[list[str]], Iterable[str]]] = {
            "new": self.cmd_new,
            "info": self.cmd_info,
            "legal": self.cmd_legal,
            "move": self.cmd_move,
            "undo": self.cmd_undo,
            "state": self.cmd_state,
            "code": self.cmd_code,
            "load": self.cmd_load,
            "show": self.cmd_show,
            "help": self.cmd_help,
        }
        _register_extensions(self)

    def handle(self, line: str) -> list[str]:
        """Answer one command line with the reply lines (the last is ``ok``, or the only one is ``error: ...``)."""
        words = line.split()
        if not words:
            return []
        name, args = words[0].lower(), words[1:]
        if name not in self.commands:
            return [f"error: unknown command {shorten(name)!r} (try 'help')"]
        try:
            return [*self.commands[name](args), "ok"]
        except (EngineError, BoardError, RulesError, NotationError, CodeError) as exc:
            return [f"error: {exc}"]
        except Exception as exc:  # noqa: BLE001 - a bad command must never stop the engine
            return [f"error: internal error in {name!r}: {type(exc).__name__}: {exc}"]

    # -- commands -------------------------------------------------------------------------------------------
    def cmd_new(self, args: list[str]) -> Iterable[str]:
        self.state = parse_new(args)
        return []

    def cmd_info(self, args: list[str]) -> Iterable[str]:
        _no_arguments("info", args)
        b = self.state.board
        return [f"dots {b.num_dots} lines {b.num_lines} cells {b.num_cells} players {self.state.rules.players}"]

    def cmd_legal(self, args: list[str]) -> Iterable[str]:
        _no_arguments("legal", args)
        return [" ".join(["legal", *map(str, self.state.legal_lines())])]

    def cmd_move(self, args: list[str]) -> Iterable[str]:
        if self.state.over:
            raise EngineError("the game is over")
        if not args:
            raise EngineError("usage: move <id> | move h r c | move v r c")
        result = self.state.play(parse_line(self.state.board, " ".join(args)))
        return [f"moved {result.line} captured {len(result.captured)} next {result.next_player}"]

    def cmd_undo(self, args: list[str]) -> Iterable[str]:
        _no_arguments("undo", args)
        self.state.undo()
        return []

    def cmd_state(self, args: list[str]) -> Iterable[str]:
        _no_arguments("state", args)
        s = self.state
        scores = " ".join(map(str, s.scores))
        return [f"turn {s.to_move} scores {scores} drawn {len(s.moves)} over {int(s.over)}"]

    def cmd_code(self, args: list[str]) -> Iterable[str]:
        _no_arguments("code", args)
        return [encode(self.state)]

    def cmd_load(self, args: list[str]) -> Iterable[str]:
        if len(args) != 1:
            raise EngineError("usage: load <code>")
        self.state = decode(args[0])
        return []

    def cmd_show(self, args: list[str]) -> Iterable[str]:
        _no_arguments("show", args)
        return draw(self.state).splitlines()

    def cmd_help(self, args: list[str]) -> Iterable[str]:
        _no_arguments("help", args)
        return ["commands: " + " ".join(sorted([*self.commands, "quit"]))]


def _register_extensions(engine: Engine) -> None:
    """Let the AI add its commands (go, solve, hint) when it is present."""
    try:
        from .ai import engine_commands
    except ImportError:
        return
    engine.commands.update(engine_commands(engine))


def serve(stdin: TextIO, stdout: TextIO) -> None:
    """Answer commands from ``stdin`` until ``quit`` or the end of the input."""
    engine = Engine()
    for raw in stdin:
        words = raw.split()
        if words and words[0].lower() == "quit":
            print("ok", file=stdout, flush=True)
            return
        for reply in engine.handle(raw):
            print(reply, file=stdout)
        stdout.flush()


def main() -> None:
    """Run on the process's stdin/stdout; undecodable bytes become U+FFFD instead of stopping the engine."""
    for stream in (sys.stdin, sys.stdout):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    try:
        serve(sys.stdin, sys.stdout)
    except BrokenPipeError:  # the other end went away: nothing left to answer
        sys.stderr.close()


if __name__ == "__main__":
    main()
