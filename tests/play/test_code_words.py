"""A link that cannot be opened is explained in the player's words, in English and in French, never in the parser's
(fields, check characters, versions)."""

from __future__ import annotations

import pytest

from game.core import Board, GameState, encode
from game.core.notation import CODE_PROBLEMS
from game.play import i18n
from game.play.code_words import LINK_PROBLEMS
from game.play.links import LinkError, parse_link

PARSER_WORDS = ("field", "separated", "check character", "found", "version 1", "'.'", "expected")


def a_code() -> str:
    state = GameState(Board.square(3, 3))
    for line in (0, 5, 9):
        state.play(line)
    return encode(state)


BROKEN = {
    "incomplete": lambda code: code.split(".")[0],
    "check": lambda code: code[:-1] + ("A" if code[-1] != "A" else "B"),
    "version": lambda code: "9" + code[code.index(".") :],
    "not-text": lambda code: "",
}


def test_every_kind_of_bad_code_has_words():
    assert set(LINK_PROBLEMS) == set(CODE_PROBLEMS)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("kind", ["incomplete", "check", "version"])
def test_a_bad_link_speaks_like_a_person_not_a_parser(kind, language):
    i18n.set_language(language)
    try:
        with pytest.raises(LinkError) as caught:
            parse_link("https://example.org/#" + BROKEN[kind](a_code()))
        message = str(caught.value)
        assert message == i18n.tr(LINK_PROBLEMS[kind])
        assert not any(word in message for word in PARSER_WORDS), message
        if language == "fr":
            assert message != LINK_PROBLEMS[kind], "said in French"
    finally:
        i18n.set_language("en")


def test_the_review_says_which_line_was_better_in_a_sentence():
    from game.ai.reasons import Judgement, Reason, Why
    from game.play.i18n.phrases import cost_text

    text = cost_text(2, Judgement(mistake=None, better=Reason(Why.SAFE)))
    assert text == "Gave away 2: the dotted line was better (safe line)"
    assert "better was" not in text
