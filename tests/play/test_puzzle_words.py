"""The puzzles in words: every theme titled and hinted in English and French, and a puzzle under another rule says
so in its goal and its answer (misère: the fewest boxes win)."""

from __future__ import annotations

import pytest

from game.play import i18n
from game.play.i18n import FRENCH
from game.play.puzzle_words import THEME_WORDS, goal_text, hint_text, right_text, theme_title
from game.puzzles import THEMES, load_puzzles

PUZZLES = load_puzzles()


def first_of(theme: str):
    return next(p for p in PUZZLES if p.theme == theme)


def test_the_words_table_has_every_theme_in_order_and_nothing_else():
    assert tuple(THEME_WORDS) == THEMES


@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_has_a_title_and_a_hint_in_english_and_french(theme):
    words = THEME_WORDS[theme]
    assert words.title and len(words.hint) > len(words.title)
    assert words.hint != THEME_WORDS[next(t for t in THEMES if t != theme)].hint
    for text in (words.title, words.hint):
        assert FRENCH.get(text), f"no French for {text!r}"
    puzzle = first_of(theme)
    english = theme_title(puzzle), hint_text(puzzle)
    i18n.set_language("fr")
    assert (theme_title(puzzle), hint_text(puzzle)) == (FRENCH[words.title], f"Indice : {FRENCH[words.hint]}")
    assert english == (words.title, f"Hint: {words.hint}")


def test_a_misere_puzzle_says_the_fewest_boxes_win_in_its_goal_and_its_answer():
    puzzle = next(p for p in PUZZLES if p.theme == "misere" and p.final_margin() > 0)
    margin = puzzle.final_margin()
    assert goal_text(puzzle) == f"Misère: the fewest boxes win. Find the one line that wins by {margin}."
    right = right_text(puzzle)
    assert right == f"Right! With best play this line wins by {margin}. Misère: the fewest boxes win."
    i18n.set_language("fr")
    assert goal_text(puzzle) == (f"Misère : le moins de cases gagne. Trouvez le seul trait qui gagne de {margin}.")


def test_a_no_extra_move_puzzle_says_its_rule_and_a_standard_one_says_none():
    assert goal_text(first_of("no-extra")).startswith("No extra move after a capture. Find the one line that ")
    standard = first_of("chains")
    assert goal_text(standard).startswith("Find the one line that ")
    assert right_text(standard).startswith("Right! With best play this line ")
