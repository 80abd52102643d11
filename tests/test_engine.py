"""The text engine: every command of docs/engine-protocol.md, and garbage that must never stop it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.ai
from game.core import GameState, decode
from game.engine import Engine, main, serve

ROOT = Path(__file__).resolve().parent.parent
CORE_COMMANDS = {"new", "info", "legal", "move", "undo", "state", "code", "load", "show", "help"}


def ask(engine: Engine, command: str) -> list[str]:
    """Send one command; check the reply's shape and return the lines before ``ok`` (or the error line)."""
    reply = engine.handle(command)
    if reply[-1] == "ok":
        return reply[:-1]
    assert len(reply) == 1 and reply[0].startswith("error: "), reply
    return reply


def error(engine: Engine, command: str) -> str:
    reply = engine.handle(command)
    assert len(reply) == 1 and reply[0].startswith("error: "), reply
    return reply[0]


@pytest.fixture
def engine() -> Engine:
    return Engine()


def test_a_new_engine_holds_a_3x3_game(engine: Engine) -> None:
    assert ask(engine, "info") == ["dots 16 lines 24 cells 9 players 2"]
    assert ask(engine, "state") == ["turn 0 scores 0 0 drawn 0 over 0"]


@pytest.mark.parametrize(
    ("command", "info"),
    [
        ("new square 2 3", "dots 12 lines 17 cells 6 players 2"),
        ("new square 5 5 players=4", "dots 36 lines 60 cells 25 players 4"),
        ("new triangle 6", "dots 21 lines 45 cells 25 players 2"),
        ("new hex 2 players=3", "dots 54 lines 72 cells 19 players 3"),
        ("NEW hex 1", "dots 24 lines 30 cells 7 players 2"),
    ],
)
def test_new_and_info(engine: Engine, command: str, info: str) -> None:
    assert ask(engine, command) == []
    assert ask(engine, "info") == [info]


def test_new_with_every_option(engine: Engine) -> None:
    assert ask(engine, "new square 3 3 misere swedish noextra players=3 first=2") == []
    assert ask(engine, "state") == ["turn 2 scores 0 0 0 drawn 0 over 0"]
    assert ask(engine, "legal") == ["legal 3 4 5 6 7 8 13 14 17 18 21 22"]
    code = ask(engine, "code")[0]
    assert code.startswith("2.s3x3.3mns.2..")
    rules = decode(code).rules
    assert (rules.players, rules.misere, rules.no_extra, rules.start) == (3, True, True, "swedish")
    assert ask(engine, "new square 2 2 icelandic") == []
    assert ask(engine, "legal") == ["legal 0 1 2 3 7 8 10 11"]


def test_mustcapture_lists_and_allows_only_the_captures(engine: Engine) -> None:
    assert ask(engine, "new square 2 2 mustcapture") == []
    for line in ("h 0 0", "h 1 0", "v 0 0"):  # the top-left box on three sides, its right side open
        ask(engine, f"move {line}")
    assert ask(engine, "legal") == ["legal 7"]
    assert error(engine, "move h 0 1") == (
        "error: line 1 closes nothing while a cell can be closed: captures are compulsory"
    )
    assert ask(engine, "code")[0].startswith("2.s2x2.2c.0.")
    assert ask(engine, "move v 0 1") == ["moved 7 captured 1 next 1"]


def test_legal_lists_every_undrawn_line_ascending(engine: Engine) -> None:
    assert ask(engine, "legal") == ["legal " + " ".join(map(str, range(24)))]
    ask(engine, "move 5")
    ask(engine, "move 0")
    assert ask(engine, "legal") == ["legal " + " ".join(str(i) for i in range(24) if i not in (0, 5))]


