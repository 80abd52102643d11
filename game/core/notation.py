"""Line names and position codes.

Line names: every line has an integer id (see :mod:`game.core.board`); on square boards a line can also be
written ``h r c`` (horizontal, dot row r, box column c) or ``v r c`` (vertical, box row r, dot column c).

Position codes: a short, URL-safe text holding the board, the rule switches, the first player and the move list,
for share links and saved games. The format is documented in ``docs/position-code.md``::

    2.s3x3.2m.0.AbQx.Cq      version . board . rules . first player . moves . check characters

Codes of version 1 (one weaker check character) are still read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .board import Board
from .numbers import whole_number
from .rules import GameState, IllegalMove, Rules, RulesError
from .shapes import BY_LETTER, SHAPES, BoardError, shape_of

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
CODE_VERSION = "2"
_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}
MAX_CODE = 2000  # characters, surrounding whitespace stripped
# Version 2's check: a weighted sum modulo the largest prime below 64 * 64, written as two alphabet characters
CHECK_MODULUS = 4093
_SYMBOL = {ch: i for i, ch in enumerate(ALPHABET + ".")}  # every character a code's body may hold: 65 values


class NotationError(ValueError):
    """A line name that does not name a line of this board."""


class CodeError(ValueError):
    """A position code that cannot be loaded; the message says why (for a programmer), ``kind`` which of the
    :data:`CODE_PROBLEMS` it is (the app words each kind for the player)."""

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


# What can be wrong with a code, most of it seen when a link was cut short or mistyped on the way
CODE_PROBLEMS = ("not-text", "too-long", "incomplete", "version", "check", "board", "rules", "first", "damaged")


# -- line names ---------------------------------------------------------------------------------------------
def line_name(board: Board, line: int) -> str:
    if board.kind != "square":
        return str(line)
    rows, cols = board.size
    horizontal = (rows + 1) * cols
    if line < horizontal:
        return f"h {line // cols} {line % cols}"
    r, c = divmod(line - horizontal, cols + 1)
    return f"v {r} {c}"


def parse_line(board: Board, text: str) -> int:
    """Read ``17`` (any board) or ``h r c`` / ``v r c`` (square boards) into a line id."""
    words = text.split()
    line = whole_number(words[0]) if len(words) == 1 else None
    if line is not None:
        if line < board.num_lines:
            return line
        raise NotationError(f"line {shorten(words[0])} does not exist: this board has lines 0..{board.num_lines - 1}")
    r, c = (whole_number(words[1]), whole_number(words[2])) if len(words) == 3 else (None, None)
    if r is None or c is None or words[0] not in ("h", "v"):
        raise NotationError(f"cannot read {shorten(text)!r} as a line: write an id, or 'h r c' / 'v r c'")
    if board.kind != "square":
        raise NotationError(f"'h r c' / 'v r c' names only square boards; use a line id on a {board.kind} board")
    rows, cols = board.size
    if words[0] == "h" and r <= rows and c < cols:
        return r * cols + c
    if words[0] == "v" and r < rows and c <= cols:
        return (rows + 1) * cols + r * (cols + 1) + c
    raise NotationError(f"{shorten(text)!r} is off the board ({rows}x{cols} boxes)")


def shorten(text: str, limit: int = 40) -> str:
    """Quote at most ``limit`` characters of bad input back to the user."""
    return text if len(text) <= limit else text[:limit] + "..."


# -- position codes -----------------------------------------------------------------------------------------
def board_token(board: Board) -> str:
    return shape_of(board).token(board.size)


def parse_board_token(token: str) -> Board:
    """A board from its code token: the shape's letter, then its size values joined by ``x`` (s3x3, t6, h1)."""
    m = re.fullmatch(r"([a-z])([1-9][0-9]?(?:x[1-9][0-9]?)*)", token) if isinstance(token, str) else None
    shape = BY_LETTER.get(m.group(1)) if m else None
    if m is None or shape is None:
        forms = [shape.token_form for shape in SHAPES.values()]
        raise CodeError(f"board {shorten(str(token))!r} is not {', '.join(forms[:-1])} or {forms[-1]}", "board")
    try:
        return Board.from_spec(shape.name, tuple(int(n) for n in m.group(2).split("x")))
    except BoardError as exc:
        raise CodeError(str(exc), "board") from None


def rules_token(rules: Rules) -> str:
    flags = ("m" if rules.misere else "") + ("n" if rules.no_extra else "") + ("c" if rules.must_capture else "")
    flags += {"normal": "", "swedish": "s", "icelandic": "i"}[rules.start]
    return f"{rules.players}{flags}"


