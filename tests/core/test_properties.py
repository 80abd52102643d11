"""Properties of random games on every shape and every combination of rule switches (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.core import Board, GameState, Rules, decode, encode, predrawn_lines

SPECS = [
    ("square", (1, 1)),
    ("square", (1, 3)),
    ("square", (2, 2)),
    ("square", (3, 3)),
    ("square", (2, 4)),
    ("square", (5, 5)),
    ("triangle", (3,)),
    ("triangle", (5,)),
    ("triangle", (6,)),
    ("hex", (1,)),
    ("hex", (2,)),
]


@st.composite
def games(draw: st.DrawFn) -> tuple[GameState, random.Random]:
    """A fresh game on any board with any valid rules and first player, and a seeded RNG to play it."""
    board = Board.from_spec(*draw(st.sampled_from(SPECS)))
    start = draw(st.sampled_from(["normal", "swedish", "icelandic"]))
    if board.size == (1, 1):
        start = "icelandic" if start == "swedish" else start  # a Swedish 1x1 board would start closed
    players, misere, no_extra = draw(st.integers(2, 4)), draw(st.booleans()), draw(st.booleans())
    rules = Rules(players=players, misere=misere, no_extra=no_extra, start=start)
    first = draw(st.integers(0, rules.players - 1))
    return GameState(board, rules, first), random.Random(draw(st.integers(0, 2**32)))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(games())
def test_a_random_game_keeps_every_invariant(game: tuple[GameState, random.Random]) -> None:
    state, rng = game
    board, rules = state.board, state.rules
    predrawn = set(predrawn_lines(board, rules))
    snapshots = []
    while not state.over:
        snapshots.append(state.snapshot())
        mover = state.to_move
        result = state.play_random(rng)
        assert result.player == mover
        if state.over:
            assert result.next_player == -1 == state.to_move
        elif result.captured and not rules.no_extra:
            assert result.next_player == mover
        else:
            assert result.next_player == (mover + 1) % rules.players
        owned = [c for c in range(board.num_cells) if state.owner[c] >= 0]
        assert sum(state.scores) == len(owned)
        assert all(state.sides[c] == len(board.cells[c]) for c in owned)
    assert all(owner >= 0 for owner in state.owner)
    assert sum(state.scores) == board.num_cells
    assert len(state.moves) == len(set(state.moves)) == board.num_lines - len(predrawn)
    assert sorted([*state.moves, *predrawn]) == list(range(board.num_lines))
    # A second definition of the winners: nobody has a better score than theirs (fewer cells is better in misère).
    beats = (lambda a, b: a < b) if rules.misere else (lambda a, b: a > b)
    unbeaten = [p for p, mine in enumerate(state.scores) if not any(beats(other, mine) for other in state.scores)]
    assert state.winners() == unbeaten and unbeaten
    for expected in reversed(snapshots):
        state.undo()
        assert state.snapshot() == expected
    assert state.to_move == state.first and state.moves == []


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(games(), st.floats(0, 1))
def test_a_random_mid_game_position_round_trips_through_its_code(
    game: tuple[GameState, random.Random], fraction: float
) -> None:
    state, rng = game
    for _ in range(int(state.lines_left * fraction)):
        state.play_random(rng)
    loaded = decode(encode(state))
    assert (loaded.board, loaded.rules, loaded.first) == (state.board, state.rules, state.first)
    assert loaded.snapshot() == state.snapshot()
    assert loaded.last_turn() == state.last_turn()


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(games(), st.data())
def test_a_symmetric_game_captures_the_same_cells_at_the_same_moves(
    game: tuple[GameState, random.Random], data: st.DataObject
) -> None:
    state, rng = game
    assume(state.rules.start != "icelandic")  # the Icelandic start is not symmetric
    perm = data.draw(st.sampled_from(state.board.symmetries))
    image = GameState(state.board, state.rules, state.first)
    while not state.over:
        result = state.play_random(rng)
        mirrored = image.play(perm[result.line])
        assert len(mirrored.captured) == len(result.captured)
        assert mirrored.next_player == result.next_player
    assert image.scores == state.scores