def test_move_by_id_and_by_name(engine: Engine) -> None:
    assert ask(engine, "new square 1 2") == []
    assert ask(engine, "move 0") == ["moved 0 captured 0 next 1"]  # h 0 0
    assert ask(engine, "move h 1 0") == ["moved 2 captured 0 next 0"]
    assert ask(engine, "move v 0 0") == ["moved 4 captured 0 next 1"]
    assert ask(engine, "move v 0 1") == ["moved 5 captured 1 next 1"]
    assert ask(engine, "state") == ["turn 1 scores 0 1 drawn 4 over 0"]
    for name in ("h 0 1", "h 1 1"):
        ask(engine, f"move {name}")
    assert ask(engine, "move v 0 2") == ["moved 6 captured 1 next -1"]
    assert ask(engine, "state") == ["turn -1 scores 0 2 drawn 7 over 1"]
    assert ask(engine, "legal") == ["legal"]


def test_moves_after_the_game_is_over_are_refused(engine: Engine) -> None:
    ask(engine, "new square 1 1")
    for line in range(4):
        ask(engine, f"move {line}")
    assert error(engine, "move 0") == "error: the game is over"
    assert error(engine, "move h 0 0") == "error: the game is over"
    assert ask(engine, "state") == ["turn -1 scores 0 1 drawn 4 over 1"]


def test_undo(engine: Engine) -> None:
    assert error(engine, "undo") == "error: nothing to undo"
    ask(engine, "move 3")
    ask(engine, "move v 1 1")
    assert ask(engine, "undo") == []
    assert ask(engine, "state") == ["turn 1 scores 0 0 drawn 1 over 0"]
    assert ask(engine, "undo") == []
    assert ask(engine, "state") == ["turn 0 scores 0 0 drawn 0 over 0"]


def test_code_and_load_round_trip(engine: Engine) -> None:
    ask(engine, "new triangle 5 misere")
    for line in (3, 17, 29, 0):
        ask(engine, f"move {line}")
    [code] = ask(engine, "code")
    state_before = ask(engine, "state")
    ask(engine, "new square 2 2")
    assert ask(engine, f"load {code}") == []
    assert ask(engine, "state") == state_before
    assert ask(engine, "info") == ["dots 15 lines 30 cells 16 players 2"]
    assert ask(engine, "code") == [code]


def test_a_bad_load_keeps_the_game(engine: Engine) -> None:
    ask(engine, "move 7")
    [code] = ask(engine, "code")
    assert error(engine, f"load {code[:-1]}X").startswith("error: check character does not match")
    assert error(engine, "load 1.s3x3.2.0.AA.x").startswith("error: ")
    assert error(engine, "load") == "error: usage: load <code>"
    assert error(engine, f"load {code} {code}") == "error: usage: load <code>"
    assert ask(engine, "code") == [code]


def test_show_draws_the_board(engine: Engine) -> None:
    ask(engine, "new square 1 1")
    ask(engine, "move h 0 0")
    ask(engine, "move v 0 0")
    assert ask(engine, "show") == ["o---o", "|", "o   o"]


def test_help_lists_every_command(engine: Engine) -> None:
    [line] = ask(engine, "help")
    words = line.split()
    assert words[0] == "commands:"
    assert CORE_COMMANDS | {"quit"} <= set(words)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("fly", "unknown command 'fly'"),
        ("x" * 10_000, "unknown command 'xxxx"),
        ("info now", "info takes no arguments"),
        ("legal 3", "legal takes no arguments"),
        ("state 1 2", "state takes no arguments"),
        ("undo 2", "undo takes no arguments"),
        ("code x", "code takes no arguments"),
        ("show all", "show takes no arguments"),
        ("help me", "help takes no arguments"),
        ("move", "usage: move"),
        ("move 1 2", "cannot read '1 2'"),
        ("move h 1", "cannot read"),
        ("move 24", "line 24 does not exist"),
        ("move -1", "cannot read"),
        ("move h 9 9", "off the board"),
        ("move " + "9" * 5000, "cannot read '9999"),
        ("new", "usage: new square R C"),
        ("new circle 3", "usage: new square R C"),
        ("new square 3", "needs 2 whole number"),
        ("new square a b", "needs 2 whole number"),
        ("new square 3 -3", "needs 2 whole number"),
        ("new square 0 3", "out of range 1..12"),
        ("new square 13 3", "out of range 1..12"),
        ("new square " + "9" * 5000 + " 3", "needs 2 whole number"),
        ("new square 99999999999999999999 3", "out of range 1..12"),
        ("new triangle 2", "out of range 3..9"),
        ("new hex 4", "out of range 1..3"),
        ("new square 1 1 swedish", "would close a cell"),
        ("new square 3 3 swedish icelandic", "at most one of swedish and icelandic"),
        ("new square 3 3 players=9", "players must be 2, 3 or 4"),
        ("new square 3 3 players=" + "9" * 5000, "unknown option 'players=999"),
        ("new square 3 3 players=²", "unknown option"),
        ("new square 3 3 first=١", "unknown option"),  # int() reads Arabic-Indic 1
        ("new square ３ 3", "needs 2 whole number"),  # full-width 3
        ("move ٣", "cannot read"),
        ("move h ² 0", "cannot read"),
        ("move v 0 ৩", "cannot read"),  # Bengali 3
        ("new square 3 3 first=2", "first player must be 0..1"),
        ("new square 3 3 bogus", "unknown option 'bogus'"),
    ],
)
def test_bad_commands_get_one_error_line_and_change_nothing(engine: Engine, command: str, reason: str) -> None:
    ask(engine, "move 4")
    before = ask(engine, "code")
    message = error(engine, command)
    assert reason in message
    assert len(message) < 300
    assert ask(engine, "code") == before


