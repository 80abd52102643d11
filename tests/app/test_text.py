"""Text is laid out glyph by glyph: the bundled font's bad kerning pairs never open gaps inside a word."""

from __future__ import annotations

import pygame

from game.app.theme import FONT_SIZES, TEXT_CACHE_BYTES, Text


def ink_columns(image: pygame.Surface) -> list[bool]:
    w, h = image.get_size()
    return [any(image.get_at((x, y)).a > 40 for y in range(h)) for x in range(w)]


def widest_inner_gap(image: pygame.Surface) -> int:
    columns = ink_columns(image)
    first = columns.index(True)
    last = len(columns) - 1 - columns[::-1].index(True)
    widest = run = 0
    for inked in columns[first : last + 1]:
        run = 0 if inked else run + 1
        widest = max(widest, run)
    return widest


def test_the_title_has_no_gap_between_its_two_ts(make_driver) -> None:
    make_driver()
    text = Text()
    size = 80
    image = text.render("Pipopipette", size)
    # SDL_ttf alone kerns "tt" several pixels apart; glyph-by-glyph layout keeps each glyph's own advance.
    assert text.font(size).size("tt")[0] > 2 * text.advance("t", size)
    assert widest_inner_gap(text.render("tt", size)) <= widest_inner_gap(text.render("pi", size)) + 1
    assert image.get_width() <= text.width("Pipopipette", size) + 2


def test_fit_and_wrap_measure_what_render_draws(make_driver) -> None:
    make_driver()
    text = Text()
    assert text.render("Quick play", 30).get_width() <= text.width("Quick play", 30) + 2
    size = text.fit("Quick play", 60, 100)
    assert text.width("Quick play", size) <= 100
    lines = text.wrap("one two three four five six", 24, 120)
    assert len(lines) > 1 and all(text.width(line, 24) <= 120 for line in lines)


def test_fonts_are_kept_for_the_most_recent_sizes_only():
    pygame.font.init()
    text = Text()
    for size in range(10, 10 + FONT_SIZES + 20):
        assert text.width("Pipopipette", size) > 0
    assert len(text._fonts) == FONT_SIZES
    assert 10 not in text._fonts and all(key[1] >= 30 for key in text._advances), "old sizes forgotten"
    text.font(40)
    text.font(200)
    assert 40 in text._fonts, "a size used again is kept"
    assert text.width("Pipopipette", 10) == Text().width("Pipopipette", 10), "a forgotten size measures the same"


def test_the_rendered_text_cache_stays_under_its_byte_budget():
    pygame.font.init()
    text = Text()
    for number in range(400):
        text.render(f"A long line of text to draw number {number}", 90)
        assert text._cache_bytes <= TEXT_CACHE_BYTES + 300_000
    assert 0 < len(text._cache) < 400


TITLE = "5x5 boxes (6x6 dots) · misère · no extra move · captures compulsory"


def test_a_text_of_parts_breaks_between_its_parts(make_driver) -> None:
    make_driver()
    text = Text()
    width = text.width("5x5 boxes (6x6 dots) · misère ·", 24) + 4
    lines = text.wrap(TITLE, 24, width)
    assert lines == ["5x5 boxes (6x6 dots) · misère ·", "no extra move ·", "captures compulsory"]
    assert text.wrap("one two three", 24, 10_000) == ["one two three"]


def test_fit_lines_shrinks_then_cuts_the_last_line_with_an_ellipsis(make_driver) -> None:
    make_driver()
    text = Text()
    text.least = 14
    wide = text.width(TITLE, 24)
    lines, size = text.fit_lines(TITLE, 24, wide, 1)
    assert (lines, size) == ([TITLE], 24)
    lines, size = text.fit_lines(TITLE, 24, wide * 2 // 3, 2)
    assert len(lines) == 2 and " ".join(lines).replace("· ", "") == TITLE.replace("· ", "")
    lines, size = text.fit_lines(TITLE, 24, wide // 4, 2)
    assert size == 14 and len(lines) == 2 and lines[-1].endswith("…")
    assert all(text.width(line, size) <= wide // 4 for line in lines)


def test_fitted_never_draws_wider_than_its_room(make_driver) -> None:
    make_driver()
    text = Text()
    text.least = 14
    for width in (30, 80, 200, 2000):
        shown, size = text.fitted(TITLE, 24, width)
        assert text.width(shown, size) <= width
        assert shown == TITLE or shown.endswith("…")
