"""Line names and position codes: round trips, and bad input refused with a reason."""

from __future__ import annotations

import pytest

from game.core import (
    Board,
    CodeError,
    GameState,
    NotationError,
    Rules,
    code_game,
    decode,
    encode,
    line_name,
    parse_line,
)
from game.core.notation import ALPHABET, CHECKS, check_v1, parse_rules_token, rules_token

BOARDS = [Board.square(1), Board.square(3), Board.square(2, 5), Board.square(12), Board.triangle(6), Board.hexagon(2)]


@pytest.mark.parametrize("board", BOARDS, ids=repr)
def test_every_line_name_reads_back_as_its_line(board: Board) -> None:
    for line in range(board.num_lines):
        assert parse_line(board, line_name(board, line)) == line
        assert parse_line(board, str(line)) == line


def test_square_line_names() -> None:
    board = Board.square(2, 3)  # 3 x 4 dots: 9 horizontal lines, then 8 vertical ones
    assert [line_name(board, i) for i in (0, 2, 3, 8)] == ["h 0 0", "h 0 2", "h 1 0", "h 2 2"]
    assert [line_name(board, i) for i in (9, 12, 13, 16)] == ["v 0 0", "v 0 3", "v 1 0", "v 1 3"]
    assert parse_line(board, "  v   1 0 ") == 13


def test_other_shapes_name_lines_by_id() -> None:
    board = Board.triangle(5)
    assert line_name(board, 17) == "17"
    with pytest.raises(NotationError, match="only square boards"):
        parse_line(board, "h 0 0")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("24", "line 24 does not exist"),
        ("h 4 0", "off the board"),
        ("h 0 3", "off the board"),
        ("v 3 0", "off the board"),
        ("v 0 4", "off the board"),
        ("d 0 0", "cannot read"),
        ("h 0", "cannot read"),
        ("h 0 0 0", "cannot read"),
        ("", "cannot read"),
        ("-1", "cannot read"),
        ("²", "cannot read"),
        ("h ٣ 0", "cannot read"),
        ("9" * 5000, "cannot read '9999"),
        ("h 0 " + "9" * 5000, "cannot read"),
    ],
)
def test_bad_line_names_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason) as caught:
        parse_line(Board.square(3), text)
    assert len(str(caught.value)) < 200


def random_game(board: Board, rules: Rules, moves: int, seed: int, first: int = 0) -> GameState:
    import random

    state, rng = GameState(board, rules, first), random.Random(seed)
    for _ in range(moves):
        state.play_random(rng)
    return state


def same_game(a: GameState, b: GameState) -> bool:
    return (a.board, a.rules, a.first, a.snapshot()) == (b.board, b.rules, b.first, b.snapshot())


@pytest.mark.parametrize(
    ("board", "rules", "moves"),
    [
        (Board.square(3), Rules(), 0),
        (Board.square(3), Rules(), 24),
        (Board.square(2, 5), Rules(players=3, misere=True), 10),
        (Board.square(12), Rules(start="swedish", no_extra=True), 150),
        (Board.square(5), Rules(players=4, start="icelandic"), 30),
        (Board.triangle(6), Rules(misere=True, no_extra=True, start="icelandic"), 20),
        (Board.hexagon(3), Rules(players=2, start="swedish"), 40),
        (Board.square(4), Rules(must_capture=True), 30),
        (Board.triangle(5), Rules(players=3, misere=True, no_extra=True, must_capture=True, start="swedish"), 15),
    ],
    ids=str,
)
def test_codes_round_trip(board: Board, rules: Rules, moves: int) -> None:
    state = random_game(board, rules, moves, seed=moves, first=rules.players - 1)
    code = encode(state)
    assert same_game(decode(code), state)
    assert encode(decode(code)) == code
    assert decode(f"  {code}\n").moves == state.moves


def test_captures_compulsory_is_the_c_flag_after_m_and_n() -> None:
    assert rules_token(Rules(misere=True, no_extra=True, must_capture=True, start="swedish")) == "2mncs"
    assert parse_rules_token("2c") == Rules(must_capture=True)
    assert parse_rules_token("3nci") == Rules(players=3, no_extra=True, must_capture=True, start="icelandic")
    with pytest.raises(CodeError):
        parse_rules_token("2cm")  # out of order