def test_blank_lines_get_no_reply(engine: Engine) -> None:
    assert engine.handle("") == [] and engine.handle("  \t \r\n") == []


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=30),
            st.lists(
                st.sampled_from(
                    [
                        "new",
                        "square",
                        "triangle",
                        "hex",
                        "move",
                        "undo",
                        "load",
                        "info",
                        "legal",
                        "state",
                        "code",
                        "show",
                        "h",
                        "v",
                        "0",
                        "1",
                        "2",
                        "3",
                        "7",
                        "30",
                        "-1",
                        "swedish",
                        "icelandic",
                        "misere",
                        "noextra",
                        "players=3",
                        "players=4",
                        "first=1",
                        "99999999999999999999",
                        "\x00",
                        "é",
                    ]
                ),
                max_size=6,
            ).map(" ".join),
        ),
        max_size=25,
    )
)
@pytest.mark.slow
def test_any_sequence_of_commands_gets_well_formed_replies(commands: list[str]) -> None:
    engine = Engine()
    engine.commands = {name: run for name, run in engine.commands.items() if name in CORE_COMMANDS}  # AI: own tests
    for command in commands:
        reply = engine.handle(command)
        if not command.split():
            assert reply == []
        else:
            assert reply[-1] == "ok" or (len(reply) == 1 and reply[0].startswith("error: ")), reply
            assert "internal error" not in reply[-1], reply
    state = engine.state
    assert sum(state.scores) == sum(owner >= 0 for owner in state.owner)


def test_a_command_that_crashes_is_reported_and_the_engine_goes_on(engine: Engine) -> None:
    def boom(args: list[str]) -> list[str]:
        raise RuntimeError("kaboom")

    engine.commands["boom"] = boom
    assert error(engine, "boom") == "error: internal error in 'boom': RuntimeError: kaboom"
    assert ask(engine, "info") == ["dots 16 lines 24 cells 9 players 2"]


def test_the_ai_registers_its_commands_through_the_extension_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_commands(engine: Engine) -> dict:
        return {"go": lambda args: [f"bestmove {engine.state.legal_lines()[0]}"]}

    monkeypatch.setattr(game.ai, "engine_commands", fake_commands)
    engine = Engine()
    assert ask(engine, "go") == ["bestmove 0"]
    assert "go" in ask(engine, "help")[0].split()


def run_serve(text: str) -> list[str]:
    out = io.StringIO()
    serve(io.StringIO(text), out)
    return out.getvalue().splitlines()


def test_serve_answers_until_quit() -> None:
    lines = run_serve("new square 1 1\n\ninfo\nQUIT\ninfo\n")
    assert lines == ["ok", "dots 4 lines 4 cells 1 players 2", "ok", "ok"]


