"""Whole numbers from outside the game (`game/core/numbers.py`): ASCII digits 0-9 only, in a range the caller names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.numbers import MOST_DIGITS, whole_number

# Text Python's isdigit() or int() takes that is not a number written in 0-9: superscripts (isdigit() true, int()
# raises), Arabic-Indic, extended Arabic-Indic, full-width, Bengali and Devanagari digits (int() reads them).
OTHER_DIGITS = ["²", "٣٤٧٨", "۳۴۷۸", "３４７８", "৩৪৭৮", "३४७८", "3²", "1٣"]


@pytest.mark.parametrize("text", OTHER_DIGITS)
def test_other_scripts_digits_are_not_numbers(text):
    assert text.isdigit() and whole_number(text) is None


@pytest.mark.parametrize("text", ["", " 3", "3 ", "3\n", "+3", "-3", "3.0", "1_000", "0x10", "1e3", None, 3, b"3"])
def test_signs_spaces_separators_and_non_text_are_not_numbers(text):
    assert whole_number(text) is None


def test_a_number_is_read_within_its_range_and_refused_outside():
    assert whole_number("0") == 0 and whole_number("007") == 7 and whole_number("65535", 1, 65535) == 65535
    assert whole_number("0", 1, 65535) is None and whole_number("65536", 1, 65535) is None
    assert whole_number("9" * MOST_DIGITS) == int("9" * MOST_DIGITS)
    assert whole_number("9" * (MOST_DIGITS + 1)) is None and whole_number("1" * 5000) is None


@given(st.text(max_size=40))
def test_any_text_reads_as_its_ascii_digits_or_not_at_all(text):
    value = whole_number(text)
    ascii_digits = 0 < len(text) <= MOST_DIGITS and all(ch in "0123456789" for ch in text)
    assert (value is not None) == ascii_digits
    if ascii_digits:
        assert value == int(text)
