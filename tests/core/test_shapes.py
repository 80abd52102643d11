"""The board-shape table: one source for names, code letters, size ranges and words, used by every reader."""

from __future__ import annotations

import pytest

from game.core import Board, BoardError, CodeError, GameState, decode, encode
from game.core.notation import board_token, parse_board_token
from game.core.shapes import BY_LETTER, SHAPES, shape_named, shape_of
from game.engine import Engine, EngineError, parse_new
from game.play.settings import Settings


def every_legal_size(shape):
    if shape.arity == 1:
        return [(n,) for n in shape.sizes]
    return [(a, b) for a in shape.sizes for b in (shape.sizes.start, shape.sizes.stop - 1)]


def test_letters_and_names_are_unique_and_offered_sizes_are_legal() -> None:
    assert len(BY_LETTER) == len(SHAPES)
    for shape in SHAPES.values():
        assert shape.offered.start >= shape.sizes.start and shape.offered.stop <= shape.sizes.stop
        assert shape.is_offered(shape.default)
        assert len(shape.dimensions) == shape.arity


def test_the_rules_sheet_sizes_are_offered() -> None:
    assert SHAPES["square"].is_offered((2, 2)) and SHAPES["square"].is_offered((10, 10))
    assert all(SHAPES["triangle"].is_offered((n,)) for n in (5, 6, 7))
    assert [Board.hexagon(n).num_cells for n in SHAPES["hex"].offered][:2] == [7, 19]


@pytest.mark.parametrize("shape", SHAPES.values(), ids=lambda s: s.name)
def test_every_legal_size_round_trips_through_its_code_token(shape) -> None:
    for size in every_legal_size(shape):
        board = Board.from_spec(shape.name, size)
        assert board.kind == shape.name and board.size == size
        assert shape_of(board) is shape
        token = board_token(board)
        assert token[0] == shape.letter
        assert parse_board_token(token) is board


@pytest.mark.parametrize("shape", SHAPES.values(), ids=lambda s: s.name)
def test_sizes_just_outside_the_range_are_refused_everywhere(shape) -> None:
    for bad in (shape.sizes.start - 1, shape.sizes.stop):
        size = (bad,) * shape.arity
        with pytest.raises(BoardError, match="out of range"):
            Board.from_spec(shape.name, size)
        with pytest.raises(CodeError, match="out of range|is not s<R>x<C>"):
            parse_board_token(shape.token(size))
        reply = Engine().handle(f"new {shape.name} {' '.join(map(str, size))}")
        assert len(reply) == 1 and reply[0].startswith("error: ") and "out of range" in reply[0]
        assert Settings(shape=shape.name, size=size).problems()


def test_engine_new_builds_every_shape_from_the_table() -> None:
    engine = Engine()
    for shape in SHAPES.values():
        words = [shape.name, *map(str, shape.default)]
        state = parse_new(words)
        assert state.board is Board.from_spec(shape.name, shape.default)
        assert engine.handle(f"new {' '.join(words)}")[-1] == "ok"


def test_unknown_shapes_and_letters_say_what_is_known() -> None:
    with pytest.raises(BoardError, match="square, triangle, hex"):
        shape_named("octagon")
    with pytest.raises(CodeError, match=r"is not s<R>x<C>, t<S> or h<S>"):
        parse_board_token("o3")
    with pytest.raises(EngineError, match="usage: new square R C | new triangle S | new hex S"):
        parse_new(["octagon", "3"])


def test_words_come_from_the_table_in_english_and_french() -> None:
    from game.play.i18n import FRENCH

    assert shape_of(Board.square(2, 5)).short_name(Board.square(2, 5)) == "2x5 boxes"
    assert SHAPES["hex"].option_name(2) == "19 cells · 54 dots"
    assert SHAPES["triangle"].option_name(6) == "Medium (the usual) · 6 dots a side · 25 triangles"
    assert SHAPES["triangle"].option_name(4) == "4 dots a side · 9 triangles"
    assert Board.triangle(6).describe() == "triangle, 6 dots a side (25 triangles)"
    for shape in SHAPES.values():
        words = (shape.words, shape.short, shape.option)
        for text in (*words, shape.label, *shape.dimensions):
            assert text in FRENCH, text
        french = shape.describe(Board.from_spec(shape.name, shape.default), lambda text: FRENCH[text])
        assert "{" not in french and french != shape.describe(Board.from_spec(shape.name, shape.default))


def test_a_code_on_every_shape_decodes_to_the_same_board() -> None:
    for shape in SHAPES.values():
        state = GameState(Board.from_spec(shape.name, shape.default))
        state.play(0)
        assert decode(encode(state)).board is state.board


@pytest.mark.parametrize(
    ("shape", "size", "decider"),
    [
        ("square", (3, 3), (3, 3)),  # 9 boxes: odd already
        ("square", (4, 4), (3, 3)),  # the rules sheet's example; 3x5 and 5x5 are as near but have more boxes
        ("square", (4, 5), (3, 5)),  # one step (5x5 is one step too, with more boxes)
        ("square", (2, 2), (3, 3)),  # nothing odd below the smallest offered size: up to 3x3
        ("square", (2, 4), (3, 3)),
        ("square", (12, 12), (11, 11)),  # nothing above the largest
        ("square", (6, 12), (5, 11)),
        ("triangle", (4,), (4,)),  # 9 triangles
        ("triangle", (5,), (4,)),  # 16: side 4 (9) and side 6 (25) are one step away, 4 has fewer
        ("triangle", (9,), (8,)),  # 64: side 8 has 49
        ("hex", (2,), (2,)),  # every hexagon board has an odd number of cells
    ],
)
def test_a_tie_is_decided_on_the_nearest_offered_board_with_an_odd_number_of_cells(
    shape: str, size: tuple[int, ...], decider: tuple[int, ...]
) -> None:
    assert SHAPES[shape].decider_size(size) == decider


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("octagon", "unknown board shape 'octagon' (square, triangle, hex)"),
        ("o" * 50, f"unknown board shape '{'o' * 40}' (square, triangle, hex)"),  # at most 40 characters quoted
        (["square"], "unknown board shape \"['square']\" (square, triangle, hex)"),  # from a damaged save
        (None, "unknown board shape 'None' (square, triangle, hex)"),
    ],
)
def test_an_unknown_shape_is_quoted_in_the_message(name: object, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        shape_named(name)  # type: ignore[arg-type]
    assert str(caught.value) == message


@pytest.mark.parametrize(("token", "quoted"), [(None, "'None'"), (3, "'3'"), (["s3x3"], "\"['s3x3']\"")])
def test_a_board_token_that_is_not_text_is_refused_with_a_reason(token: object, quoted: str) -> None:
    with pytest.raises(CodeError) as caught:
        parse_board_token(token)  # type: ignore[arg-type]
    assert str(caught.value) == f"board {quoted} is not s<R>x<C>, t<S> or h<S>"


def test_sheet_004s_triangle_boards_are_named_small_medium_and_large() -> None:
    triangle = SHAPES["triangle"]
    names = [triangle.option_name(n).split(" · ")[0] for n in (5, 6, 7)]
    assert names == ["Small", "Medium (the usual)", "Large"]
    assert [triangle.cells(n) for n in (5, 6, 7)] == [16, 25, 36]
