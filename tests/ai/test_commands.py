"""The AI's engine commands: go, solve and hint, through the engine's own command handling."""

from __future__ import annotations

import pytest

from game.ai.commands import CommandError, engine_commands, parse_ms, parse_options
from game.engine import Engine


def ask(engine: Engine, line: str) -> list[str]:
    return engine.handle(line)


def test_the_engine_registers_go_solve_and_hint() -> None:
    engine = Engine()
    assert {"go", "solve", "hint"} <= set(engine.commands)


@pytest.mark.parametrize("level", ["beginner", "easy", "medium", "hard", "expert"])
def test_go_names_a_legal_line_and_does_not_play_it(level: str) -> None:
    engine = Engine()
    ask(engine, "new triangle 5")
    before = engine.state.snapshot()
    reply = ask(engine, f"go level={level} movetime=200")
    assert reply[-1] == "ok" and reply[0].startswith("bestmove ")
    assert int(reply[0].split()[1]) in engine.state.legal_lines()
    assert engine.state.snapshot() == before


def test_go_takes_the_box_that_is_offered() -> None:
    engine = Engine()
    ask(engine, "new square 2 2")
    for name in ("h 0 0", "v 0 0", "v 0 1"):
        ask(engine, f"move {name}")
    assert ask(engine, "go level=easy") == ["bestmove 2", "ok"]  # h 1 0 closes the top-left box


TIME_RANGE = "a whole number of milliseconds from 1 to 600000 in digits 0-9"


@pytest.mark.parametrize(
    ("command", "error"),
    [
        ("go level=wizard", "unknown level 'wizard': choose one of beginner, easy, medium, hard, expert"),
        ("go level=easy=x", "unknown level 'easy=x': choose one of beginner, easy, medium, hard, expert"),
        ("go movetime=0", f"movetime must be {TIME_RANGE}, not '0'"),
        ("go movetime=abc", f"movetime must be {TIME_RANGE}, not 'abc'"),
        ("go speed=3", "cannot read 'speed=3': expected level=... or movetime=..."),
        ("go level=easy level=hard", "level is given twice"),
        ("go level", "cannot read 'level': expected level=... or movetime=..."),
        ("solve maxtime=-1", f"maxtime must be {TIME_RANGE}, not '-1'"),
        ("solve maxtime=0", f"maxtime must be {TIME_RANGE}, not '0'"),
        ("solve depth=3", "cannot read 'depth=3': expected maxtime=..."),
        ("hint now", "hint takes no arguments"),
        ("go movetime=\uff11\uff10", f"movetime must be {TIME_RANGE}, not '\uff11\uff10'"),
        ("go movetime=\u00b2", f"movetime must be {TIME_RANGE}, not '\u00b2'"),
        ("solve maxtime=\u0663", f"maxtime must be {TIME_RANGE}, not '\u0663'"),
        ("review maxtime=\u0665", f"maxtime must be {TIME_RANGE}, not '\u0665'"),
        ("go movetime=600001", f"movetime must be {TIME_RANGE}, not '600001'"),
    ],
)
def test_bad_arguments_get_one_error_line_word_for_word(command: str, error: str) -> None:
    assert ask(Engine(), command) == [f"error: {error}"]


def test_the_shortest_time_allowed_is_one_millisecond() -> None:
    engine = Engine()
    ask(engine, "new square 2 2")
    reply = ask(engine, "go level=easy movetime=1")
    assert reply[-1] == "ok" and int(reply[0].split()[1]) in engine.state.legal_lines()


def test_go_and_hint_refuse_a_finished_game() -> None:
    engine = Engine()
    ask(engine, "new square 1 1")
    for line in range(4):
        ask(engine, f"move {line}")
    for command in ("go", "hint"):
        reply = ask(engine, command)
        assert reply[0].startswith("error: the game is over")


def test_hint_gives_a_line_and_a_reason() -> None:
    engine = Engine()
    reply = ask(engine, "hint")
    words = reply[0].split()
    assert words[0] == "hint" and int(words[1]) in engine.state.legal_lines()
    assert words[2:] == ["safe"] and reply[-1] == "ok"


def test_solve_answers_the_value_of_a_board_it_solves_at_once() -> None:
    engine = Engine()
    ask(engine, "new square 1 2")  # tests/test_engine.py checks such values against a plain minimax
    assert ask(engine, "solve maxtime=5000") == ["value 0", "ok"]


def test_solve_refuses_more_than_two_players() -> None:
    engine = Engine()
    ask(engine, "new square 2 2 players=3")
    assert ask(engine, "solve")[0].startswith("error: solve gives the value of two-player games only")


def test_option_parsing() -> None:
    assert parse_options(["LEVEL=hard", "movetime=5"], ("level", "movetime")) == {"level": "hard", "movetime": "5"}
    assert parse_ms("movetime", "250", 1000) == 0.25
    assert parse_ms("movetime", None, 1000) == 1.0
    with pytest.raises(CommandError):
        parse_ms("movetime", "600001", 1000)
    with pytest.raises(ValueError):
        parse_options(["=3"], ("level",))


def test_engine_commands_work_on_any_object_with_a_state() -> None:
    engine = Engine()
    commands = engine_commands(engine)
    assert list(commands["go"](["level=easy"]))[0].startswith("bestmove ")