def test_code_layout() -> None:
    state = GameState(Board.square(3), Rules(misere=True, start="swedish"), first=1)
    for line in (13, 3, 22):  # inner lines (the border is pre-drawn): N D W
        state.play(line)
    code = encode(state)
    assert code.startswith("2.s3x3.2ms.1.NDW.")
    assert len(code) == len("2.s3x3.2ms.1.NDW.") + 2
    big = GameState(Board.square(12))
    big.play(311)
    assert encode(big).split(".")[4] == "E3"  # two characters a move: 311 = 4 * 64 + 55
    assert all(ch.isalnum() or ch in "-_." for ch in encode(random_game(Board.hexagon(3), Rules(), 100, 1)))


def with_check(body: str) -> str:
    return f"{body}.{CHECKS[body.split('.')[0]](body) or ''}"


GOOD = encode(random_game(Board.square(3), Rules(), 5, seed=3))


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        (GOOD[:-4], "expected 6 fields separated by '.', found 5"),
        (GOOD[: GOOD.rfind(".")], "expected 6 fields separated by '.', found 5"),
        (
            GOOD[:-1] + ("A" if GOOD[-1] != "A" else "B"),
            "check character does not match: the code was mistyped or cut short",
        ),
        ("3" + GOOD[1:], "code version '3' is not supported (this game reads versions 1 and 2)"),
        ("", "expected 6 fields separated by '.', found 1"),
        ("." * 10, "expected 6 fields separated by '.', found 11"),
        (GOOD + "x" * 2000, "code is too long to be a position code"),
        (with_check("2.s3x3.2.0.AA"), "move 2 is illegal: line 0 is already drawn"),
        (with_check("2.s3x3.2.0.Z"), "move 1 is illegal: no line 25 on 3x3 boxes (4x4 dots)"),
        (with_check("2.s1x1.2s.0."), "a swedish start would close a cell on 1x1 boxes (2x2 dots)"),
        (with_check("2.s13x3.2.0."), "square rows 13 is out of range 1..12"),
        (with_check("2.t10.2.0."), "triangle size 10 is out of range 3..9"),
        (with_check("2.h4.2.0."), "hex size 4 is out of range 1..3"),
        (with_check("2.s0x3.2.0."), "board 's0x3' is not s<R>x<C>, t<S> or h<S>"),
        (with_check("1.s٣x٣.2.0."), "board 's٣x٣' is not s<R>x<C>, t<S> or h<S>"),
        (with_check("2.q3.2.0."), "board 'q3' is not s<R>x<C>, t<S> or h<S>"),
        (with_check("2.s3x3.5.0."), "rules '5' are not <players 2-4> followed by flags m, n, c, then s or i"),
        (with_check("2.s3x3.2sm.0."), "rules '2sm' are not <players 2-4> followed by flags m, n, c, then s or i"),
        (with_check("2.s3x3.2.2."), "first player '2' is not 0..1"),
        (with_check("1.s3x3.3.²."), "first player '²' is not 0..2"),
        (with_check("2.s3x3.2.00."), "first player '00' is not 0..1"),
        (with_check("2.s12x12.2.0.ABC"), "move list is damaged"),
        (with_check("1.s3x3.2.0.A+"), "move list is damaged"),
    ],
)
def test_bad_codes_are_refused_with_the_exact_reason(code: str, reason: str) -> None:
    with pytest.raises(CodeError) as caught:
        decode(code)
    assert str(caught.value) == reason


@pytest.mark.parametrize("value", [None, 17, b"1.s3x3.2.0..A", ["1"]])
def test_a_code_that_is_not_text_is_refused(value: object) -> None:
    with pytest.raises(CodeError) as caught:
        decode(value)  # type: ignore[arg-type]
    assert str(caught.value) == "a position code is text"


def test_a_finished_game_round_trips_and_more_moves_are_refused() -> None:
    state = random_game(Board.square(2), Rules(), 12, seed=7)
    assert state.over
    assert same_game(decode(encode(state)), state)
    body = encode(state).rsplit(".", 1)[0]
    with pytest.raises(CodeError, match="move 13 is illegal"):
        decode(with_check(body + "A"))


def test_messages_quote_bad_input_whole_up_to_40_characters_and_name_the_last_line() -> None:
    board = Board.square(3)  # 24 lines: 0..23
    with pytest.raises(NotationError) as caught:
        parse_line(board, "24")
    assert str(caught.value) == "line 24 does not exist: this board has lines 0..23"
    forty, forty_one = "x" * 40, "x" * 41
    with pytest.raises(NotationError) as caught:
        parse_line(board, forty)
    assert repr(forty) in str(caught.value)
    with pytest.raises(NotationError) as caught:
        parse_line(board, forty_one)
    assert repr(forty + "...") in str(caught.value)


