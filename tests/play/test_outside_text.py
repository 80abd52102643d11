"""The gate for text from outside (game/play/text.py): what it removes, marks, composes and bounds, and that any
text at all comes out safe (hypothesis), with link parsing fed the same text. No pygame."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import GameState, encode
from game.core.board import Board
from game.play.links import LinkError, parse_link
from game.play.text import (
    DRAWN_LENGTH,
    LINK_LENGTH,
    MARK,
    NAME_LENGTH,
    clean,
    clean_name,
    displayable,
    repair_surrogates,
    shown_path,
)

# every code point, lone surrogates included (hypothesis leaves them out of text() unless asked)
ANY_CHAR = st.characters(codec=None, categories=None)
ANY_TEXT = st.text(ANY_CHAR, max_size=200)
EXAMPLES = {"gate": 1000, "links": 500}
NOT_KEPT = {"Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn"}  # no character of these categories comes out, except MARK


# -- the defects of issue 23, class 1: each character that stopped the game --------------------------------------
@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("Lé\u200ba", "Léa"),  # a zero-width space
        ("Lé\u00ada", "Léa"),  # a soft hyphen
        ("\u202eaéL", "aéL"),  # right-to-left override
        ("L\x00éa", "Léa"),  # NUL
        ("L\ud800éa", f"L{MARK}éa"),  # a lone surrogate
        ("Le\u0301a", "Léa"),  # e and a combining acute: the one é
        ("L\ue000a", f"L{MARK}a"),  # private use: no font has it
        ("L\u2028é\na", "L é a"),  # line breaks on one line
        ("\ud83d\ude00", "\U0001f600"),  # a surrogate pair (as JavaScript hands it over) is its character
    ],
)
def test_the_gate_removes_invisible_characters_and_marks_what_cannot_be_shown(raw: str, kept: str) -> None:
    assert clean(raw, 50) == kept


def test_lengths_are_bounded_and_lines_kept_only_when_asked() -> None:
    assert len(clean("x" * 1_000_000, NAME_LENGTH)) == NAME_LENGTH
    assert len(clean("\u200b" * 1_000_000 + "abc", 10)) == 0, "a huge paste is not read whole"
    assert clean("one\ntwo\r\nthree", 50, lines=True) == "one\ntwo\n\nthree"
    assert clean_name("  \u200bLéa\u00ad   Martin\x00 ") == "Léa Martin"
    assert clean(None, 10) == "" and clean(12, 10) == "12"
    assert shown_path("/home/l\u200béa/\udcff.local") == f"/home/léa/{MARK}.local"


def test_the_renderers_pass_marks_what_a_font_cannot_place_and_cuts_very_long_text() -> None:
    assert displayable("Léa") == "Léa"
    assert displayable("a\u200bb\x00c\ud800d\u202e") == f"a{MARK}b{MARK}c{MARK}d{MARK}"
    assert displayable("a\tb\nc") == "a b c"
    assert len(displayable("y" * 10**6)) == DRAWN_LENGTH


def test_a_link_copied_from_a_chat_opens_once_through_the_gate() -> None:
    state = GameState(Board.square(3))
    for line in (0, 7, 6):
        state.play(line)
    code = encode(state)
    chatty = f"\u200bhttps://example.org/#{code[:5]}\u00ad{code[5:]}\u200b"
    with pytest.raises(LinkError):
        parse_link(chatty)
    assert parse_link(clean(chatty, LINK_LENGTH)).state.moves == [0, 7, 6]


# -- any text -----------------------------------------------------------------------------------------------------
@pytest.mark.slow
@settings(max_examples=EXAMPLES["gate"], deadline=None)
@given(text=ANY_TEXT, limit=st.integers(1, 300), lines=st.booleans())
def test_any_text_comes_out_of_the_gate_safe(text: str, limit: int, lines: bool) -> None:
    out = clean(text, limit, lines=lines)
    assert len(out) <= limit
    out.encode("utf-8")  # no lone surrogate: every file and font takes it
    assert all(ch == MARK or unicodedata.category(ch) not in NOT_KEPT for ch in out if ch != "\n")
    assert lines or "\n" not in out
    assert clean(out, limit, lines=lines) == out, "cleaning twice changes nothing"
    assert unicodedata.is_normalized("NFC", repair_surrogates(out))
    shown = displayable(text)
    assert len(shown) <= DRAWN_LENGTH
    assert all(ch.isprintable() or ch.isspace() or unicodedata.category(ch) in ("Co", "Cn") for ch in shown)


@pytest.mark.slow
@settings(max_examples=EXAMPLES["links"], deadline=None)
@given(text=ANY_TEXT, cut=st.integers(0, 40), insert=st.text(ANY_CHAR, max_size=3))
def test_link_parsing_refuses_any_text_with_a_reason_and_nothing_else(text: str, cut: int, insert: str) -> None:
    """Arbitrary text, and a real link with arbitrary characters slipped in: parse_link either reads it or raises
    LinkError (a message for the player), raw or through the gate."""
    code = encode(GameState(Board.square(2)))
    for candidate in (text, f"https://example.org/#{code[:cut]}{insert}{code[cut:]}", "#f." + text):
        for given_text in (candidate, clean(candidate, LINK_LENGTH)):
            try:
                parse_link(given_text)
            except LinkError as error:
                assert str(error)