def test_serve_stops_quietly_at_the_end_of_input() -> None:
    assert run_serve("state") == ["turn 0 scores 0 0 drawn 0 over 0", "ok"]
    assert run_serve("") == []


@pytest.mark.slow
def test_the_engine_process_survives_binary_junk() -> None:
    junk = b"\xff\xfe\x00\x81 junk\n\x00\x00\n\xc3\n" + bytes(range(256)) + b"\nmove \xe2\x82\n"
    script = b"new square 2 2\n" + junk + b"move h 0 0\nstate\nquit\nstate\n"
    strict = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # as under a UTF-8 locale such as en_US.UTF-8
    done = subprocess.run(
        [sys.executable, "-m", "game.engine"], input=script, capture_output=True, cwd=ROOT, env=strict, timeout=60
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode("utf-8").splitlines()
    assert lines[0] == "ok"
    assert lines[-5:] == ["moved 0 captured 0 next 1", "ok", "turn 1 scores 0 0 drawn 1 over 0", "ok", "ok"]
    errors = lines[1:-5]
    assert len(errors) >= 6 and all(line.startswith("error: ") for line in errors)
    assert done.stderr == b""


def brute_force_value(state: GameState) -> int:
    """The ``solve`` value by plain minimax over every order of the undrawn lines (small boards only): the best
    net cells the mover can get from here, mover minus opponent (opponent minus mover in misère)."""
    sign = -1 if state.rules.misere else 1
    seen: dict[int, int] = {}

    def net(position: GameState) -> int:  # mover - opponent over the cells still to take, each side playing its best
        if position.over:
            return 0
        if position.drawn not in seen:
            outcomes = []
            for line in position.legal_lines():
                taken = len(position.play(line).captured)
                outcomes.append(taken + net(position) if taken else -net(position))
                position.undo()
            seen[position.drawn] = max(outcomes) if sign > 0 else min(outcomes)
        return seen[position.drawn]

    return sign * net(state.copy())


@pytest.mark.parametrize(
    ("command", "moves", "by_hand"),
    [
        ("new square 1 1", [], -1),  # four lines: the second player draws the fourth and takes the box
        ("new square 1 1 misere", [], 1),  # ... which in misère is what the first player wants
        ("new square 1 2", [], None),
        ("new square 1 2 misere", [], None),
        ("new square 2 2", [], None),
        ("new square 2 2", ["0", "5", "9"], None),
        ("new square 1 3 misere", ["1"], None),
    ],
)
def test_solve_gives_the_exact_value_of_small_positions(
    engine: Engine, command: str, moves: list[str], by_hand: int | None
) -> None:
    ask(engine, command)
    for line in moves:
        ask(engine, f"move {line}")
    expected = brute_force_value(engine.state)
    if by_hand is not None:
        assert expected == by_hand
    assert ask(engine, "solve maxtime=20000") == [f"value {expected}"]


USAGE_NEW = "usage: new square R C | new triangle S | new hex S, then options"
OPTIONS = "(misere, swedish, icelandic, noextra, mustcapture, players=N, first=N)"


@pytest.mark.parametrize(
    ("command", "reply"),
    [
        ("fly", "error: unknown command 'fly' (try 'help')"),
        ("FLY high", "error: unknown command 'fly' (try 'help')"),
        ("info now", "error: info takes no arguments"),
        ("legal 3", "error: legal takes no arguments"),
        ("state 1 2", "error: state takes no arguments"),
        ("undo 2", "error: undo takes no arguments"),
        ("code x", "error: code takes no arguments"),
        ("show all", "error: show takes no arguments"),
        ("help me", "error: help takes no arguments"),
        ("move", "error: usage: move <id> | move h r c | move v r c"),
        ("load", "error: usage: load <code>"),
        ("new", f"error: {USAGE_NEW}"),
        ("new circle 3", f"error: {USAGE_NEW}"),
        ("new square 3", "error: new square needs 2 whole number(s) for its size"),
        ("new triangle", "error: new triangle needs 1 whole number(s) for its size"),
        ("new hex x", "error: new hex needs 1 whole number(s) for its size"),
        ("new hex 1 2", f"error: unknown option '2' {OPTIONS}"),
        ("new square 3 3 bogus", f"error: unknown option 'bogus' {OPTIONS}"),
        ("new square 3 3 players=", f"error: unknown option 'players=' {OPTIONS}"),
        ("new square 3 3 first=x", f"error: unknown option 'first=x' {OPTIONS}"),
        ("new square 3 3 swedish icelandic", "error: choose at most one of swedish and icelandic"),
        ("new square 3 3 icelandic swedish", "error: choose at most one of swedish and icelandic"),
        ("new square 3 3 swedish swedish", "error: choose at most one of swedish and icelandic"),
        ("new square 3 3 first=2", "error: first player must be 0..1, not 2"),
        ("new square 3 3 players=5", "error: players must be 2, 3 or 4, not 5"),
    ],
)
def test_each_refusal_says_exactly_why(engine: Engine, command: str, reply: str) -> None:
    assert engine.handle(command) == [reply]


def test_an_option_is_one_word_that_names_it_exactly(engine: Engine) -> None:
    for option in ("MISERE", "misere=1", "xmisere", "players", "first", "=3", "players=3=3"):
        assert engine.handle(f"new square 2 2 {option}") == [f"error: unknown option {option!r} {OPTIONS}"], option


def test_each_option_sets_only_its_own_rule(engine: Engine) -> None:
    expected = {
        "": (2, False, False, "normal", 0),
        "misere": (2, True, False, "normal", 0),
        "noextra": (2, False, True, "normal", 0),
        "swedish": (2, False, False, "swedish", 0),
        "icelandic": (2, False, False, "icelandic", 0),
        "players=4": (4, False, False, "normal", 0),
        "players=3 first=2": (3, False, False, "normal", 2),
        "first=1": (2, False, False, "normal", 1),
    }
    for options, (players, misere, no_extra, start, first) in expected.items():
        assert ask(engine, f"new square 2 2 {options}") == []
        state = engine.state
        assert (state.rules.players, state.rules.misere, state.rules.no_extra, state.rules.start) == (
            players,
            misere,
            no_extra,
            start,
        ), options
        assert state.first == first and state.to_move == first, options


def test_help_lists_the_core_commands_in_order(engine: Engine) -> None:
    engine.commands = {name: run for name, run in engine.commands.items() if name in CORE_COMMANDS}
    assert ask(engine, "help") == ["commands: code help info legal load move new quit show state undo"]


class Pipe(io.StringIO):
    """An output pipe that remembers how much had been flushed to the reader."""

    flushed = ""

    def flush(self) -> None:
        super().flush()
        self.flushed = self.getvalue()


def test_serve_flushes_every_reply_before_reading_the_next_command() -> None:
    out = Pipe()
    seen: list[str] = []

    def commands():  # what a program driving the engine sees before it sends each next command
        for command in ("new square 1 1\n", "\n", "fly\n", "info\n", "quit\n", "info\n"):
            seen.append(out.flushed)
            yield command
        seen.append(out.flushed)

    serve(commands(), out)  # type: ignore[arg-type]
    assert seen == [
        "",
        "ok\n",
        "ok\n",
        "ok\nerror: unknown command 'fly' (try 'help')\n",
        "ok\nerror: unknown command 'fly' (try 'help')\ndots 4 lines 4 cells 1 players 2\nok\n",
    ]
    assert out.flushed == seen[-1] + "ok\n"


def test_main_answers_on_the_process_streams_and_reads_undecodable_bytes_as_replacement_characters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    script = b"new square 1 1\n\xff\xfe\nmove h 0 0\nstate\nquit\nstate\n"
    stdin = io.TextIOWrapper(io.BytesIO(script), encoding="utf-8", errors="strict")
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    main()
    stdout.flush()
    assert stdout.buffer.getvalue().decode("utf-8").splitlines() == [
        "ok",
        "error: unknown command '\ufffd\ufffd' (try 'help')",
        "moved 0 captured 0 next 1",
        "ok",
        "turn 1 scores 0 0 drawn 1 over 0",
        "ok",
        "ok",
    ]