def test_line_ids_of_up_to_30_digits_are_read_and_longer_ones_are_not() -> None:
    board = Board.square(3)
    assert parse_line(board, "0" * 29 + "7") == 7
    with pytest.raises(NotationError, match="cannot read"):
        parse_line(board, "0" * 30 + "7")


def test_codes_up_to_2000_characters_are_read_and_longer_ones_refused_unread() -> None:
    with pytest.raises(CodeError) as caught:
        decode("1" + "." * 1999)
    assert "too long" not in str(caught.value)
    with pytest.raises(CodeError) as caught:
        decode("1" + "." * 2000)
    assert str(caught.value) == "code is too long to be a position code"


# -- the check: every single change and every swap of neighbours is caught ---------------------------------------
TYPO_SAMPLES = [
    random_game(Board.square(3), Rules(), 5, seed=3),
    random_game(Board.square(2, 5), Rules(misere=True, no_extra=True), 17, seed=4, first=1),
    random_game(Board.square(12), Rules(players=3, start="swedish"), 40, seed=5, first=2),
    random_game(Board.triangle(6), Rules(players=4), 45, seed=6),  # finished
    random_game(Board.hexagon(3), Rules(), 132, seed=7),  # two characters a move, over 250 characters
    GameState(Board.square(1)),  # no moves: the shortest code
]
# every character a code holds, and some it never does (whitespace, punctuation, a letter with an accent, NUL)
TYPED = sorted(set(ALPHABET + ".") | set(" \t+=#/éÉ\x00"))


def test_the_sample_codes_are_new_codes_of_every_kind() -> None:
    codes = [encode(state) for state in TYPO_SAMPLES]
    assert all(code.startswith("2.") and len(code.rsplit(".", 1)[1]) == 2 for code in codes)
    assert max(len(code) for code in codes) > 250 and len(codes[-1]) < 20


@pytest.mark.slow
@pytest.mark.parametrize("state", TYPO_SAMPLES, ids=lambda s: encode(s)[:20])
def test_every_change_of_one_character_is_refused(state: GameState) -> None:
    """Exhaustive over the code: each position, each other character (a case flip at an even position, any change
    at position 64, all passed version 1's check)."""
    code = encode(state)
    tried = 0
    for at, old in enumerate(code):
        for new in TYPED:
            if new == old:
                continue
            with pytest.raises(CodeError):
                decode(code[:at] + new + code[at + 1 :])
            tried += 1
    assert tried == len(code) * (len(TYPED) - 1)


@pytest.mark.parametrize("state", TYPO_SAMPLES, ids=lambda s: encode(s)[:20])
def test_every_swap_of_two_neighbours_is_refused(state: GameState) -> None:
    code = encode(state)
    swaps = [at for at in range(len(code) - 1) if code[at] != code[at + 1]]
    assert swaps
    for at in swaps:
        with pytest.raises(CodeError):
            decode(code[:at] + code[at + 1] + code[at] + code[at + 2 :])


def test_version_1_codes_are_still_read() -> None:
    assert decode("1.s2x2.2.0.AHG.S").moves == [0, 7, 6]  # the example of docs/position-code.md before version 2
    for state in TYPO_SAMPLES:
        body = "1" + encode(state).rsplit(".", 1)[0][1:]
        assert same_game(decode(f"{body}.{check_v1(body)}"), state)


def test_a_code_s_game_is_the_same_in_both_versions_and_differs_between_games() -> None:
    assert code_game("2.s3x3.2m.0.AbQx.Cq") == "s3x3.2m.0.AbQx"
    games = set()
    for state in TYPO_SAMPLES:
        code = encode(state)
        body = "1" + code.rsplit(".", 1)[0][1:]
        assert code_game(f"{body}.{check_v1(body)}") == code_game(code) == code_game(f"  {code} ")
        games.add(code_game(code))
    assert len(games) == len({encode(state) for state in TYPO_SAMPLES})
    for text in ("", "not a code", "9.s2x2.2.0.AHG.S", "s2x2.2.0.AHG"):  # not a code of a version read: as it is
        assert code_game(text) == text


def test_version_1s_check_missed_a_case_flip_that_version_2_catches() -> None:
    """Why the check changed: a case flip at an even position leaves version 1's check as it was."""
    body = "1.s3x3.2.0.AbQ"
    flipped = body[:13] + "q"  # the 14th character: its weight, 14, times the flip's 32 is a multiple of 64
    assert check_v1(flipped) == check_v1(body)
    new = "2" + body[1:]
    assert CHECKS["2"](new[:13] + "q") != CHECKS["2"](new)