def parse_rules_token(token: str) -> Rules:
    m = re.fullmatch(r"([234])(m?)(n?)(c?)([si]?)", token)
    if not m:
        expected = "<players 2-4> followed by flags m, n, c, then s or i"
        raise CodeError(f"rules {shorten(token)!r} are not {expected}", "rules")
    start = {"": "normal", "s": "swedish", "i": "icelandic"}[m.group(5)]
    return Rules(
        players=int(m.group(1)),
        misere=bool(m.group(2)),
        no_extra=bool(m.group(3)),
        must_capture=bool(m.group(4)),
        start=start,
    )


def _digits(board: Board) -> int:
    return 1 if board.num_lines <= len(ALPHABET) else 2


def check_v1(body: str) -> str:
    """Version 1's check character (still read): a weighted sum of the code points modulo 64. It misses many
    typos (every case flip at an even position, any change at position 64)."""
    return ALPHABET[sum((i + 1) * ord(ch) for i, ch in enumerate(body)) % len(ALPHABET)]


def check_v2(body: str) -> str | None:
    """Version 2's two check characters: ``sum(i * value(c_i)) mod 4093`` over the body's characters c_1, c_2...,
    each valued by its place in the alphabet followed by ``.`` (0..64), written in base 64, most significant first.

    4093 is prime and larger than every weight (a body has fewer than 2000 characters) and every difference of two
    values (at most 64): changing one character changes the sum by weight x difference, swapping two changes it
    by (difference of weights) x (difference of values), neither a multiple of 4093. So every change of one
    character and every swap of two different ones is caught. A body holding any other character has no check
    (None: no code matches it)."""
    total = 0
    for weight, ch in enumerate(body, 1):
        value = _SYMBOL.get(ch)
        if value is None:
            return None
        total += weight * value
    total %= CHECK_MODULUS
    return ALPHABET[total // len(ALPHABET)] + ALPHABET[total % len(ALPHABET)]


CHECKS: dict[str, Callable[[str], str | None]] = {"1": check_v1, "2": check_v2}  # each version read, its check


def encode(state: GameState) -> str:
    width = _digits(state.board)
    moves = "".join(
        "".join(ALPHABET[line // len(ALPHABET) ** k % len(ALPHABET)] for k in reversed(range(width)))
        for line in state.moves
    )
    body = ".".join((CODE_VERSION, board_token(state.board), rules_token(state.rules), str(state.first), moves))
    check = check_v2(body)
    assert check is not None  # (an encoded body holds only alphabet characters and dots)
    return f"{body}.{check}"


def code_game(code: str) -> str:
    """The game a position code holds, the same in every code version: its board, rules, first player and moves,
    without the version and the check characters (``2.s3x3.2m.0.AbQx.Cq`` -> ``s3x3.2m.0.AbQx``). Text that is not
    a code of a version this game reads is returned as it is."""
    fields = code.strip().split(".")
    return ".".join(fields[1:5]) if len(fields) == 6 and fields[0] in CHECKS else code


def decode(code: str) -> GameState:
    """Rebuild a game from its code, validating everything; raises :class:`CodeError` with the reason."""
    if not isinstance(code, str):
        raise CodeError("a position code is text", "not-text")
    code = code.strip()
    if len(code) > MAX_CODE:
        raise CodeError("code is too long to be a position code", "too-long")
    fields = code.split(".")
    if len(fields) != 6:
        raise CodeError(f"expected 6 fields separated by '.', found {len(fields)}", "incomplete")
    version, board_text, rules_text, first_text, moves, check = fields
    if version not in CHECKS:
        versions = " and ".join(CHECKS)
        message = f"code version {shorten(version)!r} is not supported (this game reads versions {versions})"
        raise CodeError(message, "version")
    expected = CHECKS[version](code[: code.rfind(".")])
    if expected is None or check != expected:
        raise CodeError("check character does not match: the code was mistyped or cut short", "check")
    board = parse_board_token(board_text)
    rules = parse_rules_token(rules_text)
    if not re.fullmatch("[0-3]", first_text) or int(first_text) >= rules.players:
        raise CodeError(f"first player {shorten(first_text)!r} is not 0..{rules.players - 1}", "first")
    width = _digits(board)
    if len(moves) % width or any(ch not in _INDEX for ch in moves):
        raise CodeError("move list is damaged")
    try:
        state = GameState(board, rules, int(first_text))
        for i in range(0, len(moves), width):
            line = 0
            for ch in moves[i : i + width]:
                line = line * len(ALPHABET) + _INDEX[ch]
            state.play(line)
    except IllegalMove as exc:
        raise CodeError(f"move {i // width + 1} is illegal: {exc}") from None
    except RulesError as exc:
        raise CodeError(str(exc)) from None
    return state
