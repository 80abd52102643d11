"""The game's choices as Settings shows them, for the scenes that show or pick a game: the Rules page's rows, and
a game told in a few words (its board, its rules row by row)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import TIMER_CHOICES
from ...play.i18n import tr
from ...play.i18n.phrases import MOST_CELLS, START_NAMES, cell_words, describe_board, tie_note
from ...play.settings import Settings
from ..widgets import Choice


def game_summary(settings: Settings) -> str:
    """The board, and whether undo and hints are on where a timer or a match could make one wonder."""
    board = settings.board()
    summary = f"{describe_board(board)} · {tie_note(board, len(settings.seats))}"
    if settings.no_help:
        summary += tr(" · competitive: no undo or hints")
    elif settings.timer or settings.match:
        summary += tr(" · casual: undo and hints on")
    return summary


def rules_rows(settings: Settings, change: Callable[..., Any]) -> list[Choice]:
    """The Rules page's rows for ``settings``; a row's change calls ``change`` with the field changed."""

    return [
        Choice(
            tr("Winner"),
            [(False, cell_words(MOST_CELLS, settings.board())), (True, tr("Fewest (misère)"))],
            settings.misere,
            lambda v: change(misere=v),
        ),
        Choice(
            tr("Start"),
            [(start, tr(name)) for start, name in START_NAMES.items()],
            settings.start,
            lambda v: change(start=v),
        ),
        Choice(
            tr("Captures"),
            [(False, tr("Optional")), (True, tr("Compulsory"))],
            settings.must_capture,
            lambda v: change(must_capture=v),
        ),
        Choice(
            tr("Extra move"),
            [(False, tr("Yes")), (True, tr("No (house rule)"))],
            settings.no_extra,
            lambda v: change(no_extra=v),
        ),
        Choice(
            tr("Move timer"),
            [(t, f"{t} s" if t else tr("Off")) for t in TIMER_CHOICES],
            settings.timer,
            lambda v: change(timer=v),
        ),
        Choice(
            tr("Competitive"),
            [(False, tr("Off")), (True, tr("No undo or hints"))],
            settings.competitive,
            lambda v: change(competitive=v),
        ),
    ]


def rules_words(settings: Settings) -> list[str]:
    """The rules of ``settings`` row by row, each its label and its value ("Winner: Most boxes")."""
    rows = rules_rows(settings, lambda **_: None)
    return [tr("{label}: {value}").format(label=row.label, value=row.options[row.index][1]) for row in rows]
